// flow.h — Flow, or Numberlink (article: flow-numberlink).
//
// A line puzzle, not a move puzzle: connect each pair of same-colour dots with
// a line through orthogonally adjacent cells; lines never cross or share a
// cell, and every cell is filled. A position is a whole board of line pieces,
// so Flow does not use the move games' state graph: a level is judged by
// whether its solution is unique, and by how much guessing finding it takes.
//
// Two rule sets, named everywhere:
//   fill      the game: connect, never cross, fill the board;
//   no-touch  also the article's no-zig-zag rule: a line never runs beside
//             itself (two orthogonally adjacent cells of one line are
//             consecutive on it). The article's and Flow Free's levels keep it.
// The 3x2 board "a.b" over "a.b" has two fill solutions and no no-touch one.
//
// The folder: flow.h (this file: what the folder shares), flow.cpp (its row of
// the game table), flow_rules.cpp (the level as hosts play it: strokes and the
// view), flow_format.cpp (the Numberlink text and the check of a solution),
// flow_generate.cpp (the article's line-drawing generator), flow_design.cpp
// (board shapes and wall patterns), the solver in flow_solve.cpp,
// flow_frontier.cpp and flow_diagonal.cpp with what they share in
// flow_search.h, and README.md (the
// manual: format, rule sets, solver, generator and its versions, figures).
#pragma once
#include <stdint.h>

#include <vector>

#include "../../game.h"

namespace tl {
namespace flow {

// Boards read, played and solved: 1x2 to 1024x1024 (the published
// Numberlink files' largest are 1002x1002); the device, with 16 MB in all,
// reads boards up to 64x64 and says so of a larger one. The generator makes
// boards of 2x2 to 64x64 everywhere.
#if defined(TILELAB_DEVICE)
constexpr int kMaxSide = 64;
#else
constexpr int kMaxSide = 1024;
#endif
constexpr int kMinSide = 1;       // a board has two cells or more
constexpr int kMinMadeSide = 2;   // the generator's boards
constexpr int kMaxMadeSide = 64;
constexpr int kMaxColours = 62;  // any printable character but '.' (at most 62 a board)
constexpr int kMaxCells = kMaxSide * kMaxSide;

enum class RuleSet : uint8_t { kFill, kNoTouch };
const char* rule_set_name(RuleSet rules);  // "fill", "no-touch"

// A board of cells, each empty or a dot of one colour (1..colours). Cells are
// row-major; each has up to four neighbours (the topology: adjacency only).
// A block is a cell that is not part of the board (no line enters it, none
// fills it); a wall between two cells means they are not neighbours; a warp
// makes the cells on two opposite edges neighbours (rows: a line leaving the
// right edge comes in at the left of the same row; columns: the bottom leads
// to the top); a portal is a pair of cells that are not filled: a line
// entering one from any side leaves the other on the opposite side, so the
// cell before one and the cell after the other are neighbours. All are
// adjacency only: the rules and searches ask neighbour() and is_block().
constexpr uint8_t kWarpRows = 1, kWarpColumns = 2;
// A hexagonal board's six directions (its rows offset: odd rows sit half a
// cell to the right). Opposite directions differ in the last bit, as Dir's do,
// and a direction's axis (the two that are opposite) is dir >> 1 on either
// board: on a square one 0 up-down, 1 left-right; on a hex one 0 east-west,
// 1 north-east to south-west, 2 north-west to south-east.
enum HexDir : uint8_t { kEast = 0, kWest = 1, kNorthEast = 2, kSouthWest = 3, kNorthWest = 4, kSouthEast = 5 };
constexpr int kMaxDirs = 6;
constexpr int axis_of(int dir) { return dir >> 1; }
// A bridge's axes (bit 1 << axis): on a square board both; on a hex board a
// three-way cross, or a two-way one on the slanted axes (its east and west
// sides closed).
constexpr uint8_t kSquareBridge = 3, kCrossThree = 7, kCrossTwo = 6;
// Places lines fill: a cell, or one lane of a bridge (a cell holding a line
// on each of its axes). Up to three lanes a cell.
constexpr int kMaxNodes = 3 * kMaxCells;

struct Puzzle {
  int width = 0, height = 0;
  int colours = 0;
  bool hex = false;                          // six neighbours a cell, rows offset (see HexDir)
  std::vector<uint8_t> dot;                  // per cell: 0, or its dot's colour
  char letter[kMaxColours + 1] = {};         // the character each colour is written with
  int32_t ends[kMaxColours + 1][2] = {};     // each colour's two dots, in reading order
  std::vector<uint8_t> block;                // per cell: 1 when not part of the board (empty: none)
  std::vector<uint8_t> wall;                 // per cell: its walled sides, bit 1 << direction (empty: none)
  uint8_t warps = 0;                         // kWarpRows, kWarpColumns: edges that lead to the opposite edge
  std::vector<int32_t> portal;               // per cell: its partner portal, or -1 (empty: none)
  std::vector<uint8_t> bridge;               // per cell: the axes a bridge carries lines on (empty: none)

  int cells() const { return width * height; }
  int dirs() const { return hex ? 6 : 4; }
  // The places lines fill and run through (searches index them): the cells,
  // then the second and third lanes of the bridges. Without bridges a node
  // is a cell.
  int nodes() const { return cells() + (int)lane_cell_.size(); }
  int cell_of(int node) const { return node < cells() ? node : lane_cell_[(size_t)(node - cells())]; }
  // A bridge lane's axis, or -1 for a node that is a whole cell.
  int axis_at(int node) const { return lane_axis_.empty() ? -1 : lane_axis_[(size_t)node]; }
  // The node of `cell` that a line on `axis` runs through: the cell itself,
  // a bridge's lane, or -1 when the bridge has no lane that way.
  int lane(int cell, int axis) const;
  // The nodes lines must fill: the board's cells less blocks and portals,
  // with every lane of a bridge.
  int open_cells() const;
  bool is_block(int cell) const { return !block.empty() && block[(size_t)cell]; }
  bool is_portal(int cell) const { return !portal.empty() && portal[(size_t)cell] >= 0; }
  bool is_bridge(int cell) const { return !bridge.empty() && bridge[(size_t)cell]; }
  // The dot's colour on a node (a bridge lane has none).
  int dot_at(int node) const { return node < cells() ? dot[(size_t)node] : 0; }
  bool walled(int cell, int dir) const { return !wall.empty() && (wall[(size_t)cell] >> dir & 1); }
  // Whether row y (column x) leads round: the rows (columns) warp and no
  // wall across the edge closes that row's (column's) way round (a hex
  // column's: both its top cell's upper sides).
  bool row_warps(int y) const;
  bool column_warps(int x) const;
  // Whether the board is a plain rectangle of squares (nothing below).
  bool plain() const { return block.empty() && wall.empty() && planar(); }
  // Whether the board lies flat on a square grid: no warps, portals,
  // bridges or hexes (the frontier search needs it).
  bool planar() const { return warps == 0 && portal.empty() && bridge.empty() && !hex; }
  // The neighbour of `node` in direction `dir` (below dirs()), or -1 off the
  // board, past a wall, a block, or off a bridge lane's axis. Entering a
  // bridge gives its lane on that axis.
  int neighbour(int node, int dir) const;
  // The cell one step from `cell` in direction `dir` on the grid (round a
  // warped edge when `round`), whatever is there; -1 off the board.
  int step(int cell, int dir, bool round = true) const;
  // Walls the side `dir` of `cell` off (and the same side of its neighbour;
  // round a warped edge when `round`, closing that way round).
  void add_wall(int cell, int dir, bool round = false);
  // Numbers the bridges' lanes: call after setting `bridge`.
  void index_lanes();
  // A node that warps or portals make its own neighbour, or a neighbour of
  // another node twice over (a line between them could go two ways); -1 when
  // none. Such boards are refused.
  int doubled_neighbour() const;

 private:
  std::vector<int32_t> lane_cell_;  // per node past cells(): its bridge's cell
  std::vector<int8_t> lane_axis_;   // per node: a bridge lane's axis, -1 (empty: no bridges)
};

// ---------------------------------------------------------------------------
// flow_format.cpp: the Numberlink text.
// ---------------------------------------------------------------------------
// Reads every puzzle of a text: rows of '.' and one character a colour
// (letters, digits), an optional "W H" line first, '#' comment lines, puzzles
// separated by blank lines. After the rows, a puzzle may list its features,
// a line each, columns and rows from 0:
//   shape: hex               six neighbours a cell, odd rows half a cell right
//   blocks: 1,1 3,0          cells that are not part of the board
//   walls: 0,0/1,0 2,1/2,2   walls between two side-by-side cells (or a
//                            row's or column's two ends, where it warps:
//                            that edge does not lead round there)
//   warps: rows              rows, columns or both: edges that lead round
//   portals: 0,1/3,2         pairs of portal cells
//   bridges: 2,2 4,1:2       bridges (a hex board's crosses: three-way, or
//                            ":2" two-way on the slanted axes)
// Also the other common form: a row with any other character (a space, '-',
// '_') makes letters the dots and every other character an empty cell, the
// width taken from the first row. Errors name the line and column in the
// whole text.
bool parse_puzzles(const char* text, size_t len, std::vector<Puzzle>* out, Error* err);
// Exactly one puzzle.
bool parse_puzzle(const char* text, size_t len, Puzzle* out, Error* err);
// The canonical text: rows of '.' and the colours' characters.
void format_puzzle(const Puzzle& puzzle, Text* out);

// A solved board: each cell's colour, and each line as its cells from its
// first dot to its second (lines[colour - 1]).
struct Solution {
  std::vector<uint8_t> colour;
  std::vector<std::vector<int32_t>> lines;
};
// The grid with every cell given its line's character.
void format_solution(const Puzzle& puzzle, const Solution& solution, Text* out);
// Whether a solution is one of the puzzle under these rules (and why not).
bool check_solution(const Puzzle& puzzle, const Solution& solution, RuleSet rules, Error* err);

// ---------------------------------------------------------------------------
// flow_solve.cpp, flow_frontier.cpp: the solver (see flow_search.h: which
// search runs when, and why).
// ---------------------------------------------------------------------------
// The caps of a solve: positions searched (past it the answer is "capped")
// and the memo's bytes (past them it remembers no more positions).
struct SolveLimits {
#if defined(TILELAB_DEVICE)
  uint64_t max_nodes = 2000000;
  size_t max_memo_bytes = (size_t)2 << 20;
#else
  uint64_t max_nodes = 200000000;
  size_t max_memo_bytes = (size_t)256 << 20;
#endif
};

struct SolveFigures {
  bool solvable = false;
  bool capped = false;     // the node cap stopped the search before an answer
  uint64_t count = 0;      // solutions found, up to the count asked for
  uint64_t nodes = 0;      // positions searched
  uint64_t branches = 0;   // positions where the search had to guess (more than one way on)
  uint64_t forced = 0;     // moves made because a line had exactly one way on
  uint64_t peak_bytes = 0; // the memory the search held at its largest: memo, stack and board arrays
};

// Whether two lines' dots lie on the board's rim (its first and last rows
// and columns) in the order a b a b round it: on a board without warps,
// portals or bridges (square or hex, any blocks and walls) the two
// lines would have to cross, so there is no solution under any rules (solve()
// says so without searching).
bool lines_cross_on_rim(const Puzzle& puzzle);
// Whether lines from a cluster of dots (three or more, touching by sides or
// corners, clear of the rim and of blocks: no line passes between them) to
// the rim leave the cluster's outline in another order round than they meet
// the rim: in the ring between the two, lines from the inner edge to the
// outer keep their order round, so they would have to cross (square boards
// without warps, portals or bridges; any rules; solve() says so without
// searching).
bool lines_cross_round_dots(const Puzzle& puzzle);
// Whether the lines cannot fill the board for its checkerboard colours: a
// line covers as many black cells as white, one more black when both its
// dots are black, one more white when both are white; so the board's black
// cells less its white must be its black-black lines less its white-white
// lines (square boards without warps, portals or bridges; any rules).
bool checkerboard_unbalanced(const Puzzle& puzzle);

// Finds solutions under `rules`, counting up to max_count (1: just solve; 2:
// prove unique or find a second). `first` and `second`, when not null, get the
// first two solutions found.
SolveFigures solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SolveLimits& limits,
                  Solution* first, Solution* second);

// How much guessing finding the solution takes: the line search's guesses
// (10 each) and forced moves (10 per ten cells of board); -1 when unsolvable.
// The search stops at 200,000 positions (figures->capped: at least that).
int difficulty(const Puzzle& puzzle, RuleSet rules, SolveFigures* figures);

// ---------------------------------------------------------------------------
// flow_generate.cpp: the article's generator.
// ---------------------------------------------------------------------------
// The article's line-drawing algorithms: follow the edges (its "Default":
// keep the same distance to the edge), random, backwards (from the end of
// the board, straight lines), backwards random, and follow the walls and the
// lines drawn so far; mix draws one of them at random a level.
enum class Algorithm : uint8_t { kEdges, kRandom, kBackwards, kBackwardsRandom, kWalls, kMix };
const char* algorithm_name(Algorithm algorithm);

// ---------------------------------------------------------------------------
// flow_design.cpp: board designs, and the fewest lines that fill one.
// ---------------------------------------------------------------------------
// A board's shape: squares; a "hive" (a hexagon of hexagons: as high as wide,
// an odd number of cells across, the cells outside the hexagon blocks); or
// "hexes" (a rectangle of offset rows, as Flow Free: Hexes).
enum class BoardShape : uint8_t { kSquare, kHive, kHexes };
// A pattern of walls (square boards; a design is a pattern at a size):
//   step        a staircase of walls from the top-left corner down to the
//               right, the edges warping both ways so the two sides meet;
//   block-step  the same staircase drawn with blocks on the diagonal;
//   river       two banks of walls across the board, straight for a third,
//               then stepping down, then straight again; edges warp.
enum class Pattern : uint8_t { kNone, kStep, kBlockStep, kRiver };
// The empty board of a design: size, shape, pattern and warps (a pattern
// adds the warps it needs). False (err set) when they do not fit together.
bool design_board(BoardShape shape, Pattern pattern, int width, int height, uint8_t warps, Puzzle* out, Error* err);

// The fewest lines that fill a board under the article's rules (no-touch,
// every line three cells or more, its ends on cells, not bridges): found by
// a search over every way to draw lines from the first empty cell, for one
// line, then two, and so on, up to max_lines. `proven`: the count is the
// fewest (the searches for fewer ran to their end); when none was found,
// that no filling of max_lines or fewer exists. `unique`: a level with that many lines (dots
// at their ends) has one solution under no-touch (a perfect level); checked
// on each filling found until one is, within the node cap.
struct FewestLines {
  int lines = 0;          // 0: none found within max_lines and the cap
  bool proven = false;
  bool unique = false;    // a perfect level was found
  uint64_t nodes = 0;
  Solution filling;       // the lines found (the perfect level's when unique)
};
FewestLines fewest_lines(const Puzzle& design, int max_lines, uint64_t max_nodes);

struct GenerateOptions {
  int width = 7, height = 7;
  Algorithm algorithm = Algorithm::kEdges;
  int min_lines = 0;               // levels with fewer lines are dropped
  int max_line = 0;                // the longest a line may be drawn (cells); 0: no limit
  RuleSet unique = RuleSet::kNoTouch;  // the rules the unique solution is proven under
  uint8_t warps = 0;               // kWarpRows, kWarpColumns: the board's edges lead round (the lines may too)
  int portals = 0;                 // portal pairs placed at random on the board (a new placement an attempt)
  int bridges = 0;                 // bridges (a hex board's three-way crosses) on random inner cells
  BoardShape shape = BoardShape::kSquare;
  Pattern pattern = Pattern::kNone;
};

// Why attempts were dropped, and what the kept level was drawn with.
struct GenerateFigures {
  int attempts = 0;
  int stranded = 0;       // a cell left that no line could take
  int not_unique = 0;     // still two solutions after the repairs
  int too_few_lines = 0;
  int capped = 0;         // the uniqueness proof hit its node cap
  int repairs = 0;        // lines cut in two to rule out a second solution
  Algorithm algorithm = Algorithm::kEdges;
  bool bad_options = false;  // the options cannot go together (err says why): no attempt made
};

// Whether the options can go together (a hive of odd size, a pattern on a
// square board, lines that can fill the board...); false with err naming
// the option. Fills *design with the board the levels are drawn on.
bool check_options(const GenerateOptions& options, Puzzle* design, Error* err);

// A level whose solution is unique under options.unique; false (err set)
// when none was found in the attempts allowed.
bool generate(const GenerateOptions& options, const char* seed, Puzzle* out, Solution* solution,
              GenerateFigures* figures, Error* err);

// The level of a filled board: each line's ends become its dots (a line
// runs from its end first in reading order), colours in reading order of
// their first dot; *s: the lines as its solution.
void level_of_lines(const Puzzle& board, const std::vector<std::vector<int32_t>>& lines, Puzzle* p, Solution* s);

// Parameter indices of the game table row.
enum Param { kSize, kAlgorithm, kLines, kMaxLine, kUnique, kWarps, kPortals, kBridges, kShape, kPattern, kParamCount };
// The game table's generator: the parameters as options; par is the number
// of lines, the solution one stroke a line.
bool check_params(const ParamValues& params, Error* err);
std::unique_ptr<Level> generate_level(const ParamValues& params, const char* seed, GeneratedInfo* info, Error* err);

// ---------------------------------------------------------------------------
// flow_rules.cpp: the level as hosts play it.
// ---------------------------------------------------------------------------
std::unique_ptr<Level> make_level(const Puzzle& puzzle);
// Exactly one puzzle; split_puzzles gives the texts of a file of several.
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
bool split_puzzles(const char* text, size_t len, std::vector<Text>* levels, Error* err);
// The puzzle of a Flow level.
const Puzzle& puzzle_of(const Level& level);

}  // namespace flow

// flow.cpp: the row of the game table.
extern const GameInfo kFlow;

}  // namespace tl
