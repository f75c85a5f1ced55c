// Tickles Penguin's own shortest-solution search: a walk of the stop table.
//
// The shared engine (core/search/search.h) answers for every game; here a
// state is one cell and every slide is already in the stop table, so the
// search needs little of it. A generated level is solved in about ten
// expansions, so what used to cost most was setting up (a state list, an
// index, parent and move lists, the successors' buffers, each on the heap);
// this search holds one block, sized by the board's cells, inside itself for
// boards up to the default 8x16 (528 bytes) and on the heap beyond:
//   - a bit a cell: found already;
//   - the cells found, in the order found (the queue the walk expands);
//   - a link a cell: the cell it was found from and the move (cell * 4 + move).
// The walk counts depths as it goes, so the solution's length needs no walk
// back unless the moves were asked for.
//
// It finds exactly what the shared engine finds, because it walks in the same
// order: cells expanded in the order found, moves U D L R from each, and the
// first move that wins ends the walk. So the solution, `expanded` and
// `states` are the shared engine's (tests/test_penguin_solve.cpp compares
// them on hand-made and generated levels, whole and paused).
#include <string.h>

#include "penguin.h"

namespace tl {
namespace penguin {
namespace {

// Boards up to this many cells keep the walk's block inside it (on the stack
// for a whole solve: within the device's 1 KB a function).
constexpr uint32_t kInlineCells = 128;
// The block's 16-bit words: a bit a cell, then a word a cell for the queue and one for the links.
constexpr uint32_t seen_words_for(uint32_t cells) { return (cells + 15) / 16; }
constexpr uint32_t words_for(uint32_t cells) { return seen_words_for(cells) + 2 * cells; }

// The walk reports progress as SearchLimits::report_progress does below
// kProgressEvery states, the only case a board can reach.
static_assert(kMaxSide * kMaxSide < SearchLimits::kProgressEvery, "a walk's states stay below kProgressEvery");

// The walk writes its answer into *result (a whole solve's return value, or
// the task's own), field by field as it is known.
class ShortestWalk : public SolveTask {
 public:
  ShortestWalk(const Rules& rules, const State& start, const SearchLimits& limits, MoveList* path,
               SolveResult* result)
      : rules_(rules),
        max_states_(limits.max_states),
        progress_(limits.progress),
        progress_context_(limits.progress_context),
        path_(path),
        result_(result ? *result : own_result_),
        start_(start.cell),
        alive_(start.status == kAlive) {
    const uint32_t cells = rules.dense_count();
    const uint32_t seen_words = seen_words_for(cells), words = words_for(cells);
    if (cells <= kInlineCells) {
      seen_ = inline_;
    } else {
      heap_.reset(new uint16_t[words]);
      seen_ = heap_.get();
    }
    memset(seen_, 0, seen_words * sizeof(uint16_t));
    queue_ = seen_ + seen_words;
    link_ = queue_ + cells;
    over_bytes_ = (size_t)words * sizeof(uint16_t) >= limits.max_bytes;
    if (limits.max_states == 0) {  // no room even for the start
      result_.capped = true;
      done_ = true;
      return;
    }
    seen_[start_ / 16] = (uint16_t)(1u << (start_ % 16));
    queue_[0] = start_;
    found_ = 1;
  }

  // Expands cells in the order found, each spending one of *budget (null:
  // no end), until a move wins or no cell is left.
  bool run(uint64_t* budget) override {
    if (done_) return true;
    const uint16_t* const stops = rules_.stops.data();
    uint16_t* const seen = seen_;
    uint16_t* const queue = queue_;
    uint16_t* const link = link_;
    const uint32_t max_states = max_states_;
    const bool alive = alive_, over_bytes = over_bytes_;
    uint32_t next = next_, found = found_, depth = depth_, depth_end = depth_end_;
    uint64_t expanded = result_.expanded;
    for (; next < found; ++next) {
      if (budget) {
        if (*budget == 0) break;
        --*budget;
      }
      if (next == depth_end) {  // the first cell one move deeper
        ++depth;
        depth_end = found;
      }
      ++expanded;
      if (progress_ && next % SearchLimits::kProgressEvery == 0) progress_(progress_context_, found, max_states);
      if (!alive) continue;  // won or lost already: no move changes anything
      const uint32_t at = queue[next];
      const uint16_t* row = stops + (size_t)at * 4;
      for (uint32_t m = 0; m < 4; ++m) {
        const uint32_t stop = row[m];
        if (stop >> kStopCellBits != (uint32_t)Outcome::kMoved) {
          if (stop >> kStopCellBits == (uint32_t)Outcome::kWon) return win(at, m, depth + 1, found, expanded);
          continue;  // no change, or lost
        }
        const uint32_t c = stop;  // a move's stop is its cell
        if (over_bytes) return capped(found, expanded);
        const uint32_t bit = 1u << (c % 16);
        if (seen[c / 16] & bit) continue;
        if (found >= max_states) return capped(found, expanded);
        seen[c / 16] = (uint16_t)(seen[c / 16] | bit);
        link[c] = (uint16_t)(at * 4 + m);
        queue[found++] = (uint16_t)c;
      }
    }
    result_.expanded = expanded;
    next_ = next;
    found_ = found;
    depth_ = depth;
    depth_end_ = depth_end;
    if (next < found) return false;  // the budget ran out
    result_.states = found;
    done_ = true;
    return true;
  }
  const SolveResult& result() const override { return result_; }

 private:
  // The win by move m from cell `at`, the solution `length` moves long: the
  // path back along the links.
  bool win(uint32_t at, uint32_t m, uint32_t length, uint32_t found, uint64_t expanded) {
    result_.expanded = expanded;
    result_.states = found;
    result_.solvable = true;
    result_.length = (int)length;
    if (path_) {
      path_->resize((size_t)length);
      size_t k = (size_t)length - 1;
      (*path_)[k] = m;
      for (uint32_t c = at; c != start_; c = link_[c] / 4) (*path_)[--k] = link_[c] % 4;
    }
    done_ = true;
    return true;
  }
  bool capped(uint32_t found, uint64_t expanded) {
    result_.expanded = expanded;
    result_.capped = true;
    result_.states = found;
    done_ = true;
    return true;
  }

  const Rules& rules_;
  // What the walk needs of the limits (a task outlives the caller's).
  const uint32_t max_states_;
  void (*const progress_)(void* context, uint32_t states, uint32_t most_states);
  void* const progress_context_;
  MoveList* path_;
  SolveResult own_result_;  // a task's answer
  SolveResult& result_;
  const uint16_t start_;
  const bool alive_;
  // The one block: seen_, then queue_ and link_; inline_ or heap_.
  uint16_t inline_[words_for(kInlineCells)];
  std::unique_ptr<uint16_t[]> heap_;
  uint16_t* seen_ = nullptr;
  uint16_t* queue_ = nullptr;
  uint16_t* link_ = nullptr;
  bool over_bytes_ = false;  // the block alone passes max_bytes: no state past the start fits
  uint32_t next_ = 0;        // the next cell of the queue to expand
  uint32_t found_ = 0;       // cells in the queue
  uint32_t depth_ = 0;       // the moves to reach the cell at next_ - 1...
  uint32_t depth_end_ = 1;   // ...and where the cells one move deeper begin
  bool done_ = false;
};

}  // namespace

SolveResult solve_shortest(const Rules& rules, const State& from, const SearchLimits& limits, MoveList* path) {
  SolveResult result;
  ShortestWalk walk(rules, from, limits, path, &result);
  walk.run(nullptr);
  return result;
}

std::unique_ptr<SolveTask> begin_shortest(const Rules& rules, const State& from, const SearchLimits& limits,
                                          MoveList* path) {
  return std::unique_ptr<SolveTask>(new ShortestWalk(rules, from, limits, path, nullptr));
}

}  // namespace penguin
}  // namespace tl
