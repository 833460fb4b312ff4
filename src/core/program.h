// Code you can take home: a complete, runnable program for a filter, in Python, Go, JavaScript
// (node) or C++, that builds the standard filter with the same m, k, scheme and words and prints
// the articles' table:
//
//   dragon maybe [30, 1, 36]        each word asked about: its verdict (maybe / no), positions
//   bits set: 14 of 64
//   false positives: 2871 of 100000 probes (0.028710)
//
// The probes are "probe-0" .. "probe-(N-1)", members skipped (DESIGN.md). Every language prints
// the same bytes; tests/cli/programs.py runs all four and compares them with the CLI.
// Pure text generation: no UI, no I/O.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filter.h"

namespace bloomlab {

enum class Language { python, go, javascript, cpp };
inline constexpr Language kAllLanguages[] = {Language::python, Language::go, Language::javascript,
                                             Language::cpp};
const char* language_name(Language l);            // "python", "go", "javascript", "cpp"
const char* language_title(Language l);           // "Python", "Go", "JavaScript (node)", "C++"
const char* language_file_name(Language l);       // "bloom.py", "bloom.go", "bloom.js", "bloom.cpp"
std::optional<Language> parse_language(std::string_view name);

struct ProgramSpec {
  FilterParams params;               // m, k and the scheme (reference or sha256md5) are written
  std::vector<std::string> words;    // added, and asked about, in this order (embedded)
  std::string words_file;            // non-empty: the words are read from this file instead
  std::vector<std::string> questions;  // asked about after the words (e.g. the word box)
  uint64_t probes = 100000;
};

// Schemes the programs write: reference and sha256md5. Others are written as reference.
bool program_supports(Scheme s);
// The program's text. Words are written as their exact bytes (escaped where a language needs).
std::string program(Language l, const ProgramSpec& spec);

}  // namespace bloomlab
