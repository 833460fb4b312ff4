#!/usr/bin/env python3
"""BloomLab's reference cuckoo filter (src/core/cuckoo.h), written again from its spec alone.

    python3 tests/unit/cuckoo_reference.py          prints the golden values test_cuckoo.cpp holds
    python3 tests/unit/cuckoo_reference.py --check tests/unit/test_cuckoo.cpp
                                                    fails unless that file holds exactly them
    python3 tests/unit/cuckoo_reference.py --cli build/native/src/cli/bloomlab
                                                    fails unless `bloomlab positions --variant
                                                    cuckoo --json` gives the same places

The C++ test compares the core with these values; this script is the independent side.
"""
import sys

MASK64 = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


def place(word: bytes, f: int, buckets: int):
    h = fnv1a64(word)
    fp = (h >> 32) % ((1 << f) - 1) + 1
    i1 = (h & 0xFFFFFFFF) % buckets
    i2 = (i1 ^ ((fp * 0x5BD1E995) % (1 << 32))) % buckets
    return fp, i1, i2


def alternate(i: int, fp: int, buckets: int) -> int:
    return (i ^ ((fp * 0x5BD1E995) % (1 << 32))) % buckets


class Cuckoo:
    def __init__(self, f: int, b: int, buckets: int):
        self.f, self.b, self.buckets = f, b, buckets
        self.table = [[0] * b for _ in range(buckets)]
        self.victim = None  # (fp, bucket)
        self.state = 1

    def rand(self) -> int:
        x = self.state
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        self.state = x
        return x

    def put(self, bucket: int, fp: int) -> bool:
        row = self.table[bucket]
        if 0 in row:
            row[row.index(0)] = fp
            return True
        return False

    def insert(self, word: bytes) -> str:
        if self.victim is not None:
            return "refused_full"
        fp, i1, i2 = place(word, self.f, self.buckets)
        if self.put(i1, fp) or self.put(i2, fp):
            return "placed"
        bucket = i2 if self.rand() & 1 else i1
        for _ in range(500):
            slot = self.rand() % self.b
            fp, self.table[bucket][slot] = self.table[bucket][slot], fp
            bucket = alternate(bucket, fp, self.buckets)
            if self.put(bucket, fp):
                return "placed"
        self.victim = (fp, bucket)
        return "placed_full"


def golden() -> list:
    lines = []
    for f, buckets in ((4, 1), (8, 2), (12, 1024), (16, 1 << 20), (32, 1 << 24)):
        for word in (b"", b"a", b"hello", b"letmein", "пароль".encode(), b"nul\0byte"):
            fp, i1, i2 = place(word, f, buckets)
            lines.append(f"PLACE {f} {buckets} {word.hex() or '-'} {fp} {i1} {i2}")
    # A small filter filled until it is full: every slot, the victim, and when it filled.
    c = Cuckoo(8, 2, 8)
    n = 0
    while True:
        outcome = c.insert(f"w{n}".encode())
        n += 1
        if outcome != "placed":
            break
    lines.append(f"FULL 8 2 8 after {n} {outcome} victim {c.victim[0]} {c.victim[1]}")
    lines.append("TABLE " + " ".join(str(x) for row in c.table for x in row))
    return lines


def check_cli(bloomlab: str) -> int:
    """The CLI's places (fingerprint, buckets, and the slots of both buckets) against these."""
    import json
    import subprocess

    words = ["a", "hello", "letmein", "пароль", "dragon", "Qwerty", "x" * 4096]
    bad = 0
    checked = 0
    for f, b, buckets in ((4, 1, 1), (8, 2, 2), (12, 4, 1024), (16, 8, 1 << 20), (32, 4, 1 << 24)):
        out = subprocess.run(
            [bloomlab, "positions", "--variant", "cuckoo", "--fingerprint-bits", str(f), "--bucket-size", str(b),
             "--buckets", str(buckets), "--json", *words],
            check=True, capture_output=True, text=True).stdout
        for word, got in zip(words, json.loads(out)["words"]):
            fp, i1, i2 = place(word.encode(), f, buckets)
            slots = [i1 * b + j for j in range(b)] + [i2 * b + j for j in range(b)]
            want = {"word": word, "fingerprint": fp, "buckets": [i1, i2], "positions": slots}
            checked += 1
            if got != want:
                bad += 1
                print(f"f={f} b={b} B={buckets} {word[:20]!r}: the CLI gives {got}, the reference {want}")
    print(f"{checked - bad} of {checked} places agree with `bloomlab positions --variant cuckoo`")
    return 1 if bad else 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--cli":
        return check_cli(sys.argv[2])
    lines = golden()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        text = open(sys.argv[2], encoding="utf-8").read()
        missing = [line for line in lines if f'"{line}"' not in text]
        for line in missing:
            print(f"not in {sys.argv[2]}: {line}")
        print(f"{len(lines) - len(missing)} of {len(lines)} golden values found")
        return 1 if missing else 0
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
