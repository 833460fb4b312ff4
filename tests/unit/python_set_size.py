#!/usr/bin/env python3
"""The Python set figure the app quotes (src/core/memory.h): sys.getsizeof(set) + the sum of
sys.getsizeof(word) over its strings, for the bundled 10k list, recomputed with this python3.

CPython's compact ASCII str takes a fixed header + len + 1 bytes: 48 + 1 up to 3.11, 40 + 1 from
3.12 on (PEP 623 removed the wstr pointer and its length). The test checks that model against
this interpreter's own sys.getsizeof, then computes the figure for the version the app states,
and checks the app's figure against it: the article's 997,570 is 49 bytes above what the method
gives on this copy of the list (997,521), one 8-character word more; more than one word apart
fails. Prints the local figure. usage: python_set_size.py PASSWORDS_FILE MEMORY_H"""
import re
import sys


def main():
    words_file, header = sys.argv[1], sys.argv[2]
    text = open(words_file, "rb").read().decode("utf-8")
    words = [w for w in text.replace("\r\n", "\n").split("\n") if w]
    assert len(words) == 10000 and len(set(words)) == 10000, len(words)
    assert all(w.isascii() for w in words)
    s = set(words)
    local = sys.getsizeof(s) + sum(sys.getsizeof(w) for w in s)
    local_header = 41 if sys.version_info >= (3, 12) else 49
    model_local = sys.getsizeof(s) + sum(local_header + len(w) for w in s)
    assert local == model_local, (local, model_local)
    src = open(header, encoding="utf-8").read()
    stated = int(re.search(r"kArticlePythonSetBytes = (\d+);", src).group(1))
    version = re.search(r'kArticlePythonVersion = "([0-9.]+)"', src).group(1)
    major, minor = (int(x) for x in version.split(".")[:2])
    stated_header = 41 if (major, minor) >= (3, 12) else 49
    model_stated = sys.getsizeof(s) + sum(stated_header + len(w) for w in s)
    print(f"python {sys.version.split()[0]} here: {local:,} bytes; "
          f"for {version} (the app's version): {model_stated:,}; the app states {stated:,}")
    # Within one word of the list (a header and at most 16 characters).
    if abs(stated - model_stated) > stated_header + 16:
        print(f"FAIL: the stated {stated:,} is not the {version} figure {model_stated:,}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
