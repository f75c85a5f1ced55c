// graph_analysis_threads.h — GraphAnalysis on a host's two threads
// (SearchLimits::team): exploring level by level with the states split by
// their hash's top bit, the edges reversed and the parents found, and the
// walk back from the wins, each with the same states, numbering and figures
// as one thread gives. What each step does is told where GraphAnalysis
// declares it ([Two threads] in graph_analysis.h). Included by search.h
// only where a second thread can run (TILELAB_TWO_THREADS).
//
// [SECTION] Exploring on two threads
// [SECTION] Reversing the edges and walking back on two threads
#pragma once
#include "graph_analysis.h"

namespace tl {

// [SECTION] Exploring on two threads

template <class Rules>
void GraphAnalysis<Rules>::explore_with_team() {
  if (!team_fits(seen_.size() - cursor_)) return;
  team_.reset(new Team);
  uint32_t in_half[2];
  seen_.split_in_two(in_half);  // (joined, or never split, whenever one thread explores)
  for (int h = 0; h < 2; ++h) team_->half[h].states = in_half[h];
  limits_.team->run(&team_job, this);
  team_.reset();
  teamed_ = !team_lagged_;  // the later passes over the whole graph go on both threads too
}

template <class Rules>
void GraphAnalysis<Rules>::team_steps(int t) {
  SearchTeam& team = *limits_.team;
  for (;;) {
    if (t == 0) team_->go = team_next_level();
    team.barrier();
    if (!team_->go) return;
    team_expand(t);
    team.barrier();
    const size_t slots = team_slots_to_look_up();
    if (slots != seen_.half_slots()) {
      // (Both threads decide alike; the first sets the size.)
      if (t == 0) seen_.set_size(slots);
      team.barrier();
      seen_.rebuild_half(t);
    }
    team_look_up(t);
    team.barrier();
    if (t == 0) team_make_room();
    team.barrier();
    team_link(t);
    team.barrier();
    team_place(t);
    team_link_waiting(t);
    team.barrier();
    if (t == 0) team_finish_level();
  }
}

template <class Rules>
bool GraphAnalysis<Rules>::team_fits(uint32_t level) const {
  const uint64_t more = (uint64_t)Rules::kMoves * (level + 1);
  const uint64_t states = seen_.size() + more, edges = edges_.size() + more;
  // (An answer's top two bits tell a new state: an index stays below them.)
  if (states > limits_.max_states || states >= kFirst || !bytes_fit(states, edges)) return false;
  const uint64_t exploring = bytes_exploring(states, edges) + Blocks<State>::bytes_for(states);
  const uint64_t one = exploring + StateSet<State>::slots_for((uint32_t)states) * 4;
  // Two threads: the halves' tables, the lists as large as they are now
  // (a wider level's, trimmed), and every list's entries for each
  // successor, twice over (a list doubles as it grows).
  const uint64_t lists = team_ ? team_bytes() : sizeof(Team);
  const uint64_t two = exploring + 2 * seen_.half_slots_for((uint32_t)states) * 4 + lists +
                       more * 2 * (sizeof(Candidate) + 4 + 1 + 4 + 4 + 4 + 4 + 8) + (uint64_t)level * 2 +
                       more * (4 + 8) +  // the next level's parents, the known moves
                       // the room for a batch's every move in each thread's lists, at their doubling
                       2 * 2 * kExpandBatch * Rules::kMoves * (2 * sizeof(Candidate) + 4 + 1);
  return one < limits_.max_bytes && two < limits_.max_bytes;
}

template <class Rules>
bool GraphAnalysis<Rules>::team_next_level() {
  const uint32_t begin = cursor_, end = seen_.size();
  if (begin >= end) return false;  // the search is over
  // A level that would not fit, or threads that have not kept pace with
  // each other (their waits at barriers since the analysis's teamed job
  // began, past the team's share: the machine's other core busy): on alone,
  // for the rest of the analysis.
  const bool first = team_->begin == 0 && team_->end == 0;
  if (!first && !limits_.team->keeps_pace()) team_lagged_ = true;
  if (team_lagged_ || !team_fits(end - begin)) {
    seen_.join_halves();
    return false;
  }
  level_begin_.push_back(begin);
  level_end_ = end;
  team_->begin = begin;
  team_->middle = begin + (end - begin) / 2;
  team_->end = end;
  return true;
}

template <class Rules>
template <class Vec>
void GraphAnalysis<Rules>::trim(Vec* v) {
  const size_t n = v->size();
  if (v->capacity() > n + n / 4 + 1024) {
    Vec fitting;
    fitting.reserve(n + n / 16);
    v->swap(fitting);
  }
  v->clear();
}

template <class Rules>
auto GraphAnalysis<Rules>::fresh_candidate(int h, uint32_t ref) const -> const Candidate& {
  return team_->thread[ref >> 31].found[h][ref & 0x7fffffffu];
}

template <class Rules>
void GraphAnalysis<Rules>::team_expand(int t) {
  TeamThread& me = team_->thread[t];
  const uint32_t level_begin = team_->begin, level_end = team_->end;
  const uint32_t begin = t ? team_->middle : level_begin, end = t ? level_end : team_->middle;
  // (Each state's parent, and the lists, through pointers held here: a
  // byte written through a list's would have every list's reloaded.)
  const uint32_t* parent_of = team_->parent.empty() ? nullptr : team_->parent.data();  // (from level_begin)
  const int moves = rules_.move_count();
  uint64_t losing = 0;
  // For the run of states that share the state's parent: by move, the
  // sibling it reached (itself among them), or the parent where none.
  State parent_state{}, sibling_state[Rules::kMoves] = {};
  uint32_t sibling[Rules::kMoves];
  for (uint32_t& s : sibling) s = kNone;
  uint32_t run_parent = kNone;
  me.count.resize(end - begin);
  uint8_t* count = me.count.data();
  for (uint32_t batch = begin; batch < end; batch += kExpandBatch) {
    const uint32_t batch_end = std::min(end, batch + kExpandBatch), room = (batch_end - batch) * moves;
    const size_t had[2] = {me.found[0].size(), me.found[1].size()}, had_known = me.known.size(),
                 had_half = me.half.size();
    me.found[0].resize(had[0] + room);
    me.found[1].resize(had[1] + room);
    me.known.resize(had_known + room);
    me.half.resize(had_half + room);
    Candidate* found[2] = {me.found[0].data() + had[0], me.found[1].data() + had[1]};
    uint32_t* known = me.known.data() + had_known;
    uint8_t* half = me.half.data() + had_half;
    int expanding = 0;  // the batch's states not won, their moves made at once
    bool won[kExpandBatch];
    for (uint32_t p = batch; p < batch_end; ++p) {
      won[p - batch] = (node_[p] & kWon) != 0;
      if (!won[p - batch]) me.from[expanding++] = seen_[p];
    }
    expand_batch(rules_, me.from, expanding, me.next, me.outcome);
    const State* next = me.next;
    const Outcome* outcome = me.outcome;
    for (uint32_t p = batch; p < batch_end; ++p) {
      uint32_t moved_count = 0;
      if (!won[p - batch]) {
        const uint32_t parent = parent_of ? parent_of[p - level_begin] : kNone;
        if (parent != run_parent && parent != kNone) {
          run_parent = parent;
          parent_state = seen_[parent];
          for (int m = 0; m < moves; ++m) {
            sibling_state[m] = parent_state;
            sibling[m] = parent;
          }
          uint32_t first = p;
          while (first > level_begin && parent_of[first - 1 - level_begin] == parent) --first;
          for (uint32_t s = first; s < level_end && parent_of[s - level_begin] == parent; ++s) {
            sibling_state[via_[s]] = seen_[s];
            sibling[via_[s]] = s;
          }
        }
        for (int m = 0; m < moves; ++m) {
          const bool moved = outcome[m] == Outcome::kMoved || outcome[m] == Outcome::kWon;
          losing += outcome[m] == Outcome::kLost;
          const bool to_parent = next[m] == parent_state, to_sibling = next[m] == sibling_state[m];
          const bool is_known = parent != kNone && (to_parent || to_sibling);
          const int h = StateSet<State>::half_of(seen_.hash_of(next[m]));
          *found[h] = Candidate{next[m], (uint8_t)m, (uint8_t)(outcome[m] == Outcome::kWon)};
          found[h] += moved && !is_known;
          *known = to_parent ? parent : sibling[m];
          known += moved && is_known;
          *half = (uint8_t)((is_known ? kKnown : h) | m << 2);
          half += moved;
          moved_count += moved;
        }
        next += Rules::kMoves;
        outcome += Rules::kMoves;
      }
      *count++ = (uint8_t)moved_count;
    }
    me.found[0].resize(found[0] - me.found[0].data());
    me.found[1].resize(found[1] - me.found[1].data());
    me.known.resize(known - me.known.data());
    me.half.resize(half - me.half.data());
  }
  me.losing = losing;
}

template <class Rules>
size_t GraphAnalysis<Rules>::team_slots_to_look_up() const {
  size_t slots = seen_.half_slots();
  for (int h = 0; h < 2; ++h) {
    const uint64_t most = (uint64_t)team_->thread[0].found[h].size() + team_->thread[1].found[h].size();
    while ((team_->half[h].states + most) * 16 > (uint64_t)slots * 15 ||
           team_->end + most + 2 > StateSet<State>::half_numbers(slots))
      slots *= 2;
  }
  return slots;
}

template <class Rules>
void GraphAnalysis<Rules>::team_look_up(int h) {
  TeamHalf& me = team_->half[h];
  const uint32_t first_new = team_->end;
  constexpr size_t kAhead = 12, kRing = 16;
  uint64_t hashes[kRing];
  // Room for every successor of the half to be new; the lists through
  // pointers held here.
  me.fresh.resize(team_->thread[0].found[h].size() + team_->thread[1].found[h].size());
  me.slot.resize(me.fresh.size());
  uint32_t* fresh = me.fresh.data();
  uint32_t* slots = me.slot.data();
  uint32_t fresh_count = 0;
  for (int t = 0; t < 2; ++t) {
    TeamThread& part = team_->thread[t];
    const Candidate* found = part.found[h].data();
    const size_t n = part.found[h].size();
    part.answer[h].resize(n);
    uint32_t* answer = part.answer[h].data();
    const uint32_t had = fresh_count;
    for (size_t i = 0; i < n && i < kAhead; ++i) hashes[i % kRing] = seen_.hash_of(found[i].next);
    for (size_t i = 0; i < n; ++i) {
      if (i + kAhead < n) {
        const uint64_t later = seen_.hash_of(found[i + kAhead].next);
        hashes[(i + kAhead) % kRing] = later;
        seen_.prefetch(later);
      }
      if (i + kAhead / 2 < n) {
        const uint64_t soon = hashes[(i + kAhead / 2) % kRing];
        const uint32_t at = seen_.candidate(seen_.home_slot(soon), soon);
        if (at < first_new) seen_.prefetch_state(at);
      }
      const Candidate& c = found[i];
      uint32_t slot = 0;
      const uint32_t id = seen_.find_or_place(
          c.next, hashes[i % kRing], first_new,
          [&](uint32_t number) { return fresh_candidate(h, fresh[number - first_new]).next == c.next; },
          first_new + fresh_count, &slot);
      if (id == StateSet<State>::kFull) {
        answer[i] = kNew | kFirst | fresh_count;
        fresh[fresh_count] = (uint32_t)t << 31 | (uint32_t)i;
        slots[fresh_count] = slot;
        ++fresh_count;
      } else {
        answer[i] = id < first_new ? id : kNew | (id - first_new);
      }
    }
    me.found_by[t] = fresh_count - had;
  }
  me.fresh.resize(fresh_count);
  me.slot.resize(fresh_count);
}

template <class Rules>
void GraphAnalysis<Rules>::team_make_room() {
  TeamHalf& a = team_->half[0];
  TeamHalf& b = team_->half[1];
  const uint32_t na = (uint32_t)a.fresh.size(), nb = (uint32_t)b.fresh.size(), first = seen_.size();
  a.number.resize(na);
  b.number.resize(nb);
  team_->parent.resize(na + nb);  // (the level's are read: the next level's, numbered next)
  seen_.grow_to(first + na + nb);
  node_.grow_to(first + na + nb);
  via_.grow_to(first + na + nb);
  // Each thread's children follow the other's, and so do its other edges
  // (every move of its states that is not a child's): room for both, and
  // for the marks of the level's states, which the threads write.
  const uint32_t kids0 = a.found_by[0] + b.found_by[0], kids1 = a.found_by[1] + b.found_by[1];
  const uint32_t edges0 = (uint32_t)team_->thread[0].half.size() - kids0;
  const uint32_t edges1 = (uint32_t)team_->thread[1].half.size() - kids1;
  team_->first_child[0] = first;
  team_->first_child[1] = first + kids0;
  team_->first_edge[0] = edges_.size();
  team_->first_edge[1] = edges_.size() + edges0;
  edges_.grow_to(edges_.size() + edges0 + edges1);
  marks_.grow_to((team_->end + kMark - 1) / kMark);
  a.states += na;
  b.states += nb;
  const size_t size = seen_.half_slots_for(std::max(a.states, b.states));
  team_->grow = size != seen_.half_slots();
  if (team_->grow) seen_.set_size(size);
}

template <class Rules>
void GraphAnalysis<Rules>::team_link(int t) {
  TeamThread& me = team_->thread[t];
  const uint32_t begin = t ? team_->middle : team_->begin, end = t ? team_->end : team_->middle;
  uint32_t child = team_->first_child[t], edge = team_->first_edge[t];
  const uint32_t first_new = team_->end;
  me.waiting.clear();
  // (The lists through pointers held here: a byte written through a
  // list's would have every list's reloaded.)
  const uint8_t* count = me.count.data();
  const uint8_t* way = me.half.data();
  const uint32_t* known = me.known.data();
  const uint32_t* answer[2] = {me.answer[0].data(), me.answer[1].data()};
  const Candidate* found[2] = {me.found[0].data(), me.found[1].data()};
  uint32_t* number[2] = {team_->half[0].number.data(), team_->half[1].number.data()};
  const uint32_t* fresh[2] = {team_->half[0].fresh.data(), team_->half[1].fresh.data()};
  uint32_t* parent = team_->parent.data();  // (from first_new)
  for (uint32_t p = begin; p < end; ++p) {
    if (p % kMark == 0) marks_[p / kMark] = Mark{child, edge};
    uint32_t kids = 0, extra = 0;
    for (uint32_t c = *count++; c > 0; --c) {
      const int h = *way++ & 3;
      uint32_t to;
      if (h == kKnown) {
        to = *known++;
      } else {
        const Candidate& candidate = *found[h]++;
        to = *answer[h]++;
        if (to & kNew) {
          const uint32_t place = to & ~(kNew | kFirst);
          if (to & kFirst) {
            number[h][place] = child;
            seen_.set_state(child, candidate.next);
            parent[child - first_new] = p;
            node_[child] = candidate.won ? kWon : 0;
            via_[child] = candidate.move;
            ++child;
            ++kids;
            continue;
          }
          if ((int)(fresh[h][place] >> 31) == t) {
            to = number[h][place];
          } else {
            to = 0;  // (written in step 4)
            me.waiting.push_back(edge);
            me.waiting.push_back((uint32_t)h << 31 | place);
          }
        }
      }
      ++extra;
      edges_[edge++] = to;
    }
    node_[p] = (Node)(node_[p] | kids << 1 | extra << (1 + kCountBits));
  }
}

template <class Rules>
void GraphAnalysis<Rules>::team_link_waiting(int t) {
  const std::vector<uint32_t>& waiting = team_->thread[t].waiting;
  for (size_t w = 0; w < waiting.size(); w += 2)
    edges_[waiting[w]] = team_->half[waiting[w + 1] >> 31].number[waiting[w + 1] & 0x7fffffffu];
}

template <class Rules>
void GraphAnalysis<Rules>::team_place(int h) {
  if (team_->grow) {
    seen_.rebuild_half(h);
    return;
  }
  const TeamHalf& me = team_->half[h];
  const size_t n = me.fresh.size();
  for (size_t i = 0; i < n; ++i) {
    if (i + 16 < n) seen_.prefetch_slot(h, me.slot[i + 16]);
    seen_.renumber(h, me.slot[i], me.number[i]);
  }
}

template <class Rules>
void GraphAnalysis<Rules>::team_finish_level() {
  for (const TeamThread& part : team_->thread) a_.losing_moves += part.losing;
  if (limits_.progress) {
    const uint32_t at = (team_->end - 1) / SearchLimits::kProgressEvery * SearchLimits::kProgressEvery;
    const uint64_t states = (uint64_t)seen_.size() + Rules::kMoves, edges = (uint64_t)edges_.size() + Rules::kMoves;
    if (at >= team_->begin)
      limits_.report_progress(at, seen_.size(),
                              std::max(seen_.bytes() + bytes_exploring(states, edges), bytes_later(states, edges)));
  }
  note_bytes(seen_.bytes() + held() + team_bytes());
  for (TeamThread& part : team_->thread) {
    for (int h = 0; h < 2; ++h) {
      trim(&part.found[h]);
      trim(&part.answer[h]);
    }
    trim(&part.count);
    trim(&part.half);
    trim(&part.known);
    trim(&part.waiting);
  }
  for (TeamHalf& half : team_->half) {
    trim(&half.fresh);
    trim(&half.number);
    trim(&half.slot);
    half.found_by[0] = half.found_by[1] = 0;
  }
  cursor_ = team_->end;
}

template <class Rules>
size_t GraphAnalysis<Rules>::team_bytes() const {
  size_t bytes = sizeof(Team);
  for (const TeamThread& t : team_->thread)
    bytes += (t.found[0].capacity() + t.found[1].capacity()) * sizeof(Candidate) +
             (t.answer[0].capacity() + t.answer[1].capacity() + t.known.capacity() + t.waiting.capacity()) * 4 +
             t.count.capacity() + t.half.capacity();
  bytes += team_->parent.capacity() * 4;
  for (const TeamHalf& h : team_->half)
    bytes += (h.slot.capacity() + h.number.capacity() + h.fresh.capacity()) * 4;
  return bytes;
}

// [SECTION] Reversing the edges and walking back on two threads

template <class Rules>
void GraphAnalysis<Rules>::reverse_edges_with_team() {
  const uint32_t blocks = target_blocks();
  rev_begin_.resize(n_ + 1);
  rev_.resize(edges_.size() + 1);
  rev_low_.resize(edges_.size());
  for (std::vector<uint32_t>& room : block_room_) room.assign(blocks, 0);
  const uint32_t groups = (n_ + kMark - 1) / kMark;
  uint32_t g = 0;
  while (g < groups && marks_[g].edge < edges_.size() / 2) ++g;
  team_groups_split_ = g;
  limits_.team->run(&reverse_job, this);
  note_bytes(held());
  edges_.release();
  decltype(rev_low_)().swap(rev_low_);
  for (std::vector<uint32_t>& room : block_room_) std::vector<uint32_t>().swap(room);
  team_split_ = n_ / 2 / kMark * kMark;
  parent_.resize(n_);
  limits_.team->run(&parents_job, this);
  mark_wanted();
}

template <class Rules>
bool GraphAnalysis<Rules>::reversing_fits() const {
  const uint64_t edges = edges_.size(), blocks = target_blocks();
  const uint64_t most = (uint64_t)held() + ((uint64_t)n_ + 1 + edges + 1) * 4 + edges + 2 * blocks * 4;
  return most <= limits_.max_bytes;
}

template <class Rules>
template <class F>
void GraphAnalysis<Rules>::team_edges(int t, F f) const {
  const uint32_t groups = (n_ + kMark - 1) / kMark, edges = edges_.size();
  const uint32_t split = team_groups_split_, g_begin = t ? split : 0, g_end = t ? groups : split;
  uint32_t source[kMark * Rules::kMoves + Rules::kMoves];
  for (uint32_t g = g_begin; g < g_end; ++g) {
    const uint32_t first = g * kMark, last = std::min(n_, first + kMark);
    const uint32_t edge_begin = marks_[g].edge, edge_end = g + 1 < groups ? marks_[g + 1].edge : edges;
    uint32_t written = 0;
    for (uint32_t i = first; i < last; ++i) {
      if constexpr (kBranchFree && Rules::kMoves <= 8) {
        // kMoves written, the end moved on by how many: no branch on it.
        for (int k = 0; k < Rules::kMoves; ++k) source[written + k] = i;
        written += others(node_[i]);
      } else {
        for (uint32_t k = others(node_[i]); k > 0; --k) source[written++] = i;
      }
    }
    // (Through a pointer within a block of the list: its index each edge
    // cost as much again.)
    for (uint32_t e = edge_begin; e < edge_end;) {
      const uint32_t* to = &edges_[e];
      for (const uint32_t stop = std::min(edge_end, (e | (Blocks<uint32_t>::kBlock - 1)) + 1); e < stop; ++e)
        f(*to++, source[e - edge_begin]);
    }
  }
}

template <class Rules>
void GraphAnalysis<Rules>::team_reverse(int t) {
  SearchTeam& team = *limits_.team;
  const uint32_t blocks = target_blocks(), edges = edges_.size();
  // 1. Counted by block.
  uint32_t* room = block_room_[t].data();
  team_edges(t, [&](uint32_t to, uint32_t) { ++room[to >> kTargetBlockBits]; });
  team.barrier();
  // 2. Each block's room: the first thread's, then the second's. Where
  // the blocks split for step 4 (as many edges each).
  if (t == 0) {
    uint32_t at = 0, half = kNone;
    for (uint32_t b = 0; b < blocks; ++b) {
      if (half == kNone && at >= edges / 2) half = b;
      for (std::vector<uint32_t>& part : block_room_) {
        const uint32_t count = part[b];
        part[b] = at;
        at += count;
      }
    }
    team_blocks_split_ = half == kNone ? blocks : half;
  }
  team.barrier();
  // 3. Each edge's state into its block, its target's low bits beside it.
  uint32_t* lists = rev_.data();
  uint8_t* low = rev_low_.data();
  team_edges(t, [&](uint32_t to, uint32_t from) {
    const uint32_t at = room[to >> kTargetBlockBits]++;
    lists[at] = from;
    low[at] = (uint8_t)(to & (kTargetBlock - 1));
  });
  team.barrier();
  // 4. Each block sorted by target where it lies (the second thread's
  // room in a block, written, ends where the block does).
  const uint32_t* block_end = block_room_[1].data();
  const uint32_t b_begin = t ? team_blocks_split_ : 0, b_end = t ? blocks : team_blocks_split_;
  for (uint32_t b = b_begin; b < b_end; ++b) {
    const uint32_t first = b ? block_end[b - 1] : 0, last = block_end[b];
    uint32_t next[kTargetBlock], end[kTargetBlock];
    for (uint32_t& c : end) c = 0;
    for (uint32_t e = first; e < last; ++e) ++end[low[e]];
    uint32_t at = first;
    for (uint32_t k = 0; k < kTargetBlock; ++k) {
      next[k] = at;
      at += end[k];
      end[k] = at;
    }
    const uint32_t targets = std::min(kTargetBlock, n_ - (b << kTargetBlockBits));
    for (uint32_t k = 0; k < targets; ++k) rev_begin_[(b << kTargetBlockBits) + k] = next[k];
    for (uint32_t k = 0; k < kTargetBlock; ++k) {
      while (next[k] < end[k]) {
        // The entry at k's next place, swapped into its own target's
        // part until one of k's comes.
        uint32_t from = lists[next[k]];
        uint8_t to = low[next[k]];
        while (to != k) {
          const uint32_t place = next[to]++;
          std::swap(from, lists[place]);
          std::swap(to, low[place]);
        }
        lists[next[k]] = from;
        low[next[k]] = (uint8_t)k;
        ++next[k];
      }
    }
  }
  if (t == (team_blocks_split_ < blocks ? 1 : 0)) rev_begin_[n_] = edges;  // (by the thread with the last block)
}

template <class Rules>
void GraphAnalysis<Rules>::team_parents(int t) {
  const uint32_t split = team_split_, lo = t ? split : 0, span = (t ? n_ : split) - lo;
  const uint32_t first_child = t ? marks_[split / kMark].child : 1;
  const uint32_t children_end = t ? n_ : marks_[split / kMark].child;
  uint32_t next = first_child;
  for (uint32_t i = lo; i < lo + span; ++i) parents_of_children(i, &next, children_end);
  if (t == 0) parent_[0] = kNone;
}

template <class Rules>
void GraphAnalysis<Rules>::walk_back_with_team() {
  // The halves split where the states, counted twice (a state walked
  // reads its parent and its list's ends), and their reversed lists are
  // half and half: the states numbered early have the most edges, and an
  // even split of the states left the second thread idle at the barriers
  // some 5 ms of the walk's 18 (balanced, both wait ~2.5).
  uint32_t lo = 0, hi = n_;
  const uint64_t half = (2 * (uint64_t)n_ + rev_begin_[n_]) / 2;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (2 * (uint64_t)mid + rev_begin_[mid] < half) lo = mid + 1;
    else hi = mid;
  }
  walk_split_ = lo;
  walk_.reset(new TeamWalk);
  limits_.team->run(&walk_job, this);
  if (walk_->part[0].queue.size() + walk_->part[1].queue.size() > 0) a_.max_distance = (int)walk_->distance;
  note_bytes(held() + walk_bytes());
  walk_.reset();
  decltype(rev_begin_)().swap(rev_begin_);
  decltype(rev_)().swap(rev_);
  first_dead_ = kNone;
  enter(kDeadEnds);
}

template <class Rules>
bool GraphAnalysis<Rules>::walk_fits() const {
  const uint64_t most = (uint64_t)held() + sizeof(TeamWalk) + 2 * (uint64_t)Blocks<uint32_t>::bytes_for(n_) +
                        ((uint64_t)n_ + rev_.size()) * 2 * sizeof(uint32_t);
  return most <= limits_.max_bytes;
}

template <class Rules>
size_t GraphAnalysis<Rules>::walk_bytes() const {
  size_t bytes = sizeof(TeamWalk);
  for (const typename TeamWalk::Part& p : walk_->part) bytes += p.queue.bytes() + p.handed.capacity() * 4;
  return bytes;
}

template <class Rules>
void GraphAnalysis<Rules>::team_reach(typename TeamWalk::Part& me, uint32_t at, uint32_t distance) {
  const Node node = node_[at];
  if (node & kReached) return;
  node_[at] = (Node)(node | kReached);
  me.queue.push_back(at);
  if (node & kWanted)
    wanted_distance_[std::lower_bound(wanted_.begin(), wanted_.end(), at) - wanted_.begin()] = distance;
}

template <class Rules>
void GraphAnalysis<Rules>::team_walk(int t) {
  SearchTeam& team = *limits_.team;
  typename TeamWalk::Part& me = walk_->part[t];
  const typename TeamWalk::Part& other = walk_->part[1 - t];
  const uint32_t lo = t ? walk_split_ : 0, hi = t ? n_ : walk_split_;
  for (uint32_t i = lo; i < hi; ++i)
    if (node_[i] & kWon) team_reach(me, i, 0);
  uint32_t q = 0;
  for (uint32_t distance = 0;; ++distance) {
    const uint32_t end = me.queue.size();
    for (; q < end; ++q) {
      if (q + 16 < end) {
        const uint32_t later = me.queue[q + 16];
        load_ahead(&parent_[later]);
        load_ahead(&rev_begin_[later]);
      }
      if (q + 8 < end) load_ahead(&rev_[rev_begin_[me.queue[q + 8]]]);
      const uint32_t at = me.queue[q];
      auto reach = [&](uint32_t from) {
        if (from >= lo && from < hi) team_reach(me, from, distance + 1);
        else me.handed.push_back(from);
      };
      if (at != 0) reach(parent_[at]);
      for (uint32_t e = rev_begin_[at]; e < rev_begin_[at + 1]; ++e) reach(rev_[e]);
    }
    team.barrier();
    for (uint32_t at : other.handed) team_reach(me, at, distance + 1);
    me.more = me.queue.size() > end;
    team.barrier();  // both have read what the other handed them, and set `more`
    me.handed.clear();
    // (The next `more` is set after the next distance's first barrier,
    // which the other thread reaches only once it has read this one.)
    if (!me.more && !other.more) {
      if (t == 0) walk_->distance = distance;
      return;
    }
  }
}

}  // namespace tl
