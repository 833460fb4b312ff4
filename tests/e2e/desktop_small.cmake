# The desktop program at sizes with no room (issue 14): it segfaulted at --size 200x200 with
# scale=3 and at 2000x200 (begin_card ignored BeginTable's "no"). Each size renders 10 frames and
# must exit 0 with a screenshot; any size from 1x1 up is accepted.
set(cases "200x200|scale=3" "2000x200|" "150x150|" "120x120|" "740x360|scale=3" "1x1|")
foreach(case ${cases})
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 size)
  list(LENGTH parts n)
  set(params "")
  if(n GREATER 1)
    list(GET parts 1 params)
  endif()
  set(shot "${OUT}/desktop-${size}.png")
  file(REMOVE "${shot}")
  execute_process(
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 2100x1000x24" "${APP}" --frames 10 --size ${size}
            --params "${params}" --screenshot "${shot}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${size} ${params}: ${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bloomlab-desktop --size ${size} --params '${params}' exited with ${rc}")
  endif()
  if(NOT EXISTS "${shot}")
    message(FATAL_ERROR "no screenshot at ${shot}")
  endif()
  if(NOT size STREQUAL "1x1")
    if(NOT out MATCHES "([0-9.]+)% of pixels drawn" OR CMAKE_MATCH_1 LESS 5)
      message(FATAL_ERROR "--size ${size}: a blank window")
    endif()
  endif()
endforeach()
