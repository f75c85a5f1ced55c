// skiddy_move.h — Skiddy's move on bit sets of the board, shared by the
// translation units that compile it: skiddy_rules.cpp (every target) and,
// on x86-64, skiddy_move_bmi2.cpp (the same code built for BMI2's bit
// extract and deposit, which defines TILELAB_SKIDDY_MOVE_BMI2 before this
// include; Rules::expand picks that build where the processor runs them
// fast). Its functions have internal linkage, expand_bmi2 aside: each unit
// has its own build of them.
//
// The move, precisely: pieces are taken front first in the move direction
// (for Right, the rightmost column first), so every piece meets the pieces in
// front of it already in their final place. Each skiddy or ice cube then moves
// cell by cell:
//   - a block, or the border where it is not a goal the piece may use: stops;
//   - a goal of the skiddy's own colour: the skiddy leaves the level;
//   - a crate, met by a skiddy, with a free floor or pit cell behind it: the
//     crate is pushed one cell and the skiddy stops where the crate was;
//   - any other piece (or a crate that cannot move, or met by an ice cube): stops;
//   - a pit: the piece enters it and stops (the next input moves it out).
// Crates never move on their own; ice cubes never leave. Same-colour skiddies
// that reach a goal in the same move clear together: a combo.
//
// The code moves every piece at once, one cell a round, on bit sets of the
// inner cells (one 32-bit word: a handheld's registers): in each round every
// piece whose next cell is free steps into it, until no piece can; then
// skiddies at their goal leave and skiddies facing a crate push it, and the
// rounds go on. Pieces only ever move forward, so a piece held up by one in
// front moves on in a later round once that one has gone: the rounds end
// exactly where the front-first order above puts every piece. A piece that
// entered a pit, and a skiddy that pushed a crate, stop for the rest of the
// move. (Taking the pieces one by one along their rows, each in a few bit
// operations, cost the device more: most slides here are a cell or two.)
#pragma once
#include <stdint.h>
#if defined(TILELAB_SKIDDY_MOVE_BMI2)
#include <immintrin.h>
#endif

#include "core/base/grid.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {

#if defined(TILELAB_SKIDDY_BMI2)
// skiddy_move_bmi2.cpp: expand_state below, built for BMI2.
void expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome);
#endif

namespace {


// A set of cells one cell on in direction D (toward), or the cells one cell
// back (from): a row is inner_width bits. Neither masks the row's ends: the
// callers' sets never hold a cell whose step would leave its row (see
// Rules::entry).
template <int D>
inline uint32_t toward(uint32_t m, int w) {
  return D == kUp ? m >> w : D == kDown ? m << w : D == kLeft ? m >> 1 : m << 1;
}
template <int D>
inline uint32_t from(uint32_t m, int w) {
  return D == kUp ? m << w : D == kDown ? m >> w : D == kLeft ? m << 1 : m >> 1;
}

// One move in direction D: true when any piece moved. left[c] is set when a
// skiddy of colour c (red, yellow) left the level.
//
// Rounds of plain steps first: every running piece (a skiddy or ice cube
// not stopped) whose next cell is free steps into it, and one that steps
// into a pit stops. When none can, the rarer events: skiddies on the cell
// before a goal of their colour leave, and skiddies facing a crate with a
// free cell behind it push it one cell and stop where it was; then rounds
// again. Taking those at the end instead of in every round ends where the
// front-first order puts every piece: a piece only waits on the piece in
// front of it, the cell ahead of a crate once free stays free (only the
// crate could enter it), and a piece's stop depends on cells, not time.
// A round is a few instructions on registers: the board's sets, the
// running pieces, and the red skiddies' and ice cubes' cells moved by their
// part of the step (the yellow skiddies are what is left).
//
// W, when not 0, is the rows' length (r.inner_width) known at compile time:
// a shift by a constant costs the handheld nothing, folded into the
// instruction that uses it.
template <int D, int W = 0>
inline __attribute__((always_inline)) bool slide(const Rules& r, Board& board, bool* left) {
  const int w = W ? W : r.inner_width;
  const uint32_t entry = r.entry[D], keep_going = ~r.pits;
  // The yellow skiddies are the cells no other kind holds: a round moves
  // the red ones and the ice cubes, and `all`, and no more.
  uint32_t red = board.red, crate = board.crate, ice = board.ice;
  uint32_t all = red | board.yellow | crate | ice, running = all & ~crate;
  const uint32_t before = all;
  for (;;) {
    for (;;) {
      const uint32_t step = running & from<D>(entry & ~all, w);
      if (!step) break;
      const uint32_t to = toward<D>(step, w);
      all ^= step ^ to;
      running = (running ^ step) | (to & keep_going);
      uint32_t k = red & step;
      red ^= k ^ toward<D>(k, w);
      k = ice & step;
      ice ^= k ^ toward<D>(k, w);
    }
    const uint32_t skiddies = running & ~ice;  // running: skiddies and ice cubes, never crates
    const uint32_t exit_red = skiddies & red & r.exits[0][D], exit_yellow = skiddies & ~red & r.exits[1][D];
    const uint32_t pushers = crate ? skiddies & from<D>(crate & entry & from<D>(entry & ~all, w), w) : 0;
    if (!(exit_red | exit_yellow | pushers)) break;
    if (exit_red | exit_yellow) {
      left[0] |= exit_red != 0;
      left[1] |= exit_yellow != 0;
      red &= ~exit_red;
      all &= ~(exit_red | exit_yellow);
      running &= ~(exit_red | exit_yellow);
    }
    if (pushers) {
      const uint32_t pushed = toward<D>(pushers, w), to = toward<D>(pushed, w);  // the crates' cells, and theirs next
      crate ^= pushed ^ to;
      all ^= pushers ^ to;
      running &= ~pushers;  // a pusher stops where the crate was
      const uint32_t k = red & pushers;
      red ^= k ^ toward<D>(k, w);
    }
  }
  board = Board{red, all & ~(red | crate | ice), crate, ice};
  return all != before;
}

// The kinds' two bits spread over the pieces' cells (yellow 1, crate 2,
// ice 3), in registers: no table of pointers to write through. In the BMI2
// build, each of the kind's two bits extracted from the kinds word and
// deposited onto the pieces' cells; in the portable one, a piece at a time.
inline Board unpack_board(const State& s) {
  const uint32_t occupied = (uint32_t)s.bits;
#if defined(TILELAB_SKIDDY_MOVE_BMI2)
  const uint32_t kinds = (uint32_t)(s.bits >> 32);
  const uint32_t odd = _pdep_u32(_pext_u32(kinds, 0x55555555u), occupied);
  const uint32_t high = _pdep_u32(_pext_u32(kinds, 0xaaaaaaaau), occupied);
#else
  uint32_t pieces = occupied, kinds = (uint32_t)(s.bits >> 32), odd = 0, high = 0;
  while (pieces) {
    const uint32_t bit = pieces & (0u - pieces);
    odd |= bit & (0u - (kinds & 1));
    high |= bit & (0u - ((kinds >> 1) & 1));
    pieces &= pieces - 1;
    kinds >>= 2;
  }
#endif
  return Board{occupied & ~(odd | high), odd & ~high, high & ~odd, odd & high};
}

// What a move that changed the board b comes to.
inline Outcome outcome_of(const Rules& r, const Board& b, const bool* left) {
  // Breaking a combo: some of a colour left in this move and some is still in play.
  if (r.combo_only && ((left[0] && b.red != 0) || (left[1] && b.yellow != 0))) return Outcome::kLost;
  return b.red == 0 && b.yellow == 0 ? Outcome::kWon : Outcome::kMoved;
}

// The kinds word of a board whose pieces are on `occupied`: each piece's
// kind, two bits (yellow 1, crate 2, ice 3), in bit order. In the BMI2
// build, each bit of the kind extracted from the pieces' cells and
// deposited in its place; in the portable one, a piece at a time.
inline uint32_t pack_kinds(const Board& b, uint32_t occupied) {
  const uint32_t odd = b.yellow | b.ice, high = b.crate | b.ice;  // the kind's two bits
#if defined(TILELAB_SKIDDY_MOVE_BMI2)
  return _pdep_u32(_pext_u32(odd, occupied), 0x55555555u) | _pdep_u32(_pext_u32(high, occupied), 0xaaaaaaaau);
#else
  uint32_t pieces = occupied, kinds = 0;
  for (int shift = 0; pieces; shift += 2) {
    const uint32_t bit = pieces & (0u - pieces);
    pieces &= pieces - 1;
    kinds |= (uint32_t)(((odd & bit) != 0) | ((high & bit) != 0) << 1) << shift;
  }
  return kinds;
#endif
}

// One move in direction D from the board b of state s: the state it
// reaches into *to (s itself when nothing moves). Left and right keep
// every piece in its row and behind the same pieces, so the kinds keep
// their order unless a skiddy left.
template <int D>
inline __attribute__((always_inline)) Outcome move(const Rules& r, Board b, const State& s, State* to) {
  bool left[2] = {false, false};
  if (!slide<D>(r, b, left)) {
    *to = s;
    return Outcome::kNoChange;
  }
  const uint32_t occupied = b.red | b.yellow | b.crate | b.ice;
  if ((D == kLeft || D == kRight) && !left[0] && !left[1])
    to->bits = (s.bits & ~(uint64_t)0xffffffffu) | occupied;
  else
    to->bits = (uint64_t)pack_kinds(b, occupied) << 32 | occupied;
  return outcome_of(r, b, left);
}

// The four moves from one unpacking of s.
inline __attribute__((always_inline)) void expand_state(const Rules& r, const State& s, State* next, Outcome* outcome) {
  static_assert(kUp == 0 && kDown == 1 && kLeft == 2 && kRight == 3, "the moves in direction order");
  const Board b = unpack_board(s);
  outcome[kUp] = move<kUp>(r, b, s, &next[kUp]);
  outcome[kDown] = move<kDown>(r, b, s, &next[kDown]);
  outcome[kLeft] = move<kLeft>(r, b, s, &next[kLeft]);
  outcome[kRight] = move<kRight>(r, b, s, &next[kRight]);
}

}  // namespace
}  // namespace skiddy
}  // namespace tl
