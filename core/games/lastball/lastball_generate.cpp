// The Last Ball: the article's generator (generate) and the check of its
// parameters (check_params); the manual is README.md.
//
// The level is built in the order it will be played. Each move picks a random
// direction and a weighted offset (longer moves preferred) for the black ball,
// and a white ball is placed just past where it stops: the ball it will push.
// That ball's position is known at the time of that move; to find where it
// stands in the *initial* level we walk the history backwards. Whenever the
// position lies on the path a white ball rolled along in an earlier move, the
// new ball must have stood one cell further along that arrow: the earlier ball
// stops in front of it and the new one rolls on in its place (balls are
// interchangeable, so the earlier move still plays out the same). A position
// that lands on a cell the black ball passed while the new ball stood there,
// that would start outside the field, or that already holds a ball, is
// rejected and another move is drawn (48 tries a move; a whole level is drawn
// again up to 400 times).
//
// Invariant: replaying the planned moves on the finished level pushes one
// white ball off per move and wins on the last. The generator replays them to
// prove it, then asks the solver for par, so every level it returns is
// solvable and its par is exact.
#include <string.h>

#include "core/base/grid.h"
#include "core/base/rng.h"
#include "core/game/generator.h"
#include "lastball.h"

namespace tl {
namespace lastball {

namespace {

constexpr int kMaxBalls = 20;
constexpr int kTriesPerMove = 48;
constexpr int kRestarts = 400;

struct History {
  int moves = 0;
  uint64_t hero[kMaxBalls][4];               // cells the black ball passed in each move
  int8_t arrow[kMaxBalls][kStride * kMaxSide];  // direction white balls rolled through a cell, or -1
};

bool bit(const uint64_t* set, int cell) { return (set[cell >> 6] >> (cell & 63)) & 1; }
void set_bit(uint64_t* set, int cell) { set[cell >> 6] |= 1ull << (cell & 63); }

// Where a ball that must stand on `cell` before move `h.moves` stands in the
// initial level; false when no such position exists.
bool trace_back(const History& h, const Rules& field, int cell, int* initial_cell) {
  int last = h.moves - 1;  // the ball stands on `cell` during moves (i, last]
  for (int i = h.moves - 1; i >= 0; --i) {
    int d = h.arrow[i][cell];
    if (d < 0) continue;
    for (int j = i + 1; j <= last; ++j)
      if (bit(h.hero[j], cell)) return false;
    int x = cell % kStride + dir_dx(d), y = cell / kStride + dir_dy(d);
    if (!field.inside(x, y)) return false;
    cell = y * kStride + x;
    last = i;
  }
  for (int j = 0; j <= last; ++j)
    if (bit(h.hero[j], cell)) return false;
  *initial_cell = cell;
  return true;
}

struct Plan {
  Rules rules;
  uint8_t moves[kMaxBalls];
  int black_end;
};

// One attempt at a whole level; false when a move found no valid placement.
bool plan_level(Rng& rng, int width, int height, int balls, int weight, int start_x, int start_y,
                History& h, Plan* plan) {
  Rules& r = plan->rules;
  r.width = width;
  r.height = height;
  memset(&r.start, 0, sizeof r.start);
  int x = start_x >= 0 ? start_x : (int)rng.below((uint32_t)width);
  int y = start_y >= 0 ? start_y : (int)rng.below((uint32_t)height);
  r.start.black = (uint8_t)(y * kStride + x);
  h.moves = 0;
  for (int k = 0; k < balls; ++k) {
    bool placed = false;
    for (int attempt = 0; attempt < kTriesPerMove && !placed; ++attempt) {
      int d = (int)rng.below(4);
      int dx = dir_dx(d), dy = dir_dy(d);
      int room = 0;  // cells between the black ball and the edge
      while (r.inside(x + (room + 1) * dx, y + (room + 1) * dy)) ++room;
      if (room == 0) continue;
      uint32_t weights[kMaxSide];
      for (int t = 0; t < room; ++t) weights[t] = 1 + (uint32_t)(weight * t);
      int offset = rng.weighted(weights, room);  // zero allowed: push an adjacent ball
      int hx = x + offset * dx, hy = y + offset * dy;
      int ball = (hy + dy) * kStride + (hx + dx);
      int initial;
      if (!trace_back(h, r, ball, &initial)) continue;
      if (r.start.has(initial)) continue;
      // Record the move: the black ball's cells and the white ball's arrows.
      memset(h.hero[k], 0, sizeof h.hero[k]);
      for (int t = 0; t <= offset; ++t) set_bit(h.hero[k], (y + t * dy) * kStride + (x + t * dx));
      memset(h.arrow[k], -1, sizeof h.arrow[k]);
      for (int bx = hx + dx, by = hy + dy; r.inside(bx, by); bx += dx, by += dy)
        h.arrow[k][by * kStride + bx] = (int8_t)d;
      h.moves = k + 1;
      r.start.put(initial);
      plan->moves[k] = (uint8_t)d;
      x = hx;
      y = hy;
      placed = true;
    }
    if (!placed) return false;
  }
  plan->black_end = y * kStride + x;
  return true;
}

// Replays the plan: every move but the last must push without winning or
// losing, and the last must win.
bool replay_wins(const Plan& plan, int balls) {
  State s = plan.rules.initial();
  for (int k = 0; k < balls; ++k) {
    Outcome o = plan.rules.apply(s, plan.moves[k]);
    if (o != (k + 1 == balls ? Outcome::kWon : Outcome::kMoved)) return false;
  }
  return true;
}

}  // namespace

bool check_params(const ParamValues& p, Error* err) {
  const int width = p.a[kSize], height = p.b[kSize], balls = p.a[kBalls];
  if (p.a[kStartX] >= width)
    return fail(err, 0, 0, "parameter start_x: %d is outside a field %d wide (use -1 for random)", (int)p.a[kStartX], width);
  if (p.a[kStartY] >= height)
    return fail(err, 0, 0, "parameter start_y: %d is outside a field %d tall (use -1 for random)", (int)p.a[kStartY], height);
  if (balls >= width * height)
    return fail(err, 0, 0, "parameter balls: %d white balls and the black one do not fit in a %dx%d field", balls, width,
                height);
  return true;
}

namespace {

// What a slice may spend: a position is a move planned (an attempt spends
// one a ball, and does not pause) or a state the par solve expands (it
// pauses where the slice runs out).
constexpr uint64_t kSlicePositions = 400;
constexpr uint64_t kLargestPiece = kMaxSide * kMaxSide;  // the most balls a field holds

// The generator as a resumable loop: a piece is one attempt at a whole
// level, or part of the par solve of the one kept.
class Generation : public SlicedGeneration {
 public:
  Generation(const ParamValues& p, const char* seed, uint64_t slice)
      : SlicedGeneration(slice, kLargestPiece, kRestarts), p_(p), rng_(seed), h_(new History) {
    if (!check_params(p, &err_)) failed(true);
  }

 private:
  void advance(SliceBudget* budget) override {
    const int width = p_.a[kSize], height = p_.b[kSize], balls = p_.a[kBalls];
    if (attempts() == kRestarts) {
      // A larger field only where the field can still grow.
      const ParamSpec& size = kLastBall.params[kSize];
      const bool grows = width < param_max(size, 0) || height < param_max(size, 1);
      fail(&err_, 0, 0, "no %dx%d level with %d balls found in %d attempts; try fewer balls%s", width, height, balls,
           kRestarts, grows ? " or a larger field" : "");
      failed(false);
      return;
    }
    begin_attempt();
    budget->spend((uint64_t)balls);
    // History is ~5 KB: kept off the device's small stack.
    if (!plan_level(rng_, width, height, balls, p_.a[kLongMoveWeight], p_.a[kStartX], p_.a[kStartY], *h_, &plan_))
      return;
    if (!replay_wins(plan_, balls)) return;
    made_solved(make_level(plan_.rules), budget);
  }

  ParamValues p_;
  Rng rng_;
  std::unique_ptr<History> h_;
  Plan plan_;
};

}  // namespace

std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& p, const char* seed, uint64_t slice) {
  return begin_task<Generation>(p, seed, slice, kSlicePositions);
}

}  // namespace lastball

}  // namespace tl
