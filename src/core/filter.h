// The filter, one small face (after fastfilter_cpp) over every variant: add, query, size, bits
// set, n. What differs between variants is in their own files behind variant.h:
//
//   Variant::standard  one bit per position, the article's filter
//   Variant::counting  counters (Fan et al. 2000): remove() is possible. 4-bit saturating (the
//                      default), 8-bit saturating, or unbounded (as one article's Python filter)
//   Variant::blocked   all k bits of an item inside one 512-bit block (Putze, Sanders, Singler 2007)
//   Variant::scalable  stages that grow with the set (Almeida, Baquero, Preguiça, Hutchison 2007)
//
// Limits: 1 <= m <= 2^32 bits, 1 <= k <= 64. Filter::create() says in words what is wrong
// with other values instead of allocating.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hash_detail.h"
#include "hashing.h"
#include "result.h"
#include "variant.h"

namespace bloomlab {

// Checks m and k against the limits; the message names the bad value and the allowed range.
std::optional<Error> validate(const FilterParams& p);

// Blocked layout: max(1, floor(m/512)) blocks; block b covers bits [512b, 512b + 512), except the
// last one, which also takes the m mod 512 leftover bits so that every bit is reachable (m < 1024
// is a single block of m bits). The bit array starts on a 64-byte boundary: a block is one cache
// line. With g = splitmix64(fnv1a64(item)):
//   block = fastrange(g >> 32, blocks) = ((g >> 32) * blocks) >> 32    (Lemire 2016)
//   x_0 = g mod 2^32,  x_i = x_(i-1) * 0x9e3779b9 mod 2^32            (RocksDB FastLocalBloomImpl)
//   pos_i = 512 * block + ((x_i * W) >> 32),  W = the block's width (512: x_i >> 23)
// No division per position, all k bits from one hash: a query costs one cache line and a few
// multiplies. The hash-to-index scheme (reference, enhanced, ...) does not apply inside a block:
// double hashing modulo 512 bits was correlated (two items of a block shared a step with
// probability 1/256: +20% FP over the theory at 10 bits per item, several times it at 20).
// Measured against the theory in tests/unit/test_experiment.cpp.
uint64_t blocked_block_count(uint64_t m);
uint64_t blocked_block_bits(uint64_t m, uint64_t block);  // 512, or more for the last block

inline constexpr uint32_t kBlockedMultiplier = 0x9e3779b9u;  // 2^32 / golden ratio, odd
struct BlockedHash {
  uint64_t mixed = 0;  // g = splitmix64(h)
  uint64_t block = 0, start = 0, width = 0;
  uint32_t x = 0;  // x_0
};
// The block of g = splitmix64(h) among `blocks` = blocked_block_count(m) blocks.
inline uint64_t blocked_block_of(uint64_t mixed, uint64_t blocks) { return ((mixed >> 32) * blocks) >> 32; }
// The bits of block `block` of `blocks`: 512, the last one with the m mod 512 leftover too.
inline uint64_t blocked_width(uint64_t m, uint64_t block, uint64_t blocks) {
  return block + 1 < blocks ? kBlockBits : m - block * kBlockBits;
}
inline BlockedHash blocked_hash(uint64_t m, uint64_t h) {
  BlockedHash b;
  b.mixed = detail::splitmix64(h);
  const uint64_t blocks = m < 2 * kBlockBits ? 1 : m / kBlockBits;
  b.block = blocked_block_of(b.mixed, blocks);
  b.start = b.block * kBlockBits;
  b.width = blocked_width(m, b.block, blocks);
  b.x = static_cast<uint32_t>(b.mixed);
  return b;
}
// The position of x inside a block of `width` bits: fastrange on 32 bits.
inline uint64_t blocked_offset(uint32_t x, uint64_t width) { return (uint64_t{x} * width) >> 32; }

// The k positions (absolute bit indices, i order) an item has in a filter with params p, without
// needing the filter: e.g. to show the positions for m = 2^32 without allocating 512 MiB.
// A scalable filter's positions in its first `stages` stages, stage after stage (a query asks
// every stage); the other variants have one array and ignore it. p must be valid.
void filter_positions(const FilterParams& p, std::string_view item, std::vector<uint64_t>& out,
                      size_t stages = 1);
// The same from h = fnv1a64(item), computed before (a WordSet keeps its words' hashes), into an
// array; returns how many (k for a single bit array; a scalable filter's first stage only).
size_t filter_positions(const FilterParams& p, std::string_view item, uint64_t h,
                        uint64_t (&out)[kMaxPositions]);

// The same positions with the values that lead to them, for the step-through: h = FNV-1a 64;
// for the blocked variant g = splitmix64(h), the block and its first bit and width, and the x_i;
// otherwise the scheme's h1, h2 over `range` bits (m). positions are filter_positions().
struct PositionTrace {
  uint64_t h = 0;
  bool blocked = false;
  uint64_t mixed = 0, block = 0, block_start = 0, block_bits = 0;
  std::vector<uint32_t> block_hashes;  // blocked: x_0 .. x_(k-1)
  uint64_t h1 = 0, h2 = 0;             // from h (or g when blocked); h2 as the scheme uses it
  uint64_t range = 0;                  // the positions' modulus: m, or the block's width
  std::vector<uint64_t> positions;
  // A scalable filter: each stage traced, its positions positions[first .. first + k); h is the
  // stage's hash (scalable_stage_hash), h1 and h2 the scheme's halves of it.
  struct StageTrace {
    size_t first = 0;
    uint64_t offset = 0, m = 0;
    uint32_t k = 0;
    uint64_t h = 0, h1 = 0, h2 = 0;
  };
  std::vector<StageTrace> stages;
  // A filter of fingerprints (the cuckoo filter): the word's fingerprint and its two buckets;
  // positions are then the slots of both buckets, b each.
  struct FingerprintTrace {
    bool used = false;
    unsigned bits = 0, bucket_size = 0;  // f, b
    uint64_t buckets = 0;                // B
    uint32_t fingerprint = 0;
    uint64_t bucket1 = 0, bucket2 = 0;
  };
  FingerprintTrace fingerprint;
  // A binary fuse filter (binary_fuse.h): its build's seed and segments, the word's hash mixed
  // with the seed, its fingerprint, and its three slots (positions) with the values in them.
  struct FuseTrace {
    bool used = false;
    unsigned bits = 0;  // f
    uint64_t seed = 0, segment_length = 0, segment_count = 0, keys = 0;
    uint64_t mixed = 0;  // murmur64(h + seed)
    uint32_t fingerprint = 0;
    uint32_t values[3] = {0, 0, 0};  // what slots positions[0..2] hold; their XOR is the answer
  };
  FuseTrace fuse;
};
// stages: how many of a scalable filter's stages to trace (its filter's stages().size()).
// From the params alone (Filter::trace traces a built filter: a binary fuse filter's slots).
PositionTrace trace_positions(const FilterParams& p, std::string_view item, size_t stages = 1);

struct Query {
  std::vector<uint64_t> positions;  // the k positions, in hash-index order i = 0..k-1
  std::vector<uint64_t> zero_bits;  // those positions whose bit (counter) is 0, ascending, unique
                                    // (none for a binary fuse filter: its answer is an XOR)
  bool possibly = false;            // "possibly in the set": the variant's own answer (contains())
};

class JsonWriter;

class Filter {
 public:
  static Result<Filter> create(const FilterParams& p);

  // refused_full: a filter that cannot take more (a full cuckoo filter); nothing changed, and
  // refusal(item) says why.
  InsertOutcome add(std::string_view item);
  InsertOutcome add(std::string_view item, uint64_t h);  // h = fnv1a64(item), computed before
  // add() of items[0..n) with h[i] = fnv1a64(items[i]): the same filter, faster (a rebuild).
  // Returns how many were added: n, unless the filter refused the rest (it stops there).
  size_t add_many(const std::string* items, const uint64_t* h, size_t n);
  Error refusal(std::string_view item) const;
  bool full() const;  // the next add() would be refused (a full cuckoo filter)
  Query query(std::string_view item) const;
  bool contains(std::string_view item) const;  // query().possibly, without allocating
  // contains() of many items, answers into out[0..count): the same answers, faster for a filter
  // out of cache (the queries' memory reads overlap; variant.h, contains_batch).
  void contains_many(const std::string_view* items, size_t count, uint8_t* out) const;
  RemoveOutcome remove(std::string_view item);
  // One article's `remove`: every counter of the item above zero goes down by one, WITHOUT
  // checking that the item is in the set. Removing a false positive this way takes counts that
  // belong to other words: some of them then answer "definitely not" (false negatives).
  // Saturated 4- and 8-bit counters stay, as in remove(). Counting variant only (variant.h).
  RemoveOutcome remove_unchecked(std::string_view item);
  void clear();

  const FilterParams& params() const { return s_.params; }
  const VariantOps& ops() const { return *ops_; }
  // The item's place beyond its positions as JSON fields (VariantOps::place_json): the cuckoo
  // filter's fingerprint and buckets, the binary fuse filter's fingerprint. Nothing for others.
  void place_json(std::string_view item, JsonWriter& j) const;
  // The variant's own structure (VariantOps' FilterStorage::own), for a view that knows the
  // variant: std::any_cast<CuckooFilter>(&f.own()) is the cuckoo filter's, or null.
  const std::any& own() const { return s_.own; }
  uint64_t size_in_bits() const;                       // memory the filter needs: m bits, or m counters' bits
  uint64_t size_in_bytes() const;                      // rounded up to whole bytes
  uint64_t bits_set() const;                           // X: positions whose bit (counter) is non-zero
  uint64_t items_added() const { return s_.n; }        // adds minus successful removes
  uint64_t bit_count() const { return s_.bit_count; }  // bits in the array (m; scalable: all stages)
  bool bit(uint64_t i) const;                          // position i non-zero?
  uint64_t counter(uint64_t i) const;                  // counting: 0..counter_max; others: 0 or 1
  // Positions of an item under this filter's params (blocked maps into the item's block).
  void positions_of(std::string_view item, std::vector<uint64_t>& out) const;
  // The item's positions and the values they come from (trace_positions), as this filter places
  // it, every stage of a scalable one: the views read this rather than the params alone, so that
  // a filter whose places depend on its build can answer.
  PositionTrace trace(std::string_view item) const;
  size_t positions_of(std::string_view item, uint64_t h, uint64_t (&out)[kMaxPositions]) const;
  // The bit array as 64-bit words, bit i at words[i/64] >> (i%64); for the counting variant,
  // bit i is counter(i) != 0. For drawing: one texture upload, not m calls to bit().
  const BitWords& bit_words() const { return s_.bits; }
  // The scalable variant's stages, one under another in the bit array; empty for the others.
  const std::vector<Stage>& stages() const { return s_.stages; }

 private:
  friend class WordSet;  // rebuilds a filter it has just released, without asking for headroom
  explicit Filter(const FilterParams& p);
  const VariantOps* ops_;
  FilterStorage s_;
};

}  // namespace bloomlab
