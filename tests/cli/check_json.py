#!/usr/bin/python3
"""The CLI's --json output agrees with the spec and with an independent Python implementation
(tests/bench/reference.py): positions, design, measure, check and sweep on the 10k passwords.

usage: check_json.py BLOOMLAB PASSWORDS_FILE
"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import reference  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unit"))
import cuckoo_reference  # noqa: E402

EXE, WORDS = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    proc = subprocess.run([EXE, *args, "--json"], capture_output=True, check=True)
    return json.loads(proc.stdout)


def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: got {got!r}, expected {want!r}")


def close(what, got, want, rel=1e-9):
    if not math.isclose(got, want, rel_tol=rel, abs_tol=1e-15):
        failures.append(f"{what}: got {got!r}, expected {want!r}")


# positions: the spec's numbers, then the Python reference for odd sizes.
j = run("positions", "--m", "64", "--k", "3", "dragon", "Qwerty", "letmein")
expect("positions", [w["positions"] for w in j["words"]], [[30, 1, 36], [25, 52, 15], [15, 52, 25]])
j = run("positions", "--m", "4294967296", "--k", "64", "d\u00e9j\u00e0 vu", "x")
expect("positions 2^32", [w["positions"] for w in j["words"]],
       [reference.positions(w.encode(), 2**32, 64) for w in ["d\u00e9j\u00e0 vu", "x"]])

# positions of a scalable filter (Almeida et al. 2007): every stage's, as a query asks every stage.
# Stage j is designed for n0*s^j items at p0*r^j: m_j = ceil(-n ln p / (ln 2)^2), k_j =
# round((m_j/n_j) ln 2); it lies after the stages before it and hashes with h for stage 0,
# splitmix64(h + j) after (variant_scalable.cpp's header): computed here from those words.
def splitmix64(x):
    mask = 2**64 - 1
    x = (x + 0x9E3779B97F4A7C15) & mask
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & mask
    return x ^ (x >> 31)


def scalable_positions(word, n0, p0, s, r, stages):
    h, offset, out = reference.fnv1a64(word.encode()), 0, []
    for j in range(stages):
        n, p = math.ceil(n0 * s**j), p0 * r**j
        m = math.ceil(-n * math.log(p) / math.log(2) ** 2)
        k = max(1, round(m / n * math.log(2)))
        hj = h if j == 0 else splitmix64((h + j) & (2**64 - 1))
        h1, h2 = hj & 0xFFFFFFFF, (hj >> 32) | 1
        out.append({"stage": j, "offset": offset, "m": m, "k": k,
                    "positions": [offset + (h1 + i * h2) % m for i in range(k)]})
        offset += m
    return out


for args, (n0, p0, s, r, stages) in [((), (1000, 0.01, 2, 0.85, 1)),
                                     (("--stages", "3"), (1000, 0.01, 2, 0.85, 3)),
                                     (("--n0", "10", "--p0", "0.02", "--s", "3", "--r", "0.5", "--stages", "4"),
                                      (10, 0.02, 3, 0.5, 4))]:
    j = run("positions", "--variant", "scalable", *args, "dragon", "Qwerty")
    for w in j["words"]:
        want = scalable_positions(w["word"], n0, p0, s, r, stages)
        expect(f"scalable positions {args} {w['word']} stages", w["stages"], want)
        expect(f"scalable positions {args} {w['word']}", w["positions"], [x for st in want for x in st["positions"]])

# design: the sizing formulas evaluated here.
j = run("design", "--n", "10000", "--p", "0.01")
m = math.ceil(-10000 * math.log(0.01) / math.log(2) ** 2)
k = max(1, round(m / 10000 * math.log(2)))
expect("design m", j["m"], m)
expect("design k", j["k"], k)
expect("design bytes", j["bytes"], (m + 7) // 8)
close("design expectedFp", j["expectedFp"], (1 - math.exp(-k * 10000 / m)) ** k)

# measure: the independent filter gives the same counts.
words = reference.read_words(WORDS)
for m, k in [(95851, 7), (64, 3), (20000, 2)]:
    j = run("measure", "--words", WORDS, "--m", str(m), "--k", str(k), "--probes", "20000")
    r = reference.measure(words, m, k, 20000)
    # The same keys as the page's bloomlab.measure() (one schema: core/result_json.h).
    for key, ref in (("n", "n"), ("m", "m"), ("k", "k"), ("bitsSet", "bits_set"),
                     ("falsePositives", "false_positives"), ("probes", "probes")):
        expect(f"measure m={m} k={k} {key}", j[key], r[ref])
    close(f"measure m={m} k={k} theory", j["theory"], r["theory_rate"])
    close(f"measure m={m} k={k} rate", j["rate"], r["false_positives"] / r["probes"])
    expect(f"measure m={m} k={k} params", j["params"], {"m": m, "k": k, "variant": "standard", "scheme": "reference"})

# check: verdicts and zero bits from the independent filter.
f = reference.BloomFilter(64, 3)
for w in [b"Qwerty"]:
    f.add(w)
with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "bloomlab-check-words.txt"), "wb") as out:
    out.write(b"Qwerty\r\n")
    check_words = out.name
j = run("check", "--words", check_words, "--m", "64", "--k", "3", "letmein", "dragon", "Qwerty")
res = {r["word"]: r for r in j["results"]}
expect("check letmein", (res["letmein"]["verdict"], res["letmein"]["culprits"]), ("possibly", ["Qwerty"]))
expect("check dragon", (res["dragon"]["verdict"], res["dragon"]["zeroBits"]), ("definitely_not", [1, 30, 36]))
expect("check Qwerty member", res["Qwerty"]["isMember"], True)
os.remove(check_words)

# sweep: a few grid points against the independent filter.
j = run("sweep", "--words", WORDS, "--bits-per-item", "2..3", "--k", "3..4", "--probes", "5000")
expect("sweep rows", len(j["rows"]), 4)
for row in j["rows"]:
    r = reference.measure(words, row["m"], row["k"], 5000)
    for key, ref in (("bitsSet", "bits_set"), ("falsePositives", "false_positives"), ("probes", "probes")):
        expect(f"sweep m={row['m']} k={row['k']} {key}", row[key], r[ref])

# speed: the words it times are the ones promised. The filter of m = 1000, k = 3 holds the design
# n = round(1000 ln 2 / 3) = 231 words "p" + 12 hex digits of splitmix64(0x5eed + i); the absent
# words are "a" + 12 hex digits of splitmix64(0xab5e17 + i), asked round and round: the standard
# filter's "possibly" answers for them are counted here with the independent filter.
def speed_word(letter, seed, i):
    return (letter + "%012x" % (splitmix64(seed + i) & (2**48 - 1))).encode()


j = run("speed", "--m", "1000", "--k", "3", "--queries", "2000", "--rounds", "1", "--no-out-of-cache")
expect("speed rows", len(j["rows"]), 16)  # standard, blocked, cuckoo, binary fuse × present/absent × one/batch
ref = reference.BloomFilter(1000, 3)
for i in range(231):
    ref.add(speed_word("p", 0x5EED, i))
absent_maybes = sum(ref.contains(speed_word("a", 0xAB5E17, i)) for i in range(2000))
# The cuckoo filter of that size: f = 12, b = 4, the fewest buckets that hold 231 words at a load of
# at most 96% (its slots in 1000 bits would be 4: too few): 64 buckets, its own 3,072 bits.
cuckoo = cuckoo_reference.Cuckoo(12, 4, 64)
for i in range(231):
    cuckoo.insert(speed_word("p", 0x5EED, i))


def cuckoo_has(word):
    fp, i1, i2 = cuckoo_reference.place(word, 12, 64)
    return fp in cuckoo.table[i1] or fp in cuckoo.table[i2] or cuckoo.victim in ((fp, i1), (fp, i2))


cuckoo_maybes = sum(cuckoo_has(speed_word("a", 0xAB5E17, i)) for i in range(2000))
for row in j["rows"]:
    what = f"speed {row['variant']} {row['keys']} {row['mode']}"
    expect(what + " words", (row["m"], row["words"], row["queries"]), (1000, 231, 2000))
    if not (row["nsPerQuery"] > 0):
        failures.append(f"{what}: nsPerQuery {row['nsPerQuery']!r}")
    if row["keys"] == "present":
        expect(what + " maybes", row["maybes"], 2000)
    elif row["variant"] == "standard":
        expect(what + " maybes", row["maybes"], absent_maybes)
    elif row["variant"] == "cuckoo":
        expect(what + " maybes", row["maybes"], cuckoo_maybes)
    if row["variant"] != "binaryFuse":  # its size is its construction's (test_binary_fuse.cpp)
        expect(what + " bits", row["bits"], 64 * 4 * 12 if row["variant"] == "cuckoo" else 1000)
expect("speed skipped", j["skipped"], None)

if failures:
    print("\n".join(failures))
    sys.exit(1)
# measure of the blocked variant: no exact formula, so null (a number or null, never "n/a").
j = run("measure", "--words", WORDS, "--m", "100000", "--k", "7", "--variant", "blocked", "--probes", "2000")
expect("blocked exact is null", j["exact"], None)

print("all agree")
