#!/usr/bin/env bash
# A sheet plays on paper: for every game, a pack's sheet drawn as PNG holds a
# QR code a level, zbarimg (Debian's zbar-tools) reads each, and `tilelab
# open` opens each link as that very level; Golf Peaks' sheet draws every
# level's hand as its cards. A level edited after its header (its seed no
# longer makes it) gets its level link, which opens the edited level.
set -u
tl=$1
. "$(dirname "$0")/checks.sh"
page=http://127.0.0.1:8080/
# The pack's levels, a file each: $2-1.txt, $2-2.txt, ...
split_pack() {
  awk -v out="$2" '/^== /{ n++; next } n { print > (out "-" n ".txt") }' "$1"
}
# Every QR code of the sheet, opened: each must be a level of the pack.
opens_every_level() { # game, pack, png, number of levels, link prefix
  local game=$1 pack=$2 png=$3 n=$4 prefix=$5
  zbarimg -q --raw "$png" > "$tmp/$game.links" 2>/dev/null
  [ "$(grep -c . "$tmp/$game.links")" = "$n" ] || { echo "  $(grep -c . "$tmp/$game.links") QR codes read, $n levels" >&2; return 1; }
  split_pack "$pack" "$tmp/$game-level"
  local i=0 link
  while read -r link; do
    i=$((i + 1))
    case "$link" in "$prefix"*) ;; *) echo "  not a link of $prefix: $link" >&2; return 1 ;; esac
    "$tl" open "$link" > "$tmp/$game-opened-$i.txt" || { echo "  does not open: $link" >&2; return 1; }
    local found=0 f
    for f in "$tmp/$game-level"-*.txt; do
      # (a pack's level body ends with a blank line before the next header)
      cmp -s <(sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$f") "$tmp/$game-opened-$i.txt" && found=1
    done
    [ $found = 1 ] || { echo "  $link opens a level that is not the pack's:" >&2; cat "$tmp/$game-opened-$i.txt" >&2; return 1; }
  done < "$tmp/$game.links"
}

for game in lastball penguin skiddy golf flow; do
  "$tl" pack "$game" --count 2 --seed sheet-qr > "$tmp/$game.pack" 2>/dev/null
  check "$game: render --sheet --format png" "$tl" render --sheet "$tmp/$game.pack" --format png --page "$page" --out "$tmp/$game.png"
  check "$game: each level's QR code opens it" opens_every_level "$game" "$tmp/$game.pack" "$tmp/$game.png" 2 "${page}#game=$game&"
done

# Golf Peaks: a card box a kind of card in each level's hand, on the page of
# levels and on the page of solutions, each with its card's text.
"$tl" render --sheet "$tmp/golf.pack" --format svg --page "$page" --out "$tmp/golf.svg"
cards_drawn() {
  python3 - "$tmp/golf.svg" "$tmp/golf.pack" <<'PY'
import re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
boxes = [e for e in root.iter() if e.tag.endswith('rect') and e.get('class') == 'card']
texts = {e.text for e in root.iter() if e.get('class') == 'card-text'}
hands = [set(b.strip().split('\n')[-1].split()) for b in re.split(r'^== .*$', open(sys.argv[2]).read(), flags=re.M)[1:]]
kinds = sum(len(h) for h in hands)
ok = len(boxes) == 2 * kinds and all(c in texts for h in hands for c in h)
if not ok: print(f'  {len(boxes)} card boxes for {kinds} kinds of card; texts {sorted(texts)}, hands {hands}', file=sys.stderr)
sys.exit(0 if ok else 1)
PY
}
check "golf: every level's hand drawn as its cards" cards_drawn

# A level edited after its header (a card added to its hand): its QR code
# holds its level link.
python3 - "$tmp/golf.pack" > "$tmp/edited.pack" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
head, first, rest = re.split(r'(?m)^(?===)', text, maxsplit=2)
lines = first.split('\n')
cards = lines.index('', 1) + 1  # the line after the blank one that ends the rows
lines[cards] += ' 9-'
sys.stdout.write(head + '\n'.join(lines) + rest)
PY
check "the edit changed the pack" bash -c "! cmp -s '$tmp/golf.pack' '$tmp/edited.pack'"
check "an edited pack's sheet" "$tl" render --sheet "$tmp/edited.pack" --format png --page "$page" --out "$tmp/edited.png"
check "an edited level's QR code opens the edited level" opens_every_level edited "$tmp/edited.pack" "$tmp/edited.png" 2 "${page}#game=golf&"
check "the edited level's code is a level link" grep -q "level=" "$tmp/edited.links"

# Without a page address the links are fragments, and the command says so.
"$tl" render --sheet "$tmp/lastball.pack" --format png --out "$tmp/fragments.png" 2> "$tmp/err"
check "without --page: says the links are fragments" grep -q "fragments only" "$tmp/err"
check "without --page: each QR code is a fragment that opens its level" opens_every_level fragments "$tmp/lastball.pack" "$tmp/fragments.png" 2 "#game=lastball&"
check "--page that is no URL exit 2" bash -c "'$tl' render --sheet '$tmp/lastball.pack' --page example --format svg >/dev/null 2>&1; [ \$? = 2 ]"
check "--page outside a sheet exit 2" bash -c "'$tl' render --page '$page' < /dev/null >/dev/null 2>&1; [ \$? = 2 ]"

finish sheet
