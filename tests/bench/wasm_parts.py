#!/usr/bin/env python3
"""What each part of the web build's wasm costs (issue 36 §2).

    tests/bench/wasm_parts.py BUILD_DIR [--json]

Links the app once more with a names section (--profiling-funcs, into BUILD_DIR/parts/), reads
its functions' sizes with Debian's wabt (wasm-objdump) and the objects' data symbols with emnm,
and files every function and data symbol under the object that defines it, then the object under
a part (ImGui, SDL2, the core, the lessons engine, the code panel ...). Prints a table of the
parts: bytes of code and data, and each part's share. Sizes are of the names build (no
--converge pass): a few per cent above the shipped wasm, the same shares.
"""
import collections
import json
import os
import re
import subprocess
import sys

# An object file's part, by its path (first match wins).
PARTS = [
    ("SDL2", r"libSDL2\.a"),
    ("QR code (qrcodegen)", r"qrcodegen"),
    ("Dear ImGui: backends", r"imgui_impl_"),
    ("Dear ImGui: tables", r"imgui_tables"),
    ("Dear ImGui: fonts (stb_truetype)", r"imgui_draw"),
    ("Dear ImGui: widgets", r"imgui_widgets"),
    ("Dear ImGui: core", r"imgui(_demo)?\.cpp"),
    ("UI font (DejaVu subset)", r"ui_font\.cpp|endonym_font"),
    ("lessons engine", r"lesson|panel_lessons"),
    ("code panel", r"program|panel_code"),
    ("speed", r"speed"),
    ("growth plot", r"growth"),
    ("SHA-256 + MD5", r"digest"),
    ("memory figures", r"memory\.cpp"),
    ("catalogs, plurals, formats", r"i18n|format\.cpp|outcome_text|safe_words"),
    ("core: filters, hashing, theory, lists", r"src/core/"),
    ("app: model (actions, URL, history)", r"src/app/model/"),
    ("app: view (panels, plots, layout)", r"src/app/view/"),
    ("platform (main loop, browser glue)", r"src/platform/"),
]


def run(args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def link_with_names(build):
    """The app's link line from build.ninja, with a names section, into build/parts/."""
    ninja = open(os.path.join(build, "build.ninja")).read()
    block = ninja[ninja.index("build site/bloomlab-wasm.js:"):]
    block = block[:block.index("\n\n")]
    head = block.split("\n")[0]
    objects = head.split(":", 1)[1].split("|")[0].split()[1:]
    # The whole wasm, not split in two (tools/split-wasm.mjs splits the shipped one).
    flags = re.search(r"\n  LINK_FLAGS = (.*)", block).group(1).replace("-sSPLIT_MODULE=1", "")
    libs = re.search(r"\n  LINK_LIBRARIES = (.*)", block).group(1).split()
    out = os.path.join(build, "parts")
    os.makedirs(out, exist_ok=True)
    wasm = os.path.join(out, "bloomlab-names.wasm")
    cmd = f"em++ -DNDEBUG {flags} --profiling-funcs {' '.join(objects)} -o {out}/bloomlab-names.js {' '.join(libs)}"
    subprocess.run(cmd, shell=True, check=True, cwd=build)
    return wasm, objects + libs


def objects_of(build, path, scratch):
    """The object files of an input (itself, or an archive's members extracted into scratch)."""
    full = os.path.join(build, path)
    if not path.endswith(".a"):
        return [(path, full)]
    where = os.path.join(scratch, path.replace("/", "_"))
    os.makedirs(where, exist_ok=True)
    subprocess.run(["emar", "x", full], check=True, cwd=where)
    return [(f"{path}({m})", os.path.join(where, m)) for m in sorted(os.listdir(where))]


def symbol_owners(build, inputs):
    """Demangled function -> the object that defines it; and the data bytes of each object (its
    constants and string literals, as compiled: the link keeps what is used of them)."""
    owners, data = {}, collections.Counter()
    scratch = os.path.join(build, "parts", "objects")
    subprocess.run(["rm", "-rf", scratch], check=True)
    for path in inputs:
        for member, obj in objects_of(build, path, scratch):
            for line in run(["emnm", "--defined-only", "-C", obj]).splitlines():
                m = re.match(r"[0-9a-f]+ ([TtWw]) (.*)", line)
                if m:
                    # A weak definition (a template, an inline function) is everybody's: the
                    # first object in link order that is not the platform's takes it.
                    if m.group(2) not in owners or (m.group(1) in "Ww" and "src/platform" in owners[m.group(2)]):
                        owners[m.group(2)] = member
            for line in run(["wasm-objdump", "-h", obj]).splitlines():
                m = re.match(r"\s+Data start=0x[0-9a-f]+ end=0x[0-9a-f]+ \(size=0x([0-9a-f]+)\)", line)
                if m:
                    data[member] += int(m.group(1), 16)
    return owners, data


def part_of(owner, name):
    for part, pattern in PARTS:
        if re.search(pattern, owner):
            return part
    if name.startswith("std::"):
        return "libc++ (std::)"
    return "libc, Emscripten runtime"


def main():
    build = os.path.abspath(sys.argv[1])
    wasm, inputs = link_with_names(build)
    owners, data = symbol_owners(build, inputs)
    code = collections.Counter()
    for line in run(["wasm-objdump", "-x", "-j", "Code", wasm]).splitlines():
        m = re.match(r" - func\[\d+\] size=(\d+) <(.*)>$", line)
        if m:
            name = m.group(2)
            code[part_of(owners.get(name, ""), name)] += int(m.group(1))
    datas = collections.Counter()
    for owner, size in data.items():
        datas[part_of(owner, "")] += size
    total_data = sum(int(m) for m in re.findall(r"size=(\d+)", run(["wasm-objdump", "-x", "-j", "Data", wasm])))
    # The objects' data as compiled is more than the link keeps (unused constants, strings the
    # linker merged): each part's share of it is scaled to the wasm's data.
    scale = total_data / max(1, sum(datas.values()))
    for p in datas:
        datas[p] = int(datas[p] * scale)
    rows = sorted({*code, *datas}, key=lambda p: -(code[p] + datas[p]))
    total = sum(code.values()) + total_data
    if "--json" in sys.argv:
        print(json.dumps([{"part": p, "code": code[p], "data": datas[p]} for p in rows]))
        return
    print(f"{'part':40} {'code KB':>8} {'data KB':>8} {'share':>6}")
    for p in rows:
        print(f"{p:40} {code[p] / 1024:8.1f} {datas[p] / 1024:8.1f} {100 * (code[p] + datas[p]) / total:5.1f}%")
    print(f"{'total (names build)':40} {sum(code.values()) / 1024:8.1f} {total_data / 1024:8.1f}")


if __name__ == "__main__":
    main()
