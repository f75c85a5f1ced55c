// Golf Peaks: the rules of a card (the level text and view are in golf_format.cpp).
//
// A card in a direction, part by part (the article's try_card):
//   1. its flight, if any: the ball flies N cells the card's way and lands
//      whatever the heights; then its roll: cell by cell, N cells (a roll
//      flies instead when the flight landed on a spring, and runs down the
//      slope the flight landed on);
//   2. after each part: water puts the ball back on the last safe cell it was
//      on (flat ground, sand, an angled wall, a spring, plain ice, the flag)
//      and ends the card; a warp moves it to its partner; the flag wins;
//   3. when the card is done, a slope takes the ball down one cell at a time
//      (warps and water act between those cells), belts carry it and on ice
//      it slides on in its last direction until it leaves the ice or bounces,
//      in any chain; quicksand then swallows the ball: lost.
// Rolling one cell: from sand the ball cannot roll (only a flight leaves
// sand). Higher ground ahead: the ball bounces, turning back, and the bounce
// costs the cell. Lower ground: it drops and rolls on. No ground (x or the
// edge): it falls, lost. The hole: a ball rolling onto the flag drops in. An
// angled wall at the ball's height turns a ball coming from an open side (and
// a ball on it rolling into its wall) and is a wall one higher from behind. A
// slope's top edge is at its height and its low edge one below; the ball
// rolls onto an edge at its own height, drops onto a lower one, and bounces
// off a higher one; from the side it rolls or drops onto a slope whose top is
// at its height or below, and slides down it. A spring: the ball rolls onto
// it and flies the rest of the roll.
//
// Cases the article leaves open, decided so that its two complete levels and
// the real game's levels of worlds 1 to 5 (all 60) replay to a win with every
// solution listed for them (and the article's 9x9 level's shortest solution
// is exactly the one it lists), each with a test; where the article is silent
// or wrong, its author's later solver and the real levels' pars decide:
//   - the hole takes a ball rolling over it (real 2-3: "2-" ends on the flag
//     it rolls onto with a cell of the roll left);
//   - a ball meets a slope from the side when the slope's top is at the
//     ball's height or below, and slides down it: slopes chain round corners
//     (real 1-6, a spiral of eight slopes; the article: "falling sideways onto
//     slopes"); below its top the side is a wall;
//   - a flight that lands on a slope with a roll after it: the roll is played
//     from the slope, turned to run down it, for its full count; the ball
//     does not first slide off (a slope slides the ball only when nothing of
//     the card is left), so a warp the roll passes over does not take it
//     (real 5-7: "1/1-" onto a slope beside a gap ends beside the gap);
//     belts and ice act when the card is done;
//   - a spring is safe ground: water puts the ball back on it (real 5-4);
//   - plain ice is safe ground: a ball that rolls off it into water comes
//     back to the ice cell it left (the article predates ice; the real game
//     and its author's later solver count it; ice corners do not);
//   - a bounce puts the ball back onto its cell, so on a spring a bounce
//     throws it, the rest of the roll, back the way it came (real 5-3, 5-10,
//     5-11);
//   - a card that only flies and lands on a spring stops there; a card with
//     a roll after the flight flies that roll instead (the article: "if you
//     have a Jump(1) + Move(1) card and after the jump you end up on a
//     Spring, then the Move part needs to be handled as a Jump"; throwing a
//     lone flight on gave real levels shortcuts under their designer's par);
//   - springs and water on higher ground are walls (real 5-10: "5-" down from
//     a spring into a higher spring comes back up to the flag);
//   - a ball on an angled wall rolling into its wall is turned like a ball
//     coming in (the 9x9 level's seventh card needs it);
//   - slope heights as above (the article's early code has the ball one higher
//     going down a slope than going up, which its own solution contradicts);
//   - lower flat ground ahead: the ball drops and keeps rolling;
//   - dropping onto a slope other than down it stops the roll and the ball
//     slides down the slope;
//   - water always ends the card;
//   - the last safe cell is also taken where a card starts (a flight from
//     safe ground into water comes back to where it was hit from);
//   - a slide that cannot move the ball (a belt or slope into a wall) ends
//     there; a slide that comes back to a cell in the same direction within
//     one card is a loop: the card fails, lost.
#include <stdio.h>
#include <string.h>

#include <algorithm>

#include "core/base/grid.h"
#include "core/game/level_of.h"
#include "golf.h"

namespace tl {
namespace golf {

namespace {

bool is_safe(uint8_t kind) {
  return kind == kFlat || kind == kFlag || kind == kAngle || kind == kSand || kind == kSpring || kind == kIce;
}
bool is_ice(uint8_t kind) { return kind == kIce || kind == kIceAngle; }

// The direction an angled wall turns a ball moving in `dir`, or -1 (a wall).
int reflect(int type, int dir) {
  switch (type) {
    case kTopLeft: return dir == kUp ? kRight : dir == kLeft ? kDown : -1;
    case kTopRight: return dir == kUp ? kLeft : dir == kRight ? kDown : -1;
    case kBottomLeft: return dir == kDown ? kRight : dir == kLeft ? kUp : -1;
    default: return dir == kDown ? kLeft : dir == kRight ? kUp : -1;
  }
}

enum Result { kRolled, kFell, kSplash };

// The ball during one card.
struct Ball {
  int cell, last_safe, dir;
  uint64_t* touched;  // null, or a bit per cell the card's way depends on (Rules::apply_traced)
  void touch(int c) {
    if (touched) touched[c / 64] |= 1ull << (c % 64);
  }
  uint64_t slid[kMaxSide * kMaxSide * 4 / 64];  // (cell, dir) pairs slid from in this card
};

class Player {
 public:
  explicit Player(const Rules& r) : r_(r) {}

  Outcome play(const Card& card, int dir, Ball& b) const {
    b.touch(b.cell);
    b.dir = dir;
    memset(b.slid, 0, sizeof b.slid);
    if (is_safe(r_.tile[b.cell].kind)) b.last_safe = b.cell;
    bool sprung = false;   // the flight landed on a spring: the roll flies
    int roll_dir = dir;    // the roll's way: the card's, or down the slope the flight landed on
    for (int part = 0; part < 2; ++part) {
      const int strength = part == 0 ? card.jump : card.move;
      if (strength == 0) continue;
      b.dir = part == 0 ? dir : roll_dir;  // whatever turned the ball before
      Result res = part == 0 || sprung ? fly(b, strength) : roll(b, strength);
      const bool last = part == 1 || card.move == 0;
      if (res == kRolled && !last) {
        // Between the flight and the roll: a spring makes the roll a flight;
        // a slope turns it downhill, played from the slope for its full count.
        const Tile& landed = r_.tile[b.cell];
        if (landed.kind == kSpring) sprung = true;
        if (landed.kind == kSlope) roll_dir = landed.dir;
      }
      if (res == kRolled) res = settle(b, last);
      if (res == kFell) return Outcome::kLost;
      if (res == kSplash) return Outcome::kMoved;
      if (b.cell == r_.flag) return Outcome::kWon;
    }
    return r_.tile[b.cell].kind == kQuick ? Outcome::kLost : Outcome::kMoved;
  }

 private:
  const Tile* at(int x, int y) const {
    if (x < 0 || y < 0 || x >= r_.width || y >= r_.height) return nullptr;
    const Tile* t = &r_.tile[y * r_.width + x];
    return t->kind == kNone ? nullptr : t;
  }

  Result fly(Ball& b, int n) const {
    int x = b.cell % r_.width + dir_dx(b.dir) * n, y = b.cell / r_.width + dir_dy(b.dir) * n;
    if (!at(x, y)) return kFell;
    b.cell = y * r_.width + x;
    b.touch(b.cell);
    return kRolled;
  }

  Result roll(Ball& b, int n) const {
    while (n > 0) {
      const Tile& cur = r_.tile[b.cell];
      if (is_safe(cur.kind)) b.last_safe = b.cell;
      if (cur.kind == kSand) return kRolled;
      if (cur.kind == kAngle || cur.kind == kIceAngle) {
        const int turned = reflect(cur.dir, b.dir);  // rolling into its angled wall from inside
        if (turned >= 0) b.dir = turned;
      }
      // On a slope the ball leaves its low edge going down it, its top going up.
      int ground = cur.height;
      if (cur.kind == kSlope) {
        if (b.dir == cur.dir) ground = cur.height - 1;
        else if (b.dir != dir_opposite(cur.dir)) return kFell;  // never happens: nothing rolls across a slope
      }
      const int x = b.cell % r_.width + dir_dx(b.dir), y = b.cell / r_.width + dir_dy(b.dir);
      const Tile* next = at(x, y);
      if (!next) return kFell;
      const int to = y * r_.width + x;
      b.touch(to);
      int h = next->height;
      --n;
      switch (next->kind) {
        case kSlope: {
          // Its top edge is at its height, its low edge one below; its sides
          // stand as high as its top.
          const bool down = next->dir == b.dir, up = next->dir == dir_opposite(b.dir);
          const int edge = up ? h - 1 : h;
          if ((down || up) && ground == edge) {
            b.cell = to;  // rolls onto it, on down or up the slope
          } else if (!down && !up && ground >= h) {
            b.cell = to;  // onto it from the side, level with its top or above: it slides down it
            return kRolled;
          } else if (ground > edge) {
            b.cell = to;  // drops onto it: rolling down it, on; else the slide takes it down
            if (!down) return kRolled;
          } else {
            b.dir = dir_opposite(b.dir);
          }
          continue;
        }
        case kAngle:
        case kIceAngle: {
          const int turned = reflect(next->dir, b.dir);
          if (h == ground && turned >= 0) {
            b.cell = to;
            b.dir = turned;
            continue;
          }
          ++h;  // its back: a wall one higher
          break;
        }
        case kWater:
          if (h > ground) break;
          b.cell = b.last_safe;
          b.touch(b.cell);
          return kSplash;
        case kSpring:
          if (h > ground) break;
          b.cell = to;
          b.last_safe = to;
          return n > 0 ? fly(b, n) : kRolled;
        default:
          break;
      }
      if (h > ground) {
        b.dir = dir_opposite(b.dir);
        // A bounce puts the ball back onto its cell: on a spring, that throws it.
        if (cur.kind == kSpring && n > 0) return fly(b, n);
      } else {
        b.cell = to;
      }
      if (b.cell == r_.flag) return kRolled;  // a ball rolling over the hole drops in
    }
    return kRolled;
  }

  // One slide step from the ball's cell in direction d: kFell on a loop.
  bool first_slide(Ball& b, int d) const {
    uint64_t& word = b.slid[(b.cell * 4 + d) / 64];
    const uint64_t bit = 1ull << ((b.cell * 4 + d) % 64);
    if (word & bit) return false;
    word |= bit;
    return true;
  }

  // Where a part of a card leaves the ball: water, warps, the flag, and when
  // the card is done (`last`) slides: slopes, belts and ice. Between a card's
  // flight and its roll nothing slides (play() turns the roll down a slope).
  Result settle(Ball& b, bool last) const {
    for (;;) {
      const Tile& t = r_.tile[b.cell];
      if (t.kind == kWater) {
        b.cell = b.last_safe;
        b.touch(b.cell);
        return kSplash;
      }
      if (t.kind == kWarp) {
        b.cell = r_.warp_to[b.cell];
        b.touch(b.cell);
      }
      if (b.cell == r_.flag) return kRolled;
      const Tile& here = r_.tile[b.cell];
      const int from = b.cell;
      if (!last) return kRolled;
      if (is_ice(here.kind)) {
        // On in the last direction while on ice; a bounce ends the slide.
        while (is_ice(r_.tile[b.cell].kind)) {
          if (!first_slide(b, b.dir)) return kFell;
          const int start = b.cell;
          Result res = roll(b, 1);
          if (res != kRolled) return res;
          if (b.cell == start) return kRolled;
        }
        continue;
      }
      if (here.kind != kSlope && here.kind != kBelt) return kRolled;
      if (!first_slide(b, here.dir)) return kFell;
      b.dir = here.dir;
      Result res = roll(b, 1);
      if (res != kRolled) return res;
      if (b.cell == from) return kRolled;  // blocked: it rests here
    }
  }

  const Rules& r_;
};

}  // namespace

Outcome Rules::apply(State& s, int move) const { return apply_traced(s, move, nullptr); }

Outcome Rules::apply_traced(State& s, int move, uint64_t* touched) const {
  const int kind = move / 4, dir = move % 4;
  if (kind >= kind_count || s.count(kind) == 0) return Outcome::kNoChange;
  Ball b;
  b.cell = s.ball();
  b.last_safe = s.last_safe();
  b.touched = touched;
  Outcome o = Player(*this).play(kinds[kind], dir, b);
  s.bits = ((s.bits & 0xffffffffffffull) - (1ull << (4 * kind))) | (uint64_t)b.cell << 48 |
           (uint64_t)b.last_safe << 56;
  return o;
}

void card_text(const Card& c, char* out) {
  char* p = out;
  if (c.jump) {
    *p++ = (char)('0' + c.jump);
    *p++ = '/';
  }
  if (c.move) {
    *p++ = (char)('0' + c.move);
    *p++ = '-';
  }
  *p = '\0';
}

namespace {

const char* const kRuleNames[kRulesTaught + 1] = {"none",  "slopes", "flights", "flights that roll on", "angled walls",
                                                  "sand",  "quicksand", "water", "springs", "warps", "belts", "ice",
                                                  "ice angles"};

int tile_rule(int kind) {
  switch (kind) {
    case kSlope: return 1;
    case kAngle: return 4;
    case kSand: return 5;
    case kQuick: return 6;
    case kWater: return 7;
    case kSpring: return 8;
    case kWarp: return 9;
    case kBelt: return 10;
    case kIce: return 11;
    case kIceAngle: return 12;
    default: return 0;
  }
}

}  // namespace

int newest_rule(const Rules& r, const char** name) {
  int newest = 0;
  for (int c = 0; c < r.width * r.height; ++c) {
    const int rule = tile_rule(r.tile[c].kind);
    if (rule > newest) newest = rule;
  }
  for (int k = 0; k < r.kind_count; ++k) {
    const int rule = r.kinds[k].jump == 0 ? 0 : r.kinds[k].move == 0 ? 2 : 3;
    if (rule > newest) newest = rule;
  }
  if (name) *name = kRuleNames[newest];
  return newest;
}

MoveWeights difficulty_weights() {
  MoveWeights w;
  w.newest_rule = 45;
  w.wrong_moves = 18;
  w.board = 16;
  return w;
}

int ground_cells(const Rules& r) {
  int n = 0;
  for (int c = 0; c < r.width * r.height; ++c) n += r.tile[c].kind != kNone;
  return n;
}

}  // namespace golf
}  // namespace tl
