#!/usr/bin/env bash
# A longer fuzzing run than ctest's: builds the sanitize tree (configuring it, after setup, the
# first time), then fuzzes every libFuzzer target ctest knows (label "fuzz") for N seconds each,
# on both cores, from its seeds and what earlier runs kept. Prints one closing line per target
# and "N passed, N failed"; exits non-zero if any target crashed (or leaked, timed out, ran out
# of memory): its input is in build/sanitize/tests/fuzz/runs/<target>/artifacts/.
#
#   scripts/fuzz.sh [SECONDS]     seconds per target: the argument, else $FUZZ_SECONDS, else 300
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
seconds="${1:-${FUZZ_SECONDS:-300}}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: seconds must be a whole number above 0, not '$seconds'" >&2; exit 2; }

# A tree configured before knows where its dependencies are; a new one is set up as test.sh's.
if [ -f "$ROOT/build/sanitize/build.ninja" ]; then
  cmake --build --preset sanitize
else
  source "$ROOT/scripts/common.sh"
  build_preset sanitize
fi

# Each fuzz test's command is "TARGET <options> CORPUS SEEDS" (tests/fuzz/CMakeLists.txt).
targets="$(ctest --preset sanitize -L fuzz --show-only=json-v1 | python3 -c '
import json, sys
for t in json.load(sys.stdin)["tests"]:
    c = t["command"]
    print(t["name"], c[0], c[-2], c[-1], sep="\t")')"
[ -n "$targets" ] || { echo "fuzz: ctest lists no fuzz targets in build/sanitize" >&2; exit 1; }

passed=0
failed=0
summary=()
while IFS=$'\t' read -r name exe corpus seeds; do
  work="$(dirname "$corpus")"
  mkdir -p "$corpus" "$work/artifacts"
  stamp="$work/.started"
  touch "$stamp"
  echo "==== $name: ${seconds} s on 2 cores (log: $work/fuzz.log)"
  # -jobs: each job writes its own fuzz-<n>.log in the working folder, then the parent copies it.
  status=0
  (cd "$work" && "$exe" -max_total_time="$seconds" -jobs=2 -workers=2 -max_len=4096 \
      -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
      "$corpus" "$seeds") >"$work/fuzz.log" 2>&1 || status=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | awk '{n += $1} END {print n + 0}')"
  inputs="$(find "$corpus" -type f | wc -l)"
  # crash-, leak-, timeout-, oom-: a finding; slow-unit- is only a note.
  found="$(find "$work/artifacts" -type f -newer "$stamp" ! -name 'slow-unit-*' | sort)"
  if [ "$status" = 0 ] && [ -z "$found" ]; then
    passed=$((passed + 1))
    summary+=("$name: passed, $runs runs in ${seconds} s, corpus $inputs inputs")
  else
    failed=$((failed + 1))
    grep -E '^(==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$work/fuzz.log" | head -20 || true
    summary+=("$name: FAILED (exit $status), $runs runs; inputs: ${found:-none written (see $work/fuzz.log)}")
  fi
done <<<"$targets"

echo "==== fuzz: ${seconds} s per target"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
