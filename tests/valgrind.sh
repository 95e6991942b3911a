#!/usr/bin/env bash
# Runs every unit test, then every golden test of the command, under valgrind's memcheck (errors
# and definite leaks fail it). Slow: not part of ctest or CI; run it after touching
# memory-heavy code.
#   tests/valgrind.sh [BUILD_DIR] [--unit-only]
set -u
build=${1:-build}
export SKRAB_TEST_GAMES=4 # the brute-force comparisons, scaled down
logs=$(mktemp -d) # reports go here, not beside the binaries (the glob would pick them up)
pass=0 fail=0
# the optional transcript corpus test takes its directory, as configured (tests/CMakeLists.txt)
corpus=$(sed -n 's/^SKRAB_GCG_CORPUS:PATH=//p' "$build/CMakeCache.txt" 2>/dev/null)
for t in "$build"/bin/test_*; do
  [ -f "$t" ] && [ -x "$t" ] || continue
  log="$logs/$(basename "$t").txt"
  args=()
  [ "$(basename "$t")" = test_gcg_corpus ] && args=("$corpus")
  if valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
      "$t" "${args[@]}" >/dev/null 2>"$log"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $(basename "$t") (see $log)"
  fi
done
echo "unit tests: $pass passed, $fail failed"
if [ "${2:-}" != "--unit-only" ]; then
  # The golden cases through a wrapper beside the binary (so that it finds its data the same
  # way): each process's report in its own file; a report with anything in it is a failure.
  wrapper="$build/bin/skrab-valgrind"
  cat >"$wrapper" <<WRAP
#!/bin/sh
exec valgrind -q --leak-check=full --errors-for-leak-kinds=definite \\
  --log-file="$logs/skrab.%p.txt" "\$(dirname "\$0")/skrab" "\$@"
WRAP
  chmod +x "$wrapper"
  cpass=0 cfail=0
  for c in tests/cli/cases/*/; do
    if bash tests/cli/run.sh "$wrapper" "$c" >"$logs/case.txt" 2>&1; then
      cpass=$((cpass + 1))
    else
      cfail=$((cfail + 1))
      echo "FAIL $c"
      head -20 "$logs/case.txt"
    fi
  done
  rm -f "$wrapper"
  bad=$(find "$logs" -name 'skrab.*.txt' -size +0)
  for b in $bad; do
    echo "memcheck report: $b"
    head -20 "$b"
  done
  echo "golden tests: $cpass passed, $cfail failed; $(echo "$bad" | grep -c .) memcheck reports"
  fail=$((fail + cfail + $(echo "$bad" | grep -c .)))
fi
[ "$fail" -eq 0 ]
