#!/usr/bin/env bash
# Self-play by equity with a word map, skrab against MAGPIE (github.com/jvc56/MAGPIE) on this
# machine: the same SOWPODS KWG, the same KLV2 leaves, the standard board and English tiles, one
# thread each, ROUNDS rounds alternating the two. Figures only, never pass/fail. MAGPIE is not
# part of skrab: build it yourself (`make magpie BUILD=release` in its checkout) and name the
# checkout; its data files are made here, from this build's files, in a scratch directory.
#   tests/bench/magpie.sh MAGPIE_DIR [BUILD] [GAMES] [ROUNDS]
# GAMES 2000 and ROUNDS 3 by default. Each row: games/s (CPU time, user + sys, MAGPIE's start-up
# taken off), moves a game, us a move, peak RSS. The engines' games differ: MAGPIE's equity adds
# an opening vowel penalty and, with the bag empty, a rack adjustment instead of the leave, so
# it plays fewer moves a game; compare the us-a-move column too.
# COUNT=1 counts instructions instead (valgrind's cachegrind; ROUNDS is not used): each engine
# plays 1 game and GAMES games, and the row gives the instructions of a move of the GAMES less
# the first, set-up taken off. A count does not wander with the machine, but valgrind cannot
# run a MAGPIE built with -march=native on a processor with AVX-512; build it for the count with
# `make magpie BUILD=release 'cflags.release=-O3 -flto -march=x86-64-v3 -DNDEBUG'`.
set -eu
if [ $# -lt 1 ]; then
  echo "usage: tests/bench/magpie.sh MAGPIE_DIR [BUILD] [GAMES] [ROUNDS]" >&2
  exit 2
fi
magpie_dir=$1
build=${2:-build-release}
games=${3:-2000}
rounds=${4:-3}
if [ "${COUNT:-0}" = 1 ] && ! [ "$games" -ge 2 ] 2>/dev/null; then
  echo "magpie.sh: COUNT=1 needs GAMES of 2 or more" >&2
  exit 2
fi
magpie=$magpie_dir/bin/magpie
bench=$build/bin/bench_movegen
share=$build/share/skrab
[ -x "$magpie" ] || { echo "magpie.sh: no $magpie (make magpie BUILD=release there)" >&2; exit 2; }
[ -x "$bench" ] || { echo "magpie.sh: build first: no $bench" >&2; exit 2; }
for f in "$share/wordlist.kwg" "$share/leaves/wordlist-classic.klv2" resources/wordlist.txt \
  resources/tiles/english.txt resources/boards/CrosswordGame.txt; do
  [ -f "$f" ] || { echo "magpie.sh: no $f" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# MAGPIE's data: it takes an English lexicon by a CSW name; the words are skrab's SOWPODS list
data=$tmp/data
mkdir -p "$data/lexica" "$data/layouts" "$data/letterdistributions" "$data/strategy"
cp "$share/wordlist.kwg" "$data/lexica/CSW21.kwg"
cp "$share/leaves/wordlist-classic.klv2" "$data/lexica/CSW21.klv2"
cp resources/wordlist.txt "$data/lexica/CSW21.txt"
# letter distribution: letter,lower case,count,score,vowel; the blank first
awk '$1 == "?" { print "?,?," $3 "," $2 ",0" }' resources/tiles/english.txt \
  >"$data/letterdistributions/english.csv"
awk '$1 ~ /^[A-Z]$/ { print $1 "," tolower($1) "," $3 "," $2 "," ($1 ~ /[AEIOU]/) }' \
  resources/tiles/english.txt >>"$data/letterdistributions/english.csv"
# the board: the same squares; MAGPIE writes the start square without a space
sed '1s/ //g' resources/boards/CrosswordGame.txt >"$data/layouts/standard15.txt"
# MAGPIE reads its default layout from ./data before its options, and writes settings there
cd_run() { (cd "$tmp" && "$@"); }
cd_run "$magpie" convert text2wordmap CSW21 -path "$data" -savesettings false >"$tmp/wmp.log" 2>&1
[ -s "$data/lexica/CSW21.wmp" ] || { echo "magpie.sh: no word map made:" >&2; cat "$tmp/wmp.log" >&2; exit 1; }

# Each engine's self-play of N games: bench_movegen's arguments around N, and MAGPIE's autoplay
# options (absolute paths: MAGPIE runs in the scratch directory, and so does the count)
abs_share=$(cd "$share" && pwd)
abs_bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")
skrab_head=("$abs_share/wordlist.kwg" "$PWD/resources/boards/CrosswordGame.txt"
  "$PWD/tests/data/positions/classic.cgp" 2)
skrab_tail=(english "$abs_share/leaves/wordlist-classic.klv2" selfplay)
magpie_opts=(-path "$data" -lex CSW21 -ld english -leaves CSW21 -wmp true -threads 1 -seed 1
  -savesettings false)
# played N OUT: MAGPIE exits 0 even when it fails; its output OUT must say it played N games
played() {
  grep -q "Games Played: $1\$" "$2" && return
  echo "magpie.sh: MAGPIE failed:" >&2
  cat "$2" >&2
  exit 1
}

if [ "${COUNT:-0}" = 1 ]; then
  command -v valgrind >/dev/null || { echo "magpie.sh: COUNT=1 needs valgrind" >&2; exit 2; }
  # count OUT CMD...: the instructions of CMD, run in the scratch directory; its output to OUT
  count() {
    local out=$1
    shift
    if ! cd_run valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
      >"$out" 2>"$tmp/vg"; then
      echo "magpie.sh: under valgrind: $1 failed:" >&2
      grep -v '^==' "$tmp/vg" | tail -5 >&2
      echo "magpie.sh: (valgrind runs no AVX-512: see COUNT in this script's header)" >&2
      exit 1
    fi
    awk '/I *refs/ { gsub(",", "", $4); print $4 }' "$tmp/vg"
  }
  skrab_count() {
    count "$tmp/out" "$abs_bench" "${skrab_head[@]}" "$1" "${skrab_tail[@]}"
    awk '/^self-play/ { print $(NF - 1) }' "$tmp/out"
  }
  magpie_count() {
    count "$tmp/out" "$magpie" autoplay games "$1" "${magpie_opts[@]}"
    played "$1" "$tmp/out"
    awk '/^Turns Played:/ { print $3 }' "$tmp/out"
  }
  # row NAME I1 M1 IG MG: the instructions and moves of 1 game and of GAMES games
  row() {
    awk -v e="$1" -v g="$games" -v i1="$2" -v m1="$3" -v ig="$4" -v mg="$5" 'BEGIN {
        printf "%-8s %6d %8d %18.0f\n", e, g - 1, mg - m1, (ig - i1) / (mg - m1) }'
  }
  printf '%-8s %6s %8s %18s\n' engine games moves instructions/move
  { read -r i1; read -r m1; } < <(skrab_count 1)
  { read -r ig; read -r mg; } < <(skrab_count "$games")
  row skrab "$i1" "$m1" "$ig" "$mg"
  { read -r i1; read -r m1; } < <(magpie_count 1)
  { read -r ig; read -r mg; } < <(magpie_count "$games")
  row MAGPIE "$i1" "$m1" "$ig" "$mg"
  exit 0
fi

# magpie_run N: "CPU_SECONDS PEAK_KB TURNS_A_GAME" of N games
magpie_run() {
  cd_run /usr/bin/time -o "$tmp/time" -f '%U %S %M' "$magpie" autoplay games "$1" \
    "${magpie_opts[@]}" >"$tmp/out" 2>&1
  played "$1" "$tmp/out"
  awk -v t="$(awk '/^Turns per Game:/ { print $4 }' "$tmp/out")" '{ print $1 + $2, $3, t }' "$tmp/time"
}
# MAGPIE's start-up (reading the word map) is timed once with one game and taken off
read -r setup _ _ < <(magpie_run 1)

printf '%-8s %6s %10s %12s %10s %11s\n' engine round games/s moves/game us/move "peak RSS"
for ((i = 1; i <= rounds; i++)); do
  /usr/bin/time -o "$tmp/time" -f '%M' "$abs_bench" "${skrab_head[@]}" "$games" \
    "${skrab_tail[@]}" >"$tmp/out"
  # "self-play (equity, word map)  GAMES  MS ms  (G games/s, MOVES moves)"
  awk -v n="$games" -v i="$i" -v kb="$(cat "$tmp/time")" '/^self-play/ {
      ms = $(NF - 5); moves = $(NF - 1)
      printf "%-8s %6d %10.0f %12.2f %10.1f %8d KB\n", "skrab", i, 1000 / ms, moves / n,
        ms * 1000 * n / moves, kb }' "$tmp/out"
  read -r cpu kb turns < <(magpie_run "$games")
  awk -v n="$games" -v i="$i" -v c="$cpu" -v s="$setup" -v kb="$kb" -v t="$turns" 'BEGIN {
      c -= s; printf "%-8s %6d %10.0f %12.2f %10.1f %8d KB\n", "MAGPIE", i, n / c, t,
        c * 1e6 / (n * t), kb }'
done
