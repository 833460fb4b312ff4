// Hashing an item (its UTF-8 bytes, exactly as given) to k bit positions.
//
// The reference scheme is the contract of ../shared/DESIGN.md and never changes:
//   h = FNV-1a 64(bytes); h1 = h & 0xffffffff; h2 = (h >> 32) | 1;
//   pos_i = (h1 + i*h2) mod m, i = 0..k-1, in unsigned 64-bit arithmetic.
// The other schemes are teaching options beside it.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace bloomlab {

enum class Scheme {
  reference,    // double hashing, Kirsch & Mitzenmacher 2006: h1 + i*h2
  enhanced,     // enhanced double hashing, Dillinger & Manolios 2004: h1 + i*h2 + (i^3-i)/6
  independent,  // k seeded FNV-1a hashes, one per position: the "ideal" the others approximate
  weak,         // h1 + i*h2 with h2 NOT forced odd: an even step on an even m reaches a sub-lattice
  sha256md5,    // one article's Python filter: h1 = SHA-256, h2 = MD5 (first 8 bytes, big-endian),
                // (h1 + i*h2) mod m in exact integer arithmetic, as Python's big integers give it
};
inline constexpr Scheme kAllSchemes[] = {Scheme::reference, Scheme::enhanced, Scheme::independent,
                                         Scheme::weak, Scheme::sha256md5};

const char* scheme_name(Scheme s);                          // "reference", "enhanced", ...
std::optional<Scheme> parse_scheme(std::string_view name);  // inverse of scheme_name

// FNV-1a 64 (Fowler, Noll, Vo): offset basis 0xcbf29ce484222325, prime 0x100000001b3.
uint64_t fnv1a64(std::string_view bytes);
// FNV-1a 64 started from a seed-dependent basis; seed 0 equals fnv1a64.
uint64_t fnv1a64_seeded(std::string_view bytes, uint64_t seed);

// The sha256md5 scheme's two hashes: h1 = int.from_bytes(sha256(item)[:8], "big"),
// h2 = int.from_bytes(md5(item)[:8], "big"), as hashlib gives them.
struct DigestPair {
  uint64_t h1 = 0, h2 = 0;
};
DigestPair sha256md5_hashes(std::string_view item);

// The k positions of `item` in an array of m bits (m >= 1, k >= 1), appended to `out` after
// clearing it. Position i is out[i].
void positions(Scheme s, std::string_view item, uint64_t m, uint32_t k, std::vector<uint64_t>& out);
std::vector<uint64_t> positions(Scheme s, std::string_view item, uint64_t m, uint32_t k);

// The same from a precomputed fnv1a64 of the item, for schemes that need only that hash
// (reference, enhanced, weak): lets a sweep hash each word once and reuse it for every (m, k).
inline uint64_t reference_position(uint64_t h, uint32_t i, uint64_t m) {
  const uint64_t h1 = h & 0xffffffffu;
  const uint64_t h2 = (h >> 32) | 1u;  // odd: the step is never 0, and is coprime to any 2^j m
  return (h1 + uint64_t{i} * h2) % m;
}

}  // namespace bloomlab
