// Golf Peaks: the generator (ours; the article has none) and the game table row.
//
// Forward construction: random terrain (raised plateaus, a ragged edge of
// holes), the special tiles of the level's kinds, a random hand and a ball on
// flat ground; then every state the hand can reach is explored without a flag,
// and the flag goes on a flat cell the ball reaches only when the last card is
// played (never earlier), so every solution uses every card. A level is kept
// when its solutions confirm it (all play every card), there are at most the
// allowed number of them, and, when it has special tiles, the same level with
// them flattened is solved otherwise or not at all: the tiles matter. At
// difficulty 1 and 2 a level uses one kind of tile, so levels teach one tile
// at a time. Deterministic per seed.
#include <string.h>

#include "../../grid.h"
#include "../../rng.h"
#include "golf.h"

namespace tl {
namespace golf {

namespace {

constexpr int kAttempts = 300;
constexpr int kFlagTries = 4;  // flag cells tried on one layout

// The tile kind of each `tiles` choice (golf.cpp names them): after "all" and "none", one kind each.
const uint8_t kChoiceKind[] = {kNone, kNone, kSlope, kAngle, kSand, kQuick, kWater, kSpring, kWarp, kBelt, kIce};
static_assert(sizeof kChoiceKind == kTileChoiceCount, "a tile kind for every choice");
constexpr int kChoiceCount = kTileChoiceCount, kAllTiles = 0, kNoTiles = 1, kFirstKind = 2;

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

// Every state the hand reaches from the start: for each cell, whether the ball
// ends a card there with cards left (early) or with none left (last). False
// when the limits cut the search short.
bool reach(const Rules& r, uint8_t* early, uint8_t* last) {
  const SearchLimits limits = generator_limits();
  StateSet<State> seen(r);
  seen.clear();
  bool inserted;
  seen.find_or_insert(r.start, &inserted, limits.max_states, limits.max_bytes);
  for (uint32_t i = 0; i < seen.size(); ++i)
    for (int m = 0; m < r.move_count(); ++m) {
      State s = seen[i];
      Outcome o = r.apply(s, m);
      if (o != Outcome::kMoved) continue;
      bool left = (s.bits & 0xffffffffffffull) != 0;
      (left ? early : last)[s.ball()] = 1;
      if (seen.find_or_insert(s, &inserted, limits.max_states, limits.max_bytes) == StateSet<State>::kFull)
        return false;
    }
  return true;
}

// Whether the level with its flag placed is one to keep: it has solutions,
// every one plays every card, at most max_solutions of them, and (with special
// tiles) the same level flattened (into *flat) is solved otherwise or not at
// all: the tiles matter (a quicksand tile matters by closing a way). The
// solutions are listed depth first and the list stops one past the most
// allowed, so most layouts are refused early.
bool fits(const Rules& r, int cards, size_t max_solutions, bool special, Rules* flat,
          std::vector<MoveList>* solutions, std::vector<MoveList>* flat_solutions) {
  solutions->clear();
  search_all_solutions(r, r.start, generator_limits(), max_solutions + 1, solutions);
  if (solutions->empty() || solutions->size() > max_solutions) return false;
  for (const MoveList& m : *solutions)
    if ((int)m.size() != cards) return false;
  if (!special) return true;
  *flat = r;
  for (int c = 0; c < r.width * r.height; ++c)
    if (flat->tile[c].kind != kNone && flat->tile[c].kind != kFlag) flat->tile[c].kind = kFlat;
  flat_solutions->clear();
  search_all_solutions(*flat, flat->start, generator_limits(), solutions->size() + 1, flat_solutions);
  return *flat_solutions != *solutions;
}

}  // namespace

std::unique_ptr<Level> generate(const ParamValues& p, const char* seed, GeneratedInfo* info, Error* err) {
  const int width = p.a[kSize], height = p.b[kSize];
  const int cards = p.a[kCards], difficulty = p.a[kDifficulty], tiles = p.a[kTiles];
  Rng rng(seed);
  const int special = tiles == kNoTiles ? 0 : 2 * difficulty;
  const int kinds_used = difficulty <= 2 ? 1 : difficulty == 3 ? 2 : 3;
  const size_t max_solutions = difficulty <= 2 ? 3 : 1;
  // Rolls of up to 2 at the easiest (a spring needs a roll left to fly), 4 at the hardest.
  const int max_strength = 2 + (difficulty - 1) / 2;
  // Rules are over 1 KB: on the heap, not the device's stack.
  std::unique_ptr<Rules> owned(new Rules()), flat(new Rules());
  std::vector<uint8_t> early, last;
  std::vector<int> candidates;
  std::vector<MoveList> solutions, flat_solutions;
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    Rules& r = *owned;
    r = Rules();
    memset(r.warp_to, 0, sizeof r.warp_to);
    r.width = width;
    r.height = height;
    // Terrain: flat ground at 0, plateaus raised by one, holes along the edge.
    for (int c = 0; c < width * height; ++c) {
      r.tile[c].kind = kFlat;
      int x = c % width, y = c / width;
      bool edge = x == 0 || y == 0 || x == width - 1 || y == height - 1;
      if (edge && rng.below(4) == 0) r.tile[c].kind = kNone;
    }
    for (int k = 0; k <= difficulty; ++k) {
      int w = 2 + (int)rng.below((uint32_t)(width / 2)), h = 2 + (int)rng.below((uint32_t)(height / 2));
      int x0 = (int)rng.below((uint32_t)(width - w + 1)), y0 = (int)rng.below((uint32_t)(height - h + 1));
      for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x)
          if (r.tile[y * width + x].kind != kNone && r.tile[y * width + x].height < kMaxGround)
            ++r.tile[y * width + x].height;
    }
    // The level's tile kinds, then its special tiles on random ground.
    uint8_t kinds[3];
    int kind_n = 0;
    if (tiles >= kFirstKind) {
      kinds[kind_n++] = kChoiceKind[tiles];
    } else if (tiles == kAllTiles) {
      while (kind_n < kinds_used) {
        uint8_t k = kChoiceKind[kFirstKind + rng.below(kChoiceCount - kFirstKind)];
        bool dup = false;
        for (int i = 0; i < kind_n; ++i) dup |= kinds[i] == k;
        if (!dup) kinds[kind_n++] = k;
      }
    }
    int warp_pairs = 0;
    for (int i = 0; i < special && kind_n > 0; ++i) {
      uint8_t kind = kinds[rng.below((uint32_t)kind_n)];
      int c = (int)rng.below((uint32_t)(width * height));
      if (r.tile[c].kind != kFlat) continue;
      if (kind == kWarp) {
        int d = (int)rng.below((uint32_t)(width * height));
        if (d == c || r.tile[d].kind != kFlat || warp_pairs >= 10) continue;
        r.tile[c].kind = r.tile[d].kind = kWarp;
        r.tile[c].warp = r.tile[d].warp = (uint8_t)(++warp_pairs);
        r.warp_to[c] = (uint8_t)d;
        r.warp_to[d] = (uint8_t)c;
        continue;
      }
      r.tile[c].kind = kind;
      if (kind == kSlope || kind == kBelt) r.tile[c].dir = (uint8_t)rng.below(4);
      if (kind == kAngle) r.tile[c].dir = (uint8_t)rng.below(4);
    }
    // The hand.
    r.kind_count = 0;
    r.start.bits = 0;
    for (int i = 0; i < cards; ++i) {
      Card c;
      uint32_t type = difficulty >= 2 ? rng.below(6) : 0;
      if (type <= 3) c.move = (uint8_t)(1 + rng.below((uint32_t)max_strength));
      else if (type == 4) c.jump = (uint8_t)(1 + rng.below((uint32_t)max_strength));
      else c.jump = 1, c.move = (uint8_t)(1 + rng.below((uint32_t)max_strength));
      int kind = -1;
      for (int k = 0; k < r.kind_count; ++k)
        if (r.kinds[k] == c) kind = k;
      if (kind < 0) r.kinds[kind = r.kind_count++] = c;
      r.start.bits += 1ull << (4 * kind);
    }
    // The ball on flat ground.
    candidates.clear();
    for (int c = 0; c < width * height; ++c)
      if (r.tile[c].kind == kFlat) candidates.push_back(c);
    if (candidates.empty()) continue;
    const int ball = candidates[rng.below((uint32_t)candidates.size())];
    r.start.bits |= (uint64_t)ball << 48 | (uint64_t)ball << 56;
    // The flag where only the last card brings the ball.
    r.flag = -1;
    early.assign(kMaxSide * kMaxSide, 0);
    last.assign(kMaxSide * kMaxSide, 0);
    if (!reach(r, early.data(), last.data())) continue;
    candidates.clear();
    for (int c = 0; c < width * height; ++c)
      if (last[(size_t)c] && !early[(size_t)c] && c != ball && r.tile[c].kind == kFlat) candidates.push_back(c);
    if (candidates.empty()) continue;
    // Up to kFlagTries of those cells, in a random order, until one makes a level.
    bool kept = false;
    for (int t = 0; t < kFlagTries && !candidates.empty() && !kept; ++t) {
      const size_t pick = rng.below((uint32_t)candidates.size());
      r.flag = candidates[pick];
      candidates[pick] = candidates.back();
      candidates.pop_back();
      r.tile[r.flag].kind = kFlag;
      kept = fits(r, cards, max_solutions, kind_n > 0, flat.get(), &solutions, &flat_solutions);
      if (!kept) r.tile[r.flag].kind = kFlat;
    }
    if (!kept) continue;
    if (info) {
      info->par = cards;
      info->solution = solutions[0];
      info->attempts = attempt;
    }
    return make_level(r);
  }
  fail(err, 0, 0, "no level found in %d attempts; try fewer cards, another size or other tiles", kAttempts);
  return nullptr;
}

}  // namespace golf

}  // namespace tl
