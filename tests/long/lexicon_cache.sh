#!/usr/bin/env bash
# The cache of compiled word lists (docs/lexicon.md, "The cache of compiled word lists"):
# eight processes compiling the same list into an empty cache at once all answer right and leave
# one whole entry; an entry that is damaged (a flipped bit, a cut, another list's entry under its
# name) is never used: the next run answers right and writes the entry again.
#   bash tests/long/lexicon_cache.sh SKRAB   (from the repository root)
set -u
skrab=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

# A list of 13,000-odd words (every 20th of the shipped list) and questions about it: every
# 50th word of it (valid) and the same with ZQZ added (invalid).
awk 'NR % 20 == 1' resources/wordlist.txt > "$work/list.txt"
awk 'NR % 20 == 11' resources/wordlist.txt > "$work/other.txt"
awk 'NR % 50 == 1 { print; print $0 "ZQZ" }' "$work/list.txt" > "$work/ask.txt"
awk 'NR % 2 == 1 { print toupper($0) " valid"; next } { print toupper($0) " invalid" }' \
  "$work/ask.txt" > "$work/want.txt"

# ask DIR OUT: one lookup of every question against the list, with the cache in DIR.
ask() {
  XDG_CACHE_HOME=$1 "$skrab" lexicon lookup -l "$work/list.txt" < "$work/ask.txt" > "$2" 2> "$2.err"
  echo $? > "$2.status"
}
# right OUT WHAT: the answers in OUT are the expected ones, nothing on standard error.
right() {
  cmp -s "$1" "$work/want.txt" || die "$2: wrong answers ($(diff "$1" "$work/want.txt" | grep -c '^[<>]') lines differ)"
  [ ! -s "$1.err" ] || die "$2: standard error: $(head -c 300 "$1.err")"
  [ "$(cat "$1.status")" = 1 ] || die "$2: exit status $(cat "$1.status"), expected 1 (some words are invalid)"
}
# entry DIR: the one cache entry in DIR/skrab (fails when there is not exactly one file).
entry() {
  local files=("$1"/skrab/*)
  [ "${#files[@]}" -eq 1 ] && [ -f "${files[0]}" ] || { die "cache holds ${#files[@]} files: ${files[*]##*/}"; return 1; }
  printf '%s\n' "${files[0]}"
}

# 1. Eight at once into an empty cache, three rounds.
for round in 1 2 3; do
  dir=$work/race$round
  mkdir "$dir"
  pids=()
  for i in 1 2 3 4 5 6 7 8; do
    ask "$dir" "$work/race$round.$i" &
    pids+=($!)
  done
  wait "${pids[@]}"
  for i in 1 2 3 4 5 6 7 8; do right "$work/race$round.$i" "round $round, process $i"; done
  entry "$dir" > /dev/null
done
good=$(entry "$work/race1") || exit 1
cp "$good" "$work/good.entry"

# 2. A damaged entry is rebuilt: run once with it, check the answers and that the entry written
# back is the good one. Each case starts from a copy of the good entry.
damage() { # NAME COMMAND...: damage a copy of the good entry with COMMAND (run on the file)
  local name=$1 dir=$work/d-$1
  shift
  mkdir -p "$dir/skrab"
  local f=$dir/skrab/${good##*/}
  cp "$work/good.entry" "$f"
  "$@" "$f"
  cmp -s "$f" "$work/good.entry" && die "$name: the damage did not change the file"
  ask "$dir" "$work/out-$name"
  right "$work/out-$name" "$name"
  cmp -s "$f" "$work/good.entry" || die "$name: the entry was not written again"
  # and once more, from the rebuilt entry
  ask "$dir" "$work/again-$name"
  right "$work/again-$name" "$name, the run after"
}
flip() { # FILE OFFSET: flip the lowest bit of the byte at OFFSET (negative: from the end)
  local size off byte
  size=$(stat -c %s "$1")
  off=$2
  [ "$off" -lt 0 ] && off=$((size + off))
  byte=$(od -An -tu1 -j "$off" -N 1 "$1" | tr -d ' ')
  printf "$(printf '\\%03o' $((byte ^ 1)))" | dd of="$1" bs=1 seek="$off" conv=notrunc status=none
}
flip_last() { flip "$1" -1; }            # the last node's tile: still a valid graph
flip_middle() { flip "$1" $(($(stat -c %s "$1") / 2)); }
flip_first() { flip "$1" 0; }
cut4() { truncate -s -4 "$1"; }          # one node short
cut_half() { truncate -s $(($(stat -c %s "$1") / 2)) "$1"; }
empty() { : > "$1"; }
grow() { printf '\0\0\0\0' >> "$1"; }    # one node too many
# another list's entry under this list's name: a whole, valid entry of the wrong list
foreign() {
  local dir=$work/foreign
  mkdir -p "$dir"
  XDG_CACHE_HOME=$dir "$skrab" lexicon lookup -l "$work/other.txt" QI > /dev/null
  cp "$dir"/skrab/* "$1"
}
for d in flip_last flip_middle flip_first cut4 cut_half empty grow foreign; do
  damage "$d" "$d"
done

# 3. Eight at once over a damaged entry.
dir=$work/race-damaged
mkdir -p "$dir/skrab"
cp "$work/good.entry" "$dir/skrab/${good##*/}"
flip_last "$dir/skrab/${good##*/}"
pids=()
for i in 1 2 3 4 5 6 7 8; do
  ask "$dir" "$work/rd.$i" &
  pids+=($!)
done
wait "${pids[@]}"
for i in 1 2 3 4 5 6 7 8; do right "$work/rd.$i" "damaged entry, process $i"; done
cmp -s "$(entry "$dir")" "$work/good.entry" || die "damaged entry, eight at once: not written again"

[ "$fail" -eq 0 ] && echo "ok: lexicon cache (races, damaged entries)"
exit "$fail"
