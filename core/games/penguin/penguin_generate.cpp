// Tickles Penguin: the article's generator (the manual is README.md).
//
// 1. A winning path of stops S = p0, p1, ..., pn = F with alternating axes,
//    random signed lengths, no cell passed twice and at most two crossings.
//    mode=from-start draws S first and slides off to the edge at the end, where
//    F goes; mode=from-end (the article's own hindsight) puts F on the edge first
//    and builds the path backwards, so S is never set beforehand.
// 2. Stoppers so every stop holds: a wall or tree just past the stop, a bridge
//    there when the path crosses that cell along the other axis (the article's
//    trick for cutting a path), or snow on the stop itself.
// 3. Constraint paths: short extra routes from stops of the winning path that
//    the penguin must be able to follow too, to lure the player; kept only when
//    they leave the winning path intact.
// 4. Picks off the winning path, as hazards.
// 5. Up to `rounds` times: the solver finds a shortest solution; while it is
//    shorter than the designed path, a block (wall, tree, picks, snow, bridge,
//    treadmill or a door pair, as allowed) goes on a cell the shortcut passes
//    and the winning path does not.
// Accepted when the shortest solution has at least min_moves moves; every
// block count stays within its parameter. No block is ever placed on a cell
// the winning path passes, and lure paths, picks and shortcut blockers are
// kept only when the winning path still replays; acceptance itself rests on
// the solver, so every level returned is solvable.
//
// [SECTION] The planner: a path drawn, then blocks until no shortcut is left
// [SECTION] The generator, slice by slice, and the game table's entry points
#include <stdio.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/rng.h"
#include "core/game/generator.h"
#include "penguin.h"

namespace tl {
namespace penguin {
namespace {

constexpr int kAttempts = 300;
constexpr int kMaxSegments = 40;

// [SECTION] The planner: a path drawn, then blocks until no shortcut is left
struct Limits {
  int walls, trees, snow, picks, bridges, treadmills, doors;
};

class Planner {
 public:
  Planner(Rng& rng, int width, int height, const Limits& limits) : rng_(rng), limits_(limits) {
    b_.width = width;
    b_.height = height;
    size_t n = (size_t)(width * height);
    b_.tile.assign(n, kIce);
    b_.digit.assign(n, 0);
    b_.twin.assign(n, -1);
    passed_.assign(n, 0);
    locked_.assign(n, 0);
    stop_.assign(n, 0);
  }

  // --- 1. the winning path ---------------------------------------------------
  bool path_from_start(int segments) {
    int x = 1 + (int)rng_.below((uint32_t)(b_.width - 2)), y = 1 + (int)rng_.below((uint32_t)(b_.height - 2));
    stops_[0] = y * b_.width + x;
    mark_stop(stops_[0]);
    int axis = (int)rng_.below(2);
    for (int i = 1; i < segments; ++i, axis ^= 1)
      if (!add_segment_forward(i, axis)) return false;
    // The last slide runs to the edge; the finish goes there.
    int from = stops_[segments - 1];
    int dirs[2] = {axis == 0 ? kLeft : kUp, axis == 0 ? kRight : kDown};
    int first = (int)rng_.below(2);
    for (int k = 0; k < 2; ++k) {
      int d = dirs[(first + k) & 1];
      int end = from, len = 0;
      bool clear = true;
      while (b_.inside(end % b_.width + dir_dx(d), end / b_.width + dir_dy(d))) {
        end += dir_dx(d) + dir_dy(d) * b_.width;
        ++len;
        if (passed_[(size_t)end]) clear = false;
      }
      if (len < 2 || !clear) continue;
      dir_[segments] = d;
      stops_[segments] = end;
      mark_segment(from, d, len);
      mark_stop(end);
      b_.tile[(size_t)end] = kFinish;
      count_ = segments;
      return true;
    }
    return false;
  }

  bool path_from_end(int segments) {
    // The finish on an edge (not a corner), and the last slide into it.
    int side = (int)rng_.below(4), fx, fy, d;
    if (side < 2) {
      fx = 1 + (int)rng_.below((uint32_t)(b_.width - 2));
      fy = side == 0 ? 0 : b_.height - 1;
      d = side == 0 ? kUp : kDown;
    } else {
      fy = 1 + (int)rng_.below((uint32_t)(b_.height - 2));
      fx = side == 2 ? 0 : b_.width - 1;
      d = side == 2 ? kLeft : kRight;
    }
    int at = fy * b_.width + fx;
    stops_[segments] = at;
    b_.tile[(size_t)at] = kFinish;
    mark_stop(at);
    int axis = (d == kLeft || d == kRight) ? 0 : 1;
    for (int i = segments; i >= 1; --i, axis ^= 1) {
      // Segment i arrives at stops_[i] moving along `axis`; draw where it came from.
      if (!add_segment_backward(i, axis, i == segments ? d : -1)) return false;
    }
    count_ = segments;
    return true;
  }

  // --- 2. stoppers ---------------------------------------------------------------
  bool place_stoppers() {
    for (int i = 1; i < count_; ++i)
      if (!place_stopper(stops_[i], dir_[i], true)) return false;
    return true;
  }

  // --- 3. constraint paths -------------------------------------------------------
  void add_constraint_paths(int paths) {
    for (int k = 0; k < paths; ++k) {
      Board saved = b_;
      std::vector<uint8_t> saved_locked = locked_;
      int at = stops_[rng_.below((uint32_t)count_)];
      int axis = (int)rng_.below(2), segments = 1 + (int)rng_.below(3);
      bool ok = true;
      for (int s = 0; s < segments && ok; ++s, axis ^= 1) {
        int d = axis == 0 ? (rng_.below(2) ? kRight : kLeft) : (rng_.below(2) ? kDown : kUp);
        int room = 0;
        for (int c = at;; ++room) {
          int x = c % b_.width + dir_dx(d), y = c / b_.width + dir_dy(d);
          if (!b_.inside(x, y)) break;
          c = y * b_.width + x;
          if (locked_[(size_t)c] || b_.tile[(size_t)c] != kIce) break;
        }
        if (room < 2) {
          ok = false;
          break;
        }
        int len = 1 + (int)rng_.below((uint32_t)room - 1);
        int end = at + len * (dir_dx(d) + dir_dy(d) * b_.width);
        ok = place_stopper(end, d, false) && slides_to(at, d, end);
        at = end;
      }
      if (!ok || !winning_path_holds()) {
        b_ = saved;
        locked_ = saved_locked;
      }
    }
  }

  // --- 4. hazards ----------------------------------------------------------------
  void add_picks(int count) {
    for (int k = 0; k < count * 4 && used_.picks < count; ++k) {
      int c = (int)rng_.below((uint32_t)(b_.width * b_.height));
      if (locked_[(size_t)c] || b_.tile[(size_t)c] != kIce) continue;
      b_.tile[(size_t)c] = kPicks;
      if (winning_path_holds()) ++used_.picks;
      else b_.tile[(size_t)c] = kIce;
    }
  }

  // --- 5. blocking shortcuts -----------------------------------------------------
  // Round `round` of `rounds`, its solve going on from where the last call
  // paused (false: paused, *budget spent; a state expanded spends one).
  // Then *over says whether the rounds are over, with the shortest
  // solution's length in *par (-1 unsolvable).
  bool block_round(int round, int rounds, uint64_t* budget, int* par, bool* over) {
    if (!round_solve_) {
      round_level_ = make_level(b_);
      GameState s;
      round_level_->initial_state(&s);
      round_path_.clear();
      round_solve_ = round_level_->begin_solve(s, SearchLimits(), &round_path_);
    }
    if (!round_solve_->run(budget)) return false;
    *par = round_solve_->result().length;
    round_solve_.reset();
    round_level_.reset();
    *over = *par < 0 || *par >= count_ || round >= rounds || !block_one(round_path_);
    return true;
  }

  const Board& board() const { return b_; }
  void finish() { b_.start = stops_[0]; }

 private:
  int step(int cell, int d) const { return cell + dir_dx(d) + dir_dy(d) * b_.width; }
  bool on_board_after(int cell, int d) const {
    return b_.inside(cell % b_.width + dir_dx(d), cell / b_.width + dir_dy(d));
  }
  void mark_stop(int cell) {
    locked_[(size_t)cell] = 1;
    stop_[(size_t)cell] = 1;
  }
  // Marks the cells a slide of `len` from `from` in `d` enters.
  void mark_segment(int from, int d, int len) {
    int c = from;
    for (int k = 0; k < len; ++k) {
      c = step(c, d);
      passed_[(size_t)c] |= (d == kLeft || d == kRight) ? 1 : 2;
      locked_[(size_t)c] = 1;
    }
  }
  // Can a segment from `from` move `len` cells in `d` over fresh cells?
  // Whether a segment of the path fits from `from`, len cells in d: over ice
  // only, crossing an earlier segment only at right angles and never at one
  // of its stops. A backward segment ends on `to`, a stop already marked
  // (-1: none).
  bool segment_fits(int from, int d, int len, int to, int* crossings) const {
    int c = from, cross = 0;
    for (int k = 0; k < len; ++k) {
      if (!on_board_after(c, d)) return false;
      c = step(c, d);
      if (c == to) break;
      bool last = k + 1 == len;
      if (b_.tile[(size_t)c] != kIce) return false;
      if (passed_[(size_t)c]) {
        int along = (d == kLeft || d == kRight) ? 1 : 2;
        if (last || (passed_[(size_t)c] & along) || is_stop(c)) return false;
        ++cross;
      } else if (locked_[(size_t)c]) {
        return false;
      }
    }
    *crossings = cross;
    return true;
  }
  bool is_stop(int cell) const { return stop_[(size_t)cell] != 0; }

  bool add_segment_forward(int i, int axis) {
    int from = stops_[i - 1];
    for (int tries = 0; tries < 24; ++tries) {
      int d = axis == 0 ? (rng_.below(2) ? kRight : kLeft) : (rng_.below(2) ? kDown : kUp);
      int span = axis == 0 ? b_.width : b_.height;
      int len = 1 + (int)rng_.below((uint32_t)span - 1);
      int cross;
      if (!segment_fits(from, d, len, -1, &cross) || crossings_ + cross > 2) continue;
      int end = from + len * (dir_dx(d) + dir_dy(d) * b_.width);
      crossings_ += cross;
      mark_segment(from, d, len);
      mark_stop(end);
      dir_[i] = d;
      stops_[i] = end;
      return true;
    }
    return false;
  }

  bool add_segment_backward(int i, int axis, int forced_dir) {
    int to = stops_[i];
    for (int tries = 0; tries < 24; ++tries) {
      int d = forced_dir >= 0 ? forced_dir
                              : axis == 0 ? (rng_.below(2) ? kRight : kLeft) : (rng_.below(2) ? kDown : kUp);
      int span = axis == 0 ? b_.width : b_.height;
      int len = (forced_dir >= 0 ? 2 : 1) + (int)rng_.below((uint32_t)span - 1);
      int back = dir_opposite(d);
      int from = to, ok = 1;
      for (int k = 0; k < len && ok; ++k) {
        if (!on_board_after(from, back)) ok = 0;
        else from = step(from, back);
      }
      if (!ok || locked_[(size_t)from] || b_.tile[(size_t)from] != kIce) continue;
      int cross;
      if (!segment_fits(from, d, len, to, &cross) || crossings_ + cross > 2) continue;
      crossings_ += cross;
      mark_segment(from, d, len);
      mark_stop(from);
      dir_[i] = d;
      stops_[i - 1] = from;
      return true;
    }
    return false;
  }
  // Makes a slide in `d` stop on `cell`. Main-path stoppers lock their cell.
  bool place_stopper(int cell, int d, bool main_path) {
    bool have_front = on_board_after(cell, d);
    int front = have_front ? step(cell, d) : -1;
    if (have_front) {
      int t = b_.tile[(size_t)front];
      bool horizontal = d == kLeft || d == kRight;
      if (t == kWall || t == kTree || (t == kBridgeH && !horizontal) || (t == kBridgeV && horizontal)) {
        if (main_path) locked_[(size_t)front] = 1;
        return true;
      }
    }
    if (b_.tile[(size_t)cell] == kSnow) return true;
    // The options that fit, in a random order.
    int options[4], n = 0;
    if (have_front && b_.tile[(size_t)front] == kIce && !is_stop(front)) {
      int along = (d == kLeft || d == kRight) ? 1 : 2;
      if (!passed_[(size_t)front] && !locked_[(size_t)front]) {
        if (used_.walls < limits_.walls) options[n++] = kWall;
        if (used_.trees < limits_.trees) options[n++] = kTree;
      }
      if (passed_[(size_t)front] && !(passed_[(size_t)front] & along) && used_.bridges < limits_.bridges)
        options[n++] = along == 1 ? kBridgeV : kBridgeH;  // crossed the other way: a bridge lets that through
    }
    bool cell_free = !(passed_[(size_t)cell] && !is_stop(cell)) && b_.tile[(size_t)cell] == kIce &&
                     (main_path || !locked_[(size_t)cell]);
    if (cell_free && used_.snow < limits_.snow && cell != stops_[0]) options[n++] = kSnow;
    if (n == 0) return false;
    int pick = options[rng_.below((uint32_t)n)];
    if (pick == kSnow) {
      b_.tile[(size_t)cell] = kSnow;
      ++used_.snow;
      locked_[(size_t)cell] = 1;
      return true;
    }
    b_.tile[(size_t)front] = (uint8_t)pick;
    if (pick == kWall) ++used_.walls;
    else if (pick == kTree) ++used_.trees;
    else ++used_.bridges;
    if (main_path) locked_[(size_t)front] = 1;
    return true;
  }

  bool slides_to(int from, int d, int to) const {
    Stop s = b_.slide(from, d);
    return s.outcome == (uint8_t)Outcome::kMoved && s.cell == to;
  }

  bool winning_path_holds() const {
    for (int i = 1; i <= count_; ++i) {
      Stop s = b_.slide(stops_[i - 1], dir_[i]);
      Outcome want = i == count_ ? Outcome::kWon : Outcome::kMoved;
      if (s.outcome != (uint8_t)want || s.cell != stops_[i]) return false;
    }
    return true;
  }

  // Puts one block on a cell the shortcut passes and the winning path does not.
  bool block_one(const MoveList& shortcut) {
    candidates_.clear();
    int at = stops_[0];
    for (uint8_t d : shortcut) {
      // Walk the slide cell by cell (straight parts only: enough to find cells).
      int c = at;
      for (int k = 0; k < kMaxSide && on_board_after(c, d); ++k) {
        c = step(c, d);
        if (!locked_[(size_t)c] && b_.tile[(size_t)c] == kIce) candidates_.push_back(c);
        else if (b_.tile[(size_t)c] != kIce) break;
      }
      Stop s = b_.slide(at, d);
      at = s.cell;
    }
    for (int tries = 0; tries < 8 && !candidates_.empty(); ++tries) {
      int c = candidates_[rng_.below((uint32_t)candidates_.size())];
      int kinds[8], k = 0;
      if (used_.walls < limits_.walls) kinds[k++] = kWall;
      if (used_.trees < limits_.trees) kinds[k++] = kTree;
      if (used_.picks < limits_.picks) kinds[k++] = kPicks;
      if (used_.snow < limits_.snow) kinds[k++] = kSnow;
      if (used_.bridges < limits_.bridges) kinds[k++] = rng_.below(2) ? kBridgeH : kBridgeV;
      if (used_.treadmills < limits_.treadmills) kinds[k++] = kTreadUp + (int)rng_.below(4);
      if (used_.doors < limits_.doors) kinds[k++] = kDoor;
      if (k == 0) return false;
      int kind = kinds[rng_.below((uint32_t)k)];
      int twin = -1;
      if (kind == kDoor) {
        for (int t = 0; t < 16 && twin < 0; ++t) {
          int o = (int)rng_.below((uint32_t)(b_.width * b_.height));
          if (o != c && !locked_[(size_t)o] && b_.tile[(size_t)o] == kIce) twin = o;
        }
        if (twin < 0) continue;
        b_.tile[(size_t)twin] = kDoor;
        b_.digit[(size_t)c] = b_.digit[(size_t)twin] = (uint8_t)('0' + used_.doors);
        b_.twin[(size_t)c] = (int16_t)twin;
        b_.twin[(size_t)twin] = (int16_t)c;
      }
      b_.tile[(size_t)c] = (uint8_t)kind;
      if (winning_path_holds()) {
        if (kind == kWall) ++used_.walls;
        else if (kind == kTree) ++used_.trees;
        else if (kind == kPicks) ++used_.picks;
        else if (kind == kSnow) ++used_.snow;
        else if (kind == kBridgeH || kind == kBridgeV) ++used_.bridges;
        else if (kind == kDoor) ++used_.doors;
        else ++used_.treadmills;
        return true;
      }
      b_.tile[(size_t)c] = kIce;
      if (twin >= 0) {
        b_.tile[(size_t)twin] = kIce;
        b_.digit[(size_t)c] = b_.digit[(size_t)twin] = 0;
        b_.twin[(size_t)c] = b_.twin[(size_t)twin] = -1;
      }
    }
    return false;
  }

  Rng& rng_;
  Limits limits_;
  Limits used_ = {0, 0, 0, 0, 0, 0, 0};
  Board b_;
  std::vector<uint8_t> passed_;  // 1: crossed horizontally, 2: vertically, by the winning path
  std::vector<uint8_t> locked_;  // cells the winning path needs as they are
  std::vector<uint8_t> stop_;    // cells the winning path stops on
  std::vector<int> candidates_;  // cells a shortcut passes that may take a block
  int stops_[kMaxSegments + 1] = {0};
  int dir_[kMaxSegments + 1] = {0};
  int count_ = 0, crossings_ = 0;
  // The round under way: the board as a level, its solve (which refers to
  // it) and the shortest solution it finds.
  std::unique_ptr<Level> round_level_;
  std::unique_ptr<SolveTask> round_solve_;
  MoveList round_path_;
};

}  // namespace

// [SECTION] The generator, slice by slice, and the game table's entry points
namespace {

// What a slice may spend: a position is a state the solver expands (each
// round of step 5 is one solve, and it pauses where the slice runs out), or
// kPlanPositions for steps 1-4 of an attempt (the piece that does not pause).
constexpr uint64_t kSlicePositions = 1000;
constexpr uint64_t kPlanPositions = 100;
constexpr uint64_t kLargestPiece = kPlanPositions;

// The generator as a resumable loop: a piece is steps 1-4 of an attempt, or
// part of a round of step 5, or part of the par solve of the level kept.
class Generation : public SlicedGeneration {
 public:
  Generation(const ParamValues& p, const char* seed, uint64_t slice)
      : SlicedGeneration(slice, kLargestPiece, kAttempts), p_(p), rng_(seed) {}

 private:
  // The settings that can still change to let a level be found, in words:
  // fewer min_moves, a larger board, more of the blocks that stop the
  // penguin (none named that is at its end already).
  void what_to_change(char* out, size_t size) const {
    const char* parts[3];
    int n = 0;
    const ParamSpec* spec = kPenguin.params;
    if (p_.a[kMinMoves] > param_min(spec[kMinMoves])) parts[n++] = "fewer min_moves";
    if (p_.a[kSize] < param_max(spec[kSize], 0) || p_.b[kSize] < param_max(spec[kSize], 1)) parts[n++] = "a larger board";
    if (p_.a[kMaxWalls] < param_max(spec[kMaxWalls]) || p_.a[kMaxTrees] < param_max(spec[kMaxTrees]) ||
        p_.a[kMaxSnow] < param_max(spec[kMaxSnow]))
      parts[n++] = "more walls, trees or snow";
    if (n == 0) {
      snprintf(out, size, "another seed (every setting that helps is at its end)");
      return;
    }
    snprintf(out, size, "%s%s%s%s%s", parts[0], n == 3 ? ", " : n == 2 ? " or " : "", n > 1 ? parts[1] : "",
             n == 3 ? " or " : "", n == 3 ? parts[2] : "");
  }

  void advance(SliceBudget* budget) override {
    if (!plan_) {
      const int width = p_.a[kSize], height = p_.b[kSize], min_moves = p_.a[kMinMoves];
      if (attempts() == kAttempts) {
        char advice[128];
        what_to_change(advice, sizeof advice);
        fail(&err_, 0, 0, "no %dx%d level with a shortest solution of %d moves or more found in %d attempts; try %s",
             width, height, min_moves, kAttempts, advice);
        failed(false);
        return;
      }
      begin_attempt();
      budget->spend(kPlanPositions);
      const Limits limits = {p_.a[kMaxWalls], p_.a[kMaxTrees], p_.a[kMaxSnow], p_.a[kMaxPicks], p_.a[kMaxBridges],
                             p_.a[kMaxTreadmills], p_.a[kMaxDoors]};
      int segments = min_moves + (int)rng_.below(3);
      if (segments > kMaxSegments) segments = kMaxSegments;
      plan_.reset(new Planner(rng_, width, height, limits));
      bool ok = p_.a[kMode] == kFromEnd ? plan_->path_from_end(segments) : plan_->path_from_start(segments);
      if (!ok || !plan_->place_stoppers()) {
        plan_.reset();
        return;
      }
      plan_->finish();
      plan_->add_constraint_paths(p_.a[kConstraintPaths]);
      plan_->add_picks(p_.a[kMaxPicks] / 2);
      round_ = 0;
      return;
    }
    int par;
    bool over;
    if (!plan_->block_round(round_, p_.a[kRounds], &budget->left, &par, &over)) return;  // on in the next slice
    ++round_;
    if (!over) return;
    if (par < p_.a[kMinMoves]) {
      plan_.reset();
      return;
    }
    std::unique_ptr<Level> level = make_level(plan_->board());
    plan_.reset();
    made_solved(std::move(level), budget);
  }

  ParamValues p_;
  Rng rng_;
  std::unique_ptr<Planner> plan_;  // the attempt under way (null: the next begins)
  int round_ = 0;                  // its next round of step 5
};

}  // namespace

std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& p, const char* seed, uint64_t slice) {
  return begin_task<Generation>(p, seed, slice, kSlicePositions);
}

}  // namespace penguin

}  // namespace tl
