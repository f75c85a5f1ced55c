// search.h — one breadth-first search engine for every game.
//
// Games hand it a Rules struct:
//   struct Rules {
//     using State = ...;           // trivially copyable; State::hash(), operator==
//     static constexpr int kMoves;  // upper bound of move_count()
//     int move_count() const;
//     Outcome apply(State& s, int move) const;
//   };
// A game whose states map onto small integers (the penguin: one state per cell)
// may add `uint32_t dense_count() const` and `uint32_t dense_index(const State&)
// const`; the search then finds states by direct indexing instead of hashing.
// and get the shortest solution (solve) or the whole reachable state graph
// (analyze): reachable states, win states, dead ends by reverse reachability,
// par, the number of optimal solutions and the depth histogram.
//
// States live packed in blocks; an open-addressing table of their indices
// (with hash tags) finds them. There are no per-state heap objects. A
// caller-given cap on states and bytes makes a search answer "capped" instead
// of exhausting memory, which is what keeps it safe on a 16 MB device.
//
// An analysis run whole (not in slices) may take a host's second thread
// (SearchLimits::team, the command line's): its wide levels are explored,
// and its edges reversed and walked back, on both, with the same states,
// numbering and figures as on one (GraphAnalysis, [Two threads]).
//
// The engine, part by part:
//   state_set.h          where states live (packed blocks, a table of their
//                        indices) and how their moves are made (Successors)
//   shortest_solution.h  breadth first to the first win (ShortestSolution)
//   graph_analysis.h     the whole state graph and its figures (GraphAnalysis);
//                        graph_analysis_threads.h, its two-thread steps, where
//                        a second thread runs
//   win_reachability.h   can every state still win? (WinReachability), the
//                        graph it explored (ExploredGraph)
//   all_solutions.h      every distinct solution (AllSolutions)
// Each runs in parts: run(budget) goes on from where the last stopped and
// pauses where the positions of *budget run out (null: to the end).
// core/search/vocabulary.h names what they take and give (SearchLimits,
// SolveResult, Analysis); a game reaches them through core/game/level_of.h.
#pragma once
#include "all_solutions.h"
#include "graph_analysis.h"
#if TILELAB_TWO_THREADS
#include "graph_analysis_threads.h"  // (its steps on two threads)
#endif
#include "shortest_solution.h"
#include "win_reachability.h"

namespace tl {

// A shortest solution from start (path: its moves; null: only its length).
template <class Rules>
SolveResult search_solve(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits,
                         MoveList* path) {
  ShortestSolution<Rules> shortest(rules, start, limits, path);
  shortest.run(nullptr);
  return shortest.result();
}

// The whole state graph from start: states, wins, dead ends, par, the
// optimal solutions, the depth histogram and the solution line rated.
template <class Rules>
Analysis search_analyze(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits) {
  Analysis a;
  GraphAnalysis<Rules>(rules, start, limits, &a).run(nullptr);
  return a;
}

// Every distinct solution in one go, up to `max` (a game whose every move
// uses something up: all_solutions.h); false when it stopped at `max`.
template <class Rules>
bool search_all_solutions(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits,
                          size_t max, std::vector<MoveList>* out) {
  AllSolutions<Rules> search(rules, start, limits, max, out);
  search.run(nullptr);
  return search.complete();
}

}  // namespace tl
