// lines.h — the engine for line puzzles (Flow, or Numberlink): the board
// model, the rule sets, the check of a solution, and the searches that solve
// and count, with their limits. Flow (core/games/flow/) keeps its rules as
// hosts play them, its text format, its generator and its row of the game
// table; everything that searches a board is here, and its strategy is
// written once, below.
//
// The puzzle: connect each pair of same-colour dots with a line through
// neighbouring cells; lines never cross or share a cell, and every cell is
// filled. Two rule sets, named everywhere:
//   fill      connect, never cross, fill the board;
//   no-touch  also: a line never runs beside itself (two neighbouring cells of
//             one line are consecutive on it), as the Flow/Numberlink article's
//             and Flow Free's levels keep.
// The 3x2 board "a.b" over "a.b" has two fill solutions and no no-touch one.
//
// The folder: lines.h (this file), board.cpp (the board model and the check
// of a solution), no_solution.cpp (boards with none, said without a search),
// line_search.cpp, frontier_search.cpp and diagonal_search.cpp (the three
// searches), solve.cpp (which search runs when: the strategy below) and
// walk.h (what the searches share: the memo, the key mix, the walk).
//
// THE STRATEGY.
//
// Three searches, each exact and complete, each counting solutions up to the
// count asked for (2 proves a solution unique or finds a second), each
// depth-first on an explicit stack, under a cap on positions that answers
// "capped":
//
//   The line search (line_search.cpp) draws the lines from their dots: a line
//   with one way on first (a forced move), else the line whose end comes
//   first in reading order (LineOrder::kSweep: the lines fill the board from
//   the top down, so a pocket left behind shows at once), and refuses a
//   position as soon as a line, an empty cell or an empty region can no
//   longer be completed. It asks only neighbour(), so it takes any board and
//   either rule set. Boards packed with short lines (Flow Free's) it settles
//   in a few positions a cell; on wide open boards it has endless ways to
//   wander.
//
//   The frontier search (frontier_search.cpp) decides the cells one at a time
//   in reading order (the board turned so rows are its short side) and
//   remembers each (cell, frontier) with its count (Memo, walk() in walk.h), so a
//   board of independent parts is counted part by part, in memory bounded by
//   the board's width. It needs a flat board of squares (Puzzle::planar():
//   blocks and walls allowed; it hands any other board to the line search).
//   Under no-touch it tries a turn only where a run of like turns can end at
//   a dot (the article's corner rule; on boards without blocks or walls).
//   Under fill, a board packed with lines keeps its frontier forty lines
//   wide and it runs to the cap. The line search remembers positions too.
//
//   The diagonal search (diagonal_search.cpp), for no-touch on a plain board
//   (Puzzle::plain(): squares, no blocks, walls, warps, portals or bridges),
//   decides the cells diagonal by diagonal, each cell's sides from the turn
//   rule, in about 20 nanoseconds a cell, remembering only the diagonals
//   that led nowhere (and only while they come back): published Numberlink
//   boards of 50x50 to 1002x1002 it solves where the others cap, but it can
//   take long to prove a large open board has no second solution.
//
// So any search can settle in a few positions a board another takes minutes
// over. solve() (solve.cpp), which play, the analysis, tilelab solve and
// Flow's generator use, chooses:
//   1. Two lines whose dots alternate round the rim of a board without warps,
//      portals or bridges (square or hex, any blocks and walls), or round a
//      cluster of dots, would have to cross; lines whose dots' checkerboard
//      colours do not match the board's cells cannot fill it: no solution,
//      without a search.
//   2. No-touch on a plain board: the diagonal search and steps 3-4 take
//      turns, each with four times the budget of its last turn, the
//      diagonal search going on where it stopped with 1,024 positions to the
//      others' one (its positions cost that much less: tens of nanoseconds
//      against up to a pass over the board; when one solution is asked for,
//      its turns are four times as long), steps 3-4 starting afresh,
//      until one finishes or the cap is spent. Most published boards the
//      diagonal search settles; boards of independent parts (its memo sees
//      them too) and proofs on wide open boards the frontier search may.
//      A count (2 or more) given a host's second thread (SearchLimits::team:
//      tilelab solve --count) shares the diagonal search's tree with it
//      once the search has run a while (diagonal_search.cpp: Split), with
//      the same count and the same first solutions as on one thread.
//   3. A board that does not lie flat (warps, portals, bridges, hexes): the
//      line search alone, with the whole cap.
//   4. A flat board: the line search first, with 10 positions a cell; if it
//      finishes, that is the answer. Under no-touch the frontier search then
//      takes the rest of the cap (the corner rule leaves it few choices on
//      the open boards where the line search wanders).
//      Under fill neither is sure (long lines stall the line search, packed
//      boards the frontier), so they take turns, each starting afresh
//      with four times the positions of its last turn, the frontier sixteen
//      times the line search's (its positions cost a tenth to a twentieth as
//      much on large boards), until one finishes or the cap is spent: no
//      board costs much more than its better search alone. Under fill,
//      one solution (tilelab solve's fallback when no-touch has none) or
//      two (a proof of uniqueness, or a second solution) are first drawn
//      (detours.cpp): each line routed by a shortest path, then lengthened
//      by detours into the empty cells beside it (a pass over the board a
//      line routed, each step looked at once), up to 24 drawings (12 orders
//      of the lines, the longest first, each drawn with the directions
//      tried both ways round): an open board with few lines, where the
//      searches wander, is filled, or filled two ways, in microseconds;
//      what it found stands when the searches after it find less. If no
//      drawing fills it, one fill solution on a plain
//      board is looked for from four corners in turn (the board as it is,
//      half turned, transposed, both), with growing budgets: an open board
//      whose lines must run beside themselves one corner may settle in a
//      fraction of the positions another caps at.
//   When every turn is capped, the turn that found the most solutions gives
//   the answer (of the four corners, the last). A board past 64x64 has a
//   cap of about 2^33 cell steps in all, so it is said capped in seconds.
//
// Flow's difficulty figure (core/games/flow/flow_generate.cpp) uses the line
// search in the other order, as a player draws: the line with the fewest
// ways on first (LineOrder::kFewestWays), counting its guesses and forced
// moves.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <vector>

#include "core/base/text.h"
#include "core/search/vocabulary.h"

namespace tl {
namespace lines {

// Boards the engine takes: 1x2 to 1024x1024 (the published Numberlink
// files' largest are 1002x1002); on the device, with 16 MB in all, up to
// 64x64.
#if defined(TILELAB_DEVICE)
constexpr int kMaxSide = 64;
#else
constexpr int kMaxSide = 1024;
#endif
constexpr int kMinSide = 1;  // a board has two cells or more
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

// A solved board: each node's colour, and each line as its nodes from its
// first dot to its second (lines[colour - 1]).
struct Solution {
  std::vector<uint8_t> colour;
  std::vector<std::vector<int32_t>> lines;
};
// Whether a solution is one of the puzzle under these rules (and why not).
bool check_solution(const Puzzle& puzzle, const Solution& solution, RuleSet rules, Error* err);

// ---------------------------------------------------------------------------
// Solving and counting.
// ---------------------------------------------------------------------------
struct SolveFigures {
  bool solvable = false;
  bool capped = false;     // the node cap stopped the search before an answer
  uint64_t count = 0;      // solutions found, up to the count asked for
  uint64_t nodes = 0;      // positions searched, of every search solve() ran (the line search's
                           // a line drawn a step, the frontier's and diagonal's a cell decided,
                           // the drawing's an order of the lines tried)
  uint64_t branches = 0;   // positions where the search had to guess (more than one way on)
  uint64_t forced = 0;     // moves made because a line had exactly one way on
  uint64_t lookahead = 0;  // the line search in LineOrder::kFewestWays: the most moves a wrong
                           // guess led on before it failed, the guess included
  uint64_t peak_bytes = 0; // the memory the search held at its largest: memo, stack and board arrays
  int threads = 1;         // the threads it ran on (2: a long count shared with a host's second, SearchLimits::team)
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
SolveFigures solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                  Solution* first, Solution* second);

// A line search as a task (core/base/task.h), one of *budget a position
// searched (solve()'s turns count the diagonal search's 1,024 to one). True once the search has its answer, in figures() and
// the solutions. The puzzle and the solutions must stay where they are
// until then. The answer is the one the search gives whole, however it is
// cut (a drawing by detours, a few thousand cell steps at most, does not pause).
class SearchTask : public Task {
 public:
  virtual const SolveFigures& figures() const = 0;
};
// solve() in parts.
std::unique_ptr<SearchTask> begin_solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                        const SearchLimits& limits, Solution* first, Solution* second);

// ---------------------------------------------------------------------------
// Each search alone (solve() chooses among them; tests compare them, and
// Flow's difficulty figure drives the line search as a player draws).
// ---------------------------------------------------------------------------
// Which line the line search draws on next when none has a single way on:
// the one whose end comes first in reading order (a sweep from the top: the
// fastest), or the one with the fewest ways on (as a player would; the
// search then also measures SolveFigures::lookahead).
enum class LineOrder : uint8_t { kSweep, kFewestWays };

// The line search (any board, either rule set).
SolveFigures search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                          Solution* first, Solution* second, LineOrder order = LineOrder::kSweep);
// The frontier search (either rule set; it hands a board that does not lie
// flat to the line search).
SolveFigures search_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                             Solution* first, Solution* second);
// The line search and the frontier search in parts (see SearchTask).
std::unique_ptr<SearchTask> begin_search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                               const SearchLimits& limits, Solution* first, Solution* second,
                                               LineOrder order = LineOrder::kSweep);
std::unique_ptr<SearchTask> begin_search_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                                  const SearchLimits& limits, Solution* first, Solution* second);
// Fill solutions drawn, not searched for (detours.cpp), on a flat board of
// squares: each line routed by a shortest path, then lengthened by detours
// until the board is full, up to 24 drawings (12 orders of the lines, each
// with the directions tried both ways round); up to max_count (at most 2)
// distinct solutions. Not capped when it drew as many as asked (two: the
// board is not unique); else "capped" with what it drew (drawing proves no
// count). Its positions are the drawings it tried; it stops past 2^28 cell
// steps in all, whatever the budget.
SolveFigures draw_fill_by_detours(const Puzzle& puzzle, uint64_t max_count, Solution* first, Solution* second);
// One fill solution on a plain board, searched for from four corners in
// turn (steps 3-4 on the board as it is, half turned, transposed and both;
// any other board as it is).
SolveFigures search_fill_from_four_corners(const Puzzle& puzzle, const SearchLimits& limits, Solution* first);
// The diagonal search: no-touch on a plain board only (Puzzle::plain()).
SolveFigures search_diagonal(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                             Solution* second);
// The diagonal search as a task, a position a node (run to its end: up to
// the limits' max_positions nodes in all; solve()'s turns give it theirs):
// figures() so far, capped while it has not finished.
class DiagonalSearch;
class DiagonalRun : public SearchTask {
 public:
  DiagonalRun(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first, Solution* second);
  ~DiagonalRun() override;
  DiagonalRun(const DiagonalRun&) = delete;
  DiagonalRun& operator=(const DiagonalRun&) = delete;
  bool run(uint64_t* nodes) override;
  const SolveFigures& figures() const override { return figures_; }

 private:
  DiagonalSearch* search_;
  uint64_t max_nodes_;
  SolveFigures figures_;
};

}  // namespace lines
}  // namespace tl
