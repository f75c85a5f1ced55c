// shortest_solution.h — breadth first to the first win, paused and resumed
// by a budget of positions (core/search/search.h: search_solve).
#pragma once
#include "state_set.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] Shortest solution
// ---------------------------------------------------------------------------
// Breadth first to the first win. It runs in parts: run() goes on from
// where the last stopped, each state expanded spending one of *budget, and
// pauses where it runs out (null: no end); the rules and the path must stay
// where they are until it has its answer.
template <class Rules>
class ShortestSolution : public SolveTask {
 public:
  using State = typename Rules::State;
  ShortestSolution(const Rules& rules, const State& start, const SearchLimits& limits, MoveList* path)
      : rules_(rules), limits_(limits), path_(path), seen_(rules) {
    seen_.clear();
    parent_.reserve(seen_.expected_states());
    via_.reserve(seen_.expected_states());
    bool inserted;
    if (seen_.find_or_insert(start, &inserted, limits_.max_states, limits_.max_bytes) == StateStore<Rules>::kFull) {
      result_.capped = true;
      done_ = true;
      return;
    }
    parent_.push_back(kNone);
    via_.push_back(0);
  }

  bool run(uint64_t* budget) override {
    if (done_) return true;
    bool inserted;
    for (; next_ < seen_.size(); ++next_) {
      if (budget) {
        if (*budget == 0) return false;
        --*budget;
      }
      const uint32_t i = next_;
      ++result_.expanded;
      limits_.report_progress(i, seen_.size(), seen_.bytes() + parent_.capacity() * 5);
      const Successors<Rules>& succ = expander_.at(rules_, seen_, i);
      for (int m = 0; m < succ.count; ++m) {
        Outcome o = succ.outcome[m];
        if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
        if (o == Outcome::kWon) return found(i, m);
        size_t used = parent_.capacity() * 5;
        uint32_t id = used >= limits_.max_bytes
                          ? StateStore<Rules>::kFull
                          : seen_.find_or_insert(succ.next[m], succ.hash[m], &inserted, limits_.max_states,
                                                 limits_.max_bytes - used);
        if (id == StateStore<Rules>::kFull) {
          result_.capped = true;
          result_.states = seen_.size();
          done_ = true;
          return true;
        }
        if (inserted) {
          parent_.push_back(i);
          via_.push_back((uint8_t)m);
        }
      }
    }
    result_.states = seen_.size();
    done_ = true;
    return true;
  }
  const SolveResult& result() const override { return result_; }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  // The win by move m from state i: the path back through the parents.
  bool found(uint32_t i, int m) {
    result_.states = seen_.size();
    result_.solvable = true;
    MoveList reversed;
    reversed.push_back((Move)m);
    for (uint32_t at = i; parent_[at] != kNone; at = parent_[at]) reversed.push_back(via_[at]);
    result_.length = (int)reversed.size();
    if (path_) path_->assign(reversed.rbegin(), reversed.rend());
    done_ = true;
    return true;
  }

  const Rules& rules_;
  const SearchLimits limits_;
  MoveList* path_;
  StateStore<Rules> seen_;
  std::vector<uint32_t> parent_;
  std::vector<uint8_t> via_;
  ExpandAhead<Rules> expander_;
  SolveResult result_;
  uint32_t next_ = 0;  // the state to expand next
  bool done_ = false;
};

}  // namespace tl
