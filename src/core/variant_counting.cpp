// The counting variant (Fan, Cao, Almeida, Broder 2000): a 4-bit saturating counter per
// position, so that a member can be removed. The positions are the standard variant's.
#include <algorithm>

#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t bytes_needed(const FilterParams& p) { return (4 * p.m + p.m + 7) / 8; }  // counters + bitmap

void init(FilterStorage& s) {
  detail::init_bit_array(s, s.params.m);
  s.counters.assign(static_cast<size_t>((s.params.m + 1) / 2), 0);
}

unsigned counter(const FilterStorage& s, uint64_t i) {
  return (s.counters[detail::byte_of(i)] >> ((i & 1) * 4)) & 0xfu;
}

// The distinct positions of an item, ascending: a counting filter counts an item once per
// distinct position, so that add and remove are exact inverses even when positions repeat.
size_t distinct_positions(const FilterParams& p, std::string_view item, uint64_t h,
                          uint64_t (&out)[kMaxHashes]) {
  const size_t count = detail::array_positions(p, item, h, out);
  std::sort(out, out + count);
  return static_cast<size_t>(std::unique(out, out + count) - out);
}

void insert(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxHashes];
  const size_t count = distinct_positions(s.params, item, h, pos);
  for (size_t j = 0; j < count; ++j) {
    const uint64_t i = pos[j];
    const unsigned c = counter(s, i);
    if (c == kCounterMax) continue;  // saturated: stays at 15 forever
    const unsigned shift = static_cast<unsigned>((i & 1) * 4);
    s.counters[detail::byte_of(i)] = static_cast<uint8_t>(s.counters[detail::byte_of(i)] + (1u << shift));
    if (c == 0) detail::set_bit(s, i);
  }
  ++s.n;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  return detail::array_contains(s.bits.data(), s.params.scheme, item, h, s.params.m, s.params.k);
}

RemoveOutcome remove(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxHashes];
  const size_t count = distinct_positions(s.params, item, h, pos);
  for (size_t j = 0; j < count; ++j) {
    if (counter(s, pos[j]) == 0) return RemoveOutcome::refused_absent;
  }
  for (size_t j = 0; j < count; ++j) {
    const uint64_t i = pos[j];
    const unsigned c = counter(s, i);
    // A saturated counter has lost count of its items: lowering it could reach 0 while some
    // word still needs it (a false negative), so it never goes down (Fan et al. 2000).
    if (c == kCounterMax) continue;
    const unsigned shift = static_cast<unsigned>((i & 1) * 4);
    s.counters[detail::byte_of(i)] = static_cast<uint8_t>(s.counters[detail::byte_of(i)] - (1u << shift));
    if (c == 1) {
      s.bits[detail::word_of(i)] &= ~(uint64_t{1} << (i & 63));
      --s.bits_set;
    }
  }
  if (s.n > 0) --s.n;
  return RemoveOutcome::removed;
}

size_t positions(const FilterParams& p, size_t, std::string_view item, uint64_t h, uint64_t* out) {
  return detail::array_positions(p, item, h, out);
}

uint64_t size_in_bits(const FilterStorage& s) { return theory::counting_bits(s.params.m); }

double theory_fp(const FilterParams& p, double n) {
  return theory::standard_fp_rate(n, static_cast<double>(p.m), p.k);
}

}  // namespace

extern const VariantOps kCountingVariant = {
    Variant::counting, "counting",
    /*can_remove=*/true, /*has_counters=*/true, /*has_exact_theory=*/true, /*grows=*/false,
    "(1 − e^(−kn/m))^k",
    /*validate=*/nullptr, bytes_needed, init, insert, contains, /*contains_batch=*/nullptr, remove, positions, size_in_bits, theory_fp,
};

}  // namespace bloomlab
