# The UI's message catalogs (issue 12; src/app/model/i18n.h): po/<lang>.po, compiled by GNU msgfmt
# (Debian `gettext`) into <site>/lang/<lang>.mo, which the page fetches only when that language
# is shown (the desktop program reads the same files). --check-format refuses a translation
# whose printf arguments differ from the English; fuzzy entries are left out by msgfmt.
find_program(MSGFMT msgfmt REQUIRED)
set(BLOOMLAB_CATALOG_DIR "${BLOOMLAB_SITE_DIR}/lang")
file(MAKE_DIRECTORY "${BLOOMLAB_CATALOG_DIR}")
set(BLOOMLAB_CATALOGS "")
foreach(_lang IN LISTS BLOOMLAB_LANGUAGES)
  set(_po "${PROJECT_SOURCE_DIR}/po/${_lang}.po")
  set(_mo "${BLOOMLAB_CATALOG_DIR}/${_lang}.mo")
  add_custom_command(
    OUTPUT "${_mo}"
    COMMAND "${MSGFMT}" --check --check-format --check-header --no-hash -o "${_mo}" "${_po}"
    DEPENDS "${_po}"
    COMMENT "Compiling the ${_lang} catalog")
  list(APPEND BLOOMLAB_CATALOGS "${_mo}")
endforeach()
add_custom_target(catalogs ALL DEPENDS ${BLOOMLAB_CATALOGS})

# Chinese needs a CJK font: WenQuanYi Micro Hei (Debian fonts-wqy-microhei, Apache-2.0 / GPLv3
# with font exception), subset to the characters of the zh catalog and the zh lessons
# (cmake/cjk_text.py), served as <site>/lang/zh-font.ttf and fetched only while zh is shown.
# The two characters of the selector's "中文" are embedded in the app (fonts.cpp), so every
# language names Chinese in itself without that download.
set(BLOOMLAB_CJK_SOURCE /usr/share/fonts/truetype/wqy/wqy-microhei.ttc)
if(NOT EXISTS "${BLOOMLAB_CJK_SOURCE}")
  message(FATAL_ERROR "The CJK font is missing (${BLOOMLAB_CJK_SOURCE}). Run scripts/setup.sh first (Debian fonts-wqy-microhei).")
endif()
file(GLOB BLOOMLAB_ZH_LESSONS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/lessons/zh/*.lesson")
set(_cjk_text "${BLOOMLAB_DATA_DIR}/zh-font-text.txt")
set(BLOOMLAB_ZH_FONT "${BLOOMLAB_CATALOG_DIR}/zh-font.ttf")
set(_subset_options "--layout-features=" --no-hinting "--drop-tables+=FFTM,GPOS,GSUB,GDEF,kern,name,post,vhea,vmtx"
                    "--name-IDs=" --desubroutinize --font-number=0)
add_custom_command(
  OUTPUT "${BLOOMLAB_ZH_FONT}"
  COMMAND "${DEBIAN_PYTHON3}" "${PROJECT_SOURCE_DIR}/cmake/cjk_text.py" "${_cjk_text}"
          "${BLOOMLAB_FONT_UNICODES_FILE}" "${BLOOMLAB_CATALOG_DIR}/zh.mo" ${BLOOMLAB_ZH_LESSONS}
  COMMAND "${DEBIAN_PYTHON3}" -m fontTools.subset "${BLOOMLAB_CJK_SOURCE}" "--text-file=${_cjk_text}"
          ${_subset_options} "--output-file=${BLOOMLAB_ZH_FONT}"
  DEPENDS "${BLOOMLAB_CATALOG_DIR}/zh.mo" ${BLOOMLAB_ZH_LESSONS} "${PROJECT_SOURCE_DIR}/cmake/cjk_text.py"
          "${BLOOMLAB_CJK_SOURCE}" "${BLOOMLAB_FONT_UNICODES_FILE}"
  COMMENT "Subsetting WenQuanYi Micro Hei to the Chinese texts")
add_custom_target(zh_font ALL DEPENDS "${BLOOMLAB_ZH_FONT}")

# "中文" alone, compiled into the app (about 1 KB) with its glyph ranges.
set(_endonym_ttf "${BLOOMLAB_DATA_DIR}/endonym-font.ttf")
set(BLOOMLAB_ENDONYM_FONT_CPP "${CMAKE_BINARY_DIR}/generated/endonym_font.cpp")
add_custom_command(
  OUTPUT "${_endonym_ttf}"
  COMMAND "${DEBIAN_PYTHON3}" -m fontTools.subset "${BLOOMLAB_CJK_SOURCE}" "--text=中文" ${_subset_options}
          "--output-file=${_endonym_ttf}"
  DEPENDS "${BLOOMLAB_CJK_SOURCE}"
  COMMENT "Subsetting the selector's 中文")
add_custom_command(
  OUTPUT "${BLOOMLAB_ENDONYM_FONT_CPP}"
  COMMAND "${CMAKE_COMMAND}" -DINPUT=${_endonym_ttf} -DOUTPUT=${BLOOMLAB_ENDONYM_FONT_CPP}
          -DSYMBOL=bloomlab_endonym_font "-DRANGES=0x4E2D,0x4E2D,0x6587,0x6587,"
          -P "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake"
  DEPENDS "${_endonym_ttf}" "${CMAKE_CURRENT_LIST_DIR}/EmbedFile.cmake"
  COMMENT "Embedding the selector's 中文")
add_custom_target(endonym_font DEPENDS "${BLOOMLAB_ENDONYM_FONT_CPP}")
