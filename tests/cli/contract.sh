#!/usr/bin/env bash
# The tilelab command's contract: exit codes, JSON keys, bad input on stderr.
set -u
tl=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
check() { # description, then a command that must succeed
  local what=$1; shift
  if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); echo "FAIL: $what" >&2; fi
}
expect_exit() { # code, command...
  local want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  [ "$got" = "$want" ] || { echo "  exit $got, wanted $want: $*" >&2; cat "$tmp/err" >&2; return 1; }
}
has() { grep -q -- "$1" "$tmp/$2" || { echo "  '$1' not in $2:" >&2; cat "$tmp/$2" >&2; return 1; }; }

check "games lists lastball" expect_exit 0 "$tl" games
check "games names lastball" has lastball out
check "games --json" expect_exit 0 "$tl" games --json
check "games --json has params" has '"params":\[' out

check "generate prints a level" expect_exit 0 "$tl" generate lastball --seed contract-1
cp "$tmp/out" "$tmp/level.txt"
check "generated level has a black ball" has '@' level.txt
check "generate is deterministic" bash -c "'$tl' generate lastball --seed contract-1 | cmp -s - '$tmp/level.txt'"
check "generate --json" expect_exit 0 "$tl" generate lastball --seed contract-1 --json --set balls=4 --set size=8x8
for key in '"par":' '"level":' '"link":"#game=lastball' '"solution":'; do check "generate json $key" has "$key" out; done
check "generate --count 3" expect_exit 0 "$tl" generate lastball --seed c --count 3 --json
check "count gives three" bash -c "grep -o '\"level\"' '$tmp/out' | wc -l | grep -q 3"

check "solve exit 0" expect_exit 0 "$tl" solve "$tmp/level.txt"
check "solve --json" expect_exit 0 "$tl" solve "$tmp/level.txt" --json
for key in '"solvable":true' '"moves":' '"length":' '"expanded":' '"ms":'; do check "solve json $key" has "$key" out; done
check "solve from stdin" bash -c "'$tl' solve - --game lastball < '$tmp/level.txt' >/dev/null"
printf '@...\n....\n...o\n' > "$tmp/stuck.txt"
check "unsolvable exits 1" expect_exit 1 "$tl" solve "$tmp/stuck.txt"
check "unsolvable says so" has unsolvable out

check "analyze --json" expect_exit 0 "$tl" analyze "$tmp/level.txt" --json
for key in '"solvable":' '"par":' '"states":' '"win_states":' '"dead_ends":' '"optimal_solutions":' '"capped":false'; do
  check "analyze json $key" has "$key" out
done

moves=$("$tl" solve "$tmp/level.txt")
check "replay of the solution wins" expect_exit 0 "$tl" replay "$tmp/level.txt" --moves "$moves"
check "replay says won" has won out
check "replay of a losing move exits 1" expect_exit 1 "$tl" replay "$tmp/stuck.txt" --moves "R"
check "replay bad moves exit 2" expect_exit 2 "$tl" replay "$tmp/level.txt" --moves "R Q"
check "bad moves named" has "'Q' at column 3" err

check "link" expect_exit 0 "$tl" link "$tmp/level.txt"
link=$(cat "$tmp/out")
check "open level link" expect_exit 0 "$tl" open "$link"
check "open gives the level back" cmp -s "$tmp/out" "$tmp/level.txt"
check "seed link" expect_exit 0 "$tl" link --game lastball --seed contract-1
seedlink=$(cat "$tmp/out")
check "open seed link" expect_exit 0 "$tl" open "$seedlink"
check "seed link regenerates" cmp -s "$tmp/out" "$tmp/level.txt"
check "old generator link refused" expect_exit 2 "$tl" open "#game=lastball&v=1&gen=0&seed=x"
check "old generator named" has "generator version 0" err

printf '@.o.\n.x..\n' > "$tmp/bad.txt"
check "bad level exit 2" expect_exit 2 "$tl" solve "$tmp/bad.txt"
check "bad level names line and column" has "line 2, column 2" err
check "missing file exit 2" expect_exit 2 "$tl" solve "$tmp/nope.txt"
check "unknown game exit 2" expect_exit 2 "$tl" generate chess
check "bad parameter exit 2" expect_exit 2 "$tl" generate lastball --set balls=99
check "bad parameter named" has "parameter balls" err
check "empty --set exit 2" expect_exit 2 "$tl" generate lastball --set ""
check "empty --set named" has "is not KEY=VALUE" err
check "unknown command exit 2" expect_exit 2 "$tl" frobnicate
check "bad count exit 2" expect_exit 2 "$tl" generate lastball --count 0
head -c 2000000 /dev/zero | tr '\0' '.' > "$tmp/huge.txt"
check "huge input refused" expect_exit 2 "$tl" solve "$tmp/huge.txt"

# Tickles Penguin through the same contract.
check "penguin generate" expect_exit 0 "$tl" generate penguin --seed contract-p --set mode=from-end
cp "$tmp/out" "$tmp/penguin.txt"
check "penguin level detected and solved" expect_exit 0 "$tl" solve "$tmp/penguin.txt" --json
check "penguin solve names the game" has '"game":"penguin"' out
pmoves=$("$tl" solve "$tmp/penguin.txt")
check "penguin replay wins" expect_exit 0 "$tl" replay "$tmp/penguin.txt" --moves "$pmoves"
check "penguin analyze" expect_exit 0 "$tl" analyze "$tmp/penguin.txt" --json
check "penguin analyze has dead ends" has '"dead_ends":' out
printf 'P..1\n...F\n' > "$tmp/door.txt"
check "unpaired door exit 2" expect_exit 2 "$tl" solve "$tmp/door.txt"
check "unpaired door named" has "line 1, column 4: door '1' has no twin" err
check "bench compares both modes" bash -c "'$tl' bench penguin --json | grep -q 'mode=from-end'"

check "golf generate" expect_exit 0 "$tl" generate golf --seed contract-g --set cards=3
cp "$tmp/out" "$tmp/golf.txt"
check "golf solve" expect_exit 0 "$tl" solve "$tmp/golf.txt"
gmoves=$("$tl" solve "$tmp/golf.txt")
check "golf replay wins" expect_exit 0 "$tl" replay "$tmp/golf.txt" --moves "$gmoves"
check "golf solve --all" expect_exit 0 "$tl" solve "$tmp/golf.txt" --all --json
for key in '"count":' '"complete":true' '"solutions":\['; do check "solve --all json $key" has "$key" out; done
check "solve --all refuses a game that loops" expect_exit 2 "$tl" solve "$tmp/penguin.txt" --all
check "solve --all says why" has "solutions never end" err
printf '3x1\n0,ball 0,warp4 0,flag\n\n1-\n' > "$tmp/warp.txt"
check "unpaired warp exit 2" expect_exit 2 "$tl" solve "$tmp/warp.txt"
check "unpaired warp named" has "row 1, column 2: warp4 has no partner" err

# Flow: files of several puzzles, solutions as grids, counting under each rule set.
printf 'a.b\na.b\n\n# the second\nR.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n' > "$tmp/flows.txt"
check "flow file of two puzzles solves both" expect_exit 0 "$tl" solve "$tmp/flows.txt"
check "flow solution printed as the grid" has "RGBYO" out
check "flow --json a line a puzzle" bash -c "'$tl' solve '$tmp/flows.txt' --json | wc -l | grep -q 2"
check "flow --count under fill" expect_exit 0 "$tl" solve "$tmp/flows.txt" --json --count 5 --rules fill
for key in '"solution":\["abb","abb"\]' '"paths":\[\[\[0,0\],\[0,1\]\]' '"rules":"fill","count":2,"unique":false' '"count":1,"unique":true'; do
  check "flow json $key" has "$key" out
done
check "flow a.b over a.b has no no-touch solution" bash -c "'$tl' solve '$tmp/flows.txt' --json --count 5 | grep -q '\"rules\":\"no-touch\",\"count\":0'"
# A Numberlink stream as published: the next size line right after the last
# row, a 1x2 board, "0 0" ending it.
printf '2 2\nab\nab\n1 2\nc\nc\n0 0\n' > "$tmp/stream.txt"
check "flow stream without blank lines: both puzzles solved" bash -c "'$tl' solve '$tmp/stream.txt' --json | grep -c '\"solvable\":true' | grep -qx 2"
check "bench --files: a line a file" bash -c "'$tl' bench flow --files '$tmp/stream.txt' | grep -q '2 levels, 2 solved, 0 unsolvable, 0 capped'"
check "bench --files --json" bash -c "'$tl' bench flow --files '$tmp/stream.txt' --json | grep -q '\"solved\":2'"
check "--files outside bench exit 2" expect_exit 2 "$tl" solve "$tmp/stream.txt" --files
check "--files outside bench named" has "files is for bench" err
check "bench --files: a missing file exit 2" expect_exit 2 "$tl" bench flow --files "$tmp/no-such-file"
check "bench --files: the missing file named" has "no-such-file: cannot open" err
check "bench --files as solve: a.b over a.b solved under fill" bash -c "'$tl' bench flow --files '$tmp/flows.txt' | grep -q '2 levels, 2 solved, 0 unsolvable'"
check "bench --files --rules no-touch: a.b over a.b unsolvable" bash -c "'$tl' bench flow --files '$tmp/flows.txt' --rules no-touch | grep -q '2 levels, 1 solved, 1 unsolvable, 0 capped'"
check "bench --files --rules: an unknown rule set exit 2" expect_exit 2 "$tl" bench flow --files "$tmp/flows.txt" --rules loose
check "bench --files --rules: the rule set named" has "'loose' is not a rule set of flow" err
check "bench --files --count 2: the unique puzzles said" bash -c "'$tl' bench flow --files '$tmp/flows.txt' --rules fill --count 5 | grep -q '2 levels, 2 solved (1 unique), 0 unsolvable'"
check "bench --count without --files exit 2" expect_exit 2 "$tl" bench flow --count 2
check "bench --count without --files named" has "count with bench is for its files" err
check "--rules outside solve and bench --files exit 2" expect_exit 2 "$tl" analyze "$tmp/flows.txt" --rules fill
check "--rules outside solve and bench --files named" has "rules is for solve and bench --files" err
# A Numberlink file past 1 MiB (a 1024x1024 board, the largest): read; a level of another game that large is refused.
dots=$(printf '%1022s' '' | tr ' ' '.'); empty=$(printf '%1024s' '' | tr ' ' '.')
{ echo '1024 1024'; echo "a${dots}a"; for i in $(seq 1023); do echo "$empty"; done; } > "$tmp/big.txt"
check "flow file over 1 MiB read (1024x1024)" expect_exit 0 "$tl" parse "$tmp/big.txt" --game flow
check "no game given: a file over 1 MiB is read as Flow's" expect_exit 0 "$tl" parse "$tmp/big.txt"
check "another game's file over 1 MiB exit 2" expect_exit 2 "$tl" parse "$tmp/big.txt" --game lastball
check "another game's file over 1 MiB: its limit named" has "larger than 1 MiB" err
printf '..\n.a\n' > "$tmp/flow-bad.txt"
check "flow colour with one dot exit 2" expect_exit 2 "$tl" solve "$tmp/flow-bad.txt" --game flow
check "flow colour with one dot named" has "line 2, column 2: 'a' has one dot" err
check "--count is for flow" expect_exit 2 "$tl" solve "$tmp/level.txt" --count 2
printf 'a.a\n...\n' > "$tmp/flow-none.txt"
check "unsolvable flow exits 1" expect_exit 1 "$tl" solve "$tmp/flow-none.txt"
# Flow boards: a design (no dots) analysed for its fewest lines; levels alike dropped.
printf '.......\n.......\n.......\n.......\n.......\n.......\n.......\nblocks: 0,0 1,1 2,2 3,3 4,4 5,5 6,6\nwarps: both\n' > "$tmp/design.txt"
check "design analysed" expect_exit 0 "$tl" analyze "$tmp/design.txt" --game flow --json
for key in '"fewest_lines":2' '"proven":true' '"perfect_level":true'; do check "design json $key" has "$key" out; done
check "design solved: its filling" expect_exit 0 "$tl" solve "$tmp/design.txt" --game flow --json
for key in '"length":2' '"solution":\[".abaabb"' '"paths":\[\[\[1,0\]'; do check "design solve json $key" has "$key" out; done
check "generate --count drops alike levels" expect_exit 0 "$tl" generate flow --set size=5x5 --count 10 --seed s --max-similarity 60
check "dropped seeds named" has "dropped: [0-9]*% like seed s\." err
check "ten levels kept" bash -c "grep -c '^$' '$tmp/out' | grep -q '^9$'"
check "bad --max-similarity exit 2" expect_exit 2 "$tl" generate flow --count 2 --max-similarity 0
check "bad --max-similarity named" has "--max-similarity: '0' is not a percent" err
check "hive of even size: parameters that cannot go together, exit 2" expect_exit 2 "$tl" generate flow --set size=6x6 --set shape=hive
check "hive of even size named" has "shape=hive: a hive is as high as wide" err
check "a pattern on hexes: exit 2" expect_exit 2 "$tl" generate flow --set shape=hexes --set pattern=step
check "a pattern on hexes named" has "pattern=step: patterns are designs of square boards" err
check "a start outside the field: exit 2" expect_exit 2 "$tl" generate lastball --set size=5x5 --set start_x=9
check "a start outside the field named" has "parameter start_x: 9 is outside a field 5 wide" err
check "a pack of a hive of even size: exit 2" expect_exit 2 "$tl" pack flow --count 3 --set size=6x6 --set shape=hive --seed s
check "a pack of a hive of even size named" has "shape=hive: a hive is as high as wide" err
check "a level not found is not bad input: exit 1" expect_exit 1 "$tl" generate golf --set size=4x4 --set cards=8 --seed s
check "a level not found says so" has "no level found in 300 attempts" err
check "more lines than a board holds: exit 2" expect_exit 2 "$tl" generate flow --set size=4x4 --set lines=9 --seed s
check "more lines than a board holds named" has "lines: 9 lines of three cells or more do not fit" err
check "lines too short to fill a board: exit 2" expect_exit 2 "$tl" generate flow --set size=40x40 --seed s
check "lines too short to fill a board named" has "max_line: 62 lines of at most 12 cells" err
check "a Skiddy band below the easiest level: exit 2" expect_exit 2 "$tl" generate skiddy --set max_difficulty=5 --seed s
check "a Skiddy band below the easiest level named" has "max_difficulty: 5 is below 14" err

# check: a folder of levels, each solved and its listed solutions replayed.
mkdir -p "$tmp/pack/sub"
printf '3x1\n0,ball 0 0,flag\n\n2-\n\n2-r\n' > "$tmp/pack/good.txt"
cp "$tmp/level.txt" "$tmp/pack/sub/lastball.txt"
printf '# about the pack\n' > "$tmp/pack/README.md"
check "check a folder: all solve and replay, exit 0" expect_exit 0 "$tl" check "$tmp/pack"
check "check prints a line a level" has "good.txt: solved, par 1" out
check "check prints the total" has "2 levels: 2 solved, 1/1 listed solutions replayed" out
check "check --json an object a level" expect_exit 0 "$tl" check "$tmp/pack" --json
for key in '"solved":true' '"solutions_replayed":1' '"total":true'; do check "check json $key" has "$key" out; done
printf '3x1\n0,ball 0 0,flag\n\n2- 1-\n\n1-l 2-r\n2-r\n' > "$tmp/pack/wrong.txt"
check "check a listed solution that loses: exit 1" expect_exit 1 "$tl" check "$tmp/pack"
check "check names the solution that fails" has "solution 1 (1-↖ 2-↘) loses after 1 moves" out
printf 'not a level\n' > "$tmp/pack/bad.txt"
check "check with a file that is no level: exit 2" expect_exit 2 "$tl" check "$tmp/pack"
check "check names the bad file" has "bad.txt: not a level" err
check "check still checks the others" has "good.txt: solved" out

# pack: levels from a seed prefix, easiest first, the same bytes each time.
check "pack of 5" expect_exit 0 "$tl" pack lastball --count 5 --seed contract-pack
cp "$tmp/out" "$tmp/pack.txt"
check "pack has 5 levels" bash -c "grep -c '^== lastball seed=contract-pack\.' '$tmp/pack.txt' | grep -q 5"
check "pack is deterministic" bash -c "'$tl' pack lastball --count 5 --seed contract-pack | cmp -s - '$tmp/pack.txt'"
check "pack --json" expect_exit 0 "$tl" pack golf --count 3 --seed contract-pack --json
for key in '"levels":\[' '"difficulty":' '"alike":' '"text":"# Golf Peaks'; do check "pack json $key" has "$key" out; done
check "pack bad band exit 2" expect_exit 2 "$tl" pack lastball --count 3 --difficulty 9-2
check "pack bad band named" has "is not a band" err
check "pack files are checked" bash -c "mkdir -p '$tmp/packdir' && cp '$tmp/pack.txt' '$tmp/packdir/' && '$tl' check '$tmp/packdir' >/dev/null"

# generate --check: a sound level prints as usual; soak: a line a setting and a total.
check "generate --check" expect_exit 0 "$tl" generate golf --seed contract-check --set tiles=warps --check
check "generate --check prints the level" has "warp" out
check "soak of one seed" expect_exit 0 "$tl" soak golf --seeds 1
check "soak prints a setting a line" has "golf      tiles=warps" out
check "soak prints the total" has "0 unsound" out
check "soak --part 2/2 runs every other setting" expect_exit 0 "$tl" soak golf --seeds 1 --part 2/2
check "soak bad part exit 2" expect_exit 2 "$tl" soak --part 3/2
check "soak bad part named" has "--part: '3/2'" err
check "soak unknown game exit 2" expect_exit 2 "$tl" soak chess

echo "cli contract: $passed passed, $failed failed"
[ "$failed" = 0 ]
