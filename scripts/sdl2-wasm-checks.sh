#!/usr/bin/env bash
# Writes cmake/sdl2-wasm-checks.cmake: the answers SDL's wasm configure gets from the compiler
# (HAVE_STRLCPY and ~150 more), so a fresh web tree need not ask them again (~10 minutes of one
# core). Run it when Emscripten or SDL changes version. It configures SDL twice in scratch trees,
# asking the questions and then with the answers given, and fails unless both write the same
# SDL_config.h.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
out="$ROOT/cmake/sdl2-wasm-checks.cmake"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

configure_sdl() {  # configure_sdl DIR SEED(ON|OFF): the web tree's configure, then SDL's
  cmake --preset web -B "$1" -DBLOOMLAB_SDL2_CHECKS="$2" >/dev/null
  cmake --build "$1" --target sdl2_wasm-configure >/dev/null
}
config_h() { find "$1/sdl2-wasm-build" -path '*/include-config-*/SDL_config.h' | head -1; }

echo "sdl2-wasm-checks: SDL's configure, asking the compiler (minutes)"
configure_sdl "$scratch/asked" OFF
emscripten="$(emcc --version | sed -nE '1s/.* ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p')"
sdl="$(sed -nE 's/^set\(SDL_(MAJOR|MINOR|MICRO)_VERSION ([0-9]+)\)$/\2/p' .deps/libsdl2/CMakeLists.txt | paste -sd.)"
{
  echo "# For Emscripten $emscripten and SDL $sdl"
  echo "# Written by scripts/sdl2-wasm-checks.sh: the answers of SDL's configure checks, given to it"
  echo "# with -C by cmake/Deps.cmake. Do not edit; rerun the script."
  grep -E '^(HAVE_[A-Za-z0-9_]+|LIBC_IS_GLIBC|STDC_HEADERS):INTERNAL=' "$scratch/asked/sdl2-wasm-build/CMakeCache.txt" |
    sed -E 's/^([^:]+):INTERNAL=(.*)$/set(\1 "\2" CACHE INTERNAL "")/'
} > "$out.new"
mv "$out.new" "$out"

echo "sdl2-wasm-checks: SDL's configure with the answers given"
configure_sdl "$scratch/given" ON
asked_h="$(config_h "$scratch/asked")"
given_h="$(config_h "$scratch/given")"
if [ -z "$asked_h" ] || [ -z "$given_h" ]; then
  echo "sdl2-wasm-checks: SDL's configure wrote no SDL_config.h under include-config-*" >&2
  exit 1
fi
if ! cmp -s "$asked_h" "$given_h"; then
  diff "$asked_h" "$given_h" || true
  echo "sdl2-wasm-checks: SDL_config.h differs when the answers are given: $out is not usable" >&2
  exit 1
fi
echo "sdl2-wasm-checks: wrote $out ($(grep -c '^set(' "$out") answers); SDL_config.h is the same either way"
