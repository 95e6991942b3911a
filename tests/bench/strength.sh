#!/usr/bin/env bash
# Strength of leave values: GAMES games of selfplay between an equity player ranking by LEAVES
# and one ranking by the built-in heuristic (equity:none), the first player rotating, and the
# figures of the first against the second: wins, draws, losses, the win rate (a draw half a
# win) and the mean spread (its score less the other's), each with a 95% interval (normal
# approximation: mean +- 1.96 standard errors). Figures only, never pass/fail.
#   tests/bench/strength.sh BUILD [LEAVES] [GAMES] [SEED] [JOBS] [-- SELFPLAY OPTIONS...]
# LEAVES: a KLV/KLV2 file, or 'default' (the leaves equity ranks by without --leaves: the shipped
# ones for the shipped word list); GAMES 20000, SEED 1, JOBS 2 by default. Options after --
# go to selfplay (-R skrabbkle, -b BOARD...).
set -eu
build=${1:-build}
leaves=${2:-default}
games=${3:-20000}
seed=${4:-1}
jobs=${5:-2}
shift $(($# < 5 ? $# : 5))
[ "${1:-}" = -- ] && shift
skrab=$build/bin/skrab
[ -x "$skrab" ] || { echo "strength.sh: build first: no $skrab" >&2; exit 2; }
command -v jq >/dev/null || { echo "strength.sh: needs jq" >&2; exit 2; }
if [ "$leaves" = default ]; then trained=equity; else trained="equity:$leaves"; fi
echo "selfplay -n $games --seed $seed -j $jobs -p trained=$trained -p heuristic=equity:none $*"
"$skrab" selfplay -n "$games" --seed "$seed" -j "$jobs" --json \
  -p "trained=$trained" -p heuristic=equity:none "$@" |
  jq -r 'select(.game) | "\(.scores[0]) \(.scores[1])"' |
  awk '
    { d = $1 - $2; n++; s += d; ss += d * d
      if (d > 0) { w++; r = 1 } else if (d == 0) { dr++; r = 0.5 } else { l++; r = 0 }
      rs += r; rss += r * r }
    END {
      if (n < 2) { print "strength.sh: fewer than 2 games" > "/dev/stderr"; exit 2 }
      m = s / n; sd = sqrt((ss - n * m * m) / (n - 1)); se = sd / sqrt(n)
      p = rs / n; psd = sqrt((rss - n * p * p) / (n - 1)); pse = psd / sqrt(n)
      printf "games %d: trained wins %d, draws %d, losses %d\n", n, w, dr, l
      printf "win rate %.2f%% (95%% interval %.2f%% .. %.2f%%)\n", 100 * p,
             100 * (p - 1.96 * pse), 100 * (p + 1.96 * pse)
      printf "mean spread %+.2f (95%% interval %+.2f .. %+.2f; standard deviation %.1f)\n",
             m, m - 1.96 * se, m + 1.96 * se, sd
    }'
