#!/usr/bin/env bash
# Runs the whole test command (scripts/test.sh) several times in a row in this checkout, with no
# retry of anything that fails, and writes one line per run: the test command trusts no luck only
# if it passes every time, also on a machine that is busy with something else.
#
#   scripts/repeat-tests.sh RUNS [BUSY...]    e.g.  scripts/repeat-tests.sh 5 4 5
#
# Runs numbered in BUSY have `stress-ng --cpu N` (N = the machine's cores) running beside them for
# their whole length (stress-ng comes from Debian; installed here if it is missing). The summary
# goes to stdout and to build/repeat-tests.txt; each run's output to build/repeat-tests-RUN.log.
# Exits non-zero if any run failed.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
runs="${1:?usage: scripts/repeat-tests.sh RUNS [BUSY RUN NUMBERS...]}"
shift
busy=" $* "
if [ -n "$*" ] && ! command -v stress-ng >/dev/null; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get install -y --no-install-recommends stress-ng >/dev/null || {
    echo "repeat-tests: could not install stress-ng from Debian" >&2
    exit 1
  }
fi
mkdir -p build
summary=build/repeat-tests.txt
echo "# scripts/repeat-tests.sh $runs$busy at $(git rev-parse --short HEAD) on $(nproc) cores" | tee "$summary"
all_ok=1
for i in $(seq 1 "$runs"); do
  load="idle"
  stress_pid=""
  if [[ "$busy" == *" $i "* ]]; then
    load="busy (stress-ng --cpu $(nproc))"
    stress-ng --cpu "$(nproc)" --quiet &
    stress_pid=$!
  fi
  start=$(date +%s)
  scripts/test.sh >"build/repeat-tests-$i.log" 2>&1
  code=$?
  [ -n "$stress_pid" ] && { kill "$stress_pid" 2>/dev/null; wait "$stress_pid" 2>/dev/null; }
  minutes=$(( ($(date +%s) - start + 30) / 60 ))
  result="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "build/repeat-tests-$i.log" | tail -1)"
  echo "run $i: $load, ${result:-no summary line}, exit $code, $minutes min" | tee -a "$summary"
  if [ "$code" != 0 ]; then
    all_ok=0
    grep -E '\*\*\*Failed|Failed  |Timeout' "build/repeat-tests-$i.log" | head -20 | tee -a "$summary"
  fi
done
[ "$all_ok" = 1 ]
