// The article's claim "blocked filters are a bit worse in error, noticeably faster in practice",
// timed where the program runs (issue 11 §4): the Speed panel, bloomlab.speed() and
// `bloomlab speed` all run this.
//
// Four filters of each size, filled with the same random words: a standard and a blocked one with
// the same m and k, a cuckoo filter (f = 12, b = 4, its B the largest power of two in the same
// memory, or the fewest that hold the words: core/family.h) and a binary fuse filter (f = 8, built
// from the words). At the filter's own m (filled to its design n = m ln 2 / k, where half the bits
// are set) and, for memory beyond the processor's caches, at m = 2^28 bits = 32 MiB (filled with
// 1,000,000 words: its design n at k = 7 would be 26.6 million). Then nanoseconds per query for
// present words (every bit set: the standard filter reads up to k cache lines, the blocked one
// one, the cuckoo filter one or two buckets, the binary fuse filter three slots) and absent words
// (the Bloom filters stop at the first 0 bit), asked one by one and 32 at a time
// (contains_many, as a database asks), in alternating passes, the best pass of each.
//
// Random words, not numbered ones: numbered words ("key-1", "key-2", ...) hash, through FNV-1a's
// weak low bits, to neighbouring places, which favours the standard filter's first read
// (tests/bench/RESULTS.md measures both orders).
//
// In pieces, as SweepRun: advance() works for about the time it is given and says whether more
// remains, so that a page stays responsive while it measures.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "binary_fuse.h"
#include "family.h"
#include "filter.h"
#include "result.h"

namespace bloomlab {

inline constexpr uint64_t kSpeedBigBits = uint64_t{1} << 28;  // 32 MiB: beyond the caches
inline constexpr uint64_t kSpeedBigWords = 1000000;
// What a caller may ask for (the CLI's --queries and --rounds, the page's speed()).
inline constexpr uint64_t kSpeedMinQueries = 1000, kSpeedMaxQueries = 100000000;
inline constexpr uint32_t kSpeedMaxRounds = 100;

struct SpeedOptions {
  uint64_t m = 100000;  // the filter's own m (its bits)
  uint32_t k = 7;
  bool out_of_cache = true;             // also at kSpeedBigBits
  uint64_t queries = 200000;            // per pass (the words are asked round and round)
  uint32_t rounds = 3;                  // passes of each measurement; the best counts
  uint64_t big_words = kSpeedBigWords;  // words in the filters of kSpeedBigBits
};

inline constexpr unsigned kSpeedCuckooBits = 12, kSpeedFuseBits = 8;

struct SpeedRow {
  FamilyKind kind = FamilyKind::standard;
  uint64_t m = 0;           // the size measured (the Bloom filters' m): the rows of one size share it
  uint64_t bits = 0;        // this filter's own size in bits (the cuckoo and binary fuse filters')
  uint64_t words = 0;       // in the filter
  bool present = true;      // the words asked are in the filter (else: never added)
  bool batch = false;       // asked 32 at a time (contains_many), else one by one
  double ns_per_query = 0;  // the best pass
  uint64_t maybes = 0;      // "possibly" answers in that pass (present: every query)
  uint64_t queries = 0;     // per pass
};

class SpeedRun {
 public:
  SpeedRun() = default;
  explicit SpeedRun(const SpeedOptions& o);
  // Works for about budget_ms (at least one piece of ~1 ms; budget_ms < 0: to the end) and
  // says whether more remains.
  bool advance(double budget_ms);
  bool done() const { return phase_ == Phase::done; }
  double progress() const;  // 0 .. 1
  const SpeedOptions& options() const { return options_; }
  // The measurements, once done: for each size (the filter's own m, then 2^28), each filter
  // (standard, blocked, cuckoo, binary fuse), present then absent words, one by one then in batches.
  const std::vector<SpeedRow>& rows() const { return rows_; }
  // Why the out-of-cache filters were not measured (no memory for them), if they were not.
  const std::optional<Error>& skipped() const { return skipped_; }
  // A row of the results; nullptr if it was not measured.
  const SpeedRow* find(FamilyKind kind, uint64_t m, bool present, bool batch) const;

 private:
  enum class Phase { start, filters, words, fill, measure, done };
  struct Size {
    uint64_t m = 0, words = 0;
    std::vector<Filter> filters;                   // standard, blocked, cuckoo
    std::shared_ptr<const BinaryFuseFilter> fuse;  // built from the words once they are made
  };
  struct Cell {
    size_t size = 0, variant = 0;
    bool present = true, batch = false;
    double best_ns = 1e300;
    uint64_t maybes = 0;
  };
  bool step();  // one piece of work, ~2 ms (a filter of 32 MiB allocated, 16,384 words added, ...)
  std::string_view word(bool present, uint64_t i) const;

  SpeedOptions options_;
  Phase phase_ = Phase::start;
  std::vector<Size> sizes_;  // start: the sizes wanted; filters: each gets its two, a step each
  std::vector<Cell> cells_;
  std::optional<Error> skipped_;
  std::vector<SpeedRow> rows_;
  // The words: "p" (present) or "a" (absent) and 12 hexadecimal digits of a splitmix64 stream,
  // 13 bytes each, end to end.
  std::string present_words_, absent_words_;
  // Words: how many of each kind are made so far. Fill: the size and filter being filled, the
  // next word.
  // Measure: the round, the cell, the next query of its pass, the pass's time so far and its
  // "possibly" answers.
  uint64_t present_needed_ = 0, present_made_ = 0, absent_made_ = 0;
  size_t fill_size_ = 0, fill_filter_ = 0;
  uint64_t next_ = 0;
  uint32_t round_ = 0;
  size_t cell_ = 0;
  double pass_ns_ = 0;
  uint64_t pass_maybes_ = 0;
  uint64_t piece_ = 4096;  // queries per timed piece, grown to ~1 ms each
  double work_done_ = 0, work_total_ = 1;
};

// All at once (the CLI).
SpeedRun measure_speed(const SpeedOptions& o);

}  // namespace bloomlab
