// One reading of the numbers people type, for every door: a link's parameters, the JS API, the
// command line, lesson files. The same text gets the same judgement everywhere: "0x10", " 2",
// "+2", "inf", "nan" are not numbers anywhere, and a whole number is digits only, so "1e1" and
// "64.5" are refused where m is as where n0 or a step is. Ranges are each caller's to judge.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace bloomlab {

// Decimal digits only (no sign, point, exponent, hex or space), at most 20, within 2^64 - 1.
std::optional<uint64_t> parse_whole(std::string_view text);
// A decimal number: an optional '-', digits with an optional fraction ("0.5", ".5", "5."), an
// optional exponent ("1e-12", "1E+3"); finite; at most 40 characters. No '+' sign, hex, inf,
// nan or spaces.
std::optional<double> parse_real(std::string_view text);

}  // namespace bloomlab
