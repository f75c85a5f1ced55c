#include "rating.h"

namespace tl {

int difficulty(const Analysis& a) {
  if (!a.solvable || a.capped) return -1;
  int bits = 0;
  for (uint64_t s = a.states; s > 0; s >>= 1) ++bits;
  int score = 10 * a.par + 4 * bits;
  if (a.states > 0) score += (int)(30 * a.dead_ends / a.states);
  if (a.optimal_solutions == 1) score += 10;
  else if (a.optimal_solutions == 2) score += 5;
  return score;
}

}  // namespace tl
