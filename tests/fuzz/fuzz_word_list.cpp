// Fuzzes parse_word_list against a plain re-reading of the spec (DESIGN.md): lines end in "\n" or
// "\r\n", a leading BOM is dropped, empty lines are skipped, a word counts once, a line over
// kMaxLineBytes refuses the whole list. Any difference, or a sanitizer report, is a crash.
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

Expected read_by_spec(std::string_view text) {
  Expected e;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
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
    if (line.empty()) ++e.empty;
    else if (!seen.insert(line).second) ++e.duplicates;
    else e.words.push_back(line);
    line.clear();
  }
  return e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<WordList> list = parse_word_list(text);
  const Expected want = read_by_spec(text);
  if (!list.ok()) {
    require(!list.error().empty());
    require(want.too_long || want.words.empty());
    return 0;
  }
  require(!want.too_long);
  require(list->words == want.words);
  const WordListReport& r = list->report;
  require(r.lines == want.lines && r.empty_lines == want.empty && r.duplicates == want.duplicates);
  require(r.had_bom == (text.substr(0, 3) == "\xEF\xBB\xBF"));
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
