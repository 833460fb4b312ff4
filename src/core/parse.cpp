#include "parse.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace bloomlab {
namespace {
bool digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

std::optional<uint64_t> parse_whole(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (!digit(c)) return std::nullopt;
    const uint64_t d = uint64_t(c - '0');
    if (value > (UINT64_MAX - d) / 10) return std::nullopt;
    value = value * 10 + d;
  }
  return value;
}

std::optional<double> parse_real(std::string_view text) {
  if (text.empty() || text.size() > 40) return std::nullopt;
  size_t i = text[0] == '-' ? 1 : 0;
  size_t digits = 0;
  while (i < text.size() && digit(text[i])) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && digit(text[i])) ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const size_t start = i;
    while (i < text.size() && digit(text[i])) ++i;
    if (i == start) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  // The grammar above is a subset of strtod's; the "C" locale's point (the program never sets
  // another locale).
  const std::string s(text);
  const double v = std::strtod(s.c_str(), nullptr);
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace bloomlab
