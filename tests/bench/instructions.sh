#!/usr/bin/env bash
# Instructions per operation, counted by valgrind's cachegrind: the same on every run, where
# time wanders, so two builds can be compared on a busy or virtual machine. Figures only, never
# pass/fail; needs valgrind. Rows: the best move by equity with the word map of each position
# (each search from scratch; REPS searches less one, per search), and self-play by equity with
# the word map (GAMES games less one, per move). Equity ranks by LEAVES as in movegen.sh.
#   [LEAVES=FILE.klv2|none] tests/bench/instructions.sh BUILD [POSITIONS] [REPS] [GAMES]
set -eu
build=${1:-build}
positions=${2:-tests/data/positions/classic.cgp}
reps=${3:-21}
games=${4:-50}
bench=$build/bin/bench_movegen
[ -x "$bench" ] || { echo "instructions.sh: build first: no $bench" >&2; exit 2; }
[ -f "$positions" ] || { echo "instructions.sh: no $positions" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 2; }
if [ "$reps" -lt 2 ] || [ "$games" -lt 2 ]; then
  echo "instructions.sh: REPS and GAMES must be 2 or more" >&2
  exit 2
fi
leaves=${LEAVES:-$build/share/skrab/leaves/wordlist-classic.klv2}
if [ "$leaves" = none ] || [ ! -f "$leaves" ]; then leaves=-; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run OUT ARGS...: the instructions of bench_movegen ARGS; its output to OUT
run() {
  local out=$1
  shift
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bench" "$build/share/skrab/wordlist.kwg" resources/boards/CrosswordGame.txt "$@" \
    2>"$tmp/err" >"$out"
  awk '/I *refs/ { gsub(",", "", $4); print $4 }' "$tmp/err"
}

printf '%-36s %9s %16s\n' operation items instructions/item
n=0
while IFS= read -r line; do
  n=$((n + 1))
  printf '%s\n' "$line" >"$tmp/pos.cgp"
  a=$(run "$tmp/out" "$tmp/pos.cgp" "$reps" 1 english "$leaves" equity)
  b=$(run "$tmp/out" "$tmp/pos.cgp" 1 1 english "$leaves" equity)
  printf '%-36s %9d %16d\n' "best (equity, word map), line $n" "$((reps - 1))" \
    "$(((a - b) / (reps - 1)))"
done <"$positions"
a=$(run "$tmp/out" "$positions" 1 "$games" english "$leaves" selfplay)
ma=$(sed -n 's/.*, \([0-9]*\) moves).*/\1/p' "$tmp/out")
b=$(run "$tmp/out" "$positions" 1 1 english "$leaves" selfplay)
mb=$(sed -n 's/.*, \([0-9]*\) moves).*/\1/p' "$tmp/out")
printf '%-36s %9d %16d\n' "self-play (equity, word map), a move" "$((ma - mb))" \
  "$(((a - b) / (ma - mb)))"
