#!/usr/bin/env python3
"""Checks how the web tree compiles: the filter core for speed, the UI and ImGui for size.

usage: check_web_optimization.py BUILD_DIR SOURCE_DIR

Reads BUILD_DIR/compile_commands.json (the commands ninja runs) and fails when
  - a core source (src/core/*.cpp) does not reach clang at -O2 or -O3, or reaches it with
    -fno-inline-functions. Emscripten 3.1.6 adds -fno-inline-functions to every compile whose
    command holds -Os or -Oz anywhere (emcc.py: -Os/-Oz set INLINING_LIMIT), and a later -O2
    does not take it back: the core built that way ran the sweep about 3x slower (issue 15).
    So each core command is given back to em++ with -E -v, which prints the clang command that
    em++ really runs, and that command is what is checked;
  - a UI or ImGui source (src/app, src/platform, ImGui) is not compiled at -Os or -Oz (the
    download budget).
"""
import json
import os
import shlex
import subprocess
import sys

SPEED_LEVELS = {"-O2", "-O3"}
SIZE_LEVELS = {"-Os", "-Oz"}


def arguments(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def last_level(args):
    levels = [a for a in args if a.startswith("-O")]
    return levels[-1] if levels else None


def clang_command(entry):
    """The clang -cc1 command em++ runs for this entry (preprocessing only, writes nothing)."""
    args = arguments(entry)
    kept = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MT", "-MF", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD"):
            continue
        kept.append(a)
    env = dict(os.environ, EMSDK_PYTHON=os.environ.get("EMSDK_PYTHON", "/usr/bin/python3"))
    run = subprocess.run(kept + ["-E", "-v", "-o", os.devnull], cwd=entry["directory"],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"em++ -E -v failed for {entry['file']}:\n{run.stderr}")
    # clang -v prints its -cc1 command as '"/path/to/clang" -cc1 -triple ...'.
    cc1 = [shlex.split(line) for line in run.stderr.splitlines() if line.startswith(' "')]
    cc1 = [c for c in cc1 if c[1:2] == ["-cc1"]]
    if not cc1:
        sys.exit(f"em++ -v printed no clang -cc1 command for {entry['file']}:\n{run.stderr}")
    return cc1[-1]


def main():
    build_dir, source_dir = sys.argv[1], os.path.realpath(sys.argv[2])
    entries = json.load(open(os.path.join(build_dir, "compile_commands.json")))
    core_dir = os.path.join(source_dir, "src", "core") + os.sep
    ui_dirs = [os.path.join(source_dir, "src", d) + os.sep for d in ("app", "platform")]
    problems, core, ui = [], 0, 0
    for entry in entries:
        path = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        name = os.path.relpath(path, source_dir)
        args = arguments(entry)
        if path.startswith(core_dir):
            core += 1
            cc1 = clang_command(entry)
            level = last_level(cc1)
            if level not in SPEED_LEVELS:
                problems.append(f"{name}: clang runs at {level}, not -O2 or -O3")
            if "-fno-inline-functions" in cc1:
                problems.append(f"{name}: clang runs with -fno-inline-functions (an -Os or -Oz on "
                                f"its em++ line: {[a for a in args if a.startswith('-O')]})")
        elif any(path.startswith(d) for d in ui_dirs) or "imgui" in os.path.basename(path):
            ui += 1
            level = last_level(args)
            if level not in SIZE_LEVELS:
                problems.append(f"{name}: compiled at {level}, not -Os or -Oz")
    if core == 0 or ui == 0:
        problems.append(f"found {core} core and {ui} UI sources in compile_commands.json: "
                        "is this the web tree, built?")
    for p in problems:
        print(p)
    print(f"{core} core sources (speed), {ui} UI and ImGui sources (size): "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
