#!/usr/bin/env bash
# The C++ sources (src/, tests/, tools/) are as the project's .clang-format writes them. clang-format 14,
# Debian 12's (scripts/setup.sh installs it): another version formats some lines otherwise, so the
# check names the version it needs instead of reporting them. Fix: scripts/check-format.sh --fix
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CF="$(command -v clang-format-14 || command -v clang-format || true)"
[ -n "$CF" ] || { echo "check-format: clang-format 14 is not installed (apt install clang-format)"; exit 1; }
"$CF" --version | grep -q "version 14\." ||
  { echo "check-format: needs clang-format 14 (Debian 12's); $CF is: $("$CF" --version)"; exit 1; }
mapfile -t FILES < <(find src tests tools -type f \( -name '*.cpp' -o -name '*.h' \) | LC_ALL=C sort)
if [ "${1:-}" = "--fix" ]; then "$CF" -i "${FILES[@]}"; exit 0; fi
# One run over all files; its warnings name each line it would change.
mapfile -t BAD < <("$CF" --dry-run "${FILES[@]}" 2>&1 | grep -o '^[^:]*:[0-9]*:[0-9]*: warning' | cut -d: -f1 |
  sort -u)
for f in "${BAD[@]}"; do echo "not formatted: $f"; done
bad=${#BAD[@]}
echo "format: ${#FILES[@]} files, $bad not as .clang-format writes them (scripts/check-format.sh --fix)"
[ "$bad" = 0 ]
