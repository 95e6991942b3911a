#!/usr/bin/env bash
# The whole `skrab suggest` process on a stream of positions, as people pipe them in: CPU time
# per position for --best, the default -n 10, -n 100 and --all (all moves listed and sorted);
# then the output of every move of one heavy position (line 3 of the benchmark positions, about
# 29,500 moves) as text and as JSON, next to the time its moves take to generate, which is what
# listing them is measured against, and the two ratios the goals are set on (text at most 1.5
# times the generation, JSON at most 2 times).
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
trap 'rm -f "$stream" "$heavy" "$stream.time"' EXIT
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
rm -f "$heavy.1"
text=$(row "--all, line 3" 100 "$heavy" --all)
json=$(row "--all --json, line 3" 100 "$heavy" --all --json)
printf '%s\n%s\n' "$text" "$json"
bench=$build/bin/bench_movegen
if [ -x "$bench" ]; then # generating them alone (no ranking, sorting or output)
  sed -n 3p tests/data/positions/classic.cgp >"$heavy"
  gen=$("$bench" "$build/share/skrab/wordlist.kwg" resources/boards/CrosswordGame.txt "$heavy" 100 0 |
    awk '/^all moves/ { print $(NF - 2) }')
  printf '%-24s %10d %11s ms\n' "generation, line 3" 100 "$gen"
  for r in "$text" "$json"; do
    awk -v g="$gen" '{ ms = $(NF - 3); sub(/, line 3/, ""); NF -= 5; printf "%-24s %25.2f x generation\n", $0 " / gen", ms / g }' <<<"$r"
  done
fi
