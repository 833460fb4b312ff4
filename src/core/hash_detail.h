// Internal to the core: the hash-to-index loops shared by hashing.cpp, filter.cpp and the sweep.
// Written as templates over a callback so that queries can stop at the first zero bit without
// allocating.
#pragma once
#include <cstdint>
#include <string_view>

#include "hashing.h"

namespace bloomlab::detail {

inline constexpr uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnvPrime = 0x100000001b3ull;

inline uint64_t fnv1a64_from(uint64_t basis, std::string_view bytes) {
  uint64_t h = basis;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= kFnvPrime;
  }
  return h;
}

// splitmix64 (Steele, Lea, Flood 2014; the finaliser is Stafford's "Mix13"): a bijective
// scrambler, used to derive seeded FNV bases and to re-mix a hash for the blocked filter.
inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Seed 0 is plain FNV-1a (so independent position 0 equals fnv1a64 % m); seed s > 0 starts
// from basis XOR splitmix64(s), which gives unrelated streams for neighbouring seeds.
inline uint64_t seeded_basis(uint64_t seed) {
  return seed == 0 ? kFnvOffsetBasis : kFnvOffsetBasis ^ splitmix64(seed);
}

// x mod m for x < 2^32 (one half of a 64-bit hash): a 32-bit division when m fits in 32 bits,
// x itself when m is larger. The same value as x % m; a 64-bit division costs several times
// more, in wasm and on x86-64, and a filter rebuild or a measurement does two per item.
inline uint64_t mod_u32(uint64_t x, uint64_t m) {
  return m > 0xffffffffu ? x : static_cast<uint32_t>(x) % static_cast<uint32_t>(m);
}

// Double hashing's two hashes from h = fnv1a64(item), before any reduction mod m: h1 the low
// half, h2 the high half, forced odd (odd) by the reference and enhanced schemes, not by the
// weak one. The filter and the step-through's trace both take them from here.
inline uint64_t hash_h1(uint64_t h) { return h & 0xffffffffu; }
inline uint64_t hash_h2(uint64_t h, bool odd = true) { return odd ? (h >> 32) | 1u : h >> 32; }

// Double hashing's start: pos_0 = h1 mod m and step = h2 mod m, so that pos_i = (h1 + i*h2) mod m
// is reached by adding step and subtracting m once when over (both terms < m).
struct DoubleHashStart {
  uint64_t pos, step;
};
inline DoubleHashStart double_hash_start(uint64_t h, uint64_t m, bool odd = true) {
  return {mod_u32(hash_h1(h), m), mod_u32(hash_h2(h, odd), m)};
}

// Calls emit(pos) for i = 0..k-1 until emit returns false. `h` is fnv1a64(item); `item` is only
// read by the independent scheme. Positions are in [0, m).
template <typename Emit>
inline void for_each_position(Scheme s, std::string_view item, uint64_t h, uint64_t m, uint32_t k,
                              Emit&& emit) {
  const uint64_t h1 = hash_h1(h);
  switch (s) {
    case Scheme::reference:
    case Scheme::weak: {
      // pos_i = (h1 + i*h2) mod m, stepped without a division per position: adding step < m to
      // pos < m and subtracting m once is the same residue as the closed form.
      auto [pos, step] = double_hash_start(h, m, s == Scheme::reference);
      for (uint32_t i = 0; i < k; ++i) {
        if (!emit(pos)) return;
        pos += step;
        if (pos >= m) pos -= m;
      }
      return;
    }
    case Scheme::enhanced: {
      // Dillinger & Manolios 2004: pos_i = (h1 + i*h2 + (i^3 - i)/6) mod m. With h1, h2 < 2^32
      // and i < 64 the sum stays below 2^39: no overflow.
      const uint64_t h2 = hash_h2(h);
      for (uint64_t i = 0; i < k; ++i) {
        if (!emit((h1 + i * h2 + (i * i * i - i) / 6) % m)) return;
      }
      return;
    }
    case Scheme::sha256md5: {
      // Python computes (h1 + i*h2) % m with unbounded integers; h1 + i*h2 needs up to 70 bits.
      // The same residue: (h1 mod m + i*(h2 mod m)) mod m, stepped as above (both terms < m, so
      // pos + step < 2m <= 2^33: no overflow for any m up to 2^32, nor up to 2^63).
      const DigestPair d = sha256md5_hashes(item);
      uint64_t pos = d.h1 % m;
      const uint64_t step = d.h2 % m;
      for (uint32_t i = 0; i < k; ++i) {
        if (!emit(pos)) return;
        pos += step;
        if (pos >= m) pos -= m;
      }
      return;
    }
    case Scheme::independent: {
      for (uint32_t i = 0; i < k; ++i) {
        const uint64_t hi = i == 0 ? h : fnv1a64_from(seeded_basis(i), item);
        if (!emit(hi % m)) return;
      }
      return;
    }
  }
}

}  // namespace bloomlab::detail
