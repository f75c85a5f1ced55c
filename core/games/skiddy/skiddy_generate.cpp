// Skiddy: the generator and the game table row.
//
// Random layouts within the size and piece counts: inner blocks, pits, then
// skiddies, crates and ice cubes on free floor, and one goal of each colour in
// play on the border (never a corner). A layout is kept only when the full
// state-graph analysis says it is solvable and fair (no reachable state is a
// dead end) and its difficulty (core/rating.h) lies in the requested band.
// Deterministic per seed: the layouts are drawn from the seed's Rng in order.
#include <string.h>

#include "../../rating.h"
#include "../../rng.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {
namespace {

constexpr int kAttempts = 400;

// A random free inner cell of the grid (row-major, stride width), or -1.
int free_inner_cell(Rng& rng, const char* grid, int width, int height) {
  int cells[kMaxSlots], n = 0;
  for (int y = 1; y < height - 1; ++y)
    for (int x = 1; x < width - 1; ++x)
      if (grid[y * (width + 1) + x] == '.') cells[n++] = y * (width + 1) + x;
  return n ? cells[rng.below((uint32_t)n)] : -1;
}

bool place(Rng& rng, char* grid, int width, int height, int count, char what) {
  for (int i = 0; i < count; ++i) {
    int c = free_inner_cell(rng, grid, width, height);
    if (c < 0) return false;
    grid[c] = what;
  }
  return true;
}

bool place_goal(Rng& rng, char* grid, int width, int height, char goal) {
  int cells[2 * (kMaxWidth + kMaxHeight)], n = 0;
  for (int x = 1; x < width - 1; ++x) {
    if (grid[x] == '#') cells[n++] = x;
    if (grid[(height - 1) * (width + 1) + x] == '#') cells[n++] = (height - 1) * (width + 1) + x;
  }
  for (int y = 1; y < height - 1; ++y) {
    if (grid[y * (width + 1)] == '#') cells[n++] = y * (width + 1);
    if (grid[y * (width + 1) + width - 1] == '#') cells[n++] = y * (width + 1) + width - 1;
  }
  if (n == 0) return false;
  grid[cells[rng.below((uint32_t)n)]] = goal;
  return true;
}

std::unique_ptr<Level> generate(const ParamValues& p, const char* seed, GeneratedInfo* info, Error* err) {
  const int width = p.a[kSize], height = p.b[kSize];
  if (width < kMinWidth || width > kMaxWidth || height < kMinHeight || height > kMaxHeight) {
    fail(err, 0, 0, "parameter size: %dx%d is not from %dx%d to %dx%d (the border included)", width, height,
         kMinWidth, kMinHeight, kMaxWidth, kMaxHeight);
    return nullptr;
  }
  const int reds = p.a[kReds], yellows = p.a[kYellows];
  if (reds + yellows == 0) {
    fail(err, 0, 0, "parameters reds and yellows: a level needs at least one skiddy");
    return nullptr;
  }
  if (p.a[kMinDifficulty] > p.a[kMaxDifficulty]) {
    fail(err, 0, 0, "parameters min_difficulty and max_difficulty: %d is above %d", (int)p.a[kMinDifficulty],
         (int)p.a[kMaxDifficulty]);
    return nullptr;
  }
  Rng rng(seed);
  SearchLimits limits;
  if (limits.max_states > 400000) limits.max_states = 400000;
  char grid[(kMaxWidth + 1) * kMaxHeight + 1];
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x)
        grid[y * (width + 1) + x] = (x == 0 || y == 0 || x == width - 1 || y == height - 1) ? '#' : '.';
      grid[y * (width + 1) + width] = '\n';
    }
    grid[height * (width + 1)] = '\0';
    bool ok = place(rng, grid, width, height, p.a[kBlocks], '#') && place(rng, grid, width, height, p.a[kPits], 'o') &&
              place(rng, grid, width, height, reds, 'r') && place(rng, grid, width, height, yellows, 'y') &&
              place(rng, grid, width, height, p.a[kCrates], 'c') && place(rng, grid, width, height, p.a[kIce_], 'i') &&
              (reds == 0 || place_goal(rng, grid, width, height, 'R')) &&
              (yellows == 0 || place_goal(rng, grid, width, height, 'Y'));
    if (!ok) {
      fail(err, 0, 0, "the pieces do not fit in a %dx%d level; use fewer pieces or a larger size", width, height);
      return nullptr;
    }
    Error parse_error;
    std::unique_ptr<Level> level = parse(grid, strlen(grid), &parse_error);
    if (!level) continue;
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, limits);
    if (a.capped || !a.solvable || a.dead_ends > 0) continue;
    int d = difficulty(a);
    if (d < p.a[kMinDifficulty] || d > p.a[kMaxDifficulty]) continue;
    if (info) {
      info->par = level->solve(s, limits, &info->solution).length;
      info->attempts = attempt;
    }
    return level;
  }
  fail(err, 0, 0, "no fair level with difficulty %d to %d found in %d attempts; widen the band or change the pieces",
       (int)p.a[kMinDifficulty], (int)p.a[kMaxDifficulty], kAttempts);
  return nullptr;
}

const ParamSpec kParams[kParamCount] = {
    {"size", "Size", "width x height with the border: 5x4 to 8x7", ParamKind::kSize, 4, 8, 7, 6, nullptr, 0},
    {"reds", "Red skiddies", "red skiddies", ParamKind::kInt, 0, 4, 2, 0, nullptr, 0},
    {"yellows", "Yellow skiddies", "yellow skiddies", ParamKind::kInt, 0, 4, 2, 0, nullptr, 0},
    {"crates", "Crates", "crates, pushed one cell by a skiddy", ParamKind::kInt, 0, 4, 1, 0, nullptr, 0},
    {"ice", "Ice cubes", "ice cubes, sliding like skiddies but never leaving", ParamKind::kInt, 0, 4, 1, 0, nullptr,
     0},
    {"pits", "Pits", "pits, which trap a moving piece until the next input", ParamKind::kInt, 0, 6, 1, 0, nullptr, 0},
    {"blocks", "Inner blocks", "blocks inside the border", ParamKind::kInt, 0, 8, 2, 0, nullptr, 0},
    {"min_difficulty", "Difficulty from", "lowest difficulty accepted (core/rating.h)", ParamKind::kInt, 0, 1000, 0,
     0, nullptr, 0},
    {"max_difficulty", "Difficulty to", "highest difficulty accepted", ParamKind::kInt, 0, 1000, 1000, 0, nullptr, 0},
};

}  // namespace
}  // namespace skiddy

const GameInfo kSkiddy = {
    "skiddy",
    "Skiddy",
    "Tilt the board: every piece slides at once; lead each skiddy out through a goal of its colour.",
    "U D L R",
    1,
    skiddy::kParams,
    skiddy::kParamCount,
    skiddy::parse,
    skiddy::generate,
    nullptr,
    0,
};

}  // namespace tl
