// flow.cpp — Flow's row of the game table: its parameters and the functions
// every host calls (parse, generate).
#include <string.h>

#include "flow.h"

namespace tl {
namespace flow {
namespace {

const char* const kAlgorithms[] = {"edges", "random", "backwards", "backwards-random", "walls", "mix"};
const char* const kRuleSets[] = {"no-touch", "fill"};
const char* const kWarpChoices[] = {"none", "columns", "rows", "both"};
const char* const kShapes[] = {"square", "hive", "hexes"};
const char* const kPatterns[] = {"none", "step", "block-step", "river"};

// `tilelab bench flow`: every algorithm at 7x7, 10x10 and 14x14; long lines
// at 20x20 and 40x20; bridges, hexes, a hive and wall patterns.
const char* const kBenchVariants[] = {
    "size=7x7 algorithm=edges",    "size=7x7 algorithm=random",    "size=7x7 algorithm=backwards",
    "size=7x7 algorithm=backwards-random", "size=7x7 algorithm=walls",
    "size=10x10 algorithm=edges",  "size=10x10 algorithm=random",  "size=10x10 algorithm=backwards",
    "size=10x10 algorithm=backwards-random", "size=10x10 algorithm=walls",
    "size=14x14 algorithm=edges",  "size=14x14 algorithm=random",  "size=14x14 algorithm=backwards",
    "size=14x14 algorithm=backwards-random", "size=14x14 algorithm=walls",
    "size=20x20 algorithm=edges max_line=20", "size=40x20 algorithm=edges max_line=30",
    // Flow boards: bridges, hexes, a hive, a wall pattern.
    "size=10x10 bridges=3", "size=10x10 shape=hexes", "size=14x14 shape=hexes bridges=2", "size=11x11 shape=hive",
    "size=10x10 pattern=river algorithm=walls", "size=9x9 pattern=block-step",
};

const ParamSpec kParams[kParamCount] = {
    {"size", "Size", "width x height: 4x4 to 40x40", ParamKind::kSize, 4, 40, 7, 7, nullptr, 0},
    {"algorithm", "Algorithm",
     "how lines are drawn: edges (the article's Default, keeping the distance to the edge), random, backwards, "
     "backwards-random, walls (following walls and lines), or mix (one at random a level)",
     ParamKind::kChoice, 0, 5, 0, 0, kAlgorithms, 6},
    {"lines", "Lines at least", "levels with fewer lines (dot pairs) are dropped; 0: any", ParamKind::kInt, 0, 62, 0,
     0, nullptr, 0},
    {"max_line", "Longest line", "the most cells a line is drawn with; 0: no limit (spirals)", ParamKind::kInt, 0, 400,
     12, 0, nullptr, 0},
    {"unique", "Unique under",
     "the rules the one solution is proven under: no-touch (the article's and Flow Free's) or fill (stronger)",
     ParamKind::kChoice, 0, 1, 0, 0, kRuleSets, 2},
    {"warps", "Warps",
     "edges that lead round to the opposite edge: none, columns (top and bottom), rows (left and right) or both",
     ParamKind::kChoice, 0, 3, 0, 0, kWarpChoices, 4},
    {"portals", "Portal pairs",
     "pairs of portals placed at random: a line entering one leaves the other on the opposite side", ParamKind::kInt,
     0, 8, 0, 0, nullptr, 0},
    {"bridges", "Bridges",
     "bridges placed at random (a hex board's three-way crosses): two lines cross there, one each way", ParamKind::kInt,
     0, 8, 0, 0, nullptr, 0},
    {"shape", "Shape",
     "square; hive (a hexagon of hexagons, size 5x5, 7x7...); or hexes (offset rows of hexagons, as Flow Free: Hexes)",
     ParamKind::kChoice, 0, 2, 0, 0, kShapes, 3},
    {"pattern", "Pattern",
     "walls of a square board: none; step (a staircase of walls, edges warping); block-step (the staircase in "
     "blocks); river (two banks of walls, straight then stepping)",
     ParamKind::kChoice, 0, 3, 0, 0, kPatterns, 4},
};

}  // namespace
}  // namespace flow

// The editor's brushes (core/midend/editor.h): the empty cell and a dot of each of
// the first 26 lines (a line is its two dots of one character).
static const Brush kFlowPalette[] = {
    {".", "empty", 0},  {"a", "dot a", 0}, {"b", "dot b", 0}, {"c", "dot c", 0}, {"d", "dot d", 0},
    {"e", "dot e", 0},  {"f", "dot f", 0}, {"g", "dot g", 0}, {"h", "dot h", 0}, {"i", "dot i", 0},
    {"j", "dot j", 0},  {"k", "dot k", 0}, {"l", "dot l", 0}, {"m", "dot m", 0}, {"n", "dot n", 0},
    {"o", "dot o", 0},  {"p", "dot p", 0}, {"q", "dot q", 0}, {"r", "dot r", 0}, {"s", "dot s", 0},
    {"t", "dot t", 0},  {"u", "dot u", 0}, {"v", "dot v", 0}, {"w", "dot w", 0}, {"x", "dot x", 0},
    {"y", "dot y", 0},  {"z", "dot z", 0},
    {"blocks", "block (not part of the board)", kBrushListed},
    {"bridges", "bridge (on a hex board a three-way cross)", kBrushListed},
    {"walls", "wall (drag from a cell across its side)", kBrushSides},
    {"portals", "portal (click a cell, then its pair's)", kBrushPairs},
};

namespace flow {
bool brush_view(int brush, CellView* out) {
  const int count = (int)(sizeof kFlowPalette / sizeof kFlowPalette[0]);
  if (brush < 0 || brush >= count) return false;
  const char* token = kFlowPalette[brush].token;
  *out = CellView();
  out->floor = Floor::kDark;
  if (token[1] == '\0' && token[0] != '.') dot_view(brush, token[0], out);  // dot a is line 1, the palette's second
  else if (strcmp(token, "blocks") == 0) out->floor = Floor::kNone;
  else if (strcmp(token, "bridges") == 0) out->bridge = kSquareBridge;
  else if (strcmp(token, "portals") == 0) portal_view(0, out);
  else if (strcmp(token, "walls") == 0) return false;  // between cells, not a cell's content
  return true;
}
}  // namespace flow

const GameInfo kFlow = {
    /* id */ "flow",
    /* name */ "Flow",
    /* summary */ "Connect each pair of same-colour dots with a line; lines never cross, and every cell is filled.",
    /* moves_help */ "+x,y grabs the dot or line at column x, row y (from 1); x,y draws the line on to that cell",
    /* controls */ "Press on a dot and drag to draw its line; drag back along it to shorten it, over another to cut it.",
    /* touch_controls */ "Press on a dot and drag to draw its line; drag back along it to shorten it, over another to cut it.",
    /* generator_version */ 4,  // a seed gives the same level only within a version (gen= in its link); the versions and why each came: README.md
    /* params */ flow::kParams,
    /* param_count */ flow::kParamCount,
    /* parse */ flow::parse,
    /* bench_variants */ flow::kBenchVariants,
    /* bench_variant_count */ (int)(sizeof flow::kBenchVariants / sizeof flow::kBenchVariants[0]),
    /* bench_level */ nullptr,
    /* reads_any_grid */ true,
    /* split */ flow::split_puzzles,
    /* begin_generate */ flow::begin_generate,
    /* palette */ kFlowPalette,
    /* palette_count */ (int)(sizeof kFlowPalette / sizeof kFlowPalette[0]),
    /* brush_view */ flow::brush_view,
    /* edit_words */ false,
    /* presets */ {"size=5x5", "", "size=9x9"},
    /* check_params */ flow::check_params,
    /* infinite_mode */ false,
    /* cursor_play */ true,
    /* max_file_bytes */ (size_t)16 << 20,
    /* hand_cards */ nullptr,
    /* hand_card_count */ 0,
    /* state_graph */ false,
};

}  // namespace tl
