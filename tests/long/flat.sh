#!/usr/bin/env bash
# Long runs stay flat: the memory of a stream does not grow with its length. Runs the same
# command over a stream of N items and of 10 x N, and fails when the longer run's peak resident
# set, or its resident set at the end of the stream, exceeds the shorter one's by more than a
# fixed slack (not a ratio, which would hide a leak that grows with the stream).
#   bash tests/long/flat.sh PEAK_RSS SKRAB suggest    (from the repository root)
#   bash tests/long/flat.sh PEAK_RSS SKRAB selfplay
# suggest: 10 x N = SKRAB_LONG_POSITIONS (default 100000) CGP lines through one `skrab suggest
# -n 3`, every hundredth line not a position. selfplay: 10 x N = SKRAB_LONG_GAMES (default
# 20000) games of `skrab selfplay` between an external player (`cmd:`) and `pass`; the external
# player passes when it moves first and answers an illegal move when it moves second, so each
# game goes through a legal or an illegal answer and a dropped player. SKRAB_LONG_SLACK_KB
# (default 2048) is the slack; SKRAB_LONG_END_CHECK=0 compares the peaks only. PEAK_RSS is the
# build's tests/long/peak_rss.c.
set -u
peak=$1 skrab=$2 mode=$3
slack=${SKRAB_LONG_SLACK_KB:-2048}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Under AddressSanitizer freed memory waits in a quarantine that grows with the stream: none here.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0

# measure NAME COUNT: runs the mode's command over COUNT items; prints its peak in KB.
case $mode in
suggest)
  big=${SKRAB_LONG_POSITIONS:-100000}
  # Positions from real games: 20 games of `best` players, every turn's position.
  "$skrab" selfplay -q -n 20 --seed 11 --gcg "$work/games" > /dev/null || exit 1
  "$skrab" replay --positions "$work"/games/*.gcg > "$work/positions.cgp" || exit 1
  # The peak comes early (loading the lexicon, building the word map) and is higher than what a
  # long run holds, so it would hide a leak as large as the difference: the resident set once
  # the last line is answered, while skrab waits for more, is compared too. Both runs must hold
  # the same tables: the word map (built after 100 positions here) and the lexicon's walk table,
  # which a generator builds after SK_MOVEGEN_TABLE_AFTER searches (read from the header), so the
  # shorter run needs more items than that: a tenth more (every hundredth line is not a position;
  # the rest is margin).
  after=$(sed -n 's/^#define SK_MOVEGEN_TABLE_AFTER \([0-9][0-9]*\).*/\1/p' lib/include/skrab/movegen.h)
  if [ -z "$after" ]; then
    echo "flat.sh: no SK_MOVEGEN_TABLE_AFTER in lib/include/skrab/movegen.h (run from the root)" >&2
    exit 2
  fi
  need=$((after + after / 10))
  if [ $((big / 10)) -lt "$need" ]; then
    echo "flat.sh: suggest: $((big / 10)) items in the shorter run: $need or more needed" >&2
    exit 2
  fi
  measure() {
    local fifo=$work/$1.in pid status rss hwm n
    mkfifo "$fifo"
    # --word-map 100: the word map (a one-time cost) is built early in both runs
    "$skrab" suggest -n 3 --word-map 100 < "$fifo" > "$work/$1.out" 2> "$work/$1.err" &
    pid=$!
    exec 3> "$fifo"
    awk -v n="$2" '{ line[NR] = $0 }
      END { for (i = 0; i < n; i++) print (i % 100 == 99 ? "not a position" : line[i % NR + 1]) }' \
      "$work/positions.cgp" >&3
    # every line is answered, a bad one with an empty answer and an error
    while n=$(grep -c '^$' "$work/$1.out"); [ "$n" -lt "$2" ] && kill -0 "$pid" 2> /dev/null; do
      sleep 0.2
    done
    rss=$(awk '$1 == "VmRSS:" { print $2 }' "/proc/$pid/status")
    hwm=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$pid/status")
    exec 3>&-
    wait "$pid"
    status=$?
    local bad=$(($2 / 100))
    [ "$status" -eq 1 ] || { echo "FAIL: $1: exit status $status, expected 1" >&2; return 1; }
    [ "$n" -eq "$2" ] || { echo "FAIL: $1: $n answers to $2 lines" >&2; return 1; }
    [ "$(grep -c 'error:' "$work/$1.err")" -eq "$bad" ] || { echo "FAIL: $1: not $bad errors" >&2; return 1; }
    [ -n "$rss" ] && [ -n "$hwm" ] || { echo "FAIL: $1: no /proc/$pid/status" >&2; return 1; }
    echo "$hwm $rss"
  }
  ;;
selfplay)
  big=${SKRAB_LONG_GAMES:-20000}
  # the scoreless-turn count is the CGP line's fourth field: 0 when the player moves first
  player='ext=cmd:read -r board racks scores zeros rest; if [ "$zeros" = 0 ]; then echo -; else echo 8H ZZZZZZZ; fi'
  measure() {
    "$peak" -o "$work/$1.out" "$skrab" selfplay -q -n "$2" --seed 5 --player "$player" \
      --player pass 2> "$work/$1.err"
    local status=$?
    [ "$status" -eq 0 ] || { echo "FAIL: $1: exit status $status" >&2; cat "$work/$1.err" >&2; return 1; }
    grep -q "after a drop: games $2," "$work/$1.out" ||
      { echo "FAIL: $1: not $2 games with a drop:" >&2; cat "$work/$1.out" >&2; return 1; }
    # selfplay holds its peak to the end: the peak serves for both figures
    local peak
    peak=$(tail -n 1 "$work/$1.err")
    echo "$peak $peak"
  }
  ;;
*)
  echo "usage: flat.sh PEAK_RSS SKRAB suggest|selfplay" >&2
  exit 2
  ;;
esac

small=$((big / 10))
[ "$small" -gt 0 ] || { echo "FAIL: $big items: too few" >&2; exit 1; }
read -r a_peak a_end < <(measure short "$small") && [ -n "$a_end" ] || exit 1
read -r b_peak b_end < <(measure long "$big") && [ -n "$b_end" ] || exit 1
echo "$mode: $small items: peak $a_peak KB, at the end $a_end KB; $big items: peak $b_peak KB, at the end $b_end KB (slack $slack KB)"
fail=0
if [ "$b_peak" -gt $((a_peak + slack)) ]; then
  echo "FAIL: the peak grew by $((b_peak - a_peak)) KB over $((big - small)) more items" >&2
  fail=1
fi
# Under the sanitizers (SKRAB_LONG_END_CHECK=0) the allocator's resident set creeps up without a
# leak; LeakSanitizer checks at exit there instead.
if [ "${SKRAB_LONG_END_CHECK:-1}" != 0 ] && [ "$b_end" -gt $((a_end + slack)) ]; then
  echo "FAIL: the resident set at the end grew by $((b_end - a_end)) KB over $((big - small)) more items" >&2
  fail=1
fi
exit "$fail"
