// Reading a word list: UTF-8 lines ending in "\n" or "\r\n"; a leading BOM is dropped; empty
// lines are skipped; duplicates count once. Invalid UTF-8 and NUL bytes are kept (an item is
// its bytes) but reported. A line over 4 KiB or a file over 64 MiB is refused.
// UTF-16 (what Windows' Notepad and PowerShell write as "Unicode"), known by its byte order
// mark or, without one, by a NUL byte beside nearly every ASCII character, is converted to
// UTF-8 first and reported: read as bytes it gave words full of NULs.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "result.h"

namespace bloomlab {

inline constexpr size_t kMaxLineBytes = 4096;
inline constexpr size_t kMaxFileBytes = size_t{64} << 20;

struct WordListReport {
  uint64_t lines = 0;  // lines read, empty ones included
  uint64_t empty_lines = 0;
  uint64_t duplicates = 0;  // lines dropped because the word came earlier
  uint64_t invalid_utf8_lines = 0;
  uint64_t nul_lines = 0;  // lines containing a NUL byte
  bool had_bom = false;
  // "" for UTF-8; "UTF-16LE" or "UTF-16BE" when the list was converted from UTF-16.
  std::string encoding;
  uint64_t utf16_replaced = 0;                // unpaired surrogates (and an odd last byte) -> U+FFFD
  std::vector<uint64_t> first_invalid_lines;  // up to 10 line numbers (1-based), for the message
  std::string summary() const;                // e.g. "10000 words from 10000 lines; 0 duplicates dropped"
};

struct WordList {
  std::vector<std::string> words;  // unique, in first-seen order
  WordListReport report;
};

// Bytes that several owners read and none changes: a list of tens of MiB goes from the page to
// an action and on to the reader that keeps it, shared at each step instead of copied.
class SharedBytes {
 public:
  SharedBytes() : SharedBytes(std::string()) {}
  SharedBytes(std::string bytes) : bytes_(std::make_shared<const std::string>(std::move(bytes))) {}
  SharedBytes(const char* bytes) : SharedBytes(std::string(bytes)) {}
  const std::string& str() const { return *bytes_; }
  operator std::string_view() const { return *bytes_; }

 private:
  std::shared_ptr<const std::string> bytes_;
};

// Reads a list a line at a time, so that a caller can spread a million words over frames.
// start() makes at once every check that refuses a list (its size, a line over 4 KiB, no words:
// one pass over the bytes, no allocation per line), so a refused list changes nothing; next()
// then gives the non-empty lines in order, counting them in the report as it goes. Duplicates are
// the caller's to drop (and count in report().duplicates): a set of words it keeps anyway is
// cheaper than a second one here. parse_word_list() is start() and next() to the end.
class WordListReader {
 public:
  static Result<WordListReader> start(SharedBytes bytes);
  bool next(std::string_view& word);  // the next non-empty line (CR dropped); false at the end
  bool done() const { return at_ >= text().size(); }
  uint64_t lines_total() const { return lines_total_; }
  uint64_t words_at_most() const { return nonempty_lines_; }  // non-empty lines
  uint64_t lines_read() const { return report_.lines; }
  WordListReport& report() { return report_; }
  const WordListReport& report() const { return report_; }

 private:
  WordListReader() = default;
  std::string_view text() const { return std::string_view(bytes_).substr(begin_); }
  SharedBytes bytes_;  // shared: the views given out outlive a move
  size_t begin_ = 0;   // after a BOM
  size_t at_ = 0;      // in text()
  uint64_t lines_total_ = 0;
  uint64_t nonempty_lines_ = 0;
  WordListReport report_;
};

// Text as a list is read: UTF-16 (by its byte order mark or its NUL bytes) converted to UTF-8,
// else a UTF-8 byte order mark dropped. The lesson files are read so too.
struct DecodedText {
  std::string text;
  std::string encoding;  // "" for UTF-8; "UTF-16LE" or "UTF-16BE"
  bool had_bom = false;
};
DecodedText decode_text(std::string_view bytes);

Result<WordList> parse_word_list(std::string_view bytes);
Result<WordList> read_word_list_file(const std::string& path);
bool is_valid_utf8(std::string_view bytes);

}  // namespace bloomlab
