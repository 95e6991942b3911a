#!/usr/bin/env bash
# The public interface of libskrab is exactly what its headers declare: every function that
# BUILD_DIR/lib/libskrab.so exports is declared with SK_API in SOURCE_DIR/lib/include/skrab/*.h,
# and every function declared so is exported (docs/CONVENTIONS.md, "Names"). Also checks that
# skrab/skrab.h includes every public header. Prints each offending name; exits 1 if there is one.
#   exports.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
lib=$1/lib/libskrab.so
headers=$2/lib/include/skrab
[ -e "$lib" ] || { echo "no shared library at $lib" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Every global symbol the library defines in its dynamic symbol table, functions and data alike
# (the headers declare no variables, so an exported object is as wrong as a stray function).
# Local ones (lowercase types, such as the section bounds -fsanitize=fuzzer-no-link adds) are
# not part of the interface.
nm -D --defined-only "$lib" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' | sed 's/@.*//' |
  sort -u >"$scratch/exported"

# Every name declared with SK_API: comments and preprocessor lines are dropped, the rest is read
# as one text, and each SK_API declaration gives the identifier just before its first '('.
for h in "$headers"/*.h; do
  awk '
    { text = text $0 "\n" }
    END {
      out = ""
      while ((i = index(text, "/*")) > 0) {       # drop block comments
        rest = substr(text, i + 2)
        j = index(rest, "*/")
        out = out substr(text, 1, i - 1) " "
        text = (j > 0) ? substr(rest, j + 2) : ""
      }
      text = out text
      n = split(text, lines, "\n")
      code = ""
      for (k = 1; k <= n; k++) {                  # drop preprocessor lines and // comments
        if (lines[k] ~ /^[ \t]*#/) continue
        sub(/\/\/.*/, "", lines[k])
        code = code " " lines[k]
      }
      while (match(code, /SK_API[^(;{}]*\(/)) {
        decl = substr(code, RSTART, RLENGTH - 1)
        code = substr(code, RSTART + RLENGTH)
        sub(/[ \t]+$/, "", decl)
        if (match(decl, /[A-Za-z_][A-Za-z0-9_]*$/)) print substr(decl, RSTART, RLENGTH)
      }
    }' "$h"
done | sort -u >"$scratch/declared"

status=0
while read -r name; do
  echo "exported but not declared with SK_API in lib/include/skrab: $name"
  status=1
done < <(comm -23 "$scratch/exported" "$scratch/declared")
while read -r name; do
  echo "declared with SK_API but not exported by libskrab.so: $name"
  status=1
done < <(comm -13 "$scratch/exported" "$scratch/declared")

# The umbrella header includes every other public header.
for h in "$headers"/*.h; do
  base=${h##*/}
  [ "$base" = skrab.h ] && continue
  grep -q "^#include \"skrab/$base\"" "$headers/skrab.h" || {
    echo "skrab/skrab.h does not include skrab/$base"
    status=1
  }
done

if [ "$status" -eq 0 ]; then
  echo "libskrab.so exports the $(wc -l <"$scratch/declared") functions the public headers declare"
fi
exit "$status"
