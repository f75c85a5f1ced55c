# Native build: the tilelab CLI, the Catch2 suites, fuzz targets, core checks.
find_package(PkgConfig REQUIRED)
# A sheet's QR codes: Debian's qrcodegen (libqrcodegencpp-dev), its static
# library, so the CLI loads one shared library less.
pkg_check_modules(QRCODEGEN IMPORTED_TARGET qrcodegencpp)
if(NOT QRCODEGEN_FOUND)
  message(FATAL_ERROR "qrcodegen is missing: install Debian's libqrcodegencpp-dev (scripts/bootstrap does)")
endif()
find_library(TILELAB_QRCODEGEN_STATIC NAMES libqrcodegencpp.a HINTS ${QRCODEGEN_LIBRARY_DIRS})
# Skiddy's move built a second time for BMI2 (pext, pdep) on x86-64
# (core/games/skiddy/skiddy_move_bmi2.cpp): Rules::expand takes that build
# where the processor runs them fast, checked when first used. And built
# for many boards at once, a board a lane of AVX-512's or AVX2's registers
# (skiddy_move_avx512.cpp, skiddy_move_avx2.cpp): Rules::expand_batch takes
# the widest the processor runs.
# (-DTILELAB_PORTABLE_MOVES=ON: none of them, the portable move alone, as the
# device and the wasm build make it: to measure the one against the other.)
option(TILELAB_PORTABLE_MOVES "Skiddy's portable move only (no BMI2, AVX2 or AVX-512 build)" OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT TILELAB_PORTABLE_MOVES)
  set_source_files_properties(${CMAKE_SOURCE_DIR}/core/games/skiddy/skiddy_move_bmi2.cpp PROPERTIES COMPILE_OPTIONS -mbmi2)
  set_source_files_properties(${CMAKE_SOURCE_DIR}/core/games/skiddy/skiddy_move_avx512.cpp
                              PROPERTIES COMPILE_OPTIONS "-mavx512f;-mbmi2")
  set_source_files_properties(${CMAKE_SOURCE_DIR}/core/games/skiddy/skiddy_move_avx2.cpp
                              PROPERTIES COMPILE_OPTIONS "-mavx2;-mbmi2")
  target_compile_definitions(tilelab_core PRIVATE TILELAB_SKIDDY_BMI2)
endif()
# What hosts show and print, above the core's midend: answers as text and JSON
# (core/report), pictures, palettes and QR codes (core/picture).
add_library(tilelab_output STATIC core/report/json.cpp core/report/report.cpp core/picture/picture.cpp
            core/picture/qr.cpp)
if(TILELAB_QRCODEGEN_STATIC)
  target_include_directories(tilelab_output SYSTEM PRIVATE ${QRCODEGEN_INCLUDE_DIRS})
  target_link_libraries(tilelab_output PUBLIC tilelab_core PRIVATE ${TILELAB_QRCODEGEN_STATIC})
else()
  target_link_libraries(tilelab_output PUBLIC tilelab_core PRIVATE PkgConfig::QRCODEGEN)
endif()
add_executable(tilelab shell/cli/main.cpp shell/cli/bench.cpp shell/cli/rate.cpp shell/cli/soak.cpp shell/cli/search.cpp shell/cli/render.cpp
               shell/cli/soundness.cpp shell/cli/thread_team.cpp)
target_link_libraries(tilelab PRIVATE tilelab_output)
# tilelab search --jobs: a thread a part; an analysis's second thread (thread_team).
find_package(Threads REQUIRED)
target_link_libraries(tilelab PRIVATE Threads::Threads)
# PNG and PDF pictures (tilelab render) through Debian's cairo, loaded with
# dlopen by the commands that draw them (shell/cli/render.cpp): its headers
# only here, so a solve does not load cairo and its ~20 libraries at start.
# libstdc++ and libgcc are linked in for the same reason: the CLI starts
# with libc and libm alone (ldd build/native/tilelab).
pkg_check_modules(CAIRO REQUIRED IMPORTED_TARGET cairo)
target_include_directories(tilelab SYSTEM PRIVATE ${CAIRO_INCLUDE_DIRS})
target_link_libraries(tilelab PRIVATE ${CMAKE_DL_LIBS})
target_link_options(tilelab PRIVATE -static-libstdc++ -static-libgcc)
target_compile_definitions(tilelab PRIVATE TILELAB_CAIRO)
target_compile_options(tilelab PRIVATE -Wall -Wextra)

if(TILELAB_TESTS)
  enable_testing()
  tilelab_add_suite(tilelab_tests tests/main_native.cpp shell/cli/thread_team.cpp)
  # The analysis on two threads held to the one on one (tests/test_two_threads.cpp).
  target_compile_definitions(tilelab_tests PRIVATE TILELAB_THREAD_TEAM)
  target_link_libraries(tilelab_tests PRIVATE Threads::Threads)
  find_package(Catch2 REQUIRED)
  include(Catch)
  catch_discover_tests(tilelab_tests TEST_PREFIX "native: " EXTRA_ARGS --warn NoTests)

  # The core must run no global constructors (the Playdate runs none).
  add_test(NAME "native: core has no global constructors"
           COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIB=$<TARGET_FILE:tilelab_core>
                   -P ${CMAKE_SOURCE_DIR}/tests/check_no_global_constructors.cmake)

  # The units built for BMI2, AVX-512 and AVX2 lend no code to the portable
  # build (none are built with TILELAB_PORTABLE_MOVES: above).
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT TILELAB_PORTABLE_MOVES)
    foreach(set bmi2 avx512 avx2)
      add_test(NAME "native: the ${set} unit defines its expand alone"
               COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIB=$<TARGET_FILE:tilelab_core> -DUNIT=skiddy_move_${set}
                       -DENTRY=expand_${set} -P ${CMAKE_SOURCE_DIR}/tests/check_unit_alone.cmake)
    endforeach()
  endif()

  # The CLI's contract: exit codes, JSON keys, bad input, pictures (their
  # PNGs decoded by cairo's reader).
  add_executable(png_check tests/cli/png_check.cpp)
  target_link_libraries(png_check PRIVATE PkgConfig::CAIRO)
  add_test(NAME "native: cli contract"
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/contract.sh $<TARGET_FILE:tilelab> $<TARGET_FILE:png_check>)

  # tilelab search: parts merged in any order and threads give the whole
  # run's bytes, for every game; bad input refused.
  add_test(NAME "native: search splits and merges to the same bytes"
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/search.sh $<TARGET_FILE:tilelab>)
  # scripts/search-cluster on a local Dask cluster (Debian's python3-distributed):
  # the same bytes, also with a worker killed mid-run.
  add_test(NAME "native: search on a two-worker Dask cluster gives the same bytes with a worker killed"
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/search_cluster.sh $<TARGET_FILE:tilelab>)
  set_tests_properties("native: search on a two-worker Dask cluster gives the same bytes with a worker killed"
                       PROPERTIES TIMEOUT 600)

  # A sheet plays on paper: every game's sheet's QR codes read by zbarimg
  # (Debian's zbar-tools) open their levels; Golf Peaks' hands drawn.
  add_test(NAME "native: sheet QR codes open their levels"
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/sheet.sh $<TARGET_FILE:tilelab>)

  # Fuzz targets (libFuzzer, clang only): see scripts/fuzz.
  add_executable(fuzz_inputs_replay tests/fuzz/fuzz_inputs.cpp tests/fuzz/replay_main.cpp)
  target_link_libraries(fuzz_inputs_replay PRIVATE tilelab_core)
  add_test(NAME "native: fuzz corpus replays cleanly"
           COMMAND fuzz_inputs_replay ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus)
  add_executable(fuzz_generate_replay tests/fuzz/fuzz_generate.cpp tests/fuzz/replay_main.cpp shell/cli/soundness.cpp)
  target_link_libraries(fuzz_generate_replay PRIVATE tilelab_core)
  add_test(NAME "native: generation fuzz corpus makes only sound levels"
           COMMAND fuzz_generate_replay ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus-generate)
endif()

if(TILELAB_TESTS)
  add_test(NAME "native: no host names a game"
           COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/tests/check_hosts_name_no_game.cmake)
  # No function over 100 lines, an index atop every file over 400 (scripts/sizes).
  find_program(TILELAB_PYTHON3 python3 REQUIRED)
  add_test(NAME "native: sizes a newcomer can read" COMMAND ${TILELAB_PYTHON3} ${CMAKE_SOURCE_DIR}/scripts/sizes)
  add_test(NAME "native: playdate preset without the SDK stops with one sentence"
           COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} -DWORK=${CMAKE_BINARY_DIR}/playdate-probe
                   -P ${CMAKE_SOURCE_DIR}/tests/check_playdate_without_sdk.cmake)
endif()
