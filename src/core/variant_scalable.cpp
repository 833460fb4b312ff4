// The scalable Bloom filter (Almeida, Baquero, Preguiça, Hutchison 2007, "Scalable Bloom
// Filters", Information Processing Letters 101(6)): a filter that grows with its set.
//
// Stage j is a standard bit array designed for n_j = n0·s^j items at FP p_j = p0·r^j:
// m_j = ceil(−n_j ln p_j / (ln 2)^2), k_j = round((m_j/n_j) ln 2). New items go to the newest
// stage; when its fill reaches the fill expected at its design point, 1 − e^(−k_j n_j/m_j)
// (about one half), the next stage is added. A query asks every stage: "maybe" if any stage has
// all its k_j bits set. Since stage j's FP is at most about p_j once full, the compound FP is at
// most 1 − Π(1 − p_j) <= Σ p0·r^j = p0/(1 − r), however many items come.
//
// The stages lie one after another in the one bit array (stage j at bits offset_j ...), so that
// the views draw it as they draw any filter. Stage 0 hashes the item as the standard filter does
// (the item's stage-0 positions are a standard filter's with m_0, k_0); stage j > 0 uses
// splitmix64(h + j) in place of h, so that the stages' positions are unrelated.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "filter.h"
#include "params.h"
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {

uint64_t scalable_stage_hash(uint64_t h, size_t j) { return j == 0 ? h : detail::splitmix64(h + j); }

namespace {

// Growth stops (the newest stage keeps taking items, its FP then climbing past p_j) before the
// stages together exceed these: 128 MiB of bits, every position of an item in kMaxPositions.
constexpr uint64_t kMaxScalableBits = uint64_t{1} << 30;
constexpr size_t kMaxStages = 40;

Stage stage_layout(const ScalableParams& sp, size_t j, uint64_t offset) {
  Stage st;
  st.capacity = std::ceil(sp.n0 * std::pow(sp.growth, double(j)));
  st.p = sp.p0 * std::pow(sp.tightening, double(j));
  st.m = std::max<uint64_t>(1, theory::bits_for(st.capacity, st.p));
  st.k = std::clamp<uint32_t>(theory::optimal_k(double(st.m), st.capacity), kMinHashes, kMaxHashes);
  st.design_fill = theory::expected_fill(st.capacity, double(st.m), st.k);
  st.offset = offset;
  return st;
}

uint64_t stage_hash(uint64_t h, size_t j) { return scalable_stage_hash(h, j); }

// Whether stage j (its layout `next`) may be added after the stages so far.
bool fits(size_t stages, uint64_t bits, size_t positions, const Stage& next) {
  return stages < kMaxStages && bits + next.m <= kMaxScalableBits && positions + next.k <= kMaxPositions;
}

// A number as an Error's argument: plain, '.' for the decimal point, no trailing zeros.
std::string number_arg(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// The refusals of n0, p0, s and r (their rows' and validate()'s): %s is the value.
constexpr char kN0Refusal[] = "n0 (the first stage's words) must be from 1 to 10,000,000; %s is not.";
constexpr char kP0Refusal[] = "p0 (the first stage's FP rate) must be from 0.000001 to 0.5; %s is not.";
constexpr char kGrowthRefusal[] = "s (growth) must be from 1 to 16; %s is not.";
constexpr char kTighteningRefusal[] = "r (tightening) must be from 0.05 to 0.99; %s is not.";

std::optional<Error> validate_own(const FilterParams& p) {
  const ScalableParams& sp = p.scalable;
  // Written so that NaN fails every test.
  if (!(sp.n0 >= 1 && sp.n0 <= 1e7))
    return param_detail::refusal(kN0Refusal, ErrorCode::scalable_n0_range, number_arg(sp.n0));
  if (!(sp.p0 >= 1e-6 && sp.p0 <= 0.5))
    return param_detail::refusal(kP0Refusal, ErrorCode::scalable_p0_range, number_arg(sp.p0));
  if (!(sp.growth >= 1 && sp.growth <= 16))
    return param_detail::refusal(kGrowthRefusal, ErrorCode::scalable_growth_range, number_arg(sp.growth));
  if (!(sp.tightening >= 0.05 && sp.tightening <= 0.99))
    return param_detail::refusal(kTighteningRefusal, ErrorCode::scalable_tightening_range,
                                 number_arg(sp.tightening));
  return std::nullopt;
}

// Its rows (params.h): n0 a whole number of items, the others numbers, each in its range.
std::optional<Error> set_n0(FilterParams& p, std::string_view text) {
  return param_detail::read_whole(text, 1, 1e7, kN0Refusal, ErrorCode::scalable_n0_range, p.scalable.n0);
}
std::optional<Error> set_p0(FilterParams& p, std::string_view text) {
  return param_detail::read_real(text, 1e-6, 0.5, kP0Refusal, ErrorCode::scalable_p0_range, p.scalable.p0);
}
std::optional<Error> set_growth(FilterParams& p, std::string_view text) {
  return param_detail::read_real(text, 1, 16, kGrowthRefusal, ErrorCode::scalable_growth_range,
                                 p.scalable.growth);
}
std::optional<Error> set_tightening(FilterParams& p, std::string_view text) {
  return param_detail::read_real(text, 0.05, 0.99, kTighteningRefusal, ErrorCode::scalable_tightening_range,
                                 p.scalable.tightening);
}
std::string get_n0(const FilterParams& p) { return param_number_text(p.scalable.n0); }
std::string get_p0(const FilterParams& p) { return param_number_text(p.scalable.p0); }
std::string get_growth(const FilterParams& p) { return param_number_text(p.scalable.growth); }
std::string get_tightening(const FilterParams& p) { return param_number_text(p.scalable.tightening); }

const ParamRow kN0{
    "n0", ParamType::whole, set_n0, get_n0, "n0", BLOOMLAB_UI_TEXT("items the first stage is designed for")};
const ParamRow kP0{
    "p0", ParamType::real, set_p0, get_p0, "p0", BLOOMLAB_UI_TEXT("the first stage's false-positive rate")};
const ParamRow kGrowth{"s",        ParamType::real,
                       set_growth, get_growth,
                       "s",        BLOOMLAB_UI_TEXT("each stage holds s times the items of the one before")};
const ParamRow kTightening{"r",
                           ParamType::real,
                           set_tightening,
                           get_tightening,
                           "r",
                           BLOOMLAB_UI_TEXT("each stage's false-positive rate is r times the one before;\n"
                                            "together they stay under p0 / (1 − r)")};
const ParamRow* const kScalableParams[] = {&kN0, &kP0, &kGrowth, &kTightening};

uint64_t bytes_needed(const FilterParams& p) { return (stage_layout(p.scalable, 0, 0).m + 7) / 8; }

void add_stage(FilterStorage& s) {
  const Stage st = stage_layout(s.params.scalable, s.stages.size(), s.bit_count);
  s.stages.push_back(st);
  s.bit_count += st.m;
  s.bits.resize(static_cast<size_t>((s.bit_count + 63) / 64), 0);
}

void init(FilterStorage& s) {
  detail::init_bit_array(s, 0);
  add_stage(s);
}

bool can_grow(const FilterStorage& s) {
  size_t positions = 0;
  for (const Stage& st : s.stages) positions += st.k;
  return fits(s.stages.size(), s.bit_count, positions,
              stage_layout(s.params.scalable, s.stages.size(), s.bit_count));
}

InsertOutcome insert(FilterStorage& s, std::string_view item, uint64_t h) {
  const Stage& newest = s.stages.back();
  if (double(newest.bits_set) >= newest.design_fill * double(newest.m) && can_grow(s)) add_stage(s);
  const size_t j = s.stages.size() - 1;
  Stage& st = s.stages[j];
  const uint64_t before = s.bits_set;
  detail::for_each_position(s.params.scheme, item, stage_hash(h, j), st.m, st.k, [&](uint64_t i) {
    detail::set_bit(s, st.offset + i);
    return true;
  });
  st.bits_set += s.bits_set - before;
  ++st.n;
  ++s.n;
  return InsertOutcome::added;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  for (size_t j = 0; j < s.stages.size(); ++j) {
    const Stage& st = s.stages[j];
    if (detail::array_contains(s.bits.data(), s.params.scheme, item, stage_hash(h, j), st.m, st.k, st.offset))
      return true;
  }
  return false;
}

size_t positions(const FilterParams& p, const FilterStorage*, size_t stages, std::string_view item,
                 uint64_t h, uint64_t* out) {
  size_t count = 0;
  uint64_t offset = 0;
  for (size_t j = 0; j < stages && j < kMaxStages; ++j) {
    const Stage st = stage_layout(p.scalable, j, offset);
    if (count + st.k > kMaxPositions) break;
    detail::for_each_position(p.scheme, item, stage_hash(h, j), st.m, st.k, [&](uint64_t i) {
      out[count++] = st.offset + i;
      return true;
    });
    offset += st.m;
  }
  return count;
}

uint64_t size_in_bits(const FilterStorage& s) { return s.bit_count; }

// The stages as n distinct items fill them: each takes about its design n_j (its fill reaches
// the design point there), the last possible one takes the rest; FP = 1 − Π(1 − FP_j).
double theory_fp(const FilterParams& p, double n) {
  double remaining = std::max(0.0, n), none = 1;
  uint64_t bits = 0;
  size_t positions_used = 0;
  for (size_t j = 0; remaining > 0 || j == 0; ++j) {
    const Stage st = stage_layout(p.scalable, j, bits);
    const Stage next = stage_layout(p.scalable, j + 1, bits + st.m);
    const bool last = !fits(j + 1, bits + st.m, positions_used + st.k, next);
    const double take = last ? remaining : std::min(remaining, st.capacity);
    none *= 1 - theory::standard_fp_rate(take, double(st.m), st.k);
    remaining -= take;
    bits += st.m;
    positions_used += st.k;
    if (last) break;
  }
  return 1 - none;
}

}  // namespace

Stage scalable_stage(const ScalableParams& sp, size_t j, uint64_t offset) {
  return stage_layout(sp, j, offset);
}

namespace {

// The step-through: each stage's share of the positions, its hash and the scheme's halves of it
// (sha256md5: the item's digests, whatever the stage's h).
void trace(const FilterParams& p, const FilterStorage*, std::string_view, PositionTrace& t) {
  uint64_t offset = 0;
  size_t first = 0;
  for (size_t j = 0; first < t.positions.size(); ++j) {
    const Stage st = stage_layout(p.scalable, j, offset);
    PositionTrace::StageTrace s{first, st.offset, st.m, st.k, stage_hash(t.h, j), 0, 0};
    s.h1 = p.scheme == Scheme::sha256md5 ? t.h1 : detail::hash_h1(s.h);
    s.h2 = p.scheme == Scheme::sha256md5 ? t.h2 : detail::hash_h2(s.h, p.scheme != Scheme::weak);
    t.stages.push_back(s);
    first += st.k;
    offset += st.m;
  }
}

}  // namespace

extern const VariantOps kScalableVariant = {
    Variant::scalable,
    "scalable",
    BLOOMLAB_UI_TEXT_IN("variant", "scalable"),
    /*can_remove=*/false,
    /*has_exact_theory=*/false,
    /*grows=*/true,
    /*sizes_itself=*/true,
    BLOOMLAB_UI_TEXT("1 − Π(1 − FP_j) over the stages"),
    CellHolds::bit,
    /*rebuilt_on_add=*/false,
    kScalableParams,
    4,
    validate_own,
    bytes_needed,
    init,
    insert,
    /*insert_many=*/nullptr,
    contains,
    /*contains_batch=*/nullptr,
    /*remove=*/nullptr,
    /*remove_unchecked=*/nullptr,
    /*counter=*/nullptr,
    positions,
    trace,
    /*place_json=*/nullptr,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    size_in_bits,
    theory_fp,
    /*group=*/nullptr,
    /*expected_fill=*/nullptr,
    /*estimate_n=*/nullptr,
};

}  // namespace bloomlab
