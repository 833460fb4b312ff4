// Classroom-safe words: the 10k password list holds obscene words. In presentation mode (or
// with safe=1, or the View option) the view shows such words masked ("f•••you"); the filter
// itself is unchanged. The list is npm naughty-words (cmake/Data.cmake), compiled in.
#pragma once
#include <string>
#include <string_view>

namespace bloomlab::app {

// True when the word, lower-cased (ASCII), equals a listed word once digits and punctuation at
// its ends are set aside, or contains a listed word of 4 letters or more ("fuckyou"). Shorter
// listed words match only whole ("ass" masks "ass1", not "password").
bool is_unsafe_word(std::string_view word);
// The first and last character kept, the ones between as "•": "fuckyou" -> "f•••••u".
std::string mask_word(std::string_view word);

}  // namespace bloomlab::app
