// flow_search.h — Flow's solver: its strategy (written here once), and what
// its searches share: the memo of positions and the key mix (all three), the
// walk (the line and frontier searches).
//
// Three searches, each exact and complete, each counting solutions up to the
// count asked for (2 proves a solution unique or finds a second), each
// depth-first on an explicit stack, under a cap on positions that answers
// "capped":
//
//   The line search (flow_solve.cpp) draws the lines from their dots: a line
//   with one way on first (a forced move), else the line whose end comes
//   first in reading order (LineOrder::kSweep: the lines fill the board from
//   the top down, so a pocket left behind shows at once), and refuses a
//   position as soon as a line, an empty cell or an empty region can no
//   longer be completed. It asks only neighbour(), so it takes any board and
//   either rule set. Boards packed with short lines (Flow Free's) it settles
//   in a few positions a cell; on wide open boards it has endless ways to
//   wander.
//
//   The frontier search (flow_frontier.cpp) decides the cells one at a time
//   in reading order (the board turned so rows are its short side) and
//   remembers each (cell, frontier) with its count (Memo, walk() below), so a
//   board of independent parts is counted part by part, in memory bounded by
//   the board's width. It needs a flat board of squares (Puzzle::planar():
//   blocks and walls allowed; it hands any other board to the line search).
//   Under no-touch it tries a turn only where a run of like turns can end at
//   a dot (the article's corner rule; on boards without blocks or walls).
//   Under fill, a board packed with lines keeps its frontier forty lines
//   wide and it runs to the cap. The line search remembers positions too.
//
//   The diagonal search (flow_diagonal.cpp), for no-touch on a plain board
//   (Puzzle::plain(): squares, no blocks, walls, warps, portals or bridges),
//   decides the cells diagonal by diagonal, each cell's sides from the turn
//   rule, in about 20 nanoseconds a cell, remembering only the diagonals
//   that led nowhere (and only while they come back): published Numberlink
//   boards of 50x50 to 1002x1002 it solves where the others cap, but it can
//   take long to prove a large open board has no second solution.
//
// So any search can settle in a few positions a board another takes minutes
// over. solve() (flow_solve.cpp), which play, the analysis and tilelab solve
// use, chooses:
//   1. Two lines whose dots alternate round the rim of a board without warps,
//      portals or bridges (square or hex, any blocks and walls), or round a
//      cluster of dots, would have to cross; lines whose dots' checkerboard
//      colours do not match the board's cells cannot fill it: no solution,
//      without a search.
//   2. No-touch on a plain board: the diagonal search and steps 3-4 take
//      turns, each with four times the budget of its last turn, the
//      diagonal search going on where it stopped with 1,024 positions to the
//      others' one (its positions cost that much less: tens of nanoseconds
//      against up to a pass over the board), steps 3-4 starting afresh,
//      until one finishes or the cap is spent. Most published boards the
//      diagonal search settles; boards of independent parts (its memo sees
//      them too) and proofs on wide open boards the frontier search may.
//   3. A board that does not lie flat (warps, portals, bridges, hexes): the
//      line search alone, with the whole cap.
//   4. A flat board: the line search first, with 10 positions a cell; if it
//      finishes, that is the answer. Under no-touch the frontier search then
//      takes the rest of the cap (the corner rule leaves it few choices on
//      the open boards where the line search wanders).
//      Under fill neither is sure (long lines stall the line search, packed
//      boards the frontier), so they take turns, each starting afresh
//      with four times the positions of its last turn, the frontier sixteen
//      times the line search's (its positions cost a tenth to a twentieth as
//      much on large boards), until one finishes or the cap is spent: no
//      board costs much more than its better search alone. One fill
//      solution on a plain board (solve()'s fallback when no-touch has
//      none) is looked for from four corners in turn (the board as it is,
//      half turned, transposed, both), with growing budgets: an open board
//      whose lines must run beside themselves one corner may settle in a
//      fraction of the positions another caps at.
//   When every turn is capped, the turn that found the most solutions gives
//   the answer (of the four corners, the last). A board past 64x64 has a
//   cap of about 2^33 cell steps in all, so it is said capped in seconds.
//   The generator and the designs prove uniqueness by steps 1, 3 and 4
//   alone (solve_by_lines_and_frontier), so their levels stay those of their
//   versions.
//
// The difficulty figure (flow::difficulty, flow_generate.cpp) uses the line
// search in the other order, as a player draws: the line with the fewest
// ways on first (LineOrder::kFewestWays), counting its guesses and forced
// moves.
#pragma once
#include <stdint.h>

#include <vector>

#include "flow.h"

namespace tl {
namespace flow {

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

// What both searches keep of one run: the count asked for, the limits, the
// memo, the solutions to fill and the figures.
struct SearchRun {
  SearchRun(uint64_t max_count_asked, const SolveLimits& l, Solution* first, Solution* second)
      : max_count(max_count_asked < 1 ? 1 : max_count_asked), limits(l), memo(l.max_memo_bytes) {
    out[0] = first;
    out[1] = second;
  }
  // Counts a position searched; false (capped) past the node cap.
  bool count_node() {
    if (++result.nodes <= limits.max_nodes) return true;
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
  SolveLimits limits;
  Memo memo;
  Solution* out[2];
  int recorded = 0;
  SolveFigures result;
};

// The depth-first walk both searches make, on an explicit stack of frames
// (each with key_a, key_b, count, next and options). A search gives
// enter(&value): true when the position's count is known at once (a
// solution, a dead end, a position remembered), else it pushed a frame;
// try_next(frame, &value): takes the frame's next option, true when that
// count is known at once; back(frame): undoes the option just counted. Each
// frame's count goes to the memo when its options are done (not when the
// node cap stopped the search: that count is partial). Sets the start's
// count (up to max_count) and whether it is solvable in run->result.
template <class Search, class Frame>
void walk(Search& search, std::vector<Frame>& stack, SearchRun* run) {
  SolveFigures* result = &run->result;
  Memo& memo = run->memo;
  const uint64_t max_count = run->max_count;
  const bool& capped = result->capped;
  uint64_t value = 0;
  bool have_value = search.enter(&value);
  for (;;) {
    if (have_value) {
      if (stack.empty()) {
        result->count = value < max_count ? value : max_count;
        result->solvable = value > 0;
        return;
      }
      Frame& f = stack.back();
      search.back(f);
      f.count = add_saturated(f.count, value);
      if (f.count >= max_count || capped) f.next = f.options;  // enough, or out of time
    }
    Frame& f = stack.back();
    if (f.next == f.options) {
      value = f.count;
      if (!capped) memo.store(f.key_a, f.key_b, value);
      stack.pop_back();
      have_value = true;
      continue;
    }
    have_value = search.try_next(f, &value);
  }
}

// Which line the line search draws on next when none has a single way on:
// the one whose end comes first in reading order (a sweep from the top: the
// fastest), or the one with the fewest ways on (as a player would: the
// difficulty's measure).
enum class LineOrder : uint8_t { kSweep, kFewestWays };

// The line search and the frontier search (either rule set; the frontier
// search hands a board that does not lie flat to the line search).
SolveFigures search_lines(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SolveLimits& limits,
                          Solution* first, Solution* second, LineOrder order = LineOrder::kSweep);
// The diagonal search: no-touch on a plain board only (Puzzle::plain()).
SolveFigures search_diagonal(const Puzzle& puzzle, uint64_t max_count, const SolveLimits& limits, Solution* first,
                             Solution* second);
// The diagonal search in turns: each run() goes on from where the last
// stopped, up to max_nodes positions in all (solve()'s turns).
class DiagonalSearch;
class DiagonalRun {
 public:
  DiagonalRun(const Puzzle& puzzle, uint64_t max_count, const SolveLimits& limits, Solution* first, Solution* second);
  ~DiagonalRun();
  DiagonalRun(const DiagonalRun&) = delete;
  DiagonalRun& operator=(const DiagonalRun&) = delete;
  SolveFigures run(uint64_t max_nodes);

 private:
  DiagonalSearch* search_;
};
// solve() without the diagonal search: steps 1, 3 and 4 of the strategy for
// every board. The generator and the designs prove uniqueness with it, so
// that their levels stay those of their versions (the diagonal search finds
// another second solution first, and the generator cuts a line of that).
SolveFigures solve_by_lines_and_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                         const SolveLimits& limits, Solution* first, Solution* second);
SolveFigures search_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SolveLimits& limits,
                             Solution* first, Solution* second);

}  // namespace flow
}  // namespace tl
