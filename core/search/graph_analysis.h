// graph_analysis.h — the whole state graph of a level, in phases a budget
// of positions pauses and resumes: every reachable state, wins, dead ends
// by reverse reachability, par, the optimal solutions, the depth histogram
// and the choices along the solution line (core/search/search.h:
// search_analyze). An analysis run whole on a host with two threads may
// take both (SearchLimits::team): that code is graph_analysis_threads.h,
// which search.h includes only where a second thread can run.
//
// [SECTION] The whole state graph (GraphAnalysis)
// [SECTION] Phase by phase
// [SECTION] Exploring, breadth first
// [SECTION] Exploring on two threads: its steps (graph_analysis_threads.h)
// [SECTION] What the caps allow
// [SECTION] Edges labelled, the solution line, wins and optimal solutions counted
// [SECTION] The edges reversed
// [SECTION] The edges reversed and walked back on two threads: their steps
// [SECTION] Parents, the walk back from the wins, dead ends, the solution line rated
// [SECTION] What it holds
#pragma once
#include "state_set.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] The whole state graph, in phases: explore every reachable state breadth
// first; label the edges of a small graph; find the solution line; count by
// depth (par, win states) and the shortest solutions; reverse the edges; walk
// back from the wins (distances, dead ends); rate the choices along the
// solution line.
//
// It runs in parts, as a generator's slice needs (Skiddy rates every layout
// it tries with one): run() goes on from where the last stopped. Each state
// expanded spends one position of *budget, and every kPassStep states or
// edges a later phase walks spend one; it pauses where the budget runs out
// (null: no end). The rules must stay as they are, and `out` where it is,
// until run() is true; the answer does not depend on how it was cut.
//
// What it keeps, to stay small (some 24 bytes a state on Skiddy's largest
// levels): the states and their table only while exploring, then a state is
// its index. The breadth-first tree costs no edge: a state's children (the
// states first reached from it) are numbered one after another as it is
// expanded, so a byte a state counting them gives every state's parent. Only
// the other edges are stored, as their targets.
// ---------------------------------------------------------------------------
template <class Rules>
class GraphAnalysis : public Task {
 public:
  using State = typename Rules::State;
  // The states or edges a later phase walks for one position: such a step
  // is a few instructions where an expansion is hundreds.
  static constexpr uint32_t kPassStep = 32;
  // A pass over the states may do a few more instructions to spare a branch
  // whose way changes from state to state: on a desktop core a wrong guess
  // costs some 15 cycles; the device's short pipeline pays little for one
  // and counts every instruction.
#if defined(TILELAB_DEVICE)
  static constexpr bool kBranchFree = false;
#else
  static constexpr bool kBranchFree = true;
#endif

  GraphAnalysis(const Rules& rules, const State& start, const SearchLimits& limits, Analysis* out)
      : rules_(rules), limits_(limits), a_(*out), seen_(rules) {
    seen_.clear();
    bool inserted;
    if (seen_.find_or_insert(start, &inserted, limits_.max_states, limits_.max_bytes) == StateStore<Rules>::kFull) {
      a_.capped = true;
      phase_ = kDone;
      return;
    }
    node_.push_back(0);
    via_.push_back(0);
  }

  // True once the analysis is complete (or capped): `out` holds it.
  bool run(uint64_t* budget) override {
    while (phase_ != kDone)
      if (!run_phase(budget)) return false;
    return true;
  }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  static constexpr uint32_t kLosing = 0xfffffffeu;
  // A state's byte (two with many moves). While exploring and after: kWon,
  // and how many children and other edges it has (kCountBits each). Walking
  // back from the wins, the counts give way to kReached (a win is reachable)
  // and kWanted (the solution line rates it: its distance is kept).
  static_assert(Rules::kMoves < 128, "a state's moves are counted in at most 7 bits");
  using Node = typename std::conditional<(Rules::kMoves < 8), uint8_t, uint16_t>::type;
  static constexpr uint32_t kCountBits = Rules::kMoves < 8 ? 3 : 7;
  static constexpr Node kWon = 1, kReached = 2, kWanted = 4;
  static uint32_t children(Node node) { return (node >> 1) & ((1u << kCountBits) - 1); }
  static uint32_t others(Node node) { return (uint32_t)node >> (1 + kCountBits); }
  // Every kMark states, where its children and its other edges begin.
  static constexpr uint32_t kMark = 64;
  struct Mark {
    uint32_t child, edge;
  };
  enum Phase : uint8_t {
    kExplore, kLabel, kFindLine, kTraceLine, kCountWins, kCountWays, kSumWays, kReverseCount, kReverseOffsets,
    kReverseFill, kParents, kWalkFromWins, kWalkBack, kDeadEnds, kKinds, kDone
  };
  // A move from a state of the solution line: its step on the line, the
  // move, and the state it leads to (kLosing, or kNone when nothing moves).
  struct LineMove {
    uint32_t step;
    uint8_t move;
    uint32_t to;
  };

  // One position of *budget, false when none is left.
  static bool spend(uint64_t* budget) {
    if (!budget) return true;
    if (*budget == 0) return false;
    --*budget;
    return true;
  }
  // Walks cursor_ up to end() (read each step: a queue may grow), calling
  // f(cursor_) and spending a position every kPassStep; false when paused.
  template <class End, class F>
  bool pass(uint64_t* budget, End end, F f) {
    for (; cursor_ < end(); ++cursor_) {
      if (cursor_ % kPassStep == 0 && !spend(budget)) return false;
      f(cursor_);
    }
    return true;
  }
  template <class F>
  bool pass(uint64_t* budget, uint32_t end, F f) {
    return pass(budget, [end] { return end; }, f);
  }
  void enter(Phase phase, uint32_t cursor = 0) {
    phase_ = phase;
    cursor_ = cursor;
  }

  // [SECTION] Phase by phase
  // The current phase to its end (then the next is entered), false when
  // the budget ran out first.
  bool run_phase(uint64_t* budget) {
    switch (phase_) {
      case kExplore:
        if (!explore(budget)) return false;
        if (phase_ == kDone) return true;
        if (limits_.counts_only) {
          begin_counting_wins();
        } else {
          enter(n_ <= limits_.graph_states ? kLabel : kFindLine);
        }
        return true;
      case kLabel:
        if (!label_edges(budget)) return false;
        enter(kFindLine);
        return true;
      case kFindLine:
        return find_solution_line(budget);
      case kTraceLine:
        if (!trace_solution_line(budget)) return false;
        begin_counting_wins();
        return true;
      case kCountWins:
        return count_wins(budget);
      case kCountWays:
      case kSumWays:
        return count_optimal_solutions(budget);
      case kReverseCount:
        if constexpr (kCanTeam) {
          if (!budget && teamed_ && reversing_fits()) {
            reverse_edges_with_team();
            return true;
          }
        }
        return reverse_edges(budget);
      case kReverseOffsets:
      case kReverseFill:
        return reverse_edges(budget);
      case kParents:
        return find_parents(budget);
      case kWalkFromWins:
        if constexpr (kCanTeam) {
          if (!budget && teamed_ && walk_fits()) {
            walk_back_with_team();
            return true;
          }
        }
        return walk_back_from_wins(budget);
      case kWalkBack:
        return walk_back_from_wins(budget);
      case kDeadEnds:
        return find_dead_ends(budget);
      case kKinds:
        if (!pass(budget, n_, [&](uint32_t i) {
              a_.graph.kind[i] = node_[i] & kWon       ? StateGraph::kWin
                                 : node_[i] & kReached ? StateGraph::kPlain
                                                       : StateGraph::kDeadEnd;
            }))
          return false;
        enter(kDone);
        return true;
      case kDone:
        return true;
    }
    return true;
  }

  // [SECTION] Exploring, breadth first
  // Every reachable state, breadth first (cursor_: the state to expand next).
  // Capped: the analysis ends there, when the next expansion could pass
  // max_states, or max_bytes now or in a later phase.
  bool explore(uint64_t* budget) {
    bool inserted;
    for (; cursor_ < seen_.size(); ++cursor_) {
      if constexpr (kCanTeam) {
        // A level wide enough, in an analysis run whole with a second
        // thread: explored on both, level by level from here while each
        // fits (the same states and numbering).
        if (cursor_ == level_end_ && !budget && limits_.team && !team_lagged_ &&
            seen_.size() - cursor_ >= limits_.team_level) {
          explore_with_team();
          if (cursor_ >= seen_.size()) break;
        }
      }
      if (!spend(budget)) return false;
      const uint32_t i = cursor_;
      if (i == level_end_) {
        level_begin_.push_back(i);
        level_end_ = seen_.size();
      }
      if (i % kMark == 0) marks_.push_back(Mark{seen_.size(), edges_.size()});
      if (limits_.progress && i % SearchLimits::kProgressEvery == 0) {
        const uint64_t states = (uint64_t)seen_.size() + Rules::kMoves, edges = (uint64_t)edges_.size() + Rules::kMoves;
        limits_.report_progress(
            i, seen_.size(), std::max(seen_.bytes() + bytes_exploring(states, edges), bytes_later(states, edges)));
      }
      if (node_[i] & kWon) continue;
      // This expansion adds at most kMoves states and edges: capped when
      // what they take could pass max_bytes. Checked for kMark expansions
      // at once while far from it (the sizes only grow), one at a time near.
      if (i >= bytes_fit_until_) {
        if (bytes_fit(seen_.size() + (uint64_t)Rules::kMoves * kMark, edges_.size() + (uint64_t)Rules::kMoves * kMark)) {
          bytes_fit_until_ = i + kMark;
        } else if (!bytes_fit(seen_.size() + (uint64_t)Rules::kMoves, edges_.size() + (uint64_t)Rules::kMoves)) {
          return stop_capped();
        }
      }
      // What exploring holds besides the store after this expansion (sizes
      // in the machine's word: within max_bytes, checked above).
      const uint32_t states = seen_.size() + Rules::kMoves, edges = edges_.size() + Rules::kMoves;
      const size_t others = bytes_exploring(states, edges);
      const Successors<Rules>& next = expander_.at(rules_, seen_, i);
      uint32_t kids = 0, extra = 0;
      for (int m = 0; m < next.count; ++m) {
        Outcome o = next.outcome[m];
        if (o == Outcome::kNoChange) continue;
        if (o == Outcome::kLost) {
          ++a_.losing_moves;
          continue;
        }
        const uint32_t id = seen_.find_or_insert(next.next[m], next.hash[m], &inserted, limits_.max_states,
                                                 limits_.max_bytes - others);
        if (id == StateStore<Rules>::kFull) return stop_capped();
        if (inserted) {
          ++kids;
          node_.push_back(o == Outcome::kWon ? kWon : 0);
          via_.push_back((uint8_t)m);
        } else {
          ++extra;
          edges_.push_back(id);
        }
      }
      node_[i] = (Node)(node_[i] | kids << 1 | extra << (1 + kCountBits));
    }
    n_ = seen_.size();
    level_begin_.push_back(n_);
    a_.edges = (uint64_t)(n_ - 1) + edges_.size();  // a child's edge each, and the others
    a_.max_depth = (int)level_begin_.size() - 2;
    return true;
  }
  // [SECTION] Exploring on two threads: its steps (graph_analysis_threads.h)
  // [Two threads] Exploring level by level on a host's two threads
  // (SearchLimits::team), the states split between them by their hash's top
  // bit (StateSet's halves): each thread owns one half's table, so no slot
  // is written by one and read by the other. A level, with a barrier
  // between the steps:
  //   1. each thread makes the moves of half the level's states (by
  //      position) and lists their successors by half, in the order one
  //      thread would meet them;
  //   2. each half's thread looks its list up in its table, placing a
  //      state not there then and there with a number for the level (its
  //      place in the half's new list): the first move to find a new state
  //      is its parent's child, the others are edges;
  //   3. each thread walks its states' successors in order, as one thread
  //      would meet them, and numbers the new states they found first (its
  //      children follow the other thread's: how many each thread's states
  //      found first is counted in step 2), writes them, counts its states'
  //      children and other edges, and writes its other edges and its
  //      states' marks in the room made for them: one thread's numbering
  //      exactly. An edge to a new state the other thread numbers waits;
  //   4. each half's thread gives its new states their numbers in its
  //      table (or places all its states anew, the tables grown), and each
  //      thread writes the edges that waited.
  // A level is explored so only when the largest it could grow to fits the
  // caps with room to spare: one thread would not have been capped within
  // it, so both search the same graph. Otherwise the tables are joined into
  // the one a single thread would have, and the level goes on one thread.
  // Each thread's lists are its own, 128 bytes from the other's (a list's
  // header beside another thread's in one cache line cost more than the
  // second thread gave).
  static constexpr bool kCanTeam = !HasDenseStates<Rules>::value && StateSet<State>::kCanSplit;
  static constexpr uint32_t kNew = 0x80000000u, kFirst = 0x40000000u;  // an answer: new in this level (its place in the half's new list); found first by this move
  static constexpr uint32_t kExpandBatch = 64;  // the states a thread expands at once (step 1)
  struct Candidate {  // (its parent is the state whose successors list it)
    State next;
    uint8_t move, won;
  };
  // A thread's part of the level: written by that thread, but for the
  // answers (each half's thread writes its own) and the trimming (thread 0,
  // alone, between levels).
  template <class T>
  using List = std::vector<T, Uninitialized<T>>;  // (resized for room, then to what was written)
  struct TeamThread {
    List<Candidate> found[2];         // the successors, by half
    List<uint32_t> answer[2];         // each half's answers to them (written by the half's thread)
    List<uint8_t> count;              // successors of each state of the part
    List<uint8_t> half;               // each successor, in order: its half (kKnown: known), move << 2
    List<uint32_t> known;             // the known successors' numbers, in order
    std::vector<uint32_t> waiting;    // step 3's edges to the other thread's new states: edge, half << 31 | place
    State from[kExpandBatch];                   // a batch's states to expand, and their moves (here,
    State next[kExpandBatch * Rules::kMoves];   // not in lists of their own: small lists could
    Outcome outcome[kExpandBatch * Rules::kMoves];  // share a cache line)
    uint64_t losing = 0;
    char apart[128];  // from the next thread's (a cache line or two)
  };
  // A half's lists: its new states and their slots written by the half's
  // thread; the numbers by both threads in step 3, each those its states
  // found first.
  struct TeamHalf {
    List<uint32_t> fresh;             // the level's new states of this half, in order: thread << 31 | place in its list
    List<uint32_t> slot;              // where each is placed in the half's table
    List<uint32_t> number;            // their numbers
    uint32_t found_by[2] = {0, 0};    // how many of them each thread's states found first
    uint32_t states = 0;              // the half's states
    char apart[128];
  };
  struct Team {
    TeamThread thread[2];
    TeamHalf half[2];
    std::vector<uint32_t> parent;  // the level's states' parents (empty: unknown, the first level)
    uint32_t begin = 0, middle = 0, end = 0;  // the level; thread 0's part [begin, middle)
    uint32_t first_child[2] = {0, 0};          // each thread's states' first child, and first other edge
    uint32_t first_edge[2] = {0, 0};
    bool go = false, grow = false;
  };

  // Whole levels from cursor_ on both threads while they fit; leaves
  // cursor_ and level_end_ at the first level it did not explore.
  void explore_with_team();
  static void team_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_steps(thread); }
  void team_steps(int t);
  // Whether the level [cursor_, seen_.size()) may go on both threads:
  // every state it could add, and their edges, leave one thread's search
  // uncapped and two threads' memory within max_bytes.
  bool team_fits(uint32_t level) const;
  bool team_next_level();
  // A list whose level is done, emptied; much larger than the level took,
  // it is let go for one a little larger (the levels narrow towards the
  // end, when the tables are largest).
  template <class Vec>
  static void trim(Vec* v);

  const Candidate& fresh_candidate(int h, uint32_t ref) const;
  // 1. The moves of this thread's part of the level. A move that leads
  // back to the state's parent, or to a sibling (a state its parent
  // reached by the same move: in a tilt game the last tilt made moot) is
  // known without a lookup: both are near, and a state's siblings are
  // numbered beside it (more than a quarter of the moves on Skiddy's bench
  // level). The others are listed by half. The lists are written through
  // pointers, with room for every move of kExpandBatch states at a time,
  // each entry where it goes and its list's end moved on when it counts:
  // no branch on which list, nor on whether a move is known.
  static constexpr uint8_t kKnown = 2;
  static_assert(Rules::kMoves <= 64, "a move's number fits beside its half in a byte");
  void team_expand(int t);
  // 2. This half's successors looked up, in order: the table's lookups
  // requested ahead (a slot 12 on, the state a slot points to 6 on), each
  // hash made once (in a ring of the last 16). A state not found is placed
  // in the table then and there, numbered past the level's states by its
  // place in the half's new list (so a later lookup finds it, and takes
  // its candidate for its state); step 4 gives it its number. The table
  // ends as placing them in that order after the lookups would leave it.
  // First, the tables' size for that: doubled while the successors, were
  // they all new, would fill a half past 15/16 or pass the numbers a slot
  // holds (each thread reckons it alike, from the level's lists). Within
  // what team_fits() reckons the tables may grow to.
  size_t team_slots_to_look_up() const;
  void team_look_up(int h);
  // 3. First (thread 0) the room for the level's new states, their edges
  // and marks, and the tables' size.
  void team_make_room();
  // Then each thread its states' successors, in order: a known one is an
  // edge; an answer, a state of the list (an edge), or a new one: the
  // first to find it numbers it (its child: written, its number noted in
  // its half's list), a later one takes its number, or waits for it when
  // the other thread's states found it first (a later thread's: only the
  // second's states' edges wait).
  void team_link(int t);
  // 4. The edges that waited, now that every new state has its number.
  void team_link_waiting(int t);
  // 4. This half's new states given their numbers in its table, their
  // slots requested ahead (all of the half's states placed anew when the
  // tables grew).
  void team_place(int h);
  // Thread 0, the level done: the losing moves summed, what it holds noted,
  // the lists emptied.
  void team_finish_level();
  size_t team_bytes() const;

  // [SECTION] What the caps allow
  // Whether exploring with this many states and other edges, and the later
  // phases, stay within max_bytes.
  bool bytes_fit(uint64_t states, uint64_t edges) const {
    return bytes_exploring(states, edges) < limits_.max_bytes && bytes_later(states, edges) <= limits_.max_bytes;
  }
  bool stop_capped() {
    note_bytes(seen_.bytes() + held());
    a_.capped = true;
    a_.states = seen_.size();
    enter(kDone);
    return true;
  }
  // Besides the state store: what exploring holds with this many states
  // and other edges, and the most a later phase will (the reversed edges
  // beside the edges, then beside the parents and the walk's queue).
  // (explore() computes the first for the next expansion with 32-bit
  // counts: in the machine's word.)
  template <class Count>
  static size_t bytes_exploring(Count states, Count edges) {
    return Blocks<Node>::bytes_for(states) + Blocks<uint8_t>::bytes_for(states) +
           Blocks<uint32_t>::bytes_for(edges) + Blocks<Mark>::bytes_for(states / kMark + 1);
  }
  static size_t bytes_later(uint64_t states, uint64_t edges) {
    const uint64_t kept = (uint64_t)Blocks<Node>::bytes_for(states) + Blocks<uint8_t>::bytes_for(states) +
                          Blocks<Mark>::bytes_for(states / kMark + 1) + (states + 1 + edges + 1) * 4;
    const uint64_t edges_or_walk = std::max<uint64_t>(Blocks<uint32_t>::bytes_for(edges),
                                                      states * 4 + Blocks<uint32_t>::bytes_for(states));
    return (size_t)std::min<uint64_t>(kept + edges_or_walk, (size_t)-1);
  }

  // [SECTION] Edges labelled, the solution line, wins and optimal solutions counted
  // A graph small enough to draw: every state's depth, and every edge
  // labelled with its move, before the lookup table goes.
  bool label_edges(uint64_t* budget) {
    StateGraph& graph = a_.graph;
    if (cursor_ == 0 && graph.depth.empty()) {
      graph.depth.resize(n_);
      for (uint32_t d = 0; d + 1 < level_begin_.size(); ++d)
        for (uint32_t i = level_begin_[d]; i < level_begin_[d + 1]; ++i) graph.depth[i] = d;
    }
    bool inserted;
    for (; cursor_ < n_; ++cursor_) {
      const uint32_t i = cursor_;
      if (node_[i] & kWon) continue;
      if (!spend(budget)) return false;
      const Successors<Rules>& next = expander_.at(rules_, seen_, i);  // index i is still state i
      for (int m = 0; m < next.count; ++m) {
        Outcome o = next.outcome[m];
        if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
        uint32_t to =
            seen_.find_or_insert(next.next[m], next.hash[m], &inserted, limits_.max_states, limits_.max_bytes);
        graph.edges.push_back(StateGraph::Edge{i, to, (uint8_t)m});
      }
    }
    return true;
  }

  // The state state c was first reached from (c > 0): the one whose
  // children's numbers include c, found from the last mark at or before it.
  uint32_t parent_of(uint32_t c) const {
    uint32_t lo = 0, hi = marks_.size();
    while (hi - lo > 1) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (marks_[mid].child <= c) lo = mid;
      else hi = mid;
    }
    uint32_t i = lo * kMark, first = marks_[lo].child;
    for (; first + children(node_[i]) <= c; ++i) first += children(node_[i]);
    return i;
  }

  // The solution line: the BFS path to the first win state (at depth par)...
  bool find_solution_line(uint64_t* budget) {
    if (!pass(budget, [&] { return line_.empty() ? n_ : cursor_; }, [&](uint32_t i) {
          if (!(node_[i] & kWon)) return;
          for (uint32_t at = i; at != 0; at = parent_of(at)) line_.push_back(at);
          line_.push_back(0);
          std::reverse(line_.begin(), line_.end());
        }))
      return false;
    for (size_t j = 1; j < line_.size(); ++j) a_.solution.push_back(via_[line_[j]]);
    enter(kTraceLine);
    return true;
  }

  // ...and how many of the moves along it lose outright (cursor_: the step).
  bool trace_solution_line(uint64_t* budget) {
    bool inserted;
    for (; cursor_ + 1 < line_.size(); ++cursor_) {
      if (!spend(budget)) return false;
      const Successors<Rules>& next = expander_.at(rules_, seen_, line_[cursor_]);
      uint8_t losing = 0;
      for (int m = 0; m < next.count; ++m) {
        losing += next.outcome[m] == Outcome::kLost;
        // Where each move leads, for the first wrong move (the table goes soon).
        uint32_t to = next.outcome[m] == Outcome::kLost       ? kLosing
                      : next.outcome[m] == Outcome::kNoChange ? kNone
                                                              : seen_.find_or_insert(next.next[m], next.hash[m], &inserted,
                                                                                     limits_.max_states, limits_.max_bytes);
        line_moves_.push_back(LineMove{cursor_, (uint8_t)m, to});
      }
      line_losing_.push_back(losing);
    }
    return true;
  }

  // Figures by depth; par is the depth of the shallowest win state. The
  // lookup table and the states go first: from here on, states are their
  // indices.
  void begin_counting_wins() {
    note_bytes(seen_.bytes() + held());
    seen_.release();
    a_.depth_histogram.assign((size_t)a_.max_depth + 1, 0);
    for (int d = 0; d <= a_.max_depth; ++d)
      a_.depth_histogram[(size_t)d] = level_begin_[(size_t)d + 1] - level_begin_[(size_t)d];
    depth_ = 0;
    enter(kCountWins);
  }
  bool count_wins(uint64_t* budget) {
    if (!budget && cursor_ == 0) {
      // A whole run: the states' bytes a block at a time, summed with no
      // branch; the first win's depth from the levels' starts.
      for (uint32_t first = 0; first < n_; first += Blocks<Node>::kBlock) {
        const Node* block = &node_[first];
        const uint32_t in_block = std::min(Blocks<Node>::kBlock, n_ - first);
        uint32_t won = 0;
        for (uint32_t k = 0; k < in_block; ++k) won += block[k] & kWon;
        if (won && a_.par < 0) {
          uint32_t k = 0;
          while (!(block[k] & kWon)) ++k;
          a_.par = (int)(std::upper_bound(level_begin_.begin(), level_begin_.end(), first + k) - level_begin_.begin()) - 1;
        }
        a_.win_states += won;
      }
      cursor_ = n_;
    }
    if (!pass(budget, n_, [&](uint32_t i) {
          while (i >= level_begin_[depth_ + 1]) ++depth_;
          if (node_[i] & kWon) {
            ++a_.win_states;
            if (a_.par < 0) a_.par = (int)depth_;
          }
        }))
      return false;
    a_.states = n_ - a_.win_states;
    a_.solvable = a_.par >= 0;
    if (limits_.counts_only) {
      enter(kDone);
    } else if (a_.solvable) {
      ways_.assign(level_begin_[(size_t)a_.par + 1], 0);
      note_bytes(held());
      ways_[0] = 1;
      depth_ = 0;
      next_child_ = 1;
      next_edge_ = 0;
      enter(kCountWays);
    } else {
      enter(kReverseCount);
    }
    return true;
  }

  // Shortest solutions: the ways to reach each state in as many moves as its
  // depth, summed along the edges from one depth to the next (saturating),
  // then over the win states at depth par. A state's children are all one
  // deeper; its other edges may be.
  bool count_optimal_solutions(uint64_t* budget) {
    const size_t par = (size_t)a_.par;
    auto add = [](uint64_t* to, uint64_t ways) {
      const uint64_t sum = *to + ways;
      *to = sum < ways ? ~0ull : sum;
    };
    if (phase_ == kCountWays) {
      if (!pass(budget, level_begin_[par], [&](uint32_t i) {
            while (i >= level_begin_[depth_ + 1]) ++depth_;
            const Node node = node_[i];
            for (uint32_t k = 0; k < children(node); ++k) add(&ways_[next_child_ + k], ways_[i]);
            for (uint32_t k = 0; k < others(node); ++k) {
              const uint32_t to = edges_[next_edge_ + k];
              if (to >= level_begin_[depth_ + 1] && to < level_begin_[depth_ + 2]) add(&ways_[to], ways_[i]);
            }
            next_child_ += children(node);
            next_edge_ += others(node);
          }))
        return false;
      enter(kSumWays, level_begin_[par]);
    }
    if (!pass(budget, level_begin_[par + 1], [&](uint32_t i) {
          if (node_[i] & kWon) add(&a_.optimal_solutions, ways_[i]);
        }))
      return false;
    std::vector<uint64_t>().swap(ways_);
    enter(kReverseCount);
    return true;
  }

  // [SECTION] The edges reversed
  // The other edges reversed: count them per target, sum the counts into
  // each target's end, then place the edges last first, each just below its
  // target's end, which leaves the end at the target's first: the lists
  // come in edge order with no pass to shift the offsets. (A child's edge
  // reversed is its parent, found next.)
  bool reverse_edges(uint64_t* budget) {
    switch (phase_) {
      case kReverseCount:
        if (rev_begin_.empty()) {
          rev_begin_.assign(n_ + 1, 0);
          rev_.resize(edges_.size() + 1);  // and one past the last: the walk reads ahead of a state's first
        }
        if (!pass(budget, edges_.size(), [&](uint32_t e) {
              if (e + 16 < edges_.size()) load_ahead(&rev_begin_[edges_[e + 16]]);
              ++rev_begin_[edges_[e]];
            }))
          return false;
        enter(kReverseOffsets);
        [[fallthrough]];
      case kReverseOffsets:
        if (!pass(budget, n_, [&](uint32_t i) { rev_begin_[i + 1] += rev_begin_[i]; })) return false;
        enter(kReverseFill);
        next_edge_ = edges_.size();
        [[fallthrough]];
      default:
        if (!pass(budget, n_, [&](uint32_t k) {
              const uint32_t from = n_ - 1 - k, begin = next_edge_ - others(node_[from]);
              for (; next_edge_ > begin; --next_edge_) {
                if (next_edge_ > 16) load_ahead(&rev_begin_[edges_[next_edge_ - 17]]);
                rev_[--rev_begin_[edges_[next_edge_ - 1]]] = from;
              }
            }))
          return false;
        note_bytes(held());
        edges_.release();
        parent_.assign(n_, kNone);
        next_child_ = 1;
        enter(kParents);
        return true;
    }
  }

  // [SECTION] The edges reversed and walked back on two threads: their steps
  // [Two threads] The edges reversed on both threads (after exploring on
  // both), and every state's parent found. Reversing edge by edge writes
  // all over the lists (and their counts), a miss an edge; so the edges
  // are first sorted into blocks of kTargetBlock targets, each block's in
  // edge order (a list's entry: the edge's state; its target's low bits
  // beside it, in a byte), then each block is reversed where it lies,
  // within the cache:
  //   1. each thread counts the edges of its part of the states (halves of
  //      the edges, as near as kMark states allow) by block;
  //   2. (thread 0) each thread's room in each block, and the blocks
  //      split in two of as many edges;
  //   3. each thread writes its edges into its room: a few thousand
  //      blocks' ends, all in the cache, where the counts of a million
  //      targets were not;
  //   4. each thread sorts its blocks' entries by target, in place (each
  //      entry swapped into its target's part, as an American flag sort),
  //      and writes where its targets' lists begin.
  // The same lists as on one thread, each in another order (the walk
  // back reads them in any: a distance is the same). Then (a second job,
  // once the edges are let go: the parents are never held beside them, as
  // on one thread) each thread finds the parents of its half's children.
  // The lists are not cleared first (every entry is written but the one
  // past the last, whose value nothing reads).
  static constexpr uint32_t kTargetBlockBits = 8, kTargetBlock = 1u << kTargetBlockBits;
  uint32_t target_blocks() const { return (n_ >> kTargetBlockBits) + 1; }
  void reverse_edges_with_team();
  // Whether the two threads' reversal stays within max_bytes: the lists,
  // and while they are made a byte an edge and the blocks' room, beside
  // what is held (else the edges are reversed on one thread, as the caps
  // reckon: the same edges, so two threads stop where one does).
  bool reversing_fits() const;
  static void reverse_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_reverse(thread); }
  static void parents_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_parents(thread); }
  // This thread's part of the states (kMark at a time: their edges begin
  // at their marks), their edges in order, each with its state: f(target,
  // state).
  template <class F>
  void team_edges(int t, F f) const;
  void team_reverse(int t);
  // The parents of this thread's part's states' children (which follow
  // them): as find_parents, each thread within its own children.
  void team_parents(int t);

  // The walk back from the wins on both threads, level by level: each
  // thread owns a part of the states' numbers (not the reversal's split:
  // with it the second thread walked the more; see walk_back_with_team),
  // walks on from
  // the states of its half at the distance reached, marks the states of
  // its half it reaches, and hands the other's to it (after a barrier);
  // a distance is done when both have. The same states reached at the
  // same distances as on one thread (the order within a distance is not
  // kept: nothing reads it).
  struct TeamWalk {
    struct Part {
      Blocks<uint32_t> queue;           // the half's states reached, by distance
      std::vector<uint32_t> handed;     // the other half's states reached at this distance
      bool more = false;                // reached some at the next distance
      char apart[128];                  // from the other thread's part
    } part[2];
    uint32_t distance = 0;
  };
  void walk_back_with_team();
  // Whether the walk on two threads stays within max_bytes at its most:
  // its two queues hold every state at most once, and what the threads hand
  // each other at one distance is at most an edge a state.
  bool walk_fits() const;
  size_t walk_bytes() const;
  static void walk_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_walk(thread); }
  // A state of this thread's half reached at this distance.
  void team_reach(typename TeamWalk::Part& me, uint32_t at, uint32_t distance);
  void team_walk(int t);

  // [SECTION] Parents, the walk back from the wins, dead ends, the solution line rated
  // Every state's parent, from the children counts; then a state's byte
  // keeps only kWon, and the states the solution line rates are marked.
  bool find_parents(uint64_t* budget) {
    if (!pass(budget, n_, [&](uint32_t i) { parents_of_children(i, &next_child_, n_); })) return false;
    mark_wanted();
    return true;
  }
  // State i the parent of its children, numbered from *next on (and
  // before `end`, where the children being numbered end); then its byte
  // keeps only kWon.
  void parents_of_children(uint32_t i, uint32_t* next, uint32_t end) {
    const uint32_t count = children(node_[i]);
    if (kBranchFree && Rules::kMoves <= 8 && *next + Rules::kMoves <= end) {
      // As many as a state can have, with no branch on how many: the ones
      // past its children are written again by the states after.
      for (uint32_t k = 0; k < (uint32_t)Rules::kMoves; ++k) parent_[*next + k] = i;
      *next += count;
    } else {
      for (const uint32_t stop = *next + count; *next < stop; ++*next) parent_[*next] = i;
    }
    node_[i] &= kWon;
  }
  // The states the solution line rates marked (their distances kept).
  void mark_wanted() {
    for (uint32_t at : line_) wanted_.push_back(at);
    for (const LineMove& lm : line_moves_)
      if (lm.to != kNone && lm.to != kLosing) wanted_.push_back(lm.to);
    std::sort(wanted_.begin(), wanted_.end());
    wanted_.erase(std::unique(wanted_.begin(), wanted_.end()), wanted_.end());
    wanted_distance_.assign(wanted_.size(), kNone);
    for (uint32_t at : wanted_) node_[at] |= kWanted;
    enter(kWalkFromWins);
  }

  // Distances to the nearest win, walking the reversed edges (a state's
  // parent among them) breadth first from every win state: the queue holds
  // the states by distance, walk_distance_ that of the ones before
  // queue_[level_end_]. A state left unreached can never win; only the
  // distances the solution line needs are kept.
  void reach(uint32_t at, uint32_t distance) {
    const Node node = node_[at];
    if (node & kReached) return;
    node_[at] = (Node)(node | kReached);
    queue_.push_back(at);
    if (node & kWanted)
      wanted_distance_[std::lower_bound(wanted_.begin(), wanted_.end(), at) - wanted_.begin()] = distance;
  }
  bool walk_back_from_wins(uint64_t* budget) {
    if (phase_ == kWalkFromWins) {
      if (!pass(budget, n_, [&](uint32_t i) {
            if (node_[i] & kWon) reach(i, 0);
          }))
        return false;
      level_end_ = queue_.size();
      walk_distance_ = 0;
      enter(kWalkBack);
    }
    if (!pass(budget, [&] { return queue_.size(); }, [&](uint32_t q) {
          if (q == level_end_) {
            ++walk_distance_;
            level_end_ = queue_.size();
          }
          // The walk's reads are all over memory: request those of the
          // states 16 and 8 places on in the queue.
          if (q + 16 < queue_.size()) {
            const uint32_t later = queue_[q + 16];
            load_ahead(&parent_[later]);
            load_ahead(&rev_begin_[later]);
          }
          if (q + 8 < queue_.size()) {
            const uint32_t later = queue_[q + 8];
            if (later != 0) load_ahead(&node_[parent_[later]]);
            load_ahead(&rev_[rev_begin_[later]]);  // (at most the one past the last edge)
          }
          const uint32_t at = queue_[q];
          if (at != 0) reach(parent_[at], walk_distance_ + 1);
          for (uint32_t e = rev_begin_[at]; e < rev_begin_[at + 1]; ++e) reach(rev_[e], walk_distance_ + 1);
        }))
      return false;
    if (!queue_.empty()) a_.max_distance = (int)walk_distance_;
    note_bytes(held());
    decltype(rev_begin_)().swap(rev_begin_);
    decltype(rev_)().swap(rev_);
    queue_.release();
    first_dead_ = kNone;
    enter(kDeadEnds);
    return true;
  }
  // A rated state's distance to the nearest win, kNone when it has none.
  uint32_t distance(uint32_t at) const {
    return wanted_distance_[std::lower_bound(wanted_.begin(), wanted_.end(), at) - wanted_.begin()];
  }

  // Dead ends: states no win can be reached from; the first (in BFS order,
  // the shallowest) with the moves that lead to it. Then the solution line
  // rated, and the kinds of a small graph's states marked.
  bool find_dead_ends(uint64_t* budget) {
    if (!budget && cursor_ == 0) {
      // A whole run: as count_wins, a block at a time.
      for (uint32_t first = 0; first < n_; first += Blocks<Node>::kBlock) {
        const Node* block = &node_[first];
        const uint32_t in_block = std::min(Blocks<Node>::kBlock, n_ - first);
        uint32_t dead = 0;
        for (uint32_t k = 0; k < in_block; ++k) dead += !(block[k] & kReached);
        if (dead && first_dead_ == kNone) {
          uint32_t k = 0;
          while (block[k] & kReached) ++k;
          first_dead_ = first + k;
        }
        a_.dead_ends += dead;
      }
      cursor_ = n_;
    }
    if (!pass(budget, n_, [&](uint32_t i) {
          const bool dead = !(node_[i] & kReached);  // a coin toss: counted with no branch (kBranchFree)
          if (!kBranchFree && !dead) return;
          a_.dead_ends += dead;
          if (first_dead_ == kNone && dead) first_dead_ = i;
        }))
      return false;
    if (first_dead_ != kNone) {
      MoveList reversed;
      for (uint32_t at = first_dead_; at != 0; at = parent_[at]) reversed.push_back(via_[at]);
      a_.first_dead_end.assign(reversed.rbegin(), reversed.rend());
    }
    rate_solution_line();
    if (n_ <= limits_.graph_states) {
      a_.graph.kind.resize(n_);
      enter(kKinds);
    } else {
      enter(kDone);
    }
    return true;
  }

  // Along the solution line: a move is wrong when the state it reaches is no
  // nearer a win; its setback is the moves it costs beyond the right one.
  void rate_solution_line() {
    for (const LineMove& lm : line_moves_) {
      if (lm.to == kNone) continue;
      const uint32_t at = line_[lm.step];
      if (lm.to != kLosing && distance(lm.to) != kNone && distance(lm.to) < distance(at)) continue;
      for (uint32_t j = 1; j <= lm.step; ++j) a_.first_wrong_move.push_back(via_[line_[j]]);
      a_.first_wrong_move.push_back(lm.move);
      break;
    }
    for (size_t k = 0; k + 1 < line_.size(); ++k) {
      a_.line_choices += line_losing_[k];
      a_.line_wrong_moves += line_losing_[k];
      a_.line_fatal_moves += line_losing_[k];
    }
    // Every edge from a line state is one of its moves that leads somewhere.
    for (const LineMove& lm : line_moves_) {
      if (lm.to == kNone || lm.to == kLosing) continue;
      const uint32_t to = distance(lm.to), at = distance(line_[lm.step]);
      ++a_.line_choices;
      if (to == kNone) {
        ++a_.line_wrong_moves;
        ++a_.line_fatal_moves;
      } else if (to >= at) {
        ++a_.line_wrong_moves;
        a_.line_setback += to + 1 - at;
      }
    }
  }

  // What the analysis holds besides the state store, by capacity.
  size_t held() const {
    return node_.bytes() + via_.bytes() + edges_.bytes() + marks_.bytes() + queue_.bytes() +
           (level_begin_.capacity() + rev_begin_.capacity() + rev_.capacity() + parent_.capacity() +
            block_room_[0].capacity() + block_room_[1].capacity()) * 4 +
           rev_low_.capacity() + ways_.capacity() * 8;
  }
  void note_bytes(size_t bytes) {
    if (bytes > a_.bytes) a_.bytes = bytes;
  }

  // [SECTION] What it holds
  const Rules& rules_;
  const SearchLimits limits_;
  Analysis& a_;
  StateStore<Rules> seen_;
  ExpandAhead<Rules> expander_;
  std::unique_ptr<Team> team_;  // exploring on two threads: their lists
  std::unique_ptr<TeamWalk> walk_;  // walking back on two threads
  bool teamed_ = false;         // explored on two threads: the later passes too
  bool team_lagged_ = false;    // the second thread did not keep pace (keeps_pace): one thread from then on
  uint32_t team_split_ = 0;     // the parents found on two threads: the first thread's states
  uint32_t walk_split_ = 0;     // the walk back on two threads: the first thread's states
  uint32_t team_groups_split_ = 0, team_blocks_split_ = 0;  // the edges reversed on two threads: the first thread's kMark groups, blocks
  Phase phase_ = kExplore;
  uint32_t cursor_ = 0;     // where the phase goes on
  uint32_t level_end_ = 0;  // exploring: the end of the depth level being expanded (walking back: the distance's)
  uint32_t depth_ = 0;      // counting: the depth of the state at cursor_
  uint32_t n_ = 0;          // states reached
  uint32_t next_child_ = 0, next_edge_ = 0;  // a pass over the states: where the one at cursor_'s children and edges begin
  uint32_t walk_distance_ = 0;  // walking back: the distance of the state at cursor_
  uint32_t first_dead_ = kNone;
  uint32_t bytes_fit_until_ = 0;  // exploring: the expansions before this one fit in max_bytes
  // Per state, in BFS order (so in depth order too: level_begin_[d] is the
  // first state at depth d): its byte, and the move it was first reached by.
  Blocks<Node> node_;
  Blocks<uint8_t> via_;
  Blocks<uint32_t> edges_;  // the targets of the edges that are no child's, by state and move
  Blocks<Mark> marks_;
  std::vector<uint32_t> level_begin_;
  std::vector<uint32_t> line_;        // the solution line's states
  std::vector<uint8_t> line_losing_;  // the losing moves from each
  std::vector<LineMove> line_moves_;  // every move from the solution line's states, where it leads
  std::vector<uint64_t> ways_;        // per state up to depth par: shortest ways to reach it
  std::vector<uint32_t, Uninitialized<uint32_t>> rev_begin_, rev_;  // the other edges reversed
  std::vector<uint8_t, Uninitialized<uint8_t>> rev_low_;  // reversing on two threads: each entry's target's low bits
  std::vector<uint32_t> block_room_[2];  // reversing on two threads: each thread's room in each block of targets
  std::vector<uint32_t, Uninitialized<uint32_t>> parent_;           // per state: the state it was first reached from
  Blocks<uint32_t> queue_;                 // the walk back's
  std::vector<uint32_t> wanted_, wanted_distance_;  // the states the solution line rates, sorted; their distances
};

}  // namespace tl
