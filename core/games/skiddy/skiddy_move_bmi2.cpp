// Skiddy's four moves built for BMI2 (skiddy_move.h): the kinds packed and
// unpacked with its bit extract and deposit (pext, pdep) instead of a piece
// at a time. Only x86-64 builds for the desktop compile it, with -mbmi2
// (cmake/native.cmake); everywhere else it is empty, and Rules::expand
// uses the portable build alone.
//
// Everything this unit compiles is built for BMI2: it must define nothing
// but expand_bmi2 (no inline function or template of a shared header that
// the linker could give the portable code). A test checks its symbols
// (tests/check_unit_alone.cmake).
#if defined(TILELAB_SKIDDY_BMI2)
#if !defined(__BMI2__)
#error "skiddy_move_bmi2.cpp must be built with -mbmi2 where TILELAB_SKIDDY_BMI2 is set (cmake/native.cmake)"
#endif
#define TILELAB_SKIDDY_MOVE_BMI2 1
#endif
#include "skiddy_move.h"

#if defined(TILELAB_SKIDDY_BMI2)
namespace tl {
namespace skiddy {

void expand_bmi2(const Rules& r, const State& s, State* next, Outcome* outcome) { expand_state(r, s, next, outcome); }

}  // namespace skiddy
}  // namespace tl
#endif
