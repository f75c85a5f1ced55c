// search.h — one breadth-first search engine for every game.
//
// Games hand it a Rules struct:
//   struct Rules {
//     using State = ...;           // trivially copyable; State::hash(), operator==
//     static constexpr int kMoves;  // upper bound of move ids
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
// States live packed in one vector; an open-addressing table of 32-bit indices
// finds them. There are no per-state heap objects. A caller-given cap on states
// and bytes makes a search answer "capped" instead of exhausting memory, which
// is what keeps it safe on a 16 MB device.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include <type_traits>
#include <utility>
#include <vector>

namespace tl {

enum class Outcome : uint8_t { kMoved, kNoChange, kWon, kLost };

using MoveList = std::vector<uint8_t>;

// The default cap fits the platform: the Playdate has 16 MB in all, so device
// builds (TILELAB_DEVICE: the m7 and playdate presets) search in 6 MB.
struct SearchLimits {
  // analyze() also returns the state graph itself when it has at most this
  // many states (0: never).
  uint32_t graph_states = 0;
#if defined(TILELAB_DEVICE)
  uint32_t max_states = 200000;
  size_t max_bytes = (size_t)6 << 20;
#else
  uint32_t max_states = 2000000;
  size_t max_bytes = (size_t)192 << 20;
#endif
};

struct SolveResult {
  bool solvable = false;
  bool capped = false;     // the cap stopped the search before an answer
  int length = -1;         // moves in the shortest solution, -1 when none
  uint64_t expanded = 0;   // states expanded
  uint64_t states = 0;     // states stored
};

// The state graph of a small level, as the seed draws it: states by depth,
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
  int par = -1;                      // fewest moves to win, -1 when none
  uint64_t states = 0;               // reachable states, win states excluded
  uint64_t win_states = 0;
  uint64_t dead_ends = 0;            // reachable states from which no win is reachable
  uint64_t optimal_solutions = 0;    // move sequences of length par that win (saturates)
  uint64_t losing_moves = 0;         // transitions that lose the level
  uint64_t edges = 0;                // transitions between states
  std::vector<uint32_t> depth_histogram;  // states (wins included) per depth
  MoveList first_dead_end;           // shortest move sequence into a dead end
  int max_depth = 0;
  StateGraph graph;                  // filled when states <= limits.graph_states
};

// ---------------------------------------------------------------------------
// StateSet: packed states with open-addressing lookup.
// ---------------------------------------------------------------------------
template <class State>
class StateSet {
 public:
  static constexpr uint32_t kFull = 0xffffffffu;
  template <class Rules>
  explicit StateSet(const Rules&) {}
  // How many states a search should make room for up front (0: grow as needed).
  uint32_t expected_states() const { return 0; }

  void clear() {
    states_.clear();
    if (slots_.empty()) slots_.assign(1024, 0);
    else for (uint64_t& s : slots_) s = 0;
    mask_ = (uint32_t)slots_.size() - 1;
  }
  uint32_t size() const { return (uint32_t)states_.size(); }
  const State& operator[](uint32_t i) const { return states_[i]; }
  size_t bytes() const {
    return states_.capacity() * sizeof(State) + slots_.size() * sizeof(uint64_t);
  }

  // The index of `s`, inserting it when new (*inserted tells which). Returns
  // kFull when inserting would pass max_states or max_bytes.
  uint32_t find_or_insert(const State& s, bool* inserted, uint32_t max_states, size_t max_bytes) {
    uint64_t hash = s.hash();
    // A slot holds the state's index + 1 (low word) and 32 bits of its hash
    // (high word), so most probes never touch the states themselves.
    uint64_t tag = hash << 32;
    uint32_t h = (uint32_t)(hash >> 32) & mask_;
    for (;;) {
      uint64_t slot = slots_[h];
      if (slot == 0) break;
      if ((slot & 0xffffffff00000000ull) == tag && states_[(uint32_t)slot - 1] == s) {
        *inserted = false;
        return (uint32_t)slot - 1;
      }
      h = (h + 1) & mask_;
    }
    if (states_.size() >= max_states) return kFull;
    if ((states_.size() + 1) * 2 > slots_.size()) {
      if (bytes() + slots_.size() * 2 * sizeof(uint64_t) > max_bytes) return kFull;
      grow();
      return find_or_insert(s, inserted, max_states, max_bytes);  // one level deep
    }
    if (states_.size() == states_.capacity() &&
        bytes() + states_.capacity() * sizeof(State) > max_bytes)
      return kFull;
    states_.push_back(s);
    slots_[h] = tag | (uint64_t)states_.size();
    *inserted = true;
    return (uint32_t)states_.size() - 1;
  }

 private:
  void grow() {
    slots_.assign(slots_.size() * 2, 0);
    mask_ = (uint32_t)slots_.size() - 1;
    for (uint32_t i = 0; i < states_.size(); ++i) {
      uint64_t hash = states_[i].hash();
      uint32_t h = (uint32_t)(hash >> 32) & mask_;
      while (slots_[h] != 0) h = (h + 1) & mask_;
      slots_[h] = (hash << 32) | (uint64_t)(i + 1);
    }
  }

  std::vector<State> states_;
  std::vector<uint64_t> slots_;
  uint32_t mask_ = 0;
};

// ---------------------------------------------------------------------------
// DenseStateSet: the same interface for games with dense state indices.
// ---------------------------------------------------------------------------
template <class Rules>
class DenseStateSet {
 public:
  using State = typename Rules::State;
  static constexpr uint32_t kFull = 0xffffffffu;
  explicit DenseStateSet(const Rules& rules) : rules_(rules) {}

  void clear() {
    states_.clear();
    index_.assign(rules_.dense_count(), 0);
    states_.reserve(rules_.dense_count());
  }
  uint32_t expected_states() const { return rules_.dense_count(); }
  uint32_t size() const { return (uint32_t)states_.size(); }
  const State& operator[](uint32_t i) const { return states_[i]; }
  size_t bytes() const { return states_.capacity() * sizeof(State) + index_.size() * sizeof(uint32_t); }

  uint32_t find_or_insert(const State& s, bool* inserted, uint32_t max_states, size_t max_bytes) {
    uint32_t& slot = index_[rules_.dense_index(s)];
    if (slot != 0) {
      *inserted = false;
      return slot - 1;
    }
    if (states_.size() >= max_states) return kFull;
    if (states_.size() == states_.capacity() && bytes() + (states_.capacity() + 1) * sizeof(State) > max_bytes)
      return kFull;
    states_.push_back(s);
    slot = (uint32_t)states_.size();
    *inserted = true;
    return slot - 1;
  }

 private:
  const Rules& rules_;
  std::vector<State> states_;
  std::vector<uint32_t> index_;
};

template <class R, class = void>
struct HasDenseStates : std::false_type {};
template <class R>
struct HasDenseStates<R, decltype((void)std::declval<const R&>().dense_index(std::declval<const typename R::State&>()))>
    : std::true_type {};

// The state store a search over these rules uses.
template <class Rules>
using StateStore = typename std::conditional<HasDenseStates<Rules>::value, DenseStateSet<Rules>,
                                             StateSet<typename Rules::State>>::type;

// ---------------------------------------------------------------------------
// Shortest solution.
// ---------------------------------------------------------------------------
template <class Rules>
SolveResult search_solve(const Rules& rules, const typename Rules::State& start,
                         const SearchLimits& limits, MoveList* path) {
  using State = typename Rules::State;
  SolveResult result;
  StateStore<Rules> seen(rules);
  seen.clear();
  std::vector<uint32_t> parent;
  std::vector<uint8_t> via;
  parent.reserve(seen.expected_states());
  via.reserve(seen.expected_states());
  bool inserted;
  if (seen.find_or_insert(start, &inserted, limits.max_states, limits.max_bytes) == StateStore<Rules>::kFull) {
    result.capped = true;
    return result;
  }
  parent.push_back(0xffffffffu);
  via.push_back(0);
  const int moves = rules.move_count();
  uint32_t win_parent = 0xffffffffu;
  int win_move = -1;
  for (uint32_t i = 0; i < seen.size() && win_move < 0; ++i) {
    ++result.expanded;
    for (int m = 0; m < moves; ++m) {
      State next = seen[i];
      Outcome o = rules.apply(next, m);
      if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
      if (o == Outcome::kWon) {
        win_parent = i;
        win_move = m;
        break;
      }
      size_t used = parent.capacity() * 5;
      uint32_t id = used >= limits.max_bytes
                        ? StateStore<Rules>::kFull
                        : seen.find_or_insert(next, &inserted, limits.max_states,
                                              limits.max_bytes - used);
      if (id == StateStore<Rules>::kFull) {
        result.capped = true;
        result.states = seen.size();
        return result;
      }
      if (inserted) {
        parent.push_back(i);
        via.push_back((uint8_t)m);
      }
    }
  }
  result.states = seen.size();
  if (win_move < 0) return result;
  result.solvable = true;
  MoveList reversed;
  reversed.push_back((uint8_t)win_move);
  for (uint32_t at = win_parent; parent[at] != 0xffffffffu; at = parent[at]) reversed.push_back(via[at]);
  result.length = (int)reversed.size();
  if (path) path->assign(reversed.rbegin(), reversed.rend());
  return result;
}

// ---------------------------------------------------------------------------
// The whole state graph.
// ---------------------------------------------------------------------------
template <class Rules>
Analysis search_analyze(const Rules& rules, const typename Rules::State& start,
                        const SearchLimits& limits) {
  using State = typename Rules::State;
  Analysis a;
  StateStore<Rules> seen(rules);
  seen.clear();
  // Per state: BFS parent and move, depth, optimal path count, win flag and the
  // range of its successors in `succ` (states are expanded in index order).
  std::vector<uint32_t> parent, depth, succ_begin, succ;
  std::vector<uint8_t> via, won;
  std::vector<uint64_t> ways;
  const size_t per_state = 4 * 3 + 2 + 8;
  bool inserted;
  if (seen.find_or_insert(start, &inserted, limits.max_states, limits.max_bytes) == StateStore<Rules>::kFull) {
    a.capped = true;
    return a;
  }
  parent.push_back(0xffffffffu);
  via.push_back(0);
  depth.push_back(0);
  ways.push_back(1);
  won.push_back(0);
  const int moves = rules.move_count();
  for (uint32_t i = 0; i < seen.size(); ++i) {
    succ_begin.push_back((uint32_t)succ.size());
    if (won[i]) continue;
    for (int m = 0; m < moves; ++m) {
      State next = seen[i];
      Outcome o = rules.apply(next, m);
      if (o == Outcome::kNoChange) continue;
      if (o == Outcome::kLost) {
        ++a.losing_moves;
        continue;
      }
      size_t used = seen.bytes() + parent.capacity() * per_state + succ.capacity() * 8;
      if (used >= limits.max_bytes) {
        a.capped = true;
        break;
      }
      uint32_t id = seen.find_or_insert(next, &inserted, limits.max_states, limits.max_bytes - used);
      if (id == StateStore<Rules>::kFull) {
        a.capped = true;
        break;
      }
      if (inserted) {
        parent.push_back(i);
        via.push_back((uint8_t)m);
        depth.push_back(depth[i] + 1);
        ways.push_back(ways[i]);
        won.push_back(o == Outcome::kWon ? 1 : 0);
      } else if (depth[id] == depth[i] + 1) {
        uint64_t sum = ways[id] + ways[i];
        ways[id] = sum < ways[id] ? ~0ull : sum;
      }
      succ.push_back(id);
    }
    if (a.capped) break;
  }
  const uint32_t n = seen.size();
  if (a.capped) {
    a.states = n;
    return a;
  }
  succ_begin.push_back((uint32_t)succ.size());
  a.edges = succ.size();

  // Figures by depth; par is the depth of the shallowest win state.
  for (uint32_t i = 0; i < n; ++i) {
    if ((int)depth[i] > a.max_depth) a.max_depth = (int)depth[i];
    if (won[i]) {
      ++a.win_states;
      if (a.par < 0 || (int)depth[i] < a.par) a.par = (int)depth[i];
    }
  }
  a.states = n - a.win_states;
  a.solvable = a.par >= 0;
  a.depth_histogram.assign((size_t)a.max_depth + 1, 0);
  for (uint32_t i = 0; i < n; ++i) {
    ++a.depth_histogram[depth[i]];
    if (won[i] && (int)depth[i] == a.par) {
      uint64_t sum = a.optimal_solutions + ways[i];
      a.optimal_solutions = sum < ways[i] ? ~0ull : sum;
    }
  }

  // Dead ends: states that no win can be reached from. Walk the reversed
  // edges from every win state; what stays unmarked is a dead end.
  std::vector<uint32_t> rev_begin(n + 1, 0), rev((size_t)a.edges);
  for (uint32_t e = 0; e < a.edges; ++e) ++rev_begin[succ[e] + 1];
  for (uint32_t i = 0; i < n; ++i) rev_begin[i + 1] += rev_begin[i];
  {
    std::vector<uint32_t> fill(rev_begin.begin(), rev_begin.end() - 1);
    for (uint32_t from = 0; from < n; ++from)
      for (uint32_t e = succ_begin[from]; e < succ_begin[from + 1]; ++e) rev[fill[succ[e]]++] = from;
  }
  std::vector<uint8_t> reaches_win(n, 0);
  std::vector<uint32_t> queue;
  for (uint32_t i = 0; i < n; ++i)
    if (won[i]) {
      reaches_win[i] = 1;
      queue.push_back(i);
    }
  for (size_t q = 0; q < queue.size(); ++q) {
    uint32_t at = queue[q];
    for (uint32_t e = rev_begin[at]; e < rev_begin[at + 1]; ++e) {
      uint32_t from = rev[e];
      if (!reaches_win[from]) {
        reaches_win[from] = 1;
        queue.push_back(from);
      }
    }
  }
  uint32_t first_dead = 0xffffffffu;
  for (uint32_t i = 0; i < n; ++i)
    if (!reaches_win[i]) {
      ++a.dead_ends;
      if (first_dead == 0xffffffffu) first_dead = i;  // BFS order: the shallowest
    }
  if (first_dead != 0xffffffffu) {
    MoveList reversed;
    for (uint32_t at = first_dead; parent[at] != 0xffffffffu; at = parent[at]) reversed.push_back(via[at]);
    a.first_dead_end.assign(reversed.rbegin(), reversed.rend());
  }
  if (n <= limits.graph_states) {
    // Small enough to draw: expand every state once more to label its edges.
    a.graph.depth.assign(depth.begin(), depth.end());
    a.graph.kind.resize(n);
    for (uint32_t i = 0; i < n; ++i)
      a.graph.kind[i] = won[i] ? StateGraph::kWin : reaches_win[i] ? StateGraph::kPlain : StateGraph::kDeadEnd;
    for (uint32_t i = 0; i < n; ++i) {
      if (won[i]) continue;
      for (int m = 0; m < moves; ++m) {
        State next = seen[i];
        Outcome o = rules.apply(next, m);
        if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
        uint32_t to = seen.find_or_insert(next, &inserted, limits.max_states, limits.max_bytes);
        a.graph.edges.push_back(StateGraph::Edge{i, to, (uint8_t)m});
      }
    }
  }
  return a;
}

}  // namespace tl
