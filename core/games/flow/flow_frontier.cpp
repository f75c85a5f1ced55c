// Flow: the frontier search for the fill rule (see flow.h).
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
#include <string.h>

#include "../../grid.h"
#include "flow.h"
#include "flow_search.h"

namespace tl {
namespace flow {

namespace {

constexpr uint8_t kPair = 64;  // labels kPair + j: the two open ends of piece j

class FrontierSearch {
 public:
  FrontierSearch(const Puzzle& p, uint64_t max_count, const SolveLimits& limits, Solution* first, Solution* second)
      : p_(p), run_(max_count, limits, first, second) {
    turned_ = p.width > p.height;  // the frontier runs along the shorter side
    w_ = turned_ ? p.height : p.width;
    h_ = turned_ ? p.width : p.height;
    n_ = w_ * h_;
    dot_.resize((size_t)n_);
    for (int i = 0; i < n_; ++i) dot_[(size_t)i] = p.dot[(size_t)board_cell(i)];
    right_.assign((size_t)n_, 0);
    down_.assign((size_t)n_, 0);
    slots_.assign((size_t)(n_ + 1) * (size_t)(w_ + 1), 0);
  }

  SolveFigures run() {
    walk(*this, stack_, &run_);
    return run_.result;
  }

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
    memcpy(next, frontier(i), (size_t)w_ + 1);
    if (!step(i, f.option[f.next++], next)) {
      *value = 0;
      return true;
    }
    return enter(i + 1, value);
  }
  void back(const Frame&) {}

 private:

  // The frontier before cell i: slots 0..w-1 hang down from the row above
  // (or from this row's cells already decided), slot w reaches right.
  uint8_t* frontier(int i) { return &slots_[(size_t)i * (size_t)(w_ + 1)]; }

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
  // false when they cannot meet.
  bool join(uint8_t* f, uint8_t a, uint8_t b) const {
    if (a < kPair && b < kPair) return a == b;  // two ends of one colour: the line is done
    if (a >= kPair && b >= kPair) {
      if (a == b) return false;  // a loop
      const int s = partner(f, b, -1);
      f[s] = a;                  // b's other end now pairs with a's
      return true;
    }
    const uint8_t pair = a >= kPair ? a : b, colour = a >= kPair ? b : a;
    f[partner(f, pair, -1)] = colour;  // the piece now ends at that colour's dot
    return true;
  }

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
    if (colour) {
      const uint8_t in = up ? up : left;
      if (!in) {  // the line starts here
        (go_right ? f[w_] : f[c]) = colour;
        return true;
      }
      if (in < kPair) return in == colour;  // the line ends here
      f[partner(f, in, -1)] = colour;       // a piece reaches this dot
      return true;
    }
    if (up && left) return join(f, up, left);
    if (up || left) {
      (go_right ? f[w_] : f[c]) = up ? up : left;
      return true;
    }
    const uint8_t label = fresh_pair(f);  // a new piece, both ends open
    f[w_] = label;
    f[c] = label;
    return true;
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
    const int r = i / w_, c = i % w_;
    const int in = (f[c] != 0) + (f[w_] != 0);
    const int need = (dot_[(size_t)i] ? 1 : 2) - in;  // lines still to leave the cell
    const bool can_right = c + 1 < w_, can_down = r + 1 < h_;
    int n = 0;
    if (need == 0) out[n++] = 0;
    else if (need == 1) {
      if (can_right) out[n++] = 1;
      if (can_down) out[n++] = 2;
    } else if (need == 2 && can_right && can_down) {
      out[n++] = 3;
    }
    return n;
  }

  // The key of (cell, frontier) with its pairs renumbered in order of first
  // appearance, so frontiers that differ only in those numbers meet.
  void key_of(int i, const uint8_t* f, uint64_t* a, uint64_t* b) const {
    uint8_t map[kPair] = {0};
    uint8_t next = 0;
    uint64_t ha = mix((uint64_t)i), hb = mix((uint64_t)i ^ 0x51ed27f3ull);
    for (int s = 0; s <= w_; ++s) {
      uint8_t v = f[s];
      if (v >= kPair) {
        uint8_t& m = map[v - kPair];
        if (!m) m = (uint8_t)(++next);
        v = (uint8_t)(kPair + m);
      }
      ha = mix(ha ^ v);
      hb = mix(hb + v * 0x100000001b3ull);
    }
    *a = ha;
    *b = hb;
  }

  bool enter(int i, uint64_t* value) {
    *value = 0;
    if (!run_.count_node()) return true;
    const uint8_t* f = frontier(i);
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
    s->lines.assign((size_t)p_.colours, std::vector<uint16_t>());
    std::vector<int> at_of((size_t)n_);  // board cell -> our cell
    for (int i = 0; i < n_; ++i) at_of[(size_t)board_cell(i)] = i;
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<uint16_t>& line = s->lines[(size_t)k - 1];
      int at = at_of[(size_t)p_.ends[k][0]], from = -1;
      for (;;) {
        line.push_back((uint16_t)board_cell(at));
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
  SearchRun run_;
  bool turned_;
  int w_, h_, n_;
  std::vector<uint8_t> dot_;     // per cell (our order): its dot's colour, or 0
  std::vector<uint8_t> right_;   // per cell: the choice on the path searched now
  std::vector<uint8_t> down_;
  std::vector<uint8_t> slots_;   // the frontier before each cell
  std::vector<Frame> stack_;
};

}  // namespace

SolveFigures count_fill(const Puzzle& puzzle, uint64_t max_count, const SolveLimits& limits, Solution* first,
                        Solution* second) {
  std::unique_ptr<FrontierSearch> search(new FrontierSearch(puzzle, max_count, limits, first, second));
  return search->run();
}

}  // namespace flow
}  // namespace tl
