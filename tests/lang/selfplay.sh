#!/usr/bin/env bash
# Self-play in every alphabet with a real word list: for each tile set whose language Debian
# packages a word list (/usr/share/dict: wamerican, wfrench, wngerman, wpolish,
# wspanish, wcatalan, wdutch, wnorwegian, wswedish), build a lexicon from a sample of the list
# with that tile set (every Nth word, so that the test stays quick under the sanitizers), play
# GAMES self-play games with it, and replay every transcript against the same lexicon: each
# must replay clean (board, racks, words, scores and totals checked; exit 0, nothing on
# standard error). Slovene has no Debian list: tests/unit/test_movegen_alphabets.c plays its
# alphabet on random lexicons instead.
# Registered by tests/CMakeLists.txt only when every list is installed (.ci/run installs them).
#   tests/lang/selfplay.sh SKRAB [GAMES]
set -u
skrab=$1
games=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# tile set, list, sample step (the lists run from 100,000 to 4,300,000 words)
while read -r set list step; do
  lex=$work/$set.kwg
  src=/usr/share/dict/$list
  # the Norwegian and Swedish lists are Latin-1: converted, as docs/lexicon.md tells users
  if ! iconv -f utf-8 -t utf-8 "$src" >/dev/null 2>&1; then
    iconv -f latin1 -t utf-8 "$src" >"$work/list"
    src=$work/list
  fi
  if ! awk -v s="$step" 'NR % s == 0' "$src" | "$skrab" lexicon build -q -t "$set" -o "$lex" -; then
    echo "FAIL $set: lexicon build from /usr/share/dict/$list failed"
    fail=1
    continue
  fi
  dir=$work/$set
  if ! "$skrab" selfplay -q -n "$games" --seed 7 -t "$set" -l "$lex" --gcg "$dir" >"$work/out" 2>&1
  then
    echo "FAIL $set: selfplay failed:"
    cat "$work/out"
    fail=1
    continue
  fi
  n=$(ls "$dir" | wc -l)
  if [ "$n" -ne "$games" ]; then
    echo "FAIL $set: $n transcripts written, expected $games"
    fail=1
    continue
  fi
  if ! "$skrab" replay -t "$set" -l "$lex" "$dir"/*.gcg >/dev/null 2>"$work/err" || [ -s "$work/err" ]; then
    echo "FAIL $set: the transcripts do not replay clean:"
    head -20 "$work/err"
    fail=1
    continue
  fi
  echo "ok   $set: $games games from /usr/share/dict/$list (1 word in $step) replay clean"
done <<'LISTS'
english american-english 1
french french 3
german ngerman 10
polish polish 40
spanish spanish 1
catalan catalan 6
dutch dutch 3
norwegian bokmaal 10
swedish swedish 1
LISTS
exit $fail
