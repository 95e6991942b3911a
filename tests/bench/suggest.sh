#!/usr/bin/env bash
# The whole `skrab suggest` process on a stream of positions, as people pipe them in: CPU time
# per position for --best, the default -n 10, -n 100 and --all (all moves listed and sorted).
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
trap 'rm -f "$stream"' EXIT
for ((i = 0; i < repeat; i++)); do cat "$positions"; done >"$stream"
n=$(grep -c . "$stream")
printf '%-24s %10s %14s %12s\n' "suggest" "positions" "time/position" "peak RSS"
for mode in "--best" "-n 10" "-n 100" "--all"; do
  # shellcheck disable=SC2086 # the mode is words on purpose
  /usr/bin/time -o "$stream.time" -f '%U %S %M' "$skrab" suggest $mode <"$stream" >/dev/null 2>&1
  awk -v mode="$mode" -v n="$n" '{ printf "%-24s %10d %11.3f ms %9d KB\n", mode, n, ($1 + $2) * 1000 / n, $3 }' "$stream.time"
done
rm -f "$stream.time"
