#!/usr/bin/env bash
# tilelab search: for every game, one part at a time and merged in any
# order, and on two threads, the same bytes as the whole run; bad input
# refused with exit 2, a message naming it and nothing on stdout.
set -u
tl=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/checks.sh"
refused() { # what the message must say, then the command
  local says=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  [ "$got" = 2 ] || { echo "  exit $got, wanted 2: $*" >&2; return 1; }
  [ ! -s "$tmp/out" ] || { echo "  wrote to stdout: $*" >&2; return 1; }
  grep -q -- "$says" "$tmp/err" || { echo "  '$says' not in:" >&2; cat "$tmp/err" >&2; return 1; }
}

for game in $("$tl" games --json | grep -o '"id":"[a-z]*"' | cut -d'"' -f4); do
  by=par
  [ "$game" = flow ] || by=-states
  "$tl" search "$game" --seeds "s$game:1-11" --keep 4 --by "$by" > "$tmp/$game.whole" 2>"$tmp/err"
  check "$game: a whole search" test $? = 0
  check "$game: keeps four levels" test "$(grep -c '^== ' "$tmp/$game.whole")" = 4
  check "$game: counts its seeds" grep -q '^# seeds: 11 tried' "$tmp/$game.whole"
  for k in 1 2 3; do "$tl" search "$game" --seeds "s$game:1-11" --keep 4 --by "$by" --part $k/3 > "$tmp/$game.$k"; done
  check "$game: parts merged in order" bash -c "'$tl' search --merge '$tmp/$game.1' '$tmp/$game.2' '$tmp/$game.3' | cmp -s - '$tmp/$game.whole'"
  check "$game: parts merged out of order" bash -c "'$tl' search --merge '$tmp/$game.3' '$tmp/$game.1' '$tmp/$game.2' | cmp -s - '$tmp/$game.whole'"
  check "$game: a whole run merged alone" bash -c "'$tl' search --merge '$tmp/$game.whole' | cmp -s - '$tmp/$game.whole'"
  check "$game: two threads" bash -c "'$tl' search '$game' --seeds 's$game:1-11' --keep 4 --by '$by' --jobs 2 | cmp -s - '$tmp/$game.whole'"
  # Every level kept regenerates from its header's seed and parameters.
  seed=$(grep -m1 '^== ' "$tmp/$game.whole" | grep -o 'seed=[^ ]*' | cut -d= -f2)
  sets=$(grep -m1 '^# settings: ' "$tmp/$game.whole" | cut -d' ' -f3- | sed 's/\([^ ]*\)/--set \1/g')
  "$tl" generate "$game" --seed "$seed" $sets > "$tmp/regenerated" 2>/dev/null
  check "$game: the best level regenerates from its header" \
    bash -c "awk '/^== /{n++; next} n==1' '$tmp/$game.whole' | sed '\${/^\$/d}' | cmp -s - '$tmp/regenerated'"
done

# The order: the lowest states first, ties to the lower seed.
check "lowest first" bash -c "grep -o 'states=[0-9]*' '$tmp/skiddy.whole' | cut -d= -f2 | sort -n -c"
"$tl" search skiddy --seeds sskiddy:1-11 --keep 4 --by -states --json > "$tmp/json"
check "json lines: a level each and the counts" test "$(wc -l < "$tmp/json")" = 5
check "json has the level's link" grep -q '"link":"#game=skiddy' "$tmp/json"
check "json counts the seeds" grep -q '"tried":11' "$tmp/json"

check "a range backwards" refused "runs backwards" "$tl" search skiddy --seeds s:9-3
check "a seed written with a leading zero" refused "is not FROM-TO" "$tl" search skiddy --seeds s:01-3
check "a range with no base" refused "no base" "$tl" search skiddy --seeds :1-3
check "a range that does not read" refused "is not FROM-TO" "$tl" search skiddy --seeds s:1-
check "no range" refused "needs --seeds" "$tl" search skiddy
check "part 0/3" refused "'0/3' is not K/N" "$tl" search skiddy --seeds s:1-9 --part 0/3
check "part 4/3" refused "'4/3' is not K/N" "$tl" search skiddy --seeds s:1-9 --part 4/3
# More parts than seeds: a part of no seed is empty and merges as one.
for k in 1 2 3; do "$tl" search skiddy --seeds sskiddy:1-2 --keep 4 --part $k/3 > "$tmp/few.$k"; done
check "an empty part says it tried none" grep -q '^# seeds: 0 tried' "$tmp/few.3"
check "an empty part merges" bash -c "'$tl' search --merge '$tmp/few.3' '$tmp/few.1' '$tmp/few.2' | cmp -s - <('$tl' search skiddy --seeds sskiddy:1-2 --keep 4)"
check "an empty --by" refused "'' is not a figure" "$tl" search skiddy --seeds s:1-3 --by ""
check "a figure the game lacks" refused "Flow has no states" "$tl" search flow --seeds s:1-3 --by states
check "a figure no game has" refused "'moves' is not a figure" "$tl" search skiddy --seeds s:1-3 --by moves
check "settings that cannot go together" refused "do not fit" "$tl" search skiddy --seeds s:1-3 --set blocks=8 --set pits=6 --set size=5x4
check "a part missing" refused "part 3/3 is missing" "$tl" search --merge "$tmp/skiddy.1" "$tmp/skiddy.2"
check "a part twice" refused "part 1/3 is given twice" "$tl" search --merge "$tmp/skiddy.1" "$tmp/skiddy.1" "$tmp/skiddy.2"
"$tl" search skiddy --seeds sskiddy:1-11 --keep 4 --by difficulty --part 2/3 > "$tmp/other.2"
check "parts of another search" refused "differ in their by" "$tl" search --merge "$tmp/skiddy.1" "$tmp/other.2" "$tmp/skiddy.3"
"$tl" search golf --seeds sskiddy:1-11 --keep 4 --by -states --part 2/3 > "$tmp/golf.2"
check "parts of another game" refused "differ in their game" "$tl" search --merge "$tmp/skiddy.1" "$tmp/golf.2" "$tmp/skiddy.3"
sed 's/^# search: skiddy \(.*\) version=[0-9]*/# search: skiddy \1 version=1/' "$tmp/skiddy.2" > "$tmp/old.2"
check "a part of an older generator" refused "generator version 1" "$tl" search --merge "$tmp/skiddy.1" "$tmp/old.2" "$tmp/skiddy.3"
head -4 "$tmp/skiddy.2" | sed 's/# seeds: [0-9]*/# seeds: 1/' > "$tmp/cut.2"
check "a part that did not finish" refused "did not finish" "$tl" search --merge "$tmp/skiddy.1" "$tmp/cut.2" "$tmp/skiddy.3"
check "standard input named twice" refused "named more than once" "$tl" search --merge - - < "$tmp/skiddy.1"
check "not a search" refused "not a search" "$tl" search --merge "$here/checks.sh"
check "merge takes no settings" refused "takes its search from the files" "$tl" search --merge "$tmp/skiddy.1" --keep 3
finish "search"
