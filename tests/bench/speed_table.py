#!/usr/bin/env python3
"""The blocked filter against the standard one (bench_core speed), natively and in wasm, as the
RESULTS.md section. usage: speed_table.py NATIVE.json WASM.json"""
import json
import sys


def rows(j):
    return {(r["m"], r["variant"], r["mode"], r["keys"]): r["nsPerQuery"] for r in j["rows"]}


def section(native, wasm):
    n, w = rows(native), rows(wasm)
    big = 1 << 28
    L = ["## Blocked against standard, side by side (`bench_core speed`: k = 7, 1,000,000 keys, "
         "alternating rounds, best of 5)", ""]
    L.append("ns per query. \"one\": contains() key after key; \"batch\": contains_many(), 32 keys at "
             "a time, each key's surely-read memory asked for first (a prefetch natively, a plain load "
             "in wasm, which has no prefetch). Miss: one dependent load in a random cycle over 256 MiB "
             "(a cache miss with its TLB miss), measured in the same run.")
    L.append("")
    L.append("| m | mode | keys | native standard | native blocked | native ratio | wasm standard | wasm blocked | wasm ratio |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for m in (big, 100000):
        for mode in ("batch", "one"):
            for keys in ("present", "absent"):
                a, b = n[(m, "standard", mode, keys)], n[(m, "blocked", mode, keys)]
                c, d = w[(m, "standard", mode, keys)], w[(m, "blocked", mode, keys)]
                L.append(f"| {'2^28' if m == big else f'{m:,}'} | {mode} | {keys} | {a:.1f} | {b:.1f} | "
                         f"**{a / b:.2f}x** | {c:.1f} | {d:.1f} | **{c / d:.2f}x** |")
    L.append("")
    L.append(f"Cache miss: native {native['miss_ns']:.0f} ns, wasm {wasm['miss_ns']:.0f} ns.")
    for name, j, r in (("native", native, n), ("wasm", wasm, w)):
        p = r[(big, "standard", "batch", "present")] / r[(big, "blocked", "batch", "present")]
        a = r[(big, "standard", "batch", "absent")] / r[(big, "blocked", "batch", "absent")]
        miss = r[(big, "blocked", "batch", "present")] / j["miss_ns"]
        L.append(f"Goals at m = 2^28, {name}, batch: blocked/standard throughput present {p:.2f}x (goal >= 2x: "
                 f"{'met' if p >= 2 else 'NOT met'}), absent {a:.2f}x (goal >= 1x, not slower: "
                 f"{'met' if a >= 0.95 else 'NOT met'}); blocked present = {miss:.2f} misses per query (goal <= 1.5: "
                 f"{'met' if miss <= 1.5 else 'NOT met'}).")
    L.append("")
    L.append("One by one, a query waits for its line before the next one's is asked for, as far as the "
             "processor's reorder window lets it run ahead: the standard filter's k loads of one present key "
             "overlap each other there, and an absent key mostly reads one line, so out of cache the one-by-one "
             "figures differ far less than the lines each variant reads.")
    return "\n".join(L)


if __name__ == "__main__":
    print(section(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))))
