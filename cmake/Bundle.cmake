# bloomlab_bundle(OUT ENTRIES_VAR FILE...): several text files as one (src/core/bundle.h): for each
# file, the byte 0x1E, its name, a newline and its text. OUT is written only when it changed (so
# nothing downstream rebuilds for nothing); ENTRIES_VAR receives the same files as C++ initialisers
# ({"name", R"bundle(text)bundle"},) for the tables native builds compile in. The files are
# re-read whenever they change (a configure dependency).
function(bloomlab_bundle out entries_var)
  string(ASCII 30 _separator)
  set(_bundle "")
  set(_entries "")
  foreach(_file IN LISTS ARGN)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_file}")
    file(READ "${_file}" _text)
    if(_text MATCHES "\\)bundle\"" OR _text MATCHES "${_separator}")
      message(FATAL_ERROR "${_file}: the text )bundle\" or a byte 0x1E cannot be bundled")
    endif()
    get_filename_component(_name "${_file}" NAME)
    string(APPEND _bundle "${_separator}${_name}\n${_text}")
    string(APPEND _entries "    {\"${_name}\", R\"bundle(${_text})bundle\"},\n")
  endforeach()
  set(_old "")
  if(EXISTS "${out}")
    file(READ "${out}" _old)
  endif()
  if(NOT _old STREQUAL _bundle)
    file(WRITE "${out}" "${_bundle}")
  endif()
  set(${entries_var} "${_entries}" PARENT_SCOPE)
endfunction()
