# Fails when a unit built for an instruction set the portable code may not
# use (UNIT: core/games/skiddy/skiddy_move_bmi2.cpp, built with -mbmi2;
# skiddy_move_avx512.cpp and skiddy_move_avx2.cpp) defines any symbol but
# its entry (ENTRY: expand_bmi2, ...): an inline function or template of a
# shared header it emitted would be compiled for that set, and the linker
# may give that copy to the portable code too, which a processor without
# it cannot run.
execute_process(COMMAND ${NM} -C ${LIB} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIB}")
endif()
string(REGEX MATCH "${UNIT}\\.cpp\\.o:\n([^\n]+\n)*" unit "${symbols}")
if(NOT unit)
  message(FATAL_ERROR "${LIB} has no ${UNIT}.cpp.o: the check is looking at the wrong file")
endif()
string(REGEX MATCHALL "\n[0-9a-f]* *[A-TV-Z] [^\n]*" defined "${unit}")
list(LENGTH defined count)
if(NOT count EQUAL 1 OR NOT defined MATCHES "tl::skiddy::${ENTRY}\\(")
  message(FATAL_ERROR "${UNIT}.cpp.o defines more than ${ENTRY}:${defined}")
endif()
message(STATUS "${UNIT}.cpp.o defines ${ENTRY} alone")
