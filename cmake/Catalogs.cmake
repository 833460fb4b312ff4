# The UI's message catalogs (issue 12; src/app/i18n.h): po/<lang>.po, compiled by GNU msgfmt
# (Debian `gettext`) into <site>/lang/<lang>.mo, which the page fetches only when that language
# is shown (the desktop program reads the same files). --check-format refuses a translation
# whose printf arguments differ from the English; fuzzy entries are left out by msgfmt.
find_program(MSGFMT msgfmt REQUIRED)
set(BLOOMLAB_LANGUAGES ru uk zh)
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
