// Fuzzes parse_word_list against a plain re-reading of the spec (DESIGN.md): lines end in "\n" or
// "\r\n", a leading BOM is dropped, empty lines are skipped, a word counts once, a line over
// kMaxLineBytes refuses the whole list. Any difference, or a sanitizer report, is a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/word_list.h"

using namespace bloomlab;

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

struct Expected {
  std::vector<std::string> words;
  uint64_t lines = 0, empty = 0, duplicates = 0;
  bool too_long = false;
};

Expected read_by_spec(std::string_view text, bool utf8_bom_dropped = true) {
  Expected e;
  if (utf8_bom_dropped && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::set<std::string> seen;
  std::string line;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n') {
      line += text[i];
      continue;
    }
    if (i == text.size() && line.empty()) break;  // no line after a final "\n"
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ++e.lines;
    if (line.size() > kMaxLineBytes) {
      e.too_long = true;
      return e;
    }
    if (line.empty())
      ++e.empty;
    else if (!seen.insert(line).second)
      ++e.duplicates;
    else
      e.words.push_back(line);
    line.clear();
  }
  return e;
}

// UTF-16 to UTF-8 as RFC 2781 and RFC 3629 put it, one code point at a time (U+FFFD for an
// unpaired surrogate or an odd last byte).
std::string utf8_of_utf16(std::string_view bytes, bool little_endian) {
  std::vector<uint32_t> units;
  for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
    const uint32_t a = static_cast<uint8_t>(bytes[i]), b = static_cast<uint8_t>(bytes[i + 1]);
    units.push_back(little_endian ? a + 256 * b : 256 * a + b);
  }
  std::vector<uint32_t> code_points;
  for (size_t i = 0; i < units.size(); ++i) {
    const bool high = units[i] >= 0xD800 && units[i] < 0xDC00;
    if (high && i + 1 < units.size() && units[i + 1] >= 0xDC00 && units[i + 1] < 0xE000) {
      code_points.push_back(0x10000 + (units[i] - 0xD800) * 0x400 + (units[i + 1] - 0xDC00));
      ++i;
    } else {
      code_points.push_back(units[i] >= 0xD800 && units[i] < 0xE000 ? 0xFFFD : units[i]);
    }
  }
  if (bytes.size() % 2) code_points.push_back(0xFFFD);
  std::string out;
  for (uint32_t c : code_points) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 + c / 64), out += char(0x80 + c % 64);
    } else if (c < 0x10000) {
      out += char(0xE0 + c / 4096), out += char(0x80 + c / 64 % 64), out += char(0x80 + c % 64);
    } else {
      out += char(0xF0 + c / 262144), out += char(0x80 + c / 4096 % 64);
      out += char(0x80 + c / 64 % 64), out += char(0x80 + c % 64);
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<WordList> list = parse_word_list(text);
  // A list read as UTF-16 (its BOM, or a NUL beside 3 in 4 of its first 4096 units and hardly
  // any on the other side) is the spec's list of its UTF-8.
  std::string spec_encoding;
  bool bom = false;
  if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF") {
    bom = true;
    spec_encoding = text[0] == '\xFF' ? "UTF-16LE" : "UTF-16BE";
  } else if (const size_t units = std::min<size_t>(text.size() / 2, 4096); units >= 2) {
    size_t nul[2] = {0, 0};
    for (size_t i = 0; i < 2 * units; ++i) nul[i % 2] += text[i] == '\0';
    if (nul[1] * 4 >= units * 3 && nul[0] * 20 <= units) spec_encoding = "UTF-16LE";
    if (nul[0] * 4 >= units * 3 && nul[1] * 20 <= units) spec_encoding = "UTF-16BE";
  }
  const bool utf16 = !spec_encoding.empty();
  if (list.ok()) require(list->report.encoding == spec_encoding);
  const std::string converted =
      utf16 ? utf8_of_utf16(text.substr(bom ? 2 : 0), spec_encoding == "UTF-16LE") : "";
  const Expected want = utf16 ? read_by_spec(converted, false) : read_by_spec(text);
  if (!list.ok()) {
    require(!list.error().empty());
    require(want.too_long || want.words.empty());
    return 0;
  }
  require(!want.too_long);
  require(list->words == want.words);
  const WordListReport& r = list->report;
  require(r.lines == want.lines && r.empty_lines == want.empty && r.duplicates == want.duplicates);
  require(r.had_bom == (utf16 ? bom : text.substr(0, 3) == "\xEF\xBB\xBF"));
  uint64_t invalid = 0, nul = 0;
  for (const std::string& w : list->words) {
    invalid += !is_valid_utf8(w);
    nul += w.find('\0') != std::string::npos;
  }
  // Duplicates are counted in these too (a line is reported before it is found to repeat).
  require(r.invalid_utf8_lines >= invalid && r.nul_lines >= nul);
  require(r.first_invalid_lines.size() == std::min<uint64_t>(r.invalid_utf8_lines, 10));
  require(!r.summary().empty());
  return 0;
}
