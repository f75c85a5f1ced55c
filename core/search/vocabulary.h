// vocabulary.h — the words every game and search shares: a move and its
// outcome, the limits of a search, and what a solve and an analysis report.
// The engine that does the searching is search.h (breadth-first, for move
// puzzles) and core/lines (line puzzles); both take the one SearchLimits.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "core/base/task.h"

namespace tl {

enum class Outcome : uint8_t { kMoved, kNoChange, kWon, kLost };

// A move of a level: an id the game gives its moves (a direction, a card in
// a direction, a line drawn to a cell).
using Move = uint32_t;
using MoveList = std::vector<Move>;

// A second thread for one search, where a host has one (the command line;
// the page's worker and the device have one core). The core starts no
// thread: the host runs a job on its other thread beside the caller's, and
// the job's steps meet at barrier(). A breadth-first analysis given one
// explores its large levels on both threads (search.h, GraphAnalysis), with
// the same states, numbering and figures as on one.
class SearchTeam {
 public:
  // job(context, 0) on the calling thread and job(context, 1) on the
  // other, at once; returns once both have returned.
  virtual void run(void (*job)(void* context, int thread), void* context) = 0;
  // Within a job: returns once both threads have called it.
  virtual void barrier() = 0;
  // Asked by the first thread between two steps of a job, both threads met:
  // whether the two keep pace with each other. False when they spend much
  // of the job waiting for each other, as when another program keeps the
  // other core busy: the search then goes on on one thread, with the same
  // answer (two threads must never lose to one). The host's clock says; by
  // default, always.
  virtual bool keeps_pace() { return true; }

 protected:
  ~SearchTeam() = default;
};

// The caps of a search, for both engines: the breadth-first search
// (search.h) stores states, the line searches (core/lines) search positions
// depth first and remember some in a memo. Past a cap the answer is
// "capped". The defaults fit the platform: the Playdate has 16 MB in all, so
// device builds (TILELAB_DEVICE: the m7 and playdate presets) search in 6 MB
// and keep a 2 MB memo.
struct SearchLimits {
  // analyze() also returns the state graph itself when it has at most this
  // many states (0: never).
  uint32_t graph_states = 0;
  // analyze() stops once the states are counted: states, win states, their
  // depths, par, solvable and capped (at the same point as a whole
  // analysis), no solution, dead ends, rating or graph (for figures that
  // need no more: Skiddy's max-combo search, some 17% faster).
  bool counts_only = false;
#if defined(TILELAB_DEVICE)
  uint32_t max_states = 200000;                  // breadth first: states stored
  size_t max_bytes = (size_t)6 << 20;            // breadth first: the bytes they take
  uint64_t max_positions = 2000000;              // line searches: positions searched
  size_t max_memo_bytes = (size_t)2 << 20;       // line searches: the memo's bytes (then it remembers no more)
#else
  uint32_t max_states = 2000000;
  size_t max_bytes = (size_t)192 << 20;
  uint64_t max_positions = 200000000;
  size_t max_memo_bytes = (size_t)256 << 20;
#endif
  // Called every kProgressEvery states a search expands, with the states
  // found so far and the most it can hold (null: never), so a host can show
  // how far it is: max_states, or fewer when max_bytes runs out first at the
  // bytes each state has taken so far. The page's worker posts it to the
  // page's progress bar.
  void (*progress)(void* context, uint32_t states, uint32_t most_states) = nullptr;
  void* progress_context = nullptr;
  // A host's second thread for an analysis that runs whole (not in slices);
  // null: one thread. It takes the levels of the breadth-first search from
  // the first of at least team_level states (the tests take every level),
  // and a line puzzle's count once it has taken team_positions positions
  // on one (core/lines/diagonal_search.cpp: Split; the tests take fewer).
  SearchTeam* team = nullptr;
  uint32_t team_level = 4096;
  uint64_t team_positions = (uint64_t)1 << 20;
  // Line searches counting on a plain board under no-touch: the diagonal
  // search's turns as long as when one solution is asked for (tilelab
  // solve --count, Level::count_solutions; the generator's proofs keep
  // theirs, so its levels stay as they are).
  bool long_diagonal_turns = false;
  static constexpr uint32_t kProgressEvery = 16384;
  void report_progress(uint32_t expanded, uint32_t states, size_t bytes) const {
    if (!progress || expanded % kProgressEvery != 0) return;
    uint64_t most = max_states;
    if (states >= kProgressEvery && bytes > 0) {  // once the bytes a state takes are known
      const uint64_t by_bytes = (uint64_t)states * (uint64_t)max_bytes / (uint64_t)bytes;  // < 2^62: no overflow
      if (by_bytes < most) most = by_bytes;
    }
    progress(progress_context, states, (uint32_t)most);
  }
};

struct SolveResult {
  bool solvable = false;
  bool capped = false;     // the cap stopped the search before an answer
  int length = -1;         // moves in the shortest solution, -1 when none
  uint64_t expanded = 0;   // states expanded
  uint64_t states = 0;     // states stored
  uint64_t peak_bytes = 0; // memory the search held at its largest (0: not measured)
};

// A solve as a task (core/base/task.h): a position a state expanded; done
// once result() is the answer (and the path, when one was asked for, written).
class SolveTask : public Task {
 public:
  virtual const SolveResult& result() const = 0;
};

// The state graph of a small level, as the article draws it: states by depth,
// win states and dead ends marked, and the moves between them.
struct StateGraph {
  enum Kind : uint8_t { kPlain, kWin, kDeadEnd };
  std::vector<uint32_t> depth;  // per state, in BFS order (state 0 is the start)
  std::vector<uint8_t> kind;    // per state
  struct Edge {
    uint32_t from, to;
    uint8_t move;
  };
  std::vector<Edge> edges;
};

struct Analysis {
  bool solvable = false;
  bool capped = false;
  // False for a line puzzle, which has no state graph: only solvable, capped
  // and par mean anything then, beside the game's own figures.
  bool state_graph = true;
  int par = -1;                      // fewest moves to win, -1 when none
  uint64_t states = 0;               // reachable states, win states excluded
  uint64_t win_states = 0;
  uint64_t dead_ends = 0;            // reachable states from which no win is reachable
  uint64_t optimal_solutions = 0;    // move sequences of length par that win (saturates)
  uint64_t losing_moves = 0;         // transitions that lose the level
  uint64_t edges = 0;                // transitions between states
  std::vector<uint32_t> depth_histogram;  // states (wins included) per depth
  MoveList first_dead_end;           // shortest move sequence into a dead end
  // The solution line up to its first wrong move, that move included (empty
  // when the line has none): where a player first goes astray.
  MoveList first_wrong_move;
  // The solution line's moves: the shortest solution the search found first
  // (the one solve() finds), empty when none.
  MoveList solution;
  int max_depth = 0;
  size_t bytes = 0;                  // the most memory the search held at once (its vectors' capacity)
  int max_distance = 0;              // the most moves any state that can still win needs to win
  // The solution line: the shortest solution the search found first, and the
  // choices a player meets along it (at each of its par states before the win).
  uint64_t line_choices = 0;         // moves that change the state (losing ones too)
  uint64_t line_wrong_moves = 0;     // of those, moves that bring no win closer
  uint64_t line_fatal_moves = 0;     // of the wrong ones, moves that lose or enter a dead end
  uint64_t line_setback = 0;         // extra moves the other wrong ones cost, summed
  StateGraph graph;                  // filled when states <= limits.graph_states
};

// The hash of a state that is one 64-bit word (Skiddy, Golf Peaks): a
// multiplicative mix whose high half picks the table slot.
inline uint64_t hash_word(uint64_t bits) {
  const uint64_t h = bits * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

}  // namespace tl
