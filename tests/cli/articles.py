#!/usr/bin/env python3
"""One article's Python filter against `bloomlab`, with Python's own hashlib as the reference.

  articles.py BLOOMLAB

- sha256md5 positions of 3,000 random words (ASCII, Cyrillic, CJK, emoji; 1 to 80 characters)
  at m = 9,585, k = 6 and at m near 2^32 with k = 64, computed here as the article computes them:
  h1 = int.from_bytes(sha256(w)[:8], "big"), h2 = the same of md5, (h1 + i*h2) % m.
- The article's filter: BloomFilter(1000, 0.01) with кот, пёс, ёж, asked about слон.
- Designs: the article's floors, any size, memory budgets; bad memory strings exit 2.
"""
import hashlib
import json
import math
import os
import random
import subprocess
import sys
import tempfile

BLOOMLAB = sys.argv[1]
failures = []


def run(*args, code=0):
    r = subprocess.run([BLOOMLAB, *args], capture_output=True)
    if r.returncode != code:
        failures.append(f"{args[:6]}: exit {r.returncode}, stderr {r.stderr.decode(errors='replace')}")
    return r


def positions(word: bytes, m: int, k: int):
    h1 = int.from_bytes(hashlib.sha256(word).digest()[:8], "big")
    h2 = int.from_bytes(hashlib.md5(word).digest()[:8], "big")
    return [(h1 + i * h2) % m for i in range(k)]


rng = random.Random(20261130)
alphabet = ([chr(c) for c in range(0x21, 0x7F)] + [chr(c) for c in range(0x410, 0x450)] +
            ["ё", "Ё", "中", "文", "😀", "🐘", "é", "ß"])
words = set()
while len(words) < 3000:
    words.add("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80))))
words = sorted(words)

for m, k in [(9585, 6), (4294967291, 64), (4294967296, 64), (1, 3)]:
    for start in range(0, len(words), 500):
        chunk = words[start:start + 500]
        r = run("positions", "--m", str(m), "--k", str(k), "--scheme", "sha256md5", "--json", *chunk)
        got = json.loads(r.stdout)["words"]
        for w, g in zip(chunk, got):
            want = positions(w.encode(), m, k)
            if g["word"] != w or g["positions"] != want:
                failures.append(f"m={m} k={k} {w!r}: bloomlab {g['positions'][:4]}..., hashlib {want[:4]}...")
                break
print(f"sha256md5 positions of {len(words)} random words checked at 4 sizes")

# The article's filter: m, k by floors; кот, пёс, ёж added; слон as Python answers it.
n, p = 1000, 0.01
m = max(1, math.floor(-n * math.log(p) / math.log(2) ** 2))
k = max(1, math.floor(m / n * math.log(2)))
assert (m, k) == (9585, 6), (m, k)  # the article says so
d = json.loads(run("design", "--n", "1000", "--p", "0.01", "--json").stdout)
if (d["floor"]["m"], d["floor"]["k"]) != (m, k):
    failures.append(f"design floor: {d['floor']} != m={m} k={k}")
bits = set()
for w in ["кот", "пёс", "ёж"]:
    bits.update(positions(w.encode(), m, k))
with tempfile.TemporaryDirectory() as tmp:
    listing = os.path.join(tmp, "animals.txt")
    with open(listing, "w", encoding="utf-8") as f:
        f.write("кот\nпёс\nёж\n")
    r = run("check", "--words", listing, "--m", str(m), "--k", str(k), "--scheme", "sha256md5",
            "кот", "пёс", "ёж", "слон", "--json")
    for res in json.loads(r.stdout)["results"]:
        want_pos = positions(res["word"].encode(), m, k)
        want = "possibly" if all(b in bits for b in want_pos) else "definitely_not"
        if res["positions"] != want_pos or res["verdict"] != want:
            failures.append(f"article {res['word']}: {res['verdict']} {res['positions']}, python {want} {want_pos}")
    # The article's counting filter (unbounded counters) builds the same bits.
    r = run("measure", "--words", listing, "--m", str(m), "--k", str(k), "--scheme", "sha256md5",
            "--variant", "counting", "--counters", "unbounded", "--probes", "1000", "--json")
    j = json.loads(r.stdout)
    if j["bitsSet"] != len(bits) or j["params"].get("counters") != "unbounded":
        failures.append(f"counting unbounded: bitsSet {j['bitsSet']} != {len(bits)}, params {j['params']}")
print("the article's filter reproduced: слон is", "possibly" if all(
    b in bits for b in positions("слон".encode(), m, k)) else "definitely not", "in it")

# Designs: any size answered, theory only beyond 2^32 bits.
ln2sq = math.log(2) ** 2
for n_, p_ in [(1, 0.01), (10**12, 0.01), (1000, 1e-12), (10**12, 1e-12), (5 * 10**9, 0.01)]:
    d = json.loads(run("design", "--n", str(n_), "--p", repr(p_), "--json").stdout)
    want_m = math.ceil(-n_ * math.log(p_) / ln2sq)
    want_k = max(1, round(want_m / n_ * math.log(2)))
    fits = want_m <= 2**32 and want_k <= 64
    if (d["m"], d["k"], d["fits"]) != (want_m, want_k, fits):
        failures.append(f"design n={n_} p={p_}: {d['m']} {d['k']} {d['fits']}, formula {want_m} {want_k} {fits}")
out = run("design", "--n", "5000000000", "--p", "0.01").stdout.decode()
if "47,925,291,887 bits = 5.58 GiB: too large to build" not in out:
    failures.append("design n=5e9: no theory-only sentence:\n" + out)

for text, bits_ in [("4GiB", 4 * 2**33), ("512 MiB", 512 * 2**23), ("100000bytes", 800000), ("1e6bits", 10**6)]:
    n_ = 5 * 10**9 if text == "4GiB" else 1000
    d = json.loads(run("design", "--n", str(n_), "--memory", text, "--json").stdout)
    fp = lambda k: (1 - math.exp(-k * n_ / bits_)) ** k
    kr = min(bits_ / n_ * math.log(2), 64)  # BloomLab builds at most 64 hashes (DESIGN.md's limits)
    best = min({max(1, math.floor(kr)), max(1, math.ceil(kr))}, key=fp)
    if d["memoryBits"] != bits_ or d["best"]["k"] != best or not math.isclose(d["best"]["expectedFp"], fp(best), rel_tol=1e-9):
        failures.append(f"memory {text}: {d}, want k={best} fp={fp(best)}")
for bad in ["4", "GiB", "4 parsecs", "-1GiB", "0bits", "1e30GiB", "nan GiB"]:
    r = run("design", "--n", "1000", "--memory", bad, code=2)
    if r.stderr.count(b"\n") != 1 or b"--memory" not in r.stderr:
        failures.append(f"--memory {bad!r}: stderr {r.stderr!r}")
r = run("positions", "--m", "64", "--k", "3", "--scheme", "sha512", "x", code=2)
if b"sha256md5" not in r.stderr:
    failures.append(f"bad scheme: {r.stderr!r}")
run("positions", "--m", "64", "--k", "3", "--variant", "counting", "--counters", "16", "x", code=2)

if failures:
    print("\n".join(failures[:20]))
    sys.exit(1)
print("all article checks passed")
