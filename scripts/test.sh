#!/usr/bin/env bash
# Sets up what is missing, builds every tree and runs every test (ctest in each), then prints one
# closing line over all trees: "N passed, N failed". Exits non-zero if anything failed.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
passed=0
failed=0
log="$(mktemp)"
web_log="$(mktemp)"
web_pid=""
# Each phase's start says how long the command has run (the README's timings come from these).
mark() { echo "==== $* (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"; }
trap '[ -z "$web_pid" ] || kill "$web_pid" 2>/dev/null; rm -f "$log" "$web_log"' EXIT

run_tests() {  # run_tests PRESET: ctest, then its summary counted into passed/failed
  local preset="$1" summary
  mark "$preset: test"
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
}

# The web tree's build is long stretches on one core (SDL's configure, the wasm's link and split):
# it runs in the background while the native and sanitize trees build and test on both cores;
# its log is shown when it is waited for, and its tests run last, alone. (At nice 10 it starved:
# SDL's configure was still running when the sanitize tree's tests ended, and the web tree's
# one-core tail came after them.)
mark "web: build (in the background; its log follows the sanitize tree's tests)"
(build_preset web) >"$web_log" 2>&1 &
web_pid=$!

for preset in native sanitize; do
  mark "$preset: build"
  if ! (build_preset "$preset"); then
    echo "==== $preset: the build failed; its tests count as one failure"
    failed=$((failed + 1))
    continue
  fi
  run_tests "$preset"
done

mark "web: build (waiting for it)"
web_built=0
wait "$web_pid" && web_built=1
web_pid=""
cat "$web_log"
mark "web: built"
if [ "$web_built" = 1 ]; then
  run_tests web
else
  echo "==== web: the build failed; its tests count as one failure"
  failed=$((failed + 1))
fi
mark "done"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
