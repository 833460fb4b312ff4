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

# The UI font: DejaVu Sans (Debian fonts-dejavu-core, free license) subset to the characters in
# assets/ui-font-unicodes.txt, compiled into the app as a byte array together with the same ranges
# for ImGui (so the two can never disagree).
set(BLOOMLAB_FONT_SOURCE /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
set(BLOOMLAB_FONT_UNICODES_FILE "${PROJECT_SOURCE_DIR}/assets/ui-font-unicodes.txt")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${BLOOMLAB_FONT_UNICODES_FILE}")
file(STRINGS "${BLOOMLAB_FONT_UNICODES_FILE}" _lines ENCODING UTF-8)
set(BLOOMLAB_FONT_UNICODES "")
set(BLOOMLAB_FONT_RANGES "")  # "0x0020,0x007E,..." pairs for ImGui
foreach(_line IN LISTS _lines)
  string(REGEX REPLACE "#.*" "" _line "${_line}")
  string(STRIP "${_line}" _line)
  if(_line STREQUAL "")
    continue()
  endif()
  if(NOT _line MATCHES "^U\\+([0-9A-Fa-f]+)(-([0-9A-Fa-f]+))?$")
    message(FATAL_ERROR "${BLOOMLAB_FONT_UNICODES_FILE}: '${_line}' is not U+XXXX or U+XXXX-YYYY")
  endif()
  set(_first "${CMAKE_MATCH_1}")
  set(_last "${CMAKE_MATCH_3}")
  if(_last STREQUAL "")
    set(_last "${_first}")
  endif()
  list(APPEND BLOOMLAB_FONT_UNICODES "${_line}")
  string(APPEND BLOOMLAB_FONT_RANGES "0x${_first},0x${_last},")
endforeach()
string(REPLACE ";" "," BLOOMLAB_FONT_UNICODES "${BLOOMLAB_FONT_UNICODES}")
set(BLOOMLAB_FONT_TTF "${BLOOMLAB_DATA_DIR}/ui-font.ttf")
set(BLOOMLAB_FONT_CPP "${CMAKE_BINARY_DIR}/generated/ui_font.cpp")
find_program(DEBIAN_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
add_custom_command(
  OUTPUT "${BLOOMLAB_FONT_TTF}"
  COMMAND "${DEBIAN_PYTHON3}" -m fontTools.subset "${BLOOMLAB_FONT_SOURCE}"
          "--unicodes=${BLOOMLAB_FONT_UNICODES}" "--layout-features=" --no-hinting "--drop-tables+=FFTM,GPOS,GSUB,GDEF,kern,name,post" "--name-IDs="
          --desubroutinize "--output-file=${BLOOMLAB_FONT_TTF}"
  DEPENDS "${BLOOMLAB_FONT_SOURCE}" "${BLOOMLAB_FONT_UNICODES_FILE}"
  COMMENT "Subsetting DejaVu Sans for the UI")
add_custom_command(
  OUTPUT "${BLOOMLAB_FONT_CPP}"
  COMMAND "${CMAKE_COMMAND}" -DINPUT=${BLOOMLAB_FONT_TTF} -DOUTPUT=${BLOOMLAB_FONT_CPP}
          -DSYMBOL=bloomlab_ui_font "-DRANGES=${BLOOMLAB_FONT_RANGES}"
          -P "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake"
  DEPENDS "${BLOOMLAB_FONT_TTF}" "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake" "${BLOOMLAB_FONT_UNICODES_FILE}"
  COMMENT "Embedding the UI font")
# A target, so that src/app (another directory) can depend on the generated source.
add_custom_target(ui_font DEPENDS "${BLOOMLAB_FONT_CPP}")

# The classroom word list: words a presenter's screen masks (app/model/safe_words.h), from npm
# naughty-words@1.2.0 (CC-BY-4.0, Shutterstock's List of Dirty, Naughty, Obscene, and Otherwise
# Bad Words): English, and Russian in Latin transliteration (the passwords are Latin too).
set(BLOOMLAB_SAFE_WORDS_SOURCES
  "${BLOOMLAB_NODE_MODULES}/naughty-words/en.json|93318918595948065b83050eb31910d369466401e215e44af6d2c7a71fae56f2"
  "${BLOOMLAB_NODE_MODULES}/naughty-words/ru.json|e57ba40abbee34bbec842b9fa2a485ae86e82106f807bc996621e5bdc2bfcb5c")
set(BLOOMLAB_SAFE_WORDS_CPP "${CMAKE_BINARY_DIR}/generated/safe_words_table.cpp")
set(_entries "")
foreach(_source IN LISTS BLOOMLAB_SAFE_WORDS_SOURCES)
  string(REPLACE "|" ";" _parts "${_source}")
  list(GET _parts 0 _file)
  list(GET _parts 1 _want)
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "The classroom word list is missing (${_file}). Run scripts/setup.sh first.")
  endif()
  file(SHA256 "${_file}" _sha)
  if(NOT _sha STREQUAL _want)
    message(FATAL_ERROR "${_file}: sha256 ${_sha}, expected ${_want}. Delete node_modules and run scripts/setup.sh again.")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_file}")
  file(READ "${_file}" _json)
  string(JSON _count LENGTH "${_json}")
  math(EXPR _last "${_count} - 1")
  foreach(_i RANGE ${_last})
    string(JSON _word GET "${_json}" ${_i})
    string(TOLOWER "${_word}" _word)
    string(REPLACE "\\" "\\\\" _word "${_word}")
    string(REPLACE "\"" "\\\"" _word "${_word}")
    string(APPEND _entries "    \"${_word}\\n\"\n")
  endforeach()
endforeach()
file(CONFIGURE OUTPUT "${BLOOMLAB_SAFE_WORDS_CPP}" CONTENT
"// Generated by cmake/Data.cmake from npm naughty-words@1.2.0 (CC-BY-4.0). Do not edit.
// One string, a word per line: no table of pointers (2 KB of the page's download).
namespace bloomlab::app {
extern const char kSafeWords[];
const char kSafeWords[] =
@_entries@    \"\";
}  // namespace bloomlab::app
" @ONLY)

include(Bundle)  # bloomlab_bundle(): several text files as one (src/core/bundle.h)

# The lessons (assets/lessons/*.lesson, format in FORMAT.md) and their translations
# (assets/lessons/<lang>/*.lesson), in their files' order, as one text file per language:
# data/lessons-<lang>.txt, each lesson preceded by the byte 0x1E (record separator) and its file
# name on a line of its own (cmake/Bundle.cmake; app/model/lessons.cpp, lesson_bundle_name). The web
# build serves them beside the page and fetches the reader's language's only when a lesson is
# wanted (an embed that never opens one downloads none); native builds also compile the English
# texts in (tests/app checks both agree) and read the others from the data folder.
set(BLOOMLAB_LESSONS_BUNDLES "")
set(BLOOMLAB_LESSONS_CPP "${CMAKE_BINARY_DIR}/generated/lessons_table.cpp")
set(_entries "")
foreach(_lang IN ITEMS en ${BLOOMLAB_LANGUAGES})
  set(_dir "${PROJECT_SOURCE_DIR}/assets/lessons")
  if(NOT _lang STREQUAL "en")
    string(APPEND _dir "/${_lang}")
  endif()
  file(GLOB _files CONFIGURE_DEPENDS "${_dir}/*.lesson")
  list(SORT _files)
  set(_bundle_file "${BLOOMLAB_DATA_DIR}/lessons-${_lang}.txt")
  list(APPEND BLOOMLAB_LESSONS_BUNDLES "${_bundle_file}")
  bloomlab_bundle("${_bundle_file}" _lang_entries ${_files})
  if(NOT EMSCRIPTEN AND _lang STREQUAL "en")
    set(_entries "${_lang_entries}")
  endif()
endforeach()
file(CONFIGURE OUTPUT "${BLOOMLAB_LESSONS_CPP}" CONTENT
"// Generated by cmake/Data.cmake from assets/lessons/*.lesson. Do not edit.
// English only; empty in the web build: there the lessons are fetched (data/lessons-<lang>.txt).
#include <cstddef>
namespace bloomlab::app {
struct LessonSource { const char* file; const char* text; };
extern const LessonSource kLessonSources[];
extern const size_t kLessonSourceCount;
const LessonSource kLessonSources[] = {
@_entries@    {nullptr, nullptr}};
const size_t kLessonSourceCount = sizeof kLessonSources / sizeof kLessonSources[0] - 1;
}  // namespace bloomlab::app
" @ONLY)

# The programs' templates (assets/programs/*.in, src/core/program.h): data/programs.txt, which the
# web build serves and fetches when the Code panel is first wanted (5.6 KB gzip out of every
# visit's wasm); native builds compile the same files in (generated/program_templates.cpp).
file(GLOB BLOOMLAB_PROGRAM_FILES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/programs/*.in")
list(SORT BLOOMLAB_PROGRAM_FILES)
set(BLOOMLAB_PROGRAMS_BUNDLE "${BLOOMLAB_DATA_DIR}/programs.txt")
set(BLOOMLAB_PROGRAMS_CPP "${CMAKE_BINARY_DIR}/generated/program_templates.cpp")
bloomlab_bundle("${BLOOMLAB_PROGRAMS_BUNDLE}" _program_entries ${BLOOMLAB_PROGRAM_FILES})
if(EMSCRIPTEN)
  set(_program_entries "")
endif()
file(CONFIGURE OUTPUT "${BLOOMLAB_PROGRAMS_CPP}" CONTENT
"// Generated by cmake/Data.cmake from assets/programs/*.in. Do not edit.
// Empty in the web build: there the templates are fetched (data/programs.txt).
#include \"core/program.h\"
namespace bloomlab {
const ProgramTemplates* builtin_program_templates() {
  static const ProgramTemplates templates{{
@_program_entries@  }};
  return templates.files.empty() ? nullptr : &templates;
}
}  // namespace bloomlab
" @ONLY)
