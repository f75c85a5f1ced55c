// Skiddy's four moves built for BMI2's bit gathers (skiddy_move.h): the
// kinds packed and unpacked with pext and pdep instead of a piece at a
// time. Only x86-64 builds for the desktop compile it with -mbmi2
// (cmake/native.cmake); everywhere else it is empty, and Rules::expand
// uses the portable build alone.
#include "skiddy_move.h"

#if defined(TILELAB_SKIDDY_BMI2)
#if !defined(__BMI2__)
#error "skiddy_move_bmi2.cpp is built with -mbmi2 where TILELAB_SKIDDY_BMI2 is set"
#endif
namespace tl {
namespace skiddy {

void expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome) { expand_state(r, s, next, outcome); }

}  // namespace skiddy
}  // namespace tl
#endif
