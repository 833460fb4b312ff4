#include "word_list.h"

#include <algorithm>
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

namespace {

enum class Utf16 { none, little_endian, big_endian };

// UTF-16 by its byte order mark (FF FE little endian, FE FF big endian), or without one by the
// NUL bytes ASCII text has in UTF-16: the high byte of nearly every unit is 0, on the same side.
// Judged on the first 4096 units; text that is not mostly ASCII needs its BOM (UTF-8 and UTF-16
// without NULs cannot be told apart by their bytes alone).
Utf16 detect_utf16(std::string_view bytes, bool& has_bom) {
  has_bom = false;
  if (bytes.size() >= 2) {
    const auto b0 = static_cast<unsigned char>(bytes[0]), b1 = static_cast<unsigned char>(bytes[1]);
    if (b0 == 0xFF && b1 == 0xFE) return has_bom = true, Utf16::little_endian;
    if (b0 == 0xFE && b1 == 0xFF) return has_bom = true, Utf16::big_endian;
  }
  const size_t units = std::min<size_t>(bytes.size() / 2, 4096);
  if (units < 2) return Utf16::none;
  size_t even_nul = 0, odd_nul = 0;
  for (size_t i = 0; i < units; ++i) {
    even_nul += bytes[2 * i] == '\0';
    odd_nul += bytes[2 * i + 1] == '\0';
  }
  // At least 3 units in 4 ASCII on one side, hardly any NUL on the other.
  if (odd_nul * 4 >= units * 3 && even_nul * 20 <= units) return Utf16::little_endian;
  if (even_nul * 4 >= units * 3 && odd_nul * 20 <= units) return Utf16::big_endian;
  return Utf16::none;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// UTF-16 -> UTF-8 (RFC 2781). An unpaired surrogate or an odd last byte becomes U+FFFD, counted.
std::string utf16_to_utf8(std::string_view bytes, Utf16 order, uint64_t& replaced) {
  constexpr uint32_t kReplacement = 0xFFFD;
  std::string out;
  out.reserve(bytes.size());
  const auto unit = [&](size_t i) -> uint32_t {
    const auto a = static_cast<unsigned char>(bytes[i]), b = static_cast<unsigned char>(bytes[i + 1]);
    return order == Utf16::little_endian ? uint32_t(a | (b << 8)) : uint32_t((a << 8) | b);
  };
  size_t i = 0;
  for (; i + 1 < bytes.size(); i += 2) {
    const uint32_t u = unit(i);
    if (u >= 0xD800 && u <= 0xDBFF && i + 3 < bytes.size()) {
      const uint32_t low = unit(i + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
        continue;
      }
    }
    if (u >= 0xD800 && u <= 0xDFFF) {
      append_utf8(out, kReplacement);
      ++replaced;
      continue;
    }
    append_utf8(out, u);
  }
  if (i < bytes.size()) {
    append_utf8(out, kReplacement);
    ++replaced;
  }
  return out;
}

}  // namespace

DecodedText decode_text(std::string_view bytes) {
  DecodedText out;
  bool bom = false;
  if (const Utf16 order = detect_utf16(bytes, bom); order != Utf16::none) {
    uint64_t replaced = 0;
    out.encoding = order == Utf16::little_endian ? "UTF-16LE" : "UTF-16BE";
    out.had_bom = bom;
    out.text = utf16_to_utf8(bytes.substr(bom ? 2 : 0), order, replaced);
  } else {
    out.had_bom = bytes.substr(0, 3) == "\xEF\xBB\xBF";
    out.text = std::string(bytes.substr(out.had_bom ? 3 : 0));
  }
  return out;
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
  if (!encoding.empty()) {
    s += "; read as " + encoding +
         (had_bom ? " (byte order mark)" : " (no byte order mark: told by its NUL bytes)") +
         " and converted to UTF-8";
    if (utf16_replaced > 0)
      s += "; " + std::to_string(utf16_replaced) + " invalid UTF-16 " +
           (utf16_replaced == 1 ? "unit" : "units") + " replaced by U+FFFD";
  } else if (had_bom) {
    s += "; byte order mark dropped";
  }
  if (invalid_utf8_lines > 0) {
    s += "; " + std::to_string(invalid_utf8_lines) + (invalid_utf8_lines == 1 ? " line is" : " lines are") +
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

namespace {
// The line of `text` that starts at `at` (its CR dropped); `at` moves past its "\n". One rule
// for the first pass's checks and for the words read after it. A plain loop, not memchr: a
// list's lines are short, and in Chromium loadWords() of a million lines took 56 ms with
// memchr's setup per line, 48 ms without (natively the same either way).
std::string_view take_line(std::string_view text, size_t& at) {
  size_t end = at;
  while (end < text.size() && text[end] != '\n') ++end;
  std::string_view line = text.substr(at, end - at);
  at = end + 1;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}
}  // namespace

Result<WordListReader> WordListReader::start(SharedBytes bytes) {
  const std::string_view given = bytes;
  if (given.size() > kMaxFileBytes) {
    return Error{
        "the word list is " + std::to_string(given.size()) + " bytes; the limit is 64 MiB (67108864 bytes)",
        ErrorCode::list_too_large,
        {std::to_string(given.size()), std::to_string(kMaxFileBytes)}};
  }
  WordListReader r;
  WordListReport& report = r.report_;
  bool utf16_bom = false;
  if (const Utf16 order = detect_utf16(given, utf16_bom); order != Utf16::none) {
    report.encoding = order == Utf16::little_endian ? "UTF-16LE" : "UTF-16BE";
    report.had_bom = utf16_bom;
    bytes = utf16_to_utf8(given.substr(utf16_bom ? 2 : 0), order, report.utf16_replaced);
  } else if (given.substr(0, 3) == "\xEF\xBB\xBF") {
    report.had_bom = true;
    r.begin_ = 3;
  }
  r.bytes_ = std::move(bytes);
  // The lines' lengths, before any word is taken: a list with a line too long changes nothing.
  const std::string_view text = r.text();
  size_t at = 0;
  while (at < text.size()) {
    const size_t length = take_line(text, at).size();
    ++r.lines_total_;
    if (length > kMaxLineBytes) {
      return Error{"line " + std::to_string(r.lines_total_) + " of the word list is " +
                       std::to_string(length) + " bytes long; the limit is 4096 bytes",
                   ErrorCode::list_line_too_long,
                   {std::to_string(r.lines_total_), std::to_string(length), std::to_string(kMaxLineBytes)}};
    }
    r.nonempty_lines_ += length > 0;
  }
  if (r.nonempty_lines_ == 0) {
    if (r.lines_total_ == 0) return Error{"the word list is empty", ErrorCode::list_empty, {}};
    return Error{"the word list has no words, only empty lines",
                 ErrorCode::list_only_empty_lines,
                 {std::to_string(r.lines_total_)}};
  }
  return r;
}

bool WordListReader::next(std::string_view& word) {
  const std::string_view all = text();
  while (at_ < all.size()) {
    const std::string_view line = take_line(all, at_);
    ++report_.lines;
    if (line.empty()) {
      ++report_.empty_lines;
      continue;
    }
    if (std::memchr(line.data(), '\0', line.size())) ++report_.nul_lines;
    if (!is_valid_utf8(line)) {
      ++report_.invalid_utf8_lines;
      if (report_.first_invalid_lines.size() < 10) report_.first_invalid_lines.push_back(report_.lines);
    }
    word = line;
    return true;
  }
  return false;
}

Result<WordList> parse_word_list(std::string_view bytes) {
  Result<WordListReader> reader = WordListReader::start(std::string(bytes));
  if (!reader) return reader.failure();
  WordList list;
  // Sized for every word at once: growing it step by step rehashed a million-word list ~20 times.
  std::unordered_set<std::string_view> seen;  // views into the reader's bytes
  seen.reserve(size_t(reader->words_at_most()));
  list.words.reserve(size_t(reader->words_at_most()));
  std::string_view word;
  while (reader->next(word)) {
    if (!seen.insert(word).second) {
      ++reader->report().duplicates;
      continue;
    }
    list.words.emplace_back(word);
  }
  list.report = std::move(reader->report());
  return list;
}

Result<WordList> read_word_list_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    const std::string why = std::strerror(errno);
    return Error{"cannot open " + path + ": " + why, ErrorCode::file_open_failed, {path, why}};
  }
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
    return Error{path + " is larger than 64 MiB (67108864 bytes), the limit for a word list",
                 ErrorCode::file_too_large,
                 {path, std::to_string(kMaxFileBytes)}};
  if (failed) {
    const std::string why = std::strerror(read_errno);
    return Error{"cannot read " + path + ": " + why, ErrorCode::file_read_failed, {path, why}};
  }
  Result<WordList> list = parse_word_list(bytes);
  if (!list.ok()) {
    Error e = list.failure();
    e.message = path + ": " + e.message;
    return e;
  }
  return list;
}

}  // namespace bloomlab
