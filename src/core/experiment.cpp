#include "experiment.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_set>

#include "hash_detail.h"
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {

double theoretical_fp_rate(const FilterParams& p, double n) { return variant_ops(p.variant).theory_fp(p, n); }

double expected_fill_share(const FilterParams& p, double n) {
  const VariantOps& ops = variant_ops(p.variant);
  return ops.expected_fill ? ops.expected_fill(p, n) : theory::expected_fill(n, double(p.m), double(p.k));
}

double estimated_items(const FilterParams& p, double cells_used) {
  const VariantOps& ops = variant_ops(p.variant);
  return ops.estimate_n ? ops.estimate_n(p, cells_used)
                        : theory::estimate_cardinality(cells_used, double(p.m), double(p.k));
}

double bits_per_word(const Filter& f) {
  if (f.items_added() == 0) return 0;
  return double(f.ops().sizes_itself ? f.size_in_bits() : f.bit_count()) / double(f.items_added());
}

double fp_from_fill(const FilterParams& p, double cells_used) {
  const VariantOps& ops = variant_ops(p.variant);
  return ops.estimate_n ? ops.theory_fp(p, ops.estimate_n(p, cells_used))
                        : theory::fp_rate_from_fill(cells_used, double(p.m), double(p.k));
}

namespace {

Measurement start_measurement(const WordSet& set) {
  Measurement r;
  r.n = set.filter().items_added();
  r.m = set.filter().bit_count();  // m; a scalable filter: all its stages
  r.k = set.params().k;
  r.bits_set = set.filter().bits_set();
  r.theory_rate = theoretical_fp_rate(set.params(), static_cast<double>(r.n));
  if (set.filter().ops().has_exact_theory) {
    r.exact_rate = theory::exact_fp_rate(r.n, r.m, r.k);
    r.has_exact = true;
  }
  return r;
}

// A probe that really is a member is skipped: only non-members can be false positives.
// A probe the filter answers "definitely not" for is no member (a filter has no false
// negatives), so only the "possibly" ones are looked up among the words: with a million words
// that lookup, a cache miss each, was most of measure()'s time.
void count_probe(const WordSet& set, std::string_view probe, bool maybe, Measurement& r) {
  if (!maybe) {
    ++r.probes;
    return;
  }
  if (set.contains_word(probe)) {
    ++r.skipped;
    return;
  }
  ++r.probes;
  ++r.false_positives;
}

void finish(Measurement& r) {
  r.measured_rate = r.probes ? static_cast<double>(r.false_positives) / static_cast<double>(r.probes) : 0;
}

// Writes i in decimal at `at` (room for 20 digits), as std::to_string(i); returns the digits' count.
size_t write_decimal(char* at, uint64_t i) {
  char digits[20];
  size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + i % 10);
    i /= 10;
  } while (i > 0);
  for (size_t j = 0; j < count; ++j) at[j] = digits[count - 1 - j];
  return count;
}

// Appends the decimal digits of i to the FNV state h, as if hashing std::to_string(i).
uint64_t fnv_append_decimal(uint64_t h, uint64_t i) {
  char digits[20];
  const size_t count = write_decimal(digits, i);
  for (size_t j = 0; j < count; ++j) {
    h ^= static_cast<unsigned char>(digits[j]);
    h *= detail::kFnvPrime;
  }
  return h;
}

constexpr uint8_t kNeverSet = 255;

// The filter is asked kBatch probes at a time (Filter::contains_many: their memory reads
// overlap), then each answer is counted.
template <typename ProbeAt>
Measurement measure_probes(const WordSet& set, uint64_t probes, ProbeAt&& probe_at) {
  Measurement r = start_measurement(set);
  std::string_view batch[kBatch];
  uint8_t maybe[kBatch];
  for (uint64_t at = 0; at < probes; at += kBatch) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kBatch, probes - at));
    for (size_t q = 0; q < n; ++q) batch[q] = probe_at(at + q, q);
    set.filter().contains_many(batch, n, maybe);
    for (size_t q = 0; q < n; ++q) count_probe(set, batch[q], maybe[q] != 0, r);
  }
  finish(r);
  return r;
}

// "probe-<i>" written into `at` (kProbeChars), no std::string made: a measure makes 100,000 of
// them for every change (a million words at 10 bits each: 4.75 -> 4.55 ms natively).
constexpr size_t kProbeChars = 6 + 20;
std::string_view write_probe(char* at, uint64_t i) {
  std::memcpy(at, "probe-", 6);
  return {at, 6 + write_decimal(at + 6, i)};
}
}  // namespace

std::string probe_string(uint64_t i) {
  char at[kProbeChars];
  return std::string(write_probe(at, i));
}

Measurement measure(const WordSet& set, uint64_t probes) {
  char names[kBatch][kProbeChars];
  return measure_probes(set, probes, [&](uint64_t i, size_t q) { return write_probe(names[q], i); });
}

Measurement measure(const WordSet& set, const std::vector<std::string>& probe_list) {
  return measure_probes(set, probe_list.size(), [&](uint64_t i, size_t) -> std::string_view {
    return probe_list[static_cast<size_t>(i)];
  });
}

std::vector<Measurement> sweep(const std::vector<std::string>& words, const SweepGrid& grid) {
  // Duplicates count once: the run below takes distinct words, in any order (a bit's first k is
  // a minimum over the words, whatever their order).
  std::unordered_set<std::string_view> members(words.begin(), words.end());
  std::vector<std::string> distinct;
  distinct.reserve(members.size());
  for (std::string_view w : members) distinct.emplace_back(w);
  SweepRun run(grid);
  const SweepRun::IsMember is_member = [&](std::string_view p) { return members.count(p) != 0; };
  while (run.advance(distinct, is_member, UINT64_MAX)) {
  }
  return run.rows();
}

// Each word and probe is hashed once. For one m, the filter for k is the filter for k - 1 plus
// position k - 1 of every word, so bit b is set in filter k exactly when
//   first_k[b] = 1 + min{ j : pos_j(w) = b for some word w } <= k.
// A probe is a false positive at k exactly when max_{j<k} first_k[pos_j(probe)] <= k, so one
// walk along a probe's positions with a running maximum answers every k at once; it stops at
// the first bit that no k in the grid sets. Cost per m: n*K writes + (probes * a few) reads.
// The phases: hash the words, hash the probes (skipping members), then for each size: clear the
// table, write the words' first k, count the table, walk the probes. Each loop resumes at i_.
bool SweepRun::advance(const std::vector<std::string>& words, const IsMember& is_member, uint64_t work) {
  uint64_t budget = work;
  // Spends `cost` of the budget; false when the budget is gone (the loop stops after this item).
  auto spend = [&](uint64_t cost) { return spend_work(budget, work_done_, cost); };
  // How many of `remaining` items of `cost` each the budget allows (at least one, to progress).
  auto take = [&](uint64_t remaining, uint64_t cost) {
    return std::min(remaining, std::max<uint64_t>(1, budget / std::max<uint64_t>(cost, 1)));
  };
  while (phase_ != Phase::done) {
    switch (phase_) {
      case Phase::start: {
        n_ = words.size();
        const SweepGrid& g = grid_;
        if (n_ == 0 || g.k_min < 1 || g.k_min > g.k_max || g.bits_per_item_min < 1 ||
            g.bits_per_item_min > g.bits_per_item_max) {
          phase_ = Phase::done;
          return false;
        }
        k_limit_ = std::min<uint32_t>(g.k_max, kMaxHashes);
        fp_.assign(k_limit_ + 2, 0);
        first_k_count_.assign(k_limit_ + 2, 0);
        word_hashes_.reserve(static_cast<size_t>(n_));
        probe_hashes_.reserve(static_cast<size_t>(g.probes));
        // The work, for progress(): what the loops below spend.
        work_total_ = double(n_) + double(g.probes);
        uint64_t largest_one_k = 0, largest_table = 0;
        for (uint64_t b = g.bits_per_item_min; b <= g.bits_per_item_max; ++b) {
          const uint64_t m = b * n_;
          if (m > kMaxBits || m > SIZE_MAX / 2) break;
          const uint32_t k =
              g.best_k_only ? std::min(theory::optimal_k(double(m), double(n_)), kMaxHashes) : k_limit_;
          const bool one_k = (g.best_k_only ? k : g.k_min) == k;  // a bit array, see size_start
          work_total_ += double((one_k ? m / 256 + 2 : m / 64 + m / 16) + n_ * k + g.probes * 2);
          (one_k ? largest_one_k : largest_table) = m;
        }
        // The tables at their largest at once: growing them size after size reallocated them
        // each time, and in wasm each growth of the heap can copy all of it (~0.2 s in a frame
        // with a million words).
        bits_.reserve(static_cast<size_t>((largest_one_k + 63) / 64));
        first_k_.reserve(static_cast<size_t>(largest_table));
        i_ = 0;
        phase_ = Phase::hash_words;
        break;
      }
      case Phase::hash_words:
        while (i_ < n_) {
          word_hashes_.push_back(fnv1a64(words[static_cast<size_t>(i_++)]));
          if (!spend(1) && i_ < n_) return true;
        }
        i_ = 0;
        phase_ = Phase::probes;
        break;
      case Phase::probes: {
        const uint64_t prefix = fnv1a64("probe-");
        char name[kProbeChars];
        while (i_ < grid_.probes) {
          const uint64_t i = i_++;
          if (is_member(write_probe(name, i))) {
            ++skipped_;
          } else {
            probe_hashes_.push_back(fnv_append_decimal(prefix, i));
          }
          if (!spend(1) && i_ < grid_.probes) return true;
        }
        b_ = grid_.bits_per_item_min;
        phase_ = Phase::size_start;
        break;
      }
      case Phase::size_start: {
        if (b_ > grid_.bits_per_item_max) {
          phase_ = Phase::done;
          break;
        }
        if (budget == 0) return true;
        m_ = b_ * n_;
        if (m_ > kMaxBits || m_ > SIZE_MAX / 2) {  // one byte per bit below: keep it addressable
          phase_ = Phase::done;
          break;
        }
        const uint32_t best =
            std::min(theory::optimal_k(static_cast<double>(m_), static_cast<double>(n_)), kMaxHashes);
        k_hi_ = grid_.best_k_only ? best : k_limit_;
        k_lo_ = grid_.best_k_only ? best : grid_.k_min;
        single_ = k_lo_ == k_hi_;
        if (single_) {
          // Zeroed 64 KiB at a time (Phase::clear): 4 MB at once (m = 32 bits per word, a
          // million words) was 10 ms of page faults in one piece.
          bits_.clear();
          std::fill(first_k_count_.begin(), first_k_count_.end(), 0);
          std::fill(fp_.begin(), fp_.end(), 0);
          spend(1);
          phase_ = Phase::clear;
          break;
        }
        first_k_.resize(static_cast<size_t>(m_));
        i_ = 0;
        phase_ = Phase::clear;
        break;
      }
      case Phase::clear:  // the table (or the bit array) cleared 64 KiB at a time
        if (single_) {
          const size_t words_needed = static_cast<size_t>((m_ + 63) / 64);
          while (bits_.size() < words_needed) {
            const size_t grow = std::min<size_t>(words_needed - bits_.size(), 8192);
            bits_.resize(bits_.size() + grow, 0);  // within the capacity reserved at the start
            if (!spend(grow / 8 + 1) && bits_.size() < words_needed) return true;
          }
          i_ = 0;
          phase_ = Phase::words;
          break;
        }
        while (i_ < m_) {
          const uint64_t end = std::min<uint64_t>(m_, i_ + 65536);
          std::fill(first_k_.begin() + static_cast<ptrdiff_t>(i_),
                    first_k_.begin() + static_cast<ptrdiff_t>(end), kNeverSet);
          const uint64_t cost = (end - i_) / 64 + 1;
          i_ = end;
          if (!spend(cost) && i_ < m_) return true;
        }
        std::fill(first_k_count_.begin(), first_k_count_.end(), 0);
        std::fill(fp_.begin(), fp_.end(), 0);
        i_ = 0;
        phase_ = Phase::words;
        break;
      case Phase::words: {
        if (single_) {
          uint64_t* bits = bits_.data();
          const uint64_t m = m_;
          const uint32_t k_hi = k_hi_;
          const uint64_t* hashes = word_hashes_.data();
          const uint64_t begin = i_, end = begin + take(n_ - begin, k_hi);
          for (uint64_t i = begin; i < end; ++i) {
            const uint64_t h = hashes[i];
            auto [pos, step] = detail::double_hash_start(h, m);
            for (uint32_t j = 1; j <= k_hi; ++j) {
              bits[pos >> 6] |= uint64_t{1} << (pos & 63);
              pos += step;
              if (pos >= m) pos -= m;
            }
          }
          i_ = end;
          spend((end - begin) * k_hi);
          if (i_ < n_) return true;
          first_k_count_[k_hi] =
              detail::count_ones(bits_.data(), bits_.size());  // finish_size() sums these up to k_hi
          spend(m_ / 512 + 1);
          i_ = 0;
          phase_ = Phase::walk;
          break;
        }
        uint8_t* fk = first_k_.data();
        const uint64_t m = m_;
        const uint32_t k_hi = k_hi_;
        const uint64_t* hashes = word_hashes_.data();
        const uint64_t begin = i_, end = begin + take(n_ - begin, k_hi);
        for (uint64_t i = begin; i < end; ++i) {
          const uint64_t h = hashes[i];
          auto [pos, step] = detail::double_hash_start(h, m);
          for (uint32_t j = 1; j <= k_hi; ++j) {
            if (fk[pos] > j) fk[pos] = static_cast<uint8_t>(j);
            pos += step;
            if (pos >= m) pos -= m;
          }
        }
        i_ = end;
        spend((end - begin) * k_hi);
        if (i_ < n_) return true;
        i_ = 0;
        phase_ = Phase::count;
        break;
      }
      case Phase::count: {
        const uint8_t* fk = first_k_.data();
        while (i_ < m_) {
          const uint64_t end = std::min<uint64_t>(m_, i_ + 65536);
          for (uint64_t i = i_; i < end; ++i) {
            if (fk[i] != kNeverSet) ++first_k_count_[fk[i]];
          }
          const uint64_t cost = (end - i_) / 16 + 1;
          i_ = end;
          if (!spend(cost) && i_ < m_) return true;
        }
        i_ = 0;
        phase_ = Phase::walk;
        break;
      }
      case Phase::walk: {
        if (single_) {
          const uint64_t* bits = bits_.data();
          const uint64_t m = m_, queried = probe_hashes_.size();
          const uint32_t k_hi = k_hi_;
          const uint64_t* hashes = probe_hashes_.data();
          uint64_t fp = 0;
          const uint64_t begin = i_, end = begin + take(queried - begin, 2);
          for (uint64_t i = begin; i < end; ++i) {
            const uint64_t h = hashes[i];
            auto [pos, step] = detail::double_hash_start(h, m);
            uint32_t j = 0;
            while (j < k_hi && (bits[pos >> 6] >> (pos & 63) & 1u)) {
              ++j;
              pos += step;
              if (pos >= m) pos -= m;
            }
            fp += j == k_hi;
          }
          fp_[k_hi] += fp;
          i_ = end;
          spend((end - begin) * 2);
          if (i_ < queried) return true;
          finish_size();
          ++b_;
          phase_ = Phase::size_start;
          if (budget == 0) return true;
          break;
        }
        const uint8_t* fk = first_k_.data();
        const uint64_t m = m_, queried = probe_hashes_.size();
        const uint32_t k_hi = k_hi_;
        const uint64_t* hashes = probe_hashes_.data();
        uint64_t* fp = fp_.data();
        const uint64_t begin = i_, end = begin + take(queried - begin, 2);
        for (uint64_t i = begin; i < end; ++i) {
          const uint64_t h = hashes[i];
          auto [pos, step] = detail::double_hash_start(h, m);
          uint32_t running_max = 0;
          for (uint32_t k = 1; k <= k_hi; ++k) {
            const uint32_t v = fk[pos];
            if (v == kNeverSet) break;  // this bit stays 0 for every k in the grid
            running_max = std::max(running_max, v);
            fp[k] += running_max <= k;
            pos += step;
            if (pos >= m) pos -= m;
          }
        }
        i_ = end;
        spend((end - begin) * 2);
        if (i_ < queried) return true;
        finish_size();
        ++b_;
        phase_ = Phase::size_start;
        if (budget == 0) return true;  // the next size in the next piece
        break;
      }
      case Phase::done: break;
    }
  }
  first_k_ = std::vector<uint8_t>();  // done: give the tables back
  bits_ = std::vector<uint64_t>();
  word_hashes_ = std::vector<uint64_t>();
  probe_hashes_ = std::vector<uint64_t>();
  return false;
}

void SweepRun::finish_size() {
  const uint64_t queried = probe_hashes_.size();
  uint64_t bits_set = 0;
  for (uint32_t k = 1; k <= k_hi_; ++k) {
    bits_set += first_k_count_[k];
    if (k < k_lo_) continue;
    Measurement r;
    r.n = n_;
    r.m = m_;
    r.k = k;
    r.bits_set = bits_set;
    r.false_positives = fp_[k];
    r.probes = queried;
    r.skipped = skipped_;
    r.theory_rate = theory::standard_fp_rate(static_cast<double>(n_), static_cast<double>(m_), k);
    finish(r);
    rows_.push_back(r);
  }
}

double SweepRun::progress() const {
  if (phase_ == Phase::done) return 1;
  return std::min(0.99, work_done_ / work_total_);  // the total is an estimate
}

}  // namespace bloomlab
