# Playdate device build: the core plus shell/playdate, packed into a .pdx by
# the SDK's playdate_game.cmake (which runs pdc). The SDK's flags reach only
# the game target, so the core gets the device flags here itself.
set(SDK "$ENV{PLAYDATE_SDK_PATH}")
set(PLAYDATE_GAME_NAME tilelab)
set(PLAYDATE_GAME_DEVICE tilelab_DEVICE)
target_compile_definitions(tilelab_core PUBLIC TILELAB_DEVICE)
foreach(lib tilelab_core tilelab_device)
  target_compile_options(${lib} PRIVATE -mthumb -mcpu=cortex-m7 -mfloat-abi=hard -mfpu=fpv5-sp-d16
                         -ffunction-sections -fdata-sections)
endforeach()
add_executable(${PLAYDATE_GAME_DEVICE} ${SDK}/C_API/buildsupport/setup.c shell/playdate/main.cpp
               shell/playdate/device_runtime.cpp)
target_compile_definitions(${PLAYDATE_GAME_DEVICE} PRIVATE TILELAB_PLAYDATE TARGET_PLAYDATE=1 TARGET_EXTENSION=1)
target_compile_options(${PLAYDATE_GAME_DEVICE} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions -fno-rtti>)
target_include_directories(${PLAYDATE_GAME_DEVICE} PRIVATE ${SDK}/C_API)
target_link_libraries(${PLAYDATE_GAME_DEVICE} PRIVATE tilelab_device)
# pdc packs the Source folder next to this project's top CMakeLists (where the
# SDK's playdate_game.cmake puts pdex.elf too): the game's pdxinfo and its
# launcher card and icon go there from assets/playdate. (Source/ and the .pdx
# are build output, ignored by git.)
file(COPY ${CMAKE_SOURCE_DIR}/assets/playdate/pdxinfo ${CMAKE_SOURCE_DIR}/assets/playdate/launcher
     DESTINATION ${CMAKE_SOURCE_DIR}/Source)
include(${SDK}/C_API/buildsupport/playdate_game.cmake)
