// Catch2 runner for the bare-metal Cortex-M7 build: no exceptions, no signals,
// and its arguments from QEMU's semihosting command line (the bare-metal start
// passes none: `-semihosting-config ...,arg=m7_tests,arg=-#,arg=[#test_job]`
// runs one suite's file; none given, every test). A failed REQUIRE ends the
// run through std::terminate, so QEMU exits non-zero.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <stdio.h>
#include <stdlib.h>

namespace {

// SYS_GET_CMDLINE (0x15): the command line into buffer, its length in and out.
bool semihosting_command_line(char* buffer, int size) {
  struct {
    char* buffer;
    int length;
  } block = {buffer, size - 1};
  register int op __asm__("r0") = 0x15;
  register void* arg __asm__("r1") = &block;
  __asm__ volatile("bkpt 0xab" : "+r"(op) : "r"(arg) : "memory");
  if (op != 0 || block.length < 0 || block.length >= size) return false;
  buffer[block.length] = '\0';
  return true;
}

}  // namespace

int main() {
  static char line[512];
  char name[] = "m7_tests";
  char* argv[16] = {name, nullptr};
  int argc = 1;
  if (semihosting_command_line(line, sizeof line) && line[0]) {
    // The words of the line, the first the program's name.
    argc = 0;
    for (char* at = line; *at && argc < 15;) {
      while (*at == ' ') *at++ = '\0';
      if (!*at) break;
      argv[argc++] = at;
      while (*at && *at != ' ') ++at;
    }
    argv[argc] = nullptr;
    if (argc == 0) argv[argc++] = name;
  }
  return Catch::Session().run(argc, argv);
}
