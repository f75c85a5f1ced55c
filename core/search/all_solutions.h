// all_solutions.h — every distinct solution of a game whose every move uses
// something up (Golf Peaks: a card), depth first, paused and resumed by a
// budget of positions (core/search/search.h: search_all_solutions).
#pragma once
#include "state_set.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] Every distinct solution, for games whose every move uses something up (Golf
// Peaks: a card), so no state comes back and the search ends. A depth-first
// walk on an explicit stack; states from which it found no win are
// remembered and not walked again. Stops after `max` solutions. Solutions
// come in move order, each a list of move ids. It runs in parts: run() goes
// on from where the last stopped, each move tried spending one of *budget,
// and pauses when that is spent (a generator's slice; null: no end). The
// rules and `out` must stay as they are until it has finished.
// ---------------------------------------------------------------------------
template <class Rules>
class AllSolutions : public Task {
 public:
  using State = typename Rules::State;
  AllSolutions(const Rules& rules, const State& start, const SearchLimits& limits, size_t max,
               std::vector<MoveList>* out)
      : rules_(rules), limits_(limits), max_(max), out_(out), dead_(rules), stack_(1, Frame{start, 0, false}) {
    dead_.clear();
  }
  // True once the search has ended (found them all, or `max`); false when
  // the budget ran out first.
  bool run(uint64_t* budget) override {
    bool inserted;
    while (!stack_.empty() && !stopped_) {
      Frame& f = stack_.back();
      if (f.next_move == rules_.move_count()) {
        const bool found = f.found;
        // When the memory runs out, dead states are simply not remembered.
        if (!found) dead_.find_or_insert(f.state, &inserted, limits_.max_states, limits_.max_bytes);
        stack_.pop_back();
        if (!stack_.empty()) {
          stack_.back().found |= found;
          path_.pop_back();
        }
        continue;
      }
      if (budget) {
        if (*budget == 0) return false;
        --*budget;
      }
      const int m = f.next_move++;
      State next = f.state;
      Outcome o = rules_.apply(next, m);
      if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
      if (o == Outcome::kWon) {
        f.found = true;
        out_->push_back(path_);
        out_->back().push_back((Move)m);
        if (out_->size() >= max_) stopped_ = true;
        continue;
      }
      if (dead_.find(next) != StateSet<State>::kFull) continue;
      path_.push_back((Move)m);
      stack_.push_back(Frame{next, 0, false});
    }
    return true;
  }
  // Once run() is true: whether every solution was found (not stopped at `max`).
  bool complete() const { return !stopped_; }

 private:
  struct Frame {
    State state;
    int next_move;
    bool found;
  };
  const Rules& rules_;
  SearchLimits limits_;
  size_t max_;
  std::vector<MoveList>* out_;
  StateSet<State> dead_;
  std::vector<Frame> stack_;
  MoveList path_;
  bool stopped_ = false;
};

}  // namespace tl
