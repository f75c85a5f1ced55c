// game.cpp — what every game shares by default: reading host input.
#include "game.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/base/grid.h"

namespace tl {

void assert_failed(const char* condition, const char* file, int line) {
  fprintf(stderr, "tilelab: internal error: %s failed at %s:%d\n", condition, file, line);
  abort();
}

bool BoardView::side_off_board(int x, int y, int d) const {
  if (!hex) {
    x += dir_dx(d);
    y += dir_dy(d);
  } else {  // the hex directions: 0 east, 1 west, 2 north-east, 3 south-west, 4 north-west, 5 south-east
    const int odd = y & 1;
    x += d == 0 ? 1 : d == 1 ? -1 : (d == 2 || d == 5) ? odd : odd - 1;
    y += d <= 1 ? 0 : (d == 2 || d == 4) ? -1 : 1;
  }
  return x < 0 || y < 0 || x >= width || y >= height;
}

int chosen_card(const HandCard* hand, int count, int wanted) {
  if (wanted >= 0 && wanted < count && hand[wanted].count > 0) return wanted;
  for (int i = 0; i < count; ++i)
    if (hand[i].count > 0) return i;
  return -1;
}

// The main direction of a step (dx, dy); -1 when it has none or lies exactly
// between two directions.
static int main_direction(int dx, int dy) {
  int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
  if (ax == ay) return -1;
  if (ax > ay) return dx > 0 ? kRight : kLeft;
  return dy > 0 ? kDown : kUp;
}

namespace {

// A solve that does not pause: the whole of it in the first part.
class WholeSolve : public SolveTask {
 public:
  WholeSolve(const Level& level, const GameState& from, const SearchLimits& limits, MoveList* path)
      : level_(level), from_(from), limits_(limits), path_(path) {}
  bool run(uint64_t* budget) override {
    if (done_) return true;
    result_ = level_.solve(from_, limits_, path_);
    if (budget) *budget = result_.expanded >= *budget ? 0 : *budget - result_.expanded;
    done_ = true;
    return true;
  }
  const SolveResult& result() const override { return result_; }

 private:
  const Level& level_;
  GameState from_;
  SearchLimits limits_;
  MoveList* path_;
  SolveResult result_;
  bool done_ = false;
};

}  // namespace

std::unique_ptr<SolveTask> Level::begin_solve(const GameState& from, const SearchLimits& limits,
                                              MoveList* path) const {
  return std::unique_ptr<SolveTask>(new WholeSolve(*this, from, limits, path));
}

int Level::interpret(const GameState& state, PlayUi* ui, const Input& input) const {
  switch (input.kind) {
    case InputKind::kDirection:
      return input.value >= 0 && input.value < kDirCount ? move_for_direction(state, input.value) : kNoMove;
    case InputKind::kChooseCard:
      return kNoMove;
    case InputKind::kPointerPress:
      ui->pressed = true;
      ui->press_x = input.x;
      ui->press_y = input.y;
      return kNoMove;
    case InputKind::kPointerDrag:
      return kNoMove;
    case InputKind::kPointerRelease:
      break;
  }
  if (!ui->pressed) return kNoMove;
  ui->pressed = false;
  int dx = input.x - ui->press_x, dy = input.y - ui->press_y;
  int dir = -1;
  if ((dx < 0 ? -dx : dx) >= kSwipeMin || (dy < 0 ? -dy : dy) >= kSwipeMin) {
    dir = main_direction(dx, dy);
  } else {
    BoardView v;
    view(state, &v);
    // From the actor's cell, or the board's centre, in half cells.
    int from_x = v.actor >= 0 ? 2 * (v.actor % v.width) + 1 : v.width;
    int from_y = v.actor >= 0 ? 2 * (v.actor / v.width) + 1 : v.height;
    dir = main_direction(2 * input.cell_x() + 1 - from_x, 2 * input.cell_y() + 1 - from_y);
  }
  return dir < 0 ? kNoMove : interpret(state, ui, Input::direction(dir));
}

}  // namespace tl

namespace tl {

namespace {

// What a cell looks like for Level::similarity, as one number: two cells look
// alike when theirs are equal. A dot is a dot whatever its line: levels with
// dots in the same places look alike.
uint64_t look(const CellView& c) {
  return (uint64_t)c.floor | (uint64_t)c.shape << 8 | (uint64_t)c.colour << 16 | (uint64_t)(uint8_t)c.arrow << 24 |
         (uint64_t)(uint8_t)c.height << 32 | (uint64_t)(uint8_t)c.corner << 40;
}

}  // namespace

const Level::Looks& Level::start_looks() const {
  if (looks_.width < 0) {
    GameState s;
    initial_state(&s);
    BoardView v;
    view(s, &v);
    const size_t n = v.cells.size();
    looks_.cells.resize(n);
    for (size_t i = 0; i < n; ++i) looks_.cells[i] = look(v.cells[i]);
    // The background: the most common look (empty floor, mostly), the first
    // such in reading order.
    size_t most = 0;
    for (size_t i = 0; i < n && most * 2 <= n; ++i) {
      size_t count = 0;
      for (size_t j = 0; j < n; ++j) count += looks_.cells[j] == looks_.cells[i];
      if (count > most) most = count, looks_.background = looks_.cells[i];
    }
    looks_.width = v.width;
    looks_.height = v.height;
  }
  return looks_;
}

Difficulty Level::rate(const Analysis& a) const {
  GameState start;
  initial_state(&start);
  BoardView view;
  this->view(start, &view);
  LevelFacts facts;
  for (const CellView& c : view.cells) facts.cells += c.floor != Floor::kNone;
  MoveWeights w;
  w.length = 12;
  w.wrong_moves = 20;
  w.states = 6;
  w.dead_ends = 60;
  w.one_way = 20;
  return rate_moves(a, facts, w);
}

int Level::similarity(const Level& other) const {
  const Looks &a = start_looks(), &b = other.start_looks();
  if (a.width != b.width || a.height != b.height || a.cells.empty()) return 0;
  // Only cells where either board has something else than this board's
  // background count, so two boards of a few pieces on much empty floor are
  // not alike for their empty floor.
  const uint64_t bg = a.background;
  size_t counted = 0, same = 0;
  for (size_t i = 0; i < a.cells.size(); ++i) {
    const uint64_t x = a.cells[i], y = b.cells[i];
    if (x == bg && y == bg) continue;
    ++counted;
    same += x == y;
  }
  return counted ? (int)(100 * same / counted) : 100;
}

const char* preset_name(int preset) { return preset == 0 ? "easy" : preset == 1 ? "normal" : "hard"; }

bool params_preset(const GameInfo& game, int preset, ParamValues* out, Error* err) {
  params_default(game, out);
  if (preset < 0 || preset >= kPresetCount) return fail(err, 0, 0, "no preset %d; presets: easy, normal, hard", preset);
  return params_read(game, game.presets[preset], string_length(game.presets[preset]), ' ', out, err);
}

}  // namespace tl
