// flow.h — Flow, or Numberlink (article: flow-numberlink).
//
// A line puzzle, not a move puzzle: connect each pair of same-colour dots with
// a line through orthogonally adjacent cells; lines never cross or share a
// cell, and every cell is filled (the fill rule set; no-touch also keeps the
// article's no-zig-zag rule: see core/lines/lines.h). A position is a whole
// board of line pieces, so Flow does not use the move games' state graph: a
// level is judged by whether its solution is unique, and by how much guessing
// finding it takes. The board model, the rule sets and the solver are the
// line-puzzle engine's (core/lines/); Flow adds its text, its play, its
// generator and its row of the game table.
//
// The folder: flow.h (this file: what the folder shares), flow.cpp (its row of
// the game table), flow_rules.cpp (the level as hosts play it: strokes and the
// view), flow_format.cpp (the Numberlink text), flow_generate.cpp (the
// difficulty figure and the article's line-drawing generator),
// flow_design.cpp (board shapes, wall patterns, the fewest lines that fill a
// design), and README.md (the manual: format, rule sets, solver, generator
// and its versions, figures).
#pragma once
#include <stdint.h>

#include <vector>

#include "core/game/game.h"
#include "core/lines/lines.h"

namespace tl {
namespace flow {

// Flow is a line puzzle: its board model, rule sets, solver and limits are
// the engine's (core/lines/lines.h), and go by their names here.
using namespace lines;

// Boards read, played and solved: 1x2 to 1024x1024 (lines::kMaxSide); the
// device, with 16 MB in all, reads boards up to 64x64 and says so of a
// larger one. The generator makes boards of 2x2 to 64x64 everywhere.
constexpr int kMinMadeSide = 2;
constexpr int kMaxMadeSide = 64;

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

// The grid with every cell given its line's character.
void format_solution(const Puzzle& puzzle, const Solution& solution, Text* out);

// ---------------------------------------------------------------------------
// flow_generate.cpp: the difficulty figure and the article's generator.
// ---------------------------------------------------------------------------
// The caps of the generator's proofs, the difficulty figure and the design
// search: 200,000 positions and the device's 2 MB of memo on every target
// (what a search finds first within its budget depends on both), so a seed
// gives the same level and figures everywhere.
SearchLimits same_limits_everywhere();
// How hard the solution is to find, drawn as a person draws (the line
// search taking the line with the fewest ways on, core/lines' kFewestWays,
// asked for two solutions so every wrong guess is seen to fail), as the
// parts of core/search/rating.h: the deepest lookahead a guess needs (80 a
// doubling of its moves: a guess that fails at once, 1 move, adds none),
// the guesses (40 a doubling of one more than their count) and the board
// (15 a doubling of its cells). Moves forced by what is drawn add nothing:
// a level drawn by forced moves alone is rated by its size. None when
// unsolvable. The search stops at 200,000 positions (figures->capped: the
// figure is then at least what it says).
Difficulty difficulty(const Puzzle& puzzle, RuleSet rules, SolveFigures* figures);

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
  uint64_t nodes = 0;     // positions the uniqueness proofs searched, every attempt's
  bool search_spent = false;  // the proofs used up the positions one generate may search
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
// Its generator, a slice at a time (core/game/generator.h; GameInfo::generate runs it whole).
std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice_positions);

// ---------------------------------------------------------------------------
// flow_rules.cpp: the level as hosts play it.
// ---------------------------------------------------------------------------
std::unique_ptr<Level> make_level(const Puzzle& puzzle);
// Exactly one puzzle; split_puzzles gives the texts of a file of several.
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err);
bool split_puzzles(const char* text, size_t len, std::vector<Text>* levels, Error* err);
// The puzzle of a Flow level.
const Puzzle& puzzle_of(const Level& level);
// A dot of line `line` written `letter`, and the portal of pair `pair` (from
// 0), as hosts draw them (on a cell's view).
void dot_view(int line, char letter, CellView* out);
void portal_view(int pair, CellView* out);
// flow.cpp: what a cell painted with palette brush `brush` shows (GameInfo::brush_view).
bool brush_view(int brush, CellView* out);

}  // namespace flow

// flow.cpp: the row of the game table.
extern const GameInfo kFlow;

}  // namespace tl
