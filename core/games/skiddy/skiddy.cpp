// skiddy.cpp — Skiddy's row of the game table: its parameters, its bench
// data and the functions every host calls (parse, generate).
#include "skiddy.h"

namespace tl {
namespace skiddy {
namespace {

const ParamSpec kParams[kParamCount] = {
    {"size", "Size", "width x height with the border: 5x4 to 8x7", ParamKind::kSize, 5, 8, 7, 6, nullptr, 0, 4, 7},
    {"reds", "Red skiddies", "red skiddies", ParamKind::kInt, 0, 4, 2, 0, nullptr, 0},
    {"yellows", "Yellow skiddies", "yellow skiddies", ParamKind::kInt, 0, 4, 2, 0, nullptr, 0},
    {"crates", "Crates", "crates, pushed one cell by a skiddy", ParamKind::kInt, 0, 4, 1, 0, nullptr, 0},
    {"ice", "Ice cubes", "ice cubes, sliding like skiddies but never leaving", ParamKind::kInt, 0, 4, 1, 0, nullptr,
     0},
    {"pits", "Pits", "pits, which trap a moving piece until the next input", ParamKind::kInt, 0, 6, 1, 0, nullptr, 0},
    {"blocks", "Inner blocks", "blocks inside the border", ParamKind::kInt, 0, 8, 2, 0, nullptr, 0},
    {"min_difficulty", "Difficulty from", "lowest difficulty accepted (see skiddy.h)", ParamKind::kInt, 0, 1000, 0,
     0, nullptr, 0},
    {"max_difficulty", "Difficulty to", "highest difficulty accepted", ParamKind::kInt, 0, 1000, 1000, 0, nullptr, 0},
};

// The size the article reports for a real level (1,267,486 states): this one,
// found by random search, has 1,280,052.
const char kBenchLevel[] =
    "#####Y##\n"
    "#r..c.rR\n"
    "#.y....#\n"
    "#y..r..#\n"
    "#ry.i.c#\n"
    "##.....#\n"
    "########\n";

}  // namespace
}  // namespace skiddy

// The editor's brushes (core/midend/editor.h).
static const Brush kSkiddyPalette[] = {
    {".", "floor", 0},        {"#", "block", 0},         {"o", "pit", 0},
    {"r", "red skiddy", 0},   {"y", "yellow skiddy", 0}, {"c", "crate", 0},
    {"i", "ice cube", 0},     {"R", "red goal (on the border)", 0}, {"Y", "yellow goal (on the border)", 0},
};

namespace skiddy {
bool brush_view(int brush, CellView* out) {
  // The ground and the piece of each brush above, in its order.
  static const Cell kCellOf[] = {kFloor, kBlock, kPit, kFloor, kFloor, kFloor, kFloor, kGoalRed, kGoalYellow};
  static const Piece kPieceOf[] = {kEmpty, kEmpty, kEmpty, kRed, kYellow, kCrate, kIce, kEmpty, kEmpty};
  constexpr int kBrushes = (int)(sizeof kCellOf / sizeof kCellOf[0]);
  static_assert(kBrushes == (int)(sizeof kSkiddyPalette / sizeof kSkiddyPalette[0]), "a view a brush");
  static_assert(kBrushes == (int)(sizeof kPieceOf / sizeof kPieceOf[0]), "a piece a brush");
  if (brush < 0 || brush >= kBrushes) return false;
  cell_view(kCellOf[brush], kPieceOf[brush], out);
  return true;
}
}  // namespace skiddy

const GameInfo kSkiddy = {
    /* id */ "skiddy",
    /* name */ "Skiddy",
    /* summary */ "Tilt the board: every piece slides at once; lead each skiddy out through a goal of its colour.",
    /* moves_help */ "U D L R",
    /* controls */ "Arrows/WASD, a swipe, or a tap toward a side of the board tilt it.",
    /* touch_controls */ "A swipe, or a tap toward a side of the board, tilts it.",
    /* generator_version */ 4,  // a seed gives the same level only within a version (gen= in its link); the versions and why each came: README.md
    /* params */ skiddy::kParams,
    /* param_count */ skiddy::kParamCount,
    /* parse */ skiddy::parse,
    /* bench_variants */ nullptr,
    /* bench_variant_count */ 0,
    /* bench_level */ skiddy::kBenchLevel,
    /* reads_any_grid */ false,
    /* split */ nullptr,
    /* begin_generate */ skiddy::begin_generate,
    /* palette */ kSkiddyPalette,
    /* palette_count */ (int)(sizeof kSkiddyPalette / sizeof kSkiddyPalette[0]),
    /* brush_view */ skiddy::brush_view,
    /* edit_words */ false,
    /* presets */ {"reds=1 yellows=1", "", "size=6x6 reds=3 yellows=2 blocks=5 ice=2"},
    /* check_params */ skiddy::check_params,
};

}  // namespace tl
