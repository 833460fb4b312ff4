#!/usr/bin/env bash
# Sets up what is missing, builds every tree and runs every test (ctest in each tree), then
# prints one closing summary. Exits non-zero if anything failed.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
status=0
for preset in native sanitize web; do
  echo "==== $preset: build"
  build_preset "$preset"
  echo "==== $preset: test"
  ctest --preset "$preset" -j2 || status=1
done
[ $status = 0 ] && echo "All test trees passed." || echo "Some tests failed (see the ctest summaries above)."
exit $status
