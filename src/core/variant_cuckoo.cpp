// The cuckoo filter as a variant (cuckoo.h holds the filter and BloomLab's reference for it).
// What the views draw as the bit array is its slots: B·b of them, slot j of bucket i at i·b + j,
// "set" while it holds a fingerprint; a slot's counter is the fingerprint in it (0: empty). A
// word's positions are the b slots of its first bucket, then the b of its second. m and k are not
// its parameters: f, b and B are (its rows below), and it can refuse an add when it is full.
#include <algorithm>
#include <string>

#include "filter.h"
#include "json_writer.h"
#include "params.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

const CuckooParams& cp(const FilterParams& p) { return p.cuckoo; }
CuckooFilter& filter_of(FilterStorage& s) { return *std::any_cast<CuckooFilter>(&s.own); }
const CuckooFilter& filter_of(const FilterStorage& s) { return *std::any_cast<CuckooFilter>(&s.own); }

std::optional<Error> validate_own(const FilterParams& p) { return check_cuckoo_params(cp(p)); }

// The slots as 32-bit words, and the occupancy bitmap the views draw.
uint64_t bytes_needed(const FilterParams& p) { return cp(p).slots() * 4 + (cp(p).slots() + 7) / 8; }

void init(FilterStorage& s) {
  detail::init_bit_array(s, cp(s.params).slots());
  s.own = CuckooFilter(cp(s.params));
}

// The bitmap's bits of one bucket, read again from its slots (after an insert's kicks, a removal).
void sync_bucket(FilterStorage& s, uint64_t bucket) {
  const CuckooFilter& f = filter_of(s);
  const unsigned b = cp(s.params).bucket_size;
  for (unsigned j = 0; j < b; ++j) {
    const uint64_t i = bucket * b + j;
    uint64_t& word = s.bits[detail::word_of(i)];
    const uint64_t mask = uint64_t{1} << (i & 63);
    const bool was = (word & mask) != 0, now = f.slot(bucket, j) != 0;
    if (was == now) continue;
    word ^= mask;
    if (now) {
      ++s.bits_set;
    } else {
      --s.bits_set;
    }
  }
}

InsertOutcome insert(FilterStorage& s, std::string_view, uint64_t h) {
  CuckooFilter& f = filter_of(s);
  std::vector<CuckooKick> kicks;  // allocates only when the insert kicks
  if (f.insert_hash(h, &kicks) == CuckooInsert::refused_full) return InsertOutcome::refused_full;
  const CuckooPlace place = cuckoo_place(cp(s.params), h);
  sync_bucket(s, place.bucket1);
  sync_bucket(s, place.bucket2);
  for (const CuckooKick& kick : kicks) sync_bucket(s, kick.to);
  ++s.n;
  return InsertOutcome::added;
}

bool contains(const FilterStorage& s, std::string_view, uint64_t h) { return filter_of(s).contains_hash(h); }

void contains_batch(const FilterStorage& s, const std::string_view*, const uint64_t* h, size_t n,
                    uint8_t* out) {
  filter_of(s).contains_many_hash(h, n, out);
}

// Takes one copy of the word's fingerprint out of its buckets (or the victim slot); refused when
// the filter says the word is surely absent. The article-style remove without checking is the
// same operation: a false positive's fingerprint is another word's, and that one goes.
RemoveOutcome remove(FilterStorage& s, std::string_view, uint64_t h) {
  CuckooFilter& f = filter_of(s);
  if (!f.contains_hash(h)) return RemoveOutcome::refused_absent;
  const CuckooFilter::Victim victim = f.victim();
  f.remove_hash(h);
  const CuckooPlace place = cuckoo_place(cp(s.params), h);
  sync_bucket(s, place.bucket1);
  sync_bucket(s, place.bucket2);
  if (victim.used) {  // it may have moved in
    sync_bucket(s, victim.bucket);
    sync_bucket(s, cuckoo_alternate(victim.bucket, victim.fingerprint, cp(s.params).buckets));
  }
  --s.n;
  return RemoveOutcome::removed;
}

uint64_t counter(const FilterStorage& s, uint64_t i) {
  const unsigned b = cp(s.params).bucket_size;
  return filter_of(s).slot(i / b, unsigned(i % b));
}

size_t positions(const FilterParams& p, const FilterStorage*, size_t, std::string_view, uint64_t h,
                 uint64_t* out) {
  const CuckooPlace place = cuckoo_place(cp(p), h);
  const unsigned b = cp(p).bucket_size;
  size_t count = 0;
  for (uint64_t bucket : {place.bucket1, place.bucket2})
    for (unsigned j = 0; j < b; ++j) out[count++] = bucket * b + j;
  return count;
}

// How many copies of fp a word with buckets b1, b2 finds (a bucket it has twice counted once),
// the victim's included.
unsigned copies(const CuckooFilter& f, uint32_t fp, uint64_t b1, uint64_t b2) {
  const unsigned b = f.params().bucket_size;
  unsigned n = 0;
  for (unsigned j = 0; j < b; ++j) n += f.slot(b1, j) == fp;
  if (b2 != b1)
    for (unsigned j = 0; j < b; ++j) n += f.slot(b2, j) == fp;
  const CuckooFilter::Victim& v = f.victim();
  return n + (v.used && v.fingerprint == fp && (v.bucket == b1 || v.bucket == b2));
}

// Whether removing the word hashed `removed` leaves the member hashed `member` answering
// "definitely not": the copy it takes (the first in the word's first bucket, else its second,
// else the victim, as CuckooFilter::remove) is in the member's buckets, and the member has no other.
bool breaks(const FilterStorage& s, uint64_t removed, uint64_t member) {
  const CuckooFilter& f = filter_of(s);
  const CuckooPlace r = cuckoo_place(cp(s.params), removed), m = cuckoo_place(cp(s.params), member);
  if (r.fingerprint != m.fingerprint || !f.contains_hash(removed)) return false;
  const unsigned b = cp(s.params).bucket_size;
  auto holds = [&](uint64_t bucket) {
    for (unsigned j = 0; j < b; ++j)
      if (f.slot(bucket, j) == r.fingerprint) return true;
    return false;
  };
  const uint64_t from = holds(r.bucket1) ? r.bucket1 : holds(r.bucket2) ? r.bucket2 : f.victim().bucket;
  return (from == m.bucket1 || from == m.bucket2) && copies(f, m.fingerprint, m.bucket1, m.bucket2) == 1;
}

// The step-through: the fingerprint and the two buckets (the slots are the positions already).
void trace(const FilterParams& p, const FilterStorage*, std::string_view, PositionTrace& t) {
  const CuckooPlace place = cuckoo_place(cp(p), t.h);
  t.fingerprint = {true,          cp(p).fingerprint_bits, cp(p).bucket_size, cp(p).buckets, place.fingerprint,
                   place.bucket1, place.bucket2};
}

void place_json(const FilterParams& p, const FilterStorage*, uint64_t h, JsonWriter& j) {
  const CuckooPlace place = cuckoo_place(cp(p), h);
  j.field("fingerprint", uint64_t{place.fingerprint});
  j.key("buckets").begin_array().value(place.bucket1).value(place.bucket2).end_array();
}

Error refusal(const FilterStorage& s, std::string_view item) {
  const CuckooFilter& f = filter_of(s);
  const std::string held = std::to_string(f.count() - 1), slots = std::to_string(cp(s.params).slots());
  return Error{"the cuckoo filter is full (" + held + " of " + slots +
                   " slots hold a fingerprint and one more waits in its victim slot): \"" +
                   std::string(item) + "\" was not added; enlarge B or b, or remove a word",
               ErrorCode::cuckoo_full,
               {std::string(item), held, slots}};
}

bool full(const FilterStorage& s) { return filter_of(s).full(); }

uint64_t size_in_bits(const FilterStorage& s) { return cp(s.params).bits(); }

// The theory counts the fingerprints held; a full filter holds at most its slots and the victim.
double theory_fp(const FilterParams& p, double n) {
  return cuckoo_theory_fp(cp(p), std::min(n, double(cp(p).slots())));
}

unsigned group(const FilterParams& p) { return p.cuckoo.bucket_size; }

// A word's fingerprint takes one slot: the load n / (B·b), and n the slots in use.
double expected_fill(const FilterParams& p, double n) { return std::min(1.0, n / double(cp(p).slots())); }
double estimate_n(const FilterParams&, double slots_used) { return slots_used; }

// Its rows (params.h): f and B whole numbers in their ranges, b one of 1, 2, 4, 8, B a power of two.
std::optional<Error> set_fingerprint_bits(FilterParams& p, std::string_view text) {
  double f = 0;
  if (auto bad = param_detail::read_whole(text, kCuckooMinFingerprintBits, kCuckooMaxFingerprintBits,
                                          kCuckooFingerprintRefusal, ErrorCode::cuckoo_fingerprint_range, f))
    return bad;
  p.cuckoo.fingerprint_bits = unsigned(f);
  return std::nullopt;
}
std::optional<Error> set_bucket_size(FilterParams& p, std::string_view text) {
  double b = 0;
  if (auto bad =
          param_detail::read_whole(text, 1, 8, kCuckooBucketSizeRefusal, ErrorCode::cuckoo_bucket_size, b))
    return bad;
  if (std::find(std::begin(kCuckooBucketSizes), std::end(kCuckooBucketSizes), unsigned(b)) ==
      std::end(kCuckooBucketSizes))
    return param_detail::refusal(kCuckooBucketSizeRefusal, ErrorCode::cuckoo_bucket_size, text);
  p.cuckoo.bucket_size = unsigned(b);
  return std::nullopt;
}
std::optional<Error> set_buckets(FilterParams& p, std::string_view text) {
  double n = 0;
  if (auto bad = param_detail::read_whole(text, 1, double(kCuckooMaxBuckets), kCuckooBucketsRefusal,
                                          ErrorCode::cuckoo_buckets_range, n))
    return bad;
  const auto buckets = uint64_t(n);
  if ((buckets & (buckets - 1)) != 0)
    return param_detail::refusal(kCuckooBucketsRefusal, ErrorCode::cuckoo_buckets_range, text);
  p.cuckoo.buckets = buckets;
  return std::nullopt;
}
std::string get_fingerprint_bits(const FilterParams& p) { return std::to_string(p.cuckoo.fingerprint_bits); }
std::string get_bucket_size(const FilterParams& p) { return std::to_string(p.cuckoo.bucket_size); }
std::string get_buckets(const FilterParams& p) { return std::to_string(p.cuckoo.buckets); }

const ParamRow kFingerprintBits{
    "fingerprintBits",
    ParamType::whole,
    set_fingerprint_bits,
    get_fingerprint_bits,
    "f",
    BLOOMLAB_UI_TEXT("bits per fingerprint, 4 to 32: each one more halves the false positives")};

const ParamRow kBucketSize{"bucketSize",
                           ParamType::whole,
                           set_bucket_size,
                           get_bucket_size,
                           "b",
                           BLOOMLAB_UI_TEXT("slots per bucket: 1, 2, 4 or 8; more slots fill fuller,\n"
                                            "and a query compares more fingerprints")};
const ParamRow kBuckets{
    "buckets",   ParamType::whole,
    set_buckets, get_buckets,
    "B",         BLOOMLAB_UI_TEXT("buckets, a power of two up to 2^24; m = B · b · f bits")};
const ParamRow* const kCuckooParams[] = {&kFingerprintBits, &kBucketSize, &kBuckets};

}  // namespace

extern const VariantOps kCuckooVariant = {
    Variant::cuckoo,
    "cuckoo",
    BLOOMLAB_UI_TEXT_IN("variant", "cuckoo"),
    /*can_remove=*/true,
    /*has_exact_theory=*/false,
    /*grows=*/false,
    /*sizes_itself=*/true,
    BLOOMLAB_UI_TEXT("1 − (1 − 1/(2^f − 1))^(2bα), α = n/(Bb)"),
    CellHolds::fingerprint,
    /*rebuilt_on_add=*/false,
    kCuckooParams,
    3,
    validate_own,
    bytes_needed,
    init,
    insert,
    /*insert_many=*/nullptr,
    contains,
    contains_batch,
    remove,
    /*remove_unchecked=*/remove,
    counter,
    positions,
    trace,
    place_json,
    refusal,
    full,
    breaks,
    size_in_bits,
    theory_fp,
    group,
    expected_fill,
    estimate_n,
};

}  // namespace bloomlab
