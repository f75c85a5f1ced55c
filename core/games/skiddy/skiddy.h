// skiddy.h — Skiddy (article: skiddy).
//
// A tilt puzzle: every movable piece slides at once in the input direction
// until blocked. Skiddies leave the level through a goal of their colour on the
// border; the level is won when none is left. Its heart is the analysis: the
// whole reachable state graph, used to prove a level fair and to rate it.
//
// The folder: skiddy.h (this file: what the folder shares), skiddy.cpp (its
// row of the game table), skiddy_move.h (the tilt on bit sets of the board),
// skiddy_rules.cpp (the level text, the view and the figures, and the move's
// portable build), skiddy_move_bmi2.cpp (the move built for BMI2 on x86-64),
// skiddy_move_avx512.cpp and skiddy_move_avx2.cpp (the moves of 16 or 8
// boards at once, a board a lane of the vector registers, on x86-64),
// skiddy_generate.cpp (fair layouts steered into a difficulty band) and
// README.md (the manual: format, rules, analysis, generator and its versions).
#pragma once
#include <stdint.h>

#include "core/game/game.h"

namespace tl {
namespace skiddy {

constexpr int kMaxWidth = 8, kMaxHeight = 7;   // with the border
constexpr int kMinWidth = 5, kMinHeight = 4;
constexpr int kMaxSlots = 30;                  // inner cells a piece can be on
constexpr int kMaxPieces = 16;                 // skiddies, crates and ice cubes together

enum Cell : uint8_t { kFloor, kPit, kBlock, kGoalRed, kGoalYellow };
enum Piece : uint8_t { kEmpty, kRed, kYellow, kCrate, kIce };

// A state in one word: the low 32 bits say which inner cells (the cells
// inside the border, bit (y - 1) * (width - 2) + (x - 1)) hold a piece, the
// high 32 bits give those pieces' kinds (Piece - 1, two bits): with n
// pieces, bit i of the high word is the low kind bit of the i-th piece in
// cell order and bit n + i its high bit (one bit extract or deposit over the
// occupied cells, doubled, packs or unpacks them). At most 30 inner cells
// and 16 pieces make it fit: 8 bytes a state.
struct State {
  uint64_t bits;
  // The piece on every inner cell (kEmpty where none), into out[0..kMaxSlots).
  void unpack(uint8_t* out) const;
  static State pack(const uint8_t* pieces);
  uint64_t hash() const { return hash_word(bits); }
  bool operator==(const State& o) const { return bits == o.bits; }
};

struct Rules {
  using State = skiddy::State;
  int width = 0, height = 0;
  uint8_t cell[kMaxWidth * kMaxHeight];     // Cell, row-major with stride width
  int8_t slot_of[kMaxWidth * kMaxHeight];   // a cell's inner index where a piece can be, -1 elsewhere
  int slots = 0;                            // cells a piece can be on: floor and pits
  // The board as bit sets of the inner cells for the move (one 32-bit word:
  // a handheld's registers), rows inner_width bits long.
  int inner_width = 0;
  uint32_t room = 0;                        // cells a piece can stand on: floor and pits
  uint32_t pits = 0;
  // By direction, the cells a piece can step into moving that way: room,
  // less the row end no piece comes from (a step never wraps to another row).
  uint32_t entry[4] = {0, 0, 0, 0};
  uint32_t exits[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};  // red, yellow: by direction, the cells that move leaves through a goal
  State start{};
  // The medal search: a move that clears part of a colour while leaving some
  // of it (breaking the combo) counts as a loss.
  bool combo_only = false;

  State initial() const { return start; }
  static constexpr int kMoves = 4;
  int move_count() const { return kMoves; }
  Outcome apply(State& s, int dir) const;
  // All four moves from one decoding of s (see core/search/search.h).
  void expand(const State& s, State* next, Outcome* outcome) const;
  // The same for `count` states, state after state (next[i * kMoves + m]):
  // on x86-64, many boards at once where the processor has vector lanes
  // (AVX-512 or AVX2) and runs BMI2 fast; a state at a time elsewhere.
  void expand_batch(const State* s, int count, State* next, Outcome* outcome) const;
};

// The pieces as bit sets of the inner cells: the move's own form of a state.
struct Board {
  uint32_t red, yellow, crate, ice;
  // 32-bit arithmetic only (a handheld's multiply is 32 bits, and a
  // multiply-add one instruction): the sets summed into a word with odd
  // weights, then finished (every bit reaches every bit). The high half,
  // where a table's probe starts, is that word; the low half, its tag, that
  // word times an odd constant (a product's high bits are mixed best).
  uint64_t hash() const {
    uint32_t h = red + yellow * 0x9e3779b1u + crate * 0x85ebca77u + ice * 0xc2b2ae3du;
    h = (h ^ (h >> 16)) * 0x85ebca77u;
    h ^= h >> 13;
    return (uint64_t)h << 32 | (uint32_t)(h * 0x9e3779b1u);
  }
  bool operator==(const Board& o) const {
    return red == o.red && yellow == o.yellow && crate == o.crate && ice == o.ice;
  }
};

// The same rules on boards, for the generator's fairness check: no state
// packed or unpacked on the way (16 bytes a state instead of 8, which a
// check capped at 60,000 states can afford). Its moves, outcomes and their
// order are the rules' own, so a search over it finds the same states in
// the same order.
struct BoardRules {
  using State = Board;
  const Rules* rules;
  static constexpr int kMoves = Rules::kMoves;
  int move_count() const { return kMoves; }
  Board initial() const;
  Outcome apply(Board& b, int dir) const;
  void expand(const Board& b, Board* next, Outcome* outcome) const;
};

// Rules::expand's two builds, for the tests that hold them to each other:
// the portable one, and the one built for BMI2 on x86-64 (Rules::expand
// takes it where the processor runs BMI2 fast). try_expand_bmi2 runs the
// second wherever the processor has BMI2, fast or not; false, nothing
// written, where this build or processor has none.
void expand_portable(const Rules& r, const State& s, State* next, Outcome* outcome);
bool try_expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome);
// Rules::expand_batch's lanes builds, 16 (AVX-512) or 8 (AVX2) boards at
// once, wherever the processor runs that set and BMI2, fast or not; false,
// nothing written, where this build or processor has none.
bool try_expand_lanes(int lanes, const Rules& r, const State* s, int count, State* next, Outcome* outcome);

enum Param { kSize, kReds, kYellows, kCrates, kIce_, kPits, kBlocks, kMinDifficulty, kMaxDifficulty, kParamCount };

// The article's potential states: the sum, over every count of skiddies still in
// play (all cleared excluded), of the multinomial arrangements of the pieces
// over the cells they can stand on. Saturates at 2^64 - 1.
// (skiddy_rules.cpp, as are difficulty and the medals.)
uint64_t potential_states(int cells, int reds, int yellows, int crates, int ice);

// Skiddy's difficulty (core/search/rating.h): the kinds of piece in play
// beyond one colour of skiddy (a second colour, crates, ice cubes, pits:
// 25 each), 10 a move of par, 6 a doubling of the positions (the article's
// figure), 20 a doubling of the wrong moves along the solution, 10 a move
// its wrong turns set back per move of par, 100 for all positions dead ends
// (a share), 20 for a single shortest solution. Integers only.
Difficulty difficulty(const Analysis& a, const Rules& rules);
// The least figure a level can have: par 1 from one position, two wins.
constexpr int kEasiestDifficulty = 16;

// skiddy_rules.cpp: the level text, the view and the figures.
std::unique_ptr<Level> make_level(const Rules& rules);
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
// The rules of a level's text (parse() without the Level around them).
bool parse_rules(const char* text, size_t len, Rules* out, Error* err);
// A cell as hosts draw it: its ground and the piece on it.
void cell_view(Cell cell, Piece piece, CellView* out);
// skiddy.cpp: what a cell painted with palette brush `brush` shows (GameInfo::brush_view).
bool brush_view(int brush, CellView* out);

// skiddy_generate.cpp: fair layouts steered into a difficulty band.
bool check_params(const ParamValues& params, Error* err);
// Its generator, an analysis a slice (core/game/generator.h; GameInfo::generate runs it whole).
std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice_positions);
// The generator's search limits, the same on every platform so that the same
// layouts are kept everywhere: 60,000 states, within the handheld's 6 MB (the
// state cap binds first on every target: a test checks it).
SearchLimits generator_limits();

}  // namespace skiddy

// skiddy.cpp: the row of the game table.
extern const GameInfo kSkiddy;

}  // namespace tl
