// Skiddy: the simultaneous move, the text format, the view and the medals.
// The move itself (its rules, precisely, and how the code plays them) is
// skiddy_move.h, which a second unit builds for BMI2 on x86-64. The
// max-combo medal asks that every colour clears in a single move.
//
// [SECTION] States and a cell's view
// [SECTION] The move
// [SECTION] Potential states
// [SECTION] Level: text, view, figures
// [SECTION] Reading a level
#include <string.h>

#include "core/base/grid.h"
#include "core/game/grid_text.h"
#include "core/game/level_of.h"
#include "core/search/rating.h"
#include "skiddy.h"
#include "skiddy_move.h"

namespace tl {
namespace skiddy {

// ---------------------------------------------------------------------------
// [SECTION] States and a cell's view
// ---------------------------------------------------------------------------
static_assert((kMaxWidth - 2) * (kMaxHeight - 2) == kMaxSlots && kMaxSlots <= 32 && kMaxPieces * 2 <= 32,
              "a state packs into one 64-bit word, the inner cells into 32 bits");

void State::unpack(uint8_t* out) const {
  memset(out, kEmpty, kMaxSlots);
  uint32_t occupied = (uint32_t)bits, kinds = (uint32_t)(bits >> 32);
  const int count = __builtin_popcount(occupied);
  for (int n = 0; occupied; ++n) {
    out[__builtin_ctz(occupied)] = (uint8_t)(kRed + ((kinds >> n) & 1) + 2 * ((kinds >> (count + n)) & 1));
    occupied &= occupied - 1;
  }
}

State State::pack(const uint8_t* pieces) {
  uint32_t occupied = 0, low_bits = 0, high_bits = 0;
  int n = 0;
  for (int i = 0; i < kMaxSlots; ++i)
    if (pieces[i] != kEmpty) {
      occupied |= 1u << i;
      low_bits |= (uint32_t)((pieces[i] - kRed) & 1) << n;
      high_bits |= (uint32_t)((pieces[i] - kRed) >> 1) << n;
      ++n;
    }
  return State{(uint64_t)(low_bits | high_bits << n) << 32 | occupied};
}

// A cell as hosts draw it: its ground and the piece on it.
void cell_view(Cell cell, Piece piece, CellView* v) {
  *v = CellView();
  switch (cell) {
    case kPit: v->floor = Floor::kNone; v->shape = Shape::kPit; v->colour = Colour::kBlack; break;
    case kBlock: v->shape = Shape::kBlock; v->colour = Colour::kGrey; break;
    case kGoalRed: v->floor = Floor::kGoal; v->shape = Shape::kFlag; v->colour = Colour::kRed; break;
    case kGoalYellow: v->floor = Floor::kGoal; v->shape = Shape::kFlag; v->colour = Colour::kYellow; break;
    default: break;
  }
  switch (piece) {
    case kRed: v->shape = Shape::kActor; v->colour = Colour::kRed; break;
    case kYellow: v->shape = Shape::kActor; v->colour = Colour::kYellow; break;
    case kCrate: v->shape = Shape::kCrate; v->colour = Colour::kBrown; break;
    case kIce: v->shape = Shape::kBlock; v->colour = Colour::kCyan; break;
    default: break;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] The move (skiddy_move.h)
// ---------------------------------------------------------------------------
Outcome Rules::apply(State& s, int dir) const {
  const Board b = unpack_board(s);
  return dir == kUp     ? move<kUp>(*this, b, s, &s)
         : dir == kDown ? move<kDown>(*this, b, s, &s)
         : dir == kLeft ? move<kLeft>(*this, b, s, &s)
                        : move<kRight>(*this, b, s, &s);
}

void expand_portable(const Rules& r, const State& s, State* next, Outcome* outcome) {
  expand_state(r, s, next, outcome);
}

// BMI2's pext and pdep are fast on Intel since Haswell and on AMD since Zen
// 3; AMD's family 17h (Zen 1 and 2) and the Bulldozer line (15h) run them
// in microcode, slower than a piece at a time.
#if defined(TILELAB_SKIDDY_BMI2)
static bool has_bmi2() { return __builtin_cpu_supports("bmi2"); }
static bool bmi2_fast() {
  static const bool fast = has_bmi2() && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
  return fast;
}
#endif

bool try_expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome) {
#if defined(TILELAB_SKIDDY_BMI2)
  if (!has_bmi2()) return false;
  expand_bmi2(r, s, next, outcome);
  return true;
#else
  (void)r, (void)s, (void)next, (void)outcome;
  return false;
#endif
}

void Rules::expand(const State& s, State* next, Outcome* outcome) const {
#if defined(TILELAB_SKIDDY_BMI2)
  if (bmi2_fast()) return expand_bmi2(*this, s, next, outcome);
#endif
  expand_portable(*this, s, next, outcome);
}

// The lanes builds: where the processor and its system run AVX-512 (its
// foundation) or AVX2, and BMI2 fast.
#if defined(TILELAB_SKIDDY_BMI2)
static int lanes_run() {
  static const int lanes = !bmi2_fast()                          ? 0
                           : __builtin_cpu_supports("avx512f") ? 16
                           : __builtin_cpu_supports("avx2")    ? 8
                                                               : 0;
  return lanes;
}
#endif

bool try_expand_lanes(int lanes, const Rules& r, const State* s, int count, State* next, Outcome* outcome) {
#if defined(TILELAB_SKIDDY_BMI2)
  if (!has_bmi2()) return false;
  if (lanes == 16 && __builtin_cpu_supports("avx512f")) {
    expand_avx512(r, s, count, next, outcome);
    return true;
  }
  if (lanes == 8 && __builtin_cpu_supports("avx2")) {
    expand_avx2(r, s, count, next, outcome);
    return true;
  }
#endif
  (void)lanes, (void)r, (void)s, (void)count, (void)next, (void)outcome;
  return false;
}

void Rules::expand_batch(const State* s, int count, State* next, Outcome* outcome) const {
#if defined(TILELAB_SKIDDY_BMI2)
  switch (lanes_run()) {
    case 16: return expand_avx512(*this, s, count, next, outcome);
    case 8: return expand_avx2(*this, s, count, next, outcome);
    default: break;
  }
#endif
  for (int i = 0; i < count; ++i) expand(s[i], next + i * kMoves, outcome + i * kMoves);
}

Board BoardRules::initial() const { return unpack_board(rules->start); }

// One move in direction D from the board b (a copy: the slide works in
// registers), the board it leads to into *next.
template <int D, int W>
static inline __attribute__((always_inline)) Outcome board_move(const Rules& r, Board b, Board* next) {
  bool left[2] = {false, false};
  const bool moved = slide<D, W>(r, b, left);
  *next = b;
  return moved ? outcome_of(r, b, left) : Outcome::kNoChange;
}

Outcome BoardRules::apply(Board& b, int dir) const {
  const Rules& r = *rules;
  return dir == kUp     ? board_move<kUp, 0>(r, b, &b)
         : dir == kDown ? board_move<kDown, 0>(r, b, &b)
         : dir == kLeft ? board_move<kLeft, 0>(r, b, &b)
                        : board_move<kRight, 0>(r, b, &b);
}

// The four moves on a board whose rows are W cells long (0: r's).
template <int W>
static void expand_board(const Rules& r, const Board& b, Board* next, Outcome* outcome) {
  const Board from = b;  // next[] may not alias it
  outcome[kUp] = board_move<kUp, W>(r, from, &next[kUp]);
  outcome[kDown] = board_move<kDown, W>(r, from, &next[kDown]);
  outcome[kLeft] = board_move<kLeft, W>(r, from, &next[kLeft]);
  outcome[kRight] = board_move<kRight, W>(r, from, &next[kRight]);
}

// The fairness check's move: a board's rows are 3 to 6 cells long, each
// length its own code.
void BoardRules::expand(const Board& b, Board* next, Outcome* outcome) const {
  static_assert(kMinWidth - 2 == 3 && kMaxWidth - 2 == 6, "the rows' lengths expand() has code for");
  switch (rules->inner_width) {
    case 3: return expand_board<3>(*rules, b, next, outcome);
    case 4: return expand_board<4>(*rules, b, next, outcome);
    case 5: return expand_board<5>(*rules, b, next, outcome);
    case 6: return expand_board<6>(*rules, b, next, outcome);
    default: return expand_board<0>(*rules, b, next, outcome);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Potential states (the article's formula)
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

Difficulty difficulty(const Analysis& a, const Rules& r) {
  uint8_t pieces[kMaxSlots];
  r.start.unpack(pieces);
  bool has[5] = {false, false, false, false, false};
  for (int i = 0; i < r.slots; ++i) has[pieces[i]] = true;
  LevelFacts facts;
  facts.kinds = (has[kRed] && has[kYellow]) + has[kCrate] + has[kIce] + (r.pits != 0);
  facts.cells = r.slots;
  MoveWeights w;
  w.kinds = 25;
  w.length = 10;
  w.states = 6;
  w.wrong_moves = 20;
  w.setback = 10;
  w.dead_ends = 100;
  w.one_way = 20;
  return rate_moves(a, facts, w);
}

// ---------------------------------------------------------------------------
// [SECTION] Level: text, view, figures
// ---------------------------------------------------------------------------
class SkiddyLevel : public DirectionalLevel<Rules> {
 public:
  explicit SkiddyLevel(const Rules& r) : DirectionalLevel<Rules>(r) {}
  const GameInfo& game() const override { return kSkiddy; }
  Difficulty rate(const Analysis& a) const override { return skiddy::difficulty(a, rules_); }

  void format(const GameState& g, Text* out) const override {
    uint8_t pieces[kMaxSlots];
    load(g).unpack(pieces);
    for (int y = 0; y < rules_.height; ++y) {
      for (int x = 0; x < rules_.width; ++x) {
        int c = y * rules_.width + x;
        int slot = rules_.slot_of[c];
        int p = slot >= 0 ? (int)pieces[slot] : (int)kEmpty;
        static const char kPieces[] = ".ryci";
        static const char kCells[] = ".o#RY";
        out->push(p != kEmpty ? kPieces[p] : kCells[rules_.cell[c]]);
      }
      out->push('\n');
    }
  }

  void view(const GameState& g, BoardView* out) const override {
    uint8_t pieces[kMaxSlots];
    load(g).unpack(pieces);
    out->reset(rules_.width, rules_.height);
    for (int c = 0; c < rules_.width * rules_.height; ++c) {
      const int slot = rules_.slot_of[c];
      cell_view((Cell)rules_.cell[c], slot >= 0 ? (Piece)pieces[slot] : kEmpty, &out->cells[(size_t)c]);
    }
  }

  // Par: won in at most par moves. Max combo: no move cleared part of a colour
  // (replayed under the combo-only rules, nothing "loses"). Perfect: both.
  int earned_medals(const MoveList& moves, int par, Figure* out) const override {
    Rules combo = rules_;
    combo.combo_only = true;
    State s = combo.initial();
    bool max_combo = true;
    for (Move m : moves)
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
    uint8_t pieces[kMaxSlots];
    s.unpack(pieces);
    int counts[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < kMaxSlots; ++i) ++counts[pieces[i]];
    uint64_t potential = potential_states(rules_.slots, counts[kRed], counts[kYellow], counts[kCrate], counts[kIce]);
    // The medal search: the same rules where breaking a combo loses. Its
    // figures are counts: the analysis stops once the states are counted.
    Rules combo = rules_;
    combo.combo_only = true;
    SearchLimits counting = limits;
    counting.counts_only = true;
    const Analysis c = search_analyze(combo, s, counting);
    bool max_combo = c.solvable && !c.capped;
    int n = 0;
    out[n++] = Figure{"potential_states", "Potential states", potential, false};
    out[n++] = Figure{"real_per_mille", "Real/potential (per mille)",
                      potential ? a.states * 1000 / potential : 0, false};
    out[n++] = Figure{"max_combo_win_states", "Max-combo win states", c.win_states, false};
    out[n++] = Figure{"max_combo_par", "Max-combo par", (uint64_t)(max_combo ? c.par : 0), false, !max_combo};
    out[n++] = Figure{"fair", "Fair (no dead end)", a.solvable && a.dead_ends == 0, true};
    out[n++] = Figure{"medal_par", "Par medal possible", a.solvable, true};
    out[n++] = Figure{"medal_max_combo", "Max-combo medal possible", max_combo, true};
    out[n++] = Figure{"medal_perfect", "Perfect medal possible", max_combo && c.par == a.par, true};
    return n;
  }
};

std::unique_ptr<Level> make_level(const Rules& rules) { return std::unique_ptr<Level>(new SkiddyLevel(rules)); }

// ---------------------------------------------------------------------------
// [SECTION] Reading a level
// ---------------------------------------------------------------------------
static const char kLegend[] =
    "('#' block, '.' floor, 'o' pit, 'c' crate, 'i' ice cube, 'r' 'y' skiddies, 'R' 'Y' goals on the border)";

namespace {

// The cells and pieces into a fixed 8-wide frame (the real stride is known
// at the end), and the level's size checked.
bool read_frame(const char* text, size_t len, Rules* r, uint8_t* pieces, int* width, int* height, Error* err) {
  bool ok = read_char_grid(text, len, kMaxWidth, width, height, err, [&](int x, int y, char ch) {
    if (y >= kMaxHeight) return fail(err, y + 1, 1, "line %d: more than %d rows", y + 1, kMaxHeight);
    int c = y * kMaxWidth + x;
    switch (ch) {
      case '#': r->cell[c] = kBlock; return true;
      case '.': r->cell[c] = kFloor; return true;
      case 'o': r->cell[c] = kPit; return true;
      case 'R': r->cell[c] = kGoalRed; return true;
      case 'Y': r->cell[c] = kGoalYellow; return true;
      case 'r': r->cell[c] = kFloor; pieces[c] = kRed; return true;
      case 'y': r->cell[c] = kFloor; pieces[c] = kYellow; return true;
      case 'c': r->cell[c] = kFloor; pieces[c] = kCrate; return true;
      case 'i': r->cell[c] = kFloor; pieces[c] = kIce; return true;
      default: return fail_not_a_cell(err, x, y, ch, kLegend);
    }
  });
  if (!ok) return false;
  if (*height == 0) return fail(err, 1, 1, "the level is empty: expected rows of cells %s", kLegend);
  if (*width < kMinWidth || *height < kMinHeight || *height > kMaxHeight)
    return fail(err, 0, 0, "the level is %dx%d with its border; Skiddy levels are %dx%d to %dx%d", *width, *height,
                kMinWidth, kMinHeight, kMaxWidth, kMaxHeight);
  return true;
}

// The border (blocks and goals only, no goal in a corner, no goal inside)
// and the number of pieces: the goals and pieces of each kind counted into
// goals[] and counts[].
bool check_frame(const Rules& r, const uint8_t* pieces, int* goals, int* counts, Error* err) {
  const int width = r.width, height = r.height;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int framed = y * kMaxWidth + x;
      uint8_t kind = r.cell[framed];
      bool border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
      bool corner = (x == 0 || x == width - 1) && (y == 0 || y == height - 1);
      if (border && (kind == kFloor || kind == kPit || pieces[framed]))
        return fail(err, y + 1, x + 1, "line %d, column %d: the border holds only blocks '#' and goals 'R' 'Y'", y + 1,
                    x + 1);
      if (corner && kind != kBlock)
        return fail(err, y + 1, x + 1, "line %d, column %d: a goal in a corner can never be reached", y + 1, x + 1);
      if (!border && (kind == kGoalRed || kind == kGoalYellow))
        return fail(err, y + 1, x + 1, "line %d, column %d: goals stand on the border only", y + 1, x + 1);
      ++goals[kind];
      ++counts[pieces[framed]];
    }
  int total = counts[kRed] + counts[kYellow] + counts[kCrate] + counts[kIce];
  if (total > kMaxPieces)
    return fail(err, 0, 0, "the level has %d pieces; at most %d (skiddies, crates and ice cubes together)", total,
                kMaxPieces);
  return true;
}

// Re-packs the frame at the level's own stride, numbers the inner cells
// (bit (y - 1) * (width - 2) + (x - 1) of the move's bit sets and the
// state), and marks the cells from which a move leaves through a goal.
void pack_frame(Rules* r, const uint8_t* pieces) {
  uint8_t framed_cells[kMaxWidth * kMaxHeight], inner_pieces[kMaxSlots];
  memcpy(framed_cells, r->cell, sizeof framed_cells);
  memset(r->cell, kBlock, sizeof r->cell);
  memset(inner_pieces, kEmpty, sizeof inner_pieces);
  const int inner_width = r->width - 2;
  r->inner_width = inner_width;
  for (int y = 0; y < r->height; ++y)
    for (int x = 0; x < r->width; ++x) {
      int c = y * r->width + x, framed = y * kMaxWidth + x;
      r->cell[c] = framed_cells[framed];
      if (r->cell[c] == kGoalRed || r->cell[c] == kGoalYellow) {
        // The inner cell beside the goal, and the move that leaves through it.
        const int dir = x == 0 ? kLeft : x == r->width - 1 ? kRight : y == 0 ? kUp : kDown;
        const int ix = x - 1 - dir_dx(dir), iy = y - 1 - dir_dy(dir);
        r->exits[r->cell[c] == kGoalRed ? 0 : 1][dir] |= 1u << (iy * inner_width + ix);
      }
      if (r->cell[c] == kFloor || r->cell[c] == kPit) {
        const int inner = (y - 1) * inner_width + (x - 1);
        const uint32_t bit = 1u << inner;
        r->room |= bit;
        if (r->cell[c] == kPit) r->pits |= bit;
        r->slot_of[c] = (int8_t)inner;
        inner_pieces[inner] = pieces[framed];
        ++r->slots;
      }
    }
  uint32_t first_column = 0, last_column = 0;
  for (int y = 0; y < r->height - 2; ++y) {
    first_column |= 1u << (y * inner_width);
    last_column |= 1u << (y * inner_width + inner_width - 1);
  }
  r->entry[kUp] = r->entry[kDown] = r->room;
  r->entry[kLeft] = r->room & ~last_column;
  r->entry[kRight] = r->room & ~first_column;

  r->start = State::pack(inner_pieces);
}

// A skiddy at least, and a goal for each colour of skiddy.
bool check_goals(const int* goals, const int* counts, Error* err) {
  if (counts[kRed] + counts[kYellow] == 0) return fail(err, 0, 0, "the level has no skiddy 'r' or 'y'");
  if (counts[kRed] && !goals[kGoalRed])
    return fail(err, 0, 0, "the level has red skiddies but no red goal 'R' on the border");
  if (counts[kYellow] && !goals[kGoalYellow])
    return fail(err, 0, 0, "the level has yellow skiddies but no yellow goal 'Y' on the border");
  return true;
}

}  // namespace

bool parse_rules(const char* text, size_t len, Rules* out, Error* err) {
  Rules& r = *out;
  r = Rules();
  memset(r.cell, kBlock, sizeof r.cell);
  memset(r.slot_of, -1, sizeof r.slot_of);
  uint8_t pieces[kMaxWidth * kMaxHeight];
  memset(pieces, 0, sizeof pieces);
  int width = 0, height = 0;
  if (!read_frame(text, len, &r, pieces, &width, &height, err)) return false;
  int goals[5] = {0, 0, 0, 0, 0}, counts[5] = {0, 0, 0, 0, 0};
  r.width = width;
  r.height = height;
  if (!check_frame(r, pieces, goals, counts, err)) return false;
  pack_frame(&r, pieces);
  return check_goals(goals, counts, err);
}

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  Rules r;
  if (!parse_rules(text, len, &r, err)) return nullptr;
  return make_level(r);
}

}  // namespace skiddy
}  // namespace tl
