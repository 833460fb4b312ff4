# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name [-DRANGES=0x20,0x7E,...] -P EmbedFile.cmake
# Writes `extern const unsigned char name[]; extern const size_t name_size;` holding INPUT's bytes,
# and with RANGES `extern const unsigned int name_ranges[];` (pairs, zero-terminated: the
# glyph ranges ImGui bakes from a font).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT} by cmake/EmbedFile.cmake. Do not edit.\n#include <cstddef>\n"
  "extern const unsigned char ${SYMBOL}[];\nextern const size_t ${SYMBOL}_size;\n"
  "const unsigned char ${SYMBOL}[] = {\n${bytes}};\nconst size_t ${SYMBOL}_size = ${size};\n")
if(DEFINED RANGES)
  file(APPEND "${OUTPUT}" "extern const unsigned int ${SYMBOL}_ranges[];\n"
    "const unsigned int ${SYMBOL}_ranges[] = {${RANGES}0};\n")
endif()
