#!/usr/bin/env bash
# scripts/search-cluster on a local Dask cluster of two workers: the same
# bytes as one `tilelab search`; again with one worker killed once the first
# part is done (its task runs again elsewhere); bad input exits 2.
set -u
tl=$1
here=$(cd "$(dirname "$0")" && pwd)
cluster="$here/../../scripts/search-cluster"
. "$here/checks.sh"

search=(skiddy --seeds cluster:1-480 --keep 5 --by -states)
"$tl" search "${search[@]}" > "$tmp/whole"
check "the whole search" test -s "$tmp/whole"

"$cluster" --workers 2 --tilelab "$tl" "${search[@]}" > "$tmp/cluster" 2> "$tmp/cluster.err"
check "two workers: exit 0" test $? = 0
check "two workers: the same bytes" cmp -s "$tmp/cluster" "$tmp/whole"
check "two workers: eight parts" test "$(grep -c '^part [0-9]*/8 done' "$tmp/cluster.err")" = 8

# Twelve parts on two workers; once the first is done, one worker is killed
# while the others are still to run.
"$cluster" --workers 2 --parts 12 --tilelab "$tl" "${search[@]}" > "$tmp/killed" 2>> "$tmp/killed.err" &
run=$!
tail -n +1 -f "$tmp/killed.err" --pid=$run | grep -m1 -q '^part [0-9]*/12 done'
victim=$(grep -m1 '^workers: ' "$tmp/killed.err" | grep -o '=[0-9]*' | head -1 | tr -d =)
check "a worker's process named" test -n "$victim"
check "the worker runs when it is killed" kill -0 "$victim"
kill -9 "$victim"
echo "killed worker $victim" >> "$tmp/killed.err"
wait $run
check "a worker killed: exit 0" test $? = 0
check "a worker killed: the same bytes" cmp -s "$tmp/killed" "$tmp/whole"
check "a worker killed: parts done after it" \
  bash -c "sed -n '/^killed worker/,\$p' '$tmp/killed.err' | grep -q '^part [0-9]*/12 done'"
check "a worker killed: every part once" test "$(grep -c '^part [0-9]*/12 done' "$tmp/killed.err")" = 12

"$cluster" --workers 1 --tilelab "$tl" skiddy --seeds cluster:9-3 > "$tmp/bad" 2> "$tmp/bad.err"
check "a range backwards: exit 2" test $? = 2
check "a range backwards: said" grep -q "runs backwards" "$tmp/bad.err"
check "a range backwards: nothing on stdout" test ! -s "$tmp/bad"
finish "search-cluster"
