// False positives as the filter fills (issue 11 §1): insert the words of a list in order and
// query the probes (experiment.h: "probe-0" ... "probe-(N-1)", members skipped) after the first
// n words, for every n at once, in one pass over the list.
//
// Two ways to the same numbers (the unit tests check both against filters built from scratch
// for each prefix):
//   first-set time  every variant whose occupancy only grows as words come in (standard,
//                   blocked, counting: counters saturate, never drop on add): bit b is set once
//                   the first t(b) words are in, t(b) = 1 + the index of the first word with a
//                   position at b; a probe answers "maybe" after n words exactly when
//                   max over its positions of t <= n. One walk over the words, one over the
//                   probes, then every prefix n is a prefix sum (at()). Needs 4 bytes per bit.
//   checkpoints     the generic way, for any filter with add and contains (a filter larger than
//                   kGrowthTimeBits, or a variant whose answers are no function of one bit
//                   array, such as a filter that grows by stages): insert up to the next
//                   checkpoint, query the probes, go on.
// Words must be distinct (a WordSet's words are): the n-th point is the filter of the first n.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "experiment.h"
#include "filter.h"

namespace bloomlab {

// Above this many bits the first-set times (4 bytes a bit) would take more than 64 MiB: the
// checkpoint way is used instead.
inline constexpr uint64_t kGrowthTimeBits = uint64_t{1} << 24;

struct GrowthPoint {
  uint64_t n = 0;                // words inserted (the first n of the list)
  uint64_t bits_set = 0;         // positions non-zero after them
  uint64_t false_positives = 0;  // probes answered "maybe" that are not among the first n
  uint64_t probes = 0;           // probes queried (members of the first n skipped)
  double measured = 0;           // false_positives / probes
  double theory = 0;             // theoretical_fp_rate(params, n)
  double fill = 0;               // bits_set / m
  double expected_fill = 0;      // 1 - e^(-kn/m)
};

struct GrowthOptions {
  uint32_t points = 41;  // checkpoints n_i = round(i * words / (points - 1)), i = 0 .. points-1
  uint64_t probes = kDefaultProbes;
  bool by_first_set_time = true;  // false: the checkpoint way even where the other applies
};

// The checkpoints for a list of `words` words: 0, ..., words (points of them, distinct).
std::vector<uint64_t> growth_checkpoints(uint64_t words, uint32_t points);

// The n for which m and k are the best k: k = (m/n) ln 2, so n = m ln 2 / k. NaN for a variant
// that sizes itself (scalable, cuckoo): m and k are not what it was designed from.
double design_n(const FilterParams& p);

// The computation in pieces, as SweepRun (experiment.h): advance() does about `work` steps
// (a word inserted or a probe queried, k positions each) and says whether more remains. `words`
// must be the same vector, unchanged, at every call.
class GrowthRun {
 public:
  GrowthRun() = default;
  GrowthRun(const FilterParams& p, const GrowthOptions& o);
  bool advance(const std::vector<std::string>& words, uint64_t work);
  bool done() const { return phase_ == Phase::done; }
  double progress() const;
  const FilterParams& params() const { return params_; }
  // The checkpoints' points, once done.
  const std::vector<GrowthPoint>& points() const { return points_; }
  // Any prefix n (0 .. words), once done, when the first-set way was used (exact() true);
  // otherwise the nearest checkpoint's point at or below n.
  GrowthPoint at(uint64_t n) const;
  bool exact() const { return by_time_; }

 private:
  // allocate: the one-pass way's arrays, zeroed 4 MB a call (a million words and m = 10^7:
  // 72 MB, 40-130 ms in the page when it was one step).
  enum class Phase { start, allocate, words, probes, finish, cp_members, cp_insert, cp_query, done };
  GrowthPoint point(uint64_t n, uint64_t bits_set, uint64_t fp, uint64_t queried) const;
  FilterParams params_;
  GrowthOptions options_;
  Phase phase_ = Phase::start;
  bool by_time_ = true;
  uint64_t words_ = 0, i_ = 0;
  std::vector<uint64_t> checkpoints_;
  size_t next_checkpoint_ = 0;
  // First-set way: t per bit (0: never set); per prefix n the bits first set by word n, and
  // difference arrays of the probes' false positives and of the members skipped.
  std::vector<uint32_t> first_set_;
  std::vector<uint64_t> set_by_, fp_delta_, skipped_by_;
  std::vector<int64_t> fp_diff_;
  // Probes that are words of the list: probe i -> 1 + the word's index (0: not a word). Empty
  // while no word is a probe string; a vector by probe number rather than a hash map of strings,
  // for the download's size (no map or sort instantiated) and an O(1) look-up.
  std::vector<uint32_t> probe_member_;
  void note_probe_word(const std::string& w, uint64_t index);
  std::string probe_ = "probe-0";  // the probe string being queried
  // Checkpoint way.
  std::optional<Filter> filter_;
  uint64_t cp_fp_ = 0, cp_queried_ = 0;
  std::vector<GrowthPoint> points_;
  double work_done_ = 0, work_total_ = 1;
};

// All at once.
std::vector<GrowthPoint> growth(const FilterParams& p, const std::vector<std::string>& words,
                                const GrowthOptions& o = {});

}  // namespace bloomlab
