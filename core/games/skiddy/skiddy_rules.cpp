// Skiddy: the simultaneous move, the text format, the view and the medals.
//
// The move, precisely: pieces are taken front first in the move direction
// (for Right, the rightmost column first), so every piece meets the pieces in
// front of it already in their final place. Each skiddy or ice cube then moves
// cell by cell:
//   - a block, or the border where it is not a goal the piece may use: stops;
//   - a goal of the skiddy's own colour: the skiddy leaves the level;
//   - a crate, met by a skiddy, with a free floor or pit cell behind it: the
//     crate is pushed one cell and the skiddy stops where the crate was;
//   - any other piece (or a crate that cannot move, or met by an ice cube): stops;
//   - a pit: the piece enters it and stops (the next input moves it out).
// Crates never move on their own; ice cubes never leave. Same-colour skiddies
// that reach a goal in the same move clear together: a combo. The max-combo
// medal asks that every colour clears in a single move.
#include <string.h>

#include "../../grid.h"
#include "../../grid_text.h"
#include "../../level_of.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {

Outcome Rules::apply(State& s, int dir) const {
  // The pieces, in slot order (row-major), found by scanning the packed words
  // for non-empty 3-bit fields. Only slot cells of `piece` are ever read:
  // blocks and goals stop a piece before it looks at what stands there.
  uint8_t piece[kMaxWidth * kMaxHeight];
  int8_t index_at[kMaxWidth * kMaxHeight];  // which entry of the list stands on a cell
  uint8_t at[16], kind[16];
  int count = 0, before[3] = {0, 0, 0};
  for (int i = 0; i < slots; ++i) piece[cell_of[i]] = kEmpty;
  for (int word = 0; word < 2; ++word) {
    uint64_t w = s.w[word];
    while (w) {
      int field = __builtin_ctzll(w) / 3;
      int p = (int)((w >> (field * 3)) & 7);
      w &= ~(7ull << (field * 3));
      int c = cell_of[word * 21 + field];
      piece[c] = (uint8_t)p;
      index_at[c] = (int8_t)count;
      at[count] = (uint8_t)c;
      kind[count++] = (uint8_t)p;
      if (p == kRed || p == kYellow) ++before[p];
    }
  }
  const int step = dir_dx(dir) + dir_dy(dir) * width;
  // Front first: walk the pieces from the side they move towards.
  const bool reverse = dir == kRight || dir == kDown;
  bool moved = false;
  int cleared[3] = {0, 0, 0};
  for (int k = 0; k < count; ++k) {
    int e = reverse ? count - 1 - k : k;
    int mover = kind[e];
    if (mover == kCrate) continue;
    int from = at[e];
    for (;;) {
      int next = from + step;
      int c = cell[next];
      if (c == kBlock) break;
      if (c == kGoalRed || c == kGoalYellow) {
        if ((c == kGoalRed && mover == kRed) || (c == kGoalYellow && mover == kYellow)) {
          piece[from] = kEmpty;
          kind[e] = kEmpty;
          ++cleared[mover];
          moved = true;
        }
        break;
      }
      if (piece[next] != kEmpty) {
        int beyond = next + step;
        if (piece[next] == kCrate && mover != kIce && (cell[beyond] == kFloor || cell[beyond] == kPit) &&
            piece[beyond] == kEmpty) {
          int crate = index_at[next];
          piece[beyond] = kCrate;
          at[crate] = (uint8_t)beyond;
          index_at[beyond] = (int8_t)crate;
          piece[next] = (uint8_t)mover;
          piece[from] = kEmpty;
          from = next;
          moved = true;
        }
        break;
      }
      piece[next] = (uint8_t)mover;
      piece[from] = kEmpty;
      from = next;
      moved = true;
      if (c == kPit) break;
    }
    at[e] = (uint8_t)from;
    index_at[from] = (int8_t)e;
  }
  if (!moved) return Outcome::kNoChange;
  uint64_t words[2] = {0, 0};
  for (int e = 0; e < count; ++e) {
    if (kind[e] == kEmpty) continue;
    int slot = slot_of[at[e]];
    words[slot >= 21] |= (uint64_t)kind[e] << ((slot % 21) * 3);
  }
  s.w[0] = words[0];
  s.w[1] = words[1];
  int left = before[kRed] - cleared[kRed] + before[kYellow] - cleared[kYellow];
  if (combo_only)
    for (int colour = kRed; colour <= kYellow; ++colour)
      if (cleared[colour] > 0 && cleared[colour] < before[colour]) return Outcome::kLost;
  return left == 0 ? Outcome::kWon : Outcome::kMoved;
}

// ---------------------------------------------------------------------------
// Potential states (the seed's formula).
// ---------------------------------------------------------------------------
static uint64_t saturating_mul(uint64_t a, uint64_t b) {
  if (a != 0 && b > ~0ull / a) return ~0ull;
  return a * b;
}

static uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * (uint64_t)(n - k + i) / (uint64_t)i;  // exact at every step
  return r;
}

uint64_t potential_states(int cells, int reds, int yellows, int crates, int ice) {
  uint64_t total = 0;
  for (int r = 0; r <= reds; ++r)
    for (int y = 0; y <= yellows; ++y) {
      if (r == 0 && y == 0) continue;  // the win state
      int free = cells;
      uint64_t ways = binomial(free, r);
      free -= r;
      ways = saturating_mul(ways, binomial(free, y));
      free -= y;
      ways = saturating_mul(ways, binomial(free, crates));
      free -= crates;
      ways = saturating_mul(ways, binomial(free, ice));
      total = total + ways < total ? ~0ull : total + ways;
    }
  return total;
}

// ---------------------------------------------------------------------------
// Level: text, view, figures.
// ---------------------------------------------------------------------------
class SkiddyLevel : public DirectionalLevel<Rules> {
 public:
  explicit SkiddyLevel(const Rules& r) : DirectionalLevel<Rules>(r) {}
  const GameInfo& game() const override { return kSkiddy; }

  void format(const GameState& g, Text* out) const override {
    State s = load(g);
    for (int y = 0; y < rules_.height; ++y) {
      for (int x = 0; x < rules_.width; ++x) {
        int c = y * rules_.width + x;
        int slot = rules_.slot_of[c];
        int p = slot >= 0 ? s.get(slot) : kEmpty;
        static const char kPieces[] = ".ryci";
        static const char kCells[] = ".o#RY";
        out->push(p != kEmpty ? kPieces[p] : kCells[rules_.cell[c]]);
      }
      out->push('\n');
    }
  }

  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    out->reset(rules_.width, rules_.height);
    for (int c = 0; c < rules_.width * rules_.height; ++c) {
      CellView& v = out->cells[(size_t)c];
      switch (rules_.cell[c]) {
        case kPit: v.floor = Floor::kNone; v.shape = Shape::kPit; v.colour = Colour::kBlack; break;
        case kBlock: v.shape = Shape::kBlock; v.colour = Colour::kGrey; break;
        case kGoalRed: v.floor = Floor::kGoal; v.shape = Shape::kFlag; v.colour = Colour::kRed; break;
        case kGoalYellow: v.floor = Floor::kGoal; v.shape = Shape::kFlag; v.colour = Colour::kYellow; break;
        default: break;
      }
      int slot = rules_.slot_of[c];
      int p = slot >= 0 ? s.get(slot) : kEmpty;
      if (p == kRed) { v.shape = Shape::kActor; v.colour = Colour::kRed; }
      if (p == kYellow) { v.shape = Shape::kActor; v.colour = Colour::kYellow; }
      if (p == kCrate) { v.shape = Shape::kCrate; v.colour = Colour::kBrown; }
      if (p == kIce) { v.shape = Shape::kBlock; v.colour = Colour::kCyan; }
    }
  }

  // Par: won in at most par moves. Max combo: no move cleared part of a colour
  // (replayed under the combo-only rules, nothing "loses"). Perfect: both.
  int earned_medals(const MoveList& moves, int par, Figure* out) const override {
    Rules combo = rules_;
    combo.combo_only = true;
    State s = combo.initial();
    bool max_combo = true;
    for (uint8_t m : moves)
      if (combo.apply(s, m) == Outcome::kLost) max_combo = false;
    bool in_par = par >= 0 && (int)moves.size() <= par;
    out[0] = Figure{"medal_par", "Par", in_par, true};
    out[1] = Figure{"medal_max_combo", "Max combo", max_combo, true};
    out[2] = Figure{"medal_perfect", "Perfect", in_par && max_combo, true};
    return 3;
  }

  int analysis_figures(const GameState& from, const Analysis& a, const SearchLimits& limits,
                       Figure* out) const override {
    State s = load(from);
    int counts[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < rules_.slots; ++i) ++counts[s.get(i)];
    uint64_t potential = potential_states(rules_.slots, counts[kRed], counts[kYellow], counts[kCrate], counts[kIce]);
    // The medal search: the same rules where breaking a combo loses.
    Rules combo = rules_;
    combo.combo_only = true;
    Analysis c = search_analyze(combo, s, limits);
    bool max_combo = c.solvable && !c.capped;
    int n = 0;
    out[n++] = Figure{"potential_states", "Potential states", potential, false};
    out[n++] = Figure{"real_per_mille", "Real/potential (per mille)",
                      potential ? a.states * 1000 / potential : 0, false};
    out[n++] = Figure{"max_combo_win_states", "Max-combo win states", c.win_states, false};
    out[n++] = Figure{"max_combo_par", "Max-combo par", (uint64_t)(max_combo ? c.par : 0), false};
    out[n++] = Figure{"fair", "Fair (no dead end)", a.solvable && a.dead_ends == 0, true};
    out[n++] = Figure{"medal_par", "Par medal possible", a.solvable, true};
    out[n++] = Figure{"medal_max_combo", "Max-combo medal possible", max_combo, true};
    out[n++] = Figure{"medal_perfect", "Perfect medal possible", max_combo && c.par == a.par, true};
    return n;
  }
};

std::unique_ptr<Level> make_level(const Rules& rules) { return std::unique_ptr<Level>(new SkiddyLevel(rules)); }

static const char kLegend[] =
    "('#' block, '.' floor, 'o' pit, 'c' crate, 'i' ice cube, 'r' 'y' skiddies, 'R' 'Y' goals on the border)";

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  Rules r;
  memset(r.cell, kBlock, sizeof r.cell);
  memset(r.slot_of, -1, sizeof r.slot_of);
  uint8_t pieces[kMaxWidth * kMaxHeight];
  memset(pieces, 0, sizeof pieces);
  int width = 0, height = 0;
  // Read into a fixed 8-wide frame first; the real stride is known at the end.
  bool ok = read_char_grid(text, len, kMaxWidth, &width, &height, err, [&](int x, int y, char ch) {
    if (y >= kMaxHeight) return fail(err, y + 1, 1, "line %d: more than %d rows", y + 1, kMaxHeight);
    int c = y * kMaxWidth + x;
    switch (ch) {
      case '#': r.cell[c] = kBlock; return true;
      case '.': r.cell[c] = kFloor; return true;
      case 'o': r.cell[c] = kPit; return true;
      case 'R': r.cell[c] = kGoalRed; return true;
      case 'Y': r.cell[c] = kGoalYellow; return true;
      case 'r': r.cell[c] = kFloor; pieces[c] = kRed; return true;
      case 'y': r.cell[c] = kFloor; pieces[c] = kYellow; return true;
      case 'c': r.cell[c] = kFloor; pieces[c] = kCrate; return true;
      case 'i': r.cell[c] = kFloor; pieces[c] = kIce; return true;
      default: return fail_not_a_cell(err, x, y, ch, kLegend);
    }
  });
  if (!ok) return nullptr;
  if (height == 0) {
    fail(err, 1, 1, "the level is empty: expected rows of cells %s", kLegend);
    return nullptr;
  }
  if (width < kMinWidth || height < kMinHeight || height > kMaxHeight) {
    fail(err, 0, 0, "the level is %dx%d with its border; Skiddy levels are %dx%d to %dx%d", width, height, kMinWidth,
         kMinHeight, kMaxWidth, kMaxHeight);
    return nullptr;
  }
  int goals[5] = {0, 0, 0, 0, 0}, counts[5] = {0, 0, 0, 0, 0};
  r.width = width;
  r.height = height;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int framed = y * kMaxWidth + x;
      uint8_t kind = r.cell[framed];
      bool border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
      bool corner = (x == 0 || x == width - 1) && (y == 0 || y == height - 1);
      if (border && (kind == kFloor || kind == kPit || pieces[framed])) {
        fail(err, y + 1, x + 1, "line %d, column %d: the border holds only blocks '#' and goals 'R' 'Y'", y + 1, x + 1);
        return nullptr;
      }
      if (corner && kind != kBlock) {
        fail(err, y + 1, x + 1, "line %d, column %d: a goal in a corner can never be reached", y + 1, x + 1);
        return nullptr;
      }
      if (!border && (kind == kGoalRed || kind == kGoalYellow)) {
        fail(err, y + 1, x + 1, "line %d, column %d: goals stand on the border only", y + 1, x + 1);
        return nullptr;
      }
      ++goals[kind];
      ++counts[pieces[framed]];
    }
  // Re-pack the frame at the level's own stride, and number the piece slots.
  uint8_t framed_cells[kMaxWidth * kMaxHeight];
  memcpy(framed_cells, r.cell, sizeof framed_cells);
  memset(r.cell, kBlock, sizeof r.cell);
  memset(&r.start, 0, sizeof r.start);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int c = y * width + x, framed = y * kMaxWidth + x;
      r.cell[c] = framed_cells[framed];
      if (r.cell[c] == kFloor || r.cell[c] == kPit) {
        r.slot_of[c] = (int8_t)r.slots;
        r.cell_of[r.slots] = (uint8_t)c;
        r.start.set(r.slots, pieces[framed]);
        ++r.slots;
      }
    }
  int total = counts[kRed] + counts[kYellow] + counts[kCrate] + counts[kIce];
  if (total > kMaxPieces) {
    fail(err, 0, 0, "the level has %d pieces; at most %d (skiddies, crates and ice cubes together)", total,
         kMaxPieces);
    return nullptr;
  }
  if (counts[kRed] + counts[kYellow] == 0) {
    fail(err, 0, 0, "the level has no skiddy 'r' or 'y'");
    return nullptr;
  }
  if (counts[kRed] && !goals[kGoalRed]) {
    fail(err, 0, 0, "the level has red skiddies but no red goal 'R' on the border");
    return nullptr;
  }
  if (counts[kYellow] && !goals[kGoalYellow]) {
    fail(err, 0, 0, "the level has yellow skiddies but no yellow goal 'Y' on the border");
    return nullptr;
  }
  return make_level(r);
}

}  // namespace skiddy
}  // namespace tl
