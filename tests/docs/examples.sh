#!/usr/bin/env bash
# examples.sh SKRAB FILE.md... — runs every example of the given Markdown files and compares
# what it prints with what the page shows, so that the documentation cannot drift from the tool.
#
# An example is a ```console block. In it, a line starting with "$ " is a command; the lines after
# it, up to the next "$ " line or the closing fence, are what the command prints: standard output
# and standard error together, exactly as `CMD 2>&1` gives them (the exit status is not compared).
# A line that is exactly "..." stands for any number of lines, none included.
# Commands run under bash in a scratch directory in which every top-level entry of the repository
# is a symbolic link, so paths read as from the repository root while anything an example writes
# lands in the scratch directory; `skrab` on PATH is SKRAB. A "$ skrab" line outside a console
# block is an error: every shown command with output must be a tested one.
# Exit status: 0 every example printed what its page shows, 1 otherwise, 2 bad usage.
set -u

[ $# -ge 2 ] || { echo "usage: examples.sh SKRAB FILE.md..." >&2; exit 2; }
skrab=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ -x "$skrab" ] || { echo "examples.sh: $skrab is not an executable" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/bin"
ln -s "$skrab" "$scratch/bin/skrab"

# a fresh working directory and home for each page, so that pages cannot see each other's files
fresh_workdir() {
  rm -rf "$scratch/work" "$scratch/home"
  mkdir "$scratch/work" "$scratch/home"
  for entry in "$root"/* "$root"/.[!.]*; do
    [ -e "$entry" ] || continue
    case $(basename "$entry") in .git | build*) continue ;; esac
    ln -s "$entry" "$scratch/work/$(basename "$entry")"
  done
}

# matches EXPECTED (a file, "..." lines as wildcards) against ACTUAL (a file); 0 when they match
matches() {
  awk -v exp_file="$1" '
    BEGIN { ne = 0; while ((getline l < exp_file) > 0) e[++ne] = l }
    { a[++na] = $0 }
    END {
      na += 0 # no output at all: zero lines
      # m[i, j]: expected lines 1..i match actual lines 1..j
      m[0, 0] = 1
      for (i = 0; i <= ne; i++)
        for (j = 0; j <= na; j++) {
          if (i == 0 && j == 0) continue
          v = 0
          if (i > 0 && e[i] == "...") v = m[i - 1, j] || (j > 0 && m[i, j - 1])
          else if (i > 0 && j > 0 && e[i] == a[j]) v = m[i - 1, j - 1]
          m[i, j] = v
        }
      exit m[ne, na] ? 0 : 1
    }' "$2"
}

failed=0
total=0
for md in "$@"; do
  [ -f "$md" ] || { echo "examples.sh: no such file: $md" >&2; exit 2; }
  fresh_workdir
  # Split the page into examples: each written as command / expected-output files.
  rm -rf "$scratch/ex" && mkdir "$scratch/ex"
  awk -v dir="$scratch/ex" -v md="$md" '
    function close_ex() { if (n > 0) { close(f ".cmd"); close(f ".exp") } }
    /^```/ {
      if (!inblock) { inblock = 1; console = ($0 ~ /^```console[ \t]*$/); next }
      inblock = 0; console = 0; next
    }
    inblock && console && /^\$ / {
      close_ex(); n++; f = sprintf("%s/%04d", dir, n)
      printf "%s\n", substr($0, 3) > (f ".cmd")
      printf "%d\n", NR > (f ".line")
      close(f ".line")
      printf "" > (f ".exp")
      next
    }
    inblock && console { if (n > 0) print > (f ".exp"); else { printf "%s:%d: console block output before any command\n", md, NR > "/dev/stderr"; bad = 1 } ; next }
    /^\$ skrab/ { printf "%s:%d: a \"$ skrab\" example outside a console block\n", md, NR > "/dev/stderr"; bad = 1 }
    END { close_ex(); exit bad }' "$md" || failed=$((failed + 1))
  for cmd in "$scratch"/ex/*.cmd; do
    [ -e "$cmd" ] || continue
    base=${cmd%.cmd}
    total=$((total + 1))
    line=$(cat "$base.line")
    (cd "$scratch/work" && env -u SKRAB_DATA HOME="$scratch/home" XDG_CACHE_HOME="$scratch/home/cache" \
      XDG_DATA_HOME="$scratch/home/data" PATH="$scratch/bin:$PATH" LC_ALL=C.UTF-8 \
      bash -c "$(cat "$cmd")" </dev/null >"$base.out" 2>&1)
    if ! matches "$base.exp" "$base.out"; then
      failed=$((failed + 1))
      echo "$md:$line: example output differs: \$ $(cat "$cmd")"
      diff -u --label expected --label actual "$base.exp" "$base.out" | sed -n '3,40p'
    fi
  done
done
echo "$total examples, $failed failed"
[ "$failed" -eq 0 ]
