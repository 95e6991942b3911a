#!/usr/bin/env bash
# The strength of the `sim` player: GAMES games (default 20000) of `skrab selfplay` between
# SPEC (default sim) and the equity player, the first player rotating from game to game, on
# JOBS threads (default 2), from a fixed seed. Prints selfplay's totals — each player's wins and
# win rate with its 95% interval, the mean spread of SPEC over equity with its 95% interval
# (docs/play.md, "Output") — and the time taken. The sim player is stronger when the spread's
# interval lies above 0.
#   tests/bench/sim_strength.sh BUILD_DIR [GAMES] [JOBS] [SPEC] [SEED]
set -eu
build=${1:-build}
games=${2:-20000}
jobs=${3:-2}
spec=${4:-sim}
seed=${5:-2026}
skrab=$build/bin/skrab
[ -x "$skrab" ] || { echo "sim_strength.sh: build first: no $skrab" >&2; exit 2; }
echo "skrab selfplay -n $games --jobs $jobs --seed $seed -p sim=$spec -p equity=equity -q"
start=$(date +%s)
nice "$skrab" selfplay -n "$games" --jobs "$jobs" --seed "$seed" -p "sim=$spec" -p equity=equity -q 2>/dev/null
end=$(date +%s)
echo "wall time $((end - start)) s"
