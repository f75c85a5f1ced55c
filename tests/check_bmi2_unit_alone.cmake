# Fails when the unit built with -mbmi2 (core/games/skiddy/skiddy_move_bmi2.cpp)
# defines any symbol but expand_bmi2: an inline function or template of a
# shared header it emitted would be compiled for BMI2, and the linker may
# give that copy to the portable code too, which a processor without BMI2
# cannot run.
execute_process(COMMAND ${NM} -C ${LIB} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIB}")
endif()
string(REGEX MATCH "skiddy_move_bmi2\\.cpp\\.o:\n([^\n]+\n)*" unit "${symbols}")
if(NOT unit)
  message(FATAL_ERROR "${LIB} has no skiddy_move_bmi2.cpp.o: the check is looking at the wrong file")
endif()
string(REGEX MATCHALL "\n[0-9a-f]* *[A-TV-Z] [^\n]*" defined "${unit}")
list(LENGTH defined count)
if(NOT count EQUAL 1 OR NOT defined MATCHES "tl::skiddy::expand_bmi2\\(")
  message(FATAL_ERROR "skiddy_move_bmi2.cpp.o defines more than expand_bmi2:${defined}")
endif()
message(STATUS "skiddy_move_bmi2.cpp.o defines expand_bmi2 alone")
