// golf.cpp — Golf Peaks's row of the game table: its parameters, its bench
// data and the functions every host calls (parse, generate).
#include "golf.h"

namespace tl {
namespace golf {
namespace {

// The `tiles` choice, in golf_generate.cpp's order: any kind, none, or one kind.
const char* const kTileChoices[kTileChoiceCount] = {"all",   "none",    "slopes", "angles", "sand", "quicksand",
                                                    "water", "springs", "warps",  "belts",  "ice"};

const ParamSpec kParams[kParamCount] = {
    {"size", "Size", "width x height: 4x4 to 12x12", ParamKind::kSize, 4, 12, 7, 7, nullptr, 0},
    {"cards", "Cards", "cards in the hand (1-8); every solution plays them all", ParamKind::kInt, 1, 8, 4, 0, nullptr,
     0},
    {"tiles", "Tiles", "the tile kinds a level may use (all: any, one kind a level at difficulty 1-2)",
     ParamKind::kChoice, 0, kTileChoiceCount - 1, 0, 0, kTileChoices, kTileChoiceCount},
    {"difficulty", "Difficulty", "1-5: more tiles and kinds, stronger and jumping cards, fewer solutions",
     ParamKind::kInt, 1, 5, 2, 0, nullptr, 0},
};

// `tilelab bench golf`: hands of 4, 6 and 8 cards.
const char* const kBenchVariants[] = {"cards=4", "cards=6", "cards=8"};

// The article's largest level (nine cards) and the solution it lists, in its own words.
const char kBenchLevel[] =
    "9x9\n"
    "0,flag  5,left  3       2,*e    0       1,left  2,left  3,warp0 x\n"
    "5,up    4,warp0 3       2,*e    0,ice   1,left  2,left  3,/bl   3,warp1\n"
    "3       3       3,ice   2,*e    0       1,left  1,icetr 2,down  2,down\n"
    "2,*s    2,*s    2,*s    2,ice   2,*e    2,*s    1,down  1,down  1,down\n"
    "0       0,ice   0       2,*s    1,ball  2,*e    0       0,ice   0,ice\n"
    "1,up    1,up    1,up    2,*e    2,*s    2       1,up    1,up    1,up\n"
    "2,up    2,up    1,icebl 1,right 0       1,left  1       2,*w    2,*n\n"
    "2       3,warp2 2,right 1,right 0,ice   1,left  2,*n    3,/tl   3,warp1\n"
    "x       2       2,right 1       0,ice   1       2,*w    3,warp2 x\n"
    "\n"
    "1- 1- 2- 2- 1/ 1/ 1/1- 1/1- 1/2-\n"
    "\n"
    "1/\xe2\x86\x97 2-\xe2\x86\x99 1/1-\xe2\x86\x99 1-\xe2\x86\x96 1/2-\xe2\x86\x96 1/1-\xe2\x86\x97 1-\xe2\x86\x97 "
    "2-\xe2\x86\x96 1/\xe2\x86\x97\n";

}  // namespace
}  // namespace golf

// The editor's brushes (core/midend/editor.h): a number is the ground's height under
// the cell's tile, a ",tile" the tile on the cell's height.
static const Brush kGolfPalette[] = {
    {"0", "ground, height 0", 0}, {"1", "height 1", 0},     {"2", "height 2", 0},
    {"3", "height 3", 0},         {"4", "height 4", 0},     {"5", "height 5", 0},
    {"6", "height 6", 0},         {"7", "height 7", 0},     {"8", "height 8", 0},
    {"9", "height 9", 0},         {"x", "no ground", 0},
    {",", "plain (no tile)", 0},  {",ball", "ball", kBrushUnique}, {",flag", "flag (the hole)", kBrushUnique},
    {",up", "slope up", 0},       {",down", "slope down", 0}, {",left", "slope left", 0},
    {",right", "slope right", 0}, {",/tl", "angled wall, top left", 0}, {",/tr", "angled wall, top right", 0},
    {",/bl", "angled wall, bottom left", 0}, {",/br", "angled wall, bottom right", 0},
    {",sand", "sand", 0},         {",quick", "quicksand", 0}, {",water", "water", 0},
    {",boing", "spring", 0},      {",ice", "ice", 0},       {",*n", "belt up", 0},
    {",*s", "belt down", 0},      {",*e", "belt right", 0}, {",*w", "belt left", 0},
    {",warp0", "warp pair 0", 0}, {",warp1", "warp pair 1", 0},
};

// The cards the editor offers for the hand: rolls, flights, and flights
// that roll on.
static const char* const kGolfHandCards[] = {"1-", "2-", "3-", "4-", "5-", "1/", "2/", "3/", "4/",
                                             "1/1-", "1/2-", "2/1-", "2/2-"};

namespace golf {
bool brush_view(int brush, CellView* out) {
  Tile tile;
  bool ball = false;
  if (brush < 0 || brush >= (int)(sizeof kGolfPalette / sizeof kGolfPalette[0]) ||
      !brush_tile(kGolfPalette[brush].token, &tile, &ball))
    return false;
  tile_view(tile, out);
  if (ball) ball_view(out);
  return true;
}
}  // namespace golf

const GameInfo kGolf = {
    /* id */ "golf",
    /* name */ "Golf Peaks",
    /* summary */ "Play each card once to roll or loft the ball across heights and tiles onto the flag.",
    /* moves_help */ "a card then the direction pressed, as the board shows it: 1/1-\xe2\x86\x91 (or 1/1-u); "
    "\xe2\x86\x91 up \xe2\x86\x92 right \xe2\x86\x93 down \xe2\x86\x90 left (the article's turned board's "
    "\xe2\x86\x97 \xe2\x86\x98 \xe2\x86\x99 \xe2\x86\x96 read too)",
    /* controls */ "1-9 or a click picks a card; arrows/WASD, a swipe or a tap in line with the ball play it.",
    /* touch_controls */ "Tap a card, then swipe, or tap in line with the ball, to play it.",
    /* generator_version */ 4,
    /* params */ golf::kParams,
    /* param_count */ golf::kParamCount,
    /* parse */ golf::parse,
    /* bench_variants */ golf::kBenchVariants,
    /* bench_variant_count */ 3,
    /* bench_level */ golf::kBenchLevel,
    /* reads_any_grid */ false,
    /* split */ nullptr,
    /* begin_generate */ golf::begin_generate,
    /* palette */ kGolfPalette,
    /* palette_count */ (int)(sizeof kGolfPalette / sizeof kGolfPalette[0]),
    /* brush_view */ golf::brush_view,
    /* edit_words */ true,
    /* presets */ {"difficulty=1 cards=3", "", "difficulty=4 cards=6"},
    /* check_params */ nullptr,
    /* infinite_mode */ false,
    /* cursor_play */ false,
    /* max_file_bytes */ (size_t)1 << 20,
    /* hand_cards */ kGolfHandCards,
    /* hand_card_count */ (int)(sizeof kGolfHandCards / sizeof kGolfHandCards[0]),
};

}  // namespace tl
