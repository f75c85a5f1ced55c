# Catch2 v2 comes from Debian's catch2 package. Its single header is copied
# into the build tree so cross builds (wasm, Cortex-M7) can include it without
# putting the host's /usr/include on their include path.
if(TILELAB_TESTS)
  find_file(TILELAB_CATCH_HPP catch.hpp PATHS /usr/include/catch2 NO_CMAKE_FIND_ROOT_PATH NO_DEFAULT_PATH)
  if(NOT TILELAB_CATCH_HPP)
    message(FATAL_ERROR "Catch2 v2 is missing: install Debian's catch2 package (scripts/bootstrap does)")
  endif()
  configure_file(${TILELAB_CATCH_HPP} ${CMAKE_BINARY_DIR}/catch2-include/catch2/catch.hpp COPYONLY)

  # Level lists the suites check, embedded so every target reads the same bytes
  # (wasm and the bare-metal M7 have no files to open).
  function(tilelab_embed_text file name)
    file(READ ${file} TILELAB_EMBEDDED_TEXT)
    set(TILELAB_EMBEDDED_NAME ${name})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
    configure_file(${CMAKE_SOURCE_DIR}/tests/embedded_text.inc.in ${CMAKE_BINARY_DIR}/generated/${name}.inc @ONLY)
  endfunction()
  tilelab_embed_text(${CMAKE_SOURCE_DIR}/tests/golden/levels.txt kGoldenLevels)
  # The device app's golden frames (PBM), as hex text: one string of every
  # frame, "name:hex;" each; an empty string until the frames are made.
  file(GLOB TILELAB_GOLDEN_FRAMES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/golden/frames/*.pbm)
  set(TILELAB_EMBEDDED_TEXT "")
  foreach(frame ${TILELAB_GOLDEN_FRAMES})
    get_filename_component(frame_name ${frame} NAME_WE)
    file(READ ${frame} frame_hex HEX)
    string(APPEND TILELAB_EMBEDDED_TEXT "${frame_name}:${frame_hex};")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${frame})
  endforeach()
  set(TILELAB_EMBEDDED_NAME kGoldenFrames)
  configure_file(${CMAKE_SOURCE_DIR}/tests/embedded_text.inc.in ${CMAKE_BINARY_DIR}/generated/kGoldenFrames.inc @ONLY)
  tilelab_embed_text(${CMAKE_SOURCE_DIR}/assets/packs/lastball.txt kLastBallPack)

  file(GLOB TILELAB_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/test_*.cpp)
  # A test library per target: the suites, the core, Catch2's include path.
  function(tilelab_add_suite target)
    add_executable(${target} ${TILELAB_TEST_SOURCES} ${CMAKE_SOURCE_DIR}/shell/cli/soundness.cpp ${ARGN})
    target_include_directories(${target} PRIVATE ${CMAKE_BINARY_DIR}/catch2-include ${CMAKE_BINARY_DIR}/generated
                               ${CMAKE_SOURCE_DIR}/tests)
    target_link_libraries(${target} PRIVATE tilelab_device)
  endfunction()
endif()
