#!/usr/bin/env bash
# Extracts the UI's messages (src/app: tr, trc, trn, N_; see src/app/model/i18n.h; and the variants'
# titles and notes in src/core/variant_*.cpp: BLOOMLAB_UI_TEXT, core/variant.h) into
# po/bloomlab.pot and merges them into every po/<lang>.po (GNU gettext's xgettext and msgmerge,
# Debian package `gettext`). Run it after changing a marked text; then translate the new or
# changed entries (msgmerge marks a changed one fuzzy: the build refuses fuzzy entries).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LANGS=(ru uk zh)
# --pot-only FILE: only extract, into FILE (tests/i18n/check_catalogs.py compares it with the POT).
OUT=po/bloomlab.pot.new
if [ "${1:-}" = "--pot-only" ]; then OUT="$2"; fi
xgettext --from-code=UTF-8 --language=C++ --keyword= --keyword=tr --keyword=trc:1c,2 \
  --keyword=trn:1,2 --keyword=N_ --keyword=BLOOMLAB_UI_TEXT --keyword=BLOOMLAB_UI_TEXT_IN:1c,2 --add-comments=TRANSLATORS: --add-location=file --sort-by-file \
  --package-name=BloomLab --package-version=0.1.0 --msgid-bugs-address=https://github.com/bloomlab/bloomlab/issues \
  --copyright-holder="BloomLab authors" \
  -o "$OUT" $(ls src/app/*/*.cpp src/app/*/*.h src/core/variant_*.cpp | LC_ALL=C sort)
if [ "${1:-}" = "--pot-only" ]; then exit 0; fi
# The POT's creation date changes every run: keep the old file when nothing else did.
if [ -f po/bloomlab.pot ] && diff -q <(grep -v '^"POT-Creation-Date' po/bloomlab.pot) \
                                   <(grep -v '^"POT-Creation-Date' po/bloomlab.pot.new) >/dev/null; then
  rm po/bloomlab.pot.new
else
  mv po/bloomlab.pot.new po/bloomlab.pot
fi
for l in "${LANGS[@]}"; do
  msgmerge --quiet --update --backup=none --no-wrap --add-location=file "po/$l.po" po/bloomlab.pot
  # Texts no longer in the program leave the catalog (no #~ obsolete entries kept).
  msgattrib --no-obsolete --no-wrap -o "po/$l.po" "po/$l.po"
  msgfmt --statistics --check -o /dev/null "po/$l.po"
done
