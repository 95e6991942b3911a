#!/usr/bin/env bash
# The whole `skrab suggest` process on a stream of positions, as people pipe them in: CPU time
# per position for --best, the default -n 10, -n 100 and --all (all moves listed and sorted);
# then the output of every move of one heavy position (line 3 of the benchmark positions, about
# 29,500 moves) as text and as JSON, next to the time its moves take to generate, which is what
# listing them is measured against, and the two ratios the goals are set on (text at most 1.5
# times the generation, JSON at most 2 times). The ratios compare like with like: bench_movegen
# builds the lexicon's walk table before it times, while `skrab suggest` builds it only after
# 200,000 listed moves (about 7 of these positions), so a ratio takes the cost of 100 more
# positions of one process (110 less 10), after the table is built.
# Figures only, never pass/fail; run it on a quiet machine, in a Release build:
#   tests/bench/suggest.sh build-release [POSITIONS] [REPEAT]
# POSITIONS (default: tests/data/positions/classic.cgp) is read REPEAT times (default 200).
set -eu
build=${1:-build}
positions=${2:-tests/data/positions/classic.cgp}
repeat=${3:-200}
skrab=$build/bin/skrab
[ -x "$skrab" ] || { echo "suggest.sh: build first: no $skrab" >&2; exit 2; }
[ -f "$positions" ] || { echo "suggest.sh: no $positions" >&2; exit 2; }
stream=$(mktemp)
heavy=$(mktemp)
trap 'rm -f "$stream" "$heavy" "$heavy".* "$stream.time"' EXIT
for ((i = 0; i < repeat; i++)); do cat "$positions"; done >"$stream"
n=$(grep -c . "$stream")
printf '%-24s %10s %14s %12s\n' "suggest" "positions" "time/position" "peak RSS"
row() { # LABEL N INPUT ARGS...: one process over INPUT, CPU time per position
  local label=$1 count=$2 input=$3
  shift 3
  /usr/bin/time -o "$stream.time" -f '%U %S %M' "$skrab" suggest "$@" <"$input" >/dev/null 2>&1
  awk -v mode="$label" -v n="$count" '{ printf "%-24s %10d %11.3f ms %9d KB\n", mode, n, ($1 + $2) * 1000 / n, $3 }' "$stream.time"
}
for mode in "--best" "-n 10" "-n 100" "--all"; do
  # shellcheck disable=SC2086 # the mode is words on purpose
  row "$mode" "$n" "$stream" $mode
done
# one heavy position, 100 times: the cost of listing every move
sed -n 3p tests/data/positions/classic.cgp >"$heavy.1"
for ((i = 0; i < 100; i++)); do cat "$heavy.1"; done >"$heavy"
text=$(row "--all, line 3" 100 "$heavy" --all)
json=$(row "--all --json, line 3" 100 "$heavy" --all --json)
printf '%s\n%s\n' "$text" "$json"
bench=$build/bin/bench_movegen
if [ -x "$bench" ]; then # generating them alone (no ranking, sorting or output)
  gen=$("$bench" "$build/share/skrab/wordlist.kwg" resources/boards/CrosswordGame.txt "$heavy.1" 100 0 |
    awk '/^all moves/ { print $(NF - 2) }')
  printf '%-24s %10d %11s ms\n' "generation, line 3" 100 "$gen"
  # the steady cost of a position: 110 of them less 10, in one process each
  for ((i = 0; i < 10; i++)); do cat "$heavy.1"; done >"$heavy.10"
  for ((i = 0; i < 110; i++)); do cat "$heavy.1"; done >"$heavy.110"
  for args in "--all" "--all --json"; do
    # shellcheck disable=SC2086 # the arguments are words on purpose
    t10=$(row x 1 "$heavy.10" $args | awk '{ print $(NF - 3) }')
    # shellcheck disable=SC2086
    t110=$(row x 1 "$heavy.110" $args | awk '{ print $(NF - 3) }')
    awk -v a="$args" -v t10="$t10" -v t110="$t110" -v g="$gen" 'BEGIN {
      ms = (t110 - t10) / 100
      printf "%-24s %10d %11.3f ms %9s\n", a ", 10 to 110", 100, ms, ""
      printf "%-24s %25.2f x generation\n", a " / gen", ms / g }'
  done
fi
rm -f "$heavy.1" "$heavy.10" "$heavy.110"
