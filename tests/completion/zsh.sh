#!/usr/bin/env bash
# The zsh completion script the build wrote: zsh parses it, it is a #compdef file for skrab,
# sourced after compinit it registers _skrab for skrab, and it names every command of
# `skrab help` (in the list _describe offers and in the dispatch to the command's function),
# every subcommand and every option each --help lists.
#   zsh.sh ZSH SCRIPT SKRAB
set -u
[ $# -eq 3 ] || { echo "usage: zsh.sh ZSH SCRIPT SKRAB" >&2; exit 2; }
zsh=$1
script=$2
skrab=$3
fails=0

fail() {
  echo "FAIL $*"
  fails=$((fails + 1))
}
ok() { echo "ok   $*"; }

if "$zsh" -n "$script"; then ok "zsh -n parses it"; else fail "zsh -n does not parse $script"; fi
if [ "$(head -1 "$script")" = "#compdef skrab" ]; then
  ok "it starts with #compdef skrab"
else
  fail "the first line is not '#compdef skrab'"
fi

# The body of each function, as zsh holds it after sourcing the script behind compinit.
functions=$(ZDOTDIR=/nonexistent "$zsh" -f -c '
  autoload -U compinit && compinit -u -D || exit 1
  source "$1" || exit 1
  [[ $_comps[skrab] == _skrab ]] || { print "not registered: ${_comps[skrab]-none}"; exit 1 }
  functions -m "_skrab*"' zsh "$script" 2>&1)
if [ $? -eq 0 ]; then ok "sourced after compinit, it registers _skrab for skrab"; else
  fail "sourcing it after compinit: $functions"
fi

# body NAME: the text of the function NAME.
body() { printf '%s\n' "$functions" | sed -n "/^$1 () {\$/,/^}\$/p"; }

# The options `skrab CMD... --help` lists (long names).
help_options() {
  "$skrab" "$@" --help | sed -n '/^Options:/,$p' |
    sed -n 's/^ \{2,\}\(-., \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p'
}

# check_command FUNCTION CMD...: FUNCTION offers every option of `skrab CMD... --help`.
check_command() {
  local fn=$1 text opt missing=
  shift
  text=$(body "$fn")
  [ -n "$text" ] || { fail "no function $fn for '$*'"; return; }
  for opt in $(help_options "$@"); do
    printf '%s\n' "$text" | grep -q -- "--$opt[]=[}]" || missing="$missing --$opt"
  done
  if [ -n "$missing" ]; then fail "$fn lacks$missing"; else ok "$fn offers the options of '$*'"; fi
}

commands=$("$skrab" help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || fail "no commands in 'skrab help'"
list=$(body _skrab_commands)
dispatch=$(body _skrab)
for cmd in $commands; do
  printf '%s\n' "$list" | grep -q "'$cmd:" || fail "_skrab_commands does not list $cmd"
  printf '%s\n' "$dispatch" | grep -q "^[[:space:]]*(\{0,1\}$cmd) _skrab_cmd_$cmd " ||
    fail "_skrab does not hand $cmd to _skrab_cmd_$cmd"
  subs=$("$skrab" "$cmd" no-such-name 2>&1 </dev/null |
    sed -n "s/^skrab $cmd: no [a-z]* 'no-such-name' (\(.*\))$/\1/p" | sed 's/,//g')
  if [ -z "$subs" ]; then
    check_command "_skrab_cmd_$cmd" "$cmd"
    continue
  fi
  for sub in $subs; do
    body "_skrab_list_$cmd" | grep -q "'$sub:" || fail "_skrab_list_$cmd does not list $sub"
    check_command "_skrab_cmd_${cmd}_$sub" "$cmd" "$sub"
  done
done

if [ $fails -ne 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "all passed"
