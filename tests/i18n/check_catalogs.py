#!/usr/bin/env python3
"""The UI's catalogs are complete and current (issue 12). Fails when
  - po/bloomlab.pot is stale: the marked texts in src/app (xgettext, as scripts/update-po.sh runs
    it) are not exactly its messages;
  - a language lacks a message, has an untranslated, fuzzy or obsolete one, or one the POT no
    longer has (GNU gettext's msgcmp and msgattrib decide, not a parser of ours);
  - a translation's printf arguments differ from the English in count or kind, or its header is
    wrong (msgfmt --check --check-format --check-header);
  - the C++ plural rule (tests/i18n/plural_table) disagrees with the PO header's Plural-Forms, as
    Python's gettext evaluates it, for n = 0..1000.
usage: check_catalogs.py SOURCE_DIR PLURAL_TABLE_EXE"""
import ast
import gettext
import os
import re
import subprocess
import sys
import tempfile

LANGS = ["ru", "uk", "zh"]
src, table_exe = sys.argv[1], sys.argv[2]
po_dir = os.path.join(src, "po")
failures = []


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def empty_catalog(text):
    """True when a msgattrib output holds no message besides the header."""
    return len(re.findall(r'^msgid ', text, re.M)) <= 1


with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, "fresh.pot")
    r = run(["bash", os.path.join(src, "scripts", "update-po.sh"), "--pot-only", fresh], cwd=src)
    if r.returncode != 0:
        failures.append("xgettext failed: " + r.stderr)
    else:
        pot = os.path.join(po_dir, "bloomlab.pot")
        for a, b, what in ((pot, fresh, "a marked text is missing from po/bloomlab.pot"),
                           (fresh, pot, "po/bloomlab.pot has a text no longer in src/app")):
            r = run(["msgcmp", "--use-untranslated", a, b])
            if r.returncode != 0:
                failures.append(what + " (run scripts/update-po.sh):\n" + r.stderr)

for lang in LANGS:
    po = os.path.join(po_dir, lang + ".po")
    pot = os.path.join(po_dir, "bloomlab.pot")
    r = run(["msgfmt", "--check", "--check-format", "--check-header", "--statistics", "-o", os.devnull, po])
    if r.returncode != 0:
        failures.append(f"{lang}: msgfmt --check --check-format:\n{r.stderr}")
    print(f"{lang}: {r.stderr.strip()}")
    r = run(["msgcmp", po, pot])  # every message of the POT translated, not fuzzy
    if r.returncode != 0:
        failures.append(f"{lang}: messages missing or untranslated:\n{r.stderr}")
    r = run(["msgcmp", "--use-untranslated", pot, po])  # nothing the POT does not have
    if r.returncode != 0:
        failures.append(f"{lang}: stale messages the program no longer has:\n{r.stderr}")
    for flag, what in (("--only-fuzzy", "fuzzy"), ("--only-obsolete", "obsolete")):
        r = run(["msgattrib", flag, po])
        if not empty_catalog(r.stdout):
            failures.append(f"{lang}: {what} entries:\n{r.stdout[:2000]}")
    with open(po, encoding="utf-8") as f:
        header = re.search(r'"Plural-Forms: *nplurals=(\d+); *plural=([^;]+);', f.read())
    if not header:
        failures.append(f"{lang}: no Plural-Forms header")
        continue
    rule = gettext.c2py(header.group(2))
    mine = {}
    for line in run([table_exe, "1000"]).stdout.split("\n"):
        if line.startswith(lang + " "):
            _, n, index = line.split()
            mine[int(n)] = int(index)
    wrong = [n for n in range(1001) if mine.get(n) != rule(n)]
    if len(mine) != 1001 or wrong:
        failures.append(f"{lang}: the C++ plural rule differs from '{header.group(2)}' at n = {wrong[:10]}")
    else:
        print(f"{lang}: plural rule agrees with the header for n = 0..1000 ({header.group(1)} forms)")

# Issue 33: what po/GLOSSARY.md asks of every message and can be checked here.


def entries(path):
    """[(msgid, msgid_plural or None, [msgstr...])] of a PO/POT file (the header left out)."""
    out = []
    with open(path, encoding="utf-8") as f:
        blocks = f.read().split("\n\n")
    for block in blocks:
        fields, key = {}, None
        for line in block.split("\n"):
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (".*")$', line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid"):
            out.append((fields["msgid"], fields.get("msgid_plural"),
                        [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]))
    return out


# A count before a counted noun takes the language's plural form: trn(), not tr() (ru "21 слово",
# "22 слова", "25 слов"). A fraction ("9.6 bits") is written into the message instead.
COUNTED = (r"(?:other |more |empty |invalid UTF-16 )?(?:words?|bits?|bytes?|lines?|steps?|probes?|times|"
           r"hash(?:es)?|files?|items?|characters?|counters?|stages?|reads?|texels?|quer(?:y|ies)|rounds?|"
           r"duplicates?|units?|passwords?|strings?|blocks?|keys?|lookups?)")
NUMBER_NOUN = re.compile(r"%(?:\d\$)?(?:s|zu|u|d|llu)×? " + COUNTED + r"\b")
for msgid, plural, _ in entries(os.path.join(po_dir, "bloomlab.pot")):
    if plural is None and NUMBER_NOUN.search(msgid):
        failures.append(f"a number before a noun needs trn() (plural forms): {msgid!r}")
# The same in the translations where the English has none: ru/uk "в %s раз", "%s бит" in a tr().
SLAVIC_NOUN = re.compile(r"%(?:\d\$)?(?:s|zu|u|d|llu) (?:раза?|рази|разів|бита?|битов|біти?|бітів|байта?|байтов|байтів|"
                         r"слова?|слово|слов|слів|строк[аи]?|рядк[иів]+|рядок|пробн\w+|ступен\w+|етап\w+|файл\w*|"
                         r"хеш-функц\w+|запрос\w*|запит\w*|повтор\w*)(?!\w)")
# A word the user typed, in the English "%s", is in the language's quotation marks.
QUOTES = {"ru": ("«", "»"), "uk": ("«", "»"), "zh": ("“", "”")}
WORD = re.compile(r'"(%(?:\d\$)?s)"')
# Messages whose number is always a fraction ("2.4× faster": ru "в 2,4 раза", the form of a
# fraction, which no plural form chooses).
FRACTIONS = {"%s× faster than the standard one", "%s× slower than the standard one"}
for lang in LANGS:
    for msgid, plural, strs in entries(os.path.join(po_dir, lang + ".po")):
        if plural is None and msgid not in FRACTIONS:
            for s in strs:
                if SLAVIC_NOUN.search(s):
                    failures.append(f"{lang}: a number before a noun in a message without plural forms: {s!r}")
        opening, closing = QUOTES[lang]
        for placeholder in WORD.findall(msgid):
            for s in strs:
                if s.count(opening + placeholder + closing) < WORD.findall(msgid).count(placeholder):
                    failures.append(f"{lang}: the word {placeholder} is not in {opening}{closing}: {s!r}")

# Names in one script per language (po/GLOSSARY.md): ru/uk write the authors in Cyrillic, as
# their lessons and help pages do ("(Bloom 1970)" stood beside «Блум» in the lesson).
AUTHORS = re.compile(r"\b(?:Bloom(?!Filter|Lab)|Burton|Kirsch|Mitzenmacher|Dillinger|Manolios|Almeida|Putze|"
                     r"Sanders|Singler|Christensen|Swamidass|Baldi|Broder|Fan)\b|et al\.")
for lang in ("ru", "uk"):
    for msgid, plural, strs in entries(os.path.join(po_dir, lang + ".po")):
        for s in strs:
            for name in AUTHORS.findall(s):
                failures.append(f"{lang}: the name {name!r} is in Latin letters; write it in Cyrillic: {s!r}")

for f in failures:
    print("FAIL " + f)
print("catalogs: " + ("ok" if not failures else f"{len(failures)} problem(s)"))
sys.exit(1 if failures else 0)
