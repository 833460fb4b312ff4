// Measuring the false-positive rate the way the article does: query "probe-0" ... "probe-(N-1)",
// skip probes that really are members, rate = maybes / queried.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "filter.h"
#include "word_set.h"

namespace bloomlab {

inline constexpr uint64_t kDefaultProbes = 100000;

// The theoretical FP rate of a filter with these params after n adds: (1 - e^(-kn/m))^k, or for
// the blocked variant the estimate for this project's block layout
// (theory::blocked_filter_fp_rate); counting behaves as standard (saturation only ever keeps
// bits set). The one place that picks the formula for a variant.
double theoretical_fp_rate(const FilterParams& p, double n);

struct Measurement {
  uint64_t n = 0, m = 0;
  uint32_t k = 0;
  uint64_t bits_set = 0;
  uint64_t false_positives = 0;
  uint64_t probes = 0;        // queried (members skipped)
  uint64_t skipped = 0;       // probes that were members
  double measured_rate = 0;   // false_positives / probes
  double theory_rate = 0;     // (1 - e^(-kn/m))^k (blocked: the blocked estimate)
  double exact_rate = 0;      // measure() only: theory::exact_fp_rate (standard/counting), else 0
  bool has_exact = false;     // exact_rate applies (not the blocked variant) and was computed
};

std::string probe_string(uint64_t i);  // "probe-<i>"

Measurement measure(const WordSet& set, uint64_t probes = kDefaultProbes);
Measurement measure(const WordSet& set, const std::vector<std::string>& probe_list);

struct SweepGrid {
  uint32_t bits_per_item_min = 1, bits_per_item_max = 32;
  uint32_t k_min = 1, k_max = 24;
  bool best_k_only = false;  // one row per size, k = optimal_k
  uint64_t probes = kDefaultProbes;
};

// Reference scheme, standard variant. m = bits_per_item * n, n = the number of distinct words.
// Every word and probe is hashed once; the 64-bit hashes are reused for every (m, k). Rows come
// in (bits_per_item, k) order; sizes with m > 2^32 are left out. The results are exactly those
// of measure() on a WordSet with the same m and k (the unit tests check this).
std::vector<Measurement> sweep(const std::vector<std::string>& words, const SweepGrid& grid);

}  // namespace bloomlab
