// penguin.cpp — Tickles Penguin's row of the game table: its parameters, its bench
// data and the functions every host calls (parse, generate).
#include "penguin.h"

namespace tl {
namespace penguin {
namespace {

const char* const kModes[] = {"from-start", "from-end"};

const ParamSpec kParams[kParamCount] = {
    {"size", "Board", "width x height of the board", ParamKind::kSize, 4, 32, 8, 16, nullptr, 0},
    {"min_moves", "Minimum moves", "the shortest solution must have at least this many moves", ParamKind::kInt, 1,
     30, 8, 0, nullptr, 0},
    {"constraint_paths", "Lure paths", "extra routes the penguin must be able to follow, to lure the player",
     ParamKind::kInt, 0, 6, 2, 0, nullptr, 0},
    {"rounds", "Blocking rounds", "times the solver looks for a shortcut and a block is added to kill it",
     ParamKind::kInt, 0, 40, 10, 0, nullptr, 0},
    {"walls", "Walls", "at most this many walls '#' (0: none)", ParamKind::kInt, 0, 200, 30, 0, nullptr, 0},
    {"trees", "Trees", "at most this many trees 'T'", ParamKind::kInt, 0, 200, 10, 0, nullptr, 0},
    {"snow", "Snow", "at most this many snow cells '*'", ParamKind::kInt, 0, 200, 8, 0, nullptr, 0},
    {"picks", "Picks", "at most this many picks 'x'", ParamKind::kInt, 0, 200, 6, 0, nullptr, 0},
    {"bridges", "Bridges", "at most this many bridges '-' '|'", ParamKind::kInt, 0, 100, 4, 0, nullptr, 0},
    {"treadmills", "Treadmills", "at most this many treadmills '<' '>' '^' 'v'", ParamKind::kInt, 0, 100, 2, 0,
     nullptr, 0},
    {"doors", "Door pairs", "at most this many pairs of doors '0'-'9'", ParamKind::kInt, 0, 10, 1, 0, nullptr, 0},
    {"mode", "Mode", "from-start: path from a start to the edge; from-end: built backwards from the finish",
     ParamKind::kChoice, 0, 1, kFromStart, 0, kModes, 2},
};

const char* const kBenchVariants[] = {"mode=from-start", "mode=from-end"};

}  // namespace
}  // namespace penguin

// The editor's brushes (core/midend/editor.h).
static const Brush kPenguinPalette[] = {
    {".", "ice", 0},          {"P", "penguin", kBrushUnique},  {"F", "finish (on the edge)", 0},
    {"#", "wall", 0},         {"T", "tree", 0},                {"*", "snow (stops the penguin on it)", 0},
    {"x", "picks (fatal)", 0}, {"^", "treadmill up", 0},       {"v", "treadmill down", 0},
    {"<", "treadmill left", 0}, {">", "treadmill right", 0},   {"-", "bridge (left-right)", 0},
    {"|", "bridge (up-down)", 0}, {"1", "door pair 1", 0},          {"2", "door pair 2", 0},
    {"3", "door pair 3", 0},
};

namespace penguin {
bool brush_view(int brush, CellView* out) {
  // The tile of each brush above, in its order (the penguin's: ice).
  static const Tile kTileOf[] = {kIce,       kIce,        kFinish,    kWall,        kTree,    kSnow,
                                 kPicks,     kTreadUp,    kTreadDown, kTreadLeft,   kTreadRight,
                                 kBridgeH,   kBridgeV,    kDoor,      kDoor,        kDoor};
  constexpr int kBrushes = (int)(sizeof kTileOf / sizeof kTileOf[0]);
  static_assert(kBrushes == (int)(sizeof kPenguinPalette / sizeof kPenguinPalette[0]), "a view a brush");
  if (brush < 0 || brush >= kBrushes) return false;
  tile_view(kTileOf[brush], kTileOf[brush] == kDoor ? kPenguinPalette[brush].token[0] : '\0', out);
  if (brush == 1) penguin_view(false, out);
  return true;
}
}  // namespace penguin

const GameInfo kPenguin = {
    /* id */ "penguin",
    /* name */ "Tickles Penguin",
    /* summary */ "Slide the penguin until something stops it and reach the finish on the edge; picks and the open edge are fatal.",
    /* moves_help */ "U D L R",
    /* controls */ "Arrows/WASD, a swipe, or a tap in line with the penguin slide it.",
    /* touch_controls */ "A swipe, or a tap in line with the penguin, slides it.",
    /* generator_version */ 2,  // a seed gives the same level only within a version (gen= in its link); the versions and why each came: README.md
    /* params */ penguin::kParams,
    /* param_count */ penguin::kParamCount,
    /* parse */ penguin::parse,
    /* bench_variants */ penguin::kBenchVariants,
    /* bench_variant_count */ 2,
    /* bench_level */ nullptr,
    /* reads_any_grid */ false,
    /* split */ nullptr,
    /* begin_generate */ penguin::begin_generate,
    /* palette */ kPenguinPalette,
    /* palette_count */ (int)(sizeof kPenguinPalette / sizeof kPenguinPalette[0]),
    /* brush_view */ penguin::brush_view,
    /* edit_words */ false,
    /* presets */ {"min_moves=5", "", "min_moves=12"},
};

}  // namespace tl
