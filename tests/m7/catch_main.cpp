// Catch2 runner for the bare-metal Cortex-M7 build: no exceptions, no signals,
// and a made-up argv (the bare-metal start passes none). A failed REQUIRE
// ends the run through std::terminate, so QEMU exits non-zero.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <stdio.h>
#include <stdlib.h>

int main() {
  char name[] = "m7_tests";
  char* argv[] = {name, nullptr};
  return Catch::Session().run(1, argv);
}
