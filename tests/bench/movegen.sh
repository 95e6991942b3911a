#!/usr/bin/env bash
# Move generation benchmark: per position of tests/data/positions/classic.cgp, single thread,
# CPU time: all moves (time, moves/s), best move by score and by equity; greedy self-play games
# per second; peak RSS. Figures only, never pass/fail; run it on a quiet machine, in a Release
# build for the real figures:
#   cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release && cmake --build build-release -j2
#   [RUNS=N] [LEAVES=FILE.klv2|none] tests/bench/movegen.sh build-release [POSITIONS] [REPS] [GAMES]
# Equity rows rank by LEAVES (a KLV/KLV2 file), by default the shipped leaves of the classic
# rules (the build's share/skrab/leaves/wordlist-classic.klv2), or with LEAVES=none (or no
# shipped file) by the built-in heuristic.
set -eu
build=${1:-build}
positions=${2:-tests/data/positions/classic.cgp}
bench=$build/bin/bench_movegen
[ -x "$bench" ] || { echo "movegen.sh: build first: no $bench" >&2; exit 2; }
[ -f "$positions" ] || { echo "movegen.sh: no $positions (the benchmark positions)" >&2; exit 2; }
# RUNS=N (default 1) runs the whole table N times and keeps each row's fastest run: on a shared
# or virtual machine one run can be 20% off.
runs=${RUNS:-1}
leaves=${LEAVES:-$build/share/skrab/leaves/wordlist-classic.klv2}
if [ "$leaves" = none ] || [ ! -f "$leaves" ]; then leaves=-; fi
for ((i = 0; i < runs; i++)); do
  "$bench" "$build/share/skrab/wordlist.kwg" resources/boards/CrosswordGame.txt "$positions" \
    "${3:-50}" "${4:-50}" english "$leaves"
done | awk -v runs="$runs" '
  runs == 1 { print; next }
  /^operation/ { if (!head) head = $0; next }
  {
    key = substr($0, 1, 34)
    if (!(key in best)) { order[++n] = key; best[key] = $0; next }
    if (key ~ /peak RSS/) next
    split(substr($0, 35), now, " "); split(substr(best[key], 35), was, " ")
    t = (now[1] ~ /^[0-9]+$/ && now[2] !~ /^ms$/) ? now[2] : now[1]   # the time column
    u = (was[1] ~ /^[0-9]+$/ && was[2] !~ /^ms$/) ? was[2] : was[1]
    if (t + 0 < u + 0) best[key] = $0
  }
  END { if (runs > 1) { print head " (best of " runs " runs)"; for (i = 1; i <= n; i++) print best[order[i]] } }'
