#!/usr/bin/env python3
"""The filter family against the information-theoretic bound (issue 35 §3), natively.

    python3 tests/bench/family.py [BLOOMLAB_CLI]

Runs `bloomlab family --json` (build/native's by default) on the 10k passwords and on a million
random words (10 letters and digits, seeded: the same list every run), and writes the section
"## The filter family against the bound" of tests/bench/RESULTS.md (replaced if there) with the
figures beside fastfilter_cpp's published ones (benchmarks/results/recentintel.txt, 10 million
keys, 2018, for Bloom, blocked Bloom and cuckoo; binary fuse from Graf & Lemire 2022). Not a
test: nothing fails on these numbers.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/native/src/cli/bloomlab")
RESULTS = os.path.join(ROOT, "tests/bench/RESULTS.md")
HEADING = "## The filter family against the bound"

# fastfilter_cpp, benchmarks/results/recentintel.txt (10,000,000 keys): bits/item, "wasted space"
# over the bound. Binary fuse: the paper's 3-wise size factor, 1.125 (12.5% over; "13%").
PEERS = {
    ("standard", 8): "Bloom8 8.00 bits, +44.6%",
    ("standard", 12): "Bloom12 12.00 bits, +44.4%",
    ("standard", 16): "Bloom16 16.00 bits, +44.4%",
    ("blocked", 8): "BlockedBloom 10.67 bits, +58.4%",
    ("cuckoo", 8): "Cuckoo8 8.51 bits, +66.7%",
    ("cuckoo", 12): "Cuckoo12 12.77 bits, +40.5%",
    ("cuckoo", 16): "Cuckoo16 17.02 bits, +30.1%",
    ("binaryFuse", 8): "BinaryFuse8 ~9.0 bits, +12.5% (paper)",
    ("binaryFuse", 16): "BinaryFuse16 ~18.0 bits, +12.5% (paper)",
}


def level(row):
    # f, or Bloom's design 2^-L: its best k is L again (round(1.44·L·ln 2) = L).
    p = row["params"]
    return p.get("fingerprintBits") or p["k"]


def family(path):
    out = subprocess.run([CLI, "family", "--words", path, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def params_text(row):
    p = row["params"]
    if "k" in p:
        return f"m = {p['m']:,}, k = {p['k']}"
    if "buckets" in p:
        return f"f = {p['fingerprintBits']}, b = {p['bucketSize']}, B = {p['buckets']:,}"
    return f"f = {p['fingerprintBits']}, {row['bits'] // p['fingerprintBits']:,} slots"


def table(result):
    lines = ["| structure | parameters | bits/word | load | measured FP | theory FP | over the bound | ns/query | fastfilter_cpp |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        load = f"{100 * r['load']:.0f}%" if r["load"] is not None else ""
        peer = PEERS.get((r["variant"], level(r)), "")
        lines.append(f"| {r['variant']} | {params_text(r)} | {r['bitsPerItem']:.2f} | {load} | {100 * r['measured']:.4f}% | "
                     f"{100 * r['theory']:.4f}% | **+{100 * r['overBound']:.0f}%** | {r['nsPerQuery']:.1f} | {peer} |")
    return lines


def main():
    words = os.path.join(ROOT, "build/native/data/passwords-10k.txt")
    rng = random.Random(1)
    chosen = set()
    while len(chosen) < 1000000:
        chosen.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(10)))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(sorted(chosen)) + "\n")
        million = f.name
    try:
        small, large = family(words), family(million)
    finally:
        os.unlink(million)
    commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h"], capture_output=True, text=True).stdout.strip()
    L = [HEADING + " (issue 35 §3: `python3 tests/bench/family.py`)", ""]
    L.append(f"`bloomlab family --json` at commit {commit}, natively, {small['probes']:,} probes per structure. Each is sized "
             "for the words: Bloom designed for 2^-8, 2^-12, 2^-16 at its best k, blocked at the same m and k, cuckoo at "
             "b = 4 with the fewest power-of-two buckets at a load of at most 96% (the paper's reference code's rule), "
             "binary fuse as the paper sizes it. \"Over the bound\": bits per word / log2(1/p) − 1, p the structure's "
             "theory at that size. fastfilter_cpp's figures: benchmarks/results/recentintel.txt, 10 million keys.")
    for title, result in (("The 10k passwords", small), ("A million random words (10 letters and digits)", large)):
        L += ["", f"### {title}: {result['words']:,} words", ""] + table(result)
    L.append("")
    by = {(r["variant"], level(r)): r for r in large["rows"]}
    L.append(f"**At a million words the distances to the bound are fastfilter_cpp's:** Bloom "
             f"+{100 * by[('standard', 8)]['overBound']:.0f}% (44%), cuckoo f = 8/12/16 "
             f"+{100 * by[('cuckoo', 8)]['overBound']:.0f}/{100 * by[('cuckoo', 12)]['overBound']:.0f}/"
             f"{100 * by[('cuckoo', 16)]['overBound']:.0f}% (67/41/30%), binary fuse "
             f"+{100 * by[('binaryFuse', 8)]['overBound']:.0f}% (13%). On the 10k list the cuckoo filters are "
             f"{100 * small['rows'][6]['load']:.0f}% full (4,096 buckets: 2,048 hold 8,192 slots, too few), hence their "
             "cost there; the binary fuse filter's size factor is larger for few words (the paper's "
             "0.875 + 0.25·ln(10^6)/ln n).")
    section = "\n".join(L) + "\n"
    old = open(RESULTS).read()
    if HEADING in old:
        start = old.index(HEADING)
        end = old.find("\n## ", start + 1)
        new = old[:start] + section + (old[end + 1:] if end >= 0 else "")
    else:
        new = old.rstrip("\n") + "\n\n" + section
    open(RESULTS, "w").write(new)
    print(section)


main()
