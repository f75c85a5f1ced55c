// The line-puzzle engine: solve(), which chooses the searches by the board
// and the rules (the strategy in lines.h, steps 1-4), and counts.
//
// [SECTION] Budgets and settled figures
// [SECTION] Steps 3 and 4: lines, then the frontier
// [SECTION] Step 2: no-touch on a plain board
// [SECTION] Turned boards and the four corners
// [SECTION] Drawing, then searching
#include <algorithm>
#include <memory>
#include <utility>

#include "lines.h"

namespace tl {
namespace lines {

namespace {

// [SECTION] Budgets and settled figures
// Step 1 of the strategy (lines.h): no solution, said without a search.
bool no_solution_by_rules(const Puzzle& puzzle) {
  return lines_cross_on_rim(puzzle) || lines_cross_round_dots(puzzle) || checkerboard_unbalanced(puzzle);
}

// A position costs up to a pass over the board's cells (its regions), so a
// board past 64x64 has its positions capped to about 2^33 cell steps in all
// (the diagonal search, whose positions cost a 1,024th as much, as many
// again): a large board the searches cannot settle is reported capped in
// seconds, never left running for hours.
SearchLimits large_board_cap(const Puzzle& puzzle, const SearchLimits& asked) {
  SearchLimits limits = asked;
  const uint64_t kMaxCellSteps = (uint64_t)1 << 33;
  const int kLargeBoardCells = 64 * 64;
  if (puzzle.cells() > kLargeBoardCells && limits.max_positions > kMaxCellSteps / (uint64_t)puzzle.cells())
    limits.max_positions = kMaxCellSteps / (uint64_t)puzzle.cells();
  return limits;
}

uint64_t times_four(uint64_t budget) { return budget < ((uint64_t)1 << 60) ? budget * 4 : budget; }

// Figures that say "capped" having searched nothing (no budget at all).
SolveFigures capped_unsearched() {
  SolveFigures f;
  f.capped = true;
  return f;
}

// Figures a search task gives when it ended without running a search.
class Settled : public SearchTask {
 public:
  explicit Settled(const SolveFigures& f) : f_(f) {}
  bool run(uint64_t*) override { return true; }
  const SolveFigures& figures() const override { return f_; }

 private:
  SolveFigures f_;
};

// [SECTION] Steps 3 and 4: lines, then the frontier
// Steps 3 and 4 (no step 1, no large-board cap: the callers' own), in parts.
// 3: a board that does not lie flat goes to the line search whole. 4: the
// line search with ten positions a cell, then the frontier search with the
// rest (no-touch), or turns of growing budgets (fill).
class LinesAndFrontier : public SearchTask {
 public:
  LinesAndFrontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                   Solution* first, Solution* second)
      : puzzle_(puzzle), rules_(rules), max_count_(max_count), limits_(limits), first_(first), second_(second),
        budget_(10 * (uint64_t)puzzle.cells()) {
    if (limits.max_positions == 0) {
      done_ = true;
      best_ = capped_unsearched();
    } else if (!puzzle.planar()) {
      part_ = begin_search_lines(puzzle, rules, max_count, limits, first, second);
      whole_lines_ = true;
    }
  }

  bool run(uint64_t* budget) override {
    while (!done_) {
      if (!part_) begin_turn();
      if (!part_->run(budget)) return false;
      if (whole_lines_) {
        best_ = part_->figures();
        done_ = true;
      } else {
        end_turn();
      }
    }
    return true;
  }
  const SolveFigures& figures() const override { return best_; }

 private:
  void begin_turn() {
    const bool lines = turn_ % 2 == 0;
    part_limits_ = limits_;
    const uint64_t left = limits_.max_positions - spent_;
    const uint64_t want = lines ? budget_ : rules_ == RuleSet::kNoTouch ? left : 16 * budget_;
    part_limits_.max_positions = want < left ? want : left;
    found_[0] = Solution();
    found_[1] = Solution();
    Solution* s0 = first_ ? &found_[0] : nullptr;
    Solution* s1 = second_ ? &found_[1] : nullptr;
    part_ = lines ? begin_search_lines(puzzle_, rules_, max_count_, part_limits_, s0, s1)
                  : begin_search_frontier(puzzle_, rules_, max_count_, part_limits_, s0, s1);
  }

  void end_turn() {
    const SolveFigures f = part_->figures();
    part_.reset();
    spent_ += f.nodes < part_limits_.max_positions ? f.nodes : part_limits_.max_positions;
    peak_ = f.peak_bytes > peak_ ? f.peak_bytes : peak_;
    // The figures of the turn that found the most, while every turn is
    // capped, and its solutions (a later turn may find fewer before its budget ends).
    if (!f.capped || turn_ == 0 || f.count > best_.count) {
      best_ = f;
      std::swap(kept_[0], found_[0]);
      std::swap(kept_[1], found_[1]);
    }
    if (!f.capped || spent_ >= limits_.max_positions) {
      best_.nodes = spent_ + (best_.capped ? 1 : 0);
      best_.peak_bytes = peak_;
      if (first_ && !kept_[0].colour.empty()) *first_ = std::move(kept_[0]);
      if (second_ && !kept_[1].colour.empty()) *second_ = std::move(kept_[1]);
      done_ = true;
      return;
    }
    if (turn_ % 2 == 1) budget_ = times_four(budget_);
    ++turn_;
  }

  const Puzzle& puzzle_;
  RuleSet rules_;
  uint64_t max_count_;
  SearchLimits limits_, part_limits_;
  Solution* first_;
  Solution* second_;
  std::unique_ptr<SearchTask> part_;
  Solution found_[2], kept_[2];
  SolveFigures best_;
  uint64_t spent_ = 0, budget_, peak_ = 0;
  int turn_ = 0;
  bool whole_lines_ = false, done_ = false;
};

SolveFigures run_whole(SearchTask* task) {
  task->run(nullptr);
  return task->figures();
}

// [SECTION] Step 2: no-touch on a plain board
// Step 2 of the strategy (lines.h): no-touch on a plain board, the
// diagonal search (going on where it stopped) and the other two (afresh)
// taking turns of growing budgets, 1,024 diagonal positions to one of theirs.
// When one solution is asked for, the diagonal search's turns are four of
// the others' budgets long: it stops at the first solution it meets, and
// its positions cost less than they did when 1,024 was chosen (on the
// published 50x50 boards the others' turns took an eighth of the time). A
// count (the generator's proofs) keeps turns of one budget, so its turns,
// and the levels made, stay as they were; other counts take the longer
// turns too (SearchLimits::long_diagonal_turns: tilelab solve --count).
// Once the diagonal search shares its tree with a host's second thread
// (SearchLimits::team), it goes on to its end with no more turns of the
// others: its answer then is the one it gives on one thread.
// Both hold their memory at once: the peak is the sum.
class PlainNoTouch : public SearchTask {
 public:
  static constexpr uint64_t kDiagonalPositions = 1024;
  PlainNoTouch(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
               Solution* second)
      : puzzle_(puzzle), max_count_(max_count), limits_(limits), first_(first), second_(second),
        diagonal_(puzzle, max_count, limits, first ? &diagonal_found_[0] : nullptr,
                  second ? &diagonal_found_[1] : nullptr),
        d_(capped_unsearched()), o_(capped_unsearched()), budget_(4 * (uint64_t)puzzle.cells()) {
    if (limits.max_positions == 0) {
      best_ = capped_unsearched();
      phase_ = kDone;
    }
  }

  bool run(uint64_t* budget) override {
    for (;;) {
      switch (phase_) {
        case kDiagonalTurn:
          if (spent() >= limits_.max_positions) {
            finish();
            break;
          }
          turn_end_ = d_.nodes + std::min(diagonal_turn(), limits_.max_positions - spent()) * kDiagonalPositions;
          phase_ = kDiagonal;
          break;
        case kDiagonal:
          if (!run_diagonal(budget)) return false;
          break;
        case kOthers:
          if (!others_->run(budget)) return false;
          end_others_turn();
          break;
        case kDone:
          return true;
      }
    }
  }
  const SolveFigures& figures() const override { return best_; }

 private:
  enum Phase : uint8_t { kDiagonalTurn, kDiagonal, kOthers, kDone };
  uint64_t diagonal_turn() const {
    return max_count_ == 1 || limits_.long_diagonal_turns ? times_four(budget_) : budget_;
  }
  uint64_t spent() const { return (d_.nodes + kDiagonalPositions - 1) / kDiagonalPositions + others_spent_; }

  // The diagonal search on to the turn's end; false when the slice ran out first.
  bool run_diagonal(uint64_t* budget) {
    uint64_t until = turn_end_;
    if (budget) {
      if (*budget == 0) return false;
      const uint64_t most = *budget > (~0ull - d_.nodes) / kDiagonalPositions ? ~0ull
                                                                              : d_.nodes + *budget * kDiagonalPositions;
      until = std::min(until, most);
    }
    const uint64_t before = d_.nodes;
    uint64_t nodes = until - d_.nodes;
    diagonal_.run(&nodes);
    d_ = diagonal_.figures();
    if (budget) {
      const uint64_t used = (d_.nodes - before + kDiagonalPositions - 1) / kDiagonalPositions;
      *budget = used >= *budget ? 0 : *budget - used;
    }
    if (d_.capped && d_.nodes < turn_end_) return true;  // paused at the slice's end: on with the turn
    if (d_.capped && d_.threads == 2 && spent() < limits_.max_positions) {
      // Shared with a second thread: on to its end, the others' turns
      // over (the answer is the diagonal search's, whatever the threads did).
      turn_end_ = d_.nodes + (limits_.max_positions - spent()) * kDiagonalPositions;
      return true;
    }
    if (!d_.capped || spent() >= limits_.max_positions) {
      finish();
      return true;
    }
    others_limits_ = limits_;
    others_limits_.max_positions = std::min(budget_, limits_.max_positions - spent());
    found_[0] = Solution();
    found_[1] = Solution();
    others_.reset(new LinesAndFrontier(puzzle_, RuleSet::kNoTouch, max_count_, others_limits_,
                                       first_ ? &found_[0] : nullptr, second_ ? &found_[1] : nullptr));
    phase_ = kOthers;
    return true;
  }

  void end_others_turn() {
    const SolveFigures f = others_->figures();
    others_.reset();
    others_spent_ += std::min(f.nodes, others_limits_.max_positions);
    others_positions_ += f.nodes;
    others_peak_ = std::max(others_peak_, f.peak_bytes);
    if (!f.capped || f.count > o_.count || o_.nodes == 0) {
      o_ = f;
      std::swap(other_found_[0], found_[0]);
      std::swap(other_found_[1], found_[1]);
    }
    if (!o_.capped) {
      finish();
      return;
    }
    budget_ = times_four(budget_);
    phase_ = kDiagonalTurn;
  }

  // The answer: the search that finished, or (every turn capped) the one
  // that found the most.
  void finish() {
    const bool others_best = !o_.capped || (d_.capped && o_.count > d_.count);
    best_ = others_best ? o_ : d_;
    Solution* found = others_best ? other_found_ : diagonal_found_;
    best_.nodes = d_.nodes + others_positions_;
    best_.peak_bytes = d_.peak_bytes + others_peak_;
    if (first_ && !found[0].colour.empty()) *first_ = std::move(found[0]);
    if (second_ && !found[1].colour.empty()) *second_ = std::move(found[1]);
    phase_ = kDone;
  }

  const Puzzle& puzzle_;
  uint64_t max_count_;
  SearchLimits limits_, others_limits_;
  Solution* first_;
  Solution* second_;
  Solution diagonal_found_[2], other_found_[2], found_[2];
  DiagonalRun diagonal_;
  std::unique_ptr<LinesAndFrontier> others_;
  SolveFigures d_, o_, best_;  // the diagonal search's so far; the others' best turn; the answer
  uint64_t others_spent_ = 0, others_positions_ = 0, others_peak_ = 0, budget_, turn_end_ = 0;
  Phase phase_ = kDiagonalTurn;
};

// [SECTION] Turned boards and the four corners
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
// cap on. (Turning moves dots, not blocks or walls: a board that is not
// plain is searched as it is, by LinesAndFrontier.)
class FourCorners : public SearchTask {
 public:
  FourCorners(const Puzzle& puzzle, const SearchLimits& limits, Solution* first)
      : puzzle_(puzzle), limits_(limits), first_(first), turned_(new Puzzle),  // (large for the device's stack)
        last_(capped_unsearched()), budget_(10 * (uint64_t)puzzle.cells()) {}

  bool run(uint64_t* budget) override {
    static const int kTurns[4] = {kAsIs, kHalfTurn, kTransposed, kTransposed | kHalfTurn};
    while (!done_) {
      if (!part_) {
        if (spent_ >= limits_.max_positions) {
          last_.nodes = spent_ + 1;
          last_.peak_bytes = peak_;
          done_ = true;
          break;
        }
        part_limits_ = limits_;
        part_limits_.max_positions = std::min(budget_, limits_.max_positions - spent_);
        turn_puzzle(puzzle_, kTurns[turn_], turned_.get());
        found_ = Solution();
        part_.reset(new LinesAndFrontier(*turned_, RuleSet::kFill, 1, part_limits_, first_ ? &found_ : nullptr,
                                         nullptr));
      }
      if (!part_->run(budget)) return false;
      last_ = part_->figures();
      part_.reset();
      spent_ += std::min(last_.nodes, part_limits_.max_positions);
      peak_ = std::max(peak_, last_.peak_bytes);
      if (!last_.capped) {
        if (first_ && last_.solvable) {
          turn_back(puzzle_, kTurns[turn_], &found_);
          *first_ = std::move(found_);
        }
        last_.nodes = spent_;
        last_.peak_bytes = peak_;
        done_ = true;
        break;
      }
      if (++turn_ == 4) {
        turn_ = 0;
        budget_ = times_four(budget_);
      }
    }
    return true;
  }
  const SolveFigures& figures() const override { return last_; }

 private:
  const Puzzle& puzzle_;
  SearchLimits limits_, part_limits_;
  Solution* first_;
  std::unique_ptr<Puzzle> turned_;
  Solution found_;
  std::unique_ptr<LinesAndFrontier> part_;
  SolveFigures last_;
  uint64_t spent_ = 0, peak_ = 0, budget_;
  int turn_ = 0;
  bool done_ = false;
};

std::unique_ptr<SearchTask> begin_four_corners(const Puzzle& puzzle, const SearchLimits& limits, Solution* first) {
  if (!puzzle.plain())
    return std::unique_ptr<SearchTask>(new LinesAndFrontier(puzzle, RuleSet::kFill, 1, limits, first, nullptr));
  return std::unique_ptr<SearchTask>(new FourCorners(puzzle, limits, first));
}

// [SECTION] Drawing, then searching
// Fill, counting up to two: solutions drawn by detours first (a drawing of
// two settles it; the drawing does not pause), then searched for (from four
// corners for one solution on a plain board), the drawing's answer kept when
// the search is capped with less.
class DrawThenSearch : public SearchTask {
 public:
  DrawThenSearch(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits, Solution* first,
                 Solution* second)
      : puzzle_(puzzle), max_count_(max_count), limits_(limits), first_(first), second_(second) {}

  bool run(uint64_t* budget) override {
    if (done_) return true;
    if (!searched_) {
      drawn_ = draw_fill_by_detours(puzzle_, max_count_, &drawn_first_, &drawn_second_);
      if (budget) *budget = drawn_.nodes >= *budget ? 0 : *budget - drawn_.nodes;
      if (!drawn_.capped) {
        if (first_) *first_ = std::move(drawn_first_);
        if (second_ && drawn_.count > 1) *second_ = std::move(drawn_second_);
        answer_ = drawn_;
        done_ = true;
        return true;
      }
      searched_ = max_count_ <= 1 && puzzle_.plain()
                      ? begin_four_corners(puzzle_, limits_, first_)
                      : std::unique_ptr<SearchTask>(
                            new LinesAndFrontier(puzzle_, RuleSet::kFill, max_count_, limits_, first_, second_));
    }
    if (!searched_->run(budget)) return false;
    answer_ = searched_->figures();
    answer_.nodes += drawn_.nodes;
    if (answer_.capped && answer_.count < drawn_.count) {  // capped with less than the drawing found: the drawing's
      if (first_) *first_ = std::move(drawn_first_);
      answer_.count = drawn_.count;
      answer_.solvable = true;
    }
    if (drawn_.peak_bytes > answer_.peak_bytes) answer_.peak_bytes = drawn_.peak_bytes;
    done_ = true;
    return true;
  }
  const SolveFigures& figures() const override { return answer_; }

 private:
  const Puzzle& puzzle_;
  uint64_t max_count_;
  SearchLimits limits_;
  Solution* first_;
  Solution* second_;
  Solution drawn_first_, drawn_second_;
  SolveFigures drawn_, answer_;
  std::unique_ptr<SearchTask> searched_;
  bool done_ = false;
};

}  // namespace

SolveFigures search_fill_from_four_corners(const Puzzle& puzzle, const SearchLimits& limits, Solution* first) {
  return run_whole(begin_four_corners(puzzle, limits, first).get());
}

std::unique_ptr<SearchTask> begin_solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                        const SearchLimits& asked, Solution* first, Solution* second) {
  // The steps of the strategy (lines.h). 1: lines that would cross on the
  // rim or round a cluster of dots, or could not cover the checkerboard's
  // two colours.
  if (no_solution_by_rules(puzzle)) return std::unique_ptr<SearchTask>(new Settled(SolveFigures()));
  const SearchLimits limits = large_board_cap(puzzle, asked);
  if (rules == RuleSet::kNoTouch && puzzle.plain())
    return std::unique_ptr<SearchTask>(new PlainNoTouch(puzzle, max_count, limits, first, second));
  if (rules == RuleSet::kFill && max_count <= 2 && limits.max_positions > 0)
    return std::unique_ptr<SearchTask>(new DrawThenSearch(puzzle, max_count, limits, first, second));
  return std::unique_ptr<SearchTask>(new LinesAndFrontier(puzzle, rules, max_count, limits, first, second));
}

SolveFigures solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& limits,
                   Solution* first, Solution* second) {
  return run_whole(begin_solve(puzzle, rules, max_count, limits, first, second).get());
}

}  // namespace lines
}  // namespace tl
