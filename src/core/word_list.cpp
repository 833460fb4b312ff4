#include "word_list.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_set>

namespace bloomlab {

bool is_valid_utf8(std::string_view bytes) {
  // RFC 3629: shortest forms only, no surrogates (U+D800..DFFF), nothing above U+10FFFF.
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t n = bytes.size();
  size_t i = 0;
  while (i < n) {
    const unsigned c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned lo = 0x80, hi = 0xbf;  // allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf) {
      len = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      if (c == 0xe0) lo = 0xa0;
      if (c == 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      if (c == 0xf0) lo = 0x90;
      if (c == 0xf4) hi = 0x8f;
    } else {
      return false;
    }
    if (i + len > n) return false;
    if (s[i + 1] < lo || s[i + 1] > hi) return false;
    for (size_t j = 2; j < len; ++j) {
      if (s[i + j] < 0x80 || s[i + j] > 0xbf) return false;
    }
    i += len;
  }
  return true;
}

std::string WordListReport::summary() const {
  const uint64_t words = lines - empty_lines - duplicates;
  std::string s = std::to_string(words) + (words == 1 ? " word" : " words") + " from " +
                  std::to_string(lines) + (lines == 1 ? " line" : " lines") + "; " +
                  std::to_string(duplicates) +
                  (duplicates == 1 ? " duplicate dropped" : " duplicates dropped");
  if (empty_lines > 0)
    s += "; " + std::to_string(empty_lines) +
         (empty_lines == 1 ? " empty line skipped" : " empty lines skipped");
  if (had_bom) s += "; byte order mark dropped";
  if (invalid_utf8_lines > 0) {
    s += "; " + std::to_string(invalid_utf8_lines) +
         (invalid_utf8_lines == 1 ? " line is" : " lines are") +
         " not valid UTF-8, hashed as raw bytes (line";
    s += first_invalid_lines.size() == 1 ? " " : "s ";
    for (size_t i = 0; i < first_invalid_lines.size(); ++i) {
      s += (i ? ", " : "") + std::to_string(first_invalid_lines[i]);
    }
    if (invalid_utf8_lines > first_invalid_lines.size()) s += ", ...";
    s += ")";
  }
  if (nul_lines > 0) {
    s += "; " + std::to_string(nul_lines) + (nul_lines == 1 ? " line contains" : " lines contain") +
         " NUL bytes";
  }
  return s;
}

Result<WordList> parse_word_list(std::string_view bytes) {
  if (bytes.size() > kMaxFileBytes) {
    return Error{"the word list is " + std::to_string(bytes.size()) +
                 " bytes; the limit is 64 MiB (67108864 bytes)"};
  }
  WordList list;
  WordListReport& r = list.report;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
    r.had_bom = true;
    bytes.remove_prefix(3);
  }
  // Views into `bytes`, which outlives this function's use of them.
  std::unordered_set<std::string_view> seen;
  size_t begin = 0;
  while (begin < bytes.size()) {
    size_t end = bytes.find('\n', begin);
    if (end == std::string_view::npos) end = bytes.size();
    std::string_view line = bytes.substr(begin, end - begin);
    begin = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++r.lines;
    if (line.size() > kMaxLineBytes) {
      return Error{"line " + std::to_string(r.lines) + " of the word list is " +
                   std::to_string(line.size()) + " bytes long; the limit is 4096 bytes"};
    }
    if (line.empty()) {
      ++r.empty_lines;
      continue;
    }
    if (line.find('\0') != std::string_view::npos) ++r.nul_lines;
    if (!is_valid_utf8(line)) {
      ++r.invalid_utf8_lines;
      if (r.first_invalid_lines.size() < 10) r.first_invalid_lines.push_back(r.lines);
    }
    if (!seen.insert(line).second) {
      ++r.duplicates;
      continue;
    }
    list.words.emplace_back(line);
  }
  if (list.words.empty()) {
    return Error{r.lines == 0 ? "the word list is empty"
                              : "the word list has no words, only empty lines"};
  }
  return list;
}

Result<WordList> read_word_list_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Error{"cannot open " + path + ": " + std::strerror(errno)};
  std::string bytes;
  char buffer[1 << 16];
  bool too_big = false;
  while (true) {
    const size_t got = std::fread(buffer, 1, sizeof buffer, f);
    bytes.append(buffer, got);
    if (bytes.size() > kMaxFileBytes) {
      too_big = true;
      break;
    }
    if (got < sizeof buffer) break;
  }
  const bool failed = std::ferror(f) != 0;
  const int read_errno = errno;
  std::fclose(f);
  if (too_big)
    return Error{path + " is larger than 64 MiB (67108864 bytes), the limit for a word list"};
  if (failed) return Error{"cannot read " + path + ": " + std::strerror(read_errno)};
  Result<WordList> list = parse_word_list(bytes);
  if (!list.ok()) return Error{path + ": " + list.error()};
  return list;
}

}  // namespace bloomlab
