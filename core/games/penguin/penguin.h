// penguin.h — Tickles Penguin (article: tickles-penguin).
//
// The penguin slides in the chosen direction until something stops it; then
// the player chooses again. Every block is static, so a state is just the
// penguin's cell, and where each slide ends is computed once per level into a
// stop table (cell x direction), which makes the solver a table walk.
//
// The folder: penguin.h (this file: what the folder shares), penguin.cpp (its
// row of the game table), penguin_rules.cpp (the slides, the level text and
// the view), penguin_solve.cpp (the shortest solution, a walk of the stop
// table), penguin_generate.cpp (path first, then blocks until no shortcut
// is left) and README.md (the manual: format, rules, solver, generator and
// its versions).
#pragma once
#include <stdint.h>

#include <vector>

#include "core/game/game.h"

namespace tl {
namespace penguin {

constexpr int kMaxSide = 32;

enum Tile : uint8_t {
  kIce, kFinish, kPicks, kSnow, kWall, kTree,
  kTreadUp, kTreadDown, kTreadLeft, kTreadRight,  // in Dir order: kTreadUp + dir
  kDoor, kBridgeH, kBridgeV,
};

enum Status : uint8_t { kAlive = 0, kWonState = 1, kLostState = 2 };

struct State {
  uint16_t cell;   // y * width + x (where it died or won, when not alive)
  uint8_t status;  // Status
  uint8_t pad;
  uint64_t hash() const { return ((uint64_t)cell * 0x9e3779b97f4a7c15ull) ^ status; }
  bool operator==(const State& o) const { return cell == o.cell && status == o.status; }
};

// Where one slide ends.
struct Stop {
  uint16_t cell;
  uint8_t outcome;  // Outcome
  uint8_t pad;
};

struct Board {
  int width = 0, height = 0;
  int start = 0;
  std::vector<uint8_t> tile;   // width * height
  std::vector<uint8_t> digit;  // door digit '0'..'9' (doors only)
  std::vector<int16_t> twin;   // the other door of a pair, -1 elsewhere

  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  // Slides from `cell` in `dir` by the rules; the slide cannot loop forever.
  Stop slide(int cell, int dir) const;
};

// A stop as the stop table keeps it, in 16 bits: the cell, and the outcome
// above it. A slide that moves (Outcome::kMoved is 0) is its cell alone.
constexpr int kStopCellBits = 12;  // cells < 32 * 32 <= 4096
static_assert(kMaxSide * kMaxSide <= 1 << kStopCellBits, "a cell fits below the outcome");
constexpr uint16_t pack_stop(const Stop& s) { return (uint16_t)(s.cell | s.outcome << kStopCellBits); }

struct Rules {
  using State = penguin::State;
  Board board;
  std::vector<uint16_t> stops;  // [cell * 4 + dir], packed (pack_stop)

  void build_stops();
  State initial() const { return State{(uint16_t)board.start, kAlive, 0}; }
  static constexpr int kMoves = 4;
  int move_count() const { return kMoves; }
  Outcome apply(State& s, int dir) const {
    if (s.status != kAlive) return Outcome::kNoChange;
    const uint16_t stop = stops[(size_t)s.cell * 4 + (size_t)dir];
    Outcome o = (Outcome)(stop >> kStopCellBits);
    if (o == Outcome::kNoChange) return o;
    s.cell = (uint16_t)(stop & ((1u << kStopCellBits) - 1));
    s.status = o == Outcome::kWon ? kWonState : o == Outcome::kLost ? kLostState : kAlive;
    return o;
  }
  uint32_t dense_count() const { return (uint32_t)(board.width * board.height); }
  uint32_t dense_index(const State& s) const { return s.cell; }
};

enum Param {
  kSize, kMinMoves, kConstraintPaths, kRounds, kMaxWalls, kMaxTrees, kMaxSnow, kMaxPicks, kMaxBridges,
  kMaxTreadmills, kMaxDoors, kMode, kParamCount,
};
enum Mode { kFromStart = 0, kFromEnd = 1 };

// penguin_rules.cpp: the slides, the level text and the view.
std::unique_ptr<Level> make_level(const Board& board);
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
// The board a level text describes (parse() is this, then make_level()).
bool parse_board(const char* text, size_t len, Board* out, Error* err);
// A tile as hosts draw it (a door's pair digit on it), and the penguin on a
// cell (red where it met the picks).
void tile_view(Tile tile, char digit, CellView* out);
void penguin_view(bool lost, CellView* out);
// penguin.cpp: what a cell painted with palette brush `brush` shows (GameInfo::brush_view).
bool brush_view(int brush, CellView* out);
void format_board(const Board& board, int penguin_cell, Text* out);

// penguin_solve.cpp: the shortest solution from `from` by a walk of the stop
// table: the shared engine's search_solve answer (the same solution, expanded
// and states), without its setting up. Whole, or in parts (a generator's slice).
SolveResult solve_shortest(const Rules& rules, const State& from, const SearchLimits& limits, MoveList* path);
std::unique_ptr<SolveTask> begin_shortest(const Rules& rules, const State& from, const SearchLimits& limits,
                                          MoveList* path);

// penguin_generate.cpp: the article's generator (from the start or from the end).
// Its generator, a slice at a time (core/game/generator.h; GameInfo::generate runs it whole).
std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice_positions);

}  // namespace penguin

// penguin.cpp: the row of the game table.
extern const GameInfo kPenguin;

}  // namespace tl
