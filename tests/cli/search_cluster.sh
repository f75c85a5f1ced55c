#!/usr/bin/env bash
# scripts/search-cluster on a local Dask cluster of two workers: the same
# bytes as one `tilelab search`; again with one worker killed while it runs a
# part (its task runs again elsewhere); bad input exits 2.
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

# Twelve parts on two workers; one worker is killed while it runs part 5.
# The workers run tilelab through a wrapper that, the first time part 5
# starts, names its worker's process (its parent) and holds until released:
# the kill lands mid-task whatever the machine's speed.
cat > "$tmp/held-tilelab" <<WRAP
#!/usr/bin/env bash
case " \$* " in
  *" --part 5/12 "*)
    if mkdir "$tmp/held" 2>/dev/null; then
      echo \$PPID > "$tmp/held/worker"
      while [ ! -e "$tmp/release" ]; do sleep 0.05; done
      exit 3  # the run its worker did not live to see
    fi ;;
esac
exec "$tl" "\$@"
WRAP
chmod +x "$tmp/held-tilelab"
"$cluster" --workers 2 --parts 12 --tilelab "$tmp/held-tilelab" "${search[@]}" > "$tmp/killed" 2>> "$tmp/killed.err" &  # appended: the line below goes in too
run=$!
while [ ! -s "$tmp/held/worker" ] && kill -0 $run 2>/dev/null; do sleep 0.05; done
victim=$(cat "$tmp/held/worker" 2>/dev/null)
check "part 5 held on a worker" test -n "$victim"
check "the worker is one of the cluster's" grep -q "=$victim\b" "$tmp/killed.err"
kill -9 "$victim"
echo "killed worker $victim" >> "$tmp/killed.err"
touch "$tmp/release"
wait $run
check "a worker killed: exit 0" test $? = 0
check "a worker killed: the same bytes" cmp -s "$tmp/killed" "$tmp/whole"
check "a worker killed: part 5 run again after it" \
  bash -c "sed -n '/^killed worker/,\$p' '$tmp/killed.err' | grep -q '^part 5/12 done'"
check "a worker killed: every part once" test "$(grep -c '^part [0-9]*/12 done' "$tmp/killed.err")" = 12

# The script's own options after GAME and among the search's: the same bytes.
"$cluster" skiddy --seeds cluster:1-480 --workers 2 --keep 5 --tilelab "$tl" --by -states > "$tmp/after" 2> "$tmp/after.err"
check "options after GAME: exit 0" test $? = 0
check "options after GAME: the same bytes" cmp -s "$tmp/after" "$tmp/whole"

"$cluster" --workers 1 --tilelab "$tl" skiddy --seeds cluster:9-3 > "$tmp/bad" 2> "$tmp/bad.err"
check "a range backwards: exit 2" test $? = 2
check "a range backwards: said" grep -q "runs backwards" "$tmp/bad.err"
check "a range backwards: nothing on stdout" test ! -s "$tmp/bad"
finish "search-cluster"
