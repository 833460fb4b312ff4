// The blocked variant (Putze, Sanders, Singler 2007): all k bits of an item inside one 512-bit
// block, so that a query reads one cache line. The layout is in filter.h.
#include <algorithm>

#include "filter.h"
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t bytes_needed(const FilterParams& p) { return (p.m + 7) / 8; }

void init(FilterStorage& s) { detail::init_bit_array(s, s.params.m); }

// Calls emit(absolute position) for the k positions of an item, in i order.
template <typename Emit>
void for_each_blocked_position(const FilterParams& p, std::string_view item, uint64_t h, Emit&& emit) {
  // FNV-1a's high bits barely move when only the last byte changes ("w1", "w2", ...), so the
  // block comes from a remixed hash: fastrange on its high half, while the positions inside the
  // block use its low bits (h1 mod B and h2 mod B), which the block choice does not see.
  const uint64_t mixed = detail::splitmix64(h);
  const uint64_t blocks = blocked_block_count(p.m);
  const uint64_t block = ((mixed >> 32) * blocks) >> 32;
  const uint64_t start = block * kBlockBits;
  const uint64_t width = blocked_block_bits(p.m, block);
  detail::for_each_position(p.scheme, item, mixed, width, p.k,
                            [&](uint64_t pos) { return emit(start + pos); });
}

void insert(FilterStorage& s, std::string_view item, uint64_t h) {
  for_each_blocked_position(s.params, item, h, [&](uint64_t i) {
    detail::set_bit(s, i);
    return true;
  });
  ++s.n;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  bool all_set = true;
  const uint64_t* words = s.bits.data();
  for_each_blocked_position(s.params, item, h, [&](uint64_t i) {
    all_set = detail::test_bit(words, i);
    return all_set;
  });
  return all_set;
}

size_t positions(const FilterParams& p, size_t, std::string_view item, uint64_t h, uint64_t* out) {
  size_t count = 0;
  for_each_blocked_position(p, item, h, [&](uint64_t i) {
    out[count++] = i;
    return true;
  });
  return count;
}

uint64_t size_in_bits(const FilterStorage& s) { return s.params.m; }

double theory_fp(const FilterParams& p, double n) { return theory::blocked_filter_fp_rate(n, p.m, p.k); }

}  // namespace

uint64_t blocked_block_count(uint64_t m) { return std::max<uint64_t>(1, m / kBlockBits); }

uint64_t blocked_block_bits(uint64_t m, uint64_t block) {
  const uint64_t blocks = blocked_block_count(m);
  return block + 1 < blocks ? kBlockBits : m - (blocks - 1) * kBlockBits;
}

extern const VariantOps kBlockedVariant = {
    Variant::blocked, "blocked",
    /*can_remove=*/false, /*has_counters=*/false, /*has_exact_theory=*/false,
    "blocked estimate",
    bytes_needed, init, insert, contains, /*remove=*/nullptr, positions, size_in_bits, theory_fp,
};

}  // namespace bloomlab
