// Reading a word list: UTF-8 lines ending in "\n" or "\r\n"; a leading BOM is dropped; empty
// lines are skipped; duplicates count once. Invalid UTF-8 and NUL bytes are kept (an item is
// its bytes) but reported. A line over 4 KiB or a file over 64 MiB is refused.
// UTF-16 (what Windows' Notepad and PowerShell write as "Unicode"), known by its byte order
// mark or, without one, by a NUL byte beside nearly every ASCII character, is converted to
// UTF-8 first and reported: read as bytes it gave words full of NULs.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "result.h"

namespace bloomlab {

inline constexpr size_t kMaxLineBytes = 4096;
inline constexpr size_t kMaxFileBytes = size_t{64} << 20;

struct WordListReport {
  uint64_t lines = 0;             // lines read, empty ones included
  uint64_t empty_lines = 0;
  uint64_t duplicates = 0;        // lines dropped because the word came earlier
  uint64_t invalid_utf8_lines = 0;
  uint64_t nul_lines = 0;         // lines containing a NUL byte
  bool had_bom = false;
  // "" for UTF-8; "UTF-16LE" or "UTF-16BE" when the list was converted from UTF-16.
  std::string encoding;
  uint64_t utf16_replaced = 0;  // unpaired surrogates (and an odd last byte) -> U+FFFD
  std::vector<uint64_t> first_invalid_lines;  // up to 10 line numbers (1-based), for the message
  std::string summary() const;    // e.g. "10000 words from 10000 lines; 0 duplicates dropped"
};

struct WordList {
  std::vector<std::string> words;  // unique, in first-seen order
  WordListReport report;
};

Result<WordList> parse_word_list(std::string_view bytes);
Result<WordList> read_word_list_file(const std::string& path);
bool is_valid_utf8(std::string_view bytes);

}  // namespace bloomlab
