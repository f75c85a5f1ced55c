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

int on_difficulty_scale(int raw) { return raw < 0 ? -1 : raw > kMaxDifficulty ? kMaxDifficulty : raw; }

int compress_difficulty(uint64_t raw) {
  const uint64_t half = kMaxDifficulty / 2, knee = 2000;
  if (raw <= half) return (int)raw;
  const uint64_t over = raw - half;
  return (int)(half + half * over / (over + knee));
}

}  // namespace tl
