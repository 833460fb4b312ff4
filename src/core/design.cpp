#include "design.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "filter.h"
#include "parse.h"
#include "theory.h"

namespace bloomlab {
namespace {

constexpr double kLn2 = 0.69314718055994530942;

Design finish(double n, uint64_t m, uint32_t k) {
  Design d;
  d.m = m;
  d.k = k;
  d.fp = theory::standard_fp_rate(n, static_cast<double>(m), k);
  d.buildable = m >= kMinBits && m <= kMaxBits && k >= kMinHashes && k <= kMaxHashes;
  return d;
}

uint32_t clamp_k(double k) {
  if (!(k >= 1)) return 1;
  if (k > 4294967295.0) return 4294967295u;
  return static_cast<uint32_t>(k);
}

}  // namespace

Design design_for_rate(double n, double p) {
  const uint64_t m = theory::bits_for(n, p);
  return finish(n, m, theory::optimal_k(static_cast<double>(m), n));
}

Design design_for_rate_floor(double n, double p) {
  const double raw = std::floor(-n * std::log(p) / (kLn2 * kLn2));
  const uint64_t m = raw < 1 ? 1 : raw >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(raw);
  return finish(n, m, clamp_k(std::floor(static_cast<double>(m) / n * kLn2)));
}

Design design_for_memory(double n, uint64_t m_bits) {
  // At most the 64 hashes BloomLab builds: a budget far beyond n (10,000 words in 4 GiB wants
  // k = 2,381,635) gains nothing past it that a double can show, and such a k is no design.
  const double real_k = std::min(theory::optimal_k_real(static_cast<double>(m_bits), n), double(kMaxHashes));
  const uint32_t lo = clamp_k(std::floor(real_k)), hi = clamp_k(std::ceil(real_k));
  const double md = static_cast<double>(m_bits);
  const uint32_t k = theory::standard_fp_rate(n, md, hi) < theory::standard_fp_rate(n, md, lo) ? hi : lo;
  return finish(n, m_bits, k);
}

Result<uint64_t> parse_memory(std::string_view text) {
  const std::string t(text);
  const std::string quoted = "'" + t + "'";
  if (t.empty() || t.size() > 64)
    return Error{
        "a memory size is a number and a unit (e.g. 4GiB), got " + quoted, ErrorCode::memory_size_form, {t}};
  // The number as every door reads one (core/parse.h): the longest start of the text that is a
  // decimal with its exponent; "0x10GiB", "nanGiB", " 4GiB" have none.
  size_t end = 0;
  while (end < t.size() && std::strchr("0123456789.eE+-", t[end])) ++end;
  while (end > 0 && !parse_real(std::string_view(t).substr(0, end))) --end;
  if (end == 0)
    return Error{
        "a memory size starts with a number (e.g. 4GiB), got " + quoted, ErrorCode::memory_size_number, {t}};
  const std::string_view number_text = std::string_view(t).substr(0, end);
  std::string unit = t.substr(end);
  while (!unit.empty() && unit.front() == ' ') unit.erase(unit.begin());
  struct Unit {
    const char* name;
    uint64_t bits;
  };
  static const Unit units[] = {
      {"bit", 1},      {"bits", 1},        {"byte", 8},          {"bytes", 8},           {"B", 8},
      {"KiB", 8192},   {"MiB", 8388608},   {"GiB", 8589934592},  {"TiB", 8796093022208}, {"KB", 8000},
      {"MB", 8000000}, {"GB", 8000000000}, {"TB", 8000000000000}};
  uint64_t scale = 0;
  for (const Unit& u : units)
    if (unit == u.name) scale = u.bits;
  if (scale == 0)
    return Error{"the unit of " + quoted + " must be bits, bytes (B), KiB, MiB, GiB, TiB, KB, MB, GB or TB",
                 ErrorCode::memory_size_unit,
                 {t}};
  constexpr uint64_t kMostBits = uint64_t{1} << 63;
  const Error too_large{"a memory size must be at most 2^63 bits (1048576 TiB), got " + quoted,
                        ErrorCode::memory_size_too_large,
                        {t}};
  const Error too_small{
      "a memory size must be at least 1 bit, got " + quoted, ErrorCode::memory_size_too_small, {t}};
  // A whole number is counted exactly (9223372036854775807 bits is not rounded to 2^63 by a double).
  if (const std::optional<uint64_t> whole = parse_whole(number_text)) {
    if (*whole == 0) return too_small;
    if (*whole > kMostBits / scale) return too_large;
    return *whole * scale;
  }
  const double bits = std::floor(*parse_real(number_text) * static_cast<double>(scale));
  if (!(bits >= 1)) return too_small;
  if (bits > 9223372036854775808.0) return too_large;
  return static_cast<uint64_t>(bits);
}

std::string memory_text(uint64_t bits) {
  std::string digits = std::to_string(bits), grouped;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  const double bytes = static_cast<double>(bits) / 8;
  static const char* const names[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = bytes;
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[48];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%.0f bytes", std::ceil(bytes));
  else
    std::snprintf(buf, sizeof buf, "%.2f %s", v, names[u]);
  return grouped + (bits == 1 ? " bit = " : " bits = ") + buf;
}

}  // namespace bloomlab
