#!/usr/bin/env bash
# Boggle benchmark: random boards rolled from the real dice and solved against the
# compiled wordlist, one thread, CPU time. Prints a Markdown table (operation, boards, time per
# board, boards per second, memory), then one of the command itself: `skrab boggle solve` with
# --count, --json and its text output on a tenth as many boards, the whole process's CPU time
# (start-up included) and the bytes it writes a board. Never part of ctest: figures depend on the machine and its
# load, so run it on a quiet machine and compare runs, not absolute numbers.
#   tests/bench/boggle.sh [BUILD_DIR] [BOARDS] [SEED]     (defaults: build 100000 1)
# BUILD_DIR is a configured and built tree (it holds lib/libskrab.a and share/skrab/wordlist.kwg);
# the benchmark program is compiled against that library, with the same optimisation.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
boards=${2:-100000}
seed=${3:-1}
lib="$build/lib/libskrab.a"
kwg="$build/share/skrab/wordlist.kwg"
for f in "$lib" "$kwg"; do
  [ -f "$f" ] || { echo "boggle.sh: $f is missing: build the tree first (cmake --build $build)" >&2; exit 2; }
done
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
${CC:-cc} -std=c17 -O2 -D_POSIX_C_SOURCE=200809L -I "$root/lib/include" \
  "$here/boggle_bench.c" "$lib" $(pkg-config --libs libpcre2-8) -lm -o "$bin/boggle_bench"
echo "Boggle benchmark: $boards boards a set (a quarter for 6x6 and for the listings), seed $seed,"
echo "$(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo
"$bin/boggle_bench" "$kwg" "$root/resources/boggle" "$boards" "$seed"

skrab="$build/bin/skrab"
[ -x "$skrab" ] || { echo "boggle.sh: $skrab is missing: build the tree first" >&2; exit 2; }
cmd_boards=$((boards / 10 > 0 ? boards / 10 : 1))
"$skrab" boggle gen -n "$cmd_boards" --seed "$seed" >"$bin/grids"
echo
printf '| %-39s | %8s | %11s | %10s | %-26s |\n' "command, new 4x4 dice, whole process" boards \
  time/board boards/s "output"
printf '|%s|%s|%s|%s|%s|\n' -----------------------------------------  ---------- -------------  \
  ------------ ----------------------------
for opt in --count --json text; do
  args=(boggle solve)
  [ "$opt" = text ] || args+=("$opt")
  TIMEFORMAT='%3U %3S'
  { time "$skrab" "${args[@]}" <"$bin/grids" >/dev/null; } 2>"$bin/time"
  bytes=$("$skrab" "${args[@]}" <"$bin/grids" | wc -c)
  read -r user sys <"$bin/time"
  awk -v op="skrab ${args[*]}" -v n="$cmd_boards" -v t="$user + $sys" -v b="$bytes" 'BEGIN {
    split(t, p, " [+] "); s = p[1] + p[2]; if (s <= 0) s = 0.001
    printf "| %-39s | %8d | %8.2f us | %10.0f | %-26s |\n", op, n, s / n * 1e6, n / s,
      sprintf("%.0f bytes a board", b / n) }'
done
