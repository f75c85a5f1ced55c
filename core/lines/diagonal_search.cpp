// The line-puzzle engine: the diagonal search, for no-touch on a plain board
// (when solve() runs it, and why: see lines.h).
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
// which needs a dot down that diagonal. Each join is O(1) (the lane's look
// ahead walks down its diagonal): the lines' pieces are kept as the two ends
// of each (end_), the cells' sides in con_, and an undo log takes a choice
// back. A board whose lines
// complete is then checked against the whole rule (a line may still run
// beside itself along a straight stretch). The memo remembers only the
// diagonals that led nowhere (begin_diagonal), and only while they come back:
// on most boards the turn rule leaves so few choices that remembering
// positions costs more than it saves.
//
// [SECTION] The search and its run
// [SECTION] Joins and their undo
// [SECTION] The turns round a cell
// [SECTION] Diagonals and the memo
// [SECTION] A cell's choices
// [SECTION] The depth-first search
// [SECTION] Finished boards
// [SECTION] DiagonalRun and search_diagonal
#include <utility>

#include "lines.h"
#include "walk.h"

namespace tl {
namespace lines {

// ---------------------------------------------------------------------------
// [SECTION] The search and its run
// ---------------------------------------------------------------------------
constexpr uint8_t kN = 1, kE = 2, kS = 4, kW = 8;
constexpr uint8_t kOutside = 0, kEmpty = 1, kDot = 2;

// The number of sides set in a cell's sides.
constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
inline int bits(uint8_t c) { return kBits[c & 15]; }

class DiagonalSearch {
 public:
  DiagonalSearch(const Puzzle& p, uint64_t max_count, const SearchLimits& limits, Solution* first, Solution* second)
      : p_(p), run_(max_count, quarter_memo(limits), first, second) {
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
    // One pass from the bottom row up: a cell's lower-right neighbour is a
    // dot or has one down its diagonal (the rim's cells have none).
    dot_below_.assign(n, 0);
    for (int y = p.height - 1; y >= 0; --y)
      for (int x = 0; x < p.width; ++x) {
        const size_t at = (size_t)at_of(x, y), right = at + (size_t)w_ + 1, left = at + (size_t)w_ - 1;
        if (kind_[right] == kDot || (dot_below_[right] & kLowerRight)) dot_below_[at] |= kLowerRight;
        if (kind_[left] == kDot || (dot_below_[left] & kLowerLeft)) dot_below_[at] |= kLowerLeft;
      }
    // The order: anti-diagonal by anti-diagonal, each from the top right.
    order_.reserve((size_t)p.cells());
    for (int d = 0; d < p.width + p.height - 1; ++d)
      for (int y = d < p.width ? 0 : d - p.width + 1; y < p.height && d - y >= 0; ++y) order_.push_back(at_of(d - y, y));
    log_.resize(2 * order_.size() + 2);
    starts_diagonal_.assign(order_.size(), 0);
    for (size_t k = 1; k < order_.size(); ++k)
      starts_diagonal_[k] = diagonal_of(order_[k]) != diagonal_of(order_[k - 1]);
    open_.resize((size_t)(p.width + p.height));
    frames_.resize(order_.size() + 1);
  }

  // Searches on from where the last call stopped until `max_nodes`
  // positions in all (or an answer).
  SolveFigures run(uint64_t max_nodes) {
    run_.limits.max_positions = max_nodes;
    if (!finished_) {
      run_.result.capped = false;
      search();
    }
    run_.result.peak_bytes = kind_.capacity() + capacity_.capacity() + colour_.capacity() + con_.capacity() + dot_below_.capacity() +
                         (end_.capacity() + order_.capacity()) * sizeof(int32_t) +
                         frames_.capacity() * sizeof(Frame) + log_.capacity() * sizeof(Join) +
                         open_.capacity() * sizeof(Opened) + starts_diagonal_.capacity() + run_.memo.bytes();
    return run_.result;
  }

 private:
  // ---------------------------------------------------------------------------
  // [SECTION] Joins and their undo
  // ---------------------------------------------------------------------------
  static constexpr uint8_t kLowerRight = 1, kLowerLeft = 2;

  static SearchLimits quarter_memo(SearchLimits limits) {
    limits.max_memo_bytes /= 4;
    return limits;
  }

  // A cell of the order with two choices (the sides it opens to the right
  // and down): the next to try, and where the undo log stood before it.
  struct Frame {
    int32_t k;
    uint32_t log_mark;
    uint8_t option[2];
    uint8_t options, next;
  };
  // A diagonal begun on the way to this position: where, its key, and the
  // solutions found and whole-rule refusals when it began.
  struct Opened {
    int32_t k;
    uint64_t key_a, key_b, count, refusals;
  };
  // A join to take back: the cells joined, their pieces' far ends, and
  // what they held before. (The log has room for a full board: two joins a
  // cell.)
  struct Join {
    int32_t a, b, ea, eb, old_end_ea, old_end_eb;
    uint8_t old_con_a, old_con_b;
  };

  int at_of(int x, int y) const { return (y + 1) * w_ + x + 1; }
  int capacity(int at) const { return capacity_[(size_t)at]; }

  // Takes back the joins made since the log stood at `mark`.
  void undo(uint32_t mark) {
    while (log_size_ > mark) {
      const Join& j = log_[--log_size_];
      end_[(size_t)j.eb] = j.old_end_eb;
      end_[(size_t)j.ea] = j.old_end_ea;
      con_[(size_t)j.b] = j.old_con_b;
      con_[(size_t)j.a] = j.old_con_a;
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
    log_[log_size_++] = Join{a, b, ea, eb, end_[(size_t)ea], end_[(size_t)eb], con_[(size_t)a], con_[(size_t)b]};
    con_[(size_t)a] |= dir;
    con_[(size_t)b] = cb_now;
    end_[(size_t)ea] = eb;
    end_[(size_t)eb] = ea;
    return true;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] The turns round a cell
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] Diagonals and the memo
  // ---------------------------------------------------------------------------
  // The memo of positions that lead nowhere. When a diagonal begins (at the
  // k-th cell of the order), what the rest of the search can see of the
  // decided cells is: the sides of the diagonal's cells lines come in by,
  // each open end's line (its colour, or the row of the other end of a piece
  // of no colour yet), and of the two diagonals before, which cells turn
  // down to the right (the turn rule's inside cells) and which leave by
  // nothing but up and left. The key is those, hashed twice. Only the whole
  // rule, checked on a finished board, sees more (a line beside itself), so
  // a diagonal is remembered as leading nowhere only when every board it led
  // to failed without that check. Independent parts of a board (a row of
  // gadgets) are so searched once each. False when the memo knows this one.
  bool begin_diagonal(int k) {
    const int d = diagonal_of(order_[(size_t)k]);
    uint64_t a = mix((uint64_t)d), b = mix((uint64_t)d ^ 0x5bd1e995ull);
    for (int back = 0; back <= 2 && d - back >= 0; ++back) {
      const int e = d - back;  // the cells of diagonal e, from the top right
      const int x0 = e < p_.width ? e : p_.width - 1;
      for (int x = x0, y = e - x0; x >= 0 && y < p_.height; --x, ++y) {
        const int at = at_of(x, y);
        const uint8_t c = con_[(size_t)at];
        uint64_t v;
        if (back == 0) {
          v = c;
          if (kind_[(size_t)at] == kEmpty && bits(c) == 1) {
            const int32_t other = end_[(size_t)at];
            v |= colour_[(size_t)other] ? (uint64_t)colour_[(size_t)other] << 4 : ((uint64_t)(other / w_) << 12) | 0x800;
          }
        } else {
          v = (c == (kS | kE) ? 1u : 0u) | ((c & ~(kN | kW)) == 0 ? 2u : 0u);
        }
        a = mix(a ^ v);
        b = mix(b + v * 0x9e3779b97f4a7c15ull);
      }
      a = mix(a ^ 0xffff);
    }
    uint64_t found;
    if (run_.memo.find(a, b, &found)) {
      ++hits_;
      return false;
    }
    // A board whose diagonals do not come back (most boards with long
    // lines) stops paying for the memo: after 4,096 diagonals with fewer
    // than one in 64 met again, it remembers no more.
    if (++begun_ == 4096 && hits_ * 64 < begun_) {
      remembering_ = false;
      run_.memo = Memo(0);  // its memory back
      opened_ = 0;
      return true;
    }
    open_[(size_t)opened_++] = Opened{k, a, b, run_.result.count, refusals_};
    return true;
  }
  // Going back to the k-th cell: every choice from the diagonals begun after
  // it has been tried. Each is remembered as leading nowhere if it found
  // nothing and only the cells' own rules refused it.
  void end_diagonals_after(int k) {
    while (opened_ > 0 && open_[(size_t)opened_ - 1].k > k) {
      const Opened& g = open_[(size_t)--opened_];
      if (g.count == run_.result.count && g.refusals == refusals_) run_.memo.store(g.key_a, g.key_b, 0);
    }
  }
  int diagonal_of(int at) const { return at % w_ + at / w_ - 2; }

  // ---------------------------------------------------------------------------
  // [SECTION] A cell's choices
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] The depth-first search
  // ---------------------------------------------------------------------------
  // Depth-first: a cell with one choice takes it at once; a cell with two
  // pushes a frame, and a dead end goes back to the last frame with a
  // choice left (undoing every change since it in one go).
  void search() {
    const int n = (int)order_.size();
    int k = k_;
    for (;;) {
      // Forward: decide cells until a dead end or a finished board.
      bool dead = false;
      while (k < n) {
        if (run_.result.nodes >= run_.limits.max_positions) {  // the cap: the next call goes on from this cell
          run_.result.capped = true;
          run_.result.solvable = run_.result.count > 0;
          k_ = k;
          return;
        }
        ++run_.result.nodes;
        if (remembering_ && starts_diagonal_[(size_t)k] && !begin_diagonal(k)) {
          dead = true;  // this diagonal, with the same lines coming in, led nowhere before
          break;
        }
        Frame f;
        options_of(k, &f);
        if (f.options == 0) {
          dead = true;
          break;
        }
        if (f.options == 1) {
          ++run_.result.forced;
          if (!apply(k, f.option[0])) {
            dead = true;
            break;
          }
          ++k;
          continue;
        }
        ++run_.result.branches;
        f.k = k;
        f.log_mark = log_size_;
        f.next = 1;
        frames_[(size_t)depth_++] = f;
        if (apply(k, f.option[0])) {
          ++k;
          continue;
        }
        dead = true;
        break;
      }
      if (!dead) {  // a finished board
        ++run_.result.nodes;
        if (whole_rule_holds()) {
          record_solution();
          if (++run_.result.count >= run_.max_count) break;
        } else {
          ++refusals_;
        }
      }
      // Back: the last frame with a choice left takes it.
      bool resumed = false;
      while (depth_ > 0) {
        Frame& f = frames_[(size_t)depth_ - 1];
        undo(f.log_mark);
        if (f.next == f.options) {
          --depth_;
          continue;
        }
        if (apply(f.k, f.option[f.next++])) {
          k = f.k + 1;
          resumed = true;
          break;
        }
      }
      end_diagonals_after(resumed ? k - 1 : -1);
      if (!resumed) break;
    }
    finished_ = true;
    run_.result.solvable = run_.result.count > 0;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Finished boards: the whole rule and the solutions
  // ---------------------------------------------------------------------------
  // The whole no-touch rule on a finished board: two cells side by side on
  // one line are consecutive on it.
  // Calls visit(at) for each cell of colour k's line on a finished board,
  // from its first dot.
  template <typename Visit>
  void trace(int k, Visit visit) const {
    int at = at_of(p_.ends[k][0] % p_.width, p_.ends[k][0] / p_.width), from = -1;
    for (;;) {
      visit(at);
      int next = -1;
      const int ways[4] = {at - w_, at + 1, at + w_, at - 1};
      for (int d = 0; d < 4; ++d)
        if ((con_[(size_t)at] >> d & 1) && ways[d] != from) next = ways[d];
      if (next < 0) return;
      from = at;
      at = next;
    }
  }

  bool whole_rule_holds() {
    line_.assign(con_.size(), 0);
    for (int k = 1; k <= p_.colours; ++k) trace(k, [&](int at) { line_[(size_t)at] = (uint8_t)k; });
    for (int at : order_) {
      const uint8_t k = line_[(size_t)at];
      if (line_[(size_t)(at + 1)] == k && !(con_[(size_t)at] & kE)) return false;
      if (line_[(size_t)(at + w_)] == k && !(con_[(size_t)at] & kS)) return false;
    }
    return true;
  }

  void record_solution() {
    Solution* s = run_.next_solution();
    if (!s) return;
    s->colour.assign((size_t)p_.cells(), 0);
    s->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<int32_t>& line = s->lines[(size_t)k - 1];
      trace(k, [&](int at) {
        const int32_t cell = (int32_t)((at / w_ - 1) * p_.width + at % w_ - 1);
        line.push_back(cell);
        s->colour[(size_t)cell] = (uint8_t)k;
      });
    }
  }

  const Puzzle& p_;
  // The count asked for, the limits, the solutions and the figures, and the
  // memo: the diagonals' keys that led nowhere (begin_diagonal), in a
  // quarter of the memo's bytes.
  SearchRun run_;
  int k_ = 0;               // the cell the search goes on from
  std::vector<Opened> open_;  // the diagonals begun on the way to this position
  int opened_ = 0;          // how many
  std::vector<uint8_t> starts_diagonal_;  // per cell of the order: whether a diagonal begins there
  uint64_t refusals_ = 0;   // finished boards the whole rule refused
  bool remembering_ = true; // whether the memo is used (begin_diagonal)
  uint64_t begun_ = 0, hits_ = 0;  // diagonals begun, and found in the memo
  bool finished_ = false;   // every board searched, or the count asked for found
  int w_;                          // the board's width with its rim
  std::vector<uint8_t> kind_;      // per cell: kOutside, kEmpty, kDot
  std::vector<uint8_t> capacity_;  // per cell: the sides it takes (outside 0, a dot 1, else 2)
  std::vector<uint8_t> colour_;    // per cell: its dot's colour, or 0
  std::vector<uint8_t> con_;       // per cell: its sides a line leaves by (kN, kE, kS, kW)
  std::vector<int32_t> end_;       // per end of a piece of line: its other end
  std::vector<uint8_t> dot_below_; // per cell: kLowerRight, kLowerLeft (see the constructor)
  std::vector<int32_t> order_;     // the cells in the order decided
  std::vector<Frame> frames_;      // the cells with a choice left on the way to this position
  int depth_ = 0;                  // how many
  std::vector<Join> log_;          // the joins since the first cell, to take back
  uint32_t log_size_ = 0;
  std::vector<uint8_t> line_;      // scratch: each cell's line on a finished board
};

// ---------------------------------------------------------------------------
// [SECTION] DiagonalRun and search_diagonal
// ---------------------------------------------------------------------------
DiagonalRun::DiagonalRun(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                         Solution* second)
    : search_(new DiagonalSearch(puzzle, max_count, limits, first, second)) {}

DiagonalRun::~DiagonalRun() { delete search_; }

SolveFigures DiagonalRun::run(uint64_t max_nodes) { return search_->run(max_nodes); }

SolveFigures search_diagonal(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                             Solution* second) {
  DiagonalRun run(puzzle, max_count, limits, first, second);
  return run.run(limits.max_positions);
}

}  // namespace lines
}  // namespace tl
