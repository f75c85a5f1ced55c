# WebAssembly build (Emscripten 3.1.6 from Debian): the playground, the Embind
# API on the same module, the Catch2 suite and the CLI under node.
#
# Traps on these machines (TOOLCHAIN.md): emcc's post-link optimizer needs
# Debian's acorn on NODE_PATH; node 20 needs --no-experimental-fetch to run
# wasm tests; linking to .html crashes at -O1+, so we link to .js and serve
# our own page from web/ (index.html, app.js, worker.js, style.css).
set_property(GLOBAL PROPERTY RULE_LAUNCH_LINK "${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs")
find_program(TILELAB_NODE node REQUIRED)
set(TILELAB_NODE_RUN ${TILELAB_NODE} --no-experimental-fetch)

# Speed (issue 34: the browser bench prints wasm against native). The core
# is built -O3 (the Release build type, compile and link), without
# exceptions or RTTI, and emcc leaves ASSERTIONS off at -O3. Tried on the
# benchmarks and left out, for no gain past the noise of a shared machine:
# -flto (the page and the CLI alike, a larger module), -msimd128 (also with
# Skiddy's lanes move built for it: 1.11-1.13x slower, tests/browser/README.md),
# a larger INITIAL_MEMORY (the page's first analysis still grows and tiers up);
# -mbulk-memory does not link the page (SDL2's thread-local storage then
# needs atomics).

# A sheet's QR codes: qrcodegen's C++ file from Debian's source package
# (apt-get source qr-code-generator, by scripts/bootstrap), built for wasm.
set(TILELAB_DEPS ${CMAKE_SOURCE_DIR}/build/deps)
file(GLOB TILELAB_QRCODEGEN_DIR LIST_DIRECTORIES true ${TILELAB_DEPS}/src/qr-code-generator-*)
if(NOT TILELAB_QRCODEGEN_DIR OR NOT EXISTS ${TILELAB_QRCODEGEN_DIR}/cpp/qrcodegen.cpp)
  message(FATAL_ERROR "qrcodegen's source is missing under ${TILELAB_DEPS}/src: run scripts/bootstrap")
endif()
add_library(qrcodegen STATIC ${TILELAB_QRCODEGEN_DIR}/cpp/qrcodegen.cpp)
target_include_directories(qrcodegen SYSTEM PUBLIC ${TILELAB_QRCODEGEN_DIR}/cpp)

add_library(tilelab_output STATIC core/report/json.cpp core/report/report.cpp core/picture/picture.cpp
            core/picture/qr.cpp)
target_link_libraries(tilelab_output PUBLIC tilelab_core PRIVATE qrcodegen)

# The CLI under node, with the host's files visible (for `tilelab bench`).
add_executable(tilelab_cli shell/cli/main.cpp shell/cli/bench.cpp shell/cli/rate.cpp shell/cli/soak.cpp shell/cli/search.cpp shell/cli/render.cpp
               shell/cli/soundness.cpp shell/cli/thread_team.cpp)
target_link_libraries(tilelab_cli PRIVATE tilelab_output)
target_link_options(tilelab_cli PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1)

# --- the playground ---------------------------------------------------------
file(GLOB TILELAB_IMGUI_DIR LIST_DIRECTORIES true ${TILELAB_DEPS}/src/imgui-1.*)
set(TILELAB_SDL2_WASM ${TILELAB_DEPS}/sdl2-wasm)
if(NOT TILELAB_IMGUI_DIR OR NOT EXISTS ${TILELAB_IMGUI_DIR}/imgui.cpp)
  message(FATAL_ERROR "ImGui sources are missing under ${TILELAB_DEPS}/src: run scripts/bootstrap")
endif()
if(NOT EXISTS ${TILELAB_SDL2_WASM}/lib/libSDL2.a)
  message(FATAL_ERROR "SDL2 for wasm is missing under ${TILELAB_SDL2_WASM}: run scripts/build-sdl2-wasm")
endif()

add_library(imgui STATIC
  ${TILELAB_IMGUI_DIR}/imgui.cpp ${TILELAB_IMGUI_DIR}/imgui_draw.cpp
  ${TILELAB_IMGUI_DIR}/imgui_tables.cpp ${TILELAB_IMGUI_DIR}/imgui_widgets.cpp
  ${TILELAB_IMGUI_DIR}/backends/imgui_impl_sdl.cpp ${TILELAB_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${TILELAB_IMGUI_DIR} ${TILELAB_IMGUI_DIR}/backends
                           ${TILELAB_SDL2_WASM}/include/SDL2)
# The test engine's item hooks (web/widgets.cpp): every item of a frame with
# its label and rectangle, for tilelab.widgets() and the browser suite.
# 32-bit draw indices: a large board (Flow reads up to 1024x1024) draws more than
# 65,536 vertices in one window, which 16-bit indices wrap round (WebGL2 takes both).
target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_ENABLE_TEST_ENGINE "ImDrawIdx=unsigned int")

file(GLOB TILELAB_WEB_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.cpp)
# (The command line's thread team: its wasm build without threads has none, which worker_api.cpp asks.)
add_executable(tilelab_web ${TILELAB_WEB_SOURCES} shell/cli/thread_team.cpp)
target_link_libraries(tilelab_web PRIVATE tilelab_output tilelab_device imgui ${TILELAB_SDL2_WASM}/lib/libSDL2.a)
target_compile_options(tilelab_web PRIVATE -Wall -Wextra)
target_link_options(tilelab_web PRIVATE
  -sUSE_WEBGL2=1 -sFULL_ES3=1 -sALLOW_MEMORY_GROWTH=1 -lembind
  -sMODULARIZE=1 -sEXPORT_NAME=createTilelab -sENVIRONMENT=web,worker,node
  --embed-file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf@/fonts/DejaVuSans.ttf)
set_property(TARGET tilelab_web APPEND PROPERTY LINK_DEPENDS /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)

# --- the worker's engine with threads ----------------------------------------
# Where the page is cross-origin isolated (its server sends COOP and COEP:
# scripts/serve.py and the browser harness do), the page's one-job worker
# runs its jobs on this module instead (worker.js): the core and the job API
# built with -pthread, with the command line's team (shell/cli/thread_team),
# so a wide analysis, or Flow's count, takes a second thread (the same
# answer). One helper thread starts with the module (-sPTHREAD_POOL_SIZE=1:
# a thread started later waits for an event loop its caller never yields).
# Shared memory needs that isolation, so elsewhere the page runs as before,
# on the playground's own module; the pack's pool always does (a worker a
# core already).
add_library(tilelab_core_threads STATIC ${TILELAB_CORE_SOURCES})
target_include_directories(tilelab_core_threads PUBLIC ${CMAKE_SOURCE_DIR})
target_compile_options(tilelab_core_threads PRIVATE -fno-exceptions -fno-rtti -Wall -Wextra -Wshadow PUBLIC -pthread)
target_compile_definitions(tilelab_core_threads PUBLIC $<TARGET_PROPERTY:tilelab_core,INTERFACE_COMPILE_DEFINITIONS>)
add_executable(tilelab_threads web/worker_api.cpp shell/cli/thread_team.cpp)
target_link_libraries(tilelab_threads PRIVATE tilelab_core_threads)
# (-Wno-pthreads-mem-growth: JS touches this memory only to pass a job's texts.)
target_link_options(tilelab_threads PRIVATE -pthread -sPTHREAD_POOL_SIZE=1 -sALLOW_MEMORY_GROWTH=1 -Wno-pthreads-mem-growth -lembind
  -sMODULARIZE=1 -sEXPORT_NAME=createTilelabThreads -sENVIRONMENT=web,worker)

# The site: our page around the canvas plus the module.
set(TILELAB_SITE ${CMAKE_BINARY_DIR}/site)
file(GLOB TILELAB_PAGE_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.html ${CMAKE_SOURCE_DIR}/web/*.js
     ${CMAKE_SOURCE_DIR}/web/*.css ${CMAKE_SOURCE_DIR}/web/*.webmanifest)
# The app's icons (the manifest's): our Playdate icon (cmake/site.cmake).
set(TILELAB_ICON ${CMAKE_SOURCE_DIR}/assets/playdate/launcher/icon.png)
add_custom_command(OUTPUT ${TILELAB_SITE}/.assembled
  COMMAND ${CMAKE_COMMAND} -E make_directory ${TILELAB_SITE}
  COMMAND ${CMAKE_COMMAND} -E copy ${TILELAB_PAGE_FILES} ${TILELAB_SITE}
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE_DIR:tilelab_web>/tilelab_web.js
          $<TARGET_FILE_DIR:tilelab_web>/tilelab_web.wasm $<TARGET_FILE_DIR:tilelab_threads>/tilelab_threads.js
          $<TARGET_FILE_DIR:tilelab_threads>/tilelab_threads.wasm
          $<TARGET_FILE_DIR:tilelab_threads>/tilelab_threads.worker.js ${TILELAB_SITE}
  COMMAND ${CMAKE_COMMAND} -DSITE=${TILELAB_SITE} -DSOURCE=${CMAKE_SOURCE_DIR} -DICON=${TILELAB_ICON}
          -P ${CMAKE_SOURCE_DIR}/cmake/site.cmake
  COMMAND ${CMAKE_COMMAND} -E touch ${TILELAB_SITE}/.assembled
  DEPENDS tilelab_web tilelab_threads ${TILELAB_PAGE_FILES} ${TILELAB_ICON} ${CMAKE_SOURCE_DIR}/cmake/site.cmake
          ${CMAKE_SOURCE_DIR}/web/service-worker.js.in
  COMMENT "Assembling the playground in ${TILELAB_SITE}")
add_custom_target(site ALL DEPENDS ${TILELAB_SITE}/.assembled)

if(TILELAB_TESTS)
  enable_testing()
  # Catch2 throws on a failed check: the suite itself needs exceptions.
  tilelab_add_suite(tilelab_tests tests/main_native.cpp)
  target_compile_options(tilelab_tests PRIVATE -fexceptions)
  target_link_options(tilelab_tests PRIVATE -fexceptions -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1)
  add_test(NAME "wasm: every suite under node" COMMAND ${TILELAB_NODE_RUN} $<TARGET_FILE:tilelab_tests>)
  # The Embind API as a page would use it, loaded by node.
  # The CLI and the API answer every command alike (core/report/report).
  add_test(NAME "wasm: cli and api answer every command alike"
           COMMAND ${TILELAB_NODE_RUN} ${CMAKE_SOURCE_DIR}/tests/browser/report.test.mjs
                   $<TARGET_FILE:tilelab_cli> ${TILELAB_SITE}/tilelab_web.js)
  add_test(NAME "wasm: embind api"
           COMMAND ${TILELAB_NODE_RUN} ${CMAKE_SOURCE_DIR}/tests/browser/api.test.mjs ${TILELAB_SITE}/tilelab_web.js)
endif()
