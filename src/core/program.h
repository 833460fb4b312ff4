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

#include "bundle.h"
#include "filter.h"

namespace bloomlab {

enum class Language { python, go, javascript, cpp };
inline constexpr Language kAllLanguages[] = {Language::python, Language::go, Language::javascript,
                                             Language::cpp};
const char* language_name(Language l);       // "python", "go", "javascript", "cpp"
const char* language_title(Language l);      // "Python", "Go", "JavaScript (node)", "C++"
const char* language_file_name(Language l);  // "bloom.py", "bloom.go", "bloom.js", "bloom.cpp"
std::optional<Language> parse_language(std::string_view name);

struct ProgramSpec {
  FilterParams params;                 // m, k and the scheme (reference or sha256md5) are written
  std::vector<std::string> words;      // added, and asked about, in this order (embedded)
  std::string words_file;              // non-empty: the words are read from this file instead
  std::vector<std::string> questions;  // asked about after the words (e.g. the word box)
  uint64_t probes = 100000;
};

// The programs' templates: assets/programs/<language>[-reference|-sha256md5].<ext>.in, where
// @NAME@ marks what program() fills in. Native builds compile them in; the web build fetches them
// as one bundle (kProgramBundleName, cmake/Data.cmake) when the Code panel first wants them.
struct ProgramTemplates {
  std::vector<BundleFile> files;
  // Language l's template: suffix "" for the program, "-reference" or "-sha256md5" for its
  // positions() part. Empty when missing (parse_program_templates refuses such a set).
  std::string text(Language l, std::string_view suffix) const;
};
inline constexpr char kProgramBundleName[] = "programs.txt";
// The templates in a bundle; nothing when it is malformed or lacks one that program() needs.
std::optional<ProgramTemplates> parse_program_templates(std::string_view bundle);
// The compiled-in templates (generated from assets/programs by cmake/Data.cmake); nullptr in
// the web build, which fetches them.
const ProgramTemplates* builtin_program_templates();

// Schemes the programs write: reference and sha256md5. Others are written as reference.
bool program_supports(Scheme s);
// The program's text. Words are written as their exact bytes (escaped where a language needs).
std::string program(Language l, const ProgramSpec& spec, const ProgramTemplates& templates);

}  // namespace bloomlab
