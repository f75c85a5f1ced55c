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
// [SECTION] Blocks
// [SECTION] StateSet
// [SECTION] DenseStateSet
// [SECTION] Successors
// [SECTION] Shortest solution
// [SECTION] The whole state graph
// [SECTION] Can every state still win? (a fairness check that stops early)
// [SECTION] Every distinct solution
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "vocabulary.h"

namespace tl {

// Starts loading *p from memory ahead of its use: a prefetch, or in
// WebAssembly, which has none (the builtin compiles to nothing there), a
// load whose value is dropped, which starts the cache miss as early. p must
// point at an element of an array (a wasm load past it could leave memory).
template <class T>
inline void load_ahead(const T* p) {
#if defined(__wasm__)
  (void)*(const volatile T*)p;
#else
  __builtin_prefetch(p);
#endif
}

// An allocator whose lists' new entries are left unset by resize(), as
// new T[n] leaves them (a list about to be written whole is not cleared
// first); values given are set as usual.
template <class T>
struct Uninitialized : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = Uninitialized<U>;
  };
  Uninitialized() = default;
  template <class U>
  Uninitialized(const Uninitialized<U>&) {}
  template <class U>
  void construct(U* p) {
    ::new ((void*)p) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new ((void*)p) U(std::forward<Args>(args)...);
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Blocks: a growing array that never copies
// ---------------------------------------------------------------------------
// Elements in blocks of about 4 KB: it grows a block at a time, so what it
// holds is what it uses (a vector that doubles holds up to twice that, and
// three times while it copies), and an element never moves.
template <class T>
class Blocks {
 public:
  static constexpr uint32_t shift_for(size_t elements) {
    uint32_t shift = 0;
    while (elements >> (shift + 1)) ++shift;
    return shift;
  }
  static constexpr uint32_t kShift = shift_for(4096 / sizeof(T));
  static constexpr uint32_t kBlock = 1u << kShift;

  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](uint32_t i) { return blocks_[i >> kShift][i & (kBlock - 1)]; }
  const T& operator[](uint32_t i) const { return blocks_[i >> kShift][i & (kBlock - 1)]; }
  void push_back(const T& v) {
    if ((size_ >> kShift) == blocks_.size()) blocks_.emplace_back(new T[kBlock]);
    (*this)[size_++] = v;
  }
  T& back() { return (*this)[size_ - 1]; }
  // n elements (those past the old size not set: the caller writes them).
  void grow_to(uint32_t n) {
    while (((size_t)n + kBlock - 1) >> kShift > blocks_.size()) blocks_.emplace_back(new T[kBlock]);
    size_ = n;
  }
  void clear() { size_ = 0; }  // keeps its blocks
  void release() {
    std::vector<std::unique_ptr<T[]>>().swap(blocks_);
    size_ = 0;
  }
  size_t bytes() const { return blocks_.size() * (size_t)kBlock * sizeof(T) + blocks_.capacity() * sizeof(void*); }
  // What `count` elements would take: a 64-bit count reckoned in 64 bits
  // (no overflow on a 32-bit machine), a 32-bit one (a store's size, checked
  // at every insertion) in the machine's word.
  static size_t bytes_for(uint64_t count) {
    const uint64_t blocks = (count + kBlock - 1) >> kShift;
    return (size_t)(blocks * kBlock * sizeof(T) + blocks * sizeof(void*));
  }
  static size_t bytes_for(uint32_t count) {
    const size_t blocks = ((size_t)count + kBlock - 1) >> kShift;
    return blocks * (kBlock * sizeof(T) + sizeof(void*));
  }

 private:
  std::vector<std::unique_ptr<T[]>> blocks_;
  uint32_t size_ = 0;
};

// ---------------------------------------------------------------------------
// [SECTION] StateSet: packed states with open-addressing lookup
// ---------------------------------------------------------------------------
// A table of 2^k slots finds the states, which live in Blocks in the order
// they came. A slot of a state of up to 16 bytes is 4 bytes: index + 1 in
// its low k bits (the table stays under 2^k states), the hash's low bits
// above as a tag, so a probe reads the state only when the tag matches. A
// larger state takes 8: index + 1, and 32 bits of its hash as the tag. 0 is
// empty.
template <class State>
class StateSet {
 public:
  static constexpr uint32_t kFull = 0xffffffffu;
  static constexpr bool kSmall = sizeof(State) <= 16;
  static constexpr size_t kSmallTable = 1u << 16;
  using Slot = typename std::conditional<kSmall, uint32_t, uint64_t>::type;
  template <class Rules>
  explicit StateSet(const Rules&) {}
  // How many states a search should make room for up front (0: grow as needed).
  uint32_t expected_states() const { return 0; }

  void clear() {
    states_.clear();
    if (split_) {
      split_ = false;
      std::vector<Slot>().swap(other_);
      std::vector<Slot>().swap(slots_);
    }
    if (slots_.empty()) {
      resize_table(256);
    } else {
      memset((void*)slots_.data(), 0, slots_.size() * sizeof(Slot));
    }
  }
  uint32_t size() const { return states_.size(); }
  const State& operator[](uint32_t i) const { return states_[i]; }
  size_t bytes() const { return states_.bytes() + (slots_.capacity() + other_.capacity()) * sizeof(Slot); }

  // Start loading the slot a state with this hash begins its probe at.
  void prefetch(uint64_t hash) const {
    const std::vector<Slot>& table = table_of(hash);
    if (!table.empty()) load_ahead(&table[(uint32_t)(hash >> 32) & mask_]);
  }

  // The index of `s` (whose hash() is `hash`), inserting it when new
  // (*inserted tells which). Returns kFull when inserting would pass
  // max_states or max_bytes.
  uint32_t find_or_insert(const State& s, uint64_t hash, bool* inserted, uint32_t max_states, size_t max_bytes) {
    if constexpr (kCanSplit) {
      if (split_) return find_or_insert_split(s, hash, inserted, max_states, max_bytes);
    }
    const Slot tag = tag_of(hash);
    uint32_t h = (uint32_t)(hash >> 32) & mask_;
    for (;; h = (h + 1) & mask_) {
      const Slot slot = slots_[h];
      if (slot == 0) break;
      if (holds(slot, tag, s)) {
        *inserted = false;
        return index_of(slot);
      }
    }
    if (states_.size() >= max_states) return kFull;
    // The table stays at most 5/8 full: short probes at a modest size. A
    // small one (up to kSmallTable slots) stays at most half full and grows
    // fourfold (every state is placed anew at a growth), a larger one
    // twofold (what it holds stays near what it uses).
    if ((states_.size() + 1) * 8 > slots_.size() * (slots_.size() <= kSmallTable ? 4 : 5)) {
      const size_t grown = slots_.size() * (slots_.size() < kSmallTable ? 4 : 2);
      if (Blocks<State>::bytes_for(states_.size() + 1) + grown * sizeof(Slot) > max_bytes) return kFull;
      resize_table(grown);
      for (h = (uint32_t)(hash >> 32) & mask_; slots_[h] != 0; h = (h + 1) & mask_) {
      }
    }
    if (Blocks<State>::bytes_for(states_.size() + 1) + slots_.size() * sizeof(Slot) > max_bytes) return kFull;
    slots_[h] = slot_of(tag_of(hash), states_.size());  // (the tag's bits move when the table grows)
    states_.push_back(s);
    *inserted = true;
    return states_.size() - 1;
  }
  uint32_t find_or_insert(const State& s, bool* inserted, uint32_t max_states, size_t max_bytes) {
    return find_or_insert(s, s.hash(), inserted, max_states, max_bytes);
  }
  uint64_t hash_of(const State& s) const { return s.hash(); }
  // The index of s, or kFull when it is not in the set.
  uint32_t find(const State& s) const { return find(s, s.hash()); }
  uint32_t find(const State& s, uint64_t hash) const {
    const std::vector<Slot>& table = table_of(hash);
    const Slot tag = tag_of(hash);
    for (uint32_t h = (uint32_t)(hash >> 32) & mask_;; h = (h + 1) & mask_) {
      const Slot slot = table[h];
      if (slot == 0) return kFull;
      if (holds(slot, tag, s)) return index_of(slot);
    }
  }
  // Frees the lookup table and the states once a search needs only indices.
  void release() {
    states_.release();
    std::vector<Slot>().swap(slots_);
    std::vector<Slot>().swap(other_);
    split_ = false;
    mask_ = 0;
  }

  // [Two halves] A search on two threads (GraphAnalysis with a SearchTeam)
  // splits the table by the hash's top bit: each thread looks up and places
  // the states of its half in the half's own table, so no slot is written
  // by one thread and read by the other. The states stay one list, in the
  // order the search numbers them (appended by the caller, then placed).
  // Both tables have the same size; a slot's index bits cover both halves'
  // states (one bit more than a table's), and the tables grow together
  // when the fuller half passes 5/8.
  // (Not on the device nor in the page's wasm: one thread there, and not an
  // instruction more a lookup.)
#if defined(TILELAB_DEVICE) || defined(__EMSCRIPTEN__)
  static constexpr bool kCanSplit = false;
#else
  static constexpr bool kCanSplit = kSmall;
#endif
  bool split() const { return split_; }
  static int half_of(uint64_t hash) { return (int)(hash >> 63); }
  // Into two halves' tables of the current size each, every state placed
  // anew; *in_half, how many states each half holds.
  void split_in_two(uint32_t* in_half) {
    split_ = true;
    const size_t n = slots_.size();
    std::vector<Slot>().swap(slots_);
    set_size(n);
    for (int half = 0; half < 2; ++half) in_half[half] = rebuild_half(half);
  }
  // Back to one table, as large as a search on one thread would have it
  // now (its growth depends only on how many states it holds), so the
  // search goes on as it would have on one.
  void join_halves() {
    if (!split_) return;
    split_ = false;
    std::vector<Slot>().swap(other_);
    resize_table(slots_for(states_.size()));
  }
  // The slots of one table with this many states on one thread.
  static size_t slots_for(uint32_t states) {
    size_t n = 256;
    while ((size_t)states * 8 > n * (n <= kSmallTable ? 4 : 5)) n *= n < kSmallTable ? 4 : 2;
    return n;
  }
  size_t half_slots() const { return slots_.size(); }
  // The tables' size for this many states in the fuller half (at least
  // the current one).
  size_t half_slots_for(uint32_t most_in_a_half) const {
    size_t n = slots_.size();
    while ((size_t)most_in_a_half * 8 > n * 5) n *= 2;
    return n;
  }
  // Sets both tables' size (each half then rebuilds its own: rebuild_half).
  void set_size(size_t n) {
    mask_ = (uint32_t)n - 1;
    index_bits_ = (uint32_t)__builtin_ctzll(n) + 1;
    index_mask_ = (Slot)(((uint64_t)1 << index_bits_) - 1);
    table_size_ = n;
  }
  // One half's table anew at the set size, every state of that half in the
  // list placed (a thread does its own half).
  // The states are read a block at a time, a batch of the half's gathered
  // with no branch on which half (as likely as not), their slots requested
  // while the batch before is placed. Returns how many it placed.
  uint32_t rebuild_half(int half) {
    std::vector<Slot>& table = half ? other_ : slots_;
    std::vector<Slot>().swap(table);
    table.resize(table_size_);
    constexpr uint32_t kBatch = 32;
    uint64_t hashes[2][kBatch];
    uint32_t indices[2][kBatch], count[2] = {0, 0}, placed = 0;
    int now = 0;
    const uint32_t n = states_.size();
    for (uint32_t first = 0; first < n; first += Blocks<State>::kBlock) {
      const State* block = &states_[first];
      const uint32_t in_block = std::min(Blocks<State>::kBlock, n - first);
      for (uint32_t k = 0; k < in_block;) {
        const uint32_t stop = std::min(in_block, k + kBatch);
        uint32_t c = 0;
        for (; k < stop; ++k) {
          const uint64_t hash = block[k].hash();
          hashes[now][c] = hash;
          indices[now][c] = first + k;
          c += half_of(hash) == half;
        }
        count[now] = c;
        placed += c;
        for (uint32_t j = 0; j < c; ++j) load_ahead(&table[(uint32_t)(hashes[now][j] >> 32) & mask_]);
        now = 1 - now;
        for (uint32_t j = 0; j < count[now]; ++j) place(hashes[now][j], indices[now][j]);
        count[now] = 0;
      }
    }
    now = 1 - now;
    for (uint32_t j = 0; j < count[now]; ++j) place(hashes[now][j], indices[now][j]);
    return placed;
  }
  // A lookup in a half's table that places a state it does not find, with
  // a number of the caller's (`provisional`, at or past `first_new`: the
  // caller's own states, not yet in the list, which same_new(number)
  // compares with s) in its probe's first empty slot, *at. Returns the
  // number found (a state of the list below first_new, or one placed so),
  // or kFull when it placed s. The caller then gives each state placed so
  // its number (renumber), or rebuilds the table; its numbers must fit a
  // slot (half_numbers()).
  template <class SameNew>
  uint32_t find_or_place(const State& s, uint64_t hash, uint32_t first_new, SameNew same_new, uint32_t provisional,
                         uint32_t* at) {
    std::vector<Slot>& table = half_of(hash) ? other_ : slots_;
    const Slot tag = tag_of(hash);
    uint32_t h = (uint32_t)(hash >> 32) & mask_;
    for (;; h = (h + 1) & mask_) {
      const Slot slot = table[h];
      if (slot == 0) break;
      if ((slot & ~index_mask_) != tag) continue;
      const uint32_t index = index_of(slot);
      if (index < first_new ? states_[index] == s : same_new(index)) return index;
    }
    table[h] = slot_of(tag, provisional);
    *at = h;
    return kFull;
  }
  // The numbers a slot of two halves' tables of n slots each holds (index
  // + 1 in one bit more than a table's).
  static uint64_t half_numbers(size_t n) { return 2 * (uint64_t)n - 1; }
  // The state placed at slot `at` of a half's table given its number.
  void renumber(int half, uint32_t at, uint32_t index) {
    Slot& slot = (half ? other_ : slots_)[at];
    slot = (slot & ~index_mask_) | (Slot)(index + 1);
  }
  void prefetch_slot(int half, uint32_t at) const { load_ahead(&(half ? other_ : slots_)[at]); }
  // Room for states up to n, which the caller numbers and writes (set_state);
  // each half's thread then places its own.
  void grow_to(uint32_t n) { states_.grow_to(n); }
  void set_state(uint32_t index, const State& s) { states_[index] = s; }
  // State `index` into its half's table (the caller made room).
  void place(uint64_t hash, uint32_t index) { put(half_of(hash) ? &other_ : &slots_, hash, index); }
  // Start loading a list's state (a probe's match, ahead of its compare).
  void prefetch_state(uint32_t index) const { load_ahead(&states_[index]); }
  // The slot a probe for this hash starts at (the lookups ahead of theirs).
  Slot home_slot(uint64_t hash) const { return table_of(hash)[(uint32_t)(hash >> 32) & mask_]; }
  // A slot's state index, or kFull when it holds none or another tag.
  uint32_t candidate(Slot slot, uint64_t hash) const {
    return slot != 0 && (slot & ~index_mask_) == tag_of(hash) ? index_of(slot) : kFull;
  }

 private:
  // The tag of a hash, in place above the index bits.
  Slot tag_of(uint64_t hash) const {
    if constexpr (kSmall) return (Slot)(((hash & 0xffffffffu) >> index_bits_) << index_bits_);
    else return (Slot)(hash << 32);
  }
  Slot slot_of(Slot tag, uint32_t index) const { return tag | (Slot)(index + 1); }
  uint32_t index_of(Slot slot) const { return (uint32_t)(slot & index_mask_) - 1; }
  bool holds(Slot slot, Slot tag, const State& s) const {
    return (slot & ~index_mask_) == tag && states_[index_of(slot)] == s;
  }

  const std::vector<Slot>& table_of(uint64_t hash) const {
    if constexpr (kCanSplit) return split_ && half_of(hash) ? other_ : slots_;
    return slots_;
  }
  // find_or_insert() on halves (after a search on two threads: the solution
  // line's lookups): a state found in its half; a new one would join the
  // halves first (those lookups only find).
  uint32_t find_or_insert_split(const State& s, uint64_t hash, bool* inserted, uint32_t max_states, size_t max_bytes) {
    const uint32_t found = find(s, hash);
    if (found != kFull) {
      *inserted = false;
      return found;
    }
    join_halves();
    return find_or_insert(s, hash, inserted, max_states, max_bytes);
  }

  // A table of n (a power of two) empty slots, every state placed anew: the
  // old table goes first, so the two are never held together.
  void resize_table(size_t n) {
    std::vector<Slot>().swap(slots_);
    slots_.resize(n);  // value-initialised: empty
    mask_ = (uint32_t)n - 1;
    index_bits_ = kSmall ? (uint32_t)__builtin_ctzll(n) : 32;
    index_mask_ = (Slot)(((uint64_t)1 << index_bits_) - 1);
    for (uint32_t i = 0; i < states_.size(); ++i) put(&slots_, states_[i].hash(), i);
  }
  // State `index` into the first empty slot of its probe in `table`.
  void put(std::vector<Slot>* table, uint64_t hash, uint32_t index) {
    uint32_t h = (uint32_t)(hash >> 32) & mask_;
    while ((*table)[h] != 0) h = (h + 1) & mask_;
    (*table)[h] = slot_of(tag_of(hash), index);
  }

  Blocks<State> states_;
  std::vector<Slot> slots_;   // split: the first half's table
  std::vector<Slot> other_;   // split: the second half's
  bool split_ = false;
  size_t table_size_ = 0;     // split: each table's slots
  uint32_t mask_ = 0;
  uint32_t index_bits_ = 32;  // the low bits of a slot that hold index + 1
  Slot index_mask_ = 0;
};

// ---------------------------------------------------------------------------
// [SECTION] DenseStateSet: the same interface for games with dense state indices
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

// ---------------------------------------------------------------------------
// [SECTION] Successors: every move from a state, its lookups ahead
// ---------------------------------------------------------------------------
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

template <class R, class = void>
struct HasExpandBatch : std::false_type {};
template <class R>
struct HasExpandBatch<R, decltype((void)std::declval<const R&>().expand_batch(
                             (const typename R::State*)nullptr, 0, (typename R::State*)nullptr, (Outcome*)nullptr))>
    : std::true_type {};

// The moves of `count` states, state after state: next[i * kMoves + m]. A
// game may add `void expand_batch(const State*, int count, State* next,
// Outcome* outcome) const` to make many at once (Skiddy: a board a lane of
// the vector registers).
template <class Rules>
void expand_batch_moves(const Rules& rules, const typename Rules::State* s, int count, typename Rules::State* next,
                        Outcome* outcome) {
  if constexpr (HasExpandBatch<Rules>::value) {
    rules.expand_batch(s, count, next, outcome);
  } else {
    for (int i = 0; i < count; ++i) expand_moves(rules, s[i], next + i * Rules::kMoves, outcome + i * Rules::kMoves);
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
    request(seen);
  }
  // The same from moves made already (a batch's).
  void take(const StateStore<Rules>& seen, int moves, const typename Rules::State* made, const Outcome* outcomes) {
    count = moves;
    for (int m = 0; m < count; ++m) {
      next[m] = made[m];
      outcome[m] = outcomes[m];
    }
    request(seen);
  }

 private:
  void request(const StateStore<Rules>& seen) {
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
// Where the game makes many states' moves at once (expand_batch), natively
// (not on the device, nor in the page's wasm: no lanes there, and a batch
// would only be copied), their moves are made kBatch states at a time, the
// slots still requested a state ahead. (Skiddy's batch is lanes where the
// processor runs AVX-512 or AVX2 and BMI2 fast, else a state at a time.)
template <class Rules>
class ExpandAhead {
 public:
#if defined(TILELAB_DEVICE) || defined(__EMSCRIPTEN__)
  static constexpr bool kBatched = false;
#else
  static constexpr bool kBatched = HasExpandBatch<Rules>::value;
#endif
  static constexpr uint32_t kBatch = 16;

  // The successors of state i, for i rising (states may be skipped).
  const Successors<Rules>& at(const Rules& rules, const StateStore<Rules>& seen, uint32_t i) {
    Successors<Rules>& now = buffer_[i & 1];
    if (ahead_ != i) fill(rules, seen, i, &now);
    ahead_ = 0xffffffffu;
    // Dense states are found by direct indexing: nothing to load ahead.
    if (!HasDenseStates<Rules>::value && i + 1 < seen.size()) {
      fill(rules, seen, i + 1, &buffer_[(i + 1) & 1]);
      ahead_ = i + 1;
    }
    return now;
  }

 private:
  void fill(const Rules& rules, const StateStore<Rules>& seen, uint32_t i, Successors<Rules>* out) {
    if constexpr (kBatched) {
      if (i < batch_begin_ || i >= batch_end_) {
        // The next kBatch states (those there are) at once.
        batch_begin_ = i;
        batch_end_ = std::min<uint32_t>(seen.size(), i + kBatch);
        for (uint32_t k = i; k < batch_end_; ++k) batch_from_[k - i] = seen[k];
        expand_batch_moves(rules, batch_from_, (int)(batch_end_ - i), batch_next_, batch_outcome_);
      }
      const uint32_t at = (i - batch_begin_) * Rules::kMoves;
      out->take(seen, rules.move_count(), batch_next_ + at, batch_outcome_ + at);
    } else {
      out->expand(rules, seen, seen[i]);
    }
  }

  // On the heap: with many moves (Golf Peaks: 48) two buffers would outgrow
  // the device's 1 KB of stack a function.
  std::vector<Successors<Rules>> buffer_ = std::vector<Successors<Rules>>(2);
  uint32_t ahead_ = 0xffffffffu;
  struct Empty {};
  template <class T, size_t N>
  using BatchArray = typename std::conditional<kBatched, T[N], Empty>::type;
  uint32_t batch_begin_ = 0, batch_end_ = 0;  // the states whose moves are made
  BatchArray<typename Rules::State, kBatch> batch_from_;
  BatchArray<typename Rules::State, kBatch * Rules::kMoves> batch_next_;
  BatchArray<Outcome, kBatch * Rules::kMoves> batch_outcome_;
};

// ---------------------------------------------------------------------------
// [SECTION] Shortest solution
// ---------------------------------------------------------------------------
// Breadth first to the first win. It runs in parts: run() goes on from
// where the last stopped, each state expanded spending one of *budget, and
// pauses where it runs out (null: no end); the rules and the path must stay
// where they are until it has its answer.
template <class Rules>
class ShortestSolution : public SolveTask {
 public:
  using State = typename Rules::State;
  ShortestSolution(const Rules& rules, const State& start, const SearchLimits& limits, MoveList* path)
      : rules_(rules), limits_(limits), path_(path), seen_(rules) {
    seen_.clear();
    parent_.reserve(seen_.expected_states());
    via_.reserve(seen_.expected_states());
    bool inserted;
    if (seen_.find_or_insert(start, &inserted, limits_.max_states, limits_.max_bytes) == StateStore<Rules>::kFull) {
      result_.capped = true;
      done_ = true;
      return;
    }
    parent_.push_back(kNone);
    via_.push_back(0);
  }

  bool run(uint64_t* budget) override {
    if (done_) return true;
    bool inserted;
    for (; next_ < seen_.size(); ++next_) {
      if (budget) {
        if (*budget == 0) return false;
        --*budget;
      }
      const uint32_t i = next_;
      ++result_.expanded;
      limits_.report_progress(i, seen_.size(), seen_.bytes() + parent_.capacity() * 5);
      const Successors<Rules>& succ = expander_.at(rules_, seen_, i);
      for (int m = 0; m < succ.count; ++m) {
        Outcome o = succ.outcome[m];
        if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
        if (o == Outcome::kWon) return found(i, m);
        size_t used = parent_.capacity() * 5;
        uint32_t id = used >= limits_.max_bytes
                          ? StateStore<Rules>::kFull
                          : seen_.find_or_insert(succ.next[m], succ.hash[m], &inserted, limits_.max_states,
                                                 limits_.max_bytes - used);
        if (id == StateStore<Rules>::kFull) {
          result_.capped = true;
          result_.states = seen_.size();
          done_ = true;
          return true;
        }
        if (inserted) {
          parent_.push_back(i);
          via_.push_back((uint8_t)m);
        }
      }
    }
    result_.states = seen_.size();
    done_ = true;
    return true;
  }
  const SolveResult& result() const override { return result_; }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  // The win by move m from state i: the path back through the parents.
  bool found(uint32_t i, int m) {
    result_.states = seen_.size();
    result_.solvable = true;
    MoveList reversed;
    reversed.push_back((Move)m);
    for (uint32_t at = i; parent_[at] != kNone; at = parent_[at]) reversed.push_back(via_[at]);
    result_.length = (int)reversed.size();
    if (path_) path_->assign(reversed.rbegin(), reversed.rend());
    done_ = true;
    return true;
  }

  const Rules& rules_;
  const SearchLimits limits_;
  MoveList* path_;
  StateStore<Rules> seen_;
  std::vector<uint32_t> parent_;
  std::vector<uint8_t> via_;
  ExpandAhead<Rules> expander_;
  SolveResult result_;
  uint32_t next_ = 0;  // the state to expand next
  bool done_ = false;
};

template <class Rules>
SolveResult search_solve(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits,
                         MoveList* path) {
  ShortestSolution<Rules> shortest(rules, start, limits, path);
  shortest.run(nullptr);
  return shortest.result();
}

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
class GraphAnalysis {
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
  bool run(uint64_t* budget) {
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
        if (cursor_ == level_end_ && !budget && limits_.team && seen_.size() - cursor_ >= limits_.team_level) {
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
  void explore_with_team() {
    if (!team_fits(seen_.size() - cursor_)) return;
    team_.reset(new Team);
    uint32_t in_half[2];
    seen_.split_in_two(in_half);  // (joined, or never split, whenever one thread explores)
    for (int h = 0; h < 2; ++h) team_->half[h].states = in_half[h];
    limits_.team->run(&team_job, this);
    team_.reset();
    teamed_ = true;  // the later passes over the whole graph go on both threads too
  }
  static void team_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_steps(thread); }
  void team_steps(int t) {
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
  // Whether the level [cursor_, seen_.size()) may go on both threads:
  // every state it could add, and their edges, leave one thread's search
  // uncapped and two threads' memory within max_bytes.
  bool team_fits(uint32_t level) const {
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
  bool team_next_level() {
    const uint32_t begin = cursor_, end = seen_.size();
    if (begin >= end) return false;  // the search is over
    if (!team_fits(end - begin)) {
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
  // A list whose level is done, emptied; much larger than the level took,
  // it is let go for one a little larger (the levels narrow towards the
  // end, when the tables are largest).
  template <class List>
  static void trim(List* v) {
    const size_t n = v->size();
    if (v->capacity() > n + n / 4 + 1024) {
      List fitting;
      fitting.reserve(n + n / 16);
      v->swap(fitting);
    }
    v->clear();
  }

  const Candidate& fresh_candidate(int h, uint32_t ref) const {
    return team_->thread[ref >> 31].found[h][ref & 0x7fffffffu];
  }
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
  void team_expand(int t) {
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
      expand_batch_moves(rules_, me.from, expanding, me.next, me.outcome);
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
  size_t team_slots_to_look_up() const {
    size_t slots = seen_.half_slots();
    for (int h = 0; h < 2; ++h) {
      const uint64_t most = (uint64_t)team_->thread[0].found[h].size() + team_->thread[1].found[h].size();
      while ((team_->half[h].states + most) * 16 > (uint64_t)slots * 15 ||
             team_->end + most + 2 > StateSet<State>::half_numbers(slots))
        slots *= 2;
    }
    return slots;
  }
  void team_look_up(int h) {
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
  // 3. First (thread 0) the room for the level's new states, their edges
  // and marks, and the tables' size.
  void team_make_room() {
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
  // Then each thread its states' successors, in order: a known one is an
  // edge; an answer, a state of the list (an edge), or a new one: the
  // first to find it numbers it (its child: written, its number noted in
  // its half's list), a later one takes its number, or waits for it when
  // the other thread's states found it first (a later thread's: only the
  // second's states' edges wait).
  void team_link(int t) {
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
  // 4. The edges that waited, now that every new state has its number.
  void team_link_waiting(int t) {
    const std::vector<uint32_t>& waiting = team_->thread[t].waiting;
    for (size_t w = 0; w < waiting.size(); w += 2)
      edges_[waiting[w]] = team_->half[waiting[w + 1] >> 31].number[waiting[w + 1] & 0x7fffffffu];
  }
  // 4. This half's new states given their numbers in its table, their
  // slots requested ahead (all of the half's states placed anew when the
  // tables grew).
  void team_place(int h) {
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
  // Thread 0, the level done: the losing moves summed, what it holds noted,
  // the lists emptied.
  void team_finish_level() {
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
  size_t team_bytes() const {
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
  void reverse_edges_with_team() {
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
  // Whether the two threads' reversal stays within max_bytes: the lists,
  // and while they are made a byte an edge and the blocks' room, beside
  // what is held (else the edges are reversed on one thread, as the caps
  // reckon: the same edges, so two threads stop where one does).
  bool reversing_fits() const {
    const uint64_t edges = edges_.size(), blocks = target_blocks();
    const uint64_t most = (uint64_t)held() + ((uint64_t)n_ + 1 + edges + 1) * 4 + edges + 2 * blocks * 4;
    return most <= limits_.max_bytes;
  }
  static void reverse_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_reverse(thread); }
  static void parents_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_parents(thread); }
  // This thread's part of the states (kMark at a time: their edges begin
  // at their marks), their edges in order, each with its state: f(target,
  // state).
  template <class F>
  void team_edges(int t, F f) const {
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
  void team_reverse(int t) {
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
  // The parents of this thread's part's states' children (which follow
  // them): as find_parents, each thread within its own children.
  void team_parents(int t) {
    const uint32_t split = team_split_, lo = t ? split : 0, span = (t ? n_ : split) - lo;
    const uint32_t first_child = t ? marks_[split / kMark].child : 1;
    const uint32_t children_end = t ? n_ : marks_[split / kMark].child;
    uint32_t next = first_child;
    for (uint32_t i = lo; i < lo + span; ++i) parents_of_children(i, &next, children_end);
    if (t == 0) parent_[0] = kNone;
  }

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
  void walk_back_with_team() {
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
  // Whether the walk on two threads stays within max_bytes at its most:
  // its two queues hold every state at most once, and what the threads hand
  // each other at one distance is at most an edge a state.
  bool walk_fits() const {
    const uint64_t most = (uint64_t)held() + sizeof(TeamWalk) + 2 * (uint64_t)Blocks<uint32_t>::bytes_for(n_) +
                          ((uint64_t)n_ + rev_.size()) * 2 * sizeof(uint32_t);
    return most <= limits_.max_bytes;
  }
  size_t walk_bytes() const {
    size_t bytes = sizeof(TeamWalk);
    for (const typename TeamWalk::Part& p : walk_->part) bytes += p.queue.bytes() + p.handed.capacity() * 4;
    return bytes;
  }
  static void walk_job(void* self, int thread) { static_cast<GraphAnalysis*>(self)->team_walk(thread); }
  // A state of this thread's half reached at this distance.
  void team_reach(typename TeamWalk::Part& me, uint32_t at, uint32_t distance) {
    const Node node = node_[at];
    if (node & kReached) return;
    node_[at] = (Node)(node | kReached);
    me.queue.push_back(at);
    if (node & kWanted)
      wanted_distance_[std::lower_bound(wanted_.begin(), wanted_.end(), at) - wanted_.begin()] = distance;
  }
  void team_walk(int t) {
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

  const Rules& rules_;
  const SearchLimits limits_;
  Analysis& a_;
  StateStore<Rules> seen_;
  ExpandAhead<Rules> expander_;
  std::unique_ptr<Team> team_;  // exploring on two threads: their lists
  std::unique_ptr<TeamWalk> walk_;  // walking back on two threads
  bool teamed_ = false;         // explored on two threads: the later passes too
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

template <class Rules>
Analysis search_analyze(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits) {
  Analysis a;
  GraphAnalysis<Rules>(rules, start, limits, &a).run(nullptr);
  return a;
}

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
class WinReachability {
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
  bool run(uint64_t* budget) {
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

// ---------------------------------------------------------------------------
// [SECTION] Every distinct solution, for games whose every move uses something up (Golf
// Peaks: a card), so no state comes back and the search ends. A depth-first
// walk on an explicit stack; states from which it found no win are
// remembered and not walked again. Stops after `max` solutions. Solutions
// come in move order, each a list of move ids. It runs in parts: run() goes
// on from where the last stopped, each move tried spending one of *budget,
// and pauses when that is spent (a generator's slice; null: no end). The
// rules and `out` must stay as they are until it has finished.
// ---------------------------------------------------------------------------
template <class Rules>
class AllSolutions {
 public:
  using State = typename Rules::State;
  AllSolutions(const Rules& rules, const State& start, const SearchLimits& limits, size_t max,
               std::vector<MoveList>* out)
      : rules_(rules), limits_(limits), max_(max), out_(out), dead_(rules), stack_(1, Frame{start, 0, false}) {
    dead_.clear();
  }
  // True once the search has ended (found them all, or `max`); false when
  // the budget ran out first.
  bool run(uint64_t* budget) {
    bool inserted;
    while (!stack_.empty() && !stopped_) {
      Frame& f = stack_.back();
      if (f.next_move == rules_.move_count()) {
        const bool found = f.found;
        // When the memory runs out, dead states are simply not remembered.
        if (!found) dead_.find_or_insert(f.state, &inserted, limits_.max_states, limits_.max_bytes);
        stack_.pop_back();
        if (!stack_.empty()) {
          stack_.back().found |= found;
          path_.pop_back();
        }
        continue;
      }
      if (budget) {
        if (*budget == 0) return false;
        --*budget;
      }
      const int m = f.next_move++;
      State next = f.state;
      Outcome o = rules_.apply(next, m);
      if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
      if (o == Outcome::kWon) {
        f.found = true;
        out_->push_back(path_);
        out_->back().push_back((Move)m);
        if (out_->size() >= max_) stopped_ = true;
        continue;
      }
      if (dead_.find(next) != StateSet<State>::kFull) continue;
      path_.push_back((Move)m);
      stack_.push_back(Frame{next, 0, false});
    }
    return true;
  }
  // Once run() is true: whether every solution was found (not stopped at `max`).
  bool complete() const { return !stopped_; }

 private:
  struct Frame {
    State state;
    int next_move;
    bool found;
  };
  const Rules& rules_;
  SearchLimits limits_;
  size_t max_;
  std::vector<MoveList>* out_;
  StateSet<State> dead_;
  std::vector<Frame> stack_;
  MoveList path_;
  bool stopped_ = false;
};

// The same in one go; false when it stopped at `max` solutions.
template <class Rules>
bool search_all_solutions(const Rules& rules, const typename Rules::State& start, const SearchLimits& limits,
                          size_t max, std::vector<MoveList>* out) {
  AllSolutions<Rules> search(rules, start, limits, max, out);
  search.run(nullptr);
  return search.complete();
}

}  // namespace tl
