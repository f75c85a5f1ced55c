# Without the Playdate SDK the playdate preset must stop at configure with the
# one sentence that says what to install.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PLAYDATE_SDK_PATH
          ${CMAKE_COMMAND} -S ${SRC} -B ${WORK} -G Ninja -DTILELAB_TARGET=playdate -DTILELAB_TESTS=OFF
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE_RECURSE ${WORK})
if(rc EQUAL 0)
  message(FATAL_ERROR "configure without the SDK succeeded")
endif()
string(REPLACE "\n" " " flat "${err}")
string(REGEX REPLACE " +" " " flat "${flat}")
if(NOT flat MATCHES "needs the Playdate SDK .*set PLAYDATE_SDK_PATH to its folder")
  message(FATAL_ERROR "unclear message:\n${err}")
endif()
string(REGEX MATCHALL "CMake Error" errors "${err}")
list(LENGTH errors count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one error, got ${count}:\n${err}")
endif()
