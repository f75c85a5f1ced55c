// Flow: the diagonal search, for no-touch on a plain board (when solve()
// runs it, and why: see flow_search.h).
//
// Under no-touch with every cell filled, a line that turns forces its
// neighbours: the cell inside a turn (on the diagonal between the turn's two
// arms) is beside two cells of that line, so it is on another line, which
// cannot enter those two cells: it turns the same way round, or it is a dot
// whose one way on leads away from them. So a turn heads a run of like turns
// down its inner diagonal that ends at a dot, and most cells of a board have
// one choice once their neighbours above and to the left are decided.
//
// The search decides the cells in order of their anti-diagonals (top-left
// corner first; along each anti-diagonal from the top right down to the
// left), so that when a diagonal begins, every line coming into its cells
// from above and from the left is known. Each cell then takes its lines on to
// the right, down, both or neither, as its dot or emptiness needs, and the
// turn rule above is checked against the decided cells around it, with two
// looks ahead: a turn down to the left needs every cell down its inner
// diagonal to the dot to be entered from the left alone so far, and a cell
// left with no line in from above or the left must open to the lower right,
// which needs a dot down that diagonal. Each cell's change is O(1): the
// lines' pieces are kept as the two ends of each (end_), the cells' sides
// in con_, and an undo log takes a choice back. There is no memo: the turn
// rule leaves so few choices that remembering positions costs more than it
// saves. A board whose lines complete is then checked against the whole
// rule (a line may still run beside itself along a straight stretch).
#include <string.h>

#include <memory>

#include "flow.h"
#include "flow_search.h"

namespace tl {
namespace flow {

namespace {

constexpr uint8_t kN = 1, kE = 2, kS = 4, kW = 8;
constexpr uint8_t kOutside = 0, kEmpty = 1, kDot = 2;

// The number of sides set in a cell's sides.
constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
inline int bits(uint8_t c) { return kBits[c & 15]; }

class DiagonalSearch {
 public:
  DiagonalSearch(const Puzzle& p, uint64_t max_count, const SolveLimits& limits, Solution* first, Solution* second)
      : p_(p), max_count_(max_count < 1 ? 1 : max_count), limits_(limits) {
    out_[0] = first;
    out_[1] = second;
    // The board with a rim of outside cells, so every cell has four neighbours.
    w_ = p.width + 2;
    const int h = p.height + 2;
    const size_t n = (size_t)w_ * (size_t)h;
    kind_.assign(n, kOutside);
    capacity_.assign(n, 0);
    colour_.assign(n, 0);
    con_.assign(n, 0);
    end_.resize(n);
    for (size_t i = 0; i < n; ++i) end_[i] = (int32_t)i;
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) {
        const size_t at = (size_t)at_of(x, y);
        colour_[at] = p.dot[(size_t)(y * p.width + x)];
        kind_[at] = colour_[at] ? kDot : kEmpty;
        capacity_[at] = colour_[at] ? 1 : 2;
      }
    // Per cell: whether a dot lies down its diagonals (to the lower right, to
    // the lower left), where a run of turns that begins there can end.
    dot_below_.assign(n, 0);
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) {
        const int at = at_of(x, y);
        for (int k = 1; y + k < p.height && x + k < p.width; ++k)
          if (kind_[(size_t)at_of(x + k, y + k)] == kDot) {
            dot_below_[(size_t)at] |= kLowerRight;
            break;
          }
        for (int k = 1; y + k < p.height && x - k >= 0; ++k)
          if (kind_[(size_t)at_of(x - k, y + k)] == kDot) {
            dot_below_[(size_t)at] |= kLowerLeft;
            break;
          }
      }
    // The order: anti-diagonal by anti-diagonal, each from the top right.
    order_.reserve((size_t)p.cells());
    for (int d = 0; d < p.width + p.height - 1; ++d)
      for (int y = d < p.width ? 0 : d - p.width + 1; y < p.height && d - y >= 0; ++y) order_.push_back(at_of(d - y, y));
    frames_.reserve(order_.size());
    log_.resize(8 * order_.size() + 8);
  }

  SolveFigures run() {
    search();
    result_.peak_bytes = kind_.capacity() + capacity_.capacity() + colour_.capacity() + con_.capacity() + dot_below_.capacity() +
                         (end_.capacity() + order_.capacity()) * sizeof(int32_t) +
                         frames_.capacity() * sizeof(Frame) + log_.capacity() * sizeof(Change);
    return result_;
  }

 private:
  static constexpr uint8_t kLowerRight = 1, kLowerLeft = 2;

  // A cell of the order with two choices (the sides it opens to the right
  // and down): the next to try, and where the undo log stood before it.
  struct Frame {
    int32_t k;
    uint32_t log_mark;
    uint8_t option[2];
    uint8_t options, next;
  };
  // A change to take back: con_ (at < 0: cell ~at) or end_ (cell at).
  struct Change {
    int32_t at, old;
  };

  int at_of(int x, int y) const { return (y + 1) * w_ + x + 1; }
  int capacity(int at) const { return capacity_[(size_t)at]; }

  // (The log has room for every change of a full board: four a join, two
  // joins a cell.)
  void set_con(int at, uint8_t v) {
    log_[log_size_++] = Change{~at, con_[(size_t)at]};
    con_[(size_t)at] = v;
  }
  void set_end(int at, int32_t v) {
    log_[log_size_++] = Change{at, end_[(size_t)at]};
    end_[(size_t)at] = v;
  }
  void undo(uint32_t mark) {
    while (log_size_ > mark) {
      const Change& c = log_[--log_size_];
      if (c.at < 0) con_[(size_t)~c.at] = (uint8_t)c.old;
      else end_[(size_t)c.at] = c.old;
    }
  }

  // Joins cell a to its neighbour b (side `dir` of a, `back` of b): false
  // when b is outside or full, or the join would close a loop or join two
  // colours.
  bool connect(int a, int b, uint8_t dir, uint8_t back) {
    if (bits(con_[(size_t)b]) >= capacity(b)) return false;  // full, or outside (capacity 0)
    const int32_t ea = end_[(size_t)a], eb = end_[(size_t)b];
    if (ea == b) return false;  // a and b already end one piece: a loop
    const uint8_t ca = colour_[(size_t)ea], cb = colour_[(size_t)eb];
    if (ca && cb && ca != cb) return false;
    // b, decided later, must already keep the turn rule with the turns
    // decided around it: inside one (allowed()), or turning up and left round
    // a cell that leaves another way.
    const uint8_t cb_now = con_[(size_t)b] | back;
    if (cb_now & ~allowed(b)) return false;
    if (cb_now == (kN | kW) && (con_[(size_t)(b - w_ - 1)] & ~(kN | kW))) return false;
    set_con(a, con_[(size_t)a] | dir);
    set_con(b, cb_now);
    set_end(ea, eb);
    set_end(eb, ea);
    return true;
  }

  // The sides cell `at` may end with, from the turns decided around it: a
  // turn opening to the lower right at the upper left, or to the lower left
  // at the upper right, has this cell inside it.
  uint8_t allowed(int at) const {
    uint8_t ok = kN | kE | kS | kW;
    if (con_[(size_t)(at - w_ - 1)] == (kS | kE)) ok &= kS | kE;
    if (con_[(size_t)(at - w_ + 1)] == (kS | kW)) ok &= kS | kW;
    return ok;
  }

  // A turn down to the left at `at`: every cell down its inner diagonal to
  // the dot is entered from the left alone so far (each must turn the same).
  bool lane_clear(int at) const {
    for (int q = at + w_ - 1;; q += w_ - 1) {
      if (kind_[(size_t)q] == kDot) return !(con_[(size_t)q] & kN);  // the dot leads away, not up
      if (kind_[(size_t)q] == kOutside || con_[(size_t)q] != kW) return false;
    }
  }

  // A cell that gets no line from the left must open to the lower right
  // when nothing comes in from above either: a dot must lie down that
  // diagonal (a dot itself may go either way).
  bool right_cell_can_open(int at) const {
    const int r = at + 1;
    return kind_[(size_t)r] != kEmpty || con_[(size_t)r] != 0 || (dot_below_[(size_t)r] & kLowerRight);
  }

  // Whether cell `at`, its sides now final, keeps the turn rule with the
  // decided cells: inside a turn above (allowed()), and a turn up here with
  // its inner cell above.
  bool turn_rule_holds(int at) const {
    const uint8_t c = con_[(size_t)at];
    if (c & ~allowed(at)) return false;
    if (c == (kN | kW) && (con_[(size_t)(at - w_ - 1)] & ~(kN | kW))) return false;
    if (c == (kN | kE) && (con_[(size_t)(at - w_ + 1)] & ~(kN | kE))) return false;
    return true;
  }

  // The choices of the k-th cell of the order (bits: 1 right, 2 down).
  void options_of(int k, Frame* f) const {
    const int at = order_[(size_t)k];
    const uint8_t in = con_[(size_t)at];
    f->options = 0;
    f->next = 0;
    const int need = capacity(at) - bits(in);
    if (need < 0) return;
    if (need == 0) {
      f->option[f->options++] = 0;
      return;
    }
    if (need == 2) {  // an empty cell with nothing in: it opens to the lower right
      if (dot_below_[(size_t)at] & kLowerRight) f->option[f->options++] = 3;
      return;
    }
    const bool empty = kind_[(size_t)at] == kEmpty;
    f->option[f->options++] = 1;
    // Down: a turn from the left needs its lane to the dot clear.
    if (!empty || in != kW || ((dot_below_[(size_t)at] & kLowerLeft) && lane_clear(at))) f->option[f->options++] = 2;
  }

  // Applies the k-th cell's choice; false when it breaks a rule.
  bool apply(int k, uint8_t option) {
    const int at = order_[(size_t)k];
    if ((option & 1) && !connect(at, at + 1, kE, kW)) return false;
    if ((option & 2) && !connect(at, at + w_, kS, kN)) return false;
    if (!(option & 1) && !right_cell_can_open(at)) return false;
    return turn_rule_holds(at);
  }

  // Depth-first: a cell with one choice takes it at once; a cell with two
  // pushes a frame, and a dead end goes back to the last frame with a
  // choice left (undoing every change since it in one go).
  void search() {
    const int n = (int)order_.size();
    int k = 0;
    for (;;) {
      // Forward: decide cells until a dead end or a finished board.
      bool dead = false;
      while (k < n) {
        if (++result_.nodes > limits_.max_nodes) {
          result_.capped = true;
          result_.solvable = result_.count > 0;
          return;
        }
        Frame f;
        options_of(k, &f);
        if (f.options == 0) {
          dead = true;
          break;
        }
        if (f.options == 1) {
          ++result_.forced;
          if (!apply(k, f.option[0])) {
            dead = true;
            break;
          }
          ++k;
          continue;
        }
        ++result_.branches;
        f.k = k;
        f.log_mark = log_size_;
        f.next = 1;
        frames_.push_back(f);
        if (apply(k, f.option[0])) {
          ++k;
          continue;
        }
        dead = true;
        break;
      }
      if (!dead) {  // a finished board
        ++result_.nodes;
        if (whole_rule_holds()) {
          record_solution();
          if (++result_.count >= max_count_) break;
        }
      }
      // Back: the last frame with a choice left takes it.
      bool resumed = false;
      while (!frames_.empty()) {
        Frame& f = frames_.back();
        undo(f.log_mark);
        if (f.next == f.options) {
          frames_.pop_back();
          continue;
        }
        if (apply(f.k, f.option[f.next++])) {
          k = f.k + 1;
          resumed = true;
          break;
        }
      }
      if (!resumed) break;
    }
    result_.solvable = result_.count > 0;
  }

  // The whole no-touch rule on a finished board: two cells side by side on
  // one line are consecutive on it.
  bool whole_rule_holds() {
    line_.assign(con_.size(), 0);
    for (int k = 1; k <= p_.colours; ++k) {
      int at = at_of(p_.ends[k][0] % p_.width, p_.ends[k][0] / p_.width), from = -1;
      for (;;) {
        line_[(size_t)at] = (uint8_t)k;
        int next = -1;
        const int ways[4] = {at - w_, at + 1, at + w_, at - 1};
        for (int d = 0; d < 4; ++d)
          if ((con_[(size_t)at] >> d & 1) && ways[d] != from) next = ways[d];
        if (next < 0) break;
        from = at;
        at = next;
      }
    }
    for (int at : order_) {
      const uint8_t k = line_[(size_t)at];
      if (line_[(size_t)(at + 1)] == k && !(con_[(size_t)at] & kE)) return false;
      if (line_[(size_t)(at + w_)] == k && !(con_[(size_t)at] & kS)) return false;
    }
    return true;
  }

  void record_solution() {
    Solution* s = recorded_ < 2 ? out_[recorded_++] : nullptr;
    if (!s) return;
    s->colour.assign((size_t)p_.cells(), 0);
    s->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<int32_t>& line = s->lines[(size_t)k - 1];
      int at = at_of(p_.ends[k][0] % p_.width, p_.ends[k][0] / p_.width), from = -1;
      for (;;) {
        const int32_t cell = (int32_t)((at / w_ - 1) * p_.width + at % w_ - 1);
        line.push_back(cell);
        s->colour[(size_t)cell] = (uint8_t)k;
        int next = -1;
        const int ways[4] = {at - w_, at + 1, at + w_, at - 1};
        for (int d = 0; d < 4; ++d)
          if ((con_[(size_t)at] >> d & 1) && ways[d] != from) next = ways[d];
        if (next < 0) break;
        from = at;
        at = next;
      }
    }
  }

  const Puzzle& p_;
  uint64_t max_count_;
  SolveLimits limits_;
  Solution* out_[2];
  int recorded_ = 0;
  SolveFigures result_;
  int w_;                          // the board's width with its rim
  std::vector<uint8_t> kind_;      // per cell: kOutside, kEmpty, kDot
  std::vector<uint8_t> capacity_;  // per cell: the sides it takes (outside 0, a dot 1, else 2)
  std::vector<uint8_t> colour_;    // per cell: its dot's colour, or 0
  std::vector<uint8_t> con_;       // per cell: its sides a line leaves by (kN, kE, kS, kW)
  std::vector<int32_t> end_;       // per end of a piece of line: its other end
  std::vector<uint8_t> dot_below_; // per cell: kLowerRight, kLowerLeft (see the constructor)
  std::vector<int32_t> order_;     // the cells in the order decided
  std::vector<Frame> frames_;      // the cells with a choice left on the way to this position
  std::vector<Change> log_;        // the changes since the first cell, to take back
  uint32_t log_size_ = 0;
  std::vector<uint8_t> line_;      // scratch: each cell's line on a finished board
};

}  // namespace

SolveFigures search_diagonal(const Puzzle& puzzle, uint64_t max_count, const SolveLimits& limits, Solution* first,
                             Solution* second) {
  std::unique_ptr<DiagonalSearch> search(new DiagonalSearch(puzzle, max_count, limits, first, second));
  return search->run();
}

}  // namespace flow
}  // namespace tl
