#!/usr/bin/env bash
# Install smoke test: `cmake --install` into a temporary prefix, then, from another directory
# and with no SKRAB_DATA, the installed skrab must find its resources, and a program built
# against the installed headers and library (through pkg-config) must run.
#   smoke.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
unset SKRAB_DATA
cd /
for f in bin/skrab include/skrab/board.h share/skrab/defaultBoard.txt share/skrab/wordlist.txt \
         share/man/man1/skrab.1 share/doc/skrab/LICENSE share/doc/skrab/THIRD_PARTY.md \
         share/doc/skrab/README.md share/doc/skrab/docs/formats.md \
         share/bash-completion/completions/skrab share/zsh/site-functions/_skrab; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
pc=$(find "$prefix" -name skrab.pc | head -1)
[ -n "$pc" ] || { echo "not installed: skrab.pc"; exit 1; }
"$prefix/bin/skrab" lint "$prefix/share/skrab/defaultBoard.txt"
"$prefix/bin/skrab" show skrabbkle | grep -q '^ 8 (3){-3 ' || { echo "installed show failed"; exit 1; }
"$prefix/bin/skrab" show CrosswordGame >/dev/null
cat >"$prefix/use.c" <<'C'
#include <skrab/skrab.h> /* the umbrella header: every public header compiles installed */
#include <stdio.h>
#include <string.h>
int main(void)
{
    const char *text = "11\n...........\n...........\n...........\n...........\n...........\n"
                       "...........\n...........\n...........\n...........\n...........\n{3}.........(2)\n";
    sk_board b;
    if (sk_board_parse(&b, text, strlen(text), SK_BOARD_FORMAT_AUTO, NULL) != 0)
        return 1;
    printf("%d %d\n", b.width, sk_board_word_factor(&b, 10, 0));
    return 0;
}
C
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
# shellcheck disable=SC2046
cc -o "$prefix/use" "$prefix/use.c" $(pkg-config --cflags --libs skrab)
export LD_LIBRARY_PATH
LD_LIBRARY_PATH=$(pkg-config --variable=libdir skrab)
out=$("$prefix/use")
[ "$out" = "11 3" ] || { echo "library program printed '$out', expected '11 3'"; exit 1; }
echo "1 passed, 0 failed"
