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
"""
import json
import os
import random
import shutil
import subprocess
import sys

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
    outputs = {}
    for language, file_name, command in [
        ("python", "bloom.py", ["python3", "bloom.py"]),
        ("go", "bloom.go", [go or "go", "run", "bloom.go"]),
        ("javascript", "bloom.js", ["node", "bloom.js"]),
        ("cpp", "bloom.cpp", None),
    ]:
        if language == "go" and not go:
            continue
        case_dir = os.path.join(WORK, name, language)
        os.makedirs(case_dir, exist_ok=True)
        shutil.copyfile(os.path.join(WORK, "passwords-10k.txt"), os.path.join(case_dir, "passwords-10k.txt"))
        with open(os.path.join(case_dir, file_name), "wb") as f:
            f.write(cli("code", "--language", language, *args))
        if language == "cpp":
            subprocess.run(["g++", "-O2", "-std=c++17", "-Wall", "-Wextra", "-Werror", "bloom.cpp", "-o", "bloom"],
                           cwd=case_dir, check=True)
            command = ["./bloom"]
        r = subprocess.run(command, cwd=case_dir, capture_output=True, env=env)
        if r.returncode != 0:
            failures.append(f"{name} {language}: exit {r.returncode}: {r.stderr.decode(errors='replace')[:500]}")
            continue
        outputs[language] = r.stdout
    for language, out in outputs.items():
        if out != expected.encode():
            failures.append(f"{name} {language} differs from the filter's answers:\n--- program\n"
                            f"{out.decode(errors='replace')[-600:]}\n--- bloomlab\n{expected[-600:]}")
    print(f"{name}: {', '.join(outputs)} print the same {len(expected.encode())} bytes as bloomlab"
          if all(o == expected.encode() for o in outputs.values()) else f"{name}: DIFFERENT")
    sys.stdout.flush()

if failures:
    print("\n".join(failures))
    sys.exit(1)
if not go:
    print("SKIPPED the Go programs: `go` is not installed (apt-get install golang-go; scripts/setup.sh does)")
    sys.exit(77)
