#!/usr/bin/env bash
# Installs everything BloomLab needs, from Debian's and npm's registries only.
# Idempotent: a second run finds each step done and skips it.
# Sourced-free: run it directly; serve.sh and test.sh call it first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Third-party sources and npm packages live outside src/, in a cache the build tree reads.
DEPS="${BLOOMLAB_DEPS:-$ROOT/.deps}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

fail() { echo "setup: $1" >&2; exit 1; }
say()  { echo "setup: $*"; }

# ---- 1. Debian packages ---------------------------------------------------------------------
APT_PACKAGES=(
  cmake ninja-build g++ clang libclang-rt-14-dev  # native build, sanitizers, libFuzzer
  clang-format                                    # 14: the sources' format check (scripts/check-format.sh)
  emscripten                                      # 3.1.6: the wasm toolchain
  wabt                                            # wasm-objdump: what each part of the wasm costs (tests/bench/wasm_parts.py)
  libsdl2-dev libgl-dev                           # native desktop app
  doctest-dev nlohmann-json3-dev                  # unit tests (nlohmann: reading the JSON the app writes)
  chromium xvfb xauth                             # browser + desktop smoke tests
  firefox-esr                                     # the second engine's browser tests (under Xvfb)
  dpkg-dev                                        # dpkg-source for the SDL2 / ImGui source packages
  golang-go                                       # the Code panel's Go program, run by its test
  fonts-dejavu-core python3-fonttools python3-brotli  # the UI font, subset at build time
  fonts-wqy-microhei                              # the Chinese UI's font (subset to the zh texts)
  fonts-noto-color-emoji                          # the browser tests: an emoji in a word, drawn by the browser
  gettext                                         # the UI's catalogs: xgettext, msgfmt (po/)
  gzip ca-certificates
)
missing=()
# Node.js: the machine's own (any >= 18, with npm) is kept; else Debian's.
command -v node >/dev/null && command -v npm >/dev/null || APT_PACKAGES+=(nodejs npm)
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || fail "apt-get update failed (is a Debian mirror reachable?). Fix the network, then rerun $0"
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]} failed. Run: apt-get install ${missing[*]}"
else
  say "Debian packages present"
fi

# ---- 2. Debian source packages: SDL2 (for wasm), Dear ImGui, and nayuki's QR Code generator (a slide's QR code) --
# A private apt configuration, so the user's system sources are never edited.
SRC_PKGS=("libsdl2:2.26.5" "imgui:1.86" "qr-code-generator:1.8.0")
# A package the mirror serves only in part: the upstream tarball, checked by this sha256 (the one
# Debian's signed source index gives), is enough (its Debian patches only package the library).
declare -A ORIG_ONLY=(
  [qr-code-generator]=2ec0a4d33d6f521c942eeaf473d42d5fe139abcfa57d2beffe10c5cf7d34ae60
)
fetch_source() {
  local name="$1" version="$2" dest="$DEPS/$1"
  [ -f "$dest/.complete" ] && return 0
  say "fetching Debian source package $name ($version)"
  local apt="$DEPS/apt"
  mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache/archives/partial" "$DEPS/tmp"
  cat > "$apt/parts/debian-src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  local o=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt/parts"
           -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache")
  if [ ! -f "$apt/.updated" ]; then
    apt-get "${o[@]}" update -qq || fail "apt-get update for source packages failed (Debian mirror unreachable?). Rerun $0"
    touch "$apt/.updated"
  fi
  local work; work="$(mktemp -d "$DEPS/tmp/$name.XXXX")"
  if [ -n "${ORIG_ONLY[$name]:-}" ]; then
    ( cd "$work" && apt-get "${o[@]}" source --download-only -qq "$name" >/dev/null 2>&1 ) || true
    local orig="$work/${name}_${version}.orig.tar.gz"
    [ -f "$orig" ] && echo "${ORIG_ONLY[$name]}  $orig" | sha256sum --check --status \
      || { rm -rf "$work"; fail "apt-get source $name: ${name}_${version}.orig.tar.gz missing or not the pinned one. Check the network and rerun $0"; }
    mkdir "$work/src" && tar -xzf "$orig" -C "$work/src" --strip-components=1 || { rm -rf "$work"; fail "unpacking $orig failed"; }
    rm -rf "$dest"; mv "$work/src" "$dest"; rm -rf "$work"
    touch "$dest/.complete"
    return 0
  fi
  ( cd "$work" && apt-get "${o[@]}" source --download-only -qq "$name" >/dev/null ) \
    || { rm -rf "$work"; fail "apt-get source $name failed. Check the network and rerun $0"; }
  local dsc; dsc="$(ls "$work"/*.dsc | head -1)"
  grep -q "^Version: ${version}" "$dsc" || { rm -rf "$work"; fail "$name: expected version $version, got $(grep ^Version: "$dsc")"; }
  ( cd "$work" && dpkg-source --no-check -x "$dsc" src >/dev/null ) || { rm -rf "$work"; fail "dpkg-source -x $dsc failed"; }
  rm -rf "$dest"; mv "$work/src" "$dest"; rm -rf "$work"
  touch "$dest/.complete"
}
for sp in "${SRC_PKGS[@]}"; do fetch_source "${sp%%:*}" "${sp##*:}"; done

# ---- 3. npm packages (pinned by package-lock.json) ------------------------------------------
# Never downloads a browser: playwright-core and puppeteer-core have no install script (and
# --ignore-scripts, the SKIP variables say it twice); the rest are data or peers.
if [ ! -f "$ROOT/node_modules/.package-lock.json" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
  say "installing npm packages"
  ( cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error ) \
    || fail "npm ci failed (npm registry unreachable?). Rerun $0"
else
  say "npm packages present"
fi
say "ready"
