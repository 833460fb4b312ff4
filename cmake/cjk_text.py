#!/usr/bin/env python3
"""Writes the characters the Chinese UI shows beyond the base UI font: every character of the
compiled zh catalog (read with Python's own gettext, from the .mo msgfmt wrote) and of the zh
lessons, minus what assets/ui-font-unicodes.txt already covers. pyftsubset --text-file reads it.
usage: cjk_text.py OUT.txt UNICODES.txt CATALOG.mo [LESSON ...]"""
import gettext
import re
import sys

out, unicodes, mo, lessons = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
covered = set()
for line in open(unicodes, encoding="utf-8"):
    m = re.match(r"\s*U\+([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?", line)
    if m:
        first = int(m.group(1), 16)
        covered.update(range(first, int(m.group(2) or m.group(1), 16) + 1))
with open(mo, "rb") as f:
    catalog = gettext.GNUTranslations(f)
text = "".join(str(v) for v in catalog._catalog.values())
for path in lessons:
    with open(path, encoding="utf-8") as f:
        text += f.read()
text += "中文"  # the language selector names Chinese in itself
chars = sorted({c for c in text if ord(c) not in covered and ord(c) >= 0x2E80})
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(chars))
print(f"cjk_text: {len(chars)} characters for the zh font")
