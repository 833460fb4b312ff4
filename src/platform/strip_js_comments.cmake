# Copies a script into the site without its whole-line // comments (web/bloomlab.js is mostly
# explanation: 3 KB of its gzip -9 size, which counts against the embed's 350 KB budget).
# Only lines whose first non-blank characters are // go; code and comments after code stay.
#   cmake -DIN=web/bloomlab.js -DOUT=site/bloomlab.js -P strip_js_comments.cmake
file(READ "${IN}" text)
string(REGEX REPLACE "\n[ \t]*//[^\n]*" "" text "\n${text}")
string(SUBSTRING "${text}" 1 -1 text)
file(WRITE "${OUT}" "${text}")
