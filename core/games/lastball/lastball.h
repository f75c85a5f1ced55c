// lastball.h — The Last Ball (article: the-last-ball).
//
// The black ball rolls until the next cell holds a ball, stops there and pushes
// it; a pushed white ball rolls on until it meets another ball (which it pushes,
// stopping itself) or leaves the field. The level is lost when the black ball
// leaves the field and won when no white ball is left.
//
// The folder: lastball.h (this file: what the folder shares), lastball.cpp
// (its row of the game table), lastball_rules.cpp (the roll, the level text
// and the view), lastball_generate.cpp (the article's backward generator) and
// README.md (the manual: format, rules, solver, generator and its versions).
#pragma once
#include <stdint.h>

#include "core/game/game.h"

namespace tl {

namespace lastball {

constexpr int kMaxSide = 16;      // cells are indexed y * 16 + x
constexpr int kStride = 16;
constexpr uint8_t kOffField = 0xff;  // where the black ball is after a loss

struct State {
  uint64_t white[4];  // one bit a cell, index y * 16 + x
  uint8_t black;      // cell of the black ball, or kOffField
  uint8_t pad[7];

  bool has(int cell) const { return (white[cell >> 6] >> (cell & 63)) & 1; }
  void put(int cell) { white[cell >> 6] |= 1ull << (cell & 63); }
  void take(int cell) { white[cell >> 6] &= ~(1ull << (cell & 63)); }
  bool empty() const { return (white[0] | white[1] | white[2] | white[3]) == 0; }
  int count() const;
  uint64_t hash() const;
  bool operator==(const State& o) const {
    return black == o.black && white[0] == o.white[0] && white[1] == o.white[1] &&
           white[2] == o.white[2] && white[3] == o.white[3];
  }
};

struct Rules {
  using State = lastball::State;
  int width = 0, height = 0;
  State start{};

  State initial() const { return start; }
  static constexpr int kMoves = 4;
  int move_count() const { return kMoves; }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  Outcome apply(State& s, int dir) const;
};

// Parameter indices of the game table row.
enum Param { kSize, kBalls, kLongMoveWeight, kStartX, kStartY, kParamCount };

// lastball_rules.cpp: the level text and the view.
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
// A ball as hosts draw it: the black one or a white one.
void ball_view(bool black, CellView* out);
// lastball.cpp: what a cell painted with palette brush `brush` shows (GameInfo::brush_view).
bool brush_view(int brush, CellView* out);
std::unique_ptr<Level> make_level(const Rules& rules);

// lastball_generate.cpp: the article's generator, level by level in play order.
bool check_params(const ParamValues& params, Error* err);
// Its generator, a slice at a time (core/game/generator.h; GameInfo::generate runs it whole).
std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice_positions);

}  // namespace lastball

// lastball.cpp: the row of the game table.
extern const GameInfo kLastBall;

}  // namespace tl
