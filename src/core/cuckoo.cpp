#include "cuckoo.h"

#include <algorithm>
#include <cmath>

#include "hashing.h"
#include "params.h"

namespace bloomlab {

std::optional<Error> check_cuckoo_params(const CuckooParams& p) {
  if (p.fingerprint_bits < kCuckooMinFingerprintBits || p.fingerprint_bits > kCuckooMaxFingerprintBits)
    return param_detail::refusal(kCuckooFingerprintRefusal, ErrorCode::cuckoo_fingerprint_range,
                                 std::to_string(p.fingerprint_bits));
  if (std::find(std::begin(kCuckooBucketSizes), std::end(kCuckooBucketSizes), p.bucket_size) ==
      std::end(kCuckooBucketSizes))
    return param_detail::refusal(kCuckooBucketSizeRefusal, ErrorCode::cuckoo_bucket_size,
                                 std::to_string(p.bucket_size));
  if (p.buckets < 1 || p.buckets > kCuckooMaxBuckets || (p.buckets & (p.buckets - 1)) != 0)
    return param_detail::refusal(kCuckooBucketsRefusal, ErrorCode::cuckoo_buckets_range,
                                 std::to_string(p.buckets));
  return std::nullopt;
}

uint32_t cuckoo_fingerprint(uint64_t h, unsigned f) {
  const uint64_t modulus = (uint64_t{1} << f) - 1;
  return uint32_t((h >> 32) % modulus + 1);
}

uint64_t cuckoo_alternate(uint64_t bucket, uint32_t fingerprint, uint64_t buckets) {
  const uint64_t mixed = (uint64_t(fingerprint) * 0x5bd1e995u) & 0xffffffffu;
  return (bucket ^ mixed) & (buckets - 1);
}

CuckooPlace cuckoo_place(const CuckooParams& p, std::string_view word) {
  return cuckoo_place(p, fnv1a64(word));
}

CuckooPlace cuckoo_place(const CuckooParams& p, uint64_t h) {
  CuckooPlace place;
  place.fingerprint = cuckoo_fingerprint(h, p.fingerprint_bits);
  place.bucket1 = (h & 0xffffffffu) & (p.buckets - 1);
  place.bucket2 = cuckoo_alternate(place.bucket1, place.fingerprint, p.buckets);
  return place;
}

CuckooFilter::CuckooFilter(const CuckooParams& p) : params_(p), slots_(size_t(p.slots()), 0) {}

void CuckooFilter::clear() {
  std::fill(slots_.begin(), slots_.end(), 0u);
  victim_ = {};
  count_ = 0;
  rng_ = 1;
}

uint64_t CuckooFilter::next_random() {  // xorshift64 (Marsaglia 2003), the triple 13, 7, 17
  rng_ ^= rng_ << 13;
  rng_ ^= rng_ >> 7;
  rng_ ^= rng_ << 17;
  return rng_;
}

bool CuckooFilter::put_in_empty(uint64_t bucket, uint32_t fp) {
  uint32_t* at = &slots_[size_t(bucket * params_.bucket_size)];
  for (unsigned i = 0; i < params_.bucket_size; ++i)
    if (at[i] == 0) {
      at[i] = fp;
      return true;
    }
  return false;
}

CuckooInsert CuckooFilter::insert(std::string_view word, std::vector<CuckooKick>* kicks) {
  return insert_hash(fnv1a64(word), kicks);
}

bool CuckooFilter::contains(std::string_view word) const { return contains_hash(fnv1a64(word)); }

CuckooRemove CuckooFilter::remove(std::string_view word) { return remove_hash(fnv1a64(word)); }

CuckooInsert CuckooFilter::insert_hash(uint64_t h, std::vector<CuckooKick>* kicks) {
  if (victim_.used) return CuckooInsert::refused_full;
  const CuckooPlace place = cuckoo_place(params_, h);
  ++count_;
  if (put_in_empty(place.bucket1, place.fingerprint) || put_in_empty(place.bucket2, place.fingerprint))
    return CuckooInsert::placed;
  uint32_t fp = place.fingerprint;
  uint64_t bucket = (next_random() & 1) ? place.bucket2 : place.bucket1;
  for (unsigned kick = 0; kick < kCuckooMaxKicks; ++kick) {
    const auto slot = unsigned(next_random() % params_.bucket_size);
    std::swap(fp, slots_[size_t(bucket * params_.bucket_size + slot)]);  // fp is now the victim
    const uint64_t to = cuckoo_alternate(bucket, fp, params_.buckets);
    if (kicks) kicks->push_back({fp, bucket, to, slot});
    bucket = to;
    if (put_in_empty(bucket, fp)) return CuckooInsert::placed;
  }
  victim_ = {true, fp, bucket};
  return CuckooInsert::placed_full;
}

bool CuckooFilter::contains_hash(uint64_t h) const {
  const CuckooPlace place = cuckoo_place(params_, h);
  for (uint64_t bucket : {place.bucket1, place.bucket2})
    for (unsigned i = 0; i < params_.bucket_size; ++i)
      if (slot(bucket, i) == place.fingerprint) return true;
  return victim_.used && victim_.fingerprint == place.fingerprint &&
         (victim_.bucket == place.bucket1 || victim_.bucket == place.bucket2);
}

CuckooRemove CuckooFilter::remove_hash(uint64_t h) {
  const CuckooPlace place = cuckoo_place(params_, h);
  for (uint64_t bucket : {place.bucket1, place.bucket2}) {
    uint32_t* at = &slots_[size_t(bucket * params_.bucket_size)];
    for (unsigned i = 0; i < params_.bucket_size; ++i)
      if (at[i] == place.fingerprint) {
        at[i] = 0;
        --count_;
        // A kept victim may have room now: its bucket or its alternate.
        if (victim_.used &&
            (put_in_empty(victim_.bucket, victim_.fingerprint) ||
             put_in_empty(cuckoo_alternate(victim_.bucket, victim_.fingerprint, params_.buckets),
                          victim_.fingerprint)))
          victim_ = {};
        return CuckooRemove::removed;
      }
  }
  if (victim_.used && victim_.fingerprint == place.fingerprint &&
      (victim_.bucket == place.bucket1 || victim_.bucket == place.bucket2)) {
    victim_ = {};
    --count_;
    return CuckooRemove::removed;
  }
  return CuckooRemove::absent;
}

double cuckoo_theory_fp(const CuckooParams& p, double n) {
  const double alpha = n / double(p.slots());
  const double per_slot = 1.0 / (std::ldexp(1.0, int(p.fingerprint_bits)) - 1.0);
  // 1 − (1 − q)^e, computed as −expm1(e · log1p(−q)) so that f = 32 keeps its digits.
  return -std::expm1(2.0 * double(p.bucket_size) * alpha * std::log1p(-per_slot));
}

}  // namespace bloomlab
