// rating.h — one difficulty figure from a level's state-graph analysis, so
// levels of a game can be ordered (the curated packs) and generators steered.
//
//   10 per move of par                       (longer solutions are harder)
// +  4 per doubling of the reachable states  (more to explore)
// + 30 x the share of states that are dead ends (more ways to get stuck)
// + 10 when the optimal solution is unique, 5 when there are two
// Integer arithmetic only: the same figure on every platform.
#pragma once
#include "search.h"

namespace tl {

int difficulty(const Analysis& a);

}  // namespace tl
