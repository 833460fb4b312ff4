# Shared by serve.sh and test.sh: setup, then configure + build a preset's tree.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# Emscripten's JS optimizer needs Debian's acorn, which Node finds only here.
export NODE_PATH=/usr/share/nodejs
# Debian's emcc runs under Debian's python3; a python3 found first on PATH (pyenv's shim, say)
# doubles the start-up of every compiler call, and SDL's configure makes hundreds of them.
export EMSDK_PYTHON=/usr/bin/python3
"$ROOT/scripts/setup.sh"

build_preset() {  # build_preset NAME: configures once, then builds what changed
  local preset="$1"
  if [ ! -f "$ROOT/build/$preset/build.ninja" ]; then
    cmake --preset "$preset" >/dev/null || { echo "build: configuring '$preset' failed (see above)" >&2; exit 1; }
  fi
  cmake --build --preset "$preset"
}
