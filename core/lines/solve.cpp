// The line-puzzle engine: solve(), which chooses the searches by the board
// and the rules (the strategy in lines.h, steps 1-4), and counts.
#include <algorithm>
#include <memory>
#include <utility>

#include "lines.h"

namespace tl {
namespace lines {

namespace {

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

// Steps 3 and 4 (no step 1, no large-board cap: the callers' own).
SolveFigures search_lines_and_frontier(const Puzzle& puzzle, RuleSet rules, uint64_t max_count,
                                       const SearchLimits& limits, Solution* first, Solution* second) {
  if (limits.max_positions == 0) return capped_unsearched();
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
    SearchLimits part = limits;
    const uint64_t left = limits.max_positions - spent;
    const uint64_t want = lines ? budget : rules == RuleSet::kNoTouch ? left : 16 * budget;
    part.max_positions = want < left ? want : left;
    Solution s[2];
    Solution* s0 = first ? &s[0] : nullptr;
    Solution* s1 = second ? &s[1] : nullptr;
    SolveFigures f = lines ? search_lines(puzzle, rules, max_count, part, s0, s1)
                           : search_frontier(puzzle, rules, max_count, part, s0, s1);
    spent += f.nodes < part.max_positions ? f.nodes : part.max_positions;
    peak = f.peak_bytes > peak ? f.peak_bytes : peak;
    if (!f.capped || turn == 0 || f.count > best.count) {
      best = f;
      std::swap(kept[0], s[0]);
      std::swap(kept[1], s[1]);
    }
    if (!f.capped || spent >= limits.max_positions) break;
    if (!lines) budget = times_four(budget);
  }
  best.nodes = spent + (best.capped ? 1 : 0);
  best.peak_bytes = peak;
  if (first && !kept[0].colour.empty()) *first = std::move(kept[0]);
  if (second && !kept[1].colour.empty()) *second = std::move(kept[1]);
  return best;
}

// Step 2 of the strategy (lines.h): no-touch on a plain board, the
// diagonal search (going on where it stopped) and the other two (afresh)
// taking turns of growing budgets, 1,024 diagonal positions to one of theirs.
// Both hold their memory at once: the peak is the sum.
SolveFigures solve_plain_no_touch(const Puzzle& puzzle, uint64_t max_count, const SearchLimits& limits,
                                  Solution* first, Solution* second) {
  if (limits.max_positions == 0) return capped_unsearched();
  const uint64_t kDiagonalPositions = 1024;
  Solution diagonal_found[2], other_found[2];
  DiagonalRun diagonal(puzzle, max_count, limits, first ? &diagonal_found[0] : nullptr,
                       second ? &diagonal_found[1] : nullptr);
  SolveFigures d = capped_unsearched(), o = capped_unsearched();  // the diagonal search's so far; the others' best turn
  uint64_t others_spent = 0, others_positions = 0, others_peak = 0, budget = 4 * (uint64_t)puzzle.cells();
  auto spent = [&]() { return (d.nodes + kDiagonalPositions - 1) / kDiagonalPositions + others_spent; };
  while (spent() < limits.max_positions) {
    d = diagonal.run(d.nodes + std::min(budget, limits.max_positions - spent()) * kDiagonalPositions);
    if (!d.capped || spent() >= limits.max_positions) break;
    SearchLimits others = limits;
    others.max_positions = std::min(budget, limits.max_positions - spent());
    Solution s[2];
    const SolveFigures f = search_lines_and_frontier(puzzle, RuleSet::kNoTouch, max_count, others,
                                                     first ? &s[0] : nullptr, second ? &s[1] : nullptr);
    others_spent += std::min(f.nodes, others.max_positions);
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


}  // namespace

// One fill solution on a plain board: the searches of steps 3-4 on the board
// as it is, turned half round, transposed, and both, in turns of growing
// budgets. On an open board with few lines, where a solution needs lines to
// run beside themselves, the searches' luck depends on the corner they start
// from: one way round settles in a fraction of a second a board the others
// cap on.
SolveFigures search_fill_from_four_corners(const Puzzle& puzzle, const SearchLimits& limits, Solution* first) {
  // (Turning moves dots, not blocks or walls: another board as it is.)
  if (!puzzle.plain()) return search_lines_and_frontier(puzzle, RuleSet::kFill, 1, limits, first, nullptr);
  static const int kTurns[4] = {kAsIs, kHalfTurn, kTransposed, kTransposed | kHalfTurn};
  std::unique_ptr<Puzzle> turned(new Puzzle);  // (large for the device's stack)
  SolveFigures last = capped_unsearched();
  uint64_t spent = 0, peak = 0, budget = 10 * (uint64_t)puzzle.cells();
  for (;;) {
    for (int t : kTurns) {
      if (spent >= limits.max_positions) {
        last.nodes = spent + 1;
        last.peak_bytes = peak;
        return last;
      }
      SearchLimits part = limits;
      part.max_positions = std::min(budget, limits.max_positions - spent);
      turn_puzzle(puzzle, t, turned.get());
      Solution s;
      last = search_lines_and_frontier(*turned, RuleSet::kFill, 1, part, first ? &s : nullptr, nullptr);
      spent += std::min(last.nodes, part.max_positions);
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

SolveFigures solve(const Puzzle& puzzle, RuleSet rules, uint64_t max_count, const SearchLimits& asked,
                   Solution* first, Solution* second) {
  // The steps of the strategy (lines.h). 1: lines that would cross on the
  // rim or round a cluster of dots, or could not cover the checkerboard's
  // two colours.
  if (no_solution_by_rules(puzzle)) return SolveFigures();
  const SearchLimits limits = large_board_cap(puzzle, asked);
  if (rules == RuleSet::kNoTouch && puzzle.plain()) return solve_plain_no_touch(puzzle, max_count, limits, first, second);
  if (rules == RuleSet::kFill && max_count <= 2 && limits.max_positions > 0) {
    Solution drawn_first, drawn_second;
    const SolveFigures drawn = draw_fill_by_detours(puzzle, max_count, &drawn_first, &drawn_second);
    if (!drawn.capped) {
      if (first) *first = std::move(drawn_first);
      if (second && drawn.count > 1) *second = std::move(drawn_second);
      return drawn;
    }
    SolveFigures searched = max_count <= 1 && puzzle.plain()
                                ? search_fill_from_four_corners(puzzle, limits, first)
                                : search_lines_and_frontier(puzzle, rules, max_count, limits, first, second);
    searched.nodes += drawn.nodes;
    if (searched.capped && searched.count < drawn.count) {  // capped with less than the drawing found: the drawing's
      if (first) *first = std::move(drawn_first);
      searched.count = drawn.count;
      searched.solvable = true;
    }
    if (drawn.peak_bytes > searched.peak_bytes) searched.peak_bytes = drawn.peak_bytes;
    return searched;
  }
  return search_lines_and_frontier(puzzle, rules, max_count, limits, first, second);
}

}  // namespace lines
}  // namespace tl
