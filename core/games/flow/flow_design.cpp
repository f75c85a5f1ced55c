// Flow: board designs (shapes and wall patterns), and the search for the
// fewest lines that fill a design (the article's perfect designs).
#include <string.h>

#include "core/base/grid.h"
#include "flow.h"

namespace tl {
namespace flow {

namespace {

const char* const kPatternNames[] = {"none", "step", "block-step", "river"};

// Walls between the rows above and below a boundary: b[x] is the first row
// under the wall in column x (0 or height: no wall there), and where b moves
// between two columns, a wall stands between them on the rows it passes.
void add_boundary(Puzzle* p, const int* b) {
  const int w = p->width, h = p->height;
  for (int x = 0; x < w; ++x) {
    if (b[x] > 0 && b[x] < h) p->add_wall((b[x] - 1) * w + x, kDown);
    if (x + 1 == w) continue;
    const int lo = b[x] < b[x + 1] ? b[x] : b[x + 1], hi = b[x] < b[x + 1] ? b[x + 1] : b[x];
    for (int y = lo; y < hi && y < h; ++y) p->add_wall(y * w + x, kRight);
  }
}

int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

}  // namespace

bool design_board(BoardShape shape, Pattern pattern, int w, int h, uint8_t warps, Puzzle* p, Error* err) {
  if (w < kMinMadeSide || h < kMinMadeSide || w > kMaxMadeSide || h > kMaxMadeSide)
    return fail(err, 0, 0, "size: %dx%d; boards are %dx%d to %dx%d", w, h, kMinMadeSide, kMinMadeSide, kMaxMadeSide, kMaxMadeSide);
  if (pattern != Pattern::kNone && shape != BoardShape::kSquare)
    return fail(err, 0, 0, "pattern=%s: patterns are designs of square boards (shape=square)",
                kPatternNames[(int)pattern]);
  *p = Puzzle();
  p->width = w;
  p->height = h;
  p->dot.assign((size_t)(w * h), 0);
  p->hex = shape != BoardShape::kSquare;
  if (shape == BoardShape::kHive) {
    if (w != h || w % 2 == 0)
      return fail(err, 0, 0, "shape=hive: a hive is as high as wide and an odd number of cells across (5x5, 7x7...), "
                  "not %dx%d", w, h);
    // Axial coordinates of the offset rows (odd rows half a cell right);
    // the cells further than side - 1 steps from the middle are blocks.
    const int side = (w + 1) / 2, mid = side - 1;
    const int mq = mid - (mid - (mid & 1)) / 2;
    p->block.assign((size_t)(w * h), 0);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int dq = x - (y - (y & 1)) / 2 - mq, dr = y - mid, ds = -dq - dr;
        const int distance = ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
        p->block[(size_t)(y * w + x)] = distance > mid;
      }
  }
  int b[kMaxMadeSide];
  switch (pattern) {
    case Pattern::kNone:
      break;
    case Pattern::kStep:  // under cell (x, x), then beside it: the staircase to the bottom-right
      for (int x = 0; x < w; ++x) b[x] = clamp(x + 1, 0, h);
      add_boundary(p, b);
      warps |= kWarpRows | kWarpColumns;
      break;
    case Pattern::kBlockStep:
      p->block.assign((size_t)(w * h), 0);
      for (int x = 0; x < w && x < h; ++x) p->block[(size_t)(x * w + x)] = 1;
      warps |= kWarpRows | kWarpColumns;
      break;
    case Pattern::kRiver: {
      const int third = w / 3, top = h / 4 < 1 ? 1 : h / 4;
      for (int x = 0; x < w; ++x) b[x] = clamp(top + clamp(x - third + 1, 0, w - 2 * third), 0, h);
      add_boundary(p, b);
      for (int x = 0; x < w; ++x) b[x] = clamp(b[x] + 2, 0, h);
      add_boundary(p, b);
      warps |= kWarpRows | kWarpColumns;
      break;
    }
  }
  p->warps = warps;
  if (((warps & kWarpRows) && w < 3) || ((warps & kWarpColumns) && h < 3))
    return fail(err, 0, 0, "warps: a side that warps needs 3 cells or more (the board is %dx%d)", w, h);
  if ((warps & kWarpColumns) && p->hex && h % 2)
    return fail(err, 0, 0, "warps: columns that warp on a hex board need an even number of rows (the board is %dx%d)",
                w, h);
  return true;
}

// ---------------------------------------------------------------------------
// The fewest lines. Lines are drawn one at a time from the first empty node
// in reading order: one half of the line from it, then the other half from
// it again (its first node after the first half's, so each line is drawn
// once). A frame is a choice: which node the line takes next, or that this
// half ends here. Explicit stack, no recursion.
// ---------------------------------------------------------------------------
namespace {

class FewestSearch {
 public:
  FewestSearch(const Puzzle& p, uint64_t max_nodes) : p_(p), n_(p.nodes()), dirs_(p.dirs()), max_nodes_(max_nodes) {
    adj_.assign((size_t)n_ * kMaxDirs, -1);
    for (int c = 0; c < n_; ++c)
      for (int d = 0; d < dirs_; ++d) adj_[(size_t)c * kMaxDirs + d] = (int32_t)p.neighbour(c, d);
    owner_.assign((size_t)n_, 0);
    open_ = 0;
    for (int c = 0; c < n_; ++c) {
      const int cell = p.cell_of(c);
      if (p.is_block(cell) || p.is_portal(cell)) owner_[(size_t)c] = -1;
      else ++open_;
    }
    region_.assign((size_t)n_, 0);
    queue_.resize((size_t)n_);
  }

  uint64_t nodes() const { return nodes_; }
  bool capped() const { return nodes_ > max_nodes_; }

  // Searches fillings with at most k lines; each one found goes to
  // found(lines) (true: stop). Returns false when the cap stopped it.
  template <class Found>
  bool run(int k, Found found) {
    k_ = k;
    State empty;
    restore(empty);  // the board as it was: the last run left its first line's start
    stack_.clear();
    State start;
    start.line = 0;
    if (open_ == 0 || !begin_line(&start)) return true;
    if (!enter(start)) return !capped();
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      restore(f.state);
      if (f.next == f.count) {
        stack_.pop_back();
        continue;
      }
      const int option = f.option[f.next++];
      State s = f.state;
      if (option >= 0) {  // take node `option`
        owner_[(size_t)option] = s.line;
        path_.push_back((int32_t)option);
        if (s.head == s.start && s.half == 0) s.first = (int32_t)option;
        s.head = (int32_t)option;
        ++s.length;
        if (!enter(s)) {
          if (capped()) return false;
        }
        continue;
      }
      // This half ends.
      if (s.half == 0) {
        s.half = 1;
        s.head = s.start;
        if (!enter(s) && capped()) return false;
        continue;
      }
      if (filled_ == open_) {
        if (found(lines_of(s.line))) return true;
        continue;
      }
      if (s.line >= k_ || !begin_line(&s)) continue;
      if (!enter(s) && capped()) return false;
    }
    return true;
  }

 private:
  struct State {
    int line = 0;          // the line being drawn (1...)
    int32_t start = -1;    // its first node (the first empty node in reading order)
    int32_t head = -1;     // the end being drawn
    int32_t first = -1;    // the first half's first node after start
    int8_t half = 0;       // 0: first half, 1: second
    int length = 0;        // nodes on the line
    size_t path = 0;       // path_ length (nodes placed so far)
  };
  struct Frame {
    State state;
    int32_t option[kMaxDirs + 1];  // a node to take, or -1: this half ends
    int count = 0, next = 0;
  };

  int neighbour(int c, int d) const { return adj_[(size_t)c * kMaxDirs + d]; }

  // Takes back the nodes placed after a state.
  void restore(const State& s) {
    while (path_.size() > s.path) {
      owner_[(size_t)path_.back()] = 0;
      path_.pop_back();
    }
    filled_ = (int)s.path;
  }

  // A new line at the first empty node.
  bool begin_line(State* s) {
    int c = 0;
    while (c < n_ && owner_[(size_t)c] != 0) ++c;
    if (c == n_) return false;
    s->line += 1;
    s->start = s->head = (int32_t)c;
    s->first = -1;
    s->half = 0;
    s->length = 1;
    owner_[(size_t)c] = s->line;
    path_.push_back((int32_t)c);
    s->path = path_.size();
    return true;
  }

  // Whether x may join line `line` from its end `head` (no zig-zag: x
  // touches the line nowhere else).
  bool may_take(int x, int head, int line) const {
    if (x < 0 || owner_[(size_t)x] != 0) return false;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(x, d);
      if (y >= 0 && y != head && owner_[(size_t)y] == line) return false;
    }
    return true;
  }

  // The position after a choice: a frame of its options, unless it is a
  // dead end (false). Counts the node.
  bool enter(State s) {
    s.path = path_.size();
    filled_ = (int)s.path;
    if (++nodes_ > max_nodes_) return false;
    if (!can_finish(s)) return false;
    Frame f;
    f.state = s;
    for (int d = 0; d < dirs_; ++d) {
      const int x = neighbour(s.head, d);
      if (!may_take(x, s.head, s.line)) continue;
      if (s.half == 1 && s.head == s.start && x < s.first) continue;  // each line once: halves in order
      f.option[f.count++] = (int32_t)x;
    }
    // Ending here: never on a bridge's lane; the first half leaves the start
    // (a line's first node is then its end or has a second half); a line has
    // three nodes or more.
    const bool on_lane = p_.axis_at(s.head) >= 0;
    if (s.half == 0 && s.head != s.start && !on_lane) f.option[f.count++] = -1;
    if (s.half == 1 && s.length >= 3 && !on_lane && !(s.head == s.start && p_.axis_at(s.start) >= 0))
      f.option[f.count++] = -1;
    if (f.count == 0) return false;
    stack_.push_back(f);
    return true;
  }

  // A bound on the lines still needed: each empty region the line being
  // drawn cannot reach needs lines of its own (at least one, and one for
  // every two of its nodes that must be line ends: one empty neighbour or
  // none); regions it can reach need lines for the forced ends it cannot take.
  bool can_finish(const State& s) {
    for (int c = 0; c < n_; ++c) region_[(size_t)c] = 0;
    int needed = s.line;
    int label = 0;
    for (int c = 0; c < n_; ++c) {
      if (owner_[(size_t)c] != 0 || region_[(size_t)c] != 0) continue;
      ++label;
      size_t qh = 0, qt = 0;
      queue_[qt++] = (int32_t)c;
      region_[(size_t)c] = label;
      bool reached = false;
      int ends = 0;
      while (qh < qt) {
        const int at = queue_[qh++];
        int empty = 0;
        bool beside_line = false;
        for (int d = 0; d < dirs_; ++d) {
          const int y = neighbour(at, d);
          if (y < 0) continue;
          if (y == s.head || (s.half == 0 && y == s.start)) beside_line = true;
          if (owner_[(size_t)y] != 0) continue;
          ++empty;
          if (region_[(size_t)y] == 0) {
            region_[(size_t)y] = label;
            queue_[qt++] = (int32_t)y;
          }
        }
        reached = reached || beside_line;
        if (empty <= 1 && !beside_line) ++ends;
      }
      if (!reached && qt < 3) return false;
      // The line being drawn can end at two of them (one once its first half is drawn).
      const int own_ends = s.half == 0 ? 2 : 1, rest = ends > own_ends ? ends - own_ends : 0;
      needed += reached ? (rest + 1) / 2 : (ends > 2 ? (ends + 1) / 2 : 1);
      if (needed > k_) return false;
    }
    return true;
  }

  std::vector<std::vector<int32_t>> lines_of(int lines) const {
    // Each line walked from an end (no zig-zag: an end has one neighbour on
    // its line, every other node two).
    std::vector<std::vector<int32_t>> out((size_t)lines);
    for (int l = 1; l <= lines; ++l) {
      int end = -1;
      for (size_t i = 0; i < path_.size() && end < 0; ++i) {
        const int c = path_[i];
        if (owner_[(size_t)c] != l) continue;
        int on_line = 0;
        for (int d = 0; d < dirs_; ++d) {
          const int y = neighbour(c, d);
          on_line += y >= 0 && owner_[(size_t)y] == l;
        }
        if (on_line == 1) end = c;
      }
      int prev = -1;
      for (int at = end; at >= 0;) {
        out[(size_t)l - 1].push_back((int32_t)at);
        int next = -1;
        for (int d = 0; d < dirs_ && next < 0; ++d) {
          const int y = neighbour(at, d);
          if (y >= 0 && y != prev && owner_[(size_t)y] == l) next = y;
        }
        prev = at;
        at = next;
      }
    }
    return out;
  }

  const Puzzle& p_;
  int n_, dirs_;
  uint64_t max_nodes_, nodes_ = 0;
  int k_ = 0, open_ = 0, filled_ = 0;
  std::vector<int32_t> adj_;
  std::vector<int> owner_;  // per node: 0 empty, -1 not a place for lines, else its line
  std::vector<int> region_;
  std::vector<int32_t> queue_;
  std::vector<int32_t> path_;
  std::vector<Frame> stack_;
};

}  // namespace

FewestLines fewest_lines(const Puzzle& design, int max_lines, uint64_t max_nodes) {
  FewestLines r;
  if (max_lines > kMaxColours) max_lines = kMaxColours;
  FewestSearch search(design, max_nodes);
  bool proven = true;  // every smaller count was ruled out
  std::vector<Puzzle> levels(1);  // the level tried (a Puzzle is large for the device's stack)
  Puzzle& level = levels[0];
  for (int k = 1; k <= max_lines; ++k) {
    bool any = false;
    const bool finished = search.run(k, [&](const std::vector<std::vector<int32_t>>& lines) {
      Solution filling;
      level_of_lines(design, lines, &level, &filling);
      if (!any) r.filling = filling;
      any = true;
      SolveFigures f = solve(level, RuleSet::kNoTouch, 2, same_limits_everywhere(), nullptr, nullptr);
      if (f.count == 1 && !f.capped) {
        r.unique = true;
        r.filling = filling;
        return true;
      }
      return false;
    });
    r.nodes = search.nodes();
    if (any) {
      r.lines = k;
      r.proven = proven;
      return r;
    }
    if (!finished) proven = false;
    if (search.capped()) break;
  }
  r.proven = proven;  // none found: proven when no count up to max_lines has one
  return r;
}

}  // namespace flow
}  // namespace tl
