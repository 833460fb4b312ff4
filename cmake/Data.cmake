# Downloaded data the build uses, each pinned by version and sha256 (nothing is committed):
#   passwords-10k.txt  Mark Burnett's 10,000 most common passwords, npm common-password@0.1.2 (ISC)
#   font               DejaVu Sans from Debian's fonts-dejavu-core, subset at build time
set(BLOOMLAB_DATA_DIR "${CMAKE_BINARY_DIR}/data")
set(BLOOMLAB_SITE_DIR "${CMAKE_BINARY_DIR}/site")  # what the web server serves
file(MAKE_DIRECTORY "${BLOOMLAB_DATA_DIR}")

set(BLOOMLAB_PASSWORDS_SOURCE "${BLOOMLAB_NODE_MODULES}/common-password/lib/10k most common.txt")
set(BLOOMLAB_PASSWORDS_SHA256 af55295852bcb0bc63e76cd22e342d9f7778b1802e76f0c502c73a35f652fd7a)
set(BLOOMLAB_PASSWORDS_FILE "${BLOOMLAB_DATA_DIR}/passwords-10k.txt")

if(NOT EXISTS "${BLOOMLAB_PASSWORDS_SOURCE}")
  message(FATAL_ERROR "The password list is missing (${BLOOMLAB_PASSWORDS_SOURCE}). Run scripts/setup.sh first.")
endif()
file(SHA256 "${BLOOMLAB_PASSWORDS_SOURCE}" _sha)
if(NOT _sha STREQUAL BLOOMLAB_PASSWORDS_SHA256)
  message(FATAL_ERROR "The password list's sha256 is ${_sha}, expected ${BLOOMLAB_PASSWORDS_SHA256}. "
                      "Delete node_modules and run scripts/setup.sh again.")
endif()
configure_file("${BLOOMLAB_PASSWORDS_SOURCE}" "${BLOOMLAB_PASSWORDS_FILE}" COPYONLY)

# The UI font: DejaVu Sans (Debian fonts-dejavu-core, free license) subset to the ranges the UI
# draws, then compiled into the app as a byte array. The ranges match src/app/fonts.cpp.
set(BLOOMLAB_FONT_SOURCE /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
# Latin (with Latin-1 and Extended-A), Greek, Cyrillic, punctuation, super- and subscripts, and
# only the arrows, math and shapes the UI draws: the whole math block would cost 20 KB gzip.
set(BLOOMLAB_FONT_UNICODES
  "U+0020-007E,U+00A0-017F,U+0370-03FF,U+0400-04FF,U+2010-2027,U+2030-203A,U+2070-209F,U+2190-2199,U+21D0-21D4,U+2200-2213,U+2218-221E,U+2227-222B,U+2248,U+2260-2265,U+2308-230B,U+25A0-25A1,U+25B2-25C0,U+25CB,U+25CF")
set(BLOOMLAB_FONT_TTF "${BLOOMLAB_DATA_DIR}/ui-font.ttf")
set(BLOOMLAB_FONT_CPP "${CMAKE_BINARY_DIR}/generated/ui_font.cpp")
find_program(DEBIAN_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
add_custom_command(
  OUTPUT "${BLOOMLAB_FONT_TTF}"
  COMMAND "${DEBIAN_PYTHON3}" -m fontTools.subset "${BLOOMLAB_FONT_SOURCE}"
          "--unicodes=${BLOOMLAB_FONT_UNICODES}" "--layout-features=" --no-hinting "--drop-tables+=FFTM,GPOS,GSUB,GDEF,kern,name,post" "--name-IDs="
          --desubroutinize "--output-file=${BLOOMLAB_FONT_TTF}"
  DEPENDS "${BLOOMLAB_FONT_SOURCE}"
  COMMENT "Subsetting DejaVu Sans for the UI")
add_custom_command(
  OUTPUT "${BLOOMLAB_FONT_CPP}"
  COMMAND "${CMAKE_COMMAND}" -DINPUT=${BLOOMLAB_FONT_TTF} -DOUTPUT=${BLOOMLAB_FONT_CPP}
          -DSYMBOL=bloomlab_ui_font -P "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake"
  DEPENDS "${BLOOMLAB_FONT_TTF}" "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake"
  COMMENT "Embedding the UI font")
# A target, so that src/app (another directory) can depend on the generated source.
add_custom_target(ui_font DEPENDS "${BLOOMLAB_FONT_CPP}")
