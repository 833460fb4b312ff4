#!/usr/bin/env bash
# Sets up what is missing, builds every tree and runs every test (ctest in each), then prints one
# closing line over all trees: "N passed, N failed". Exits non-zero if anything failed.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
passed=0
failed=0
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for preset in native sanitize web; do
  echo "==== $preset: build"
  if ! (build_preset "$preset"); then
    echo "==== $preset: the build failed; its tests count as one failure"
    failed=$((failed + 1))
    continue
  fi
  echo "==== $preset: test"
  ctest --preset "$preset" -j2 2>&1 | tee "$log" || true
  # ctest's own summary: "100% tests passed, 0 tests failed out of 61"
  summary="$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -1 || true)"
  if [[ "$summary" =~ ([0-9]+)\ tests\ failed\ out\ of\ ([0-9]+) ]]; then
    failed=$((failed + BASH_REMATCH[1]))
    passed=$((passed + BASH_REMATCH[2] - BASH_REMATCH[1]))
  else
    echo "==== $preset: ctest printed no summary; counted as one failure"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
