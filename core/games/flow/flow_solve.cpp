// Flow: the line search, and solve(), which chooses between it and the
// frontier search (which runs when, and why: see flow_search.h). The line
// search is depth-first on an explicit stack (no recursion: a line of 4,096
// cells would be 4,096 frames of the device's few KB of stack), with every
// position's future remembered.
#include <string.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "../../grid.h"
#include "flow.h"
#include "flow_search.h"

namespace tl {
namespace flow {

namespace {

// A block's cell in colour_: filled, by no line.
constexpr uint8_t kBlockColour = 0xff;

// A hex cell's six directions in order round it (each beside the next), and
// each HexDir's place in that ring.
constexpr int kHexRing[6] = {kEast, kSouthEast, kSouthWest, kWest, kNorthWest, kNorthEast};
constexpr int kHexRingPlace[6] = {0, 3, 5, 2, 4, 1};

class LineSearch {
 public:
  LineSearch(const Puzzle& p, RuleSet rules, LineOrder order, uint64_t max_count, const SolveLimits& limits,
             Solution* first, Solution* second)
      : p_(p), rules_(rules), order_(order), n_(p.nodes()), dirs_(p.dirs()), run_(max_count, limits, first, second) {
    adj_.assign((size_t)n_ * kMaxDirs, -1);
    for (int c = 0; c < n_; ++c)
      for (int d = 0; d < dirs_; ++d) adj_[(size_t)c * kMaxDirs + d] = (int32_t)p.neighbour(c, d);
    colour_.assign(p.dot.begin(), p.dot.end());
    colour_.resize((size_t)n_, 0);  // bridges' second and third lanes: empty
    for (int c = 0; c < p.cells(); ++c)
      if (p.is_block(c) || p.is_portal(c)) colour_[(size_t)c] = kBlockColour;  // filled for good: never empty, on no line
    ring_unsound_ = !p.wall.empty() || !p.planar();  // walls, warps, portals, bridges, hexes
    hex_ring_ = p.hex && p.wall.empty() && p.portal.empty() && p.bridge.empty() && p.warps == 0;
    // Bridges do not spoil these two: where one is near, the cuts are not made.
    corner_rule_ = rules == RuleSet::kNoTouch && p.wall.empty() && p.portal.empty() && p.warps == 0;
    sides_touch_ = p.hex && p.wall.empty() && p.portal.empty() && p.warps == 0;
    next_.assign((size_t)n_, -1);
    pred_.assign((size_t)n_, -1);
    region_.assign((size_t)n_, 0);
    open_end_.assign((size_t)n_, 0);
    stamp_.assign((size_t)n_, 0);
    queue_.resize((size_t)n_);
    empty_ = 0;
    for (int c = 0; c < n_; ++c) empty_ += colour_[(size_t)c] == 0;
    open_ = p.colours;
    for (int k = 1; k <= p.colours; ++k) {
      head_[k] = p.ends[k][0];
      target_[k] = p.ends[k][1];
      key_a_ += head_term(k, head_[k], 0);
      key_b_ += head_term(k, head_[k], 1);
    }
  }

  SolveFigures run() {
    walk(*this, stack_, &run_);
    run_.result.peak_bytes = run_.memo.bytes() + stack_.capacity() * sizeof(stack_[0]) +
                             (adj_.capacity() + pred_.capacity() + queue_.capacity() + next_.capacity()) * sizeof(int32_t);
    return run_.result;
  }

  // A position whose line `colour` goes on one of its ways (move[]).
  struct Frame {
    uint64_t key_a, key_b;
    uint64_t count;
    int colour;
    int32_t from;  // the line's end before the move
    int32_t move[kMaxDirs];
    int options, next;
  };

  // For walk(): the next way on, and taking it back.
  bool try_next(Frame& f, uint64_t* value) {
    apply(f.colour, f.move[f.next++]);
    return enter(value);
  }
  void back(const Frame& f) { undo(f.colour, f.move[f.next - 1], f.from); }

 private:

  // The key terms: a filled cell (its colour under no-touch, where the
  // colours beside an empty cell decide where a line may go; only that it is
  // filled under fill), and a line's end.
  uint64_t cell_term(int cell, int colour, int which) const {
    const uint64_t c = rules_ == RuleSet::kNoTouch ? (uint64_t)colour : 0;
    return mix(((uint64_t)cell << 8 | c) ^ (which ? 0x5bd1e995ull << 32 : 0));
  }
  uint64_t head_term(int colour, int cell, int which) const {
    return mix(((uint64_t)colour << 16 | (uint64_t)cell) ^ 0xa0761d6478bd642full ^ (which ? 0xe7037ed1a0b428dbull : 0));
  }

  void apply(int k, int cell) {
    const int from = head_[k];
    last_cell_ = cell;
    last_from_ = from;
    key_a_ += head_term(k, cell, 0) - head_term(k, from, 0);
    key_b_ += head_term(k, cell, 1) - head_term(k, from, 1);
    head_[k] = (int32_t)cell;
    pred_[(size_t)cell] = (int32_t)from;
    next_[(size_t)from] = (int32_t)cell;
    if (cell == target_[k]) {
      --open_;
      return;
    }
    colour_[(size_t)cell] = (uint8_t)k;
    --empty_;
    region_fill(cell);
    key_a_ += cell_term(cell, k, 0);
    key_b_ += cell_term(cell, k, 1);
  }

  void undo(int k, int cell, int from) {
    key_a_ -= head_term(k, cell, 0) - head_term(k, from, 0);
    key_b_ -= head_term(k, cell, 1) - head_term(k, from, 1);
    head_[k] = (int32_t)from;
    next_[(size_t)from] = -1;
    if (cell == target_[k]) {
      ++open_;
      return;
    }
    colour_[(size_t)cell] = 0;
    ++empty_;
    region_empty(cell);
    key_a_ -= cell_term(cell, k, 0);
    key_b_ -= cell_term(cell, k, 1);
  }

  int neighbour(int cell, int d) const { return adj_[(size_t)cell * kMaxDirs + d]; }
  // The ways line k can go on from its end, into out; returns how many.
  int moves_of(int k, int32_t* out) const {
    const int h = head_[k], b = target_[k];
    int count = 0;
    bool beside_target = false;
    for (int d = 0; d < dirs_; ++d) beside_target = beside_target || neighbour(h, d) == b;
    if (beside_target && rules_ == RuleSet::kNoTouch) {
      out[0] = (int32_t)b;  // a line may not pass beside its own dot
      return 1;
    }
    for (int d = 0; d < dirs_; ++d) {
      const int x = neighbour(h, d);
      if (x < 0) continue;
      if (x == b) {
        out[count++] = (int32_t)x;
        continue;
      }
      if (colour_[(size_t)x] != 0) continue;
      if (rules_ == RuleSet::kNoTouch && touches_own_line(k, h, x)) continue;
      out[count++] = (int32_t)x;
    }
    return count;
  }

  // Whether x has a cell of line k beside it other than the end h (its
  // target dot aside: the line then connects at once).
  bool touches_own_line(int k, int h, int x) const {
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(x, d);
      if (y >= 0 && y != h && y != target_[k] && colour_[(size_t)y] == k) return true;
    }
    return false;
  }

  // Every empty cell needs two ways in and out: empty cells beside it, or
  // the open ends and target dots of unfinished lines. A cell's ways change
  // only when a cell beside it does, so after a move only the cells beside
  // the line's new end and its old one are checked (all of them at the start).
  bool cells_can_fill() {
    for (int k = 1; k <= p_.colours; ++k)
      if (head_[k] != target_[k]) open_end_[(size_t)head_[k]] = open_end_[(size_t)target_[k]] = 1;
    bool ok = true;
    if (last_cell_ < 0) {
      for (int c = 0; c < n_ && ok; ++c) ok = can_fill(c);
    } else {
      for (int d = 0; d < dirs_ && ok; ++d) {
        const int a = neighbour(last_cell_, d), b = neighbour(last_from_, d);
        ok = (a < 0 || can_fill(a)) && (b < 0 || can_fill(b));
      }
    }
    for (int k = 1; k <= p_.colours; ++k) open_end_[(size_t)head_[k]] = open_end_[(size_t)target_[k]] = 0;
    return ok;
  }
  bool can_fill(int c) const {
    if (colour_[(size_t)c] != 0) return true;
    if (rules_ == RuleSet::kNoTouch) return can_fill_apart(c);
    int ways = 0;
    for (int d = 0; d < dirs_ && ways < 2; ++d) {
      const int y = neighbour(c, d);
      if (y >= 0 && (colour_[(size_t)y] == 0 || open_end_[(size_t)y])) ++ways;
    }
    return ways >= 2;
  }
  // Under no-touch a way in is an empty cell, or a line's open end whose
  // line touches the cell nowhere else; and on a hex board without walls,
  // warps or portals the two ways cannot be cells side by side (that sharp
  // turn touches; a bridge's lane is not beside the cells off its axis).
  bool can_fill_apart(int c) const {
    int at[kMaxDirs], ways = 0;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(c, d);
      if (y < 0) continue;
      const int j = colour_[(size_t)y];
      if (j != 0 && (!open_end_[(size_t)y] || touches_elsewhere(c, j, y))) continue;
      at[ways++] = bridge_at(y) ? -1 : p_.hex ? kHexRingPlace[d] : d;
    }
    if (ways < 2) return false;
    if (!sides_touch_ || bridge_at(c)) return true;
    for (int i = 0; i < ways; ++i)
      for (int k = i + 1; k < ways; ++k) {
        const int gap = (at[k] - at[i] + 6) % 6;
        if (at[i] < 0 || at[k] < 0 || (gap >= 2 && gap <= 4)) return true;
      }
    return false;
  }
  bool bridge_at(int node) const { return node >= p_.cells() || p_.is_bridge(node); }
  // Whether c is beside a cell of line j other than its open end y and the
  // line's other open end.
  bool touches_elsewhere(int c, int j, int y) const {
    for (int d = 0; d < dirs_; ++d) {
      const int z = neighbour(c, d);
      if (z >= 0 && z != y && colour_[(size_t)z] == j && z != head_[j] && z != target_[j]) return true;
    }
    return false;
  }

  // The empty regions: each must be reachable by a line that can enter it
  // and end beside it, and each unfinished line's end and target must share
  // a region (or touch). The regions are labelled once and kept as moves fill
  // cells: filling a cell whose empty neighbours stay joined around it only
  // shrinks its region; only a cell that may split one has them labelled anew.
  bool regions_can_fill() {
    if (!regions_valid_) label_regions();
    const size_t labels = region_size_.size();
    servers_.assign(labels, 0);
    if (region_mark_.size() < labels) region_mark_.resize(labels, 0);
    for (int k = 1; k <= p_.colours; ++k) {
      const int h = head_[k], b = target_[k];
      if (h == b) continue;
      if (++mark_now_ == 0) std::fill(region_mark_.begin(), region_mark_.end(), 0u), mark_now_ = 1;
      for (int e = 0; e < dirs_; ++e) {  // the regions beside the target
        const int y = neighbour(b, e);
        if (y >= 0 && colour_[(size_t)y] == 0) region_mark_[(size_t)region_[(size_t)y]] = mark_now_;
      }
      bool touching = false, shared = false;
      for (int d = 0; d < dirs_; ++d) {
        const int x = neighbour(h, d);
        if (x < 0) continue;
        if (x == b) touching = true;
        if (colour_[(size_t)x] != 0) continue;
        const int r = region_[(size_t)x];
        if (region_mark_[(size_t)r] != mark_now_) continue;
        servers_[(size_t)r] |= 1ull << k;
        shared = true;
      }
      if (!touching && !shared) return false;
    }
    // A line that enters a region never leaves it (every cell round it is
    // filled), so each region needs a line of its own: a matching.
    int count = 0;
    for (size_t r = 1; r < labels; ++r) {
      if (region_size_[r] == 0) continue;
      if (servers_[r] == 0) return false;
      if (count < kMaxMatched) matched_region_[count] = (int)r;
      ++count;
    }
    if (count < 2 || count > kMaxMatched) return true;
    for (int k = 0; k <= p_.colours; ++k) owner_[k] = -1;
    for (int i = 0; i < count; ++i) {
      uint64_t seen = 0;
      if (!give_line(i, &seen)) return false;
    }
    return true;
  }

  // Finds region i (of matched_region_) a line of its own, moving the lines
  // already given along (an augmenting path; depth at most kMaxMatched).
  bool give_line(int i, uint64_t* seen) {
    const uint64_t lines = servers_[(size_t)matched_region_[i]] & ~*seen;
    for (int k = 1; k <= p_.colours; ++k) {
      if (!(lines >> k & 1)) continue;
      *seen |= 1ull << k;
      if (owner_[k] < 0 || give_line(owner_[k], seen)) {
        owner_[k] = (int8_t)i;
        return true;
      }
    }
    return false;
  }

  void label_regions() {
    region_size_.assign(1, 0);
    for (int c = 0; c < n_; ++c) region_[(size_t)c] = 0;
    for (int c = 0; c < n_; ++c)
      if (colour_[(size_t)c] == 0 && region_[(size_t)c] == 0) {
        const int label = (int)region_size_.size();
        region_size_.push_back(flood(c, label));
      }
    regions_valid_ = true;
  }

  // Gives the empty cells joined to `from` that share its label the label
  // `to` (from included); returns how many there are.
  int flood(int from, int to) {
    const int old = region_[(size_t)from];
    size_t qh = 0, qt = 0;
    queue_[qt++] = (int32_t)from;
    region_[(size_t)from] = to;
    while (qh < qt) {
      const int at = queue_[qh++];
      for (int d = 0; d < dirs_; ++d) {
        const int y = neighbour(at, d);
        if (y >= 0 && colour_[(size_t)y] == 0 && region_[(size_t)y] == old) {
          region_[(size_t)y] = to;
          queue_[qt++] = (int32_t)y;
        }
      }
    }
    return (int)qt;
  }

  // Whether the empty cells beside `cell` stay joined through the ring of its
  // eight neighbours when it is filled (then no region can split there).
  bool keeps_regions_joined(int cell) const {
    if (hex_ring_) {  // a hex cell's six neighbours are a ring, each beside the next: one run of empty ones stays joined
      bool empty[6];
      int runs = 0, count = 0;
      for (int i = 0; i < 6; ++i) {
        const int y = neighbour(cell, kHexRing[i]);
        empty[i] = y >= 0 && colour_[(size_t)y] == 0;
        count += empty[i];
      }
      for (int i = 0; i < 6; ++i) runs += empty[i] && !empty[(i + 5) % 6];
      return count == 6 || runs <= 1;
    }
    if (ring_unsound_) return false;  // the ring is not all the neighbours there are: search instead
    static const int kRing[8][2] = {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};
    const int x = cell % p_.width, y = cell / p_.width;
    bool empty[8];
    for (int i = 0; i < 8; ++i) {
      const int nx = x + kRing[i][0], ny = y + kRing[i][1];
      empty[i] = nx >= 0 && ny >= 0 && nx < p_.width && ny < p_.height && colour_[(size_t)(ny * p_.width + nx)] == 0;
    }
    // Runs of empty ring cells holding an orthogonal neighbour (the even places).
    int groups = 0;
    bool all = true;
    for (int i = 0; i < 8; ++i) all = all && empty[i];
    if (all) return true;
    for (int i = 0; i < 8; ++i) {
      if (!empty[i] || empty[(i + 7) % 8]) continue;  // a run starts at i
      bool orthogonal = false;
      for (int j = i; empty[j % 8] && j < i + 8; ++j) orthogonal = orthogonal || (j % 2 == 0);
      groups += orthogonal;
    }
    return groups <= 1;
  }

  // Keeping the labels as a cell is filled: its region only shrinks when
  // the empty cells beside it stay joined, around it or by a short way
  // round; else the regions are labelled anew at the next check.
  void region_fill(int cell) {
    if (regions_valid_ && (keeps_regions_joined(cell) || joined_nearby(cell)))
      --region_size_[(size_t)region_[(size_t)cell]];
    else
      regions_valid_ = false;
  }

  // Whether the empty cells beside a cell just filled still reach each other
  // within a few steps (a small search from one of them).
  bool joined_nearby(int cell) {
    constexpr size_t kBudget = 96;
    int wanted[kMaxDirs], count = 0;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(cell, d);
      if (y >= 0 && colour_[(size_t)y] == 0) wanted[count++] = y;
    }
    if (count <= 1) return true;
    if (++stamp_now_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0u), stamp_now_ = 1;
    size_t qh = 0, qt = 0;
    queue_[qt++] = (int32_t)wanted[0];
    stamp_[(size_t)wanted[0]] = stamp_now_;
    int found = 1;
    while (qh < qt && qt < kBudget && found < count) {
      const int at = queue_[qh++];
      for (int d = 0; d < dirs_; ++d) {
        const int y = neighbour(at, d);
        if (y < 0 || colour_[(size_t)y] != 0 || stamp_[(size_t)y] == stamp_now_) continue;
        stamp_[(size_t)y] = stamp_now_;
        queue_[qt++] = (int32_t)y;
        for (int w = 1; w < count; ++w) found += y == wanted[w];
      }
    }
    return found >= count;
  }

  // And as it is emptied again: it joins its neighbours' region (the
  // largest, when it joins several: the others take its label, a flood over
  // their cells, which are few when a move had cut a pocket off), or makes
  // one of its own.
  void region_empty(int cell) {
    if (!regions_valid_) return;
    int keep = 0;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(cell, d);
      if (y < 0 || colour_[(size_t)y] != 0) continue;
      const int label = region_[(size_t)y];
      if (keep == 0 || region_size_[(size_t)label] > region_size_[(size_t)keep]) keep = label;
    }
    for (int d = 0; d < dirs_ && keep != 0; ++d) {
      const int y = neighbour(cell, d);
      if (y < 0 || colour_[(size_t)y] != 0 || region_[(size_t)y] == keep) continue;
      region_size_[(size_t)region_[(size_t)y]] = 0;
      region_size_[(size_t)keep] += flood(y, keep);
    }
    if (keep == 0) {  // a region of its own again
      keep = (int)region_size_.size();
      region_size_.push_back(0);
    }
    region_[(size_t)cell] = keep;
    ++region_size_[(size_t)keep];
  }

  // The corner rule (no-touch, every cell filled, on a board whose
  // neighbours are the grid's): where a line turns (90 degrees on squares,
  // 120 on hexes) the cell inside the turn, beside both its neighbours on the
  // line, cannot be on that line; so it is a dot, or its own line passes it
  // between the same two directions, turning the same way round the next
  // cell inside (and so on: a run of like turns ends at a dot or the edge).
  // After a move the turn at the line's old end is checked, and every turn
  // whose inside cell is the old end or the new one.
  bool corners_hold() const {
    if (!corner_rule_ || last_cell_ < 0) return true;
    if (!turn_holds(last_from_)) return false;
    const int cells[2] = {last_from_, last_cell_};
    for (int i = 0; i < 2; ++i) {
      const int c = cells[i];
      if (p_.dot_at(c) != 0 || bridge_at(c)) continue;  // a dot (or a bridge) needs nothing of the turns round it
      for (int j = 0; j < dirs_; ++j) {
        // The cells whose turn may have c inside: a hex cell's neighbours, a square's diagonals.
        const int t = p_.hex ? p_.step(c, j, false) : diagonal(c, j);
        if (t >= 0 && !turn_holds(t)) return false;
      }
    }
    return true;
  }

  // The cell one step diagonally from `cell` on a square board: up-left,
  // up-right, down-left, down-right for i = 0..3 (-1 off the board).
  int diagonal(int cell, int i) const {
    const int v = p_.step(cell, i & 1 ? kDown : kUp, false);
    return v < 0 ? -1 : p_.step(v, i & 2 ? kRight : kLeft, false);
  }

  int dir_to(int from, int to) const {
    for (int d = 0; d < dirs_; ++d)
      if (neighbour(from, d) == to) return d;
    return -1;
  }

  // The cell inside a turn at t between the directions d1 and d2 to its
  // neighbours on the line; -1 when the line goes straight (or turns
  // sharply on a hex board, which no-touch never allows) or the cell there is
  // off the board or a block.
  int inside_of(int t, int d1, int d2) const {
    int m;
    if (!p_.hex) {
      if (axis_of(d1) == axis_of(d2)) return -1;
      m = p_.step(p_.step(t, d1, false), d2, false);
    } else {
      const int gap = (kHexRingPlace[d2] - kHexRingPlace[d1] + 6) % 6;
      if (gap != 2 && gap != 4) return -1;
      const int first = kHexRingPlace[gap == 2 ? d1 : d2];  // the turn's two ways: first and first + 2 round the ring
      m = p_.step(t, kHexRing[(first + 1) % 6], false);
    }
    return m < 0 || p_.is_block(m) ? -1 : m;
  }

  // Whether the turn at t (when t is a line's cell between two others) can
  // still have its inside filled as the corner rule says. Near a bridge
  // (the turn's cells, the inside, its sides or the next cell inside) the
  // rule is not applied: a lane is beside only the cells on its axis.
  bool turn_holds(int t) const {
    if (colour_[(size_t)t] == 0 || p_.dot_at(t) != 0 || next_[(size_t)t] < 0) return true;
    const int g = pred_[(size_t)t], s = next_[(size_t)t];
    if (bridge_at(t) || bridge_at(g) || bridge_at(s)) return true;
    const int d1 = dir_to(t, g), d2 = dir_to(t, s);
    const int m = inside_of(t, d1, d2);
    if (m < 0 || p_.dot_at(m) != 0) return true;
    const int f1 = neighbour(m, d1), f2 = neighbour(m, d2);
    if (!p_.bridge.empty()) {
      const int q = inside_of(m, d1, d2);
      if (p_.is_bridge(m) || (f1 >= 0 && bridge_at(f1)) || (f2 >= 0 && bridge_at(f2)) || (q >= 0 && p_.is_bridge(q)))
        return true;
    }
    if (f1 < 0 || f2 < 0) return false;  // m's line would have no way through
    if (colour_[(size_t)m] != 0) {         // on a line already: it must come from one side and leave by the other
      const int a = pred_[(size_t)m], b = next_[(size_t)m];
      if (a != f1 && a != f2) return false;
      return b < 0 || b == (a == f1 ? f2 : f1);
    }
    const int k = colour_[(size_t)t];
    const int j1 = joinable(f1, k), j2 = joinable(f2, k);
    return j1 >= 0 && j2 >= 0 && (j1 == 0 || j2 == 0 || j1 == j2);
  }

  // What a cell next to an empty one offers a line through it: 0 empty, an
  // unfinished line's colour at that line's end or target, -1 nothing (a
  // line's middle, a finished line, a block, or line k's own end).
  int joinable(int c, int k) const {
    const int j = colour_[(size_t)c];
    if (j == 0) return 0;
    if (j == kBlockColour || j == k || head_[j] == target_[j]) return -1;
    return c == head_[j] || c == target_[j] ? j : -1;
  }

  void record_solution() {
    Solution* s = run_.next_solution();
    if (!s) return;
    s->colour.assign((size_t)n_, 0);
    s->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<int32_t>& line = s->lines[(size_t)k - 1];
      for (int c = target_[k];; c = pred_[(size_t)c]) {
        line.push_back((int32_t)c);
        s->colour[(size_t)c] = (uint8_t)k;
        if (c == p_.ends[k][0]) break;
      }
      std::vector<int32_t>(line.rbegin(), line.rend()).swap(line);
    }
  }

 public:
  // Looks at the position reached: either its count is known (a solution, a
  // dead end, a position seen before) and goes in *value, or a frame with its
  // moves is pushed for walk() to try.
  bool enter(uint64_t* value) {
    *value = 0;
    if (!run_.count_node()) return true;
    if (open_ == 0) {
      if (empty_ != 0) return true;
      record_solution();
      *value = 1;
      return true;
    }
    if (run_.recall(key_a_, key_b_, value)) return true;
    // A line with one way on; else (LineOrder::kSweep) the line whose end
    // comes first in reading order, so the lines fill the board from the top
    // down (the filled part stays compact and a pocket left behind shows at
    // once: on hex boards tens of times fewer positions than taking the line
    // with the fewest ways, kFewestWays). A line with no way on is a dead end.
    Frame f;
    f.options = kMaxDirs + 1;
    for (int k = 1; k <= p_.colours; ++k) {
      if (head_[k] == target_[k]) continue;
      int32_t m[kMaxDirs];
      const int count = moves_of(k, m);
      if (count == 0) return done_dead();
      const bool first = f.options > kMaxDirs;
      const bool better = first || (order_ == LineOrder::kSweep
                                        ? (count == 1 && f.options > 1) ||
                                              (count > 1 && f.options > 1 && head_[k] < head_[f.colour])
                                        : count < f.options);
      if (better) {
        f.options = count;
        f.colour = k;
        memcpy(f.move, m, sizeof m);
      }
    }
    if (!cells_can_fill() || !regions_can_fill() || !corners_hold()) return done_dead();
    if (f.options == 1) ++run_.result.forced;
    else ++run_.result.branches;
    f.key_a = key_a_;
    f.key_b = key_b_;
    f.count = 0;
    f.next = 0;
    f.from = head_[f.colour];
    stack_.push_back(f);
    return false;
  }

 private:
  bool done_dead() {
    run_.memo.store(key_a_, key_b_, 0);
    return true;
  }

  const Puzzle& p_;
  RuleSet rules_;
  LineOrder order_;
  int n_;     // the nodes: cells, and bridges' further lanes
  int dirs_;  // 4, or 6 on a hex board
  SearchRun run_;
  std::vector<int32_t> adj_;
  std::vector<uint8_t> colour_;   // per cell: 0 empty, else its line's colour
  std::vector<int32_t> pred_;     // per filled cell: the cell before it on its line
  std::vector<int> region_;
  std::vector<int32_t> queue_;
  std::vector<uint64_t> servers_;      // per region label: the lines that can fill into it (bit k)
  std::vector<uint32_t> region_mark_;  // scratch: the regions beside a line's target
  uint32_t mark_now_ = 0;
  static constexpr int kMaxMatched = 32;  // regions matched to lines (more: each only needs one)
  int matched_region_[kMaxMatched] = {};
  int8_t owner_[kMaxColours + 1] = {};  // per line: the region it is given in the matching, -1
  std::vector<int> region_size_;  // per region label: its empty cells (0: gone)
  bool regions_valid_ = false;
  std::vector<uint32_t> stamp_;  // scratch for joined_nearby: cells seen in its current search
  uint32_t stamp_now_ = 0;
  std::vector<uint8_t> open_end_;  // scratch: the open lines' ends and targets
  int32_t head_[kMaxColours + 1] = {};
  int32_t target_[kMaxColours + 1] = {};
  int empty_ = 0, open_ = 0;
  bool ring_unsound_ = false;     // not a plain square grid: the eight-cell ring test around a filled cell does not hold
  bool hex_ring_ = false;         // a hex board of cells and blocks: the ring of six neighbours holds
  bool corner_rule_ = false;      // no-touch on a board without walls, warps or portals (see corners_hold)
  bool sides_touch_ = false;      // a hex board without walls, warps or portals: cells side by side are neighbours
  std::vector<int32_t> next_;     // per line cell: the cell after it, -1 at a line's end
  int last_cell_ = -1, last_from_ = -1;  // the last move: where the line went, and from where
  uint64_t key_a_ = 0, key_b_ = 0;
  std::vector<Frame> stack_;
};

}  // namespace

SolveFigures search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SolveLimits& limits,
                          Solution* first, Solution* second, LineOrder order) {
  // The solver's tables are large; they live on the heap, not the device's stack.
  std::unique_ptr<LineSearch> solver(new LineSearch(puzzle, rules, order, max_count, limits, first, second));
  return solver->run();
}

namespace {

// Calls visit(cell) for each cell of the board's rim, clockwise from the
// top-left corner: the top row, the right column, the bottom row back, the
// left column up.
template <typename Visit>
void walk_rim(const Puzzle& p, Visit visit) {
  const int w = p.width, h = p.height;
  for (int x = 0; x < w; ++x) visit(x);
  for (int y = 1; y < h; ++y) visit(y * w + w - 1);
  for (int x = w - 2; x >= 0 && h > 1; --x) visit((h - 1) * w + x);
  for (int y = h - 2; y >= 1 && w > 1; --y) visit(y * w);
}

bool black(const Puzzle& p, int cell) { return (cell % p.width + cell / p.width) % 2 == 0; }

}  // namespace

bool lines_cross_on_rim(const Puzzle& p) {
  if (p.colours < 2 || p.warps != 0 || !p.portal.empty() || !p.bridge.empty()) return false;
  // Each line's dots' places on the rim, clockwise. (Blocks and walls take
  // cells and sides away, never a crossing: a line from rim to rim still
  // cuts the board's outline in two.)
  int32_t first[kMaxColours + 1], second[kMaxColours + 1];  // (small: the device's stack)
  for (int k = 0; k <= p.colours; ++k) first[k] = second[k] = -1;
  int32_t place = 0;
  walk_rim(p, [&](int cell) {
    const int k = p.dot[(size_t)cell];
    if (k) (first[k] < 0 ? first[k] : second[k]) = place;
    ++place;
  });
  for (int a = 1; a <= p.colours; ++a) {
    if (second[a] < 0) continue;
    for (int b = a + 1; b <= p.colours; ++b) {
      if (second[b] < 0) continue;
      const bool b1_inside = first[b] > first[a] && first[b] < second[a];
      const bool b2_inside = second[b] > first[a] && second[b] < second[a];
      if (b1_inside != b2_inside) return true;
    }
  }
  return false;
}

bool checkerboard_unbalanced(const Puzzle& p) {
  if (p.colours == 0 || !p.planar() || p.hex) return false;
  // Cells (x + y) even are black, odd white: a line's cells alternate, so
  // it covers as many of each, or one more black when both its dots are
  // black, one more white when both are white. The lines fill the board.
  int64_t black_minus_white = 0;
  for (int c = 0; c < p.cells(); ++c)
    if (!p.is_block(c)) black_minus_white += black(p, c) ? 1 : -1;
  for (int k = 1; k <= p.colours; ++k) {
    const bool a_black = black(p, p.ends[k][0]);
    if (a_black == black(p, p.ends[k][1])) black_minus_white -= a_black ? 1 : -1;
  }
  return black_minus_white != 0;
}

bool lines_cross_round_dots(const Puzzle& p) {
  if (p.colours < 3 || !p.planar() || p.hex) return false;
  const int w = p.width, h = p.height;
  const int n = p.cells();
  // Each rim cell's place, clockwise from the top-left corner.
  std::vector<int32_t> rim(n > 0 ? (size_t)n : 0, -1);
  int32_t place = 0;
  walk_rim(p, [&](int cell) { rim[(size_t)cell] = place++; });
  auto dot_at = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && p.dot[(size_t)(y * w + x)] != 0; };
  std::vector<int32_t> cluster_of((size_t)n, -1), cells, contour;
  int clusters = 0;
  for (int start = 0; start < n; ++start) {
    if (!p.dot[(size_t)start] || cluster_of[(size_t)start] >= 0) continue;
    // The cluster: dots joined by sides or corners (no line passes between).
    const int id = clusters++;
    cells.assign(1, start);
    cluster_of[(size_t)start] = id;
    bool usable = true;
    for (size_t i = 0; i < cells.size(); ++i) {
      const int cx = cells[i] % w, cy = cells[i] / w;
      if (rim[(size_t)cells[i]] >= 0) usable = false;  // it touches the rim: no ring round it
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int x = cx + dx, y = cy + dy;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const int c = y * w + x;
          if (p.is_block(c)) usable = false;  // a block beside it: the hole is larger than the dots
          if (!p.dot[(size_t)c] || cluster_of[(size_t)c] >= 0) continue;
          cluster_of[(size_t)c] = id;
          cells.push_back(c);
        }
    }
    if (!usable || cells.size() < 3) continue;
    // Its outline, clockwise: walking along a side with the cluster on the
    // right, at each corner turn left into a cluster cell, else go on along
    // the next cluster cell, else turn right round this one.
    const int first = *std::min_element(cells.begin(), cells.end());  // topmost, then leftmost
    static const int kDx[4] = {1, 0, -1, 0}, kDy[4] = {0, 1, 0, -1};  // east, south, west, north: clockwise
    int x = first % w, y = first / w, d = 0;
    contour.clear();
    for (int steps = 0; steps < 8 * n; ++steps) {
      const int cell = y * w + x;
      if (contour.empty() || contour.back() != cell) contour.push_back(cell);
      const int left = (d + 3) % 4;
      if (dot_at(x + kDx[d] + kDx[left], y + kDy[d] + kDy[left])) {
        x += kDx[d] + kDx[left];
        y += kDy[d] + kDy[left];
        d = left;
      } else if (dot_at(x + kDx[d], y + kDy[d])) {
        x += kDx[d];
        y += kDy[d];
      } else {
        d = (d + 1) % 4;
      }
      if (x == first % w && y == first / w && d == 0) break;
    }
    if (contour.size() > 1 && contour.back() == contour.front()) contour.pop_back();
    // The lines from the cluster's outline to the rim, in the outline's
    // order: their places on the rim must go round in the same order (a
    // cluster cell met twice round the outline is left out: its line may
    // leave from either side).
    int32_t rim_places[kMaxColours + 1];
    int lines = 0;
    for (size_t i = 0; i < contour.size(); ++i) {
      const int c = contour[i];
      if (std::count(contour.begin(), contour.end(), c) != 1) continue;
      const int k = p.dot[(size_t)c];
      const int other = p.ends[k][0] == c ? p.ends[k][1] : p.ends[k][0];
      if (rim[(size_t)other] >= 0 && lines <= kMaxColours) rim_places[lines++] = rim[(size_t)other];
    }
    int descents = 0;
    for (int i = 0; i < lines; ++i) descents += rim_places[i] > rim_places[(i + 1) % lines];
    if (lines >= 3 && descents > 1) return true;
  }
  return false;
}

namespace {

// Step 1 of flow_search.h's strategy: no solution, said without a search.
bool no_solution_by_rules(const Puzzle& puzzle) {
  return lines_cross_on_rim(puzzle) || lines_cross_round_dots(puzzle) || checkerboard_unbalanced(puzzle);
}

// A position costs up to a pass over the board's cells (its regions), so a
// board past 64x64 has its positions capped to about 2^33 cell steps in all
// (the diagonal search, whose positions cost a 1,024th as much, as many
// again): a large board the searches cannot settle is reported capped in
// seconds, never left running for hours.
SolveLimits large_board_cap(const Puzzle& puzzle, const SolveLimits& asked) {
  SolveLimits limits = asked;
  const uint64_t kMaxCellSteps = (uint64_t)1 << 33;
  if (puzzle.cells() > kMaxMadeSide * kMaxMadeSide && limits.max_nodes > kMaxCellSteps / (uint64_t)puzzle.cells())
    limits.max_nodes = kMaxCellSteps / (uint64_t)puzzle.cells();
  return limits;
}

uint64_t times_four(uint64_t budget) { return budget < ((uint64_t)1 << 60) ? budget * 4 : budget; }

// Figures that say "capped" having searched nothing (no budget at all).
SolveFigures capped_unsearched() {
  SolveFigures f;
  f.capped = true;
  return f;
}

// Steps 3 and 4 (no step 1, no large-board cap: the callers' own).
SolveFigures search_lines_and_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                       const SolveLimits& limits, Solution* first, Solution* second) {
  if (limits.max_nodes == 0) return capped_unsearched();
  // 3: a board that does not lie flat goes to the line search whole.
  if (!puzzle.planar()) return search_lines(puzzle, rules, max_count, limits, first, second);
  // 4: the line search with ten positions a cell, then the
  // frontier search with the rest (no-touch), or turns of growing budgets
  // (fill).
  SolveFigures best;  // the figures of the turn that found the most, while every turn is capped
  Solution kept[2];   // its solutions (a later turn may find fewer before its budget ends)
  uint64_t spent = 0, budget = 10 * (uint64_t)puzzle.cells(), peak = 0;
  for (int turn = 0;; ++turn) {
    const bool lines = turn % 2 == 0;
    SolveLimits part = limits;
    const uint64_t left = limits.max_nodes - spent;
    const uint64_t want = lines ? budget : rules == RuleSet::kNoTouch ? left : 16 * budget;
    part.max_nodes = want < left ? want : left;
    Solution s[2];
    Solution* s0 = first ? &s[0] : nullptr;
    Solution* s1 = second ? &s[1] : nullptr;
    SolveFigures f = lines ? search_lines(puzzle, rules, max_count, part, s0, s1)
                           : search_frontier(puzzle, rules, max_count, part, s0, s1);
    spent += f.nodes < part.max_nodes ? f.nodes : part.max_nodes;
    peak = f.peak_bytes > peak ? f.peak_bytes : peak;
    if (!f.capped || turn == 0 || f.count > best.count) {
      best = f;
      std::swap(kept[0], s[0]);
      std::swap(kept[1], s[1]);
    }
    if (!f.capped || spent >= limits.max_nodes) break;
    if (!lines) budget = times_four(budget);
  }
  best.nodes = spent + (best.capped ? 1 : 0);
  best.peak_bytes = peak;
  if (first && !kept[0].colour.empty()) *first = std::move(kept[0]);
  if (second && !kept[1].colour.empty()) *second = std::move(kept[1]);
  return best;
}

// Step 2 of flow_search.h's strategy: no-touch on a plain board, the
// diagonal search (going on where it stopped) and the other two (afresh)
// taking turns of growing budgets, 1,024 diagonal positions to one of theirs.
// Both hold their memory at once: the peak is the sum.
SolveFigures solve_plain_no_touch(const Puzzle& puzzle, uint64_t max_count, const SolveLimits& limits,
                                  Solution* first, Solution* second) {
  if (limits.max_nodes == 0) return capped_unsearched();
  const uint64_t kDiagonalPositions = 1024;
  Solution diagonal_found[2], other_found[2];
  DiagonalRun diagonal(puzzle, max_count, limits, first ? &diagonal_found[0] : nullptr,
                       second ? &diagonal_found[1] : nullptr);
  SolveFigures d = capped_unsearched(), o = capped_unsearched();  // the diagonal search's so far; the others' best turn
  uint64_t others_spent = 0, others_positions = 0, others_peak = 0, budget = 4 * (uint64_t)puzzle.cells();
  auto spent = [&]() { return (d.nodes + kDiagonalPositions - 1) / kDiagonalPositions + others_spent; };
  while (spent() < limits.max_nodes) {
    d = diagonal.run(d.nodes + std::min(budget, limits.max_nodes - spent()) * kDiagonalPositions);
    if (!d.capped || spent() >= limits.max_nodes) break;
    SolveLimits others = limits;
    others.max_nodes = std::min(budget, limits.max_nodes - spent());
    Solution s[2];
    const SolveFigures f = search_lines_and_frontier(puzzle, RuleSet::kNoTouch, max_count, others,
                                                     first ? &s[0] : nullptr, second ? &s[1] : nullptr);
    others_spent += std::min(f.nodes, others.max_nodes);
    others_positions += f.nodes;
    others_peak = std::max(others_peak, f.peak_bytes);
    if (!f.capped || f.count > o.count || o.nodes == 0) {
      o = f;
      std::swap(other_found[0], s[0]);
      std::swap(other_found[1], s[1]);
    }
    if (!o.capped) break;
    budget = times_four(budget);
  }
  // The answer: the search that finished, or (every turn capped) the one
  // that found the most.
  const bool others_best = !o.capped || (d.capped && o.count > d.count);
  SolveFigures best = others_best ? o : d;
  Solution* found = others_best ? other_found : diagonal_found;
  best.nodes = d.nodes + others_positions;
  best.peak_bytes = d.peak_bytes + others_peak;
  if (first && !found[0].colour.empty()) *first = std::move(found[0]);
  if (second && !found[1].colour.empty()) *second = std::move(found[1]);
  return best;
}

// A plain board turned: half a turn (kHalfTurn), about its main diagonal
// (kTransposed), or both; and its solutions turned back.
enum Turn : int { kAsIs = 0, kHalfTurn = 1, kTransposed = 2 };

int turned_cell(const Puzzle& p, int cell, int turn) {
  int x = cell % p.width, y = cell / p.width;
  if (turn & kHalfTurn) {
    x = p.width - 1 - x;
    y = p.height - 1 - y;
  }
  return turn & kTransposed ? x * p.height + y : y * p.width + x;
}

void turn_puzzle(const Puzzle& p, int turn, Puzzle* out) {
  *out = p;
  if (turn & kTransposed) std::swap(out->width, out->height);
  for (int cell = 0; cell < p.cells(); ++cell) out->dot[(size_t)turned_cell(p, cell, turn)] = p.dot[(size_t)cell];
  for (int k = 1; k <= p.colours; ++k) {
    int32_t a = turned_cell(p, p.ends[k][0], turn), b = turned_cell(p, p.ends[k][1], turn);
    if (b < a) std::swap(a, b);
    out->ends[k][0] = a;
    out->ends[k][1] = b;
  }
}

void turn_back(const Puzzle& p, int turn, Solution* s) {
  std::vector<int32_t> back((size_t)p.cells());
  for (int cell = 0; cell < p.cells(); ++cell) back[(size_t)turned_cell(p, cell, turn)] = cell;
  std::vector<uint8_t> colour(s->colour.size());
  for (size_t c = 0; c < s->colour.size(); ++c) colour[(size_t)back[c]] = s->colour[c];
  s->colour.swap(colour);
  for (size_t k = 0; k < s->lines.size(); ++k) {
    std::vector<int32_t>& line = s->lines[k];
    for (int32_t& c : line) c = back[(size_t)c];
    if (!line.empty() && line.front() != p.ends[k + 1][0]) std::reverse(line.begin(), line.end());  // from its first dot
  }
}

// One fill solution on a plain board: the searches of steps 3-4 on the board
// as it is, turned half round, transposed, and both, in turns of growing
// budgets. On an open board with few lines, where a solution needs lines to
// run beside themselves, the searches' luck depends on the corner they start
// from: one way round settles in a fraction of a second a board the others
// cap on.
SolveFigures solve_plain_fill_one(const Puzzle& puzzle, const SolveLimits& limits, Solution* first) {
  static const int kTurns[4] = {kAsIs, kHalfTurn, kTransposed, kTransposed | kHalfTurn};
  std::unique_ptr<Puzzle> turned(new Puzzle);  // (large for the device's stack)
  SolveFigures last = capped_unsearched();
  uint64_t spent = 0, peak = 0, budget = 10 * (uint64_t)puzzle.cells();
  for (;;) {
    for (int t : kTurns) {
      if (spent >= limits.max_nodes) {
        last.nodes = spent + 1;
        last.peak_bytes = peak;
        return last;
      }
      SolveLimits part = limits;
      part.max_nodes = std::min(budget, limits.max_nodes - spent);
      turn_puzzle(puzzle, t, turned.get());
      Solution s;
      last = search_lines_and_frontier(*turned, RuleSet::kFill, 1, part, first ? &s : nullptr, nullptr);
      spent += std::min(last.nodes, part.max_nodes);
      peak = std::max(peak, last.peak_bytes);
      if (!last.capped) {
        if (first && last.solvable) {
          turn_back(puzzle, t, &s);
          *first = std::move(s);
        }
        last.nodes = spent;
        last.peak_bytes = peak;
        return last;
      }
    }
    budget = times_four(budget);
  }
}

}  // namespace

SolveFigures solve_by_lines_and_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                         const SolveLimits& limits, Solution* first, Solution* second) {
  if (no_solution_by_rules(puzzle)) return SolveFigures();
  return search_lines_and_frontier(puzzle, rules, max_count, large_board_cap(puzzle, limits), first, second);
}

SolveFigures solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SolveLimits& asked,
                   Solution* first, Solution* second) {
  // The steps of flow_search.h's strategy. 1: lines that would cross on the
  // rim or round a cluster of dots, or could not cover the checkerboard's
  // two colours.
  if (no_solution_by_rules(puzzle)) return SolveFigures();
  const SolveLimits limits = large_board_cap(puzzle, asked);
  if (rules == RuleSet::kNoTouch && puzzle.plain()) return solve_plain_no_touch(puzzle, max_count, limits, first, second);
  if (rules == RuleSet::kFill && puzzle.plain() && max_count == 1) return solve_plain_fill_one(puzzle, limits, first);
  return search_lines_and_frontier(puzzle, rules, max_count, limits, first, second);
}

}  // namespace flow
}  // namespace tl
