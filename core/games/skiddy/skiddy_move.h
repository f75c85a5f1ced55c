// skiddy_move.h — Skiddy's move on bit sets of the board, shared by the
// translation units that compile it: skiddy_rules.cpp (every target) and,
// on x86-64, skiddy_move_bmi2.cpp (the same code built for BMI2's bit
// extract and deposit, which defines TILELAB_SKIDDY_MOVE_BMI2 before this
// include; Rules::expand picks that build where the processor runs them
// fast), skiddy_move_avx512.cpp and skiddy_move_avx2.cpp (many boards at
// once, a board a lane of the vector registers: they define
// TILELAB_SKIDDY_LANES, the lanes, as well; Rules::expand_batch picks the
// widest the processor runs). Its functions have internal linkage, each
// unit's one entry aside: each unit has its own build of them.
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
#if defined(TILELAB_SKIDDY_MOVE_BMI2) || defined(TILELAB_SKIDDY_LANES)
#include <immintrin.h>
#endif
#if defined(TILELAB_SKIDDY_LANES)
#include <string.h>
#endif

#include "core/base/grid.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {

#if defined(TILELAB_SKIDDY_BMI2)
// skiddy_move_bmi2.cpp: expand_state below, built for BMI2.
void expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome);
// skiddy_move_avx512.cpp and skiddy_move_avx2.cpp: expand_lanes below,
// 16 and 8 boards at once, built for those and BMI2.
void expand_avx512(const Rules& r, const State* s, int count, State* next, Outcome* outcome);
void expand_avx2(const Rules& r, const State* s, int count, State* next, Outcome* outcome);
#endif

namespace {


// A set of cells: one word (`uint32_t`), or in the lanes build a vector of
// them, a board a lane (Lanes). any() tells whether a set holds a cell (in
// any lane); splat() is a constant set (in every lane).
inline bool any(uint32_t m) { return m != 0; }
template <class Bits>
inline Bits splat(uint32_t m) {
  return Bits{} + m;
}
#if defined(TILELAB_SKIDDY_LANES)
constexpr int kLanes = TILELAB_SKIDDY_LANES;
using Lanes = uint32_t __attribute__((vector_size(kLanes * sizeof(uint32_t))));
#if TILELAB_SKIDDY_LANES == 16
inline bool any(Lanes m) { return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0; }
#elif TILELAB_SKIDDY_LANES == 8
inline bool any(Lanes m) { return !_mm256_testz_si256((__m256i)m, (__m256i)m); }
#else
#error "TILELAB_SKIDDY_LANES: 16 (AVX-512) or 8 (AVX2)"
#endif
#endif

// A set of cells one cell on in direction D (toward), or the cells one cell
// back (from): a row is inner_width bits. Neither masks the row's ends: the
// callers' sets never hold a cell whose step would leave its row (see
// Rules::entry).
template <int D, class Bits>
inline Bits toward(Bits m, int w) {
  return D == kUp ? m >> w : D == kDown ? m << w : D == kLeft ? m >> 1 : m << 1;
}
template <int D, class Bits>
inline Bits from(Bits m, int w) {
  return D == kUp ? m << w : D == kDown ? m >> w : D == kLeft ? m << 1 : m >> 1;
}

// Skiddies of each colour (red, yellow) left the level: left[c] set (a
// board), or gaining them (lanes).
inline void note_left(bool* left, uint32_t red, uint32_t yellow) {
  left[0] |= red != 0;
  left[1] |= yellow != 0;
}
#if defined(TILELAB_SKIDDY_LANES)
inline void note_left(Lanes* left, Lanes red, Lanes yellow) {
  left[0] |= red;
  left[1] |= yellow;
}
#endif

// One move in direction D of the pieces' sets (yellow is what the others do
// not hold, so the round moves it with `all`): the cells that changed (none
// when nothing moved). note_left() tells `left` of the skiddies that left
// the level.
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
// part of the step (the yellow skiddies are what is left). On lanes, every
// board takes the rounds until none moves (a board done moves nothing).
//
// W, when not 0, is the rows' length (r.inner_width) known at compile time:
// a shift by a constant costs the handheld nothing, folded into the
// instruction that uses it.
template <int D, int W = 0, class Bits, class Left>
inline __attribute__((always_inline)) Bits slide_sets(const Rules& r, Bits& red, Bits& yellow, Bits& crate, Bits& ice,
                                                      Left* left) {
  const int w = W ? W : r.inner_width;
  const Bits entry = splat<Bits>(r.entry[D]), keep_going = splat<Bits>(~r.pits);
  Bits all = red | yellow | crate | ice, running = all & ~crate;
  const Bits before = all;
  for (;;) {
    for (;;) {
      const Bits step = running & from<D>(entry & ~all, w);
      if (!any(step)) break;
      const Bits to = toward<D>(step, w);
      all ^= step ^ to;
      running = (running ^ step) | (to & keep_going);
      Bits k = red & step;
      red ^= k ^ toward<D>(k, w);
      k = ice & step;
      ice ^= k ^ toward<D>(k, w);
    }
    const Bits skiddies = running & ~ice;  // running: skiddies and ice cubes, never crates
    const Bits exit_red = skiddies & red & splat<Bits>(r.exits[0][D]);
    const Bits exit_yellow = skiddies & ~red & splat<Bits>(r.exits[1][D]);
    const Bits pushers = any(crate) ? skiddies & from<D>(crate & entry & from<D>(entry & ~all, w), w) : Bits{};
    if (!any(exit_red | exit_yellow | pushers)) break;
    if (any(exit_red | exit_yellow)) {
      note_left(left, exit_red, exit_yellow);
      red &= ~exit_red;
      all &= ~(exit_red | exit_yellow);
      running &= ~(exit_red | exit_yellow);
    }
    if (any(pushers)) {
      const Bits pushed = toward<D>(pushers, w), to = toward<D>(pushed, w);  // the crates' cells, and theirs next
      crate ^= pushed ^ to;
      all ^= pushers ^ to;
      running &= ~pushers;  // a pusher stops where the crate was
      const Bits k = red & pushers;
      red ^= k ^ toward<D>(k, w);
    }
  }
  yellow = all & ~(red | crate | ice);
  return all ^ before;
}

// One move in direction D of board: true when any piece moved. left[c] is
// set when a skiddy of colour c (red, yellow) left the level.
template <int D, int W = 0>
inline __attribute__((always_inline)) bool slide(const Rules& r, Board& board, bool* left) {
  return slide_sets<D, W>(r, board.red, board.yellow, board.crate, board.ice, left) != 0;
}

// The kinds' two bits spread over the pieces' cells (yellow 1, crate 2,
// ice 3), in registers: no table of pointers to write through. The kinds
// word holds each piece's low bit, in bit order, then each one's high bit
// (State). In the BMI2 build, both spread by one deposit over the
// occupied cells doubled into a 64-bit mask; in the portable one, a piece
// at a time.
inline Board unpack_board(const State& s) {
  const uint32_t occupied = (uint32_t)s.bits;
#if defined(TILELAB_SKIDDY_MOVE_BMI2)
  const uint64_t spread = _pdep_u64(s.bits >> 32, (uint64_t)occupied << 32 | occupied);
  const uint32_t odd = (uint32_t)spread, high = (uint32_t)(spread >> 32);
#else
  const uint32_t kinds = (uint32_t)(s.bits >> 32);
  const int count = __builtin_popcount(occupied);  // at most kMaxPieces: a shift by it stays in the word
  uint32_t pieces = occupied, low_bits = kinds & ((1u << count) - 1), high_bits = kinds >> count, odd = 0, high = 0;
  while (pieces) {
    const uint32_t bit = pieces & (0u - pieces);
    odd |= bit & (0u - (low_bits & 1));
    high |= bit & (0u - (high_bits & 1));
    pieces &= pieces - 1;
    low_bits >>= 1;
    high_bits >>= 1;
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

// The kinds word of a board whose pieces are on `occupied` (State): each
// piece's low kind bit (yellow 1, crate 2, ice 3) in bit order, then each
// one's high bit. In the BMI2 build, both gathered by one extract from the
// two bit sets side by side; in the portable one, a piece at a time.
inline uint32_t pack_kind_bits(uint32_t odd, uint32_t high, uint32_t occupied) {
#if defined(TILELAB_SKIDDY_MOVE_BMI2)
  return (uint32_t)_pext_u64((uint64_t)high << 32 | odd, (uint64_t)occupied << 32 | occupied);
#else
  uint32_t pieces = occupied, low_bits = 0, high_bits = 0;
  int n = 0;
  for (; pieces; ++n) {
    const uint32_t bit = pieces & (0u - pieces);
    pieces &= pieces - 1;
    low_bits |= (uint32_t)((odd & bit) != 0) << n;
    high_bits |= (uint32_t)((high & bit) != 0) << n;
  }
  return low_bits | high_bits << n;
#endif
}
inline uint32_t pack_kinds(const Board& b, uint32_t occupied) {
  return pack_kind_bits(b.yellow | b.ice, b.crate | b.ice, occupied);  // the kind's two bits
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

#if defined(TILELAB_SKIDDY_LANES)
// The moves of kLanes boards in direction D, a board a lane: each lane's
// occupied cells after the move, its kinds' two bits there, and the move's
// Outcome (as move() and outcome_of() give it).
struct LaneMoves {
  alignas(64) uint32_t occupied[kLanes];
  alignas(64) uint32_t odd[kLanes];
  alignas(64) uint32_t high[kLanes];
  alignas(64) uint32_t outcome[kLanes];
};
template <int D>
inline __attribute__((always_inline)) void move_lanes(const Rules& r, Lanes red, Lanes yellow, Lanes crate, Lanes ice,
                                                      LaneMoves* out) {
  Lanes left[2] = {Lanes{}, Lanes{}};
  const Lanes changed = slide_sets<D>(r, red, yellow, crate, ice, left);
  const Lanes left_red = left[0], left_yellow = left[1];
  // (A comparison of lanes is all ones in each lane where it holds.)
  const Lanes none{}, moved = (Lanes)(changed != none), won = (Lanes)((red | yellow) == none);
  const Lanes lost = r.combo_only ? (Lanes)(((left_red != none) & (red != none)) | ((left_yellow != none) & (yellow != none)))
                                  : none;
  Lanes outcome = (won & splat<Lanes>((uint32_t)Outcome::kWon)) | (~won & splat<Lanes>((uint32_t)Outcome::kMoved));
  outcome = (lost & splat<Lanes>((uint32_t)Outcome::kLost)) | (~lost & outcome);
  outcome = (moved & outcome) | (~moved & splat<Lanes>((uint32_t)Outcome::kNoChange));
  const Lanes occupied = red | yellow | crate | ice, odd = yellow | ice, high = crate | ice;
  memcpy(out->occupied, &occupied, sizeof occupied);
  memcpy(out->odd, &odd, sizeof odd);
  memcpy(out->high, &high, sizeof high);
  memcpy(out->outcome, &outcome, sizeof outcome);
}

// The four moves of each of `count` states (expand_state's, state after
// state: next[i * 4 + m]), kLanes boards at a time. A board that does not
// move packs back into its own state.
inline void expand_lanes(const Rules& r, const State* s, int count, State* next, Outcome* outcome) {
  for (int at = 0; at < count; at += kLanes) {
    const int n = count - at < kLanes ? count - at : kLanes;
    alignas(64) uint32_t sets[4][kLanes];
    for (int i = 0; i < kLanes; ++i) {
      const Board b = unpack_board(i < n ? s[at + i] : State{0});  // (the lanes past the states: empty boards)
      sets[0][i] = b.red;
      sets[1][i] = b.yellow;
      sets[2][i] = b.crate;
      sets[3][i] = b.ice;
    }
    Lanes red, yellow, crate, ice;
    memcpy(&red, sets[0], sizeof red);
    memcpy(&yellow, sets[1], sizeof yellow);
    memcpy(&crate, sets[2], sizeof crate);
    memcpy(&ice, sets[3], sizeof ice);
    static_assert(kUp == 0 && kDown == 1 && kLeft == 2 && kRight == 3, "the moves in direction order");
    LaneMoves moves[4];
    move_lanes<kUp>(r, red, yellow, crate, ice, &moves[kUp]);
    move_lanes<kDown>(r, red, yellow, crate, ice, &moves[kDown]);
    move_lanes<kLeft>(r, red, yellow, crate, ice, &moves[kLeft]);
    move_lanes<kRight>(r, red, yellow, crate, ice, &moves[kRight]);
    for (int i = 0; i < n; ++i)
      for (int d = 0; d < 4; ++d) {
        const LaneMoves& m = moves[d];
        const uint32_t occupied = m.occupied[i];
        next[(at + i) * 4 + d].bits = (uint64_t)pack_kind_bits(m.odd[i], m.high[i], occupied) << 32 | occupied;
        outcome[(at + i) * 4 + d] = (Outcome)m.outcome[i];
      }
  }
}
#endif

}  // namespace
}  // namespace skiddy
}  // namespace tl
