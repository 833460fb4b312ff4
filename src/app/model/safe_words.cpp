#include "safe_words.h"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

namespace bloomlab::app {

extern const char kSafeWords[];  // a word per line (cmake/Data.cmake)

namespace {

constexpr size_t kMinInnerMatch = 4;  // shorter listed words match only a whole word

struct Lists {
  std::unordered_set<std::string> whole;
  std::vector<std::string> inner;  // listed words of kMinInnerMatch letters or more, no spaces
};

const Lists& lists() {
  static const Lists l = [] {
    Lists out;
    const std::string_view all = kSafeWords;
    for (size_t at = 0, end = 0; at < all.size(); at = end + 1) {
      end = all.find('\n', at);
      const std::string w(all.substr(at, end - at));
      out.whole.insert(w);
      if (w.size() >= kMinInnerMatch && w.find(' ') == std::string::npos) out.inner.push_back(w);
    }
    return out;
  }();
  return l;
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80; }

}  // namespace

bool is_unsafe_word(std::string_view word) {
  std::string lower(word);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
  const Lists& l = lists();
  size_t first = 0, last = lower.size();
  while (first < last && !is_letter(lower[first])) ++first;
  while (last > first && !is_letter(lower[last - 1])) --last;
  if (l.whole.count(lower.substr(first, last - first))) return true;
  for (const std::string& w : l.inner)
    if (lower.find(w) != std::string::npos) return true;
  return false;
}

std::string mask_word(std::string_view word) {
  // Whole UTF-8 characters: a lead byte starts one, continuation bytes (10xxxxxx) do not.
  std::vector<std::string> chars;
  for (char c : word) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 || chars.empty()) chars.emplace_back();
    chars.back() += c;
  }
  if (chars.size() <= 2) return std::string(chars.size(), '*');
  std::string out = chars.front();
  for (size_t i = 1; i + 1 < chars.size(); ++i) out += "\xE2\x80\xA2";  // U+2022 BULLET
  return out + chars.back();
}

}  // namespace bloomlab::app
