#!/usr/bin/env bash
# A program talking to `skrab suggest` line by line: one `skrab suggest -n 3` runs as a
# coprocess; each CGP line of the input (FILE, or standard input) is written to it, and its
# answer is read up to the empty line that ends every answer, before the next line is sent
# (docs/commands.md, "Talking to suggest line by line"). A line skrab cannot answer gets an
# empty answer, its reason on standard error.
#   bash samples/play/suggest-coprocess.sh [FILE]
set -u
coproc SUGGEST { skrab suggest -n 3; }
# bash drops SUGGEST and SUGGEST_PID once the coprocess has ended: keep copies
to=${SUGGEST[1]} from=${SUGGEST[0]} pid=$SUGGEST_PID
n=0
while IFS= read -r position; do
  case $position in '' | '#'*) continue ;; esac # skipped by skrab, never answered: not sent
  n=$((n + 1))
  printf '%s\n' "$position" >&"$to"
  moves=0 best=
  while IFS= read -r answer <&"$from" && [ -n "$answer" ]; do
    moves=$((moves + 1))
    [ $moves -eq 1 ] && best=${answer#* }
  done
  if [ $moves -eq 0 ]; then
    echo "position $n: no answer"
  else
    echo "position $n: $moves moves, best $best"
  fi
done < "${1:-/dev/stdin}"
exec {to}>&- # the end of the input: skrab finishes and exits
wait "$pid"
echo "skrab suggest ended with status $?"
