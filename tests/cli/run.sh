#!/usr/bin/env bash
# Golden test of the skrab command: runs one case directory and compares what it printed.
#   run.sh SKRAB CASEDIR            compare (exit 0 = pass)
#   run.sh --update SKRAB CASEDIR   rewrite the case's expected.* from the current output
# A case directory holds: cmd (a shell command line run by bash from the repository root, in
# which `skrab` is the binary under test, e.g. `skrab lint samples/bad/tab.txt` or a pipeline),
# optional stdin, expected.stdout, expected.stderr, expected.status. SKRAB_DATA is unset.
set -u
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
[ $# -eq 2 ] || { echo "usage: run.sh [--update] SKRAB CASEDIR" >&2; exit 2; }
SKRAB=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: a case may cd elsewhere
case_dir=${2%/}
[ -f "$case_dir/cmd" ] || { echo "$case_dir: no cmd file" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stdin_file=/dev/null
[ -f "$case_dir/stdin" ] && stdin_file="$case_dir/stdin"
cmd=$(cat "$case_dir/cmd")
export SKRAB
unset SKRAB_DATA
skrab() { "$SKRAB" "$@"; }
export -f skrab
bash -c "$cmd" <"$stdin_file" >"$tmp/stdout" 2>"$tmp/stderr"
echo $? >"$tmp/status"
if [ $update -eq 1 ]; then
  for f in stdout stderr status; do cp "$tmp/$f" "$case_dir/expected.$f"; done
  echo "updated $case_dir"
  exit 0
fi
fail=0
for f in status stdout stderr; do
  if ! diff -u "$case_dir/expected.$f" "$tmp/$f" >"$tmp/diff.$f" 2>&1; then
    echo "--- $case_dir: $f differs (expected vs actual):"
    cat "$tmp/diff.$f"
    fail=1
  fi
done
[ $fail -eq 0 ] && echo "ok $case_dir"
exit $fail
