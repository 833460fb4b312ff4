// Internal to the core: what the variants' files share (bit indexing, the memory check, the
// loop over one bit array's positions).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hash_detail.h"
#include "variant.h"

namespace bloomlab::detail {

// Array indices from 64-bit bit positions; size_t is 32 bits in wasm, where m <= 2^32 still fits.
inline size_t word_of(uint64_t i) { return static_cast<size_t>(i >> 6); }
inline size_t byte_of(uint64_t i) { return static_cast<size_t>(i >> 1); }

inline bool test_bit(const uint64_t* words, uint64_t i) { return (words[word_of(i)] >> (i & 63)) & 1; }

// The bits set in a bit array, counted once after a bulk of writes (insert_many, the sweep).
inline uint64_t count_ones(const uint64_t* words, size_t n) {
  uint64_t set = 0;
  for (size_t w = 0; w < n; ++w) set += static_cast<uint64_t>(__builtin_popcountll(words[w]));
  return set;
}

// Sets bit i; counts it in bits_set when it was 0.
inline void set_bit(FilterStorage& s, uint64_t i) {
  uint64_t& word = s.bits[word_of(i)];
  const uint64_t mask = uint64_t{1} << (i & 63);
  s.bits_set += (word & mask) == 0;
  word |= mask;
}

// Asks for the cache line holding words[i] without waiting for it. Natively a prefetch (it
// retires at once); wasm has no prefetch instruction, so there a plain load, whose value is
// folded into `acc` (written out once per batch) so that the load is not optimised away.
template <class T>
inline void touch_at(const T* item, uint64_t& acc) {
#if defined(__wasm__)
  acc ^= *item;
#else
  (void)acc;
  __builtin_prefetch(item);
#endif
}
inline void touch(const uint64_t* words, size_t i, uint64_t& acc) { touch_at(words + i, acc); }
inline volatile uint64_t touched_sink = 0;
inline void keep(uint64_t acc) { touched_sink = acc; }

// An empty bit array of `bits` bits (and no counters, no stages).
inline void init_bit_array(FilterStorage& s, uint64_t bits) {
  s.bits.assign(static_cast<size_t>((bits + 63) / 64), 0);
  s.counters.clear();
  s.wide_counters.clear();
  s.stages.clear();
  s.own.reset();
  s.bit_count = bits;
  s.n = 0;
  s.bits_set = 0;
}

// The standard positions (the scheme over m bits), for the standard and counting variants.
inline size_t array_positions(const FilterParams& p, std::string_view item, uint64_t h, uint64_t* out) {
  size_t count = 0;
  for_each_position(p.scheme, item, h, p.m, p.k, [&](uint64_t i) {
    out[count++] = i;
    return true;
  });
  return count;
}

// One bit array with the scheme's positions over m (the standard and counting variants): its
// expected FP after n distinct adds, Bloom's (1 − e^(−kn/m))^k, and how the Numbers name it.
// Both variants' rows point here: one source for their theory.
inline constexpr char kArrayTheoryFormula[] =
    "(1 − e^(−kn/m))^k";  // an array: one object, one address (a pointer to a literal may differ per file:
                          // ASan does not merge literals)
double array_theory_fp(const FilterParams& p, double n);

// All k bits set? Stops at the first 0.
inline bool array_contains(const uint64_t* words, Scheme scheme, std::string_view item, uint64_t h,
                           uint64_t m, uint32_t k, uint64_t offset = 0) {
  bool all_set = true;
  for_each_position(scheme, item, h, m, k, [&](uint64_t i) {
    all_set = test_bit(words, offset + i);
    return all_set;
  });
  return all_set;
}

}  // namespace bloomlab::detail
