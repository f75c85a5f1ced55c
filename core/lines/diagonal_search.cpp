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
// of each (Cell::end), the cells' sides (Cell::con), and an undo log takes a choice
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
// [SECTION] Two threads
// [SECTION] DiagonalRun and search_diagonal
#include <algorithm>
#include <memory>
#include <utility>

#include "lines.h"
#include "walk.h"

namespace tl {
namespace lines {

// ---------------------------------------------------------------------------
// [SECTION] The search and its run
// ---------------------------------------------------------------------------
constexpr uint8_t kN = 1, kE = 2, kS = 4, kW = 8;
// A cell's kind is also the number of sides it takes (kOutside none, a dot
// one, an empty cell two).
constexpr uint8_t kOutside = 0, kDot = 1, kEmpty = 2;

// The number of sides set in a cell's sides.
constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
inline int bits(uint8_t c) { return kBits[c & 15]; }

// ---------------------------------------------------------------------------
// [SECTION] Two threads: what they share
// ---------------------------------------------------------------------------
// A count (2 or more asked) on a host's two threads (SearchLimits::team).
// The search goes on one thread until it has taken
// SearchLimits::team_positions positions with its memo given up (a tree
// that shares nothing; the split searches remember nothing, so both see the
// same tree); then the two share the tree: a thread out of work asks, and
// the other, at its next look (every kLookEvery positions), hands it the
// untried choice nearest the first cell (the largest part left), which it
// then never tries itself. The one given it plays the choices down to it
// again (a unit: every choice on its path fixed) and searches below it.
// So a thread slowed by a busy core takes less of the tree. Solutions are
// kept with their paths (the choice taken at each cell with two, from the
// first), so the answer is the first ones in the one thread's order
// whoever finds them: a thread stops once as many solutions as asked lie
// before where it stands, and a unit with that many before it is not
// searched. The positions of a turn are shared the same way, a few
// thousand at a time. Both stop when both are out of work.
struct Split {
  static constexpr uint32_t kLookEvery = 1024;
  static constexpr uint32_t kPositionsTaken = 4096;
  uint32_t positions_left = 0;  // the turn's, in kPositionsTaken
  uint64_t counted_before = 0;  // the solutions thread 0 found before the split
  int lock = 0;                 // guards what follows
  bool wants[2] = {false, false};  // out of work, asking
  bool given[2] = {false, false};  // a unit waits for it
  bool done = false;               // both out of work: the count is whole
  std::vector<uint8_t> unit[2];    // the unit given: its path
  struct Found {
    std::vector<uint8_t> path;
    Solution solution;
  };
  std::vector<Found> found;  // the solutions found since the split

  void take_lock() {
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) {
    }
  }
  void give_lock() { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }
  bool take_positions() {
    uint32_t left = __atomic_load_n(&positions_left, __ATOMIC_RELAXED);
    while (left > 0)
      if (__atomic_compare_exchange_n(&positions_left, &left, left - 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return true;
    return false;
  }
  bool positions_spent() const { return __atomic_load_n(&positions_left, __ATOMIC_RELAXED) == 0; }
  bool asking(int thread) const { return __atomic_load_n(&wants[thread], __ATOMIC_RELAXED); }
  // The solutions found before a path (those before the split with them).
  uint64_t solutions_before(const std::vector<uint8_t>& path) {
    take_lock();
    uint64_t n = counted_before;
    for (const Found& f : found) n += f.path < path ? 1 : 0;
    give_lock();
    return n;
  }
  void add(const std::vector<uint8_t>& path, Solution&& solution) {
    take_lock();
    found.push_back(Found{path, std::move(solution)});
    give_lock();
  }
};

class DiagonalSearch {
 public:
  DiagonalSearch(const Puzzle& p, uint64_t max_count, const SearchLimits& limits, Solution* first, Solution* second)
      : p_(p), run_(max_count, quarter_memo(limits), first, second), team_(max_count >= 2 ? limits.team : nullptr),
        team_positions_(limits.team_positions) {
    remembering_ = limits.max_memo_bytes / 4 > 0;  // (no memo: none to look in)
    // The board with a rim of outside cells, so every cell has four neighbours.
    w_ = p.width + 2;
    const int h = p.height + 2;
    const size_t n = (size_t)w_ * (size_t)h;
    cell_.assign(n, Cell{0, kOutside, 0, 0, 0});
    for (size_t i = 0; i < n; ++i) cell_[i].end = (int32_t)i;
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) {
        const size_t at = (size_t)at_of(x, y);
        cell_[at].colour = p.dot[(size_t)(y * p.width + x)];
        cell_[at].kind = cell_[at].colour ? kDot : kEmpty;
      }
    // Per cell: whether a dot lies down its diagonals (to the lower right, to
    // the lower left), where a run of turns that begins there can end.
    // One pass from the bottom row up: a cell's lower-right neighbour is a
    // dot or has one down its diagonal (the rim's cells have none).
    for (int y = p.height - 1; y >= 0; --y)
      for (int x = 0; x < p.width; ++x) {
        const size_t at = (size_t)at_of(x, y), right = at + (size_t)w_ + 1, left = at + (size_t)w_ - 1;
        if (cell_[right].kind == kDot || (cell_[right].below & kLowerRight)) cell_[at].below |= kLowerRight;
        if (cell_[left].kind == kDot || (cell_[left].below & kLowerLeft)) cell_[at].below |= kLowerLeft;
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

  // Every board searched, or the count asked for found (by both threads).
  bool finished() const { return split_ ? split_->done : finished_; }
  // Searches on from where the last call stopped until `max_nodes`
  // positions in all (or an answer).
  SolveFigures run(uint64_t max_nodes) {
    if (split_) return run_split(max_nodes);
    run_.limits.max_positions = max_nodes;
    if (!finished_) {
      run_.result.capped = false;
      search();
      if (split_due_) {
        begin_split();
        return run_split(max_nodes);
      }
    }
    run_.result.peak_bytes = bytes_held();
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

  // A cell of the board: the sides lines leave it by (kN, kE, kS, kW), its
  // kind (kOutside, kDot, kEmpty: the sides it takes), its dot's colour or
  // 0, kLowerRight and kLowerLeft (see the constructor), and, while it ends
  // a piece of line, the piece's other end. One struct a cell, so the
  // search finds all of a cell at one address.
  struct Cell {
    uint8_t con, kind, colour, below;
    int32_t end;
  };

  // A cell of the order with two choices (the sides it opens to the right
  // and down): the next to try, and where the undo log stood before it.
  struct Frame {
    int32_t k;
    uint32_t log_mark;
    uint8_t option[2];
    uint8_t options, next;
    uint8_t choice;  // the option taken now (next - 1, but on two threads a choice handed on or played again)
  };
  // A diagonal begun on the way to this position: where, its key, and the
  // solutions found and whole-rule refusals when it began.
  struct Opened {
    int32_t k;
    uint64_t key_a, key_b, count, refusals;
  };
  // A join to take back: cell a joined to b (its right or lower
  // neighbour), and their pieces' far ends. Both cells were ends of their
  // pieces (a cell with a side free is), so undoing it clears the two
  // sides and makes a and b those ends' far ends again. (The log has room
  // for a full board: two joins a cell.)
  struct Join {
    int32_t a, b, ea, eb;
  };

  int at_of(int x, int y) const { return (y + 1) * w_ + x + 1; }

  // The board as the depth-first search changes it, as plain pointers into
  // the arrays of the search: search() keeps a copy in its locals, which
  // the compiler holds in registers (a store of a byte may change any
  // member, so through the members every array would be found again after
  // each store).
  struct Cells {
    Cell* cell;               // cell_
    Join* log;                // log_
    uint32_t log_size;
    int w;

    // Takes back the joins made since the log stood at `mark`.
    void undo(uint32_t mark) {
      while (log_size > mark) {
        const Join& j = log[--log_size];
        const bool across = j.b == j.a + 1;
        cell[(size_t)j.eb].end = j.b;
        cell[(size_t)j.ea].end = j.a;
        cell[(size_t)j.b].con &= (uint8_t)~(across ? kW : kN);
        cell[(size_t)j.a].con &= (uint8_t)~(across ? kE : kS);
      }
    }

    // Joins cell a to its neighbour b (side `dir` of a, `back` of b): false
    // when b is outside or full, or the join would close a loop or join two
    // colours.
    bool connect(int a, int b, uint8_t dir, uint8_t back) {
      const uint8_t cb = cell[(size_t)b].con;
      if (bits(cb) >= cell[(size_t)b].kind) return false;  // full, or outside (no sides)
      const int32_t ea = cell[(size_t)a].end, eb = cell[(size_t)b].end;
      if (ea == b) return false;  // a and b already end one piece: a loop
      const uint8_t colour_a = cell[(size_t)ea].colour, colour_b = cell[(size_t)eb].colour;
      if (colour_a && colour_b && colour_a != colour_b) return false;
      // b, decided later, must already keep the turn rule with the turns
      // decided around it: inside one (allowed()), or turning up and left
      // round a cell that leaves another way.
      const uint8_t cb_now = cb | back;
      if (cb_now & ~allowed(b)) return false;
      if (cb_now == (kN | kW) && (cell[(size_t)(b - w - 1)].con & ~(kN | kW))) return false;
      log[log_size++] = Join{a, b, ea, eb};
      cell[(size_t)a].con |= dir;
      cell[(size_t)b].con = cb_now;
      cell[(size_t)ea].end = eb;
      cell[(size_t)eb].end = ea;
      return true;
    }

    // -------------------------------------------------------------------------
    // [SECTION] The turns round a cell
    // -------------------------------------------------------------------------
    // The sides cell `at` may end with, from the turns decided around it: a
    // turn opening to the lower right at the upper left, or to the lower left
    // at the upper right, has this cell inside it.
    uint8_t allowed(int at) const {
      uint8_t ok = kN | kE | kS | kW;
      if (cell[(size_t)(at - w - 1)].con == (kS | kE)) ok &= kS | kE;
      if (cell[(size_t)(at - w + 1)].con == (kS | kW)) ok &= kS | kW;
      return ok;
    }

    // A turn down to the left at `at`: every cell down its inner diagonal to
    // the dot is entered from the left alone so far (each must turn the same).
    bool lane_clear(int at) const {
      for (int q = at + w - 1;; q += w - 1) {
        if (cell[(size_t)q].kind == kDot) return !(cell[(size_t)q].con & kN);  // the dot leads away, not up
        if (cell[(size_t)q].kind == kOutside || cell[(size_t)q].con != kW) return false;
      }
    }

    // A cell that gets no line from the left must open to the lower right
    // when nothing comes in from above either: a dot must lie down that
    // diagonal (a dot itself may go either way).
    bool right_cell_can_open(int at) const {
      const int r = at + 1;
      return cell[(size_t)r].kind != kEmpty || cell[(size_t)r].con != 0 || (cell[(size_t)r].below & kLowerRight);
    }

    // The choices of cell `at` (bits: 1 right, 2 down), each already
    // checked against the rules on the cell's own sides, with the decided
    // cells around it: inside a turn above (allowed()), a turn up here with
    // its inner cell above, and a turn down to the left with its lane to the
    // dot clear; a choice that does not go right leaves the cell to the right
    // something to open by (right_cell_can_open()). Only the joins are left
    // to apply(). Returns how many.
    int options_of(int at, uint8_t option[2]) const {
      const uint8_t in = cell[(size_t)at].con;  // N and W at most: the sides lines come in by
      const int need = cell[(size_t)at].kind - bits(in);
      const uint8_t ok = allowed(at);
      if (need < 0 || (in & ~ok)) return 0;
      if (need == 0) {
        if (in == (kN | kW) && (cell[(size_t)(at - w - 1)].con & ~(kN | kW))) return 0;
        if (!right_cell_can_open(at)) return 0;
        option[0] = 0;
        return 1;
      }
      if (need == 2) {  // an empty cell with nothing in: it opens to the lower right
        if ((ok & (kE | kS)) != (kE | kS) || !(cell[(size_t)at].below & kLowerRight)) return 0;
        option[0] = 3;
        return 1;
      }
      int options = 0;
      if ((ok & kE) && (in != kN || !(cell[(size_t)(at - w + 1)].con & ~(kN | kE)))) option[options++] = 1;
      // Down: a turn from the left needs its lane to the dot clear.
      if ((ok & kS) && right_cell_can_open(at) &&
          (cell[(size_t)at].kind != kEmpty || in != kW || ((cell[(size_t)at].below & kLowerLeft) && lane_clear(at))))
        option[options++] = 2;
      return options;
    }

    // Applies cell `at`'s choice (one options_of() gave): its joins; false
    // when one breaks a rule.
    bool apply(int at, uint8_t option) {
      if ((option & 1) && !connect(at, at + 1, kE, kW)) return false;
      return !(option & 2) || connect(at, at + w, kS, kN);
    }
  };

  Cells cells() {
    return Cells{cell_.data(), log_.data(), log_size_, w_};
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
  bool begin_diagonal(int k, bool* remembering) {
    const bool new_here = begin_diagonal(k);
    *remembering = remembering_;  // (it may give the memo up)
    return new_here;
  }
  bool begin_diagonal(int k) {
    const int d = diagonal_of(order_[(size_t)k]);
    uint64_t a = mix((uint64_t)d), b = mix((uint64_t)d ^ 0x5bd1e995ull);
    for (int back = 0; back <= 2 && d - back >= 0; ++back) {
      const int e = d - back;  // the cells of diagonal e, from the top right
      const int x0 = e < p_.width ? e : p_.width - 1;
      for (int x = x0, y = e - x0; x >= 0 && y < p_.height; --x, ++y) {
        const int at = at_of(x, y);
        const uint8_t c = cell_[(size_t)at].con;
        uint64_t v;
        if (back == 0) {
          v = c;
          if (cell_[(size_t)at].kind == kEmpty && bits(c) == 1) {
            const int32_t other = cell_[(size_t)at].end;
            v |= cell_[(size_t)other].colour ? (uint64_t)cell_[(size_t)other].colour << 4 : ((uint64_t)(other / w_) << 12) | 0x800;
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
  // [SECTION] The depth-first search
  // ---------------------------------------------------------------------------
  // Depth-first: a cell with one choice takes it at once; a cell with two
  // pushes a frame, and a dead end goes back to the last frame with a
  // choice left (undoing every change since it in one go). The board, the
  // frames and the counts are kept in locals while it runs, and put back
  // in the members when it stops.
  void search() {
    Cells c = cells();
    const int32_t* const order = order_.data();
    const uint8_t* const starts_diagonal = starts_diagonal_.data();
    Frame* const frames = frames_.data();
    const int n = (int)order_.size();
    uint64_t max_nodes = run_.limits.max_positions;
    uint64_t nodes = run_.result.nodes, forced = run_.result.forced, branches = run_.result.branches;
    int depth = depth_;
    bool remembering = remembering_;
    int k = k_;
    Split* const split = split_;
    const bool may_split = team_ && !split;
    const int other = 1 - thread_;
    for (;;) {
      // Forward: decide cells until a dead end or a finished board.
      bool dead = false;
      while (k < n) {
        if (nodes >= max_nodes) {  // the cap: the next call goes on from this cell
          if (!split || !more_positions(frames, depth)) {
            if (!finished_) run_.result.capped = true;
            k_ = k;
            break;
          }
          max_nodes += Split::kPositionsTaken;
          run_.limits.max_positions = max_nodes;
        }
        // Long enough on one thread, the memo given up: on two from here (run()).
        if (may_split && !remembering && nodes >= team_positions_) {
          split_due_ = true;
          k_ = k;
          break;
        }
        ++nodes;
        if (split && (nodes & (Split::kLookEvery - 1)) == 0 && split->asking(other)) hand_on(frames, depth);
        if (remembering && starts_diagonal[(size_t)k] && !begin_diagonal(k, &remembering)) {
          dead = true;  // this diagonal, with the same lines coming in, led nowhere before
          break;
        }
        const int at = order[(size_t)k];
        Frame f;
        f.options = (uint8_t)c.options_of(at, f.option);
        if (f.options == 0) {
          dead = true;
          break;
        }
        if (f.options == 1) {
          ++forced;
          if (!c.apply(at, f.option[0])) {
            dead = true;
            break;
          }
          ++k;
          continue;
        }
        ++branches;
        f.k = k;
        f.log_mark = c.log_size;
        take_first(depth, &f);
        frames[(size_t)depth++] = f;
        if (c.apply(at, f.option[f.choice])) {
          ++k;
          continue;
        }
        dead = true;
        break;
      }
      if (run_.result.capped || split_due_ || finished_) break;
      if (!dead) {  // a finished board
        ++nodes;
        if (board_counted(frames, depth)) {
          finished_ = true;
          break;
        }
      }
      // Back: the last frame with a choice left takes it.
      bool resumed = false;
      while (depth > 0) {
        Frame& f = frames[(size_t)depth - 1];
        c.undo(f.log_mark);
        if (f.next == f.options) {
          --depth;
          continue;
        }
        f.choice = f.next;
        if (c.apply(order[(size_t)f.k], f.option[f.next++])) {
          k = f.k + 1;
          resumed = true;
          break;
        }
      }
      end_diagonals_after(resumed ? k - 1 : -1);
      if (!resumed) {
        finished_ = true;
        break;
      }
    }
    keep(c, depth, nodes, forced, branches);
  }
  // search()'s locals back in the members, where the next call goes on from.
  void keep(const Cells& c, int depth, uint64_t nodes, uint64_t forced, uint64_t branches) {
    log_size_ = c.log_size;
    depth_ = depth;
    run_.result.nodes = nodes;
    run_.result.forced = forced;
    run_.result.branches = branches;
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
        if ((cell_[(size_t)at].con >> d & 1) && ways[d] != from) next = ways[d];
      if (next < 0) return;
      from = at;
      at = next;
    }
  }

  bool whole_rule_holds() {
    line_.assign(cell_.size(), 0);
    for (int k = 1; k <= p_.colours; ++k) trace(k, [&](int at) { line_[(size_t)at] = (uint8_t)k; });
    for (int at : order_) {
      const uint8_t k = line_[(size_t)at];
      if (line_[(size_t)(at + 1)] == k && !(cell_[(size_t)at].con & kE)) return false;
      if (line_[(size_t)(at + w_)] == k && !(cell_[(size_t)at].con & kS)) return false;
    }
    return true;
  }

  // A frame's first choice: its first option, or on a unit's path (two
  // threads) the unit's, and no other.
  void take_first(int depth, Frame* f) const {
    const bool on_path = depth < (int)unit_.size();
    f->choice = on_path ? unit_[(size_t)depth] : 0;
    f->next = on_path ? 2 : 1;
  }

  // A finished board, counted when the whole rule holds (on two threads,
  // kept with its path): true once the count needs nothing after it.
  bool board_counted(const Frame* frames, int depth) {
    if (!whole_rule_holds()) {
      ++refusals_;
      return false;
    }
    if (!split_) {
      record_solution(run_.next_solution());
      return ++run_.result.count >= run_.max_count;
    }
    Solution found;
    record_solution(&found);
    std::vector<uint8_t> path = path_of(frames, depth);
    const bool enough = split_->solutions_before(path) + 1 >= run_.max_count;  // with this one
    split_->add(path, std::move(found));
    return enough;
  }

  void record_solution(Solution* s) {
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

  // ---------------------------------------------------------------------------
  // [SECTION] Two threads
  // ---------------------------------------------------------------------------
  size_t bytes_held() const {
    return cell_.capacity() * sizeof(Cell) + order_.capacity() * sizeof(int32_t) + frames_.capacity() * sizeof(Frame) +
           log_.capacity() * sizeof(Join) + open_.capacity() * sizeof(Opened) + starts_diagonal_.capacity() +
           run_.memo.bytes() + unit_.capacity();
  }

  // The path to the position the search stands at: the choice taken at
  // each of the first `depth` frames.
  std::vector<uint8_t> path_of(const Frame* frames, int depth) const {
    std::vector<uint8_t> path((size_t)depth);
    for (int i = 0; i < depth; ++i) path[(size_t)i] = frames[(size_t)i].choice;
    return path;
  }
  // On two threads, out of positions: the turn's next ones taken (true),
  // work handed on when the other thread asks; false when the turn's are
  // spent, or when nothing from here on can change the count (finished_).
  bool more_positions(Frame* frames, int depth) {
    if (!split_->take_positions()) return false;
    if (split_->asking(1 - thread_)) hand_on(frames, depth);
    if (!passed(frames, depth)) return true;
    finished_ = true;
    return false;
  }

  // Whether as many solutions as asked lie before the position the search
  // stands at (everything it would search next comes after them).
  bool passed(const Frame* frames, int depth) { return split_->solutions_before(path_of(frames, depth)) >= run_.max_count; }

  // The other thread asks for work: the untried choice nearest the first
  // cell, if there is one, becomes its unit (this one never tries it).
  void hand_on(Frame* frames, int depth) {
    int i = 0;
    while (i < depth && frames[(size_t)i].next == frames[(size_t)i].options) ++i;
    if (i == depth) return;
    std::vector<uint8_t> unit = path_of(frames, i + 1);
    unit[(size_t)i] = frames[(size_t)i].next;
    Split& sp = *split_;
    const int other = 1 - thread_;
    sp.take_lock();
    if (sp.wants[other] && !sp.given[other]) {
      sp.unit[other] = std::move(unit);
      __atomic_store_n(&sp.given[other], true, __ATOMIC_RELEASE);
      __atomic_store_n(&sp.wants[other], false, __ATOMIC_RELAXED);
      frames[(size_t)i].next = frames[(size_t)i].options;
    }
    sp.give_lock();
  }

  // Out of work: a unit the other thread hands on, played from the first
  // cell again (true), or none: both out of work (the count is whole) or the
  // turn's positions spent (asking still, for the next turn).
  bool next_unit() {
    Split& sp = *split_;
    const int other = 1 - thread_;
    for (;;) {
      sp.take_lock();
      if (sp.given[thread_]) {
        __atomic_store_n(&sp.given[thread_], false, __ATOMIC_RELAXED);
        unit_ = std::move(sp.unit[thread_]);
        sp.give_lock();
        if (sp.solutions_before(unit_) >= run_.max_count) continue;  // after the solutions asked for: not searched
        restart();
        return true;
      }
      __atomic_store_n(&sp.wants[thread_], true, __ATOMIC_RELAXED);
      if (sp.wants[other] && !sp.given[other]) __atomic_store_n(&sp.done, true, __ATOMIC_RELEASE);
      const bool done = sp.done;
      sp.give_lock();
      if (done || sp.positions_spent()) return false;
      while (!__atomic_load_n(&sp.given[thread_], __ATOMIC_ACQUIRE) && !__atomic_load_n(&sp.done, __ATOMIC_ACQUIRE) &&
             !sp.positions_spent()) {
      }  // (the other thread hands on within kLookEvery positions)
    }
  }
  // The search from the first cell again, no choice made.
  void restart() {
    Cells c = cells();
    c.undo(0);
    log_size_ = 0;
    depth_ = 0;
    k_ = 0;
    finished_ = false;
  }

  // Thread 0, its memo given up (search() paused for it): a search of the
  // same board, without a memo, becomes thread 1's, asking for work.
  void begin_split() {
    split_due_ = false;
    own_split_.reset(new Split);
    split_ = own_split_.get();
    split_->counted_before = run_.result.count;
    split_->wants[1] = true;
    helper_.reset(new DiagonalSearch(p_, run_.max_count, run_.limits, nullptr, nullptr));
    DiagonalSearch& h = *helper_;
    h.team_ = nullptr;
    h.remembering_ = false;
    h.run_.memo = Memo(0);
    h.split_ = split_;
    h.thread_ = 1;
    h.finished_ = true;  // (no work until handed some)
  }

  // Both threads on to the end of the turn (max_nodes positions in all,
  // taken by each as it goes), then the figures of both; once both are
  // out of work, the first solutions in the one thread's order.
  SolveFigures run_split(uint64_t max_nodes) {
    DiagonalSearch& h = *helper_;
    const uint64_t spent = run_.result.nodes + h.run_.result.nodes;
    if (!split_->done) {
      const uint64_t left =
          ((max_nodes > spent ? max_nodes - spent : 0) + Split::kPositionsTaken - 1) / Split::kPositionsTaken;
      split_->positions_left = left < 0x7fffffffu ? (uint32_t)left : 0x7fffffffu;
      run_.limits.max_positions = run_.result.nodes;
      h.run_.limits.max_positions = h.run_.result.nodes;
      team_->run(&split_job, this);
    }
    SolveFigures f = run_.result;
    f.nodes += h.run_.result.nodes;
    f.forced += h.run_.result.forced;
    f.branches += h.run_.result.branches;
    f.peak_bytes = bytes_held() + h.bytes_held();
    f.capped = !split_->done;
    f.threads = 2;
    const uint64_t count = split_->counted_before + split_->found.size();
    f.count = count < run_.max_count ? count : run_.max_count;
    f.solvable = f.count > 0;
    if (!f.capped && !split_->found.empty()) {
      std::vector<Split::Found>& found = split_->found;
      std::sort(found.begin(), found.end(), [](const Split::Found& a, const Split::Found& b) { return a.path < b.path; });
      for (Split::Found& one : found) {
        Solution* s = run_.next_solution();
        if (!s) break;
        *s = std::move(one.solution);
      }
      found.clear();
      split_->counted_before = f.count;
    }
    return f;
  }
  // A thread's part of a turn: its work, then units handed on, until
  // both are out of work or the turn's positions are spent.
  static void split_job(void* context, int thread) {
    DiagonalSearch* s = static_cast<DiagonalSearch*>(context);
    DiagonalSearch& me = thread == 0 ? *s : *s->helper_;
    for (;;) {
      if (!me.finished_) {
        me.run_.result.capped = false;
        me.search();
        if (me.run_.result.capped) return;  // the turn's positions spent
        continue;
      }
      if (!me.next_unit()) return;
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
  std::vector<Cell> cell_;         // per cell of the board with its rim
  std::vector<int32_t> order_;     // the cells in the order decided
  std::vector<Frame> frames_;      // the cells with a choice left on the way to this position
  int depth_ = 0;                  // how many
  std::vector<Join> log_;          // the joins since the first cell, to take back
  uint32_t log_size_ = 0;
  std::vector<uint8_t> line_;      // scratch: each cell's line on a finished board
  // Two threads (Split): the host's team while a split may come, what the
  // threads share and which this one is, the other thread's search (thread
  // 0's), and the unit this one searches.
  SearchTeam* team_;
  uint64_t team_positions_;           // taken on one thread first (SearchLimits::team_positions)
  std::unique_ptr<Split> own_split_;  // thread 0's
  Split* split_ = nullptr;            // both threads'
  int thread_ = 0;
  bool split_due_ = false;
  std::unique_ptr<DiagonalSearch> helper_;
  std::vector<uint8_t> unit_;  // the unit being searched: its path (empty: thread 0's own search)
};

// ---------------------------------------------------------------------------
// [SECTION] DiagonalRun and search_diagonal
// ---------------------------------------------------------------------------
DiagonalRun::DiagonalRun(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                         Solution* second)
    : search_(new DiagonalSearch(puzzle, max_count, limits, first, second)), max_nodes_(limits.max_positions) {}

DiagonalRun::~DiagonalRun() { delete search_; }

bool DiagonalRun::run(uint64_t* nodes) {
  const uint64_t before = figures_.nodes;
  // To the end: up to the limits' cap. A budget's nodes: its caller's turn
  // (solve()'s turns count the cap in their own positions).
  const uint64_t until = !nodes ? max_nodes_ : *nodes > ~0ull - before ? ~0ull : before + *nodes;
  figures_ = search_->run(until);
  if (nodes) {
    const uint64_t used = figures_.nodes - before;
    *nodes = used >= *nodes ? 0 : *nodes - used;
  }
  return search_->finished();
}

SolveFigures search_diagonal(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                             Solution* second) {
  DiagonalRun run(puzzle, max_count, limits, first, second);
  run.run(nullptr);
  return run.figures();
}

}  // namespace lines
}  // namespace tl
