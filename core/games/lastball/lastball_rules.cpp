// The Last Ball: rules, text format and view.
#include <string.h>

#include "core/base/grid.h"
#include "core/game/level_of.h"
#include "lastball.h"

namespace tl {
namespace lastball {

int State::count() const {
  return __builtin_popcountll(white[0]) + __builtin_popcountll(white[1]) +
         __builtin_popcountll(white[2]) + __builtin_popcountll(white[3]);
}

uint64_t State::hash() const {
  uint64_t h = black * 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 4; ++i) {
    h ^= white[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 29);
}

Outcome Rules::apply(State& s, int dir) const {
  if (s.black == kOffField) return Outcome::kNoChange;
  const int dx = dir_dx(dir), dy = dir_dy(dir);
  int x = s.black % kStride, y = s.black / kStride;
  // The black ball rolls until the next cell holds a ball, or off the field.
  for (;;) {
    int nx = x + dx, ny = y + dy;
    if (!inside(nx, ny)) {
      s.black = kOffField;
      return Outcome::kLost;
    }
    if (s.has(ny * kStride + nx)) break;
    x = nx;
    y = ny;
  }
  s.black = (uint8_t)(y * kStride + x);
  // It pushes that ball; each pushed ball rolls until it meets the next ball
  // (stopping in front of it and pushing it) or leaves the field.
  int bx = x + dx, by = y + dy;
  for (;;) {
    s.take(by * kStride + bx);
    for (;;) {
      int nx = bx + dx, ny = by + dy;
      if (!inside(nx, ny)) goto rolled_off;
      if (s.has(ny * kStride + nx)) {
        s.put(by * kStride + bx);
        bx = nx;
        by = ny;
        break;
      }
      bx = nx;
      by = ny;
    }
  }
rolled_off:
  return s.empty() ? Outcome::kWon : Outcome::kMoved;
}

// ---------------------------------------------------------------------------
// Level: text format "." empty, "@" black ball, "o" white ball; moves U D L R.
// ---------------------------------------------------------------------------
void ball_view(bool black, CellView* v) {
  v->shape = Shape::kBall;
  v->colour = black ? Colour::kBlack : Colour::kWhite;
}

class LastBallLevel : public DirectionalLevel<Rules> {
 public:
  explicit LastBallLevel(const Rules& r) : DirectionalLevel<Rules>(r) {}
  const GameInfo& game() const override { return kLastBall; }
  const char* lost_reason(const GameState& g) const override {
    return load(g).black == kOffField ? "the black ball rolled off the field" : nullptr;
  }

  // The Last Ball's difficulty (core/search/rating.h): 15 a move of par, 25
  // a doubling of the wrong moves along the solution, 6 a doubling of the
  // positions, 80 for all positions dead ends (a share), 20 for a single
  // shortest solution. One kind of piece, so no rules part.
  Difficulty rate(const Analysis& a) const override {
    LevelFacts facts;
    facts.cells = rules_.width * rules_.height;
    MoveWeights w;
    w.length = 15;
    w.wrong_moves = 25;
    w.states = 6;
    w.dead_ends = 80;
    w.one_way = 20;
    return rate_moves(a, facts, w);
  }

  void format(const GameState& g, Text* out) const override {
    State s = load(g);
    for (int y = 0; y < rules_.height; ++y) {
      for (int x = 0; x < rules_.width; ++x) {
        int c = y * kStride + x;
        out->push(s.black == c ? '@' : s.has(c) ? 'o' : '.');
      }
      out->push('\n');
    }
  }

  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    out->reset(rules_.width, rules_.height);
    for (int y = 0; y < rules_.height; ++y)
      for (int x = 0; x < rules_.width; ++x) {
        int c = y * kStride + x;
        CellView& v = out->at(x, y);
        if (s.black == c) {
          ball_view(true, &v);
          out->actor = y * rules_.width + x;
        } else if (s.has(c)) {
          ball_view(false, &v);
        }
      }
  }

  bool next_params(const GameState& final_state, ParamValues* params) const override {
    State s = load(final_state);
    if (s.black == kOffField) return false;
    params->a[kStartX] = s.black % kStride;
    params->a[kStartY] = s.black / kStride;
    params->a[kSize] = rules_.width;
    params->b[kSize] = rules_.height;
    return true;
  }
};

std::unique_ptr<Level> make_level(const Rules& rules) {
  return std::unique_ptr<Level>(new LastBallLevel(rules));
}

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  Rules r;
  memset(&r.start, 0, sizeof r.start);
  r.start.black = kOffField;
  int width = 0, rows = 0, blacks = 0, whites = 0;
  bool ok = read_char_grid(text, len, kMaxSide, &width, &rows, err, [&](int x, int y, char c) {
    int cell = y * kStride + x;
    switch (c) {
      case '.': return true;
      case 'o': r.start.put(cell); ++whites; return true;
      case '@':
        if (++blacks > 1)
          return fail(err, y + 1, x + 1, "line %d, column %d: a second black ball '@'; a level has one", y + 1, x + 1);
        r.start.black = (uint8_t)cell;
        return true;
      default:
        return fail_not_a_cell(err, x, y, c, "('.' empty, '@' black ball, 'o' white ball)");
    }
  });
  if (!ok) return nullptr;
  if (rows == 0) {
    fail(err, 1, 1, "the level is empty: expected rows of '.', '@' and 'o'");
    return nullptr;
  }
  if (blacks == 0) {
    fail(err, 0, 0, "the level has no black ball '@'");
    return nullptr;
  }
  if (whites == 0) {
    fail(err, 0, 0, "the level has no white ball 'o': there is nothing to push off");
    return nullptr;
  }
  r.width = width;
  r.height = rows;
  return make_level(r);
}

}  // namespace lastball
}  // namespace tl
