// win_reachability.h — can every reachable state still win? A generator's
// fairness check, depth first, that stops at the first dead end it proves;
// and the graph it explored, to analyse again without a move made.
#pragma once
#include "state_set.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] Can every state still win? A generator's fairness check: is every
// reachable state one from which a win is reachable? Depth first, with
// Tarjan's strongly connected components: a component is finished only once
// every state it reaches is, so the first finished component from which no
// win is reachable proves a dead end at once, often long before the whole
// graph is seen (on Skiddy's default layouts a tenth of the states the full
// analysis would store); a fair level is explored whole. The same answer as
// the full analysis's "solvable and no dead end" under the same limits: the
// states a search may store are the same set, reached in another order.
//
// It runs in parts, as a generator's slice needs: run() goes on from where
// the last stopped, spending one position of *budget for every state it
// enters (its moves made, their targets looked up: about what the full
// analysis spends on a state it expands; null: no end). The rules must stay
// as they are until run() is true; the verdict does not depend on how it was
// cut.
//
// It keeps every move's outcome and target as it tries it, so a fair
// layout's graph, explored whole, is analysed again without a move made
// (ExploredGraph below): a generator rates the layouts it keeps at a small
// part of a second search's cost.
// ---------------------------------------------------------------------------

// The graph a search explored, as rules a search runs on: a state is the
// index it was found at (the start is 0), a move looks up where it led.
// Every search over it gives what it gives over the rules it was explored
// with (the same moves, outcomes and order), with dense indices instead of
// hashed states. A win state is never expanded (it has no moves here), so
// the rules' kWon must depend only on the state reached, as every game's
// does (Skiddy: no skiddy left), never on the move that reached it.
template <int kMaxMoves>
class ExploredGraph {
 public:
  struct State {
    uint32_t index;
    uint64_t hash() const { return hash_word(index); }
    bool operator==(const State& o) const { return index == o.index; }
  };
  static constexpr int kMoves = kMaxMoves;
  // A move's outcome in an edge's top two bits, the state it reaches below.
  static constexpr int kOutcomeShift = 30;
  static constexpr uint32_t kMostStates = 1u << kOutcomeShift, kIndexMask = kMostStates - 1;
  static uint32_t edge(Outcome o, uint32_t to) { return (uint32_t)o << kOutcomeShift | to; }

  int move_count() const { return moves; }
  State initial() const { return State{0}; }
  Outcome apply(State& s, int m) const {
    const uint32_t e = edges[(size_t)s.index * kMoves + (size_t)m];
    const Outcome o = (Outcome)(e >> kOutcomeShift);
    if (o == Outcome::kMoved || o == Outcome::kWon) s.index = e & kIndexMask;
    return o;
  }
  uint32_t dense_count() const { return states; }
  uint32_t dense_index(const State& s) const { return s.index; }

  int moves = 0;
  uint32_t states = 0;
  std::unique_ptr<uint32_t[]> edges;  // kMoves a state: edge(outcome, target) of each move (kNoChange past moves)
};

template <class Rules>
class WinReachability : public Task {
 public:
  using State = typename Rules::State;
  using Graph = ExploredGraph<Rules::kMoves>;
  enum class Verdict : uint8_t {
    kRunning,
    kFair,     // every reachable state can win
    kNoWin,    // the start cannot win
    kDeadEnd,  // some reachable state cannot win (the start may or may not)
    kCapped,   // no dead end among the states the limits let it store
  };
  // The states a finished component releases for one position of a budget.
  static constexpr uint32_t kReleasedAPosition = 32;
  // Room made up front for this many states at most (the generator's
  // checks, capped at 60,000, never grow): growing copies what it holds.
  static constexpr uint32_t kStatesUpFront = 1u << 16;

  WinReachability(const Rules& rules, const State& start, const SearchLimits& limits)
      : rules_(rules), limits_(limits), seen_(rules) {
    graph_.moves = rules.move_count();
    if (limits_.max_states > Graph::kMostStates) limits_.max_states = Graph::kMostStates;
    seen_.clear();
    make_room(std::min<size_t>(limits_.max_states, kStatesUpFront) + Rules::kMoves);
    bool inserted;
    if (seen_.find_or_insert(start, &inserted, limits_.max_states, bytes_left()) == StateStore<Rules>::kFull) {
      verdict_ = Verdict::kCapped;
      return;
    }
    add_state(0, 0);
    visit(0);
  }

  // True once verdict() is the answer.
  bool run(uint64_t* budget) override {
    while (verdict_ == Verdict::kRunning) {
      if (frames_.empty()) {
        verdict_ = Verdict::kFair;
        break;
      }
      Frame& f = frames_.back();
      const uint32_t v = f.state;  // f moves when a frame is pushed
      // v's moves up to the next that reaches a state not yet entered (wins
      // were counted when v was entered).
      const uint32_t* edges = &graph_.edges[(size_t)v * Rules::kMoves];
      const uint32_t moves = (uint32_t)graph_.moves;
      uint32_t m = f.move, w = 0;
      for (; m < moves; ++m) {
        const uint32_t e = edges[m];
        if ((Outcome)(e >> Graph::kOutcomeShift) != Outcome::kMoved) continue;
        w = e & Graph::kIndexMask;
        const uint8_t flags = flags_[w];
        if (!(flags & kSeen)) break;
        if (flags & kOnStack) {
          if (low_[w] < low_[v]) low_[v] = low_[w];  // w is in v's component
        } else {
          flags_[v] |= flags & kWins;  // a finished component: its answer is final
        }
      }
      if (m < moves) {
        f.move = m;
        if (!spend(budget)) return false;
        f.move = m + 1;
        visit(w);
        continue;
      }
      const uint32_t number = f.number;
      frames_.pop_back();
      if (low_[v] == number && !finish_component(v, budget)) break;
      if (!frames_.empty()) {
        const uint32_t u = frames_.back().state;
        if (low_[v] < low_[u]) low_[u] = low_[v];
        flags_[u] |= flags_[v] & kWins;
      }
    }
    return true;
  }
  Verdict verdict() const { return verdict_; }
  // States stored so far, wins included (all reachable ones when fair).
  uint32_t states() const { return seen_.size(); }
  // Once the verdict is kFair: the whole graph, moved out (the check is
  // spent then).
  Graph take_graph() {
    graph_.states = seen_.size();
    return std::move(graph_);
  }

 private:
  // kSeen: entered by the depth-first search (a state is stored, and its
  // edges made, when the state it is reached from is entered); kOnStack:
  // on Tarjan's stack; kWins: a win is reachable.
  static constexpr uint8_t kSeen = 1, kOnStack = 2, kWins = 4;
  // A state on the depth-first path: its moves were all made when it was
  // entered (one decoding of the state for all of them), their targets
  // stored; the frame walks them.
  struct Frame {
    uint32_t state;   // its index in the store
    uint32_t move;    // the next move to follow
    uint32_t number;  // the order it was entered in: Tarjan's index
  };

  static bool spend(uint64_t* budget) {
    if (!budget) return true;
    if (*budget == 0) return false;
    --*budget;
    return true;
  }
  size_t held() const {
    return room_ * (4 + 1 + 4 * Rules::kMoves) + component_.capacity() * 4 +
           frames_.capacity() * sizeof(Frame);
  }
  // What the store may take: the limit less what the check holds besides
  // (its vectors change capacity only where this is computed again).
  size_t bytes_left() const {
    const size_t others = held() + 2 * sizeof(Frame);
    return others >= limits_.max_bytes ? 0 : limits_.max_bytes - others;
  }
  // Room for the states one visit may add (kMoves), made before its
  // lookups, so that what the check holds besides its store is known once
  // for all of them: the per-state arrays hold room_ states (made ahead,
  // doubling, never cleared: a state is written in place when stored).
  void make_room_for_a_visit() {
    if ((size_t)seen_.size() + Rules::kMoves > room_) make_room(2 * room_);
  }
  void make_room(size_t n) {
    const size_t kept = seen_.size();
    std::unique_ptr<uint32_t[]> low(new uint32_t[n]), edges(new uint32_t[n * Rules::kMoves]);
    std::unique_ptr<uint8_t[]> flags(new uint8_t[n]);
    if (kept) {
      memcpy(low.get(), low_.get(), kept * sizeof(uint32_t));
      memcpy(flags.get(), flags_.get(), kept);
      memcpy(edges.get(), graph_.edges.get(), kept * Rules::kMoves * sizeof(uint32_t));
    }
    low_ = std::move(low);
    flags_ = std::move(flags);
    graph_.edges = std::move(edges);
    room_ = n;
    bytes_left_ = bytes_left();
  }
  // A newly stored state w: its flags (low_ and the edges are written when
  // it is entered; a win is never entered, so it has no moves).
  void add_state(uint32_t w, uint8_t flags) {
    flags_[w] = flags;
    if (flags & kWins) {
      uint32_t* edges = &graph_.edges[(size_t)w * Rules::kMoves];
      for (int m = 0; m < Rules::kMoves; ++m) edges[m] = Graph::edge(Outcome::kNoChange, 0);
    }
  }
  // Enters state v: it goes on the path and on Tarjan's stack, and every
  // move from it is made, the states they reach stored (a win is a
  // finished component of its own, as the full analysis stores it: the
  // same states count towards the same cap).
  void visit(uint32_t v) {
    low_[v] = entered_;
    flags_[v] |= kSeen | kOnStack;
    if (component_.size() == component_.capacity() || frames_.size() == frames_.capacity()) {
      component_.reserve(std::max<size_t>(2 * component_.size(), 64));
      frames_.reserve(std::max<size_t>(2 * frames_.size(), 64));
      bytes_left_ = bytes_left();
    }
    component_.push_back(v);
    frames_.push_back(Frame{v, 0, entered_++});
    expand_moves(rules_, seen_[v], next_, outcome_);
    make_room_for_a_visit();
    const size_t bytes = bytes_left_;
    uint32_t* edges = &graph_.edges[(size_t)v * Rules::kMoves];  // stays put: room was made
    uint8_t wins = 0;
    for (int m = 0; m < graph_.moves; ++m) {
      const Outcome o = outcome_[m];
      uint32_t w = 0;
      if (o != Outcome::kNoChange && o != Outcome::kLost) {
        bool inserted;
        w = seen_.find_or_insert(next_[m], &inserted, limits_.max_states, bytes);
        if (w == StateStore<Rules>::kFull) {
          verdict_ = Verdict::kCapped;
          return;
        }
        if (inserted) add_state(w, o == Outcome::kWon ? kSeen | kWins : 0);
        if (o == Outcome::kWon) wins = kWins;
      }
      edges[m] = Graph::edge(o, w);
    }
    for (int m = graph_.moves; m < Rules::kMoves; ++m) edges[m] = Graph::edge(Outcome::kNoChange, 0);
    flags_[v] |= wins;
  }
  // The component whose first state is v finished: its states leave
  // Tarjan's stack, each with the component's answer. A few instructions a
  // state, so it never pauses: its positions are spent after it (at most
  // the limits' states over a slice). False when no win is reachable from
  // the component (the verdict said).
  bool finish_component(uint32_t v, uint64_t* budget) {
    size_t k = component_.size();
    uint8_t wins = 0;
    do wins |= flags_[component_[--k]] & kWins;
    while (component_[k] != v);
    if (!wins) {
      verdict_ = v == 0 ? Verdict::kNoWin : Verdict::kDeadEnd;
      return false;
    }
    for (size_t j = k; j < component_.size(); ++j) flags_[component_[j]] = kSeen | wins;
    if (budget) {
      const uint64_t positions = (component_.size() - k) / kReleasedAPosition;
      *budget = positions < *budget ? *budget - positions : 0;
    }
    component_.resize(k);
    return true;
  }

  const Rules& rules_;
  SearchLimits limits_;
  StateStore<Rules> seen_;
  // Per state (room_ of them, ahead of the states stored: see make_room_for_a_visit).
  std::unique_ptr<uint32_t[]> low_;  // the lowest entry number its depth-first subtree reaches on the stack
  std::unique_ptr<uint8_t[]> flags_;  // kSeen, kOnStack, kWins
  size_t room_ = 0;
  std::vector<uint32_t> component_;  // Tarjan's stack: states of components not yet finished
  std::vector<Frame> frames_;        // the depth-first path
  Graph graph_;                      // every move made: where it led (kMoves a state, room_ states)
  State next_[Rules::kMoves];        // the moves from the state being entered
  Outcome outcome_[Rules::kMoves];
  uint32_t entered_ = 0;             // states entered so far
  size_t bytes_left_ = 0;            // bytes_left() as the vectors' capacities last changed
  Verdict verdict_ = Verdict::kRunning;
};

}  // namespace tl
