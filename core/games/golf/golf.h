// golf.h — Golf Peaks (article: golf-peaks).
//
// A ball on a grid of heights, moved by playing cards in the four directions:
// N- rolls N cells, N/ flies N cells, N/M- flies N then rolls M. Each card is
// played once; the level is won when a card leaves the ball on the flag. The
// tiles (slopes, angled walls, sand, quicksand, water, springs, warps, belts,
// ice) follow the article's solver, in the order it discovered them; golf_rules.cpp
// writes down every case the article left open and how it is decided.
//
// The folder: golf.h (this file: what the folder shares), golf.cpp (its row of
// the game table), golf_rules.cpp (playing a card), golf_format.cpp (the level
// text, the moves written as cards, the view and the hand), golf_generate.cpp
// (levels from a designed path) and README.md (the manual: format, every rule
// with its source, solver, generator and its versions).
#pragma once
#include <stdint.h>

#include "core/game/game.h"

namespace tl {
namespace golf {

constexpr int kMaxSide = 16;    // width and height, at most
constexpr int kMaxCards = 12;   // cards in a hand
constexpr int kMaxKinds = 12;   // distinct cards in a hand
constexpr int kMaxGround = 15;  // the highest ground

enum Kind : uint8_t {
  kNone,      // x: no ground, the ball falls
  kFlat,
  kFlag,
  kSlope,     // dir: down the slope; height: its top
  kAngle,     // dir: the AngleType
  kSand,
  kQuick,     // quicksand
  kWater,
  kSpring,    // boing
  kWarp,
  kBelt,      // dir: where it carries the ball
  kIce,
  kIceAngle,  // dir: the AngleType
};

// The corner an angled wall fills; it turns a ball coming from its two open sides.
enum AngleType : uint8_t { kTopLeft, kTopRight, kBottomLeft, kBottomRight };

struct Tile {
  uint8_t kind = kNone;
  uint8_t height = 0;
  uint8_t dir = 0;   // Dir for slopes and belts, AngleType for angles
  uint8_t warp = 0;  // a warp's pair number (warpN: N + 1, bare warp: 0)
};

// A card: fly `jump` cells, then roll `move` cells (either may be 0).
struct Card {
  uint8_t jump = 0, move = 0;
  bool operator==(const Card& o) const { return jump == o.jump && move == o.move; }
};

// A state in one word: how many of each distinct card are left (4 bits a
// kind), the ball's cell (bits 48-55) and the last safe cell it was on (56-63),
// where water puts it back.
struct State {
  uint64_t bits;
  int count(int kind) const { return (int)((bits >> (4 * kind)) & 15); }
  int ball() const { return (int)((bits >> 48) & 255); }
  int last_safe() const { return (int)(bits >> 56); }
  uint64_t hash() const { return hash_word(bits); }
  bool operator==(const State& o) const { return bits == o.bits; }
};

struct Rules {
  using State = golf::State;
  static constexpr int kMoves = 4 * kMaxKinds;  // move = kind * 4 + Dir
  int width = 0, height = 0;
  Tile tile[kMaxSide * kMaxSide];      // row-major, stride width
  uint8_t warp_to[kMaxSide * kMaxSide];  // a warp's partner cell
  Card kinds[kMaxKinds];
  int kind_count = 0;
  int flag = 0;
  State start{};

  State initial() const { return start; }
  int move_count() const { return 4 * kind_count; }
  Outcome apply(State& s, int move) const;
  // apply, also setting in `touched` (a bit per cell, kMaxSide * kMaxSide
  // bits) every cell the card's way depends on: where the ball rests, rolls,
  // lands, bounces off, slides, warps or comes back to.
  Outcome apply_traced(State& s, int move, uint64_t* touched) const;
};

// Parameter indices of the game table row, and the `tiles` choice: "all",
// "none", then one tile kind a level may teach.
enum Param { kSize, kCards, kTiles, kDifficulty, kParamCount };
constexpr int kTileChoiceCount = 11;

// golf_rules.cpp: playing a card.
// "1-", "2/", "1/2-" into out (at least 8 bytes).
void card_text(const Card& c, char* out);

// The rules the game teaches, in the order it teaches them (its article meets
// them in that order, solving the levels one by one): 1 slopes, 2 flights
// (N/), 3 flights that roll on (N/M-), 4 angled walls, 5 sand, 6 quicksand,
// 7 water, 8 springs, 9 warps, 10 belts, 11 ice, 12 ice angles. A level's
// newest rule is the latest of these on its course or in its hand (0 when
// it has only rolls on plain ground), with its name in *name.
constexpr int kRulesTaught = 12;
int newest_rule(const Rules& rules, const char** name);
// Cells of ground (every cell but `x`).
int ground_cells(const Rules& rules);
// The weights of Golf Peaks' difficulty (core/search/rating.h): the newest
// rule, the wrong moves and the course's cells.
MoveWeights difficulty_weights();

// golf_format.cpp: the level text, the moves, the view and the hand.
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
std::unique_ptr<Level> make_level(const Rules& rules);
// A tile as hosts draw it, and the ball on a cell.
void tile_view(const Tile& tile, CellView* out);
void ball_view(CellView* out);
// The tile (and whether the ball) a palette brush paints: "3" a height, "x"
// no ground, ",name" a tile on height 0; false for a token it does not know.
bool brush_tile(const char* token, Tile* tile, bool* ball);
// golf.cpp: what a cell painted with palette brush `brush` shows (GameInfo::brush_view).
bool brush_view(int brush, CellView* out);
// The solutions a level text lists after its cards (level: a Golf Peaks level).
const std::vector<MoveList>& known_solutions(const Level& level);

// golf_generate.cpp: levels from a designed path, every solution playing every card.
// Its generator, a slice at a time (core/game/generator.h; GameInfo::generate runs it whole).
std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice_positions);

}  // namespace golf

// golf.cpp: the row of the game table.
extern const GameInfo kGolf;

}  // namespace tl
