#!/usr/bin/env bash
# Move generation benchmark (issue 5): per position of the shared classic.cgp, single thread,
# CPU time: all moves (time, moves/s), best move by score and by equity; greedy self-play games
# per second; peak RSS. Figures only, never pass/fail; run it on a quiet machine, in a Release
# build for the real figures:
#   cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release && cmake --build build-release -j2
#   tests/bench/movegen.sh build-release [POSITIONS] [REPS] [GAMES]
set -eu
build=${1:-build}
positions=${2:-../shared/data/positions/classic.cgp}
bench=$build/bin/bench_movegen
[ -x "$bench" ] || { echo "movegen.sh: build first: no $bench" >&2; exit 2; }
[ -f "$positions" ] || { echo "movegen.sh: no $positions (the shared benchmark positions)" >&2; exit 2; }
"$bench" "$build/share/skrab/wordlist.kwg" resources/boards/CrosswordGame.txt "$positions" \
  "${3:-50}" "${4:-50}"
