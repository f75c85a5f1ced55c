#!/usr/bin/env bash
# The tilelab command's contract: exit codes, JSON keys, bad input on stderr.
set -u
tl=$1
png_check=${2:-$(dirname "$tl")/png_check}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/checks.sh"
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

# A wide graph (Skiddy's bench level, 1.28 M states) is explored on two
# threads unless --threads 1: the same analysis, word for word.
printf '#####Y##\n#r..c.rR\n#.y....#\n#y..r..#\n#ry.i.c#\n##.....#\n########\n' > "$tmp/wide.txt"
check "analyze on two threads" expect_exit 0 "$tl" analyze "$tmp/wide.txt"
cp "$tmp/out" "$tmp/two.txt"
check "analyze --threads 1" expect_exit 0 "$tl" analyze "$tmp/wide.txt" --threads 1
check "one thread and two say the same" cmp -s "$tmp/out" "$tmp/two.txt"
check "analyze --threads 3 exits 2" expect_exit 2 "$tl" analyze "$tmp/wide.txt" --threads 3
check "--threads 3 is named" has "'3' is not 1 or 2" err

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
# A count of a file's puzzles on both cores prints what one thread does.
"$tl" generate flow --set size=12x12 --count 6 --seed contract-count > "$tmp/counted.txt"
printf '\n' >> "$tmp/counted.txt"
cat "$tmp/flows.txt" >> "$tmp/counted.txt"
aside='s/"ms":[0-9.e+-]*//; s/"expanded":[0-9]*//'
check "solve --count: the eight puzzles counted" bash -c "'$tl' solve '$tmp/counted.txt' --count 2 --json | grep -c '\"unique\":' | grep -qx 8"
check "solve --count on two threads as on one" bash -c "cmp <('$tl' solve '$tmp/counted.txt' --count 2 --json | sed '$aside') <('$tl' solve '$tmp/counted.txt' --count 2 --json --threads 1 | sed '$aside') && '$tl' solve '$tmp/counted.txt' --count 2 --threads 1 | grep -c 'solutions under no-touch' | grep -qx 8"
check "solve --threads 3 refused" expect_exit 2 "$tl" solve "$tmp/counted.txt" --count 2 --threads 3
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
check "a Skiddy band below the easiest level named" has "max_difficulty: 5 is below 16" err

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
check "check names the solution that fails" has "solution 1 (1-← 2-→) loses after 1 moves" out
printf 'not a level\n' > "$tmp/pack/bad.txt"
check "check with a file that is no level: exit 2" expect_exit 2 "$tl" check "$tmp/pack"
check "check names the bad file" has "bad.txt: not a level" err
check "check still checks the others" has "good.txt: solved" out

# rate: each level's difficulty and its reasons; --against-order, how well it
# agrees with the files' order (names by number: 2 before 10).
mkdir -p "$tmp/order"
printf '3x3\n0 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n' > "$tmp/order/1.txt"
printf '3x3\n0,left 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n' > "$tmp/order/2.txt"
printf '3x3\n0,sand 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1- 3-\n' > "$tmp/order/10.txt"
check "rate a folder" expect_exit 0 "$tl" rate "$tmp/order" --against-order
check "rate names each level with its parts" has "2.txt: difficulty 1[0-9][0-9] (newest rule 45, wrong moves" out
check "rate reads 10 after 2" bash -c "grep -n . '$tmp/out' | grep -q '^3:.*10.txt'"
check "rate gives the agreement" has "Spearman's rho 1.000 over 3 levels" out
check "rate --json" expect_exit 0 "$tl" rate "$tmp/order" --against-order --json
for key in '"difficulty_parts":{"newest_rule":' '"difficulty_reasons":\[' '"words":"slopes, the 1st of the 12 rules' '"spearman":1'; do
  check "rate json $key" has "$key" out
done
mv "$tmp/order/1.txt" "$tmp/order/11.txt"
check "rate --at-least: exit 1 below it" expect_exit 1 "$tl" rate "$tmp/order" --at-least 0.9
check "rate --at-least says so" has "below --at-least 0.900" err
check "rate --at-least 2: exit 2" expect_exit 2 "$tl" rate "$tmp/order" --at-least 2
check "rate --at-least 2 named" has "'2' is not a number from -1 to 1" err
check "--against-order is rate's: exit 2" expect_exit 2 "$tl" analyze "$tmp/level.txt" --against-order
check "analyze json has the parts" expect_exit 0 "$tl" analyze "$tmp/level.txt" --json
check "analyze json difficulty_parts" has '"difficulty_parts":{"wrong_moves":' out

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

# render: a picture of a level of each game (SVG: an element for every piece,
# the solution added on request; PNG decoded), a pack's sheet (PDF pages).
count_of() { # class, svg-pieces file: the cells holding that class (0: none)
  awk -v c="$1" '$1 == c { n = $2 } END { print n + 0 }' "$2"
}
pieces() { # level file, characters: how many cells of the level's grid hold one of them
  grep -v '^[#=]' "$1" | head -n "${3:-1000}" | tr -cd "$2" | wc -c
}
export -f count_of
for game in lastball penguin skiddy golf flow; do
  "$tl" generate "$game" --seed contract-render > "$tmp/$game.txt" 2>/dev/null
  check "render $game svg" expect_exit 0 "$tl" render "$tmp/$game.txt" --out "$tmp/$game.svg"
  check "render $game svg parses" bash -c "python3 '$here/svg_pieces.py' '$tmp/$game.svg' > '$tmp/$game.pieces'"
  check "render $game svg has no solution drawn" bash -c "[ \$(count_of path '$tmp/$game.pieces') = 0 ] && [ \$(count_of line '$tmp/$game.pieces') = 0 ]"
  check "render $game --solution" expect_exit 0 "$tl" render "$tmp/$game.txt" --solution --out "$tmp/$game-solved.svg"
  python3 "$here/svg_pieces.py" "$tmp/$game-solved.svg" > "$tmp/$game-solved.pieces"
  check "render $game --solution png" expect_exit 0 "$tl" render "$tmp/$game.txt" --solution --format png --out "$tmp/$game.png"
  check "render $game png signature" bash -c "head -c 8 '$tmp/$game.png' | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$'"
  check "render $game png decodes" bash -c "'$png_check' '$tmp/$game.png' > '$tmp/$game.size'"
done
# Every piece of the level an element: The Last Ball's balls, Skiddy's
# skiddies, crates, goals and pits, Flow's dots, Golf Peaks' ball and flag.
check "lastball: a ball element a ball" bash -c "[ \$(count_of ball '$tmp/lastball.pieces') = \$(grep -o '[o@]' '$tmp/lastball.txt' | wc -l) ]"
check "skiddy: an actor element a skiddy" bash -c "[ \$(count_of actor '$tmp/skiddy.pieces') = \$(grep -o '[ry]' '$tmp/skiddy.txt' | wc -l) ]"
check "skiddy: a flag element a goal" bash -c "[ \$(count_of flag '$tmp/skiddy.pieces') = \$(grep -o '[RY]' '$tmp/skiddy.txt' | wc -l) ]"
check "skiddy: a crate element a crate" bash -c "[ \$(count_of crate '$tmp/skiddy.pieces') = \$(grep -o 'c' '$tmp/skiddy.txt' | wc -l) ]"
check "penguin: the penguin and the finish" bash -c "[ \$(count_of actor '$tmp/penguin.pieces') = 1 ] && [ \$(count_of flag '$tmp/penguin.pieces') = \$(grep -o 'F' '$tmp/penguin.txt' | wc -l) ]"
check "penguin: a tree element a tree" bash -c "[ \$(count_of tree '$tmp/penguin.pieces') = \$(grep -o 'T' '$tmp/penguin.txt' | wc -l) ]"
check "flow: a dot element a dot" bash -c "[ \$(count_of dot '$tmp/flow.pieces') = \$(grep -v '^[#=]' '$tmp/flow.txt' | tr -d '.\n' | wc -c) ]"
check "golf: one ball, one flag" bash -c "[ \$(count_of ball '$tmp/golf.pieces') = 1 ] && [ \$(count_of flag '$tmp/golf.pieces') = 1 ]"
# Golf Peaks' height number reads over whatever stands on its cell: drawn
# after the ball (and after a wall), never under it.
printf '3x1\n1,ball 1 1,flag\n\n2-\n' > "$tmp/golf-height.txt"
"$tl" render "$tmp/golf-height.txt" --out "$tmp/golf-height.svg"
check "golf: the height's number over the ball" python3 - "$tmp/golf-height.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
els = [e for e in ET.parse(sys.argv[1]).getroot().iter() if e.get('data-cell')]
ball = [e.get('data-cell') for e in els if e.get('class') == 'ball']
assert ball, 'no ball drawn'
cell = [e for e in els if e.get('data-cell') == ball[0]]
last_ball = max(i for i, e in enumerate(cell) if e.get('class') == 'ball')
numbers = [i for i, e in enumerate(cell) if e.get('class') == 'height' and e.tag.endswith('text')]
assert numbers, 'no height number on the ball\'s cell'
assert min(numbers) > last_ball, 'the height number is drawn under the ball'
PY
# --solution: a move puzzle's path (a step a move), Flow's lines on every cell.
for game in lastball penguin golf; do
  check "$game --solution draws the path" bash -c "[ \$(count_of path '$tmp/$game-solved.pieces') -ge 1 ] && [ \$(count_of moves '$tmp/$game-solved.pieces') -ge 2 ]"
done
check "skiddy --solution writes the moves" bash -c "[ \$(count_of moves '$tmp/skiddy-solved.pieces') -ge 2 ]"
check "flow --solution fills every cell with a line" bash -c "[ \$(count_of line '$tmp/flow-solved.pieces') = \$(grep -v '^[#=]' '$tmp/flow.txt' | tr -d '\n' | wc -c) ]"
check "png is as large as the svg" bash -c "read w h < '$tmp/lastball.size'; grep -q \"width=\\\"\$w\\\" height=\\\"\$h\\\"\" '$tmp/lastball-solved.svg'"
"$tl" render "$tmp/lastball.txt" --format png --out "$tmp/lastball-plain.png"
check "png: the black ball's middle is dark" bash -c "python3 - '$tmp/lastball.svg' <<'PY' | xargs '$png_check' '$tmp/lastball-plain.png' | tail -1 | awk '{ exit !(\$1 < 90 && \$2 < 90 && \$3 < 90) }'
import sys, xml.etree.ElementTree as ET
for el in ET.parse(sys.argv[1]).getroot().iter():
    if el.get('class') == 'ball' and el.get('fill') == '#18181c':
        print(int(float(el.get('cx'))), int(float(el.get('cy'))))
        break
PY"
"$tl" pack skiddy --count 8 --seed contract-sheet > "$tmp/sheet-pack.txt" 2>/dev/null
check "render --sheet pdf" expect_exit 0 "$tl" render --sheet "$tmp/sheet-pack.txt" --out "$tmp/sheet.pdf"
check "sheet is a PDF" bash -c "head -c 5 '$tmp/sheet.pdf' | grep -q '%PDF-'"
check "sheet: 8 levels, 6 a page, then their solutions: 4 pages" bash -c "pdfinfo '$tmp/sheet.pdf' | grep -q '^Pages: *4$'"
check "sheet pages decode" bash -c "pdftoppm -r 20 -png -f 1 -l 1 '$tmp/sheet.pdf' '$tmp/sheetpage' && '$png_check' '$tmp/sheetpage-1.png' >/dev/null"
check "sheet writes each level's number and par" bash -c "pdftotext '$tmp/sheet.pdf' - | grep -q 'Level 8 *par'"
check "render --sheet svg" expect_exit 0 "$tl" render --sheet "$tmp/sheet-pack.txt" --format svg --out "$tmp/sheet.svg"
check "sheet svg: 4 pages" bash -c "[ \$(python3 '$here/svg_pieces.py' '$tmp/sheet.svg' | awk '\$1 == \"page\" { print \$2 }') = 4 ]"
# Bad input: named, exit 2, no file left behind.
check "render --format gif exit 2" expect_exit 2 "$tl" render "$tmp/lastball.txt" --format gif
check "render --format gif named" has "--format: 'gif'" err
check "render --sheet of a level exit 2" expect_exit 2 "$tl" render --sheet "$tmp/lastball.txt"
check "render --sheet of a level named" has "not a level pack" err
check "render --sheet with --solution exit 2" expect_exit 2 "$tl" render --sheet "$tmp/sheet-pack.txt" --solution
check "render into a missing folder exit 2" expect_exit 2 "$tl" render "$tmp/lastball.txt" --out "$tmp/no/such/dir/x.svg"
check "render into a missing folder leaves nothing" bash -c "[ ! -e '$tmp/no' ]"
check "--out outside render exit 2" expect_exit 2 "$tl" solve "$tmp/lastball.txt" --out x
check "render --solution of an unsolvable level exits 1" expect_exit 1 "$tl" render "$tmp/stuck.txt" --solution
# cairo is loaded by the commands that draw PNG or PDF alone (shell/cli/render.cpp):
# the executable starts without it, and without it they say what is missing.
check "the cli links no cairo, X11 or fontconfig" bash -c "ldd '$tl' > '$tmp/ldd' && ! grep -q -e libcairo -e libX11 -e libfontconfig '$tmp/ldd'"
nocairo="env TILELAB_CAIRO_LIBRARY=$tmp/no-such-libcairo.so.2"
check "png without cairo exit 2" expect_exit 2 $nocairo "$tl" render "$tmp/lastball.txt" --format png --out "$tmp/nocairo.png"
check "png without cairo named" has "--format png draws through cairo, which could not be loaded" err
check "png without cairo names the package" has "libcairo2" err
check "png without cairo leaves no file" bash -c "[ ! -e '$tmp/nocairo.png' ] && [ ! -e '$tmp/nocairo.png.tmp' ]"
check "pdf sheet without cairo exit 2" expect_exit 2 $nocairo "$tl" render --sheet "$tmp/sheet-pack.txt" --out "$tmp/nocairo.pdf"
check "pdf sheet without cairo named" has "--format pdf draws through cairo" err
check "svg without cairo still drawn" expect_exit 0 $nocairo "$tl" render "$tmp/lastball.txt" --format svg
check "solve without cairo still solves" expect_exit 0 $nocairo "$tl" solve "$tmp/lastball.txt"
python3 -c "
rows = [['.'] * 300 for _ in range(300)]
rows[0][0] = rows[299][299] = 'a'; rows[5][7] = rows[200][100] = 'b'
print('\n'.join(''.join(r) for r in rows))" > "$tmp/large.txt"
check "render of a 300x300 board" expect_exit 0 "$tl" render "$tmp/large.txt" --game flow --format png --out "$tmp/large.png"
check "a 300x300 board's picture stays within 2,500 pixels" bash -c "read w h < <('$png_check' '$tmp/large.png'); [ \$w -le 2500 ] && [ \$h -le 2500 ]"

finish "cli contract"
