// The filter family side by side (issue 35 §3): on the same words, a standard Bloom filter at its
// best k, a blocked one of the same size, cuckoo filters (f = 8, 12, 16 at b = 4) and binary fuse
// filters (f = 8, 16), each sized for those words, measured against their theory and against
// the information-theoretic lower bound: a structure answering "possibly" with probability p for
// a word not in the set needs at least log2(1/p) bits per word (Carter et al. 1978).
//
// Sizes: the Bloom filters are designed for p = 2^-8, 2^-12 and 2^-16 (design_for_rate: the
// fingerprints' rates), the blocked ones get the same m and k; the cuckoo filters get the fewest
// buckets (a power of two) that hold the words at a load of at most 96%, twice as many while one
// refuses a word; a binary fuse filter sizes itself (binary_fuse.h). Probes as measure()'s:
// "probe-0" .. "probe-(N-1)", those that are words skipped; nanoseconds per query are the time
// of those queries, one by one, where the program runs.
//
// In pieces, as SpeedRun: advance() works for about the time it is given and says whether more
// remains, so that a page stays responsive while it measures a million words.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "binary_fuse.h"
#include "filter.h"
#include "result.h"

namespace bloomlab {

enum class FamilyKind { standard, blocked, cuckoo, binary_fuse };
inline constexpr size_t kFamilyKinds = 4;
const char* family_kind_name(FamilyKind kind);  // "standard", "blocked", "cuckoo", "binaryFuse"

// What each structure can do, whatever its size (the family table's last rows).
struct FamilyTraits {
  bool adds;             // a word can be added after it is built (binary fuse: an add rebuilds it)
  bool removes;          // a word can be removed (without counters: only the cuckoo filter)
  double max_load;       // the most it can be filled: 0 = any number of words (its FP rises)
  unsigned cache_lines;  // per query at most: 0 = up to k (one per bit)
};
const FamilyTraits& family_traits(FamilyKind kind);

inline constexpr unsigned kFamilyLevels[] = {8, 12, 16};      // Bloom's designs: p = 2^-level
inline constexpr unsigned kFamilyCuckooBits[] = {8, 12, 16};  // f at b = kFamilyCuckooBucket
inline constexpr unsigned kFamilyCuckooBucket = 4;
inline constexpr double kFamilyCuckooLoad = 0.95;  // how full b = 4 gets (the paper)
// The sizing: the fewest buckets (a power of two) at a load of at most 96%, the paper's reference
// code's rule (efficient/cuckoofilter, as fastfilter_cpp's); twice as many while one refuses.
inline constexpr double kFamilyCuckooSizingLoad = 0.96;
// The fewest buckets (a power of two, at most kCuckooMaxBuckets) that hold n words at b = 4 under
// that load.
uint64_t cuckoo_buckets_for(uint64_t n);
inline constexpr unsigned kFamilyFuseBits[] = {8, 16};
inline constexpr uint64_t kFamilyDefaultProbes = 1000000;

struct FamilyRow {
  FamilyKind kind = FamilyKind::standard;
  uint64_t m = 0;                 // Bloom: m (bits); cuckoo, binary fuse: their size in bits
  uint32_t k = 0;                 // Bloom only
  unsigned fingerprint_bits = 0;  // cuckoo, binary fuse
  unsigned bucket_size = 0;       // cuckoo
  uint64_t buckets = 0;           // cuckoo
  uint64_t slots = 0;             // cuckoo: B·b; binary fuse: its array's length
  uint64_t items = 0;             // words held
  double bits_per_item = 0;       // m / items
  double load = 0;                // cuckoo: α = items / slots; binary fuse: items / slots; Bloom: 0
  uint64_t probes = 0, false_positives = 0;
  double measured = 0;    // false_positives / probes
  double theory = 0;      // the structure's own formula at this size
  double bound_bits = 0;  // log2(1 / theory): the fewest bits per word for that rate
  double over_bound = 0;  // bits_per_item / bound_bits - 1 (0.44: 44% over the bound)
  double ns_per_query = 0;
};

// The theory's FP of a structure of `kind` with c bits per word: the family plot's curves.
// Bloom at its best (real) k: 2^(-c ln 2); blocked: the blocked estimate for n words at m = c·n
// and the best integer k; cuckoo at load α with b slots per bucket: cuckoo_theory_fp with
// f = c·α bits (about 2b·α / 2^f: c ≈ (log2(1/p) + log2(2bα))/α); binary fuse with s slots per
// word: 2^(-c/s); the bound: 2^-c.
struct FamilyCurves {
  double n = 0;            // the words
  double cuckoo_load = 0;  // α of the cuckoo rows (0: none measured)
  unsigned cuckoo_bucket = kFamilyCuckooBucket;
  double fuse_slots_per_item = 0;  // of the binary fuse rows (0: none)
};
double family_curve_fp(FamilyKind kind, double bits_per_item, const FamilyCurves& c);
double family_bound_fp(double bits_per_item);  // 2^-c

class FamilyRun {
 public:
  FamilyRun() = default;
  // `words` must be distinct, and stay the same vector, unchanged, while the run goes on.
  FamilyRun(const std::vector<std::string>* words, uint64_t probes = kFamilyDefaultProbes);
  bool advance(double budget_ms);  // < 0: to the end
  bool done() const { return phase_ == Phase::done; }
  double progress() const;  // 0 .. 1
  uint64_t probes() const { return probes_; }
  const std::vector<FamilyRow>& rows() const { return rows_; }
  FamilyCurves curves() const;
  // The smallest binary fuse filter it built (f = 8), kept once measured: the family panel shows a
  // word's three slots and their XOR in it. Null before.
  const BinaryFuseFilter* fuse() const { return kept_fuse_.get(); }

 private:
  enum class Phase { start, build, query, done };
  bool step();
  void start_member();
  const std::vector<std::string>* words_ = nullptr;
  bool is_member(std::string_view probe) const;
  // The words' hashes with their index, sorted: a probe that answers "possibly" is looked up.
  std::vector<std::pair<uint64_t, uint32_t>> members_;
  uint64_t probes_ = 0;
  Phase phase_ = Phase::start;
  std::vector<FamilyRow> planned_, rows_;
  size_t member_ = 0;
  uint64_t at_ = 0;  // words added, or probes asked, of the current member
  std::optional<Filter> filter_;
  std::unique_ptr<BinaryFuseFilter> fuse_;
  std::unique_ptr<BinaryFuseFilter> kept_fuse_;
  double query_ns_ = 0;
  double work_done_ = 0, work_total_ = 1;
};

// The whole measurement at once (the CLI).
FamilyRun measure_family(const std::vector<std::string>& words, uint64_t probes = kFamilyDefaultProbes);

}  // namespace bloomlab
