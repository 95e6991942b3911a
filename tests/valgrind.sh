#!/usr/bin/env bash
# Runs every unit test under valgrind's memcheck (errors and definite leaks fail it). Slow: not
# part of ctest or CI; run it after touching memory-heavy code.
#   tests/valgrind.sh [BUILD_DIR]
set -u
build=${1:-build}
export SKRAB_TEST_GAMES=4 # the brute-force comparisons, scaled down
pass=0 fail=0
for t in "$build"/bin/test_*; do
  if valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
      "$t" >/dev/null 2>"$t.valgrind"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $(basename "$t") (see $t.valgrind)"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
