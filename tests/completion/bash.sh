#!/usr/bin/env bash
# The bash completion script the build wrote, loaded into a non-interactive bash and asked what
# it completes, the way bash asks when TAB is pressed (COMP_WORDS, COMP_CWORD, COMP_LINE and
# COMP_POINT set, then the function called). Besides fixed cases, it checks the script against
# skrab itself: the commands of `skrab help`, the subcommands a command names in its usage error,
# the options of each --help, and that every built-in value it offers is one skrab takes.
#   bash.sh SCRIPT SKRAB      (run from the repository root)
set -u
[ $# -eq 2 ] || { echo "usage: bash.sh SCRIPT SKRAB" >&2; exit 2; }
script=$1
skrab=$2
fails=0

fail() {
  echo "FAIL $*"
  fails=$((fails + 1))
}

# shellcheck source=/dev/null
source "$script" || { echo "FAIL cannot load $script"; exit 1; }
[ "$(complete -p skrab 2>/dev/null)" = "complete -F _skrab skrab" ] ||
  fail "the script does not register _skrab for skrab: $(complete -p skrab 2>&1)"

# Prints, sorted and space-separated, what completing the last of WORDS offers.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _skrab skrab "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'
}

# expect 'OFFERED' WORD...: completing the last of WORDS offers exactly OFFERED (sorted), in
# the directory $where (default: the current one).
expect() {
  local want=$1 got
  shift
  got=$(cd "${where:-.}" && complete_words "$@")
  if [ "$got" = "$want" ]; then
    echo "ok   [$*] -> $got"
  else
    fail "[$*]: expected '$want', got '$got'"
  fi
}

sorted() { tr ' ' '\n' | sed '/^$/d' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'; }

# ---- fixed cases -------------------------------------------------------------------------------
expect 'suggest' skrab sug
expect '--rank' skrab suggest --ra
expect 'anagram' skrab lexicon an
expect 'solve' skrab boggle so
expect '--help --version -V -h' skrab -
expect 'classic skrabbkle' skrab check --rules ''
expect 'classic skrabbkle' skrab check -R ''
expect 'classic' skrab check --rules = cl # --rules=cl, as bash splits it at '='
expect 'gcg' skrab suggest --notation g
expect 'equity score' skrab suggest -r ''
expect 'bash zsh' skrab completion ''
expect 'lint' skrab help li
expect '--help -h' skrab completion bash -
expect '' skrab suggest -n '' # a number: nothing to offer
expect '' skrab play ''       # play takes no operands

# file and directory names, in a scratch directory
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/games" && touch "$scratch/board.txt"
expect "$scratch/board.txt $scratch/games" skrab lint "$scratch/"
expect "$scratch/games" skrab selfplay --gcg "$scratch/"
expect "$scratch/board.txt $scratch/games" skrab show --board "$scratch/"
where=$scratch expect 'CrosswordGame SuperCrosswordGame board.txt games skrabbkle' skrab show -b ''
expect 'CrosswordGame' skrab show --board Cr

# ---- the script against skrab ------------------------------------------------------------------
commands=$("$skrab" help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p' | sorted)
[ -n "$commands" ] || fail "no commands in 'skrab help'"
expect "$commands" skrab ''

# The options `skrab CMD... --help` lists, as the completion offers them ("--long -s").
help_options() {
  "$skrab" "$@" --help | sed -n '/^Options:/,$p' |
    sed -n 's/^ \{2,\}\(-\(.\), \)\{0,1\}\(--[a-z][a-z-]*\).*/\3 -\2/p' | sed 's/ -$//' | tr '\n' ' ' |
    sorted
}

for cmd in $commands; do
  # a command with subcommands names them when given an unknown one ("no one 'x' (a, b, c)")
  subs=$("$skrab" "$cmd" no-such-name 2>&1 </dev/null |
    sed -n "s/^skrab $cmd: no [a-z]* 'no-such-name' (\(.*\))$/\1/p" | sed 's/,//g' | sorted)
  if [ -n "$subs" ]; then
    expect "$subs" skrab "$cmd" ''
    for sub in $subs; do
      expect "$(help_options "$cmd" "$sub")" skrab "$cmd" "$sub" -
    done
  else
    expect "$(help_options "$cmd")" skrab "$cmd" -
  fi
done

# Every built-in value offered is one skrab takes (a value it refuses is a usage error, or a
# resource it cannot find is an error: exit 2 either way). "$@" runs with VALUE for {}. The
# offer is made in an empty directory: no file names in it.
mkdir "$scratch/empty"
takes_values() {
  local words value status
  words=$(cd "$scratch/empty" && complete_words "${offer[@]}")
  [ -n "$words" ] || fail "[${offer[*]}] offers nothing"
  for value in $words; do
    "$skrab" "${@//\{\}/$value}" >/dev/null 2>&1 </dev/null
    status=$?
    if [ $status -eq 2 ]; then
      fail "[${offer[*]}] offers '$value', which '${*//\{\}/$value}' refuses"
    else
      echo "ok   [${offer[*]}] '$value' is taken"
    fi
  done
}
cake=samples/positions/classic-cake.cgp
offer=(skrab show --board '') && takes_values show --board {}
offer=(skrab show --tiles '') && takes_values show --tiles {} -l none $cake
offer=(skrab check --rules '') && takes_values show --rules {} -l none $cake
offer=(skrab check --lexicon '') && takes_values check --lexicon {} $cake '-'
offer=(skrab lint --format '') && takes_values lint --format {} resources/defaultBoard.txt
offer=(skrab show --format '') && takes_values show --format {} resources/defaultBoard.txt
offer=(skrab suggest --notation '') && takes_values suggest -n 1 --notation {} $cake
offer=(skrab suggest --rank '') && takes_values suggest -n 1 --rank {} $cake
offer=(skrab suggest --word-map '') && takes_values suggest -n 1 --word-map {} $cake
offer=(skrab boggle gen --dice '') && takes_values boggle gen --seed 1 --dice {}
offer=(skrab boggle gen --size '') && takes_values boggle gen --seed 1 --size {}
offer=(skrab selfplay --player '') && takes_values selfplay -n 0 --player {}

if [ $fails -ne 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "all passed"
