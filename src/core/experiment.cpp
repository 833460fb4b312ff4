#include "experiment.h"

#include <algorithm>
#include <cstdint>
#include <unordered_set>

#include "hash_detail.h"
#include "theory.h"

namespace bloomlab {

double theoretical_fp_rate(const FilterParams& p, double n) {
  if (p.variant == Variant::blocked) return theory::blocked_filter_fp_rate(n, p.m, p.k);
  return theory::standard_fp_rate(n, static_cast<double>(p.m), p.k);
}

namespace {

Measurement start_measurement(const WordSet& set) {
  Measurement r;
  r.n = set.filter().items_added();
  r.m = set.params().m;
  r.k = set.params().k;
  r.bits_set = set.filter().bits_set();
  r.theory_rate = theoretical_fp_rate(set.params(), static_cast<double>(r.n));
  if (set.params().variant != Variant::blocked) {
    r.exact_rate = theory::exact_fp_rate(r.n, r.m, r.k);
    r.has_exact = true;
  }
  return r;
}

// A probe that really is a member is skipped: only non-members can be false positives.
void count_probe(const WordSet& set, const std::string& probe, Measurement& r) {
  if (set.contains_word(probe)) {
    ++r.skipped;
    return;
  }
  ++r.probes;
  r.false_positives += set.filter().contains(probe);
}

void finish(Measurement& r) {
  r.measured_rate =
      r.probes ? static_cast<double>(r.false_positives) / static_cast<double>(r.probes) : 0;
}

// Appends the decimal digits of i to the FNV state h, as if hashing std::to_string(i).
uint64_t fnv_append_decimal(uint64_t h, uint64_t i) {
  char digits[20];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + i % 10);
    i /= 10;
  } while (i > 0);
  while (count > 0) {
    h ^= static_cast<unsigned char>(digits[--count]);
    h *= detail::kFnvPrime;
  }
  return h;
}

constexpr uint8_t kNeverSet = 255;

}  // namespace

std::string probe_string(uint64_t i) {
  return "probe-" + std::to_string(i);
}

Measurement measure(const WordSet& set, uint64_t probes) {
  Measurement r = start_measurement(set);
  std::string probe = "probe-";
  for (uint64_t i = 0; i < probes; ++i) {
    probe.resize(6);
    probe += std::to_string(i);
    count_probe(set, probe, r);
  }
  finish(r);
  return r;
}

Measurement measure(const WordSet& set, const std::vector<std::string>& probe_list) {
  Measurement r = start_measurement(set);
  for (const std::string& probe : probe_list) count_probe(set, probe, r);
  finish(r);
  return r;
}

std::vector<Measurement> sweep(const std::vector<std::string>& words, const SweepGrid& grid) {
  // Each word and probe is hashed once. For one m, the filter for k is the filter for k - 1 plus
  // position k - 1 of every word, so bit b is set in filter k exactly when
  //   first_k[b] = 1 + min{ j : pos_j(w) = b for some word w } <= k.
  // A probe is a false positive at k exactly when max_{j<k} first_k[pos_j(probe)] <= k, so one
  // walk along a probe's positions with a running maximum answers every k at once; it stops at
  // the first bit that no k in the grid sets. Cost per m: n*K writes + (probes * a few) reads.
  std::vector<Measurement> rows;
  std::unordered_set<std::string_view> members(words.begin(), words.end());
  const uint64_t n = members.size();
  if (n == 0 || grid.k_min < 1 || grid.k_min > grid.k_max || grid.bits_per_item_min < 1 ||
      grid.bits_per_item_min > grid.bits_per_item_max) {
    return rows;
  }
  std::vector<uint64_t> word_hashes;
  word_hashes.reserve(static_cast<size_t>(n));
  for (std::string_view w : members) word_hashes.push_back(fnv1a64(w));

  std::vector<uint64_t> probe_hashes;
  probe_hashes.reserve(static_cast<size_t>(grid.probes));
  const uint64_t prefix = fnv1a64("probe-");
  std::string probe = "probe-";
  uint64_t skipped = 0;
  for (uint64_t i = 0; i < grid.probes; ++i) {
    const uint64_t h = fnv_append_decimal(prefix, i);
    probe.resize(6);
    probe += std::to_string(i);
    if (members.count(probe)) {
      ++skipped;
      continue;
    }
    probe_hashes.push_back(h);
  }
  const uint64_t queried = probe_hashes.size();

  const uint32_t k_limit = std::min<uint32_t>(grid.k_max, kMaxHashes);
  std::vector<uint8_t> first_k;
  std::vector<uint64_t> fp(k_limit + 2), first_k_count(k_limit + 2);
  for (uint64_t b = grid.bits_per_item_min; b <= grid.bits_per_item_max; ++b) {
    const uint64_t m = b * n;
    if (m > kMaxBits || m > SIZE_MAX / 2) break;  // one byte per bit below: keep it addressable
    const uint32_t best =
        std::min(theory::optimal_k(static_cast<double>(m), static_cast<double>(n)), kMaxHashes);
    const uint32_t k_hi = grid.best_k_only ? best : k_limit;
    const uint32_t k_lo = grid.best_k_only ? best : grid.k_min;

    first_k.assign(static_cast<size_t>(m), kNeverSet);
    uint8_t* fk = first_k.data();
    for (uint64_t h : word_hashes) {
      uint64_t pos = (h & 0xffffffffu) % m;
      const uint64_t step = ((h >> 32) | 1u) % m;
      for (uint32_t j = 1; j <= k_hi; ++j) {
        if (fk[pos] > j) fk[pos] = static_cast<uint8_t>(j);
        pos += step;
        if (pos >= m) pos -= m;
      }
    }
    std::fill(first_k_count.begin(), first_k_count.end(), 0);
    for (uint64_t i = 0; i < m; ++i) {
      if (fk[i] != kNeverSet) ++first_k_count[fk[i]];
    }
    std::fill(fp.begin(), fp.end(), 0);
    for (uint64_t h : probe_hashes) {
      uint64_t pos = (h & 0xffffffffu) % m;
      const uint64_t step = ((h >> 32) | 1u) % m;
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
    uint64_t bits_set = 0;
    for (uint32_t k = 1; k <= k_hi; ++k) {
      bits_set += first_k_count[k];
      if (k < k_lo) continue;
      Measurement r;
      r.n = n;
      r.m = m;
      r.k = k;
      r.bits_set = bits_set;
      r.false_positives = fp[k];
      r.probes = queried;
      r.skipped = skipped;
      r.theory_rate = theory::standard_fp_rate(static_cast<double>(n), static_cast<double>(m), k);
      finish(r);
      rows.push_back(r);
    }
  }
  return rows;
}

}  // namespace bloomlab
