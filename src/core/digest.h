// SHA-256 (FIPS 180-4) and MD5 (RFC 1321) of a byte string, for the sha256md5 scheme (one
// article's Python filter hashes with hashlib's sha256 and md5). Small, allocation-free,
// portable (native and wasm32); tested against Python's hashlib and the standards' vectors.
// Not for security: MD5 is broken as a cryptographic hash, which does not matter for a filter.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace bloomlab {

std::array<uint8_t, 32> sha256(std::string_view bytes);
std::array<uint8_t, 16> md5(std::string_view bytes);

// The first 8 bytes of a digest as a big-endian integer: Python's
// int.from_bytes(digest[:8], "big").
template <size_t N>
inline uint64_t first8_big_endian(const std::array<uint8_t, N>& d) {
  uint64_t v = 0;
  for (size_t i = 0; i < 8; ++i) v = (v << 8) | d[i];
  return v;
}

}  // namespace bloomlab
