// The line-puzzle engine: the line search (when solve() runs it, and why:
// see lines.h). It is depth-first on an explicit stack (no recursion: a line
// of 4,096 cells would be 4,096 frames of the device's few KB of stack), with
// every position's future remembered.
//
// [SECTION] The search and its walk
// [SECTION] Filling a cell and taking it back
// [SECTION] Cells that can still fill
// [SECTION] Empty regions
// [SECTION] The corner rule and turns
// [SECTION] Positions
// [SECTION] search_lines
#include <string.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "core/base/grid.h"
#include "lines.h"
#include "walk.h"

namespace tl {
namespace lines {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] The search and its walk
// ---------------------------------------------------------------------------
// A block's cell in colour_: filled, by no line.
constexpr uint8_t kBlockColour = 0xff;

// A hex cell's six directions in order round it (each beside the next), and
// each HexDir's place in that ring.
constexpr int kHexRing[6] = {kEast, kSouthEast, kSouthWest, kWest, kNorthWest, kNorthEast};
constexpr int kHexRingPlace[6] = {0, 3, 5, 2, 4, 1};

class LineSearch : public SearchTask {
 public:
  LineSearch(const Puzzle& p, RuleSet rules, LineOrder order, uint64_t max_count, const SearchLimits& limits,
             Solution* first, Solution* second)
      : p_(p), rules_(rules), order_(order), n_(p.nodes()), dirs_(p.dirs()), run_(max_count, limits, first, second) {
    run_.measure_lookahead = order == LineOrder::kFewestWays;  // drawing as a person does: how far ahead
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

  // Goes on from where it paused (see SearchTask); true once finished.
  bool run(uint64_t* budget) override {
    PauseAfter pause(&run_, budget);
    if (!walk(*this, stack_, &run_)) return false;
    run_.result.peak_bytes = run_.memo.bytes() + stack_.capacity() * sizeof(stack_[0]) +
                             (adj_.capacity() + pred_.capacity() + queue_.capacity() + next_.capacity()) * sizeof(int32_t);
    return true;
  }
  const SolveFigures& figures() const override { return run_.result; }

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

  // ---------------------------------------------------------------------------
  // [SECTION] Filling a cell and taking it back
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] Cells that can still fill
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] Empty regions
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] The corner rule and turns
  // ---------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------
  // [SECTION] Positions: solutions, the memo and the search's tables
  // ---------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------
// [SECTION] search_lines: the entry points
// ---------------------------------------------------------------------------
std::unique_ptr<SearchTask> begin_search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                               const SearchLimits& limits, Solution* first, Solution* second,
                                               LineOrder order) {
  // The solver's tables are large; they live on the heap, not the device's stack.
  return std::unique_ptr<SearchTask>(new LineSearch(puzzle, rules, order, max_count, limits, first, second));
}

SolveFigures search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                          Solution* first, Solution* second, LineOrder order) {
  std::unique_ptr<SearchTask> search = begin_search_lines(puzzle, rules, max_count, limits, first, second, order);
  search->run(nullptr);
  return search->figures();
}

}  // namespace lines
}  // namespace tl
