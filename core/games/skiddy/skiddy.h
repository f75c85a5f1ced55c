// skiddy.h — Skiddy (seed: skiddy).
//
// A tilt puzzle: every movable piece slides at once in the input direction
// until blocked. Skiddies leave the level through a goal of their colour on the
// border; the level is won when none is left. Its heart is the analysis: the
// whole reachable state graph, used to prove a level fair and to rate it.
#pragma once
#include <stdint.h>

#include "../../game.h"

namespace tl {
namespace skiddy {

constexpr int kMaxWidth = 8, kMaxHeight = 7;   // with the border
constexpr int kMinWidth = 5, kMinHeight = 4;
constexpr int kMaxSlots = 30;                  // inner cells a piece can be on
constexpr int kMaxPieces = 16;                 // skiddies, crates and ice cubes together

enum Cell : uint8_t { kFloor, kPit, kBlock, kGoalRed, kGoalYellow };
enum Piece : uint8_t { kEmpty, kRed, kYellow, kCrate, kIce };

// Pieces packed 3 bits a slot into two words: 16 bytes a state.
struct State {
  uint64_t w[2];
  int get(int slot) const { return (int)((w[slot / 21] >> ((slot % 21) * 3)) & 7); }
  void set(int slot, int piece) {
    uint64_t& word = w[slot / 21];
    int shift = (slot % 21) * 3;
    word = (word & ~(7ull << shift)) | ((uint64_t)piece << shift);
  }
  uint64_t hash() const {
    uint64_t h = w[0] * 0x9e3779b97f4a7c15ull ^ (w[1] + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full;
    return h ^ (h >> 31);
  }
  bool operator==(const State& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
};

struct Rules {
  using State = skiddy::State;
  int width = 0, height = 0;
  uint8_t cell[kMaxWidth * kMaxHeight];     // Cell, row-major with stride width
  int8_t slot_of[kMaxWidth * kMaxHeight];   // -1 where no piece can be
  uint8_t cell_of[kMaxSlots];
  int slots = 0;
  State start{};
  // The medal search: a move that clears part of a colour while leaving some
  // of it (breaking the combo) counts as a loss.
  bool combo_only = false;

  State initial() const { return start; }
  int move_count() const { return 4; }
  Outcome apply(State& s, int dir) const;
};

enum Param { kSize, kReds, kYellows, kCrates, kIce_, kPits, kBlocks, kMinDifficulty, kMaxDifficulty, kParamCount };

// The seed's potential states: the sum, over every count of skiddies still in
// play (all cleared excluded), of the multinomial arrangements of the pieces
// over the cells they can stand on. Saturates at 2^64 - 1.
uint64_t potential_states(int cells, int reds, int yellows, int crates, int ice);

std::unique_ptr<Level> make_level(const Rules& rules);
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);

}  // namespace skiddy

extern const GameInfo kSkiddy;

}  // namespace tl
