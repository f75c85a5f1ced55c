#include "rng.h"

namespace tl {

uint64_t hash_seed(const char* seed) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char* p = (const unsigned char*)seed; *p; ++p) {
    h ^= *p;
    h *= 0x100000001b3ull;
  }
  return h;
}

static uint64_t splitmix64(uint64_t* x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Rng::Rng(const char* seed) { seed_from(hash_seed(seed)); }
Rng::Rng(uint64_t seed) { seed_from(seed); }

void Rng::seed_from(uint64_t x) {
  uint64_t a = splitmix64(&x), b = splitmix64(&x);
  s_[0] = (uint32_t)a;
  s_[1] = (uint32_t)(a >> 32);
  s_[2] = (uint32_t)b;
  s_[3] = (uint32_t)(b >> 32);
  if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // never the all-zero state
}

static inline uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

uint32_t Rng::next_u32() {
  uint32_t result = rotl(s_[1] * 5, 7) * 9;
  uint32_t t = s_[1] << 9;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 11);
  return result;
}

uint32_t Rng::below(uint32_t n) {
  // Lemire: take the high word of x*n; reject the few low values that would bias.
  uint64_t m = (uint64_t)next_u32() * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    while (low < threshold) {
      m = (uint64_t)next_u32() * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

int32_t Rng::range(int32_t lo, int32_t hi) {
  return lo + (int32_t)below((uint32_t)(hi - lo) + 1u);
}

bool Rng::chance(uint32_t numerator, uint32_t denominator) {
  return below(denominator) < numerator;
}

int Rng::weighted(const uint32_t* weights, int count) {
  uint32_t total = 0;
  for (int i = 0; i < count; ++i) total += weights[i];
  uint32_t r = below(total);
  for (int i = 0; i < count; ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return count - 1;
}

}  // namespace tl

#include "text.h"

namespace tl {

void seed_name(uint64_t entropy, Text* out) {
  static const char* const kWords[] = {"blue", "red", "quiet", "brave", "amber", "mossy", "lunar", "swift",
                                       "misty", "sunny", "frosty", "tidy", "zesty", "calm", "bold", "wild"};
  static const char* const kAnimals[] = {"otter", "heron", "lynx", "newt", "crane", "mole", "wren", "yak",
                                         "puffin", "gecko", "bison", "koala", "marten", "ibis", "tapir", "vole"};
  Rng rng(entropy);
  out->clear();
  out->append(kWords[rng.below(16)]);
  out->push('-');
  out->append(kAnimals[rng.below(16)]);
  out->appendf("-%u", (unsigned)rng.below(100));
}

}  // namespace tl
