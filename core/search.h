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
// States live packed in one vector; an open-addressing table of 32-bit indices
// finds them. There are no per-state heap objects. A caller-given cap on states
// and bytes makes a search answer "capped" instead of exhausting memory, which
// is what keeps it safe on a 16 MB device.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

// ---------------------------------------------------------------------------
// StateSet: packed states with open-addressing lookup.
// ---------------------------------------------------------------------------
// How a table slot names a state. A state of one word is kept in the slot
// itself, beside its index, so a probe reads one cache line and never the
// state list. A larger state is named by its index and 32 bits of its hash;
// only a probe whose hash bits match reads the state.
template <class State, bool kInline = sizeof(State) <= 8>
struct StateSlot {
  uint64_t word = 0;  // hash bits (high) | index + 1 (low), 0 when empty
  bool empty() const { return word == 0; }
  uint32_t index() const { return (uint32_t)word - 1; }
  bool holds(const State& s, uint64_t hash, const std::vector<State>& states) const {
    return (word >> 32) == (hash & 0xffffffffu) && states[index()] == s;
  }
  void set(const State&, uint64_t hash, uint32_t index) { word = hash << 32 | (uint64_t)(index + 1); }
};
template <class State>
struct StateSlot<State, true> {
  State state;
  uint32_t index_plus_one = 0;  // 0 when empty
  bool empty() const { return index_plus_one == 0; }
  uint32_t index() const { return index_plus_one - 1; }
  bool holds(const State& s, uint64_t, const std::vector<State>&) const { return state == s; }
  void set(const State& s, uint64_t, uint32_t index) {
    state = s;
    index_plus_one = index + 1;
  }
};

template <class State>
class StateSet {
 public:
  static constexpr uint32_t kFull = 0xffffffffu;
  using Slot = StateSlot<State>;
  template <class Rules>
  explicit StateSet(const Rules&) {}
  // How many states a search should make room for up front (0: grow as needed).
  uint32_t expected_states() const { return 0; }

  void clear() {
    states_.clear();
    if (slots_.empty()) {
      slots_.resize(256);  // value-initialised: empty
      mask_ = 255;
    } else {
      wipe();
    }
  }
  uint32_t size() const { return (uint32_t)states_.size(); }
  const State& operator[](uint32_t i) const { return states_[i]; }
  size_t bytes() const { return states_.capacity() * sizeof(State) + slots_.size() * sizeof(Slot); }

  // Start loading the slot a state with this hash begins its probe at.
  void prefetch(uint64_t hash) const { __builtin_prefetch(&slots_[(uint32_t)(hash >> 32) & mask_]); }

  // The index of `s` (whose hash() is `hash`), inserting it when new
  // (*inserted tells which). Returns kFull when inserting would pass
  // max_states or max_bytes.
  uint32_t find_or_insert(const State& s, uint64_t hash, bool* inserted, uint32_t max_states, size_t max_bytes) {
    uint32_t h = (uint32_t)(hash >> 32) & mask_;
    for (;; h = (h + 1) & mask_) {
      const Slot& slot = slots_[h];
      if (slot.empty()) break;
      if (slot.holds(s, hash, states_)) {
        *inserted = false;
        return slot.index();
      }
    }
    if (states_.size() >= max_states) return kFull;
    // The table stays at most 5/8 full: short probes at a modest size.
    if ((states_.size() + 1) * 8 > slots_.size() * 5) {
      if (bytes() + slots_.size() * 2 * sizeof(Slot) > max_bytes) return kFull;
      grow();
      for (h = (uint32_t)(hash >> 32) & mask_; !slots_[h].empty(); h = (h + 1) & mask_) {
      }
    }
    if (states_.size() == states_.capacity() && bytes() + states_.capacity() * sizeof(State) > max_bytes)
      return kFull;
    slots_[h].set(s, hash, (uint32_t)states_.size());
    states_.push_back(s);
    *inserted = true;
    return (uint32_t)states_.size() - 1;
  }
  uint32_t find_or_insert(const State& s, bool* inserted, uint32_t max_states, size_t max_bytes) {
    return find_or_insert(s, s.hash(), inserted, max_states, max_bytes);
  }
  uint64_t hash_of(const State& s) const { return s.hash(); }
  // The index of s, or kFull when it is not in the set.
  uint32_t find(const State& s) const {
    const uint64_t hash = s.hash();
    for (uint32_t h = (uint32_t)(hash >> 32) & mask_;; h = (h + 1) & mask_) {
      const Slot& slot = slots_[h];
      if (slot.empty()) return kFull;
      if (slot.holds(s, hash, states_)) return slot.index();
    }
  }
  // Frees the lookup table and the states once a search needs only indices.
  void release() {
    std::vector<State>().swap(states_);
    std::vector<Slot>().swap(slots_);
    mask_ = 0;
  }

 private:
  // All slots empty: an empty slot is all zero bits, so one memset (a slot
  // is trivially copyable).
  void wipe() {
    memset((void*)slots_.data(), 0, slots_.size() * sizeof(Slot));
    mask_ = (uint32_t)slots_.size() - 1;
  }

  void grow() {
    const size_t n = slots_.size() * 2;
    std::vector<Slot>().swap(slots_);
    slots_.resize(n);  // value-initialised: empty
    mask_ = (uint32_t)n - 1;
    for (uint32_t i = 0; i < states_.size(); ++i) {
      uint64_t hash = states_[i].hash();
      uint32_t h = (uint32_t)(hash >> 32) & mask_;
      while (!slots_[h].empty()) h = (h + 1) & mask_;
      slots_[h].set(states_[i], hash, i);
    }
  }

  std::vector<State> states_;
  std::vector<Slot> slots_;
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

  // Direct indexing needs no hash and nothing to load ahead.
  uint64_t hash_of(const State&) const { return 0; }
  void prefetch(uint64_t) const {}
  void release() {
    std::vector<State>().swap(states_);
    std::vector<uint32_t>().swap(index_);
  }
  uint32_t find_or_insert(const State& s, uint64_t, bool* inserted, uint32_t max_states, size_t max_bytes) {
    return find_or_insert(s, inserted, max_states, max_bytes);
  }
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

template <class R, class = void>
struct HasExpand : std::false_type {};
template <class R>
struct HasExpand<R, decltype((void)std::declval<const R&>().expand(std::declval<const typename R::State&>(),
                                                                   (typename R::State*)nullptr, (Outcome*)nullptr))>
    : std::true_type {};

// Every move from s: next[m] and outcome[m] for each m < move_count(). A game
// whose move decodes the state first may add `void expand(const State&,
// State* next, Outcome* outcome) const` to decode it once for all its moves.
template <class Rules>
void expand_moves(const Rules& rules, const typename Rules::State& s, typename Rules::State* next,
                  Outcome* outcome) {
  if constexpr (HasExpand<Rules>::value) {
    rules.expand(s, next, outcome);
  } else {
    for (int m = 0; m < rules.move_count(); ++m) {
      next[m] = s;
      outcome[m] = rules.apply(next[m], m);
    }
  }
}

// The successors of one state, their table hashes computed and their table
// slots requested from memory before the first lookup, so the lookups' cache
// misses overlap instead of following each other.
template <class Rules>
struct Successors {
  typename Rules::State next[Rules::kMoves];
  Outcome outcome[Rules::kMoves];
  uint64_t hash[Rules::kMoves];
  int count = 0;

  void expand(const Rules& rules, const StateStore<Rules>& seen, const typename Rules::State& s) {
    count = rules.move_count();
    expand_moves(rules, s, next, outcome);
    for (int m = 0; m < count; ++m)
      if (outcome[m] == Outcome::kMoved || outcome[m] == Outcome::kWon) {
        hash[m] = seen.hash_of(next[m]);
        seen.prefetch(hash[m]);
      }
  }
};

// Expands the states of a breadth-first search in index order, each one a
// state ahead of its use: the slots its successors will be looked up in are
// already on their way from memory while the state before is handled.
template <class Rules>
class ExpandAhead {
 public:
  // The successors of state i, for i rising (states may be skipped).
  const Successors<Rules>& at(const Rules& rules, const StateStore<Rules>& seen, uint32_t i) {
    Successors<Rules>& now = buffer_[i & 1];
    if (ahead_ != i) now.expand(rules, seen, seen[i]);
    ahead_ = 0xffffffffu;
    // Dense states are found by direct indexing: nothing to load ahead.
    if (!HasDenseStates<Rules>::value && i + 1 < seen.size()) {
      buffer_[(i + 1) & 1].expand(rules, seen, seen[i + 1]);
      ahead_ = i + 1;
    }
    return now;
  }

 private:
  // On the heap: with many moves (Golf Peaks: 48) two buffers would outgrow
  // the device's 1 KB of stack a function.
  std::vector<Successors<Rules>> buffer_ = std::vector<Successors<Rules>>(2);
  uint32_t ahead_ = 0xffffffffu;
};

// ---------------------------------------------------------------------------
// Shortest solution.
// ---------------------------------------------------------------------------
template <class Rules>
SolveResult search_solve(const Rules& rules, const typename Rules::State& start,
                         const SearchLimits& limits, MoveList* path) {
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
  uint32_t win_parent = 0xffffffffu;
  int win_move = -1;
  ExpandAhead<Rules> expander;
  for (uint32_t i = 0; i < seen.size() && win_move < 0; ++i) {
    ++result.expanded;
    const Successors<Rules>& succ = expander.at(rules, seen, i);
    for (int m = 0; m < succ.count; ++m) {
      Outcome o = succ.outcome[m];
      if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
      if (o == Outcome::kWon) {
        win_parent = i;
        win_move = m;
        break;
      }
      size_t used = parent.capacity() * 5;
      uint32_t id = used >= limits.max_bytes
                        ? StateStore<Rules>::kFull
                        : seen.find_or_insert(succ.next[m], succ.hash[m], &inserted, limits.max_states,
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
  Analysis a;
  StateStore<Rules> seen(rules);
  seen.clear();
  // Per state: BFS parent and move, win flag and the range of its successors
  // in `succ` (states are expanded in index order, so they come in depth
  // order too: level_begin[d] is the first state at depth d).
  std::vector<uint32_t> parent, succ_begin, succ, level_begin;
  std::vector<uint8_t> via, won;
  const size_t per_state = 4 + 4 + 1 + 1;
  bool inserted;
  if (seen.find_or_insert(start, &inserted, limits.max_states, limits.max_bytes) == StateStore<Rules>::kFull) {
    a.capped = true;
    return a;
  }
  parent.push_back(0xffffffffu);
  via.push_back(0);
  won.push_back(0);
  ExpandAhead<Rules> expander;
  uint32_t level_end = 0;  // the end of state i's depth level
  for (uint32_t i = 0; i < seen.size(); ++i) {
    if (i == level_end) {
      level_begin.push_back(i);
      level_end = seen.size();
    }
    succ_begin.push_back((uint32_t)succ.size());
    if (won[i]) continue;
    const Successors<Rules>& next = expander.at(rules, seen, i);
    for (int m = 0; m < next.count; ++m) {
      Outcome o = next.outcome[m];
      if (o == Outcome::kNoChange) continue;
      if (o == Outcome::kLost) {
        ++a.losing_moves;
        continue;
      }
      // Besides the state store (which counts its own): the per-state
      // vectors, the edges and the reversed edges to come.
      size_t others = parent.capacity() * per_state + succ.capacity() * 8;
      uint32_t id = others >= limits.max_bytes ? StateStore<Rules>::kFull
                                               : seen.find_or_insert(next.next[m], next.hash[m], &inserted,
                                                                     limits.max_states, limits.max_bytes - others);
      if (id == StateStore<Rules>::kFull) {
        a.capped = true;
        break;
      }
      if (inserted) {
        parent.push_back(i);
        via.push_back((uint8_t)m);
        won.push_back(o == Outcome::kWon ? 1 : 0);
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
  level_begin.push_back(n);
  a.edges = succ.size();
  a.max_depth = (int)level_begin.size() - 2;
  StateGraph& graph = a.graph;
  if (n <= limits.graph_states) {
    // Small enough to draw: label every edge with its move before the
    // lookup table goes.
    graph.depth.resize(n);
    for (uint32_t d = 0; d + 1 < level_begin.size(); ++d)
      for (uint32_t i = level_begin[d]; i < level_begin[d + 1]; ++i) graph.depth[i] = d;
    for (uint32_t i = 0; i < n; ++i) {
      if (won[i]) continue;
      const Successors<Rules>& next = expander.at(rules, seen, i);  // index i is still state i
      for (int m = 0; m < next.count; ++m) {
        Outcome o = next.outcome[m];
        if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
        uint32_t to = seen.find_or_insert(next.next[m], next.hash[m], &inserted, limits.max_states, limits.max_bytes);
        graph.edges.push_back(StateGraph::Edge{i, to, (uint8_t)m});
      }
    }
  }
  // The solution line (the BFS path to the first win state at depth par)
  // and how many of the moves along it lose outright.
  std::vector<uint32_t> line;
  std::vector<uint8_t> line_losing;
  for (uint32_t i = 0; i < n && line.empty(); ++i)
    if (won[i])
      for (uint32_t at = i; at != 0xffffffffu; at = parent[at]) line.insert(line.begin(), at);
  for (size_t k = 0; k + 1 < line.size(); ++k) {
    const Successors<Rules>& next = expander.at(rules, seen, line[k]);
    uint8_t losing = 0;
    for (int m = 0; m < next.count; ++m) losing += next.outcome[m] == Outcome::kLost;
    line_losing.push_back(losing);
  }
  // The vectors that live to the end, by capacity.
  auto held = [&]() {
    return (parent.capacity() + succ_begin.capacity() + succ.capacity() + level_begin.capacity()) * 4 +
           via.capacity() + won.capacity();
  };
  a.bytes = seen.bytes() + held();
  seen.release();  // from here on, states are their indices

  // Figures by depth; par is the depth of the shallowest win state.
  a.depth_histogram.assign((size_t)a.max_depth + 1, 0);
  for (int d = 0; d <= a.max_depth; ++d) {
    a.depth_histogram[(size_t)d] = level_begin[(size_t)d + 1] - level_begin[(size_t)d];
    for (uint32_t i = level_begin[(size_t)d]; i < level_begin[(size_t)d + 1]; ++i)
      if (won[i]) {
        ++a.win_states;
        if (a.par < 0) a.par = d;
      }
  }
  a.states = n - a.win_states;
  a.solvable = a.par >= 0;
  if (a.solvable) {
    // Shortest solutions: the ways to reach each state in as many moves as
    // its depth, summed along the edges from one depth to the next.
    std::vector<uint64_t> ways(level_begin[(size_t)a.par + 1], 0);
    if (held() + ways.capacity() * 8 > a.bytes) a.bytes = held() + ways.capacity() * 8;
    ways[0] = 1;
    for (int d = 0; d < a.par; ++d)
      for (uint32_t i = level_begin[(size_t)d]; i < level_begin[(size_t)d + 1]; ++i)
        for (uint32_t e = succ_begin[i]; e < succ_begin[i + 1]; ++e) {
          uint32_t to = succ[e];
          if (to < level_begin[(size_t)d + 1] || to >= level_begin[(size_t)d + 2]) continue;
          uint64_t sum = ways[to] + ways[i];
          ways[to] = sum < ways[to] ? ~0ull : sum;
        }
    for (uint32_t i = level_begin[(size_t)a.par]; i < level_begin[(size_t)a.par + 1]; ++i)
      if (won[i]) {
        uint64_t sum = a.optimal_solutions + ways[i];
        a.optimal_solutions = sum < ways[i] ? ~0ull : sum;
      }
  }

  // Dead ends: states that no win can be reached from. Walk the reversed
  // edges from every win state; what stays unmarked is a dead end. The
  // reversed edges: count them per target, place each at its target's
  // running offset, then the offsets have moved one target on.
  std::vector<uint32_t> rev_begin(n + 1, 0), rev((size_t)a.edges);
  for (uint32_t e = 0; e < a.edges; ++e) ++rev_begin[succ[e] + 1];
  for (uint32_t i = 0; i < n; ++i) rev_begin[i + 1] += rev_begin[i];
  for (uint32_t from = 0; from < n; ++from)
    for (uint32_t e = succ_begin[from]; e < succ_begin[from + 1]; ++e) rev[rev_begin[succ[e]]++] = from;
  for (uint32_t i = n; i > 0; --i) rev_begin[i] = rev_begin[i - 1];
  rev_begin[0] = 0;
  // Distances to the nearest win, walking the reversed edges breadth first
  // from every win state; a state left at kNever is a dead end.
  const uint32_t kNever = 0xffffffffu;
  std::vector<uint32_t> distance(n, kNever), queue;
  for (uint32_t i = 0; i < n; ++i)
    if (won[i]) {
      distance[i] = 0;
      queue.push_back(i);
    }
  for (size_t q = 0; q < queue.size(); ++q) {
    uint32_t at = queue[q];
    for (uint32_t e = rev_begin[at]; e < rev_begin[at + 1]; ++e) {
      uint32_t from = rev[e];
      if (distance[from] == kNever) {
        distance[from] = distance[at] + 1;
        queue.push_back(from);
      }
    }
  }
  if (!queue.empty()) a.max_distance = (int)distance[queue.back()];
  size_t after = held() + (rev_begin.capacity() + rev.capacity() + distance.capacity() + queue.capacity()) * 4;
  if (after > a.bytes) a.bytes = after;
  uint32_t first_dead = kNever;
  for (uint32_t i = 0; i < n; ++i)
    if (distance[i] == kNever) {
      ++a.dead_ends;
      if (first_dead == kNever) first_dead = i;  // BFS order: the shallowest
    }
  if (first_dead != kNever) {
    MoveList reversed;
    for (uint32_t at = first_dead; parent[at] != 0xffffffffu; at = parent[at]) reversed.push_back(via[at]);
    a.first_dead_end.assign(reversed.rbegin(), reversed.rend());
  }
  // Along the solution line: a move is wrong when the state it reaches is no
  // nearer a win; its setback is the moves it costs beyond the right one.
  for (size_t k = 0; k + 1 < line.size(); ++k) {
    const uint32_t at = line[k];
    a.line_choices += line_losing[k];
    a.line_wrong_moves += line_losing[k];
    a.line_fatal_moves += line_losing[k];
    for (uint32_t e = succ_begin[at]; e < succ_begin[at + 1]; ++e) {
      const uint32_t to = distance[succ[e]];
      ++a.line_choices;
      if (to == kNever) {
        ++a.line_wrong_moves;
        ++a.line_fatal_moves;
      } else if (to >= distance[at]) {
        ++a.line_wrong_moves;
        a.line_setback += to + 1 - distance[at];
      }
    }
  }
  if (n <= limits.graph_states) {
    graph.kind.resize(n);
    for (uint32_t i = 0; i < n; ++i)
      graph.kind[i] = won[i] ? StateGraph::kWin : distance[i] != kNever ? StateGraph::kPlain : StateGraph::kDeadEnd;
  }
  return a;
}

// ---------------------------------------------------------------------------
// Every distinct solution, for games whose every move uses something up (Golf
// Peaks: a card), so no state comes back and the search ends. A depth-first
// walk on an explicit stack; states from which it found no win are
// remembered and not walked again. Stops after `max` solutions (returns
// false then). Solutions come in move order, each a list of move ids.
// ---------------------------------------------------------------------------
template <class Rules>
bool search_all_solutions(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits,
                          size_t max, std::vector<MoveList>* out) {
  using State = typename Rules::State;
  struct Frame {
    State state;
    int next_move;
    bool found;
  };
  StateSet<State> dead(rules);
  dead.clear();
  std::vector<Frame> stack(1, Frame{start, 0, false});
  MoveList path;
  bool inserted;
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next_move == rules.move_count()) {
      const bool found = f.found;
      // When the memory runs out, dead states are simply not remembered.
      if (!found) dead.find_or_insert(f.state, &inserted, limits.max_states, limits.max_bytes);
      stack.pop_back();
      if (!stack.empty()) {
        stack.back().found |= found;
        path.pop_back();
      }
      continue;
    }
    const int m = f.next_move++;
    State next = f.state;
    Outcome o = rules.apply(next, m);
    if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
    if (o == Outcome::kWon) {
      f.found = true;
      out->push_back(path);
      out->back().push_back((uint8_t)m);
      if (out->size() >= max) return false;
      continue;
    }
    if (dead.find(next) != StateSet<State>::kFull) continue;
    path.push_back((uint8_t)m);
    stack.push_back(Frame{next, 0, false});
  }
  return true;
}

}  // namespace tl
