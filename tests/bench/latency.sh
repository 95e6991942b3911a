#!/usr/bin/env bash
# The machine's memory latency by working-set size (bench_latency.c): what a cache miss of the
# move generator's tables costs here. Figures only, never pass/fail; the rows are wall-clock
# time, so run it on a quiet machine, in a Release build:
#   [RUNS=N] tests/bench/latency.sh build-release [STEPS]
# RUNS=N (default 1) prints each row's fastest of N runs.
set -eu
build=${1:-build}
bench=$build/bin/bench_latency
[ -x "$bench" ] || { echo "latency.sh: build first: no $bench" >&2; exit 2; }
runs=${RUNS:-1}
for ((i = 0; i < runs; i++)); do
  "$bench" "${2:-10000000}"
done | awk '
  /^operation/ { if (!head) { head = $0; print } next }
  {
    key = substr($0, 1, 34)
    if (!(key in best)) { order[++n] = key; best[key] = $0; t[key] = $(NF - 1); next }
    if ($(NF - 1) + 0 < t[key] + 0) { best[key] = $0; t[key] = $(NF - 1) }
  }
  END { for (i = 1; i <= n; i++) print best[order[i]] }'
