#!/usr/bin/env bash
# selftest.sh SKRAB — examples.sh accepts a page whose examples hold (wildcards, no output, files
# written by one example and read by the next) and rejects a wrong output and a shown command
# outside a console block.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fail=0
expect() { # expect STATUS PAGE
  bash "$here/examples.sh" "$1" "$here/fixtures/$3" >/dev/null 2>&1
  local got=$?
  if [ "$got" -ne "$2" ]; then
    echo "FAIL: examples.sh on $3 exited $got, expected $2"
    fail=1
  fi
}
expect "$1" 0 good.md
expect "$1" 1 bad-output.md
expect "$1" 1 bad-outside.md
[ "$fail" -eq 0 ] && echo "3 passed, 0 failed"
exit "$fail"
