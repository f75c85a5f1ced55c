// rating.h — one difficulty figure from a level's state-graph analysis, so
// levels of a game can be ordered (the curated packs) and generators steered.
//
//   10 per move of par                       (longer solutions are harder)
// +  4 per doubling of the reachable states  (more to explore)
// + 30 x the share of states that are dead ends (more ways to get stuck)
// + 10 when the optimal solution is unique, 5 when there are two
// Integer arithmetic only: the same figure on every platform.
//
// Every game's difficulty, as Level::difficulty gives it (the analysis, a
// pack's order and band, the page), lies on one scale: 0 to kMaxDifficulty,
// -1 when there is none. A game whose own figure runs in other units (Flow's
// guesses) brings it onto the scale with compress_difficulty.
#pragma once
#include "search.h"

namespace tl {

constexpr int kMaxDifficulty = 1000;

int difficulty(const Analysis& a);
// A figure held to the scale: -1 stays -1 (none), above the top is the top.
int on_difficulty_scale(int raw);
// A figure of open range onto the scale, in order: as it is up to half the
// scale, then ever closer to the top without reaching past it (2,500 is 750;
// a million is 999).
int compress_difficulty(uint64_t raw);

}  // namespace tl
