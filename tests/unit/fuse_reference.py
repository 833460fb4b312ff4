#!/usr/bin/env python3
"""BloomLab's binary fuse filter (src/core/binary_fuse.h), written again from its comment alone.
    python3 tests/unit/fuse_reference.py          prints the golden values test_binary_fuse.cpp holds
    python3 tests/unit/fuse_reference.py --check tests/unit/test_binary_fuse.cpp
                                                  fails unless that file holds exactly them
    python3 tests/unit/fuse_reference.py --cli build/native/src/cli/bloomlab
                                                  fails unless `bloomlab positions --variant
                                                  binaryFuse --json` gives the same places
The C++ test compares the core with these values; this script is the independent side.
"""
import json
import math
import subprocess
import sys

MASK64 = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


def murmur64(h: int) -> int:
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & MASK64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & MASK64
    return h ^ (h >> 33)


def seeds():
    state = 0x726B2B9D438B9D4D
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def shape(n: int):
    """(segment length L, segments the first slot falls in, slots): the paper's sizes, arity 3."""
    length = 4 if n == 0 else min(1 << int(math.floor(math.log(n) / math.log(3.33) + 2.25)), 1 << 18)
    factor = 0 if n <= 1 else max(1.125, 0.875 + 0.25 * math.log(1e6) / math.log(n))
    capacity = 0 if n <= 1 else round(n * factor)
    array = max(0, (-(-capacity // length) - 2 + 2) * length)
    segments = -(-array // length)
    segments = 1 if segments <= 2 else segments - 2
    return length, segments, (segments + 2) * length


class Fuse:
    def __init__(self, words, f: int):
        self.f = f
        keys = sorted({fnv1a64(w) for w in words})
        self.keys = len(keys)
        self.length, self.segments, slots = shape(len(keys))
        for attempt, seed in enumerate(seeds(), 1):
            self.seed, self.attempts = seed, attempt
            count, xored = [0] * slots, [0] * slots
            for key in keys:
                h = murmur64((key + seed) & MASK64)
                for s in self.slots_of(h):
                    count[s] += 1
                    xored[s] ^= h
            stack = [i for i in range(slots) if count[i] == 1]
            peeled = []
            while stack:
                i = stack.pop()
                if count[i] != 1:
                    continue
                h = xored[i]
                peeled.append((h, i))
                for s in self.slots_of(h):
                    xored[s] ^= h
                    count[s] -= 1
                    if count[s] == 1:
                        stack.append(s)
            if len(peeled) == len(keys):
                break
        self.table = [0] * slots
        for h, i in reversed(peeled):
            a, b, c = self.slots_of(h)
            self.table[i] = self.fingerprint(h) ^ self.table[a] ^ self.table[b] ^ self.table[c]

    def fingerprint(self, h: int) -> int:
        return (h ^ (h >> 32)) & ((1 << self.f) - 1)

    def slots_of(self, h: int):
        length = self.length
        h0 = (h * (self.segments * length)) >> 64
        return [h0, (h0 + length) ^ ((h >> 18) & (length - 1)), (h0 + 2 * length) ^ (h & (length - 1))]

    def place(self, word: bytes):
        h = murmur64((fnv1a64(word) + self.seed) & MASK64)
        return self.fingerprint(h), self.slots_of(h)


WORDS = [b"", b"a", b"hello", b"letmein", "пароль".encode(), b"nul\0byte", b"dragon", b"apple"]


def golden() -> list:
    lines = []
    for n, f in ((1, 8), (3, 8), (8, 16), (100, 8), (1000, 16)):
        words = WORDS[:n] if n <= len(WORDS) else [f"w{i}".encode() for i in range(n)]
        fuse = Fuse(words, f)
        lines.append(f"SHAPE {n} {f} {fuse.length} {fuse.segments} {len(fuse.table)} {fuse.attempts} {fuse.seed}")
        for word in WORDS[:4] + [b"w7", b"zebra"]:
            fp, slots = fuse.place(word)
            lines.append(f"PLACE {n} {f} {word.hex() or '-'} {fp} {slots[0]} {slots[1]} {slots[2]}")
        if n <= 8:
            lines.append(f"TABLE {n} {f} " + " ".join(str(v) for v in fuse.table))
    return lines


def check_cli(bloomlab: str) -> int:
    """The CLI builds its filter from the words it is given: their places against these."""
    for f in (8, 16):
        words = [w.decode() for w in WORDS if w and b"\0" not in w]
        out = subprocess.run([bloomlab, "positions", "--variant", "binaryFuse", "--fuse-bits", str(f), "--json",
                              *words], capture_output=True, check=True).stdout
        fuse = Fuse([w.encode() for w in words], f)
        for row in json.loads(out)["words"]:
            fp, slots = fuse.place(row["word"].encode())
            values = [fuse.table[s] for s in slots]
            if (row["fingerprint"], row["positions"], row["slotValues"]) != (fp, slots, values):
                print(f"f = {f}, {row['word']!r}: the CLI says {row}, the reference {fp} {slots} {values}")
                return 1
            if values[0] ^ values[1] ^ values[2] != fp:
                print(f"f = {f}, {row['word']!r}: its slots' XOR is not its fingerprint")
                return 1
    print("the CLI's binary fuse places agree with the reference")
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--cli":
        return check_cli(sys.argv[2])
    lines = golden()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8") as test:
            held = [line.strip().strip('",') for line in test if line.strip().startswith('"SHAPE ')
                    or line.strip().startswith('"PLACE ') or line.strip().startswith('"TABLE ')]
        if held != lines:
            print("test_binary_fuse.cpp does not hold the reference's golden values; they are:")
            print("\n".join(lines))
            return 1
        print(f"{len(lines)} golden values agree")
        return 0
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
