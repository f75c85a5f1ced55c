// Skiddy: the generator.
//
// Random layouts within the size and piece counts, kept only when the full
// state-graph analysis says they are solvable and fair (no reachable state is
// a dead end) and their difficulty (skiddy::difficulty) lies in the requested
// band. A fair layout outside the band is steered towards it by random
// changes that never take it farther away. Deterministic per seed: every
// choice is drawn from the seed's Rng in order.
#include <string.h>

#include "../../rating.h"
#include "../../rng.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {

SearchLimits generator_limits() {
  SearchLimits limits;
  limits.max_states = 60000;
  limits.max_bytes = (size_t)6 << 20;
  return limits;
}

namespace {

// Every layout tried costs one full analysis; this many at most per level.
constexpr int kAnalyses = 400;
// Mutations of one fair layout while steering it into the band.
constexpr int kSteps = 24;
// The layout as level text, one row a line: (width + 1) * height characters.
struct Layout {
  char text[(kMaxWidth + 1) * kMaxHeight + 1];
  int width, height;
  char& at(int x, int y) { return text[y * (width + 1) + x]; }
  bool inner(int x, int y) const { return x > 0 && y > 0 && x < width - 1 && y < height - 1; }
  bool corner(int x, int y) const { return (x == 0 || x == width - 1) && (y == 0 || y == height - 1); }
};

// A random cell for which want(x, y, character) holds, or false when none.
template <class Want>
bool random_cell(Rng& rng, Layout& l, Want want, int* cx, int* cy) {
  int cells[(kMaxWidth + 1) * kMaxHeight], n = 0;
  for (int y = 0; y < l.height; ++y)
    for (int x = 0; x < l.width; ++x)
      if (want(x, y, l.at(x, y))) cells[n++] = y * l.width + x;
  if (n == 0) return false;
  int c = cells[rng.below((uint32_t)n)];
  *cx = c % l.width;
  *cy = c / l.width;
  return true;
}

bool free_inner(Rng& rng, Layout& l, int* x, int* y) {
  return random_cell(rng, l, [&](int cx, int cy, char ch) { return l.inner(cx, cy) && ch == '.'; }, x, y);
}
bool free_border(Rng& rng, Layout& l, int* x, int* y) {
  return random_cell(rng, l, [&](int cx, int cy, char ch) { return !l.inner(cx, cy) && !l.corner(cx, cy) && ch == '#'; },
                     x, y);
}

bool place(Rng& rng, Layout& l, int count, char what) {
  int x, y;
  for (int i = 0; i < count; ++i) {
    if (!free_inner(rng, l, &x, &y)) return false;
    l.at(x, y) = what;
  }
  return true;
}

bool place_goal(Rng& rng, Layout& l, char goal) {
  int x, y;
  if (!free_border(rng, l, &x, &y)) return false;
  l.at(x, y) = goal;
  return true;
}

// One random change that keeps every count: an inner block, pit or piece
// moves to a free floor cell, or a goal to another border cell.
void mutate(Rng& rng, Layout& l) {
  int x, y, to_x, to_y;
  bool found = random_cell(rng, l, [&](int cx, int cy, char ch) {
    return l.inner(cx, cy) ? ch != '.' : (ch == 'R' || ch == 'Y');
  }, &x, &y);
  if (!found) return;
  bool moved = l.inner(x, y) ? free_inner(rng, l, &to_x, &to_y) : free_border(rng, l, &to_x, &to_y);
  if (!moved) return;
  l.at(to_x, to_y) = l.at(x, y);
  l.at(x, y) = l.inner(x, y) ? '.' : '#';
}

// A layout's distance from the band: 0 inside it, kUnfit when it is not a
// fair, solvable level within the generator's limits.
constexpr int kUnfit = 1 << 30;
struct Rated {
  std::unique_ptr<Level> level;
  int difficulty = -1, distance = kUnfit;
};

Rated rate(const Layout& l, int lo, int hi) {
  Rated r;
  Error parse_error;  // a layout the parser refuses is only unfit
  r.level = parse(l.text, strlen(l.text), &parse_error);
  if (!r.level) return r;
  GameState s;
  r.level->initial_state(&s);
  Analysis a = r.level->analyze(s, generator_limits());
  if (a.capped || !a.solvable || a.dead_ends > 0) return r;
  r.difficulty = r.level->difficulty(a);
  r.distance = r.difficulty < lo ? lo - r.difficulty : r.difficulty > hi ? r.difficulty - hi : 0;
  return r;
}

}  // namespace

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
  const int lo = p.a[kMinDifficulty], hi = p.a[kMaxDifficulty];
  if (lo > hi) {
    fail(err, 0, 0, "parameters min_difficulty and max_difficulty: %d is above %d", lo, hi);
    return nullptr;
  }
  Rng rng(seed);
  int analyses = 0;
  while (analyses < kAnalyses) {
    // A random layout: inner blocks, pits, then the pieces on free floor, and
    // one goal of each colour in play on the border (never a corner).
    Layout l;
    l.width = width;
    l.height = height;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) l.at(x, y) = l.inner(x, y) ? '.' : '#';
      l.at(width, y) = '\n';
    }
    l.text[height * (width + 1)] = '\0';
    bool ok = place(rng, l, p.a[kBlocks], '#') && place(rng, l, p.a[kPits], 'o') && place(rng, l, reds, 'r') &&
              place(rng, l, yellows, 'y') && place(rng, l, p.a[kCrates], 'c') && place(rng, l, p.a[kIce_], 'i') &&
              (reds == 0 || place_goal(rng, l, 'R')) && (yellows == 0 || place_goal(rng, l, 'Y'));
    if (!ok) {
      fail(err, 0, 0, "the pieces do not fit in a %dx%d level; use fewer pieces or a larger size", width, height);
      return nullptr;
    }
    Rated best = rate(l, lo, hi);
    ++analyses;
    // Steering: a fair layout outside the band takes random changes that
    // bring its difficulty no farther from the band, until it lies inside.
    for (int step = 0; step < kSteps && best.distance != 0 && best.distance != kUnfit && analyses < kAnalyses;
         ++step) {
      Layout changed = l;
      mutate(rng, changed);
      Rated r = rate(changed, lo, hi);
      ++analyses;
      if (r.distance <= best.distance) {
        best = std::move(r);
        l = changed;
      }
    }
    if (best.distance != 0) continue;
    if (info) {
      GameState s;
      best.level->initial_state(&s);
      info->par = best.level->solve(s, generator_limits(), &info->solution).length;
      info->attempts = analyses;
    }
    return std::move(best.level);
  }
  fail(err, 0, 0,
       "no fair level with difficulty %d to %d found in %d layouts tried; widen the band or change the pieces", lo,
       hi, kAnalyses);
  return nullptr;
}

}  // namespace skiddy

}  // namespace tl
