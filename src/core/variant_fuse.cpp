// The binary fuse filter as a variant (binary_fuse.h holds the filter and BloomLab's reference
// for it). It is built from the whole set at once: it keeps its words' keys (FNV-1a 64), and an
// add rebuilds it from them (a million words in well under a second; insert_many builds once).
// What the views draw as the bit array is its slots, segment after segment; a slot's counter is
// the f-bit value in it, "set" while that is not 0. A word's positions are its three slots, which
// depend on the build (its seed and segments): a word is possibly in the set when the XOR of the
// three equals its fingerprint. m and k are not its parameters, f is; nothing can be removed.
#include <algorithm>
#include <cmath>
#include <string>

#include "binary_fuse.h"
#include "filter.h"
#include "json_writer.h"
#include "params.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

inline constexpr char kFuseBitsRefusal[] =
    "fuseBits (the binary fuse filter's fingerprint bits) must be 8 or 16; %s is not.";

// Its keys (sorted, each once) and the filter built from them.
struct FuseStore {
  std::vector<uint64_t> keys;
  BinaryFuseFilter filter;
};

unsigned bits_of(const FilterParams& p) { return p.fuse.fingerprint_bits; }
FuseStore& store_of(FilterStorage& s) { return *std::any_cast<FuseStore>(&s.own); }
const FuseStore& store_of(const FilterStorage& s) { return *std::any_cast<FuseStore>(&s.own); }

// The filter a word is placed in: the built one, or (params alone) an empty one of f bits.
const BinaryFuseFilter& filter_of(const FilterParams& p, const FilterStorage* built) {
  if (built) return store_of(*built).filter;
  static const BinaryFuseFilter empty8(std::vector<uint64_t>{}, 8), empty16(std::vector<uint64_t>{}, 16);
  return bits_of(p) == 16 ? empty16 : empty8;
}

std::optional<Error> validate_own(const FilterParams& p) {
  if (bits_of(p) == 8 || bits_of(p) == 16) return std::nullopt;
  return param_detail::refusal(kFuseBitsRefusal, ErrorCode::fuse_fingerprint_bits,
                               std::to_string(bits_of(p)));
}

uint64_t bytes_needed(const FilterParams&) { return 64; }  // empty: 12 slots; it grows with its words

// Builds the filter from the keys, and the occupancy bitmap the views draw from its slots.
void rebuild(FilterStorage& s) {
  FuseStore& store = store_of(s);
  store.filter = BinaryFuseFilter(store.keys, bits_of(s.params));
  const uint64_t slots = store.filter.slots();
  s.bits.assign(size_t((slots + 63) / 64), 0);
  s.bit_count = slots;
  s.bits_set = 0;
  for (uint64_t i = 0; i < slots; ++i)
    if (store.filter.slot(i) != 0) detail::set_bit(s, i);
  s.n = store.keys.size();
}

void init(FilterStorage& s) {
  detail::init_bit_array(s, 0);
  s.own = FuseStore{{}, BinaryFuseFilter(std::vector<uint64_t>{}, bits_of(s.params))};
  rebuild(s);
}

InsertOutcome insert(FilterStorage& s, std::string_view, uint64_t h) {
  std::vector<uint64_t>& keys = store_of(s).keys;
  const auto at = std::lower_bound(keys.begin(), keys.end(), h);
  if (at != keys.end() && *at == h) return InsertOutcome::added;  // the same key: nothing changes
  keys.insert(at, h);
  rebuild(s);
  return InsertOutcome::added;
}

void insert_many(FilterStorage& s, const std::string*, const uint64_t* h, size_t n) {
  std::vector<uint64_t>& keys = store_of(s).keys;
  keys.insert(keys.end(), h, h + n);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  rebuild(s);
}

// An empty filter holds nothing: "definitely not" for every word (its slots are all 0, and a
// fingerprint of 0 would otherwise match them).
bool contains(const FilterStorage& s, std::string_view, uint64_t h) {
  const FuseStore& store = store_of(s);
  return !store.keys.empty() && store.filter.contains_key(h);
}

uint64_t counter(const FilterStorage& s, uint64_t i) { return store_of(s).filter.slot(i); }

size_t positions(const FilterParams& p, const FilterStorage* built, size_t, std::string_view, uint64_t h,
                 uint64_t* out) {
  const BinaryFusePositions place = filter_of(p, built).positions_of_key(h);
  std::copy(std::begin(place.slot), std::end(place.slot), out);
  return 3;
}

// The step-through: the build's seed and segments, the mixed hash, the fingerprint and what the
// three slots (the positions) hold.
void trace(const FilterParams& p, const FilterStorage* built, std::string_view, PositionTrace& t) {
  const BinaryFuseFilter& f = filter_of(p, built);
  const BinaryFusePositions place = f.positions_of_key(t.h);
  PositionTrace::FuseTrace& fuse = t.fuse;
  fuse.used = true;
  fuse.bits = f.fingerprint_bits();
  fuse.seed = f.seed();
  fuse.segment_length = f.segment_length();
  fuse.segment_count = f.segment_count();
  fuse.keys = f.keys();
  fuse.mixed = f.mixed_hash(t.h);
  fuse.fingerprint = place.fingerprint;
  for (int i = 0; i < 3; ++i) fuse.values[i] = f.slot(place.slot[i]);
  t.range = f.slots();
}

void place_json(const FilterParams& p, const FilterStorage* built, uint64_t h, JsonWriter& j) {
  const BinaryFuseFilter& f = filter_of(p, built);
  const BinaryFusePositions place = f.positions_of_key(h);
  j.field("fingerprint", uint64_t{place.fingerprint});
  j.key("slotValues").begin_array();
  for (uint64_t slot : place.slot) j.value(uint64_t{f.slot(slot)});
  j.end_array();
}

uint64_t size_in_bits(const FilterStorage& s) { return store_of(s).filter.size_in_bits(); }

// A word not in the set matches when three slots' XOR equals its fingerprint: 2^−f.
double theory_fp(const FilterParams& p, double n) { return n >= 1 ? std::exp2(-double(bits_of(p))) : 0; }

// One slot per word is written (the one it was peeled from), and is 0 with probability 2^−f; the
// other slots stay 0.
double expected_fill(const FilterParams& p, double n) {
  if (n < 1) return 0;
  const double slots = double(BinaryFuseFilter::slots_for(uint64_t(n)));
  return std::min(1.0, n / slots) * (1 - std::exp2(-double(bits_of(p))));
}
double estimate_n(const FilterParams& p, double slots_used) {
  return slots_used / (1 - std::exp2(-double(bits_of(p))));
}

std::optional<Error> set_fuse_bits(FilterParams& p, std::string_view text) {
  double f = 0;
  if (auto bad = param_detail::read_whole(text, 8, 16, kFuseBitsRefusal, ErrorCode::fuse_fingerprint_bits, f))
    return bad;
  if (f != 8 && f != 16)
    return param_detail::refusal(kFuseBitsRefusal, ErrorCode::fuse_fingerprint_bits, text);
  p.fuse.fingerprint_bits = unsigned(f);
  return std::nullopt;
}
std::string get_fuse_bits(const FilterParams& p) { return std::to_string(bits_of(p)); }

const ParamRow kFuseBits{
    "fuseBits",
    ParamType::whole,
    set_fuse_bits,
    get_fuse_bits,
    "f",
    BLOOMLAB_UI_TEXT("bits per fingerprint, 8 or 16: false positives 2^−f (0.39% or 0.0015%)")};
const ParamRow* const kFuseParams[] = {&kFuseBits};

}  // namespace

extern const VariantOps kFuseVariant = {
    Variant::binary_fuse,
    "binaryFuse",
    BLOOMLAB_UI_TEXT_IN("variant", "binary fuse"),
    /*can_remove=*/false,
    /*has_exact_theory=*/false,
    /*grows=*/false,
    /*sizes_itself=*/true,
    BLOOMLAB_UI_TEXT("2^−f"),
    CellHolds::xor_part,
    /*rebuilt_on_add=*/true,
    kFuseParams,
    1,
    validate_own,
    bytes_needed,
    init,
    insert,
    insert_many,
    contains,
    /*contains_batch=*/nullptr,
    /*remove=*/nullptr,
    /*remove_unchecked=*/nullptr,
    counter,
    positions,
    trace,
    place_json,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    size_in_bits,
    theory_fp,
    /*group=*/nullptr,
    expected_fill,
    estimate_n,
};

}  // namespace bloomlab
