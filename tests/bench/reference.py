#!/usr/bin/python3
"""A straightforward Python implementation of the article's reference Bloom filter (DESIGN.md),
written from the spec, independent of the C++ core. Used two ways:
  * as a module by tests/cli/check_json.py, to check the CLI's numbers independently;
  * as a benchmark by tests/bench/run.sh: `reference.py sweep WORDS PROBES POINTS` times the
    sweep at the given (bits_per_item, k) grid points and prints JSON with per-point times.
"""
import json
import math
import sys
import time

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & MASK64
    return h


def positions(word: bytes, m: int, k: int) -> list:
    h = fnv1a64(word)
    h1 = h & 0xFFFFFFFF
    h2 = (h >> 32) | 1
    return [(h1 + i * h2) % m for i in range(k)]


class BloomFilter:
    def __init__(self, m: int, k: int):
        self.m, self.k = m, k
        self.bits = bytearray((m + 7) // 8)

    def add(self, word: bytes):
        for p in positions(word, self.m, self.k):
            self.bits[p >> 3] |= 1 << (p & 7)

    def contains(self, word: bytes) -> bool:
        return all(self.bits[p >> 3] >> (p & 7) & 1 for p in positions(word, self.m, self.k))

    def bits_set(self) -> int:
        return sum(bin(b).count("1") for b in self.bits)


def read_words(path: str) -> list:
    """UTF-8 lines, CRLF or LF, BOM dropped, empty lines skipped, duplicates once."""
    data = open(path, "rb").read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    seen, words = set(), []
    for line in data.split(b"\n"):
        if line.endswith(b"\r"):
            line = line[:-1]
        if line and line not in seen:
            seen.add(line)
            words.append(line)
    return words


def measure(words: list, m: int, k: int, probes: int) -> dict:
    f = BloomFilter(m, k)
    for w in words:
        f.add(w)
    members = set(words)
    fp = queried = 0
    for i in range(probes):
        p = b"probe-%d" % i
        if p in members:
            continue
        queried += 1
        fp += f.contains(p)
    n = len(words)
    return {"n": n, "m": m, "k": k, "bits_set": f.bits_set(), "false_positives": fp, "probes": queried,
            "theory_rate": (1 - math.exp(-k * n / m)) ** k}


def main():
    if len(sys.argv) != 5 or sys.argv[1] != "sweep":
        sys.exit("usage: reference.py sweep WORDS PROBES B:K,B:K,...")
    words = read_words(sys.argv[2])
    probes = int(sys.argv[3])
    points = [tuple(int(x) for x in p.split(":")) for p in sys.argv[4].split(",")]
    rows = []
    for b, k in points:
        start = time.perf_counter()
        r = measure(words, b * len(words), k, probes)
        r["seconds"] = time.perf_counter() - start
        rows.append(r)
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
