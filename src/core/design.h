// Designing a filter on paper: n items and a target rate p, or n items and a memory budget.
// Any size (n up to 10^12, p down to 10^-12): the answers are theory, whether or not such a
// filter can be built here (m <= 2^32 bits).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "result.h"

namespace bloomlab {

inline constexpr double kMaxDesignItems = 1e12;
inline constexpr double kMinDesignRate = 1e-12;

struct Design {
  uint64_t m = 0;          // bits
  uint32_t k = 0;          // hash positions
  double fp = 0;           // (1 - e^(-kn/m))^k at this m and k
  bool buildable = false;  // m <= 2^32 and k <= 64: BloomLab can build it
};

// BloomLab's rounding: m = ceil(-n ln p / (ln 2)^2), k = max(1, round((m/n) ln 2)).
Design design_for_rate(double n, double p);
// One article's Python rounding: m = max(1, floor(-n ln p / (ln 2)^2)),
// k = max(1, floor((m/n) ln 2)): BloomFilter(1000, 0.01) has m = 9585, k = 6.
Design design_for_rate_floor(double n, double p);
// The best integer k for n items in m bits (the better of floor and ceil of (m/n) ln 2, at
// least 1, at most 64: kMaxHashes) and its rate: "5 billion URLs in 4 GiB".
Design design_for_memory(double n, uint64_t m_bits);

// A memory size as typed: a number and a unit, "4GiB", "4 GiB", "512 MiB", "1e6 bits",
// "100000 bytes", "64 KiB", "4 GB" (decimal: 10^9 bytes). Units: bit(s), byte(s) or B, KiB,
// MiB, GiB, TiB, KB, MB, GB, TB. The number is read as every door reads one (core/parse.h); a
// whole number exactly. The result is in bits, from 1 to 2^63; anything else is refused with a
// sentence naming the value.
Result<uint64_t> parse_memory(std::string_view text);

// "47,925,291,887 bits = 5.58 GiB": bits with thousands separators and the size in the binary
// unit that reads best.
std::string memory_text(uint64_t bits);

}  // namespace bloomlab
