// walk.h — what the line-puzzle engine's searches share (see lines.h for
// the strategy): the memo of positions and the key mix (all three searches),
// the run's count, limits and solutions, and the depth-first walk (the line
// and frontier searches).
#pragma once
#include <stdint.h>

#include <vector>

#include "lines.h"

namespace tl {
namespace lines {

// A 64-bit mix (splitmix64's finaliser): the position keys are sums of these,
// one per filled cell and one per line end, so a key changes by one term a move.
inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

inline uint64_t add_saturated(uint64_t a, uint64_t b) { return a + b < a ? ~0ull : a + b; }

// Positions already searched, by their two 64-bit keys, with how many
// solutions follow each (up to the count asked for). Open addressing; it stops
// growing at its byte limit and then simply remembers no more.
class Memo {
 public:
  explicit Memo(size_t max_bytes) : max_bytes_(max_bytes) {}
  bool find(uint64_t a, uint64_t b, uint64_t* count) const {
    if (slots_.empty()) return false;
    for (size_t i = (size_t)a & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.a == 0 && s.b == 0) return false;
      if (s.a == a && s.b == b) {
        *count = s.count;
        return true;
      }
    }
  }
  size_t bytes() const { return slots_.capacity() * sizeof(Slot); }
  void store(uint64_t a, uint64_t b, uint64_t count) {
    if (a == 0 && b == 0) a = 1;
    if ((used_ + 1) * 4 > slots_.size() * 3 && !grow()) return;
    size_t i = (size_t)a & mask_;
    while (!(slots_[i].a == 0 && slots_[i].b == 0)) {
      if (slots_[i].a == a && slots_[i].b == b) {
        slots_[i].count = count;
        return;
      }
      i = (i + 1) & mask_;
    }
    slots_[i] = Slot{a, b, count};
    ++used_;
  }

 private:
  struct Slot {
    uint64_t a, b, count;
  };
  bool grow() {
    size_t n = slots_.empty() ? 4096 : slots_.size() * 2;
    if (n * sizeof(Slot) > max_bytes_) return false;
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(n, Slot{0, 0, 0});
    mask_ = n - 1;
    used_ = 0;
    for (const Slot& s : old)
      if (s.a != 0 || s.b != 0) store(s.a, s.b, s.count);
    return true;
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0, used_ = 0, max_bytes_;
};

// What each search keeps of one run: the count asked for, the limits, the
// memo, the solutions to fill and the figures.
struct SearchRun {
  SearchRun(uint64_t max_count_asked, const SearchLimits& l, Solution* first, Solution* second)
      : max_count(max_count_asked < 1 ? 1 : max_count_asked), limits(l), memo(l.max_memo_bytes) {
    out[0] = first;
    out[1] = second;
  }
  // Counts a position searched; false (capped) past the node cap.
  bool count_node() {
    if (++result.nodes <= limits.max_positions) return true;
    result.capped = true;
    return false;
  }
  // The remembered count of a position, when it may stand for searching it:
  // a dead end always; a count of solutions only once the solutions asked
  // for are found (they must be walked to be written down).
  bool recall(uint64_t a, uint64_t b, uint64_t* count) const {
    const bool want_solutions = recorded < 2 && out[recorded] != nullptr;
    uint64_t known;
    if (!memo.find(a, b, &known) || (known != 0 && want_solutions)) return false;
    *count = known;
    return true;
  }
  // Where the solution just found goes (null: nowhere, or two are written).
  Solution* next_solution() { return recorded < 2 ? out[recorded++] : nullptr; }

  uint64_t max_count;
  SearchLimits limits;
  Memo memo;
  Solution* out[2];
  int recorded = 0;
  SolveFigures result;
  // walk() pauses once it has searched this many positions (a slice's end);
  // walking: the start has been entered, so a call goes on from the stack.
  uint64_t pause_at = ~0ull;
  bool walking = false;

  // Measuring how far ahead a guess must look (SolveFigures::lookahead):
  // per frame on the stack, the deepest frame its current option reached
  // and the deepest any of its options reached.
  bool measure_lookahead = false;
  std::vector<uint32_t> option_reach, frame_reach;
  void frame_pushed(size_t i) {
    option_reach.resize(i + 1);
    frame_reach.resize(i + 1);
    option_reach[i] = frame_reach[i] = (uint32_t)i;
  }
  void option_begun(size_t i) { option_reach[i] = (uint32_t)i; }
  // Frame i's option came back with `value` solutions: an option of a
  // guess (options > 1) that has none failed after as many moves as the
  // deepest frame it reached lies below it, plus its own.
  void option_done(size_t i, int options, uint64_t value) {
    if (options > 1 && value == 0) {
      const uint64_t moves = option_reach[i] - i + 1;
      if (moves > result.lookahead) result.lookahead = moves;
    }
    if (option_reach[i] > frame_reach[i]) frame_reach[i] = option_reach[i];
  }
  // Frame i is done: how deep it reached counts for its parent's option.
  void frame_popped(size_t i) {
    if (i > 0 && frame_reach[i] > option_reach[i - 1]) option_reach[i - 1] = frame_reach[i];
  }
};

// Sets run->pause_at `*budget` positions on (null: never) for a search
// about to go on, and after it, spends what it searched from *budget.
class PauseAfter {
 public:
  PauseAfter(SearchRun* run, uint64_t* budget) : run_(run), budget_(budget), before_(run->result.nodes) {
    run->pause_at = !budget ? ~0ull : *budget > ~0ull - before_ ? ~0ull : before_ + *budget;
  }
  ~PauseAfter() {
    if (!budget_) return;
    const uint64_t used = run_->result.nodes - before_;
    *budget_ = used >= *budget_ ? 0 : *budget_ - used;
  }
  PauseAfter(const PauseAfter&) = delete;
  PauseAfter& operator=(const PauseAfter&) = delete;

 private:
  SearchRun* run_;
  uint64_t* budget_;
  uint64_t before_;
};

// The depth-first walk both searches make, on an explicit stack of frames
// (each with key_a, key_b, count, next and options). A search gives
// enter(&value): true when the position's count is known at once (a
// solution, a dead end, a position remembered), else it pushed a frame;
// try_next(frame, &value): takes the frame's next option, true when that
// count is known at once; back(frame): undoes the option just counted. Each
// frame's count goes to the memo when its options are done (not when the
// node cap stopped the search: that count is partial). Sets the start's
// count (up to max_count) and whether it is solvable in run->result, and is
// true then; false when it paused at run->pause_at positions with the walk
// on its stack (the next call goes on from there: the same answer).
template <class Search, class Frame>
bool walk(Search& search, std::vector<Frame>& stack, SearchRun* run) {
  SolveFigures* result = &run->result;
  Memo& memo = run->memo;
  const uint64_t max_count = run->max_count;
  const bool& capped = result->capped;
  uint64_t value = 0;
  bool have_value = false;
  const bool measure = run->measure_lookahead;
  if (!run->walking) {
    run->walking = true;
    have_value = search.enter(&value);
    if (measure && !have_value) run->frame_pushed(0);
  }
  for (;;) {
    if (have_value) {
      if (stack.empty()) {
        result->count = value < max_count ? value : max_count;
        result->solvable = value > 0;
        return true;
      }
      Frame& f = stack.back();
      search.back(f);
      if (measure) run->option_done(stack.size() - 1, f.options, value);
      f.count = add_saturated(f.count, value);
      if (f.count >= max_count || capped) f.next = f.options;  // enough, or out of time
    }
    Frame& f = stack.back();
    if (f.next == f.options) {
      value = f.count;
      if (!capped) memo.store(f.key_a, f.key_b, value);
      stack.pop_back();
      if (measure) run->frame_popped(stack.size());
      have_value = true;
      continue;
    }
    if (result->nodes >= run->pause_at) return false;  // every frame on the stack: nothing in hand
    if (measure) run->option_begun(stack.size() - 1);
    have_value = search.try_next(f, &value);
    if (measure && !have_value) run->frame_pushed(stack.size() - 1);
  }
}

}  // namespace lines
}  // namespace tl
