#!/usr/bin/env python3
"""The Code panel's programs, run: "Python and Go print the same to the last digit", as a test.

  programs.py BLOOMLAB PASSWORDS_FILE WORK_DIR

For the tiny preset, the 10k list at m = 100,000, k = 7 (read from passwords-10k.txt), a
Cyrillic word list and the sha256md5 article preset, `bloomlab code` writes the program in
Python, Go, JavaScript and C++; each is run (python3, go run, node, g++) and their outputs must be
the same bytes, and the same as the filter's own answers (`bloomlab check --json` for each word's
verdict and positions, `bloomlab measure --json` for the bits set and the false positives).
Go comes from Debian's golang-go (scripts/setup.sh installs it); without it the Go runs are
skipped with a message and the test reports "skipped" (exit 77) after checking the others.

Then hostile words (issue 37): trigraphs (`x??/` then a word that is C++ code), NUL bytes, a byte
order mark, the templates' own @PLACEHOLDERS@, quotes, backslashes, controls, bidirectional
controls, line separators, invalid UTF-8. No word may ever be code: each program, the C++ one
compiled both as C++17 and as C++14 with -trigraphs, prints what the spec's filter
(tests/bench/reference.py) answers for those exact bytes. And lists above 1,000 words, which the
programs read from their file, in each encoding BloomLab reads (a BOM with CRLF, UTF-16LE with a
BOM, UTF-16BE without one, a lone surrogate and an odd last byte): the programs set the bits
BloomLab sets.
"""
import json
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import reference  # noqa: E402

BLOOMLAB, PASSWORDS, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
shutil.copyfile(PASSWORDS, os.path.join(WORK, "passwords-10k.txt"))
env = dict(os.environ, GOCACHE=os.path.join(WORK, "gocache"), GOPATH=os.path.join(WORK, "gopath"),
           GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GO111MODULE="off", BLOOMLAB_DATA_DIR=os.path.dirname(PASSWORDS))
go = shutil.which("go")
failures = []


def cli(*args):
    r = subprocess.run([BLOOMLAB, *args], capture_output=True, env=env)
    if r.returncode != 0:
        raise SystemExit(f"bloomlab {' '.join(args)}: exit {r.returncode}: {r.stderr.decode()}")
    return r.stdout


# C++ is compiled twice: as C++17, and as C++14 with trigraphs (-std=c++14, -ansi and -trigraphs
# read "??/" as a backslash).
CPP_MODES = [("cpp", ["-std=c++17"]), ("cpp14-trigraphs", ["-std=c++14", "-trigraphs"])]


def run_programs(name, args):
    """Writes the program in each language with `bloomlab code ARGS`, runs it in a folder of its
    own and returns {language: stdout}; a program that does not build or run is a failure."""
    outputs = {}
    for language, file_name, command in [
        ("python", "bloom.py", ["python3", "bloom.py"]),
        ("go", "bloom.go", [go or "go", "run", "bloom.go"]),
        ("javascript", "bloom.js", ["node", "bloom.js"]),
        *[(mode, "bloom.cpp", flags) for mode, flags in CPP_MODES],
    ]:
        if language == "go" and not go:
            continue
        case_dir = os.path.join(WORK, name, language)
        os.makedirs(case_dir, exist_ok=True)
        shutil.copyfile(os.path.join(WORK, "passwords-10k.txt"), os.path.join(case_dir, "passwords-10k.txt"))
        with open(os.path.join(case_dir, file_name), "wb") as f:
            f.write(cli("code", "--language", "cpp" if language.startswith("cpp") else language, *args))
        if language.startswith("cpp"):
            built = subprocess.run(["g++", "-O1", *command, "-Wall", "-Wextra", "-Werror", "bloom.cpp", "-o", "bloom"],
                                   cwd=case_dir, capture_output=True)
            if built.returncode != 0:
                failures.append(f"{name} {language}: does not compile: {built.stderr.decode(errors='replace')[:800]}")
                continue
            command = ["./bloom"]
        r = subprocess.run(command, cwd=case_dir, capture_output=True, env=env)
        if os.path.exists(os.path.join(case_dir, "PWNED")):
            failures.append(f"{name} {language}: a word ran as code (it made the file PWNED)")
        if r.returncode != 0:
            failures.append(f"{name} {language}: exit {r.returncode}: {r.stderr.decode(errors='replace')[:500]}")
            continue
        outputs[language] = r.stdout
    return outputs


# A Cyrillic list: syllables glued into 300 words (ё, й, ъ included), written here.
rng = random.Random(13)
syllables = ["ко", "пё", "ёж", "сло", "н", "мед", "ведь", "ли", "са", "во", "лк", "зай", "ец", "ъе", "щу", "ка"]
cyrillic = sorted({"".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))) for _ in range(400)})[:300]
with open(os.path.join(WORK, "cyrillic.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(cyrillic) + "\n")

TINY = ["password", "12345", "qwerty", "dragon", "letmein"]
cases = {
    "tiny": (["--m", "64", "--k", "3", "--ask", "Qwerty", *TINY], TINY, None, "Qwerty"),
    "10k": (["--m", "100000", "--k", "7", "--words", "passwords-10k", "--ask", "hunter2"], None, PASSWORDS, "hunter2"),
    "cyrillic": (["--m", "3000", "--k", "5", "--words", os.path.join(WORK, "cyrillic.txt"), "--ask", "слон"],
                 cyrillic, os.path.join(WORK, "cyrillic.txt"), "слон"),
    "sha256md5": (["--m", "9585", "--k", "6", "--scheme", "sha256md5", "--ask", "слон", "кот", "пёс", "ёж"],
                  ["кот", "пёс", "ёж"], None, "слон"),
}

for name, (args, embedded, listing, question) in cases.items():
    params = args[:4] + (["--scheme", "sha256md5"] if "sha256md5" in args else [])
    # The filter's own answers, as the CLI gives them.
    words_file = listing or os.path.join(WORK, f"{name}-words.txt")
    if not listing:
        with open(words_file, "w", encoding="utf-8") as f:
            f.write("\n".join(embedded) + "\n")
    asked = (embedded or []) + [question]
    check = json.loads(cli("check", "--words", words_file, *params, *asked, "--json"))
    measured = json.loads(cli("measure", "--words", words_file, *params, "--json"))
    expected = "".join(
        f"{r['word']} {'maybe' if r['verdict'] == 'possibly' else 'no'} [{', '.join(map(str, r['positions']))}]\n"
        for r in check["results"])
    expected += f"bits set: {measured['bitsSet']} of {measured['m']}\n"
    expected += (f"false positives: {measured['falsePositives']} of {measured['probes']} probes "
                 f"({measured['falsePositives'] / measured['probes']:.6f})\n")
    outputs = run_programs(name, args)
    for language, out in outputs.items():
        if out != expected.encode():
            failures.append(f"{name} {language} differs from the filter's answers:\n--- program\n"
                            f"{out.decode(errors='replace')[-600:]}\n--- bloomlab\n{expected[-600:]}")
    print(f"{name}: {', '.join(outputs)} print the same {len(expected.encode())} bytes as bloomlab"
          if all(o == expected.encode() for o in outputs.values()) else f"{name}: DIFFERENT")
    sys.stdout.flush()

# ---- Hostile words (issue 37, items 2.1 and 2.2) ----------------------------------------------
# Each is data in every language: the expected output is the spec's filter (reference.py) over
# the exact bytes, and no program may make the file PWNED. "x??/" then a word that is C++ code
# ran system() when compiled with trigraphs; "nul\0byte" was cut at its NUL in C++; U+FEFF
# inside a word did not compile in Go; the templates' own @NAMES@ were filled inside words.
HOSTILE = [
    b"x??/", b',std::string(1,char(std::system("touch PWNED"))),//', b"x??/\\", b"??=??(??)??!??<??>??-??'",
    b"nul\x00byte", b"\x00", b"a\xef\xbb\xbfb", b"@M@", b"@PY_QUESTIONS@", b"@CPP_ASKED@", b"@GO_ASKED@",
    b"@JS_LOAD@", b"@SCHEME_TEXT@", b"// One word a line; ", b"}", b'"', b"\\", b'\\"', b"'''", b'"""',
    b"${require('fs').writeFileSync('PWNED', '')}", b"`touch PWNED`", b"%s%n%d", b"{}", b"\\x41\\u0041\\101",
    b"*/ /*", b"x\\", b"\x01\x1b[2J\x7f", b"a\rb", b"\xc2\x85nel", b"\xe2\x80\xa8ls\xe2\x80\xa9ps",
    b"\xe2\x80\xaeevil\xe2\x80\xac", b"\xe2\x81\xa6isolate\xe2\x81\xa9", b"zero\xe2\x80\x8bwidth",
    b"\xf3\xa0\x80\x81tag", b"\xff\xfe bad", b"\xc3\x28", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80", b"e\xcc\x81",
    b"probe-1", b"probe-7",
]
HM, HK, HPROBES = 1500, 4, "20000"


def valid_utf8(w):
    try:
        w.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def spec_output(words, asked, m, k, measured):
    """The programs' output for `asked` over a filter of `words`, from the spec (reference.py);
    the false positives from `bloomlab measure --json` over the same file, whose bits set must be
    the spec's too."""
    f = reference.BloomFilter(m, k)
    for w in words:
        f.add(w)
    out = b""
    for w in asked:
        ps = reference.positions(w, m, k)
        verdict = b"maybe" if all(f.bits[p >> 3] >> (p & 7) & 1 for p in ps) else b"no"
        out += w + b" " + verdict + b" [" + ", ".join(map(str, ps)).encode() + b"]\n"
    ones = sum(bin(b).count("1") for b in f.bits)
    if ones != measured["bitsSet"]:
        failures.append(f"bloomlab measure counts {measured['bitsSet']} bits set, the spec {ones}")
    out += f"bits set: {ones} of {m}\n".encode()
    out += (f"false positives: {measured['falsePositives']} of {measured['probes']} probes "
            f"({measured['falsePositives'] / measured['probes']:.6f})\n").encode()
    return out


def compare(name, outputs, expected):
    for language, out in outputs.items():
        if out != expected:
            failures.append(f"{name} {language} differs from the spec's filter:\n--- program\n"
                            f"{out.decode(errors='replace')[:1500]}\n--- expected\n"
                            f"{expected.decode(errors='replace')[:1500]}")
    same = bool(outputs) and all(o == expected for o in outputs.values())
    print(f"{name}: {', '.join(outputs)} " + (f"print the same {len(expected)} bytes as the spec" if same else "DIFFERENT"))
    sys.stdout.flush()


# Up to 1,000 words are written into the program: the hostile words, from a UTF-8 file.
listing = os.path.join(WORK, "hostile.txt")
with open(listing, "wb") as f:
    f.write(b"\n".join(HOSTILE) + b"\n")
measured = json.loads(cli("measure", "--words", listing, "--m", str(HM), "--k", str(HK), "--probes", HPROBES, "--json"))
for label, question in [("trigraph", "x??/"), ("bidi", "\u202eevil")]:
    name = f"hostile-{label}-question"
    args = ["--m", str(HM), "--k", str(HK), "--probes", HPROBES, "--words", listing, "--ask", question]
    asked = HOSTILE + ([] if question.encode() in HOSTILE else [question.encode()])  # a member is asked once
    compare(name, run_programs(name, args), spec_output(HOSTILE, asked, HM, HK, measured))

# Above 1,000 words the programs read the file: each encoding BloomLab reads, with the hostile
# words that are text among 1,500 others (UTF-16 without a BOM is told by its NUL bytes).
plain = [f"word-{i}".encode() for i in range(1500)]
text_words = [w for w in HOSTILE if b"\x00" not in w and b"\r" not in w and valid_utf8(w)]
utf16 = lambda ws, codec, sep: sep.join(w.decode() for w in ws).encode(codec)
encodings = {
    "bom-crlf": (b"\xef\xbb\xbf" + b"\r\n".join(plain + text_words) + b"\r\n", plain + text_words),
    "utf16le-bom": (b"\xff\xfe" + utf16(plain + text_words, "utf-16-le", "\r\n"), plain + text_words),
    "utf16be": (utf16(plain, "utf-16-be", "\n") + "\n".encode("utf-16-be"), plain),
    # A lone high surrogate (then "x"), a lone low one, and an odd last byte after "z": each is U+FFFD.
    "utf16le-broken": (b"\xff\xfe" + utf16(plain, "utf-16-le", "\n") + b"\n\x00\x00\xd8x\x00\n\x00\x00\xdc\n\x00z\x00A",
                       plain + ["\ufffdx".encode(), "\ufffd".encode(), "z\ufffd".encode()]),
}
for label, (data, expected_words) in encodings.items():
    path = os.path.join(WORK, f"list-{label}.txt")
    with open(path, "wb") as f:
        f.write(data)
    m = str(HM * 2)
    measured = json.loads(cli("measure", "--words", path, "--m", m, "--k", str(HK), "--probes", HPROBES, "--json"))
    name = f"file-{label}"
    args = ["--m", m, "--k", str(HK), "--probes", HPROBES, "--words", path, "--ask", "word-1"]
    compare(name, run_programs(name, args), spec_output(expected_words, [b"word-1"], HM * 2, HK, measured))

if failures:
    print("\n".join(failures))
    sys.exit(1)
if not go:
    print("SKIPPED the Go programs: `go` is not installed (apt-get install golang-go; scripts/setup.sh does)")
    sys.exit(77)
