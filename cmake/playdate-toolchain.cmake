# Chooses the toolchain for the playdate preset (included before project()): the Playdate SDK's own arm.cmake, found
# through PLAYDATE_SDK_PATH. Without the SDK, configure stops here with one
# sentence saying what to install.
set(TILELAB_PLAYDATE_SDK "$ENV{PLAYDATE_SDK_PATH}")
if(NOT TILELAB_PLAYDATE_SDK OR NOT EXISTS "${TILELAB_PLAYDATE_SDK}/C_API/buildsupport/arm.cmake")
  message(FATAL_ERROR "The playdate preset needs the Playdate SDK (not a Debian package): install it from Panic's developer site and set PLAYDATE_SDK_PATH to its folder.")
endif()
set(TOOLCHAIN armgcc)
set(CMAKE_TOOLCHAIN_FILE "${TILELAB_PLAYDATE_SDK}/C_API/buildsupport/arm.cmake")
