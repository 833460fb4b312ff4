// The counting variant (Fan, Cao, Almeida, Broder 2000): a counter per position, so that a member
// can be removed. The positions are the standard variant's. Its parameters (CountingParams): the
// counter width, 4 bits saturating at 15 (Fan et al.'s), 8 bits saturating at 255, or unbounded
// (one article's Python filter, `counts = [0] * m`); and besides remove(), which refuses a word
// some counter says is absent, that article's remove without checking (remove_unchecked).
#include <algorithm>

#include "params.h"
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {

const char* counter_width_name(CounterWidth c) {
  return c == CounterWidth::eight ? "8" : c == CounterWidth::unbounded ? "unbounded" : "4";
}

std::optional<CounterWidth> parse_counter_width(std::string_view name) {
  for (CounterWidth c : kAllCounterWidths)
    if (name == counter_width_name(c)) return c;
  return std::nullopt;
}

unsigned counter_bits(CounterWidth c) {
  return c == CounterWidth::eight ? 8 : c == CounterWidth::unbounded ? 32 : 4;
}

uint64_t counter_max(CounterWidth c) {
  return c == CounterWidth::eight ? 255 : c == CounterWidth::unbounded ? UINT32_MAX : kCounterMax;
}

namespace {

CounterWidth width(const FilterParams& p) { return p.counting.width; }

uint64_t bytes_needed(const FilterParams& p) {
  return (counter_bits(width(p)) * p.m + p.m + 7) / 8;  // counters + bitmap
}

void init(FilterStorage& s) {
  detail::init_bit_array(s, s.params.m);
  switch (width(s.params)) {
    case CounterWidth::four: s.counters.assign(static_cast<size_t>((s.params.m + 1) / 2), 0); break;
    case CounterWidth::eight: s.counters.assign(static_cast<size_t>(s.params.m), 0); break;
    case CounterWidth::unbounded: s.wide_counters.assign(static_cast<size_t>(s.params.m), 0); break;
  }
}

uint64_t counter(const FilterStorage& s, uint64_t i) {
  switch (width(s.params)) {
    case CounterWidth::four: return (s.counters[detail::byte_of(i)] >> ((i & 1) * 4)) & 0xfu;
    case CounterWidth::eight: return s.counters[static_cast<size_t>(i)];
    case CounterWidth::unbounded: return s.wide_counters[static_cast<size_t>(i)];
  }
  return 0;
}

void set_counter(FilterStorage& s, uint64_t i, uint64_t value) {
  switch (width(s.params)) {
    case CounterWidth::four: {
      const unsigned shift = static_cast<unsigned>((i & 1) * 4);
      uint8_t& byte = s.counters[detail::byte_of(i)];
      byte = static_cast<uint8_t>((byte & ~(0xfu << shift)) | (value << shift));
      break;
    }
    case CounterWidth::eight: s.counters[static_cast<size_t>(i)] = static_cast<uint8_t>(value); break;
    case CounterWidth::unbounded:
      s.wide_counters[static_cast<size_t>(i)] = static_cast<uint32_t>(value);
      break;
  }
}

// The positions a counting filter counts an item at: with saturating counters each distinct
// position once (ascending), so that add and remove are exact inverses even when positions
// repeat; with unbounded counters every position, a repeated one twice, as the article's Python
// (`for i in positions: counts[i] += 1`) does; add and remove stay inverses there.
size_t counted_positions(const FilterParams& p, std::string_view item, uint64_t h,
                         uint64_t (&out)[kMaxHashes]) {
  const size_t count = detail::array_positions(p, item, h, out);
  if (width(p) == CounterWidth::unbounded) return count;
  std::sort(out, out + count);
  return static_cast<size_t>(std::unique(out, out + count) - out);
}

// Each counter above zero goes down by one, except saturated ones: a saturated counter has lost
// count of its items, and lowering it could reach 0 while some word still needs it (a false
// negative), so it never goes down (Fan et al. 2000).
void decrement(FilterStorage& s, const uint64_t* pos, size_t count) {
  const uint64_t max = counter_max(width(s.params));
  for (size_t j = 0; j < count; ++j) {
    const uint64_t i = pos[j];
    const uint64_t c = counter(s, i);
    if (c == 0 || c == max) continue;
    set_counter(s, i, c - 1);
    if (c == 1) {
      s.bits[detail::word_of(i)] &= ~(uint64_t{1} << (i & 63));
      --s.bits_set;
    }
  }
}

InsertOutcome insert(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxHashes];
  const size_t count = counted_positions(s.params, item, h, pos);
  const uint64_t max = counter_max(width(s.params));
  for (size_t j = 0; j < count; ++j) {
    const uint64_t i = pos[j];
    const uint64_t c = counter(s, i);
    if (c == max) continue;  // saturated: stays there forever
    set_counter(s, i, c + 1);
    if (c == 0) detail::set_bit(s, i);
  }
  ++s.n;
  return InsertOutcome::added;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  return detail::array_contains(s.bits.data(), s.params.scheme, item, h, s.params.m, s.params.k);
}

RemoveOutcome remove(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxHashes];
  const size_t count = counted_positions(s.params, item, h, pos);
  for (size_t j = 0; j < count; ++j) {
    if (counter(s, pos[j]) == 0) return RemoveOutcome::refused_absent;
  }
  decrement(s, pos, count);
  if (s.n > 0) --s.n;
  return RemoveOutcome::removed;
}

RemoveOutcome remove_unchecked(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxHashes];
  const size_t count = counted_positions(s.params, item, h, pos);
  decrement(s, pos, count);  // `if counts[i] > 0: counts[i] -= 1`, whoever put the counts there
  return RemoveOutcome::removed;
}

size_t positions(const FilterParams& p, const FilterStorage*, size_t, std::string_view item, uint64_t h,
                 uint64_t* out) {
  return detail::array_positions(p, item, h, out);
}

uint64_t size_in_bits(const FilterStorage& s) {
  return theory::counting_bits(s.params.m, counter_bits(width(s.params)));
}

}  // namespace

namespace {

std::optional<Error> set_counters(FilterParams& p, std::string_view text) {
  const std::optional<CounterWidth> c = parse_counter_width(text);
  if (!c) return param_detail::not_a_choice("counters", text, "4, 8, unbounded");
  p.counting.width = *c;
  return std::nullopt;
}
std::string get_counters(const FilterParams& p) { return counter_width_name(p.counting.width); }

const ParamRow kCounters{"counters", ParamType::choice, set_counters, get_counters};
const ParamRow* const kCountingParams[] = {&kCounters};

}  // namespace

extern const VariantOps kCountingVariant = {
    Variant::counting,
    "counting",
    BLOOMLAB_UI_TEXT_IN("variant", "counting"),
    /*can_remove=*/true,
    /*has_exact_theory=*/true,
    /*grows=*/false,
    /*sizes_itself=*/false,
    detail::kArrayTheoryFormula,  // the counters change the memory, not the FP
    CellHolds::count,
    /*rebuilt_on_add=*/false,
    kCountingParams,
    1,
    /*validate=*/nullptr,
    bytes_needed,
    init,
    insert,
    /*insert_many=*/nullptr,
    contains,
    /*contains_batch=*/nullptr,
    remove,
    remove_unchecked,
    counter,
    positions,
    /*trace=*/nullptr,
    /*place_json=*/nullptr,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    size_in_bits,
    detail::array_theory_fp,
    /*group=*/nullptr,
    /*expected_fill=*/nullptr,
    /*estimate_n=*/nullptr,
};

}  // namespace bloomlab
