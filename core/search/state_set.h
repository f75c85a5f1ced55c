// state_set.h — where a search keeps its states and how it makes their moves:
// states packed in blocks, found through an open-addressing table of their
// indices (a game with dense state numbers indexes them directly), and
// every move of a state made with its targets' lookups started ahead. The
// searches (shortest_solution.h, graph_analysis.h, win_reachability.h,
// all_solutions.h) are built on it; core/search/search.h is their API.
//
// [SECTION] Blocks
// [SECTION] StateSet
// [SECTION] DenseStateSet
// [SECTION] Successors
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

// Whether a search may take a second thread here: on a host that has one
// (the command line's, and the wasm built with threads: the page's worker
// where the page is cross-origin isolated), not on the device nor in the
// wasm built without them (one thread, and not an instruction more a
// lookup for it).
#if defined(TILELAB_DEVICE) || (defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__))
#define TILELAB_TWO_THREADS 0
#else
#define TILELAB_TWO_THREADS 1
#endif

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
  static constexpr bool kCanSplit = TILELAB_TWO_THREADS && kSmall;
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
void expand_batch(const Rules& rules, const typename Rules::State* s, int count, typename Rules::State* next,
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
        expand_batch(rules, batch_from_, (int)(batch_end_ - i), batch_next_, batch_outcome_);
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

}  // namespace tl
