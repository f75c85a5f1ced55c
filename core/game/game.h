// game.h — what every game gives the rest of tilelab.
//
// A game is data plus rules. Its folder under core/games/ defines a level type
// and a small copyable state, and exposes them through two things:
//   - a GameInfo: the row of the game table (core/midend/registry) with its id,
//     parameters and the functions that parse and generate levels;
//   - a Level: one loaded level, behind a small virtual interface that the
//     session, the solver entry points and every host use.
// Games write their rules once as a plain struct (see RulesLevel in
// level_of.h); the generic search in core/search/search.h runs over that struct directly.
//
// [SECTION] A position
// [SECTION] The view model
// [SECTION] Input
// [SECTION] The editor's palette
// [SECTION] The row of the game table
// [SECTION] One loaded level
#pragma once
#include <stdint.h>
#include <string.h>

#include <memory>
#include <vector>

#include "core/base/params.h"
#include "core/search/rating.h"
#include "core/search/vocabulary.h"
#include "core/base/text.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] A position
// ---------------------------------------------------------------------------
// A position of any game, held by value. A move puzzle packs its state into
// a few words (the search runs on the game's own State; this is only how
// hosts and the session hold it). A line puzzle's position is a whole board
// of line pieces, as many as the board has cells: it goes in `lines`, which
// the move puzzles leave empty.
constexpr int kStateWords = 8;
struct GameState {
  uint64_t words[kStateWords] = {};
  std::vector<int32_t> lines;
};

// ---------------------------------------------------------------------------
// [SECTION] The view model: what hosts draw. A board of cells with layers.
// ---------------------------------------------------------------------------
enum class Floor : uint8_t { kNone, kPlain, kIce, kSnow, kSand, kWater, kGoal, kBelt, kDark };
enum class Shape : uint8_t {
  kNone, kBall, kBlock, kTree, kSpikes, kDoor, kBridgeH, kBridgeV, kFlag, kCrate, kPit, kActor,
  kWedge,  // an angled wall filling one corner (CellView::corner)
  kDot,    // a line puzzle's dot: drawn in its line's colour (CellView::line)
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
  // Line puzzles: the line on the cell (1..62, 0 none; hosts give each its own
  // colour) and the sides it leaves the cell by (bit 1 << Dir).
  uint8_t line = 0;
  uint8_t links = 0;
  // Walls on the cell's sides (bit 1 << Dir): a line puzzle's board may have them.
  uint8_t walls = 0;
  // A bridge: the axes it carries lines on (bit 1 << axis; see hex below for
  // a hex board's directions) and the line on each (0: none); the link bits
  // of a side then take the colour of its axis' line.
  uint8_t bridge = 0;
  uint8_t axis_line[3] = {0, 0, 0};
};

struct BoardView {
  int width = 0, height = 0;
  std::vector<CellView> cells;  // row-major, width * height
  // The cell of the piece the player steers (row-major), or -1 when every
  // piece moves at once (Skiddy tilts the board). A tap is read against it.
  int actor = -1;
  // One line about the position, for the status bar ("3 of 5 lines, 72%
  // filled"); empty when the game has none.
  char caption[96] = {0};
  // Edges that lead round to the opposite edge (a line puzzle's warps): bit 0
  // the rows (left and right edges), bit 1 the columns (top and bottom).
  uint8_t warps = 0;
  // Hexagonal cells: odd rows sit half a cell right, and link and wall bits
  // are the six directions east, west, north-east, south-west, north-west,
  // south-east (bits 0-5; opposite sides differ in the last bit, an axis is a
  // direction >> 1).
  bool hex = false;
  CellView& at(int x, int y) { return cells[(size_t)(y * width + x)]; }
  const CellView& at(int x, int y) const { return cells[(size_t)(y * width + x)]; }
  // Whether side `d` of cell (x, y) faces off the board: a wall there closes
  // an edge that warps (the same wall is on the row's or column's other end).
  bool side_off_board(int x, int y, int d) const;
  // Rows (columns) of a board whose rows (columns) warp that a wall keeps
  // from leading round (bit y, bit x; boards are at most 64 a side).
  uint64_t closed_rows = 0, closed_columns = 0;
  bool row_warps(int y) const { return (warps & 1) && !(closed_rows >> y & 1); }
  bool column_warps(int x) const { return (warps & 2) && !(closed_columns >> x & 1); }
  void reset(int w, int h) {
    width = w;
    height = h;
    cells.assign((size_t)(w * h), CellView());
    actor = -1;
    caption[0] = '\0';
    warps = 0;
    closed_rows = closed_columns = 0;
    hex = false;
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

// The card a direction plays: `wanted` when it has cards left, else the first
// card that has; -1 when none has.
int chosen_card(const HandCard* hand, int count, int wanted);

// ---------------------------------------------------------------------------
// [SECTION] Input, as every host forwards it (Tatham's interpret_move): a direction key,
// a card picked from the hand, or a pointer pressed, dragged and released.
// Pointer positions are in board units of 1/kPointerUnit of a cell, (0, 0)
// the top-left corner of cell (0, 0), so a game can tell a tap from a swipe
// on any screen; the cell under the pointer is position / kPointerUnit.
// ---------------------------------------------------------------------------
constexpr int kPointerUnit = 64;
// A pointer that travels at least this far (3/8 of a cell) is a swipe.
constexpr int kSwipeMin = kPointerUnit * 3 / 8;
// A drag is played a move at a time until the game has caught up with the
// pointer (Session::input); more moves than this for one input would be a
// game going round in a circle, and are cut off.
constexpr int kMaxCatchUpMoves = 4096;

enum class InputKind : uint8_t { kDirection, kChooseCard, kPointerPress, kPointerDrag, kPointerRelease };

struct Input {
  InputKind kind = InputKind::kDirection;
  int value = 0;  // kDirection: a Dir; kChooseCard: the card's index in the hand
  int x = 0, y = 0;  // pointer inputs: the position, in 1/kPointerUnit cells

  static Input direction(int dir) { return Input{InputKind::kDirection, dir, 0, 0}; }
  static Input choose_card(int index) { return Input{InputKind::kChooseCard, index, 0, 0}; }
  static Input pointer(InputKind kind, int x, int y) { return Input{kind, 0, x, y}; }
  // The cell under a pointer (floor division: left of the board is negative).
  int cell_x() const { return x >= 0 ? x / kPointerUnit : -((-x + kPointerUnit - 1) / kPointerUnit); }
  int cell_y() const { return y >= 0 ? y / kPointerUnit : -((-y + kPointerUnit - 1) / kPointerUnit); }
};

// What the player has chosen that is not part of the position (Tatham's
// game_ui): the card in hand, where a pointer went down. The session keeps
// one per level; the game reads and updates it as it interprets input.
struct PlayUi {
  int card = 0;
  bool pressed = false;
  int press_x = 0, press_y = 0;
};

// interpret()'s answer when the input makes no move.
constexpr int kNoMove = -1;

// ---------------------------------------------------------------------------
// [SECTION] The editor's palette
// ---------------------------------------------------------------------------
// A brush of the level editor's palette (core/midend/editor.h): the text it writes
// into a cell and what it is, for people.
enum BrushFlags : uint8_t {
  kBrushUnique = 1,  // one on the board: painting it elsewhere moves it
  // A feature one character a cell cannot hold, listed in a "key: ..." line
  // after the grid: the token is the key. kBrushListed lists cells ("blocks:
  // 1,1 3,0"; the cell itself is left blank); kBrushSides lists pairs of cells
  // side by side ("walls: 0,0/1,0"), painted by dragging from a cell into
  // its neighbour. kBrushPairs lists pairs of any two cells ("portals:
  // 1,0/3,2"), painted a cell at a time: a cell starts a pair, the next
  // completes it (the level reads again then).
  kBrushListed = 2,
  kBrushSides = 4,
  kBrushPairs = 8,
};
struct Brush {
  const char* token;  // "o", or in a word grid "2" (a height) or ",flag" (a tile); a listing's key
  const char* name;   // "white ball"
  uint8_t flags;
};

struct GeneratedInfo;
class Level;
class SlicedGeneration;

// ---------------------------------------------------------------------------
// [SECTION] The row of the game table
// ---------------------------------------------------------------------------
struct GameInfo {
  const char* id;       // "lastball"
  const char* name;     // "The Last Ball"
  const char* summary;  // one sentence: what the player does
  const char* moves_help;  // how moves are written, e.g. "U D L R"
  const char* controls;    // how a player moves, with keys and the pointer
  const char* touch_controls;  // the same with a finger (no key named): a phone's status line
  int generator_version;   // bumped whenever a seed's level changes
  const ParamSpec* params;
  int param_count;
  // Parses a level text; on bad input returns null with the line and column.
  std::unique_ptr<Level> (*parse)(const char* text, size_t len, Error* err);
  // Generates the level for these parameters and seed, verified by the
  // solver: begin_generate's task run whole (core/game/generator.cpp).
  std::unique_ptr<Level> generate(const ParamValues& values, const char* seed, GeneratedInfo* info,
                                  Error* err) const;
  // Parameter sets `tilelab bench` compares ("mode=from-end"); none: defaults only.
  const char* const* bench_variants;
  int bench_variant_count;
  // A level `tilelab bench` solves and analyses whole (null: none).
  const char* bench_level;
  // The game's reader takes nearly any grid of characters (Flow's other
  // Numberlink form): a text another game also reads is that game's.
  bool reads_any_grid = false;
  // Splits a file of several levels into their texts (null: a file holds one
  // level); false with err set on bad input.
  bool (*split)(const char* text, size_t len, std::vector<Text>* levels, Error* err) = nullptr;
  // The generator as a task done a slice at a time, each slice spending at
  // most slice_positions (0: the game's own, a device frame's worth; and
  // kWholeSlice, generate()'s: no end) of its positions; see
  // core/game/generator.h. It makes the same level however it is sliced.
  std::unique_ptr<SlicedGeneration> (*begin_generate)(const ParamValues& params, const char* seed,
                                                      uint64_t slice_positions) = nullptr;
  // The level editor's palette, in the order shown; the first brush is the
  // blank cell a resize fills with.
  const Brush* palette = nullptr;
  int palette_count = 0;
  // What a cell painted with palette brush `brush` shows, on the game's plain
  // ground (the device's help draws each brush's glyph with its name; a test
  // checks no two of a game look alike); false for a brush that is no cell's
  // content (walls, drawn between cells).
  bool (*brush_view)(int brush, CellView* out) = nullptr;
  // The level text is whitespace-separated words under a "WxH" line (Golf
  // Peaks), not one character a cell.
  bool edit_words = false;
  // Easy, normal and hard (kPresetCount, in that order): parameters set over
  // the defaults, as `--set` takes them ("balls=4 size=8x6"; "": the
  // defaults). Hosts offer them by name (preset_name).
  const char* presets[3] = {"", "", ""};
  // Whether parameters can go together at all (a start outside the field,
  // more pieces than cells); false with err naming the parameter. Quick: a
  // host asks before it offers Generate. generate() refuses the same
  // parameters with GeneratedInfo::bad_params. Null: any values in range go.
  bool (*check_params)(const ParamValues& params, Error* err) = nullptr;
  // The game goes on from where a won level ended (Level::next_params):
  // hosts offer infinite mode, and the Playdate app always plays it.
  bool infinite_mode = false;
  // Moves are strokes drawn with a pointer (a line puzzle): a host with only
  // buttons moves a cursor over the board and presses A to draw.
  bool cursor_play = false;
  // The largest file of its levels a host reads (Flow's Numberlink files
  // run to megabytes; a level of any other game fits in 1 MiB).
  size_t max_file_bytes = (size_t)1 << 20;
  // A hand of cards the level lists on the first line after its grid (Golf
  // Peaks): the cards the editor offers to add, in the order shown; null
  // when the game has no hand.
  const char* const* hand_cards = nullptr;
  int hand_card_count = 0;
  // Its levels have a state graph the analysis counts (states, dead ends);
  // false for a line puzzle (Analysis::state_graph).
  bool state_graph = true;

  // The game's parameters as core/base/params.h reads and writes them.
  ParamTable param_table() const { return ParamTable{id, params, param_count}; }
};

// core/base/params.h on a game's parameters.
inline void params_default(const GameInfo& game, ParamValues* out) { params_default(game.param_table(), out); }
inline int param_index(const GameInfo& game, const char* key, size_t key_len) {
  return param_index(game.param_table(), key, key_len);
}
inline bool param_set(const GameInfo& game, ParamValues* values, const char* key, size_t key_len, const char* value,
                      size_t value_len, Error* err) {
  return param_set(game.param_table(), values, key, key_len, value, value_len, err);
}
inline bool param_assign(const GameInfo& game, ParamValues* values, const char* assignment, size_t len, Error* err) {
  return param_assign(game.param_table(), values, assignment, len, err);
}
inline void param_format(const GameInfo& game, const ParamValues& values, int index, Text* out) {
  param_format(game.param_table(), values, index, out);
}
inline bool params_equal(const GameInfo& game, const ParamValues& x, const ParamValues& y) {
  return params_equal(game.param_table(), x, y);
}
inline void params_format(const GameInfo& game, const ParamValues& values, char separator, Text* out) {
  params_format(game.param_table(), values, separator, out);
}
inline bool params_read(const GameInfo& game, const char* text, size_t len, char separator, ParamValues* values,
                        Error* err) {
  return params_read(game.param_table(), text, len, separator, values, err);
}

constexpr int kPresetCount = 3;
// "easy", "normal", "hard".
const char* preset_name(int preset);
// The game's defaults with preset `preset` set over them; false with err
// set when the preset names a parameter the game lacks (a test checks none does).
bool params_preset(const GameInfo& game, int preset, ParamValues* out, Error* err);

// A game's own analysis figure (Skiddy: potential states, medals), reported
// beside the generic ones by every host.
struct Figure {
  const char* key;    // JSON key: "potential_states"
  const char* label;  // for people: "Potential states"
  uint64_t value;
  bool is_bool;       // a yes/no figure (value 0 or 1)
  // No such figure for this level (the par of a medal that cannot be
  // earned): "none" for people, null in JSON, never a 0 that reads as a par.
  bool none = false;
};
constexpr int kMaxFigures = 12;

// What a generator reports beside the level.
struct GeneratedInfo {
  int par = -1;           // fewest moves, from the solver
  int attempts = 0;       // layouts tried before this one was accepted
  MoveList solution;      // a shortest solution
  // Set with a null level when the parameters cannot go together (the error
  // names them): bad input, not a level that was not found.
  bool bad_params = false;
};

// ---------------------------------------------------------------------------
// [SECTION] One loaded level
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

  // Turns host input into a move (kNoMove when it makes none), keeping what
  // it needs between inputs in `ui`. The default: a direction is
  // move_for_direction; a pointer released after a swipe is the swipe's main
  // direction, and a tap is the direction from the actor (BoardView::actor;
  // the board's centre when none) to the tapped cell. Games with cards or
  // lines interpret their own input.
  virtual int interpret(const GameState& state, PlayUi* ui, const Input& input) const;

  // The level text of the level as it would start from `state`; with the
  // initial state this is the canonical level text.
  virtual void format(const GameState& state, Text* out) const = 0;
  virtual void format_moves(const Move* moves, size_t count, Text* out) const = 0;
  // The moves for a person to read in a note ("Hint played: ..."): as
  // format_moves writes them unless a game says it better (Flow: the lines,
  // not their cells).
  virtual void describe_moves(const Move* moves, size_t count, Text* out) const { format_moves(moves, count, out); }
  // Whether a move begins a stroke: the moves of one stroke (a line drawn in
  // one drag) are one step to undo, redo, hint or solve. Each move of a move
  // puzzle is a stroke of its own.
  virtual bool starts_stroke(int move) const {
    (void)move;
    return true;
  }
  // The cell a line puzzle's move grabs or draws to (row-major in the
  // view), or -1 for a move that names no cell (a move puzzle's).
  virtual int move_cell(int move) const {
    (void)move;
    return -1;
  }
  virtual bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const = 0;
  virtual void view(const GameState& state, BoardView* out) const = 0;
  // How a player moves on this level (touch: with a finger, no key named):
  // the game's controls line, or the level's own where its board says more
  // or less (Flow names warps and portals only on a board that has them).
  virtual const char* controls(bool touch) const { return touch ? game().touch_controls : game().controls; }
  // Why the move that reached `state` lost, for a person to read ("the
  // black ball rolled off the field"); asked only of a state a losing move
  // reached (Session::lost_reason); null when the game has no word for it.
  virtual const char* lost_reason(const GameState& state) const {
    (void)state;
    return nullptr;
  }

  // Shortest solution from `from` (path may be null).
  virtual SolveResult solve(const GameState& from, const SearchLimits& limits,
                            MoveList* path) const = 0;
  // The same in parts (a generator's slice): a game whose solver pauses
  // gives its own; by default the solve runs whole in the first part. The
  // level and the path must outlive the task.
  virtual std::unique_ptr<SolveTask> begin_solve(const GameState& from, const SearchLimits& limits,
                                                 MoveList* path) const;
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

  // What card `index` of the hand does, for people ("flies 1 cell, then
  // rolls 2"), into out (size bytes); "" for a game with no cards.
  virtual void describe_card(int index, char* out, size_t size) const {
    (void)index;
    if (size) out[0] = '\0';
  }

  // The cards to choose from before a direction, into out[0..kMaxHand); 0
  // when a direction alone is the move (the grid games).
  virtual int hand(const GameState& state, HandCard* out) const {
    (void)state;
    (void)out;
    return 0;
  }

  // How alike this level and another of the same game look, 0 to 100, for
  // packs to drop near duplicates. By default: of the cells where either
  // board at the start shows something other than this board's most common
  // cell (its empty floor, mostly), the share that look the same (floor,
  // piece, colour, arrow, height; a dot is a dot whatever its line); 0 for
  // boards of different sizes. A game may weigh its own way (Golf Peaks adds
  // its hand).
  virtual int similarity(const Level& other) const;

  // This level's difficulty from its analysis (core/search/rating.h): the
  // figure, 0 to kMaxDifficulty (-1: none), and the reasons it sums. Each
  // game takes its own reasons and weights (its manual says which and
  // why); by default a move puzzle's length, wrong moves, positions, dead
  // ends and a single way.
  virtual Difficulty rate(const Analysis& analysis) const;
  // The figure alone: what packs, bands and searches order levels by.
  int difficulty(const Analysis& analysis) const { return rate(analysis).total; }
  // How many rules the game teaches in order (the newest rule's "of N").
  virtual int rules_taught() const { return 0; }

  // Medals a won game earned with these moves (Skiddy: par, max combo,
  // perfect), as yes/no figures; returns how many were written.
  virtual int earned_medals(const MoveList& moves, int par, Figure* out) const {
    (void)moves;
    (void)par;
    (void)out;
    return 0;
  }

  // A line puzzle's solution is a board: the grid with every cell given its
  // line's character (one row a line), and each line's cells (0-based column
  // and row pairs). False for the move puzzles, whose solution is its moves.
  virtual bool solution_board(const MoveList& solution, Text* grid, std::vector<std::vector<int32_t>>* lines) const {
    (void)solution;
    (void)grid;
    (void)lines;
    return false;
  }

  // The solutions the level's text lists beside it (Golf Peaks' format has
  // them), for `tilelab check` to replay; null when the format has none.
  virtual const std::vector<MoveList>* listed_solutions() const { return nullptr; }

  // Counts solutions up to `max` under a rule set the game names (Flow:
  // "fill", "no-touch"; "" for the game's own), with the rule set used and
  // the search's figures in *out; false with err set when the game does not
  // count solutions or the rules are not its. `team`, when not null, is a
  // host's second thread a long count may share (the same answer).
  struct SolutionCount {
    uint64_t count = 0;
    bool capped = false;
    char rules[16] = "";  // the rule set counted under (its name)
    uint64_t positions = 0, peak_bytes = 0;
    // The first solution found, as the moves that play it from the start
    // (empty when none was found), and whether it is the one solve() from
    // the start gives: a count of 2 or more proved it the only solution
    // under the rules solve() tries first (Flow: no-touch), so a caller
    // that counts need not solve again (tilelab solve --count).
    MoveList solution;
    bool solution_is_solve = false;
  };
  virtual bool count_solutions(const char* rules, uint64_t max, SearchTeam* team, SolutionCount* out,
                               Error* err) const {
    (void)rules;
    (void)max;
    (void)team;
    (void)out;
    return fail(err, 0, 0, "%s does not count solutions (--count is for line puzzles: flow)", game().name);
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

 private:
  // What each cell of the board at the start looks like to similarity(), one
  // number a cell (row-major), and the board's most common look, made on the
  // first call and kept: a pack compares every level it makes with every one
  // it keeps, and building views over again was most of a small level's pack.
  struct Looks {
    int width = -1, height = 0;
    std::vector<uint64_t> cells;
    uint64_t background = 0;
  };
  const Looks& start_looks() const;
  mutable Looks looks_;
};

}  // namespace tl
