#include "family.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "cuckoo.h"
#include "design.h"
#include "experiment.h"
#include "hashing.h"
#include "theory.h"

namespace bloomlab {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint64_t kPiece = 4096;  // words added or probes asked per step
constexpr double kFuseWorkPerWord = 4;

const FamilyTraits kTraits[kFamilyKinds] = {
    {true, false, 0, 0},                 // standard: any n, up to k lines
    {true, false, 0, 1},                 // blocked: one line
    {true, true, kFamilyCuckooLoad, 2},  // cuckoo: two buckets
    {false, false, 1, 3},                // binary fuse: exactly its words, three slots
};

// "probe-<i>" (experiment.h's probe_string) into buf, without allocating; returns its length.
size_t write_probe(char (&buf)[32], uint64_t i) {
  static const char kPrefix[] = "probe-";
  size_t n = sizeof kPrefix - 1;
  std::copy(kPrefix, kPrefix + n, buf);
  char digits[20];
  size_t d = 0;
  do digits[d++] = char('0' + i % 10);
  while ((i /= 10) != 0);
  while (d > 0) buf[n++] = digits[--d];
  return n;
}

double log2_of_inverse(double p) { return p > 0 ? -std::log2(p) : 0; }

}  // namespace

uint64_t cuckoo_buckets_for(uint64_t n) {
  const auto wanted = uint64_t(std::ceil(double(n) / (kFamilyCuckooBucket * kFamilyCuckooSizingLoad)));
  uint64_t b = 1;
  while (b < wanted && b < kCuckooMaxBuckets) b <<= 1;
  return b;
}

const char* family_kind_name(FamilyKind kind) {
  static const char* const kNames[kFamilyKinds] = {"standard", "blocked", "cuckoo", "binaryFuse"};
  return kNames[size_t(kind)];
}

const FamilyTraits& family_traits(FamilyKind kind) { return kTraits[size_t(kind)]; }

double family_bound_fp(double bits_per_item) { return std::exp2(-bits_per_item); }

double family_curve_fp(FamilyKind kind, double c, const FamilyCurves& f) {
  switch (kind) {
    case FamilyKind::standard: return std::exp2(-c * std::log(2.0));
    case FamilyKind::blocked: {
      const double m = std::max(1.0, std::round(c * f.n));
      return theory::blocked_filter_fp_rate(f.n, uint64_t(m), theory::optimal_k(m, f.n));
    }
    case FamilyKind::cuckoo: {
      // f = c·α bits per fingerprint; cuckoo_theory_fp's formula with a real f.
      const double bits = c * f.cuckoo_load, slots = 2.0 * f.cuckoo_bucket * f.cuckoo_load;
      if (bits <= 1) return 1;
      return -std::expm1(slots * std::log1p(-1 / (std::exp2(bits) - 1)));
    }
    case FamilyKind::binary_fuse:
      return f.fuse_slots_per_item > 0 ? std::exp2(-c / f.fuse_slots_per_item) : 1;
  }
  return 1;
}

FamilyRun::FamilyRun(const std::vector<std::string>* words, uint64_t probes)
    : words_(words), probes_(probes) {
  const uint64_t n = words_->size();
  if (n == 0) {
    phase_ = Phase::done;
    return;
  }
  const double nd = double(n);
  for (FamilyKind kind : {FamilyKind::standard, FamilyKind::blocked})
    for (unsigned level : kFamilyLevels) {
      const Design d = design_for_rate(nd, std::exp2(-double(level)));
      if (!d.buildable) continue;
      FamilyRow r;
      r.kind = kind;
      r.m = d.m;
      r.k = d.k;
      planned_.push_back(r);
    }
  for (unsigned f : kFamilyCuckooBits) {
    FamilyRow r;
    r.kind = FamilyKind::cuckoo;
    r.fingerprint_bits = f;
    r.bucket_size = kFamilyCuckooBucket;
    r.buckets = cuckoo_buckets_for(n);
    planned_.push_back(r);
  }
  for (unsigned f : kFamilyFuseBits) {
    FamilyRow r;
    r.kind = FamilyKind::binary_fuse;
    r.fingerprint_bits = f;
    planned_.push_back(r);
  }
  work_total_ += nd;  // the words' hashes, sorted
  for (const FamilyRow& r : planned_)
    work_total_ += double(probes_) + (r.kind == FamilyKind::binary_fuse ? kFuseWorkPerWord : 1) * nd;
}

double FamilyRun::progress() const { return done() ? 1 : std::min(1.0, work_done_ / work_total_); }

FamilyCurves FamilyRun::curves() const {
  FamilyCurves c;
  c.n = words_ ? double(words_->size()) : 0;
  for (const FamilyRow& r : rows_) {
    if (r.kind == FamilyKind::cuckoo && c.cuckoo_load == 0) {
      c.cuckoo_load = r.load;
      c.cuckoo_bucket = r.bucket_size;
    }
    if (r.kind == FamilyKind::binary_fuse && c.fuse_slots_per_item == 0)
      c.fuse_slots_per_item = double(r.slots) / double(std::max<uint64_t>(1, r.items));
  }
  return c;
}

void FamilyRun::start_member() {
  FamilyRow& r = planned_[member_];
  at_ = 0;
  query_ns_ = 0;
  filter_.reset();
  fuse_.reset();
  if (r.kind == FamilyKind::binary_fuse) return;  // built in one step
  FilterParams p;
  p.m = std::max<uint64_t>(1, r.m);
  p.k = std::max<uint32_t>(1, r.k);  // the cuckoo filter has no k: it is not read
  p.variant = r.kind == FamilyKind::standard  ? Variant::standard
              : r.kind == FamilyKind::blocked ? Variant::blocked
                                              : Variant::cuckoo;
  if (r.kind == FamilyKind::cuckoo) {
    p.cuckoo = CuckooParams{r.fingerprint_bits, r.bucket_size, r.buckets};
    p.m = p.cuckoo.bits();
  }
  Result<Filter> made = Filter::create(p);
  if (!made.ok()) throw std::logic_error("family: " + made.failure().message);
  filter_.emplace(std::move(*made));
}

bool FamilyRun::step() {
  if (phase_ == Phase::done) return false;
  if (phase_ == Phase::start) {
    members_.reserve(words_->size());
    for (size_t i = 0; i < words_->size(); ++i) members_.emplace_back(fnv1a64((*words_)[i]), uint32_t(i));
    std::sort(members_.begin(), members_.end());
    work_done_ += double(words_->size());
    member_ = 0;
    start_member();
    phase_ = Phase::build;
    return true;
  }
  FamilyRow& r = planned_[member_];
  const std::vector<std::string>& words = *words_;
  const uint64_t n = words.size();
  if (phase_ == Phase::build) {
    if (r.kind == FamilyKind::binary_fuse) {
      fuse_ = std::make_unique<BinaryFuseFilter>(words, r.fingerprint_bits);
      work_done_ += kFuseWorkPerWord * double(n);
      r.slots = fuse_->slots();
      r.m = fuse_->size_in_bits();
      r.items = fuse_->keys();
    } else {
      const uint64_t from = at_, end = std::min(n, at_ + kPiece);
      for (; at_ < end; ++at_) {
        if (filter_->add(words[size_t(at_)]) == InsertOutcome::refused_full &&
            r.buckets < kCuckooMaxBuckets) {
          // A cuckoo filter that cannot hold the words: twice the buckets, from the start (at
          // the largest B, it holds what it can).
          work_done_ -= double(from);
          r.buckets = std::min(kCuckooMaxBuckets, r.buckets * 2);
          start_member();
          return true;
        }
      }
      work_done_ += double(end - from);
      if (at_ < n) return true;
      r.items = filter_->items_added();
      if (r.kind == FamilyKind::cuckoo) {
        r.slots = r.buckets * r.bucket_size;
        r.m = filter_->size_in_bits();
      }
    }
    r.bits_per_item = double(r.m) / double(std::max<uint64_t>(1, r.items));
    r.load = r.slots ? double(r.items) / double(r.slots) : 0;
    at_ = 0;
    phase_ = Phase::query;
    return true;
  }
  // Phase::query: the next piece of probes, timed.
  const uint64_t end = std::min(probes_, at_ + kPiece);
  char buf[32];
  uint64_t maybes_at[kPiece];
  size_t maybes = 0;
  const auto t0 = Clock::now();
  if (fuse_) {
    for (uint64_t i = at_; i < end; ++i)
      if (fuse_->contains(std::string_view(buf, write_probe(buf, i)))) maybes_at[maybes++] = i;
  } else {
    for (uint64_t i = at_; i < end; ++i)
      if (filter_->contains(std::string_view(buf, write_probe(buf, i)))) maybes_at[maybes++] = i;
  }
  query_ns_ += std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
  // Only a "possibly" can be a member (no false negatives): those are looked up.
  uint64_t skipped = 0;
  for (size_t q = 0; q < maybes; ++q) {
    if (is_member(std::string_view(buf, write_probe(buf, maybes_at[q]))))
      ++skipped;
    else
      ++r.false_positives;
  }
  r.probes += (end - at_) - skipped;
  work_done_ += double(end - at_);
  at_ = end;
  if (at_ < probes_) return true;
  // This member is measured.
  r.measured = r.probes ? double(r.false_positives) / double(r.probes) : 0;
  r.ns_per_query = probes_ ? query_ns_ / double(probes_) : 0;
  // A Filter's theory is its variant's (the cuckoo filter's counts its fingerprints, the words
  // that fit); the binary fuse filter, no variant, errs with 2^-f.
  r.theory = r.kind == FamilyKind::binary_fuse ? std::exp2(-double(r.fingerprint_bits))
                                               : theoretical_fp_rate(filter_->params(), double(r.items));
  r.bound_bits = log2_of_inverse(r.theory);
  r.over_bound = r.bound_bits > 0 ? r.bits_per_item / r.bound_bits - 1 : 0;
  rows_.push_back(r);
  filter_.reset();
  if (fuse_ && !kept_fuse_) kept_fuse_ = std::move(fuse_);  // the first, f = 8: for the view
  fuse_.reset();
  if (++member_ == planned_.size()) {
    phase_ = Phase::done;
    return false;
  }
  start_member();
  phase_ = Phase::build;
  return true;
}

bool FamilyRun::is_member(std::string_view probe) const {
  const uint64_t h = fnv1a64(probe);
  auto it = std::lower_bound(members_.begin(), members_.end(), std::make_pair(h, uint32_t(0)));
  for (; it != members_.end() && it->first == h; ++it)
    if ((*words_)[it->second] == probe) return true;
  return false;
}

bool FamilyRun::advance(double budget_ms) {
  const auto start = Clock::now();
  while (step()) {
    if (budget_ms >= 0 &&
        std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budget_ms)
      return true;
  }
  return false;
}

FamilyRun measure_family(const std::vector<std::string>& words, uint64_t probes) {
  FamilyRun run(&words, probes);
  run.advance(-1);
  return run;
}

}  // namespace bloomlab
