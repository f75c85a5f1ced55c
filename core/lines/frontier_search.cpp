// The line-puzzle engine: the frontier search, for both rule sets (when
// solve() runs it, and why: see lines.h).
//
// Cells are decided one at a time in reading order (the board turned so that
// rows are the short side): each cell takes its lines on to the right, down,
// both or neither. What the cells decided so far leave open is the frontier:
// for each column, the line piece hanging down into the next row, and the one
// reaching right into the next cell. A piece is labelled by its colour when a
// dot ends it, or else by the piece it pairs with (both its ends hang open).
// Everything the rest of the board needs is in that frontier, so the search
// remembers each (cell, frontier) with how many solutions follow it: a board
// of independent parts, or a long thin board, is counted part by part instead
// of multiplying out, and a 2x2 corner the lines can take two ways costs two
// steps, not a doubling of everything after it.
//
// Under no-touch the frontier also holds, for each column, which line its
// last cell belongs to (its label, as above), and the pairs of labels that
// must never become one line: two cells side by side that are not joined
// belong to different lines, or the line would run beside itself. A cell
// that joins neither its upper nor its left neighbour checks their labels
// against its own at once (the same label: refused) and otherwise records
// the pair; a later join of two recorded labels is refused. So the rule is
// checked exactly, cell by cell, and the frontier still holds all the rest of
// the board needs. (The article's corner rule follows: a line turning round
// a cell leaves that cell to a line turning the same way, or a dot.)
//
// [SECTION] The search and its walk
// [SECTION] The frontier: slots, labels and joins
// [SECTION] A cell's choice
// [SECTION] Spikes
// [SECTION] Keys, positions and solutions
// [SECTION] search_frontier
#include <string.h>

#include <algorithm>
#include <memory>

#include "core/base/grid.h"
#include "lines.h"
#include "walk.h"

namespace tl {
namespace lines {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] The search and its walk
// ---------------------------------------------------------------------------
constexpr uint8_t kPair = 64;      // labels kPair + j: the two open ends of piece j
constexpr uint8_t kSpikeLeft = 1, kSpikeRight = 2;
constexpr int kMaxApart = 96;      // label pairs kept apart (no-touch); more: the search stops, "too large"

class FrontierSearch : public SearchTask {
 public:
  FrontierSearch(const Puzzle& p, RuleSet rules, uint64_t max_count, const SearchLimits& limits, Solution* first,
                 Solution* second)
      : p_(p), no_touch_(rules == RuleSet::kNoTouch), run_(max_count, limits, first, second) {
    turned_ = p.width > p.height;  // the frontier runs along the shorter side
    w_ = turned_ ? p.height : p.width;
    h_ = turned_ ? p.width : p.height;
    n_ = w_ * h_;
    dot_.resize((size_t)n_);
    for (int i = 0; i < n_; ++i) dot_[(size_t)i] = p.dot[(size_t)board_cell(i)];
    // The board's adjacency in the search's order: whether a line may go on
    // right and down from each cell (no wall, no block), and the blocks.
    block_.assign((size_t)n_, 0);
    open_right_.assign((size_t)n_, 0);
    open_down_.assign((size_t)n_, 0);
    for (int i = 0; i < n_; ++i) {
      block_[(size_t)i] = p.is_block(board_cell(i));
      open_right_[(size_t)i] = i % w_ + 1 < w_ && linked(board_cell(i), board_cell(i + 1));
      open_down_[(size_t)i] = i + w_ < n_ && linked(board_cell(i), board_cell(i + w_));
    }
    right_.assign((size_t)n_, 0);
    down_.assign((size_t)n_, 0);
    find_spikes();
    // Per cell: the w + 1 open pieces; under no-touch also the w column
    // labels, how many pairs are kept apart and the pairs.
    stride_ = (size_t)w_ + 1 + (no_touch_ ? (size_t)w_ + 1 + 2 * kMaxApart : 0);
    slots_.assign((size_t)(n_ + 1) * stride_, 0);
  }

  // Goes on from where it paused (see SearchTask); true once finished.
  bool run(uint64_t* budget) override {
    PauseAfter pause(&run_, budget);
    if (!walk(*this, stack_, &run_)) return false;
    run_.result.peak_bytes = run_.memo.bytes() + stack_.capacity() * sizeof(stack_[0]) + slots_.capacity() +
                             (dot_.capacity() + block_.capacity() + open_right_.capacity() + open_down_.capacity());
    return true;
  }
  const SolveFigures& figures() const override { return run_.result; }

  // A cell to decide, with its choices; its frontier is in slots_.
  struct Frame {
    uint64_t key_a, key_b, count;
    int cell;
    uint8_t option[2];  // bit 0: a line goes right, bit 1: down
    int options, next;
  };

  // For walk(): the cell's next choice (each cell's frontier is a copy of
  // the one before, so there is nothing to take back).
  bool enter(uint64_t* value) { return enter(0, value); }
  bool try_next(Frame& f, uint64_t* value) {
    const int i = f.cell;
    uint8_t* next = frontier(i + 1);
    const uint8_t* now = frontier(i);
    memcpy(next, now, no_touch_ ? (size_t)(2 * w_ + 2 + 2 * now[2 * w_ + 1]) : (size_t)w_ + 1);
    if (!step(i, f.option[f.next++], next)) {
      *value = 0;
      return true;
    }
    return enter(i + 1, value);
  }
  void back(const Frame&) {}

 private:

  // ---------------------------------------------------------------------------
  // [SECTION] The frontier: slots, labels and joins
  // ---------------------------------------------------------------------------
  // The frontier before cell i: slots 0..w-1 hang down from the row above
  // (or from this row's cells already decided), slot w reaches right; under
  // no-touch, w+1..2w the label of each column's last cell (0: none, or a
  // finished line's), 2w+1 the number of pairs kept apart, then the pairs.
  uint8_t* frontier(int i) { return &slots_[(size_t)i * stride_]; }
  uint8_t* column_labels(uint8_t* f) const { return f + w_ + 1; }
  uint8_t& apart_count(uint8_t* f) const { return f[2 * w_ + 1]; }
  uint8_t* apart(uint8_t* f) const { return f + 2 * w_ + 2; }

  bool linked(int a, int b) const {
    for (int d = 0; d < kDirCount; ++d)
      if (p_.neighbour(a, d) == b) return true;
    return false;
  }

  int board_cell(int i) const {
    const int r = i / w_, c = i % w_;
    return turned_ ? c * p_.width + r : r * p_.width + c;
  }

  // The other open end of pair label `label` in f, except slot `skip`.
  int partner(const uint8_t* f, uint8_t label, int skip) const {
    for (int s = 0; s <= w_; ++s)
      if (s != skip && f[s] == label) return s;
    return -1;
  }

  // Joins the pieces labelled a and b at a cell (their slots already cleared):
  // false when they cannot meet. *label: the joined line's label.
  bool join(uint8_t* f, uint8_t a, uint8_t b, uint8_t* label) const {
    if (a < kPair && b < kPair) {  // two ends of one colour: the line is done
      *label = a;
      return a == b;
    }
    if (a >= kPair && b >= kPair) {
      if (a == b) return false;  // a loop
      *label = a;
      if (no_touch_) return relabel(f, b, a);
      f[partner(f, b, -1)] = a;  // b's other end now pairs with a's
      return true;
    }
    const uint8_t pair = a >= kPair ? a : b, colour = a >= kPair ? b : a;
    *label = colour;
    if (no_touch_) return relabel(f, pair, colour);
    f[partner(f, pair, -1)] = colour;  // the piece now ends at that colour's dot
    return true;
  }

  // No-touch: every `from` becomes `to` (open pieces, column labels, pairs
  // kept apart); false when two labels kept apart become one.
  bool relabel(uint8_t* f, uint8_t from, uint8_t to) const {
    for (int s = 0; s <= w_; ++s)
      if (f[s] == from) f[s] = to;
    uint8_t* col = column_labels(f);
    for (int c = 0; c < w_; ++c)
      if (col[c] == from) col[c] = to;
    uint8_t* ap = apart(f);
    for (int j = 0; j < 2 * apart_count(f); ++j)
      if (ap[j] == from) ap[j] = to;
    int kept = 0;
    for (int j = 0; j < apart_count(f); ++j) {
      const uint8_t x = ap[2 * j], y = ap[2 * j + 1];
      if (x == y) return false;
      if (x < kPair && y < kPair) continue;  // two colours: apart for ever
      ap[2 * kept] = x;
      ap[2 * kept + 1] = y;
      ++kept;
    }
    apart_count(f) = (uint8_t)kept;
    return true;
  }

  // No-touch: colour k's line is done, so no cell to come can be on it: its
  // column labels become 0 and the pairs with it go.
  void finish(uint8_t* f, uint8_t k) const {
    uint8_t* col = column_labels(f);
    for (int c = 0; c < w_; ++c)
      if (col[c] == k) col[c] = 0;
    drop_pairs(f, k);
  }
  void drop_pairs(uint8_t* f, uint8_t label) const {
    uint8_t* ap = apart(f);
    int kept = 0;
    for (int j = 0; j < apart_count(f); ++j)
      if (ap[2 * j] != label && ap[2 * j + 1] != label) {
        ap[2 * kept] = ap[2 * j];
        ap[2 * kept + 1] = ap[2 * j + 1];
        ++kept;
      }
    apart_count(f) = (uint8_t)kept;
  }

  // No-touch: the cell just decided (label `label`) and a neighbour it is
  // not joined to (label `other`) must stay on different lines.
  bool keep_apart(uint8_t* f, uint8_t label, uint8_t other) {
    if (other == 0) return true;
    if (other == label) return false;  // the line would run beside itself
    if (label < kPair && other < kPair) return true;  // two colours: apart for ever
    const uint8_t lo = label < other ? label : other, hi = label < other ? other : label;
    uint8_t* ap = apart(f);
    for (int j = 0; j < apart_count(f); ++j)
      if (ap[2 * j] == lo && ap[2 * j + 1] == hi) return true;
    if (apart_count(f) == kMaxApart) {
      run_.result.capped = true;  // past what the frontier holds: stop, too large
      return false;
    }
    ap[2 * apart_count(f)] = lo;
    ap[2 * apart_count(f) + 1] = hi;
    ++apart_count(f);
    return true;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] A cell's choice: applied, and the choices it has
  // ---------------------------------------------------------------------------
  // Applies cell i's choice to its frontier (f: a copy to change); false when
  // it breaks a rule.
  bool step(int i, uint8_t option, uint8_t* f) {
    const int c = i % w_;
    const uint8_t up = f[c], left = f[w_];
    const bool go_right = option & 1, go_down = option & 2;
    const uint8_t colour = dot_[(size_t)i];
    f[c] = 0;
    f[w_] = 0;
    right_[(size_t)i] = go_right;
    down_[(size_t)i] = go_down;
    uint8_t label = 0;  // the line this cell is on
    if (block_[(size_t)i]) {  // not part of the board: no line, no neighbour
      if (no_touch_) column_labels(f)[c] = 0;
      return true;
    }
    if (colour) {
      const uint8_t in = up ? up : left;
      label = colour;
      if (!in) {  // the line starts here
        (go_right ? f[w_] : f[c]) = colour;
      } else if (in < kPair) {  // the line ends here
        if (in != colour) return false;
      } else if (no_touch_) {
        if (!relabel(f, in, colour)) return false;
      } else {
        f[partner(f, in, -1)] = colour;  // a piece reaches this dot
      }
    } else if (up && left) {
      if (!join(f, up, left, &label)) return false;
    } else if (up || left) {
      label = up ? up : left;
      (go_right ? f[w_] : f[c]) = label;
    } else {
      label = fresh_pair(f);  // a new piece, both ends open
      f[w_] = label;
      f[c] = label;
    }
    if (!no_touch_) return true;
    // No-touch: the neighbours above and to the left it is not joined to.
    uint8_t* col = column_labels(f);
    if (i >= w_ && !up && open_down_[(size_t)(i - w_)] && !keep_apart(f, label, col[c])) return false;
    if (c > 0 && !left && open_right_[(size_t)(i - 1)] && !keep_apart(f, label, col[c - 1])) return false;
    col[c] = label;
    // A finished line's cells need no label.
    if (label < kPair && !line_open(f, label)) finish(f, label);
    return true;
  }

  // No-touch: whether colour k's line may still grow: an open piece ends at
  // one of its dots, or a dot of it is still to come.
  bool line_open(const uint8_t* f, uint8_t k) const {
    for (int s = 0; s <= w_; ++s)
      if (f[s] == k) return true;
    return false;
  }

  uint8_t fresh_pair(const uint8_t* f) const {
    uint64_t used = 0;
    for (int s = 0; s <= w_; ++s)
      if (f[s] >= kPair) used |= 1ull << (f[s] - kPair);
    uint8_t j = 0;
    while (used >> j & 1) ++j;
    return (uint8_t)(kPair + j);
  }

  // The choices cell i has, given how many lines come in.
  int options_of(int i, const uint8_t* f, uint8_t* out) const {
    const int c = i % w_;
    const int in = (f[c] != 0) + (f[w_] != 0);
    if (block_[(size_t)i]) {  // a block: no line comes in
      if (in) return 0;
      out[0] = 0;
      return 1;
    }
    const int need = (dot_[(size_t)i] ? 1 : 2) - in;  // lines still to leave the cell
    const bool can_right = open_right_[(size_t)i], can_down = open_down_[(size_t)i];
    int n = 0;
    // No-touch: a line turning down from the left (a corner opening to the
    // lower left) needs a dot on the diagonal below to the left, and one
    // turning down from the right (open to the lower right) one on the
    // diagonal below to the right (see spike_).
    const bool empty = !dot_[(size_t)i];
    const bool turn_down_left = !no_touch_ || !empty || f[w_] == 0 || (spike_[(size_t)i] & kSpikeLeft);
    const bool turn_down_right = !no_touch_ || (spike_[(size_t)i] & kSpikeRight);
    if (need == 0) out[n++] = 0;
    else if (need == 1) {
      if (can_right) out[n++] = 1;
      if (can_down && turn_down_left) out[n++] = 2;
    } else if (need == 2 && can_right && can_down && turn_down_right) {
      out[n++] = 3;
    }
    return n;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Spikes: no-touch's turns
  // ---------------------------------------------------------------------------
  // No-touch: a cell where a line turns has, on the diagonal inside the
  // turn, a cell beside two cells of that line; it is on another line (or
  // the line runs beside itself), which must turn the same way round it, or
  // be a dot. So every such turn starts a run of like turns down that
  // diagonal which ends at a dot before the edge: spike_ says per cell on
  // which diagonals below it a dot lies.
  void find_spikes() {
    // On a board with blocks or walls the diagonal cell may be a block or
    // walled off: the rule does not hold there, so every turn is tried.
    if (!p_.plain()) {
      spike_.assign((size_t)n_, kSpikeLeft | kSpikeRight);
      return;
    }
    spike_.assign((size_t)n_, 0);
    for (int i = 0; i < n_; ++i) {
      const int r = i / w_, c = i % w_;
      for (int k = 1; r + k < h_ && c - k >= 0; ++k)
        if (dot_[(size_t)((r + k) * w_ + c - k)]) {
          spike_[(size_t)i] |= kSpikeLeft;
          break;
        }
      for (int k = 1; r + k < h_ && c + k < w_; ++k)
        if (dot_[(size_t)((r + k) * w_ + c + k)]) {
          spike_[(size_t)i] |= kSpikeRight;
          break;
        }
    }
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Keys, positions and solutions
  // ---------------------------------------------------------------------------
  // The key of (cell, frontier) with its pairs renumbered in order of first
  // appearance, so frontiers that differ only in those numbers meet (under
  // no-touch the pairs kept apart, renumbered alike, in order).
  void key_of(int i, uint8_t* f, uint64_t* a, uint64_t* b) const {
    uint8_t map[kPair] = {0};
    uint8_t next = 0;
    uint64_t ha = mix((uint64_t)i), hb = mix((uint64_t)i ^ 0x51ed27f3ull);
    const int used = no_touch_ ? 2 * w_ + 1 : w_ + 1;
    auto renumber = [&](uint8_t v) -> uint8_t {
      if (v < kPair) return v;
      uint8_t& m = map[v - kPair];
      if (!m) m = (uint8_t)(++next);
      return (uint8_t)(kPair + m);
    };
    for (int s = 0; s < used; ++s) {
      const uint8_t v = renumber(f[s]);
      ha = mix(ha ^ v);
      hb = mix(hb + v * 0x100000001b3ull);
    }
    if (!no_touch_) {
      *a = ha;
      *b = hb;
      return;
    }
    uint16_t pairs[kMaxApart];
    const int count = apart_count(f);
    const uint8_t* ap = apart(f);
    for (int j = 0; j < count; ++j) {
      const uint8_t x = renumber(ap[2 * j]), y = renumber(ap[2 * j + 1]);
      pairs[j] = x < y ? (uint16_t)(x << 8 | y) : (uint16_t)(y << 8 | x);
    }
    std::sort(pairs, pairs + count);
    for (int j = 0; j < count; ++j) {
      ha = mix(ha ^ (0x10000u | pairs[j]));
      hb = mix(hb + (0x10000u | pairs[j]) * 0x100000001b3ull);
    }
    *a = ha;
    *b = hb;
  }

  bool enter(int i, uint64_t* value) {
    *value = 0;
    if (!run_.count_node()) return true;
    uint8_t* f = frontier(i);
    if (i == n_) {
      for (int s = 0; s <= w_; ++s)
        if (f[s]) return true;
      record_solution();
      *value = 1;
      return true;
    }
    Frame fr;
    key_of(i, f, &fr.key_a, &fr.key_b);
    if (run_.recall(fr.key_a, fr.key_b, value)) return true;
    fr.options = options_of(i, f, fr.option);
    if (fr.options == 0) {
      run_.memo.store(fr.key_a, fr.key_b, 0);
      return true;
    }
    if (fr.options > 1) ++run_.result.branches;
    else ++run_.result.forced;
    fr.cell = i;
    fr.count = 0;
    fr.next = 0;
    stack_.push_back(fr);
    return false;
  }

  // The lines, walked from each colour's first dot along the cells' choices.
  void record_solution() {
    Solution* s = run_.next_solution();
    if (!s) return;
    s->colour.assign((size_t)n_, 0);
    s->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    std::vector<int> at_of((size_t)n_);  // board cell -> our cell
    for (int i = 0; i < n_; ++i) at_of[(size_t)board_cell(i)] = i;
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<int32_t>& line = s->lines[(size_t)k - 1];
      int at = at_of[(size_t)p_.ends[k][0]], from = -1;
      for (;;) {
        line.push_back((int32_t)board_cell(at));
        s->colour[(size_t)board_cell(at)] = (uint8_t)k;
        if (at != at_of[(size_t)p_.ends[k][0]] && dot_[(size_t)at]) break;
        const int ways[4] = {right_[(size_t)at] ? at + 1 : -1, down_[(size_t)at] ? at + w_ : -1,
                             at % w_ > 0 && right_[(size_t)at - 1] ? at - 1 : -1,
                             at >= w_ && down_[(size_t)(at - w_)] ? at - w_ : -1};
        int next = -1;
        for (int way : ways)
          if (way >= 0 && way != from) next = way;
        if (next < 0) break;
        from = at;
        at = next;
      }
    }
  }

  const Puzzle& p_;
  bool no_touch_;
  SearchRun run_;
  bool turned_;
  size_t stride_;  // bytes of one frontier
  int w_, h_, n_;
  std::vector<uint8_t> dot_;     // per cell (our order): its dot's colour, or 0
  std::vector<uint8_t> spike_;   // per cell: kSpikeLeft, kSpikeRight (see find_spikes)
  std::vector<uint8_t> block_;   // per cell: not part of the board
  std::vector<uint8_t> open_right_, open_down_;  // per cell: a line may go on that way (no edge, wall or block)
  std::vector<uint8_t> right_;   // per cell: the choice on the path searched now
  std::vector<uint8_t> down_;
  std::vector<uint8_t> slots_;   // the frontier before each cell
  std::vector<Frame> stack_;
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] search_frontier: the entry points
// ---------------------------------------------------------------------------
std::unique_ptr<SearchTask> begin_search_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                                  const SearchLimits& limits, Solution* first, Solution* second) {
  // The frontier runs across a flat board; any other goes to the line search.
  if (!puzzle.planar()) return begin_search_lines(puzzle, rules, max_count, limits, first, second);
  return std::unique_ptr<SearchTask>(new FrontierSearch(puzzle, rules, max_count, limits, first, second));
}

SolveFigures search_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                             Solution* first, Solution* second) {
  std::unique_ptr<SearchTask> search = begin_search_frontier(puzzle, rules, max_count, limits, first, second);
  search->run(nullptr);
  return search->figures();
}

}  // namespace lines
}  // namespace tl
