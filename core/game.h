// game.h — what every game gives the rest of tilelab.
//
// A game is data plus rules. Its folder under core/games/ defines a level type
// and a small copyable state, and exposes them through two things:
//   - a GameInfo: the row of the game table (core/registry) with its id,
//     parameters and the functions that parse and generate levels;
//   - a Level: one loaded level, behind a small virtual interface that the
//     session, the solver entry points and every host use.
// Games write their rules once as a plain struct (see RulesLevel in
// level_of.h); the generic search in search.h runs over that struct directly.
#pragma once
#include <stdint.h>
#include <string.h>

#include <memory>
#include <vector>

#include "params.h"
#include "rating.h"
#include "search.h"
#include "text.h"

namespace tl {

// A game state packed into a fixed number of words, so hosts and the session
// can hold states of any game by value.
constexpr int kStateWords = 8;
struct GameState {
  uint64_t words[kStateWords];
};

// ---------------------------------------------------------------------------
// The view model: what hosts draw. A board of cells with layers.
// ---------------------------------------------------------------------------
enum class Floor : uint8_t { kNone, kPlain, kIce, kSnow, kSand, kWater, kGoal, kBelt };
enum class Shape : uint8_t {
  kNone, kBall, kBlock, kTree, kSpikes, kDoor, kBridgeH, kBridgeV, kFlag, kCrate, kPit, kActor,
  kWedge,  // an angled wall filling one corner (CellView::corner)
};
enum class Colour : uint8_t {
  kDefault, kBlack, kWhite, kRed, kYellow, kBlue, kGreen, kGrey, kBrown, kCyan, kOrange, kPurple,
};

struct CellView {
  Floor floor = Floor::kPlain;
  Shape shape = Shape::kNone;
  Colour colour = Colour::kDefault;
  int8_t arrow = -1;   // a Dir drawn on the cell, or -1
  int8_t height = 0;   // terrain height, for games that have one
  int8_t corner = 0;   // kWedge: the corner filled, 0 top-left 1 top-right 2 bottom-left 3 bottom-right
  char label[4] = {0, 0, 0, 0};
};

struct BoardView {
  int width = 0, height = 0;
  std::vector<CellView> cells;  // row-major, width * height
  CellView& at(int x, int y) { return cells[(size_t)(y * width + x)]; }
  const CellView& at(int x, int y) const { return cells[(size_t)(y * width + x)]; }
  void reset(int w, int h) {
    width = w;
    height = h;
    cells.assign((size_t)(w * h), CellView());
  }
};

// A card in the player's hand (Golf Peaks): its text, how many are left, and
// its moves (first_move + a Dir).
struct HandCard {
  char label[8];
  int count;
  int first_move;
};
constexpr int kMaxHand = 16;

struct GeneratedInfo;
class Level;

// ---------------------------------------------------------------------------
// The row of the game table.
// ---------------------------------------------------------------------------
struct GameInfo {
  const char* id;       // "lastball"
  const char* name;     // "The Last Ball"
  const char* summary;  // one sentence: what the player does
  const char* moves_help;  // how moves are written, e.g. "U D L R"
  int generator_version;   // bumped whenever a seed's level changes
  const ParamSpec* params;
  int param_count;
  // Parses a level text; on bad input returns null with the line and column.
  std::unique_ptr<Level> (*parse)(const char* text, size_t len, Error* err);
  // Generates the level for these parameters and seed, verified by the solver.
  std::unique_ptr<Level> (*generate)(const ParamValues& params, const char* seed,
                                     GeneratedInfo* info, Error* err);
  // Parameter sets `tilelab bench` compares ("mode=from-end"); none: defaults only.
  const char* const* bench_variants;
  int bench_variant_count;
  // A level `tilelab bench` solves and analyses whole (null: none).
  const char* bench_level;
};

// A game's own analysis figure (Skiddy: potential states, medals), reported
// beside the generic ones by every host.
struct Figure {
  const char* key;    // JSON key: "potential_states"
  const char* label;  // for people: "Potential states"
  uint64_t value;
  bool is_bool;       // a yes/no figure (value 0 or 1)
};
constexpr int kMaxFigures = 12;

// What a generator reports beside the level.
struct GeneratedInfo {
  int par = -1;           // fewest moves, from the solver
  int attempts = 0;       // layouts tried before this one was accepted
  MoveList solution;      // a shortest solution
};

// ---------------------------------------------------------------------------
// One loaded level.
// ---------------------------------------------------------------------------
class Level {
 public:
  virtual ~Level() {}
  virtual const GameInfo& game() const = 0;

  virtual void initial_state(GameState* out) const = 0;
  // Number of distinct move ids (moves are 0 .. move_count()-1).
  virtual int move_count() const = 0;
  // Applies a move in place.
  virtual Outcome apply(GameState* state, int move) const = 0;
  // The move a direction key makes (-1 when none).
  virtual int move_for_direction(const GameState& state, int dir) const {
    (void)state;
    return dir;
  }

  // The level text of the level as it would start from `state`; with the
  // initial state this is the canonical level text.
  virtual void format(const GameState& state, Text* out) const = 0;
  virtual void format_moves(const uint8_t* moves, size_t count, Text* out) const = 0;
  virtual bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const = 0;
  virtual void view(const GameState& state, BoardView* out) const = 0;

  // Shortest solution from `from` (path may be null).
  virtual SolveResult solve(const GameState& from, const SearchLimits& limits,
                            MoveList* path) const = 0;
  // The full state graph from `from`.
  virtual Analysis analyze(const GameState& from, const SearchLimits& limits) const = 0;

  // Figures of the game's own beside a generic analysis from `from`; returns
  // how many were written (at most kMaxFigures).
  virtual int analysis_figures(const GameState& from, const Analysis& analysis, const SearchLimits& limits,
                               Figure* out) const {
    (void)from;
    (void)analysis;
    (void)limits;
    (void)out;
    return 0;
  }

  // Every distinct solution from `from`, at most max of them, shortest first
  // (for games whose moves use something up, so the list ends); -1 when the
  // game does not offer it (its moves can come back to a state), else the
  // number found.
  virtual int all_solutions(const GameState& from, const SearchLimits& limits, size_t max,
                            std::vector<MoveList>* out) const {
    (void)from;
    (void)limits;
    (void)max;
    (void)out;
    return -1;
  }

  // The cards to choose from before a direction, into out[0..kMaxHand); 0
  // when a direction alone is the move (the grid games).
  virtual int hand(const GameState& state, HandCard* out) const {
    (void)state;
    (void)out;
    return 0;
  }

  // One difficulty figure from an analysis of this level, to order levels and
  // steer generators: core/rating.h unless the game rates its own way.
  virtual int difficulty(const Analysis& analysis) const { return tl::difficulty(analysis); }

  // Medals a won game earned with these moves (Skiddy: par, max combo,
  // perfect), as yes/no figures; returns how many were written.
  virtual int earned_medals(const MoveList& moves, int par, Figure* out) const {
    (void)moves;
    (void)par;
    (void)out;
    return 0;
  }

  // Infinite mode: the parameters of the level that follows a win in `final_state`
  // (The Last Ball starts the next level where the black ball stopped). Returns
  // false when the game has no such continuation.
  virtual bool next_params(const GameState& final_state, ParamValues* params) const {
    (void)final_state;
    (void)params;
    return false;
  }

  void canonical_text(Text* out) const {
    GameState s;
    initial_state(&s);
    format(s, out);
  }
};

}  // namespace tl
