// The variants' one face (after fastfilter_cpp's Add / Contain / SizeInBytes and Boost.Bloom's
// subfilter policies): each variant is a table of functions over the filter's storage, defined
// in one file (variant_standard.cpp, variant_counting.cpp, variant_blocked.cpp,
// variant_scalable.cpp) and listed in variants.cpp. Filter, WordSet, the theory, the views and
// the CLI ask the table (can it remove? which theory? which parameters? how many bytes?)
// instead of switching on the enum. Adding a variant: its file and its row in variants.cpp (or
// register_variant, as a test's toy variant does), and its catalog strings.
//
// Speed: a filter calls through the table once per add or query (an indirect call, a few ns);
// inside, each variant's loop over its k positions is inlined code, never a call per bit.
#pragma once
#include <any>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cuckoo.h"
#include "hashing.h"
#include "result.h"

namespace bloomlab {

// The built-in variants; a variant registered at run time (register_variant) takes the next
// value. The speed measurement compares standard and blocked by name, and a filter's defaults
// are the standard one's: otherwise nothing outside the variants' files names one.
enum class Variant : uint8_t { standard, counting, blocked, scalable, cuckoo, binary_fuse };

// Marks a text a UI shows translated (scripts/update-po.sh extracts it from the variants'
// files): the text itself. The core stays free of any catalog.
#define BLOOMLAB_UI_TEXT(text) text
#define BLOOMLAB_UI_TEXT_IN(context, text) text

inline constexpr uint64_t kMinBits = 1;
inline constexpr uint64_t kMaxBits = uint64_t{1} << 32;
inline constexpr uint32_t kMinHashes = 1;
inline constexpr uint32_t kMaxHashes = 64;
inline constexpr uint64_t kBlockBits = 512;  // one cache line of 64 bytes
inline constexpr unsigned kCounterMax = 15;  // 4-bit counters saturate here

// The counting variant's counters: 4 bits (saturate at 15, Fan et al.'s), 8 bits (at 255), or
// unbounded (a 32-bit counter here, which never saturates: it counts distinct words, fewer than
// 2^32), as one article's Python filter (`counts = [0] * m`). Defined in variant_counting.cpp.
enum class CounterWidth { four, eight, unbounded };
inline constexpr CounterWidth kAllCounterWidths[] = {CounterWidth::four, CounterWidth::eight,
                                                     CounterWidth::unbounded};
const char* counter_width_name(CounterWidth c);  // "4", "8", "unbounded"
std::optional<CounterWidth> parse_counter_width(std::string_view name);
unsigned counter_bits(CounterWidth c);  // 4, 8, 32 (the memory a counter takes)
uint64_t counter_max(CounterWidth c);   // 15, 255, 2^32 - 1

// The counting variant's own parameters. Ignored by the other variants.
struct CountingParams {
  CounterWidth width = CounterWidth::four;
  bool operator==(const CountingParams& o) const { return width == o.width; }
};

// The scalable filter's growth (Almeida, Baquero, Preguiça, Hutchison 2007): stage 0 is sized for
// n0 items at FP p0; each next stage holds `growth` times more items at FP `tightening` times
// lower. Ignored by the other variants.
struct ScalableParams {
  double n0 = 1000;          // items the first stage is designed for
  double p0 = 0.01;          // the first stage's FP at its design point
  double growth = 2;         // s: each stage designed for s times the items of the one before
  double tightening = 0.85;  // r: each stage's FP is r times the one before
  bool operator==(const ScalableParams& o) const {
    return n0 == o.n0 && p0 == o.p0 && growth == o.growth && tightening == o.tightening;
  }
};

// The binary fuse filter's own parameter (variant_fuse.cpp, binary_fuse.h): its fingerprints'
// bits, 8 or 16. Ignored by the other variants.
struct FuseParams {
  unsigned fingerprint_bits = 8;
  bool operator==(const FuseParams& o) const { return fingerprint_bits == o.fingerprint_bits; }
};

struct FilterParams {
  uint64_t m = 64;  // bits (for counting: counters); the scalable filter sizes its own stages
  uint32_t k = 3;   // hash positions per item (scalable: each stage has its own)
  Variant variant = Variant::standard;
  Scheme scheme = Scheme::reference;
  ScalableParams scalable = {};
  CountingParams counting = {};
  CuckooParams cuckoo = {};  // the cuckoo filter's f, b and B (cuckoo.h); ignored by the others
  FuseParams fuse = {};
  bool operator==(const FilterParams& o) const {
    return m == o.m && k == o.k && variant == o.variant && scheme == o.scheme && scalable == o.scalable &&
           counting == o.counting && cuckoo == o.cuckoo && fuse == o.fuse;
  }
  bool operator!=(const FilterParams& o) const { return !(*this == o); }
};

// Every position array an item can have fits here: up to 64 per bit array, and the scalable
// filter's stages together stay below this (variant_scalable.cpp stops growing before).
inline constexpr size_t kMaxPositions = 512;
// Queries per contains_batch() call.
inline constexpr size_t kBatch = 32;

// The bit array, each 64-byte block on one cache line (the blocked variant reads one line per
// query only if its blocks do not straddle two).
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, size_t) { ::operator delete(p, kAlign); }
  template <typename U>
  bool operator==(const CacheLineAllocator<U>&) const {
    return true;
  }
  template <typename U>
  bool operator!=(const CacheLineAllocator<U>&) const {
    return false;
  }
};
using BitWords = std::vector<uint64_t, CacheLineAllocator<uint64_t>>;

// One stage of a scalable filter: bits [offset, offset + m) of the array, its own k, designed
// for `capacity` items at FP `p`; it takes new items until its fill reaches design_fill.
struct Stage {
  uint64_t offset = 0, m = 0;
  uint32_t k = 1;
  double capacity = 0, p = 0, design_fill = 0;
  uint64_t n = 0, bits_set = 0;
};

// What a filter holds; each variant reads and writes the parts it uses.
struct FilterStorage {
  FilterParams params;
  BitWords bits;                        // every variant keeps the occupancy bitmap, bit i at bits[i/64]
  std::vector<uint8_t> counters;        // counting: two 4-bit counters per byte, or one 8-bit
  std::vector<uint32_t> wide_counters;  // counting, unbounded: one 32-bit counter each
  std::vector<Stage> stages;            // scalable: its stages, one under another in `bits`
  uint64_t bit_count = 0;               // bits in the array: m, or the stages' sum
  uint64_t n = 0;                       // adds minus successful removes
  uint64_t bits_set = 0;
  std::any own;  // a variant's own structure, which it alone reads (the cuckoo filter's buckets)
};

// A scalable filter's stage j (variant_scalable.cpp) after stages holding `offset` bits: its
// bits offset .. offset + m − 1, its k, the n and p it is designed for; and the hash its
// positions come from: h itself for stage 0, splitmix64(h + j) for the stages after it.
Stage scalable_stage(const ScalableParams& sp, size_t j, uint64_t offset);
uint64_t scalable_stage_hash(uint64_t h, size_t j);

enum class InsertOutcome {
  added,
  refused_full,  // a filter that cannot take more (a full cuckoo filter): nothing changed
};

enum class RemoveOutcome {
  removed,          // every counter went down by one (saturated counters stay)
  refused_absent,   // some counter is 0: the word is surely not in the set
  refused_variant,  // the variant cannot remove (only the counting and cuckoo filters can)
};

struct ParamRow;       // params.h
struct PositionTrace;  // filter.h
class JsonWriter;      // json_writer.h

// What a cell holds: a bit; a count (the views show it above 1); a fingerprint, 0 for an empty
// slot (the views write it in hex instead of the cell's index, and speak of slots and buckets);
// a part of fingerprints (a binary fuse filter's slot: a word's fingerprint is the XOR of its
// three slots, so no slot is "empty" or anyone's; the views write it in hex).
enum class CellHolds { bit, count, fingerprint, xor_part };

struct VariantOps {
  Variant id;
  const char* name;            // its key ("standard", "binaryFuse"): links, the CLI, the JS API
  const char* title;           // as a UI names it, translated in the context "variant" ("binary fuse")
  bool can_remove;             // remove() exists (counters)
  bool has_exact_theory;       // theory::exact_fp_rate describes it (one bit array, uniform positions)
  bool grows;                  // adds arrays as it fills: an item's positions depend on when it came
  bool sizes_itself;           // m and k are not its parameters: it sizes its own arrays
  const char* theory_formula;  // how its theoretical FP is computed, for the Numbers (a UI text)
  CellHolds holds;             // what a cell holds (above)
  // Built from its whole set at once (the binary fuse filter): an add rebuilds it, and its
  // positions depend on the build (its seed, its segments), not on its params alone.
  bool rebuilt_on_add;
  // Its own parameters beyond m, k, variant and scheme (params.h): rows, how many.
  const ParamRow* const* params;
  size_t param_count;
  // Checks the variant's own params (beyond m and k, which validate() checks); null: none.
  std::optional<Error> (*validate)(const FilterParams& p);
  // Bytes an empty filter with these params needs (checked before allocating).
  uint64_t (*bytes_needed)(const FilterParams& p);
  void (*init)(FilterStorage& s);  // allocate for s.params, empty
  InsertOutcome (*insert)(FilterStorage& s, std::string_view item, uint64_t h);
  // insert() of n items, h[i] = fnv1a64(items[i]): the same filter, faster (a rebuild of a
  // million words). Null: insert() one by one. Only for variants whose insert never refuses.
  void (*insert_many)(FilterStorage& s, const std::string* items, const uint64_t* h, size_t n);
  bool (*contains)(const FilterStorage& s, std::string_view item, uint64_t h);
  // Many queries at once (n <= kBatch), h[i] = fnv1a64(items[i]), answers into out: the memory
  // each query will surely read is asked for first, for all of them, so that the cache misses
  // overlap instead of queueing (RocksDB's MultiGet prepares its filter probes the same way).
  // Null: contains() one by one.
  void (*contains_batch)(const FilterStorage& s, const std::string_view* items, const uint64_t* h, size_t n,
                         uint8_t* out);
  RemoveOutcome (*remove)(FilterStorage& s, std::string_view item, uint64_t h);  // null: refused
  // One article's `remove`: lowers every counter of the item above zero WITHOUT checking that
  // the item was added (false negatives follow when it was not). Null: refused.
  RemoveOutcome (*remove_unchecked)(FilterStorage& s, std::string_view item, uint64_t h);
  // The count at position i (i < bit_count); null: the bit (0 or 1).
  uint64_t (*counter)(const FilterStorage& s, uint64_t i);
  // In the three below, `built` is the filter when there is one, null for params alone (the
  // positions of m = 2^32 without allocating it); a variant rebuilt_on_add needs it, and
  // answers for an empty filter without it.
  // The item's positions (absolute cell indices) in a filter with params p and `stages` stages
  // (1 for single-array variants), into out[kMaxPositions]; returns how many.
  size_t (*positions)(const FilterParams& p, const FilterStorage* built, size_t stages, std::string_view item,
                      uint64_t h, uint64_t* out);
  // The step-through's values beyond the scheme's h1, h2 and the positions (which t holds
  // already): the blocked variant's block and x_i, the scalable one's stages. Null: none.
  void (*trace)(const FilterParams& p, const FilterStorage* built, std::string_view item, PositionTrace& t);
  // A word's place beyond its positions, as fields of a JSON object (the CLI's positions
  // --json, the JS API's query()): the cuckoo filter's fingerprint and two buckets. Null: none.
  void (*place_json)(const FilterParams& p, const FilterStorage* built, uint64_t h, JsonWriter& j);
  // Why the filter refuses an insert (InsertOutcome::refused_full), for `item`: an Error with
  // its code. Null: it never refuses.
  Error (*refusal)(const FilterStorage& s, std::string_view item);
  // Whether the next insert would be refused (a full cuckoo filter). Null: never.
  bool (*full)(const FilterStorage& s);
  // Whether removing the item hashed `removed` would leave the member hashed `member` answering
  // "definitely not" (WordSet::would_break_if_cleared). Null: by positions (a bit array's
  // positions all clear; counters at 1 drop to 0).
  bool (*breaks)(const FilterStorage& s, uint64_t removed, uint64_t member);
  // Memory the filter uses, in bits.
  uint64_t (*size_in_bits)(const FilterStorage& s);
  // The expected FP after n distinct adds, from the params alone.
  double (*theory_fp)(const FilterParams& p, double n);
  // How many cells the views draw together as one group (a cuckoo filter's bucket: b slots, a
  // word's fingerprint goes into one of two of them). Null: 1, no groups.
  unsigned (*group)(const FilterParams& p);
  // The share of its cells expected in use after n distinct adds, and back, the adds that a count
  // of cells in use points at (experiment.h expected_fill_share, estimated_items). Null: one bit
  // array's 1 − e^(−kn/m) and Swamidass & Baldi's −(m/k) ln(1 − X/m).
  double (*expected_fill)(const FilterParams& p, double n);
  double (*estimate_n)(const FilterParams& p, double cells_used);
};

inline bool holds_fingerprints(const VariantOps& ops) { return ops.holds == CellHolds::fingerprint; }
inline bool holds_counts(const VariantOps& ops) { return ops.holds != CellHolds::bit; }  // counter() exists
// Its cells hold fingerprints or their parts: the views write a cell's value in hex and call
// the cells slots.
inline bool holds_fingerprint_values(const VariantOps& ops) {
  return ops.holds == CellHolds::fingerprint || ops.holds == CellHolds::xor_part;
}
// What its cells are called in the CLI's tables: "bits", "counters", "slots".
inline const char* cells_word(const VariantOps& ops) {
  return ops.holds == CellHolds::bit ? "bits" : ops.holds == CellHolds::count ? "counters" : "slots";
}

// The registration table (variants.cpp): the built-in variants in the enum's order, then those
// registered at run time.
const std::vector<const VariantOps*>& variants();
std::vector<Variant> variant_ids();  // the same, as ids
// Adds a variant (its ops.id is ignored: it gets the next value, returned). Its name must be
// new. Not thread-safe: register before any filter is made (a static initialiser).
Variant register_variant(const VariantOps& ops);
const VariantOps& variant_ops(Variant v);
const char* variant_name(Variant v);
const char* variant_title_text(Variant v);  // its title, untranslated ("binary fuse")
std::optional<Variant> parse_variant(std::string_view name);
// "standard, counting, blocked, scalable": for messages that list the choices.
std::string variant_names();

}  // namespace bloomlab
