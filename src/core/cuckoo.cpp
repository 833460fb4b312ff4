#include "cuckoo.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "hashing.h"
#include "params.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t xorshift64(uint64_t& state) {  // Marsaglia 2003, the triple 13, 7, 17
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

// slots(bucket, i) is a slot of a table: the filter's own, or a plan's copy of the buckets it
// touches. The first empty slot of `bucket` gets fp; false if it has none.
template <class Slots>
bool fill_empty_slot(Slots& slots, const CuckooParams& p, uint64_t bucket, uint32_t fp) {
  for (unsigned i = 0; i < p.bucket_size; ++i)
    if (uint32_t& at = slots(bucket, i); at == 0) {
      at = fp;
      return true;
    }
  return false;
}

// The insert: the first empty slot of i1, else of i2, else kicks until a fingerprint lands in an
// empty slot. Returns placed (the last fingerprint moved, or the word's own, in bucket `landed`),
// or placed_full with the fingerprint left over in `victim`.
template <class Slots>
CuckooInsert insert_into(Slots& slots, const CuckooParams& p, uint64_t& rng, uint64_t h,
                         std::vector<CuckooKick>* kicks, CuckooFilter::Victim& victim, uint64_t& landed) {
  const auto put_in_empty = [&](uint64_t bucket, uint32_t fp) {
    landed = bucket;
    return fill_empty_slot(slots, p, bucket, fp);
  };
  const CuckooPlace place = cuckoo_place(p, h);
  if (put_in_empty(place.bucket1, place.fingerprint) || put_in_empty(place.bucket2, place.fingerprint))
    return CuckooInsert::placed;
  uint32_t fp = place.fingerprint;
  uint64_t bucket = (xorshift64(rng) & 1) ? place.bucket2 : place.bucket1;
  for (unsigned kick = 0; kick < kCuckooMaxKicks; ++kick) {
    const auto slot = unsigned(xorshift64(rng) % p.bucket_size);
    std::swap(fp, slots(bucket, slot));  // fp is now the victim
    const uint64_t to = cuckoo_alternate(bucket, fp, p.buckets);
    if (kicks) kicks->push_back({fp, bucket, to, slot});
    bucket = to;
    if (put_in_empty(bucket, fp)) return CuckooInsert::placed;
  }
  victim = {true, fp, bucket};
  return CuckooInsert::placed_full;
}

}  // namespace

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

bool CuckooFilter::put_in_empty(uint64_t bucket, uint32_t fp) {
  auto slots = [this](uint64_t b, unsigned i) -> uint32_t& {
    return slots_[size_t(b * params_.bucket_size + i)];
  };
  return fill_empty_slot(slots, params_, bucket, fp);
}

CuckooInsert CuckooFilter::insert(std::string_view word, std::vector<CuckooKick>* kicks) {
  return insert_hash(fnv1a64(word), kicks);
}

bool CuckooFilter::contains(std::string_view word) const { return contains_hash(fnv1a64(word)); }

CuckooRemove CuckooFilter::remove(std::string_view word) { return remove_hash(fnv1a64(word)); }

CuckooInsert CuckooFilter::insert_hash(uint64_t h, std::vector<CuckooKick>* kicks) {
  if (victim_.used) return CuckooInsert::refused_full;
  ++count_;
  auto slots = [this](uint64_t b, unsigned i) -> uint32_t& {
    return slots_[size_t(b * params_.bucket_size + i)];
  };
  uint64_t landed = 0;
  return insert_into(slots, params_, rng_, h, kicks, victim_, landed);
}

CuckooInsert CuckooFilter::plan_insert(uint64_t h, std::vector<CuckooKick>* kicks, uint64_t* landed) const {
  if (victim_.used) return CuckooInsert::refused_full;
  // A copy of each bucket the insert touches, made when it first does: at most 2 + 500 buckets.
  std::map<uint64_t, std::vector<uint32_t>> copies;
  auto slots = [&](uint64_t bucket, unsigned i) -> uint32_t& {
    auto [it, fresh] = copies.try_emplace(bucket);
    if (fresh)
      it->second.assign(slots_.begin() + long(bucket * params_.bucket_size),
                        slots_.begin() + long((bucket + 1) * params_.bucket_size));
    return it->second[i];
  };
  uint64_t rng = rng_, bucket = 0;
  Victim victim;
  const CuckooInsert outcome = insert_into(slots, params_, rng, h, kicks, victim, bucket);
  if (landed) *landed = bucket;
  return outcome;
}

bool CuckooFilter::contains_hash(uint64_t h) const {
  const CuckooPlace place = cuckoo_place(params_, h);
  for (uint64_t bucket : {place.bucket1, place.bucket2})
    for (unsigned i = 0; i < params_.bucket_size; ++i)
      if (slot(bucket, i) == place.fingerprint) return true;
  return victim_.used && victim_.fingerprint == place.fingerprint &&
         (victim_.bucket == place.bucket1 || victim_.bucket == place.bucket2);
}

void CuckooFilter::contains_many_hash(const uint64_t* h, size_t n, uint8_t* out) const {
  uint64_t acc = 0;
  for (size_t i = 0; i < n; ++i) {
    const CuckooPlace place = cuckoo_place(params_, h[i]);
    detail::touch_at(&slots_[size_t(place.bucket1 * params_.bucket_size)], acc);
    detail::touch_at(&slots_[size_t(place.bucket2 * params_.bucket_size)], acc);
  }
  detail::keep(acc);
  for (size_t i = 0; i < n; ++i) out[i] = contains_hash(h[i]);
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
