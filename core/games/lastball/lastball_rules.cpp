// The Last Ball: rules, text format and view.
#include <string.h>

#include "../../grid.h"
#include "../../level_of.h"
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
class LastBallLevel : public RulesLevel<Rules> {
 public:
  explicit LastBallLevel(const Rules& r) : RulesLevel<Rules>(r) {}
  const GameInfo& game() const override { return kLastBall; }

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

  void format_moves(const uint8_t* moves, size_t count, Text* out) const override {
    for (size_t i = 0; i < count; ++i) {
      if (i) out->push(' ');
      out->push(dir_letter(moves[i]));
    }
  }

  bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const override {
    out->clear();
    for (size_t i = 0; i < len; ++i) {
      char c = text[i];
      if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r') continue;
      int d = dir_from_letter(c);
      if (d < 0) return fail(err, 1, (int)i + 1, "moves: '%c' at column %d is not one of U D L R", c, (int)i + 1);
      out->push_back((uint8_t)d);
    }
    return true;
  }

  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    out->reset(rules_.width, rules_.height);
    for (int y = 0; y < rules_.height; ++y)
      for (int x = 0; x < rules_.width; ++x) {
        int c = y * kStride + x;
        CellView& v = out->at(x, y);
        if (s.black == c) {
          v.shape = Shape::kBall;
          v.colour = Colour::kBlack;
        } else if (s.has(c)) {
          v.shape = Shape::kBall;
          v.colour = Colour::kWhite;
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
  int rows = 0, width = -1, blacks = 0, whites = 0;
  bool ok = true, ended = false;
  for_each_line(text, len, [&](const char* line, size_t n, int number) {
    if (n == 0) {  // blank lines may only end the level
      ended = true;
      return true;
    }
    if (ended) {
      ok = fail(err, number, 1, "line %d: text after the blank line that ended the level", number);
      return false;
    }
    if (width < 0) width = (int)n;
    if ((int)n != width) {
      ok = fail(err, number, (int)(n < (size_t)width ? n + 1 : (size_t)width + 1),
                "line %d: row is %d cells wide but the first row is %d", number, (int)n, width);
      return false;
    }
    if (n > (size_t)kMaxSide) {
      ok = fail(err, number, kMaxSide + 1, "line %d: row is %d cells wide; at most %d", number, (int)n, kMaxSide);
      return false;
    }
    if (rows >= kMaxSide) {
      ok = fail(err, number, 1, "line %d: more than %d rows", number, kMaxSide);
      return false;
    }
    for (size_t x = 0; x < n; ++x) {
      int cell = rows * kStride + (int)x;
      switch (line[x]) {
        case '.': break;
        case 'o': r.start.put(cell); ++whites; break;
        case '@':
          if (++blacks > 1) {
            ok = fail(err, number, (int)x + 1, "line %d, column %d: a second black ball '@'; a level has one",
                      number, (int)x + 1);
            return false;
          }
          r.start.black = (uint8_t)cell;
          break;
        default: {
          unsigned char c = (unsigned char)line[x];
          if (c >= 32 && c < 127)
            ok = fail(err, number, (int)x + 1, "line %d, column %d: '%c' is not a cell ('.' empty, '@' black ball, 'o' white ball)",
                      number, (int)x + 1, c);
          else
            ok = fail(err, number, (int)x + 1, "line %d, column %d: byte 0x%02x is not a cell ('.' empty, '@' black ball, 'o' white ball)",
                      number, (int)x + 1, c);
          return false;
        }
      }
    }
    ++rows;
    return true;
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
