// Skiddy's moves of 16 boards at once (skiddy_move.h's expand_lanes), a
// board a lane of AVX-512's registers, the kinds packed with BMI2. Only
// x86-64 builds for the desktop compile it, with -mavx512f -mbmi2
// (cmake/native.cmake); everywhere else it is empty. Rules::expand_batch
// takes it where the processor runs both.
//
// Everything this unit compiles is built for AVX-512: it must define
// nothing but expand_avx512 (tests/check_unit_alone.cmake).
#if defined(TILELAB_SKIDDY_BMI2)
#if !defined(__AVX512F__) || !defined(__BMI2__)
#error "skiddy_move_avx512.cpp must be built with -mavx512f -mbmi2 where TILELAB_SKIDDY_BMI2 is set (cmake/native.cmake)"
#endif
#define TILELAB_SKIDDY_MOVE_BMI2 1
#define TILELAB_SKIDDY_LANES 16
#endif
#include "skiddy_move.h"

#if defined(TILELAB_SKIDDY_BMI2)
namespace tl {
namespace skiddy {

void expand_avx512(const Rules& r, const State* s, int count, State* next, Outcome* outcome) {
  expand_lanes(r, s, count, next, outcome);
}

}  // namespace skiddy
}  // namespace tl
#endif
