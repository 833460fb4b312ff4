// The filters, all with one small face (after fastfilter_cpp): add, query, size, bits set, n.
//
//   Variant::standard  one bit per position, the article's filter
//   Variant::counting  counters (Fan et al. 2000): remove() is possible. 4-bit saturating (the
//                      default), 8-bit saturating, or unbounded (as one article's Python filter)
//   Variant::blocked   all k bits of an item inside one 512-bit block (Putze, Sanders, Singler 2007)
//
// Limits: 1 <= m <= 2^32 bits, 1 <= k <= 64. Filter::create() says in words what is wrong
// with other values instead of allocating.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashing.h"
#include "result.h"

namespace bloomlab {

enum class Variant { standard, counting, blocked };
inline constexpr Variant kAllVariants[] = {Variant::standard, Variant::counting, Variant::blocked};
const char* variant_name(Variant v);
std::optional<Variant> parse_variant(std::string_view name);

inline constexpr uint64_t kMinBits = 1;
inline constexpr uint64_t kMaxBits = uint64_t{1} << 32;
inline constexpr uint32_t kMinHashes = 1;
inline constexpr uint32_t kMaxHashes = 64;
inline constexpr uint64_t kBlockBits = 512;       // one cache line of 64 bytes
inline constexpr unsigned kCounterMax = 15;       // 4-bit counters saturate here

// The counting variant's counters: 4 bits (saturate at 15), 8 bits (at 255), or unbounded (a
// 32-bit counter here, which never saturates: it counts distinct words, fewer than 2^32).
enum class CounterWidth { four, eight, unbounded };
inline constexpr CounterWidth kAllCounterWidths[] = {CounterWidth::four, CounterWidth::eight,
                                                     CounterWidth::unbounded};
const char* counter_width_name(CounterWidth c);  // "4", "8", "unbounded"
std::optional<CounterWidth> parse_counter_width(std::string_view name);
unsigned counter_bits(CounterWidth c);           // 4, 8, 32 (the memory a counter takes)
uint64_t counter_max(CounterWidth c);            // 15, 255, 2^32 - 1

struct FilterParams {
  uint64_t m = 64;  // bits (for counting: counters)
  uint32_t k = 3;   // hash positions per item
  Variant variant = Variant::standard;
  Scheme scheme = Scheme::reference;
  CounterWidth counters = CounterWidth::four;  // the counting variant's; ignored by the others
  bool operator==(const FilterParams& o) const {
    return m == o.m && k == o.k && variant == o.variant && scheme == o.scheme &&
           counters == o.counters;
  }
  bool operator!=(const FilterParams& o) const { return !(*this == o); }
};

// Checks m and k against the limits; the message names the bad value and the allowed range.
std::optional<Error> validate(const FilterParams& p);

// Blocked layout: max(1, floor(m/512)) blocks; block b covers bits [512b, 512b + 512), except the
// last one, which also takes the m mod 512 leftover bits so that every bit is reachable (m < 1024
// is a single block of m bits). With g = splitmix64(fnv1a64(item)), an item's block is
// fastrange(g >> 32, blocks) = ((g >> 32) * blocks) >> 32 (Lemire 2016) and its k positions inside
// the block are the item's scheme applied to g in place of h (h1 = g mod 2^32, h2 = (g >> 32) | 1
// for the reference scheme) modulo the block's width; positions_of() returns absolute indices.
// Measured on the 10k passwords: double hashing modulo a 512-bit block is correlated (two items
// of a block share a step with probability 1/256), about +20% FP over the blocked theory at
// 10 bits per item and k = 7, and several times the theory at 20 bits per item; the independent
// scheme follows the theory. A teaching point, not a bug: the block is too small for i*h2.

uint64_t blocked_block_count(uint64_t m);
uint64_t blocked_block_bits(uint64_t m, uint64_t block);  // 512, or more for the last block

// The k positions (absolute bit indices, i order) an item has in a filter with params p, without
// needing the filter: e.g. to show the positions for m = 2^32 without allocating 512 MiB.
// p must be valid (validate(p) empty).
void filter_positions(const FilterParams& p, std::string_view item, std::vector<uint64_t>& out);
// The same from h = fnv1a64(item), computed before (a WordSet keeps its words' hashes), into an
// array; returns k.
size_t filter_positions(const FilterParams& p, std::string_view item, uint64_t h,
                        uint64_t (&out)[kMaxHashes]);

// The same positions with the values that lead to them, for the step-through: h = FNV-1a 64;
// for the blocked variant g = splitmix64(h), the block and its first bit and width; then the
// scheme's h1, h2 over `range` bits (m, or the block's width). positions are filter_positions().
struct PositionTrace {
  uint64_t h = 0;
  bool blocked = false;
  uint64_t mixed = 0, block = 0, block_start = 0, block_bits = 0;
  uint64_t h1 = 0, h2 = 0;  // from h (or g when blocked); h2 as the scheme uses it
  uint64_t range = 0;       // the positions' modulus: m, or the block's width
  std::vector<uint64_t> positions;
};
PositionTrace trace_positions(const FilterParams& p, std::string_view item);

struct Query {
  std::vector<uint64_t> positions;   // the k positions, in hash-index order i = 0..k-1
  std::vector<uint64_t> zero_bits;   // those positions whose bit (counter) is 0, ascending, unique
  bool maybe() const { return zero_bits.empty(); }  // "possibly in the set"
};

enum class RemoveOutcome {
  removed,            // every counter went down by one (saturated counters stay)
  refused_absent,     // some counter is 0: the word is surely not in the set
  refused_variant,    // only the counting variant supports remove
};

class Filter {
 public:
  static Result<Filter> create(const FilterParams& p);

  void add(std::string_view item);
  void add(std::string_view item, uint64_t h);  // h = fnv1a64(item), computed before
  Query query(std::string_view item) const;
  bool contains(std::string_view item) const;  // query().maybe(), without allocating
  RemoveOutcome remove(std::string_view item);
  // One article's `remove`: every counter of the item above zero goes down by one, WITHOUT
  // checking that the item is in the set. Removing a false positive this way takes counts that
  // belong to other words: some of them then answer "definitely not" (false negatives).
  // Saturated 4- and 8-bit counters stay, as in remove(). Counting variant only.
  RemoveOutcome remove_unchecked(std::string_view item);
  void clear();

  const FilterParams& params() const { return params_; }
  uint64_t size_in_bits() const;   // memory the filter needs: m bits, or 4m for counting
  uint64_t size_in_bytes() const;  // rounded up to whole bytes
  uint64_t bits_set() const;       // X: positions whose bit (counter) is non-zero
  uint64_t items_added() const { return n_; }  // adds minus successful removes
  bool bit(uint64_t i) const;                  // position i non-zero?
  uint64_t counter(uint64_t i) const;          // counting: 0..counter_max; others: 0 or 1
  // Positions of an item under this filter's params (blocked maps into the item's block).
  void positions_of(std::string_view item, std::vector<uint64_t>& out) const;
  // The bit array as 64-bit words, bit i at words[i/64] >> (i%64); for the counting variant,
  // bit i is counter(i) != 0. For drawing: one texture upload, not m calls to bit().
  const std::vector<uint64_t>& bit_words() const { return bits_; }

 private:
  friend class WordSet;  // rebuilds a filter it has just released, without asking for headroom
  explicit Filter(const FilterParams& p);
  FilterParams params_;
  std::vector<uint64_t> bits_;     // every variant keeps the occupancy bitmap
  std::vector<uint8_t> counters_;  // counting: two 4-bit counters per byte, or one 8-bit
  std::vector<uint32_t> wide_;     // counting, unbounded: one 32-bit counter each
  void set_counter(uint64_t i, uint64_t value);
  void decrement(const uint64_t* positions, size_t count);
  uint64_t n_ = 0;
  uint64_t bits_set_ = 0;
};

}  // namespace bloomlab
