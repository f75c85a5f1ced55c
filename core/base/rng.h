// rng.h — tilelab's own deterministic random generator.
//
// Every generator draws from Rng only, so the same seed gives the same level on
// x86-64, wasm32 and Cortex-M7: no std:: distributions (they differ between
// libstdc++ and libc++), no floating point, no platform word sizes.
//
// Seeds are strings ("blue-otter-17"), hashed with 64-bit FNV-1a and expanded
// with SplitMix64 into the state of xoshiro128** (32-bit arithmetic, cheap on
// the device). Ranges use Lemire's multiply-shift with rejection, so every value
// in a range is exactly equally likely.
#pragma once
#include <stdint.h>

namespace tl {

class Rng {
 public:
  explicit Rng(const char* seed);
  explicit Rng(uint64_t seed);

  uint32_t next_u32();
  // A value in [0, n); n must be at least 1.
  uint32_t below(uint32_t n);
  // A value in [lo, hi], both ends included; lo <= hi.
  int32_t range(int32_t lo, int32_t hi);
  // True with probability numerator/denominator.
  bool chance(uint32_t numerator, uint32_t denominator);
  // An index in [0, count) drawn with the given integer weights (sum > 0).
  int weighted(const uint32_t* weights, int count);
  // Fisher-Yates shuffle of n items of any type.
  template <class T>
  void shuffle(T* items, int n) {
    for (int i = n - 1; i > 0; --i) {
      int j = (int)below((uint32_t)i + 1);
      T t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  }

 private:
  void seed_from(uint64_t x);
  uint32_t s_[4];
};

// 64-bit FNV-1a of a NUL-terminated string: the seed hash, fixed forever.
uint64_t hash_seed(const char* seed);

}  // namespace tl

namespace tl {

// A fresh, readable seed such as "mossy-heron-42", made from any entropy the
// host has (a clock). Seeds made this way are ordinary seed strings.
class Text;
void seed_name(uint64_t entropy, Text* out);

}  // namespace tl
