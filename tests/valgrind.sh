#!/usr/bin/env bash
# Runs every unit test under valgrind's memcheck (errors and definite leaks fail it). Slow: not
# part of ctest or CI; run it after touching memory-heavy code.
#   tests/valgrind.sh [BUILD_DIR]
set -u
build=${1:-build}
export SKRAB_TEST_GAMES=4 # the brute-force comparisons, scaled down
logs=$(mktemp -d) # reports go here, not beside the binaries (the glob would pick them up)
pass=0 fail=0
for t in "$build"/bin/test_*; do
  [ -f "$t" ] && [ -x "$t" ] || continue
  log="$logs/$(basename "$t").txt"
  if valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
      "$t" >/dev/null 2>"$log"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $(basename "$t") (see $log)"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
