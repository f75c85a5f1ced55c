// The line-puzzle engine: one fill solution drawn, not searched for (when
// solve() tries it, and why: see lines.h).
//
// Each line is routed in turn by a shortest path round the dots and the
// lines routed before it; then every line is made longer by detours until
// the board is full: where a line steps from u to v and the two cells beside
// that step on one side (x beside u, y beside v, x beside y) are empty, the
// line goes u, x, y, v instead. A detour only adds new steps, and a cell
// once filled stays filled, so a step that cannot take a detour never can:
// each step is looked at once, when it is made (a board's detours in time
// linear in its cells; its routes a breadth-first search a line). Under fill a line may run beside itself, so every
// board it fills is a solution. It fails when the routes wall a line's dots
// apart or leave a pocket no detour reaches (an odd one, or one no step runs
// along); then the same order mirrored (the directions tried the other way
// round), then the next order of the lines, up to kMaxOrders drawings. Two
// drawings that fill the board with other lines are two solutions: the
// board is not unique, shown without a search.
#include <algorithm>
#include <vector>

#include "core/base/tl_assert.h"
#include "lines.h"

namespace tl {
namespace lines {

namespace {

constexpr int kMaxOrders = 24;  // drawings: 12 orders of the lines, each plain and mirrored
constexpr uint8_t kFilled = 0xff;  // a block's cell: filled for good, by no line
// The cell steps the routes may take in all (a few large boards' worth):
// past it the drawing gives up, and solve() searches.
constexpr uint64_t kMaxSteps = (uint64_t)1 << 28;

class Detours {
 public:
  explicit Detours(const Puzzle& p) : p_(p), n_(p.cells()) {
    occupant_.resize((size_t)n_);
    next_.resize((size_t)n_);
    from_.resize((size_t)n_);
    seen_.assign((size_t)n_, 0);
  }

  // Draws the lines in `order`; true when they fill the board. `mirrored`:
  // the routes and detours try the directions in the other order (another
  // drawing of the same order).
  bool draw(const std::vector<int>& order, bool mirrored) {
    mirrored_ = mirrored;
    for (int c = 0; c < n_; ++c) {
      occupant_[(size_t)c] = p_.is_block(c) ? kFilled : p_.dot[(size_t)c];
      next_[(size_t)c] = -1;
    }
    empty_ = p_.open_cells();
    for (int k = 1; k <= p_.colours; ++k) empty_ -= 2;
    for (int k : order)
      if (!route(k)) return false;
    // Every step of every line, then each detour's three new steps.
    work_.clear();
    for (int k = 1; k <= p_.colours; ++k)
      for (int c = p_.ends[k][0]; next_[(size_t)c] >= 0; c = next_[(size_t)c]) work_.push_back(c);
    while (!work_.empty() && empty_ > 0) {
      const int u = work_.back();
      work_.pop_back();
      detour(u);
    }
    return empty_ == 0;
  }

  void write(Solution* s) const {
    s->colour.assign((size_t)n_, 0);
    s->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    for (int k = 1; k <= p_.colours; ++k)
      for (int c = p_.ends[k][0]; c >= 0; c = next_[(size_t)c]) {
        s->lines[(size_t)k - 1].push_back(c);
        s->colour[(size_t)c] = (uint8_t)k;
      }
  }

  bool out_of_steps() const { return steps_ > kMaxSteps; }
  uint64_t bytes() const {
    return occupant_.capacity() + seen_.capacity() * sizeof(uint32_t) +
           (next_.capacity() + from_.capacity() + queue_.capacity() + work_.capacity()) * sizeof(int32_t);
  }

 private:
  // A shortest path for line k through empty cells, breadth first; false when
  // its dots are walled apart.
  bool route(int k) {
    const int a = p_.ends[k][0], b = p_.ends[k][1];
    ++stamp_;
    queue_.clear();
    queue_.push_back(a);
    seen_[(size_t)a] = stamp_;
    for (size_t head = 0; head < queue_.size(); ++head) {
      const int c = queue_[head];
      ++steps_;
      if (c == b) break;
      for (int i = 0; i < p_.dirs(); ++i) {
        const int m = p_.neighbour(c, mirrored_ ? p_.dirs() - 1 - i : i);
        if (m < 0 || seen_[(size_t)m] == stamp_ || (occupant_[(size_t)m] != 0 && m != b)) continue;
        seen_[(size_t)m] = stamp_;
        from_[(size_t)m] = c;
        queue_.push_back(m);
      }
    }
    if (seen_[(size_t)b] != stamp_) return false;
    for (int c = b; c != a;) {
      const int f = from_[(size_t)c];
      next_[(size_t)f] = c;
      if (occupant_[(size_t)f] == 0) --empty_;
      occupant_[(size_t)f] = (uint8_t)k;
      c = f;
    }
    return true;
  }

  // The step from u to the next cell of its line, made a detour when it can.
  void detour(int u) {
    const int v = next_[(size_t)u];
    int d = 0;
    while (d < p_.dirs() && p_.neighbour(u, d) != v) ++d;
    TL_ASSERT(d < p_.dirs());
    for (int i = 0; i < p_.dirs(); ++i) {
      const int e = mirrored_ ? p_.dirs() - 1 - i : i;
      if (axis_of(e) == axis_of(d)) continue;
      const int x = p_.neighbour(u, e), y = p_.neighbour(v, e);
      if (x < 0 || y < 0 || occupant_[(size_t)x] != 0 || occupant_[(size_t)y] != 0 || p_.neighbour(x, d) != y) continue;
      const uint8_t k = occupant_[(size_t)u];
      occupant_[(size_t)x] = occupant_[(size_t)y] = k;
      next_[(size_t)u] = x;
      next_[(size_t)x] = y;
      next_[(size_t)y] = v;
      empty_ -= 2;
      work_.push_back(y);
      work_.push_back(x);
      work_.push_back(u);
      return;
    }
  }

  const Puzzle& p_;
  const int n_;
  std::vector<uint8_t> occupant_;  // per cell: empty (0), its line's colour, or kFilled
  std::vector<int32_t> next_;      // per cell: the next cell of its line from its first dot, or -1
  std::vector<int32_t> from_;      // per cell: where the route reached it from
  std::vector<uint32_t> seen_;     // per cell: the route that reached it (stamp_)
  std::vector<int32_t> queue_, work_;
  uint32_t stamp_ = 0;
  bool mirrored_ = false;
  int empty_ = 0;
  uint64_t steps_ = 0;
};

// The length a line's route needs at least: its dots' distance on the grid.
int distance(const Puzzle& p, int k) {
  const int a = p.ends[k][0], b = p.ends[k][1];
  const int dx = a % p.width - b % p.width, dy = a / p.width - b / p.width;
  return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

}  // namespace

SolveFigures draw_fill_by_detours(const Puzzle& puzzle, uint64_t max_count, Solution* first, Solution* second) {
  SolveFigures f;
  f.capped = true;  // (no answer yet: drawing alone proves no count)
  const uint64_t wanted = max_count < 1 ? 1 : max_count > 2 ? 2 : max_count;
  if (!puzzle.planar() || puzzle.colours < 1) return f;
  Detours detours(puzzle);
  // The lines farthest apart first (a short line routed first walls in
  // the others' dots most often), then the other orders.
  std::vector<int> order;
  for (int k = 1; k <= puzzle.colours; ++k) order.push_back(k);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return distance(puzzle, a) > distance(puzzle, b); });
  std::vector<int> rank((size_t)puzzle.colours + 1);
  for (size_t i = 0; i < order.size(); ++i) rank[(size_t)order[i]] = (int)i;
  const auto by_rank = [&](int a, int b) { return rank[(size_t)a] < rank[(size_t)b]; };
  Solution found[2];
  for (int tried = 0; tried < kMaxOrders && !detours.out_of_steps(); ++tried) {
    ++f.nodes;
    if (detours.draw(order, tried % 2 == 1)) {
      Solution& s = found[f.count];
      detours.write(&s);
      if (f.count == 0 || s.lines != found[0].lines) ++f.count;  // a second, when its lines differ
      if (f.count >= wanted) break;
    }
    if (tried % 2 == 1 && !std::next_permutation(order.begin(), order.end(), by_rank)) break;
  }
  f.solvable = f.count > 0;
  f.capped = f.count < wanted;
  if (first && f.count > 0) *first = std::move(found[0]);
  if (second && f.count > 1) *second = std::move(found[1]);
  f.peak_bytes = detours.bytes() + (found[0].colour.capacity() + found[1].colour.capacity()) * 5;
  return f;
}

}  // namespace lines
}  // namespace tl
