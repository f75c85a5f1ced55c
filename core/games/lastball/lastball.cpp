// lastball.cpp — The Last Ball's row of the game table: its parameters, its bench
// data and the functions every host calls (parse, generate).
#include "lastball.h"

namespace tl {
namespace lastball {
namespace {

const ParamSpec kParams[kParamCount] = {
    {"size", "Field", "width x height of the field", ParamKind::kSize, 4, 16, 10, 6, nullptr, 0},
    {"balls", "Balls", "white balls to push off", ParamKind::kInt, 1, 20, 6, 0, nullptr, 0},
    {"weight", "Long-move weight", "how strongly long rolls of the black ball are preferred (0: all lengths alike)",
     ParamKind::kInt, 0, 10, 3, 0, nullptr, 0},
    {"start_x", "Start column", "column the black ball starts in, -1 for random", ParamKind::kInt, -1, 15, -1, 0,
     nullptr, 0, 0, 0, "random"},
    {"start_y", "Start row", "row the black ball starts in, -1 for random", ParamKind::kInt, -1, 15, -1, 0,
     nullptr, 0, 0, 0, "random"},
};

}  // namespace
}  // namespace lastball

// The editor's brushes (core/midend/editor.h).
static const Brush kLastBallPalette[] = {
    {".", "empty", 0},
    {"o", "white ball", 0},
    {"@", "black ball", kBrushUnique},
};

namespace lastball {
bool brush_view(int brush, CellView* out) {
  if (brush < 0 || brush > 2) return false;
  *out = CellView();
  if (brush > 0) ball_view(brush == 2, out);
  return true;
}
}  // namespace lastball

const GameInfo kLastBall = {
    /* id */ "lastball",
    /* name */ "The Last Ball",
    /* summary */ "Roll the black ball into the white ones and push every white ball off the field without losing the black one.",
    /* moves_help */ "U D L R",
    /* controls */ "Arrows/WASD, a swipe, or a tap in line with the black ball roll it.",
    /* touch_controls */ "A swipe, or a tap in line with the black ball, rolls it.",
    /* generator_version */ 1,
    /* params */ lastball::kParams,
    /* param_count */ lastball::kParamCount,
    /* parse */ lastball::parse,
    /* bench_variants */ nullptr,
    /* bench_variant_count */ 0,
    /* bench_level */ nullptr,
    /* reads_any_grid */ false,
    /* split */ nullptr,
    /* begin_generate */ lastball::begin_generate,
    /* palette */ kLastBallPalette,
    /* palette_count */ (int)(sizeof kLastBallPalette / sizeof kLastBallPalette[0]),
    /* brush_view */ lastball::brush_view,
    /* edit_words */ false,
    /* presets */ {"balls=4 size=8x6", "", "balls=9 size=12x8"},
    /* check_params */ lastball::check_params,
    /* infinite_mode */ true,
};

}  // namespace tl
