#!/usr/bin/python3
"""Runs the bloomlab CLI once and checks its exit code and output; a ctest entry per call.

usage: run_cli.py BLOOMLAB EXIT [--stdout REGEX] [--stderr REGEX] [--json | --csv] -- ARGS...
ARGS may contain @EMPTY@, @BLANK@, @BIG@, @LONGLINE@, @HUGELINE@, @NUL@, @BADUTF8@, @BOM@, @TINY@, @CRLF@,
@UTF16LE@, @UTF16BE@, @DIR@: replaced by files generated in the working directory (the build tree):
an empty file, only empty lines, 64 MiB + 1 byte, a 4097-byte line, one 5 MB line, NUL bytes,
invalid UTF-8, a BOM, the tiny preset's five words (@TINY@), CRLF and LF mixed, UTF-16LE with a BOM, UTF-16BE without one, a directory.
@EMPTYWORD@, @WORD4096@, @WORD5000@ become a word of 0, 4096, 5000 bytes (ctest drops ""), @ESCWORD@ a word
of terminal controls (ESC ] 0;pwned BEL ESC [2J: sets a terminal's title and clears its screen).
--stdout-not / --stderr-not REGEX: the output must not match.
With exit 2 the stderr must be exactly one line "bloomlab: ...".
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile


def make_inputs(tmp):
    files = {"@EMPTY@": b"", "@BLANK@": b"\r\n\n\n", "@LONGLINE@": b"ok\n" + b"x" * 4097 + b"\n",
             "@HUGELINE@": b"x" * 5_000_000,
             "@NUL@": b"ok\nnul\x00byte\n\x00\n",
             "@BADUTF8@": b"ok\n\xff\xfe bad\n\xc3\x28\n\xed\xa0\x80\n",
             "@BOM@": b"\xef\xbb\xbfapple\npear\n",
             "@TINY@": b"password\n12345\nqwerty\ndragon\nletmein\n",
             "@CRLF@": b"apple\r\npear\nplum\r\n\r\napple\n",
             # Notepad's "Unicode" (UTF-16LE with a BOM) and UTF-16BE without one.
             "@UTF16LE@": b"\xff\xfe" + "apple\r\ncaf\u00e9\r\n".encode("utf-16-le"),
             "@UTF16BE@": "apple\npear\n".encode("utf-16-be")}
    paths = {}
    for name, data in files.items():
        path = os.path.join(tmp, name.strip("@").lower() + ".txt")
        with open(path, "wb") as f:
            f.write(data)
        paths[name] = path
    big = os.path.join(tmp, "big.txt")
    with open(big, "wb") as f:
        f.write((b"x" * 99 + b"\n") * ((64 << 20) // 100 + 1))
    paths["@BIG@"] = big
    paths["@DIR@"] = tmp
    return paths


def main():
    argv = sys.argv[1:]
    split = argv.index("--")
    opts, args = argv[:split], argv[split + 1:]
    exe, want_exit = opts[0], int(opts[1])
    checks = {}
    i = 2
    while i < len(opts):
        if opts[i] in ("--json", "--csv"):
            checks[opts[i]] = True
            i += 1
        else:
            checks[opts[i]] = opts[i + 1]
            i += 2
    with tempfile.TemporaryDirectory(dir=os.getcwd()) as tmp:
        words = {"@WORD5000@": "x" * 5000, "@WORD4096@": "x" * 4096, "@EMPTYWORD@": "",  # words, not files
                 "@ESCWORD@": "\x1b]0;pwned\x07\x1b[2J\u009b1m"}
        args = [words.get(a, a) for a in args]
        if any("@" in a for a in args):
            paths = make_inputs(tmp)
            args = [paths.get(a, a) for a in args]
        proc = subprocess.run([exe] + args, capture_output=True, timeout=120)
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    failures = []
    if proc.returncode != want_exit:
        failures.append(f"exit {proc.returncode}, expected {want_exit}")
    if want_exit == 2 and not (err.startswith("bloomlab: ") and err.count("\n") == 1 and err.endswith("\n")):
        failures.append("stderr is not one line 'bloomlab: ...'")
    if "--stdout" in checks and not re.search(checks["--stdout"], out):
        failures.append(f"stdout does not match {checks['--stdout']!r}")
    if "--stderr" in checks and not re.search(checks["--stderr"], err):
        failures.append(f"stderr does not match {checks['--stderr']!r}")
    if "--stdout-not" in checks and re.search(checks["--stdout-not"], out):
        failures.append(f"stdout matches {checks['--stdout-not']!r}")
    if "--stderr-not" in checks and re.search(checks["--stderr-not"], err):
        failures.append(f"stderr matches {checks['--stderr-not']!r}")
    if "--json" in checks:
        try:
            json.loads(out)
        except ValueError as e:
            failures.append(f"stdout is not JSON: {e}")
    if "--csv" in checks:
        rows = list(csv.DictReader(io.StringIO(out)))
        if not rows or any(None in r.values() for r in rows):
            failures.append("stdout is not a CSV table")
    if failures:
        print("command:", " ".join([exe] + args))
        print("stdout:", out[:2000])
        print("stderr:", err[:2000])
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
