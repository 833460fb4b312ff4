// Measuring the false-positive rate the way the article does: query "probe-0" ... "probe-(N-1)",
// skip probes that really are members, rate = maybes / queried.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
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
// The share of the filter's cells (bits, counters, slots) expected in use after n distinct adds:
// 1 − e^(−kn/m) for a bit array, the load n / (B·b) for the cuckoo filter's slots.
double expected_fill_share(const FilterParams& p, double n);
// The adds that `cells_used` cells in use point at (Swamidass & Baldi for a bit array; a slot each
// for the cuckoo filter), and the FP that fill gives: (X/m)^k for a bit array.
double estimated_items(const FilterParams& p, double cells_used);
double fp_from_fill(const FilterParams& p, double cells_used);
// Bits per word, the x of the FP-over-bits plot: m / n for a filter you size (a counting filter's
// counters count one each, as the articles' m / n), its whole size / n for one that sizes itself
// (the scalable filter's stages, the cuckoo filter's B·b·f bits). 0 while it holds no word.
double bits_per_word(const Filter& f);

struct Measurement {
  uint64_t n = 0, m = 0;
  uint32_t k = 0;
  uint64_t bits_set = 0;
  uint64_t false_positives = 0;
  uint64_t probes = 0;       // queried (members skipped)
  uint64_t skipped = 0;      // probes that were members
  double measured_rate = 0;  // false_positives / probes
  double theory_rate = 0;    // (1 - e^(-kn/m))^k (blocked: the blocked estimate)
  double exact_rate = 0;     // measure() only: theory::exact_fp_rate (standard/counting), else 0
  bool has_exact = false;    // exact_rate applies (not the blocked variant) and was computed
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

// Spends `cost` of a slice's work budget and counts it as done; false when the budget is gone
// (the caller stops after this item). The runs that work in slices share it: SweepRun and
// GrowthRun (growth.h).
inline bool spend_work(uint64_t& budget, double& done, uint64_t cost) {
  done += double(cost);
  if (budget <= cost) {
    budget = 0;
    return false;
  }
  budget -= cost;
  return true;
}

// The same sweep in pieces, for a caller that must not stop for the whole of it (the app's plot
// with a million words: seconds of work, spread over frames). Each advance() does about `work`
// elementary steps (a word or a probe hashed or walked, a few bytes of the table counted) and
// says whether more remains; rows() grows by a size's rows as each size is finished. Fed piece by
// piece or at once, the rows are exactly sweep()'s for the same distinct words.
// `words` must be distinct (a WordSet's words are) and the same vector, unchanged, at every call:
// a caller whose words change starts a new run. `is_member` answers for probe strings.
class SweepRun {
 public:
  using IsMember = std::function<bool(std::string_view)>;
  SweepRun() = default;
  explicit SweepRun(const SweepGrid& grid) : grid_(grid) {}
  bool advance(const std::vector<std::string>& words, const IsMember& is_member, uint64_t work);
  bool done() const { return phase_ == Phase::done; }
  double progress() const;  // 0 .. 1, by the work done
  const std::vector<Measurement>& rows() const { return rows_; }

 private:
  enum class Phase { start, hash_words, probes, size_start, clear, words, count, walk, done };
  void finish_size();
  SweepGrid grid_;
  Phase phase_ = Phase::start;
  uint64_t n_ = 0, i_ = 0;  // word count; index within the current phase
  std::vector<uint64_t> word_hashes_, probe_hashes_;
  uint64_t skipped_ = 0;
  uint32_t k_limit_ = 0, k_lo_ = 0, k_hi_ = 0;
  uint64_t b_ = 0, m_ = 0;
  std::vector<uint8_t> first_k_;
  // One k wanted at this size (the app's plot, best k): a bit array instead of first_k_, 8x
  // smaller and counted by popcount; the same counts.
  bool single_ = false;
  std::vector<uint64_t> bits_;
  std::vector<uint64_t> fp_, first_k_count_;
  std::vector<Measurement> rows_;
  double work_done_ = 0, work_total_ = 1;
};

}  // namespace bloomlab
