// Golf Peaks: the generator (ours; the article has none; the manual is
// README.md).
//
// From a designed path: random terrain (raised plateaus, a ragged edge of
// holes), the special tiles of the level's kinds and a ball on flat ground;
// then the ball plays random cards in random directions, each turning from
// the last, never crossing the way drawn so far, and no two able to trade
// places (other orders of the cards would find the way too); the flag goes
// where the last one stops. Those cards are the hand. While the level has
// more solutions than allowed (or ones that leave cards unplayed), a cell such
// a solution needs and the designed way never touches becomes a hole (the
// Tickles Penguin way: draw the way, then close the shortcuts; a warp made a
// hole leaves its partner plain ground, as warps come in pairs). A level is
// kept when all its solutions play every card, there are at most the allowed
// number of them, and, when it has special tiles, the same level with them
// flattened is solved otherwise or not at all: the tiles matter. At
// difficulty 1 and 2 a level uses one kind of tile, so levels teach one tile
// at a time. Deterministic per seed.
//
// [SECTION] Limits and the design
// [SECTION] Terrain, cards and holes
// [SECTION] A hand from a designed path
// [SECTION] The generator, slice by slice, and the game table's entry points
#include <string.h>

#include "core/base/grid.h"
#include "core/base/rng.h"
#include "core/game/generator.h"
#include "core/search/search.h"
#include "golf.h"

namespace tl {
namespace golf {

namespace {

constexpr int kAttempts = 300;

// The tile kind of each `tiles` choice (golf.cpp names them): after "all" and "none", one kind each.
const uint8_t kChoiceKind[] = {kNone, kNone, kSlope, kAngle, kSand, kQuick, kWater, kSpring, kWarp, kBelt, kIce};
static_assert(sizeof kChoiceKind == kTileChoiceCount, "a tile kind for every choice");
constexpr int kChoiceCount = kTileChoiceCount, kAllTiles = 0, kNoTiles = 1, kFirstKind = 2;

// [SECTION] Limits and the design
// The generator's search limits: the same numbers on every platform (the
// searches count their memory by vector capacities, which grow alike
// everywhere), so a layout is kept or refused alike on every target, within
// the handheld's 6 MB.
SearchLimits generator_limits() {
  SearchLimits limits;
  limits.max_states = 100000;
  limits.max_bytes = (size_t)6 << 20;
  return limits;
}

// The level with its special tiles made plain ground (the flag stays).
void flatten(const Rules& r, Rules* flat) {
  *flat = r;
  for (int c = 0; c < r.width * r.height; ++c)
    if (flat->tile[c].kind != kNone && flat->tile[c].kind != kFlag) flat->tile[c].kind = kFlat;
}

// What one level asks for, from the parameters.
struct Design {
  int width, height, cards, difficulty, tiles;
  int special;      // special tiles to place
  int kinds_used;   // tile kinds a level mixes (with tiles=all)
  int max_strength; // the strongest roll or flight
  size_t max_solutions;
};

// [SECTION] Terrain, cards and holes
// Terrain (flat ground at 0, plateaus raised by one, holes along the edge),
// then the special tiles of the level's kinds on random flat ground. Returns
// how many kinds it uses.
int lay_ground(const Design& d, Rng& rng, Rules* out) {
  Rules& r = *out;
  r = Rules();
  memset(r.warp_to, 0, sizeof r.warp_to);
  r.width = d.width;
  r.height = d.height;
  const int width = d.width, height = d.height;
  for (int c = 0; c < width * height; ++c) {
    r.tile[c].kind = kFlat;
    int x = c % width, y = c / width;
    bool edge = x == 0 || y == 0 || x == width - 1 || y == height - 1;
    if (edge && rng.below(4) == 0) r.tile[c].kind = kNone;
  }
  for (int k = 0; k <= d.difficulty; ++k) {
    int w = 2 + (int)rng.below((uint32_t)(width / 2)), h = 2 + (int)rng.below((uint32_t)(height / 2));
    int x0 = (int)rng.below((uint32_t)(width - w + 1)), y0 = (int)rng.below((uint32_t)(height - h + 1));
    for (int y = y0; y < y0 + h; ++y)
      for (int x = x0; x < x0 + w; ++x)
        if (r.tile[y * width + x].kind != kNone && r.tile[y * width + x].height < kMaxGround)
          ++r.tile[y * width + x].height;
  }
  uint8_t kinds[3];
  int kind_n = 0;
  if (d.tiles >= kFirstKind) {
    kinds[kind_n++] = kChoiceKind[d.tiles];
  } else if (d.tiles == kAllTiles) {
    while (kind_n < d.kinds_used) {
      uint8_t k = kChoiceKind[kFirstKind + rng.below(kChoiceCount - kFirstKind)];
      bool dup = false;
      for (int i = 0; i < kind_n; ++i) dup |= kinds[i] == k;
      if (!dup) kinds[kind_n++] = k;
    }
  }
  int warp_pairs = 0;
  for (int i = 0; i < d.special && kind_n > 0; ++i) {
    uint8_t kind = kinds[rng.below((uint32_t)kind_n)];
    int c = (int)rng.below((uint32_t)(width * height));
    if (r.tile[c].kind != kFlat) continue;
    if (kind == kWarp) {
      int e = (int)rng.below((uint32_t)(width * height));
      if (e == c || r.tile[e].kind != kFlat || warp_pairs >= 10) continue;
      r.tile[c].kind = r.tile[e].kind = kWarp;
      r.tile[c].warp = r.tile[e].warp = (uint8_t)(++warp_pairs);
      r.warp_to[c] = (uint8_t)e;
      r.warp_to[e] = (uint8_t)c;
      continue;
    }
    r.tile[c].kind = kind;
    if (kind == kSlope || kind == kBelt) r.tile[c].dir = (uint8_t)rng.below(4);
    if (kind == kAngle) r.tile[c].dir = (uint8_t)rng.below(4);
  }
  return kind_n;
}

// A card as the difficulty deals them: rolls, and from difficulty 2 flights
// and flights that roll on.
Card random_card(const Design& d, Rng& rng) {
  Card c;
  uint32_t type = d.difficulty >= 2 ? rng.below(6) : 0;
  if (type <= 3) c.move = (uint8_t)(1 + rng.below((uint32_t)d.max_strength));
  else if (type == 4) c.jump = (uint8_t)(1 + rng.below((uint32_t)d.max_strength));
  else c.jump = 1, c.move = (uint8_t)(1 + rng.below((uint32_t)d.max_strength));
  return c;
}

// Puts card c in the hand (as one more of its kind); returns its kind.
int add_card(Rules* r, const Card& c) {
  int kind = -1;
  for (int k = 0; k < r->kind_count; ++k)
    if (r->kinds[k] == c) kind = k;
  if (kind < 0) r->kinds[kind = r->kind_count++] = c;
  r->start.bits += 1ull << (4 * kind);
  return kind;
}

// A random flat cell, or -1.
int random_flat(const Rules& r, Rng& rng, std::vector<int>* scratch) {
  scratch->clear();
  for (int c = 0; c < r.width * r.height; ++c)
    if (r.tile[c].kind == kFlat) scratch->push_back(c);
  return scratch->empty() ? -1 : (*scratch)[rng.below((uint32_t)scratch->size())];
}

// No ground at cell c. Warps come in pairs: a warp's partner becomes plain
// ground at its height (the designed way may roll over it, which is what a
// ball does on plain ground; it never takes it, or it would reach c).
void make_hole(Rules* r, int c) {
  if (r->tile[c].kind == kWarp) {
    Tile& partner = r->tile[r->warp_to[c]];
    partner.kind = kFlat;
    partner.warp = 0;
  }
  r->tile[c] = Tile();
}

void set_ball(Rules* r, int cell) { r->start.bits = (r->start.bits & 0xffffffffffffull) | (uint64_t)cell << 48 | (uint64_t)cell << 56; }

constexpr int kCellWords = kMaxSide * kMaxSide / 64;

// Where card c alone, played in `dir` from `at`, stops the ball (-1: it does
// not just move it). `one`: the level, its hand overwritten.
int lands(Rules& one, const Card& c, State at, int dir) {
  one.kind_count = 1;
  one.kinds[0] = c;
  at.bits = (at.bits & ~0xffffffffffffull) | 1;
  return one.apply(at, dir) == Outcome::kMoved ? at.ball() : -1;
}

// [SECTION] A hand from a designed path
// Hands of any size from a designed path (the Tickles Penguin way: draw the
// way, then close the shortcuts). The ball plays random cards in random
// directions, each turning from the last, never crossing the way so far and
// none able to trade places with another; the flag goes where the last one
// stops. (Then the generator closes the other ways: see Generation.) The
// cells the way touches go to `touched`, the kinds of tile laid to *kinds.
bool design_way(const Design& d, Rng& rng, Rules* out, Rules* single, std::vector<int>* scratch,
                uint64_t* touched, int* kinds) {
  Rules& r = *out;
  const int kind_n = lay_ground(d, rng, &r);
  *kinds = kind_n;
  const int ball = random_flat(r, rng, scratch);
  if (ball < 0) return false;
  // The way: each card tried alone from where the ball stands; a step with
  // no card that fits takes the step before it back (a few times at most).
  Rules& one = *single;  // the level with a hand of one card
  one = r;
  memset(touched, 0, kCellWords * sizeof(uint64_t));
  uint64_t before_last[kCellWords] = {0};
  uint64_t step_touched[kMaxCards][kCellWords];
  touched[ball / 64] |= 1ull << (ball % 64);
  State at;
  at.bits = (uint64_t)ball << 48 | (uint64_t)ball << 56;
  Card way[kMaxCards];
  State states[kMaxCards];
  uint8_t dirs[kMaxCards];
  int16_t ends[kMaxCards];
  int backtracks = 4 * d.cards;
  for (int i = 0; i < d.cards;) {
    bool placed = false;
    for (int t = 0; t < 24 && !placed; ++t) {
      const Card c = random_card(d, rng);
      // Each card turns from the last: cards played one way after another
      // could be played in either order, a second solution.
      const int dir = i == 0 ? (int)rng.below(4) : (dirs[i - 1] < kLeft ? kLeft : kUp) + (int)rng.below(2);
      one.kind_count = 1;
      one.kinds[0] = c;
      one.flag = -1;
      State s = at;
      s.bits = (s.bits & ~0xffffffffffffull) | 1;
      uint64_t step[kCellWords] = {0};
      if (one.apply_traced(s, dir, step) != Outcome::kMoved) continue;
      // The way never crosses itself (nor stops twice on a cell): other
      // orders of its cards would find it.
      const int from = at.ball();
      step[from / 64] &= ~(1ull << (from % 64));
      bool crosses = false;
      for (int w = 0; w < kCellWords; ++w) crosses = crosses || (step[w] & touched[w]) != 0;
      if (crosses || s.ball() == from) continue;
      // No two cards of the way can trade places: each is the one card that
      // makes its step.
      const int end = s.ball();
      bool trades = false;
      for (int j = 0; j < i && !trades; ++j) {
        if (way[j] == c) continue;
        trades = lands(one, c, states[j], dirs[j]) == ends[j] || lands(one, way[j], at, dir) == end;
      }
      if (trades) continue;
      if (i + 1 == d.cards && r.tile[end].kind != kFlat) continue;
      if (i + 1 == d.cards) memcpy(before_last, touched, sizeof before_last);
      for (int w = 0; w < kCellWords; ++w) touched[w] |= step[w];
      memcpy(step_touched[i], step, sizeof step);
      way[i] = c;
      states[i] = at;
      dirs[i] = (uint8_t)dir;
      ends[i] = (int16_t)end;
      at.bits = s.bits & ~0xffffffffffffull;
      placed = true;
    }
    if (placed) {
      ++i;
      continue;
    }
    if (i == 0 || backtracks-- == 0) return false;
    --i;  // take the step before back
    for (int w = 0; w < kCellWords; ++w) touched[w] &= ~step_touched[i][w];
    at = states[i];
  }
  const int flag = at.ball();
  if (before_last[flag / 64] >> (flag % 64) & 1) return false;  // the ball would drop in before the last card
  r.kind_count = 0;
  r.start.bits = 0;
  for (int i = 0; i < d.cards; ++i) add_card(&r, way[i]);
  set_ball(&r, ball);
  r.flag = flag;
  r.tile[flag].kind = kFlag;
  return true;
}

// A cell a solution needs that the designed way does not touch, or -1 when
// none (the first solution that has such cells gives them; one is drawn).
int cell_to_close(const Rules& r, const std::vector<MoveList>& solutions, const uint64_t* touched, Rng& rng,
                  std::vector<int>* scratch) {
  scratch->clear();
  for (const MoveList& m : solutions) {
    State s = r.start;
    uint64_t other[kCellWords] = {0};
    for (Move mv : m) r.apply_traced(s, mv, other);
    for (int c = 0; c < r.width * r.height; ++c)
      if ((other[c / 64] >> (c % 64) & 1) && !(touched[c / 64] >> (c % 64) & 1) && r.tile[c].kind != kNone)
        scratch->push_back(c);
    if (!scratch->empty()) break;
  }
  return scratch->empty() ? -1 : (*scratch)[rng.below((uint32_t)scratch->size())];
}

}  // namespace

// [SECTION] The generator, slice by slice, and the game table's entry points
namespace {

// What a slice may spend: a position is a move the solution searches try,
// or kDesignPositions for drawing an attempt's way. The searches pause where
// the slice runs out.
constexpr uint64_t kSlicePositions = 8000;
constexpr uint64_t kDesignPositions = 200;

// The generator as a resumable loop. An attempt draws a way (design_way);
// then, round by round, every solution of the level is listed (at most one
// past those allowed, depth first), and with special tiles those of the same
// level flattened. A level is kept when it has solutions, every one plays
// every card, at most max_solutions of them, and (with special tiles) the
// flattened level is solved otherwise or not at all: the tiles matter (a
// quicksand tile matters by closing a way). Else a cell another solution
// needs and the designed way never touches becomes a hole, and the next
// round lists them again, until only the designed way and at most a few like
// it are left (4 * cards + 8 rounds at most).
class Generation : public SlicedGeneration {
 public:
  Generation(const ParamValues& p, const char* seed, uint64_t slice)
      : SlicedGeneration(slice, kDesignPositions, kAttempts), rng_(seed), r_(new Rules()), flat_(new Rules()),
        single_(new Rules()) {
    d_.width = p.a[kSize];
    d_.height = p.b[kSize];
    d_.cards = p.a[kCards];
    d_.difficulty = p.a[kDifficulty];
    d_.tiles = p.a[kTiles];
    d_.special = d_.tiles == kNoTiles ? 0 : 2 * d_.difficulty;
    d_.kinds_used = d_.difficulty <= 2 ? 1 : d_.difficulty == 3 ? 2 : 3;
    d_.max_solutions = d_.difficulty <= 2 ? 3 : 1;
    // Rolls of up to 2 at the easiest (a spring needs a roll left to fly), 4 at the hardest.
    d_.max_strength = 2 + (d_.difficulty - 1) / 2;
  }

 private:
  enum class Phase : uint8_t { kDesign, kRound, kSolutions, kFlatSolutions };

  void advance(SliceBudget* budget) override {
    switch (phase_) {
      case Phase::kDesign:
        if (attempts() == kAttempts) {
          fail(&err_, 0, 0, "no level found in %d attempts; try fewer cards, another size or other tiles", kAttempts);
          failed(false);
          return;
        }
        begin_attempt();
        budget->spend(kDesignPositions);
        if (!design_way(d_, rng_, r_.get(), single_.get(), &scratch_, touched_, &kinds_)) return;
        round_ = 0;
        phase_ = Phase::kRound;
        return;
      case Phase::kRound:
        if (round_ == 4 * d_.cards + 8) {
          phase_ = Phase::kDesign;
          return;
        }
        solutions_.clear();
        search_.reset(new AllSolutions<Rules>(*r_, r_->start, generator_limits(), d_.max_solutions + 1, &solutions_));
        phase_ = Phase::kSolutions;
        return;
      case Phase::kSolutions: {
        if (!search_->run(&budget->left)) return;
        search_.reset();
        bool fits = !solutions_.empty() && solutions_.size() <= d_.max_solutions;
        for (const MoveList& m : solutions_) fits = fits && (int)m.size() == d_.cards;
        if (fits && kinds_ > 0) {
          flatten(*r_, flat_.get());
          flat_solutions_.clear();
          search_.reset(new AllSolutions<Rules>(*flat_, flat_->start, generator_limits(), solutions_.size() + 1,
                                                &flat_solutions_));
          phase_ = Phase::kFlatSolutions;
          return;
        }
        return judged(fits);
      }
      case Phase::kFlatSolutions:
        if (!search_->run(&budget->left)) return;
        search_.reset();
        return judged(flat_solutions_ != solutions_);
    }
  }

  // The level of this round is kept, or a cell of another way closed.
  void judged(bool fits) {
    if (fits) {
      info_.par = d_.cards;
      info_.solution = solutions_[0];
      info_.attempts = attempts();
      made(make_level(*r_));
      return;
    }
    phase_ = Phase::kDesign;
    if (solutions_.empty()) return;
    const int c = cell_to_close(*r_, solutions_, touched_, rng_, &scratch_);
    if (c < 0) return;
    make_hole(r_.get(), c);
    ++round_;
    phase_ = Phase::kRound;
  }

  Design d_;
  Rng rng_;
  // Rules are over 1 KB: on the heap, not the device's stack.
  std::unique_ptr<Rules> r_, flat_, single_;
  std::vector<int> scratch_;
  std::vector<MoveList> solutions_, flat_solutions_;
  std::unique_ptr<AllSolutions<Rules>> search_;  // the listing under way
  uint64_t touched_[kCellWords];  // the cells the designed way touches
  int kinds_ = 0, round_ = 0;
  Phase phase_ = Phase::kDesign;
};

}  // namespace

std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& p, const char* seed, uint64_t slice) {
  return begin_task<Generation>(p, seed, slice, kSlicePositions);
}

}  // namespace golf

}  // namespace tl
