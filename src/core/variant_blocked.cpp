// The blocked variant (Putze, Sanders, Singler 2007): all k bits of an item inside one 512-bit
// block, so that a query reads one cache line. The layout is in filter.h; the way to compute it
// fast is RocksDB's FastLocalBloomImpl (util/bloom_impl.h) and Boost.Bloom's block<>: the block
// by fastrange, the bits of a block from one 32-bit hash, multiplied on by a constant.
#include <algorithm>

#include "filter.h"
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t bytes_needed(const FilterParams& p) { return (p.m + 7) / 8; }

void init(FilterStorage& s) { detail::init_bit_array(s, s.params.m); }

// Calls emit(absolute position) for the k positions of an item, in i order (the layout in
// filter.h): no division per position, every position from one 32-bit hash.
template <typename Emit>
inline void for_each_blocked_position(uint64_t m, uint32_t k, uint64_t h, Emit&& emit) {
  const BlockedHash b = blocked_hash(m, h);
  uint32_t x = b.x;
  for (uint32_t i = 0; i < k; ++i) {
    emit(b.start + blocked_offset(x, b.width));
    x *= kBlockedMultiplier;
  }
}

InsertOutcome insert(FilterStorage& s, std::string_view, uint64_t h) {
  for_each_blocked_position(s.params.m, s.params.k, h, [&](uint64_t i) { detail::set_bit(s, i); });
  ++s.n;
  return InsertOutcome::added;
}

// The hot path: one cache line, a multiply and a shift per position. It stops at the first 0 bit
// as the standard filter does: a branch the processor predicts lets it start the next query
// before this one's line has arrived (measured: without it, absent keys out of cache took a
// whole miss each, 2.5x the standard filter's time). Every block but a wider last one is 512
// bits wide, where (x * 512) >> 32 is x's top 9 bits: a shift, as RocksDB's probes.
inline bool contains_in_line(const uint64_t* line, uint32_t x, uint64_t width, uint32_t k) {
  if (width == kBlockBits) {
    for (uint32_t i = 0; i < k; ++i, x *= kBlockedMultiplier) {
      const uint32_t bit = x >> 23;
      if (!((line[bit >> 6] >> (bit & 63)) & 1)) return false;
    }
    return true;
  }
  for (uint32_t i = 0; i < k; ++i, x *= kBlockedMultiplier) {
    const uint64_t bit = blocked_offset(x, width);
    if (!((line[bit >> 6] >> (bit & 63)) & 1)) return false;
  }
  return true;
}

inline bool contains_hashed(const FilterStorage& s, const BlockedHash& b) {
  return contains_in_line(s.bits.data() + detail::word_of(b.start), b.x, b.width, s.params.k);
}

bool contains(const FilterStorage& s, std::string_view, uint64_t h) {
  return contains_hashed(s, blocked_hash(s.params.m, h));
}

// Each query reads one line: ask for all of them, then answer. The lines' addresses are worked
// out first and asked for in a loop of their own: in wasm the asking is a plain load that waits
// in the processor's reorder buffer, so the fewer instructions between two of them, the more
// lines are under way at once (splitmix64's multiplies between them held the queue back).
void contains_batch(const FilterStorage& s, const std::string_view*, const uint64_t* h, size_t n,
                    uint8_t* out) {
  const uint64_t* words = s.bits.data();
  const uint64_t m = s.params.m, blocks = blocked_block_count(m);
  uint64_t acc = 0;
  uint64_t g[kBatch];
  size_t line[kBatch];
  for (size_t q = 0; q < n; ++q) {
    g[q] = detail::splitmix64(h[q]);
    line[q] = static_cast<size_t>(blocked_block_of(g[q], blocks) * (kBlockBits / 64));
  }
  for (size_t q = 0; q < n; ++q) detail::touch(words, line[q], acc);
  for (size_t q = 0; q < n; ++q) {
    out[q] = contains_in_line(words + line[q], static_cast<uint32_t>(g[q]),
                              blocked_width(m, line[q] / (kBlockBits / 64), blocks), s.params.k);
  }
  detail::keep(acc);
}

size_t positions(const FilterParams& p, const FilterStorage*, size_t, std::string_view, uint64_t h,
                 uint64_t* out) {
  size_t count = 0;
  for_each_blocked_position(p.m, p.k, h, [&](uint64_t i) { out[count++] = i; });
  return count;
}

uint64_t size_in_bits(const FilterStorage& s) { return s.params.m; }

double theory_fp(const FilterParams& p, double n) { return theory::blocked_filter_fp_rate(n, p.m, p.k); }

}  // namespace

uint64_t blocked_block_count(uint64_t m) { return std::max<uint64_t>(1, m / kBlockBits); }

uint64_t blocked_block_bits(uint64_t m, uint64_t block) {
  const uint64_t blocks = blocked_block_count(m);
  return blocked_width(m, std::min(block, blocks - 1), blocks);
}

namespace {

// The step-through: g, the block, its first bit and width, the x_i (as positions() takes them).
void trace(const FilterParams& p, const FilterStorage*, std::string_view, PositionTrace& t) {
  const BlockedHash b = blocked_hash(p.m, t.h);
  t.blocked = true;
  t.mixed = b.mixed;
  t.block = b.block;
  t.block_start = b.start;
  t.block_bits = b.width;
  t.range = b.width;
  uint32_t x = b.x;
  for (uint32_t i = 0; i < p.k; ++i, x *= kBlockedMultiplier) t.block_hashes.push_back(x);
  t.h1 = b.x;
  t.h2 = kBlockedMultiplier;
}

}  // namespace

extern const VariantOps kBlockedVariant = {
    Variant::blocked,
    "blocked",
    BLOOMLAB_UI_TEXT_IN("variant", "blocked"),
    /*can_remove=*/false,
    /*has_exact_theory=*/false,
    /*grows=*/false,
    /*sizes_itself=*/false,
    BLOOMLAB_UI_TEXT("blocked estimate"),
    CellHolds::bit,
    /*rebuilt_on_add=*/false,
    /*params=*/nullptr,
    /*param_count=*/0,
    /*validate=*/nullptr,
    bytes_needed,
    init,
    insert,
    /*insert_many=*/nullptr,
    contains,
    contains_batch,
    /*remove=*/nullptr,
    /*remove_unchecked=*/nullptr,
    /*counter=*/nullptr,
    positions,
    trace,
    /*place_json=*/nullptr,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    size_in_bits,
    theory_fp,
    /*group=*/nullptr,
    /*expected_fill=*/nullptr,
    /*estimate_n=*/nullptr,
};

}  // namespace bloomlab
