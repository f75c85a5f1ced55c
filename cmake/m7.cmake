# Cortex-M7 build: the core with the device flags, its Catch2 suite and the
# device benchmark, run bare-metal under qemu-system-arm (mps2-an500).
find_program(TILELAB_QEMU qemu-system-arm REQUIRED)
set(TILELAB_QEMU_RUN ${TILELAB_QEMU} -M mps2-an500 -cpu cortex-m7 -nographic -monitor none -serial none
    -semihosting-config enable=on,target=native)
set(TILELAB_M7_LD ${CMAKE_SOURCE_DIR}/tests/m7/mps2-an500.ld)

# Startup, linker script and the runtime every bare-metal program here needs.
add_library(m7_startup OBJECT tests/m7/startup.c)
function(tilelab_m7_program target)
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:m7_startup>)
  target_link_options(${target} PRIVATE -T${TILELAB_M7_LD} -Wl,-Map=$<TARGET_FILE:${target}>.map)
  set_target_properties(${target} PROPERTIES SUFFIX ".elf" LINK_DEPENDS ${TILELAB_M7_LD})
endfunction()

# The device benchmark: links the core with the Playdate device runtime (no
# libstdc++ exception machinery) and counts guest instructions.
add_executable(m7_bench tests/m7/bench_main.cpp shell/playdate/device_runtime.cpp)
target_link_libraries(m7_bench PRIVATE tilelab_device)
target_compile_options(m7_bench PRIVATE -fno-exceptions -fno-rtti)
tilelab_m7_program(m7_bench)

if(TILELAB_TESTS)
  enable_testing()
  tilelab_add_suite(m7_tests tests/m7/catch_main.cpp)
  target_compile_definitions(m7_tests PRIVATE CATCH_CONFIG_DISABLE_EXCEPTIONS CATCH_CONFIG_NO_POSIX_SIGNALS)
  target_compile_options(m7_tests PRIVATE -fno-exceptions)
  tilelab_m7_program(m7_tests)
  # Every suite in two halves of about the same time, a core each (ctest
  # -j2), by their files (Catch's -# tags): Flow's and the generated levels'
  # (2.5 and 0.5 min under qemu on this machine), and every other file's (2.3 min).
  set(TILELAB_M7_RUN_TESTS ${TILELAB_QEMU} -M mps2-an500 -cpu cortex-m7 -nographic -monitor none -serial none)
  set(TILELAB_M7_HALVES "[#test_flow],[#test_generated_levels]" "~[#test_flow]~[#test_generated_levels]")
  set(TILELAB_M7_NAMES "Flow's and the generated levels' suites" "every other suite")
  foreach(i 0 1)
    list(GET TILELAB_M7_HALVES ${i} filter)
    list(GET TILELAB_M7_NAMES ${i} what)
    string(REPLACE "," ",," filter "${filter}")  # (a comma in a QEMU option's value is written twice)
    add_test(NAME "m7: ${what} under qemu-system-arm"
             COMMAND ${TILELAB_M7_RUN_TESTS} -semihosting-config "enable=on,target=native,arg=m7_tests,arg=-#,arg=${filter}"
                     -kernel $<TARGET_FILE:m7_tests>)
    set_tests_properties("m7: ${what} under qemu-system-arm" PROPERTIES TIMEOUT 1800)
  endforeach()
  add_test(NAME "m7: device benchmark runs" COMMAND ${TILELAB_QEMU_RUN} -icount shift=0 -kernel $<TARGET_FILE:m7_bench>)
  set_tests_properties("m7: device benchmark runs" PROPERTIES TIMEOUT 600)
endif()

# A device build: searches cap their memory for a 16 MB machine (core/search/search.h).
target_compile_definitions(tilelab_core PUBLIC TILELAB_DEVICE)

# The device stack is a few KB: no core function may take more than 1 KB of it.
target_compile_options(tilelab_core PRIVATE -Wstack-usage=1024 -Werror=stack-usage=1024)
