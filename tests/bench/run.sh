#!/usr/bin/env bash
# The lexicon benchmark. Prints one table: operation, items, time per item, rate,
# memory. Figures only, never a pass/fail test; run it on a quiet machine.
#   tests/bench/run.sh [BUILD_DIR] [WORDLIST] [OTHER.kwg]
# (defaults: build, resources/wordlist.txt; OTHER.kwg, a KWG another tool made from the same
# list, adds rows for loading and using it.)
# The library rows come from bench_lexicon (built with the project); the process rows time the
# skrab executable itself: a build with GNU time (CPU and peak RSS), and `skrab lexicon lookup
# WORD` with hyperfine when it is installed, else a loop of 300 runs.
set -eu
build=${1:-build}
wordlist=${2:-resources/wordlist.txt}
skrab=$build/bin/skrab
bench=$build/bin/bench_lexicon
if [ ! -x "$skrab" ] || [ ! -x "$bench" ]; then
  echo "run.sh: build first (cmake --build $build); no $skrab or $bench" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bench" "$wordlist" "$tmp/bench.kwg" ${3:+"$3"}

# row OPERATION ITEMS UNIT SECONDS MEMORY   (the same columns as bench_lexicon's)
row() {
  awk -v op="$1" -v n="$2" -v unit="$3" -v s="$4" -v mem="$5" 'BEGIN {
    per = s / n; sc = "s"; m = 1
    if (per < 1e-6) { m = 1e9; sc = "ns" } else if (per < 1e-3) { m = 1e6; sc = "us" }
    else if (per < 1) { m = 1e3; sc = "ms" }
    printf "| %-36s | %10d %-8s | %7.1f ms | %7.2f %-2s | %10.0f/s | %-26s |\n", op, n, unit,
      s * 1e3, per * m, sc, n / s, mem
  }'
}

# Compiling as a process: CPU time and peak memory of the whole run.
if [ -x /usr/bin/time ]; then
  best_cpu=999 best_rss=0
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$skrab" lexicon build --quiet "$wordlist" \
      -o "$tmp/p.kwg"
    read -r wall user sys rss <"$tmp/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
    if awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu best_wall=$wall best_rss=$rss
    fi
  done
  words=$(grep -c . "$wordlist" || true)
  row "process: build, CPU (best of 3)" "$words" words "$best_cpu" \
    "peak RSS $(awk -v k="$best_rss" 'BEGIN { printf "%.1f MB", k / 1024 }')"
  row "process: build, wall" "$words" words "$best_wall" \
    "$(stat -c %s "$tmp/p.kwg") bytes"
fi

# One lookup as a whole process: exec, find the data, mmap and validate, look up, exit.
cmd="$skrab lexicon lookup CAT"
if command -v hyperfine >/dev/null 2>&1; then
  hyperfine -N --warmup 20 --runs 300 --export-json "$tmp/h.json" "$cmd" >/dev/null 2>&1
  mean=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/h.json" | head -1)
  min=$(sed -n 's/.*"min": *\([0-9.e-]*\).*/\1/p' "$tmp/h.json" | head -1)
  row "process: lookup CAT (hyperfine)" 1 run "$mean" \
    "mean; min $(awk -v m="$min" 'BEGIN { printf "%.2f ms", m * 1e3 }')"
  hyperfine -N --warmup 20 --runs 300 --export-json "$tmp/v.json" "$skrab --version" \
    >/dev/null 2>&1
  mean=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/v.json" | head -1)
  row "process: --version (baseline)" 1 run "$mean" "mean"
else
  start=$(date +%s.%N)
  for _ in $(seq 300); do $cmd >/dev/null; done
  end=$(date +%s.%N)
  row "process: lookup CAT (loop)" 300 runs "$(awk -v a="$start" -v b="$end" \
    'BEGIN { print b - a }')" "shell loop (no hyperfine)"
fi
