#!/usr/bin/env bash
# Creates a golden case: new-case.sh SKRAB NAME 'COMMAND LINE' [STDIN-FILE]
# then records the current output as expected (review it before committing!).
set -eu
[ $# -ge 3 ] || { echo "usage: new-case.sh SKRAB NAME 'COMMAND' [STDIN-FILE]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
dir="$here/cases/$2"
mkdir -p "$dir"
printf '%s\n' "$3" >"$dir/cmd"
[ $# -ge 4 ] && cp "$4" "$dir/stdin"
bash "$here/run.sh" --update "$1" "$dir" >/dev/null
echo "== $2 (status $(cat "$dir/expected.status"))"
cat "$dir/expected.stdout" "$dir/expected.stderr"
