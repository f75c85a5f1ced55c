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
//
// The code moves every piece at once, one cell a round, on bit sets of the
// inner cells (one 32-bit word: a handheld's registers): in each round every
// piece whose next cell is free steps into it, until no piece can; then
// skiddies at their goal leave and skiddies facing a crate push it, and the
// rounds go on. Pieces only ever move forward, so a piece held up by one in
// front moves on in a later round once that one has gone: the rounds end
// exactly where the front-first order above puts every piece. A piece that
// entered a pit, and a skiddy that pushed a crate, stop for the rest of the
// move. (Taking the pieces one by one along their rows, each in a few bit
// operations, cost the device more: most slides here are a cell or two.)
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
  while (occupied) {
    out[__builtin_ctz(occupied)] = (uint8_t)(kRed + (kinds & 3));
    occupied &= occupied - 1;
    kinds >>= 2;
  }
}

State State::pack(const uint8_t* pieces) {
  uint32_t occupied = 0, kinds = 0;
  int n = 0;
  for (int i = 0; i < kMaxSlots; ++i)
    if (pieces[i] != kEmpty) {
      occupied |= 1u << i;
      kinds |= (uint32_t)(pieces[i] - kRed) << (2 * n++);
    }
  return State{(uint64_t)kinds << 32 | occupied};
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
// [SECTION] The move, on bit sets of the board
// ---------------------------------------------------------------------------
namespace {

// A set of cells one cell on in direction D (toward), or the cells one cell
// back (from): a row is inner_width bits. Neither masks the row's ends: the
// callers' sets never hold a cell whose step would leave its row (see
// Rules::entry).
template <int D>
inline uint32_t toward(uint32_t m, int w) {
  return D == kUp ? m >> w : D == kDown ? m << w : D == kLeft ? m >> 1 : m << 1;
}
template <int D>
inline uint32_t from(uint32_t m, int w) {
  return D == kUp ? m << w : D == kDown ? m >> w : D == kLeft ? m << 1 : m >> 1;
}

// One move in direction D: true when any piece moved. left[c] is set when a
// skiddy of colour c (red, yellow) left the level.
//
// Rounds of plain steps first: every running piece (a skiddy or ice cube
// not stopped) whose next cell is free steps into it, and one that steps
// into a pit stops. When none can, the rarer events: skiddies on the cell
// before a goal of their colour leave, and skiddies facing a crate with a
// free cell behind it push it one cell and stop where it was; then rounds
// again. Taking those at the end instead of in every round ends where the
// front-first order puts every piece: a piece only waits on the piece in
// front of it, the cell ahead of a crate once free stays free (only the
// crate could enter it), and a piece's stop depends on cells, not time.
// A round is a few instructions on registers: the board's sets, the
// running pieces, and the red skiddies' and ice cubes' cells moved by their
// part of the step (the yellow skiddies are what is left).
//
// W, when not 0, is the rows' length (r.inner_width) known at compile time:
// a shift by a constant costs the handheld nothing, folded into the
// instruction that uses it.
template <int D, int W = 0>
inline __attribute__((always_inline)) bool slide(const Rules& r, Board& board, bool* left) {
  const int w = W ? W : r.inner_width;
  const uint32_t entry = r.entry[D], keep_going = ~r.pits;
  // The yellow skiddies are the cells no other kind holds: a round moves
  // the red ones and the ice cubes, and `all`, and no more.
  uint32_t red = board.red, crate = board.crate, ice = board.ice;
  uint32_t all = red | board.yellow | crate | ice, running = all & ~crate;
  const uint32_t before = all;
  for (;;) {
    for (;;) {
      const uint32_t step = running & from<D>(entry & ~all, w);
      if (!step) break;
      const uint32_t to = toward<D>(step, w);
      all ^= step ^ to;
      running = (running ^ step) | (to & keep_going);
      uint32_t k = red & step;
      red ^= k ^ toward<D>(k, w);
      k = ice & step;
      ice ^= k ^ toward<D>(k, w);
    }
    const uint32_t skiddies = running & ~ice;  // running: skiddies and ice cubes, never crates
    const uint32_t exit_red = skiddies & red & r.exits[0][D], exit_yellow = skiddies & ~red & r.exits[1][D];
    const uint32_t pushers = crate ? skiddies & from<D>(crate & entry & from<D>(entry & ~all, w), w) : 0;
    if (!(exit_red | exit_yellow | pushers)) break;
    if (exit_red | exit_yellow) {
      left[0] |= exit_red != 0;
      left[1] |= exit_yellow != 0;
      red &= ~exit_red;
      all &= ~(exit_red | exit_yellow);
      running &= ~(exit_red | exit_yellow);
    }
    if (pushers) {
      const uint32_t pushed = toward<D>(pushers, w), to = toward<D>(pushed, w);  // the crates' cells, and theirs next
      crate ^= pushed ^ to;
      all ^= pushers ^ to;
      running &= ~pushers;  // a pusher stops where the crate was
      const uint32_t k = red & pushers;
      red ^= k ^ toward<D>(k, w);
    }
  }
  board = Board{red, all & ~(red | crate | ice), crate, ice};
  return all != before;
}

}  // namespace

// The kinds' two bits spread over the pieces' cells (yellow 1, crate 2,
// ice 3), in registers: no table of pointers to write through.
static Board unpack_board(const State& s) {
  const uint32_t occupied = (uint32_t)s.bits;
  uint32_t pieces = occupied, kinds = (uint32_t)(s.bits >> 32), odd = 0, high = 0;
  while (pieces) {
    const uint32_t bit = pieces & (0u - pieces);
    odd |= bit & (0u - (kinds & 1));
    high |= bit & (0u - ((kinds >> 1) & 1));
    pieces &= pieces - 1;
    kinds >>= 2;
  }
  return Board{occupied & ~(odd | high), odd & ~high, high & ~odd, odd & high};
}

// What a move that changed the board b comes to.
static inline Outcome outcome_of(const Rules& r, const Board& b, const bool* left) {
  // Breaking a combo: some of a colour left in this move and some is still in play.
  if (r.combo_only && ((left[0] && b.red != 0) || (left[1] && b.yellow != 0))) return Outcome::kLost;
  return b.red == 0 && b.yellow == 0 ? Outcome::kWon : Outcome::kMoved;
}

// The kinds word of a board whose pieces are on `occupied`: each piece's
// kind, two bits (yellow 1, crate 2, ice 3), in bit order.
static inline uint32_t pack_kinds(const Board& b, uint32_t occupied) {
  const uint32_t odd = b.yellow | b.ice, high = b.crate | b.ice;  // the kind's two bits
  uint32_t pieces = occupied, kinds = 0;
  for (int shift = 0; pieces; shift += 2) {
    const uint32_t bit = pieces & (0u - pieces);
    pieces &= pieces - 1;
    kinds |= (uint32_t)(((odd & bit) != 0) | ((high & bit) != 0) << 1) << shift;
  }
  return kinds;
}

// One move in direction D from the board b of state s: the state it
// reaches into *to (s itself when nothing moves). Left and right keep
// every piece in its row and behind the same pieces, so the kinds keep
// their order unless a skiddy left.
template <int D>
static inline __attribute__((always_inline)) Outcome move(const Rules& r, Board b, const State& s, State* to) {
  bool left[2] = {false, false};
  if (!slide<D>(r, b, left)) {
    *to = s;
    return Outcome::kNoChange;
  }
  const uint32_t occupied = b.red | b.yellow | b.crate | b.ice;
  if ((D == kLeft || D == kRight) && !left[0] && !left[1])
    to->bits = (s.bits & ~(uint64_t)0xffffffffu) | occupied;
  else
    to->bits = (uint64_t)pack_kinds(b, occupied) << 32 | occupied;
  return outcome_of(r, b, left);
}

Outcome Rules::apply(State& s, int dir) const {
  const Board b = unpack_board(s);
  return dir == kUp     ? move<kUp>(*this, b, s, &s)
         : dir == kDown ? move<kDown>(*this, b, s, &s)
         : dir == kLeft ? move<kLeft>(*this, b, s, &s)
                        : move<kRight>(*this, b, s, &s);
}

void Rules::expand(const State& s, State* next, Outcome* outcome) const {
  static_assert(kUp == 0 && kDown == 1 && kLeft == 2 && kRight == 3, "the moves in direction order");
  const Board b = unpack_board(s);
  outcome[kUp] = move<kUp>(*this, b, s, &next[kUp]);
  outcome[kDown] = move<kDown>(*this, b, s, &next[kDown]);
  outcome[kLeft] = move<kLeft>(*this, b, s, &next[kLeft]);
  outcome[kRight] = move<kRight>(*this, b, s, &next[kRight]);
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

int difficulty(const Analysis& a) {
  int base = tl::difficulty(a);
  if (base < 0 || a.par <= 0) return base;
  const uint64_t steps = (uint64_t)a.par;
  uint64_t extra = 10 * (a.line_choices - steps) / steps + 5 * a.line_setback / steps + 20 * a.line_fatal_moves / steps;
  return base + (int)extra;
}

// ---------------------------------------------------------------------------
// [SECTION] Level: text, view, figures
// ---------------------------------------------------------------------------
class SkiddyLevel : public DirectionalLevel<Rules> {
 public:
  explicit SkiddyLevel(const Rules& r) : DirectionalLevel<Rules>(r) {}
  const GameInfo& game() const override { return kSkiddy; }
  int difficulty(const Analysis& a) const override { return on_difficulty_scale(skiddy::difficulty(a)); }

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
