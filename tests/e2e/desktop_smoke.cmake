# Runs the desktop program for 30 frames under Xvfb with the tiny preset and "dragon" typed,
# and checks that it really drew (most pixels are not the background).
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1280x800x24" "${APP}" --frames 30 --size 1280x800
          --params "preset=tiny&word=dragon" --screenshot "${OUT}/desktop.png"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bloomlab-desktop exited with ${rc}")
endif()
if(NOT out MATCHES "([0-9.]+)% of pixels drawn")
  message(FATAL_ERROR "no screenshot summary in the output")
endif()
if(CMAKE_MATCH_1 LESS 5)
  message(FATAL_ERROR "only ${CMAKE_MATCH_1}% of the pixels differ from the background: a blank window")
endif()
if(NOT EXISTS "${OUT}/desktop.png")
  message(FATAL_ERROR "no screenshot at ${OUT}/desktop.png")
endif()
