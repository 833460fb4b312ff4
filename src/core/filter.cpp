#include "filter.h"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "hash_detail.h"

namespace bloomlab {

const char* variant_name(Variant v) {
  switch (v) {
    case Variant::standard:
      return "standard";
    case Variant::counting:
      return "counting";
    case Variant::blocked:
      return "blocked";
  }
  return "standard";
}

std::optional<Variant> parse_variant(std::string_view name) {
  for (Variant v : kAllVariants) {
    if (name == variant_name(v)) return v;
  }
  return std::nullopt;
}

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

std::optional<Error> validate(const FilterParams& p) {
  if (p.m < kMinBits || p.m > kMaxBits) {
    return Error{"m must be between 1 and 4294967296 (2^32) bits, got " + std::to_string(p.m)};
  }
  if (p.k < kMinHashes || p.k > kMaxHashes) {
    return Error{"k must be between 1 and 64 hash positions, got " + std::to_string(p.k)};
  }
  return std::nullopt;
}

uint64_t blocked_block_count(uint64_t m) {
  return std::max<uint64_t>(1, m / kBlockBits);
}

uint64_t blocked_block_bits(uint64_t m, uint64_t block) {
  const uint64_t blocks = blocked_block_count(m);
  return block + 1 < blocks ? kBlockBits : m - (blocks - 1) * kBlockBits;
}

namespace {

// Array indices from 64-bit bit positions; size_t is 32 bits in wasm, where m <= 2^32 still fits.
inline size_t word_of(uint64_t i) {
  return static_cast<size_t>(i >> 6);
}
inline size_t byte_of(uint64_t i) {
  return static_cast<size_t>(i >> 1);
}

// What one process may allocate for a filter: a 32-bit (wasm) address space cannot hold the
// largest counting filter (2 GiB of counters), and there allocation failure aborts rather than
// throwing, so refuse in words first.
constexpr uint64_t kMaxFilterBytes = sizeof(size_t) < 8 ? uint64_t{1} << 30 : UINT64_MAX;
// Below the cap, whether a filter fits depends on what the heap holds already (wasm's is
// bounded: 1 GiB). Ask malloc, which answers null rather than aborting, for the filter plus room
// for what the program allocates beside it (the bit array's texture, the words, the UI).
constexpr uint64_t kHeadroomBytes = uint64_t{64} << 20;

bool memory_available(uint64_t bytes) {
  if (sizeof(size_t) >= 8) return true;  // 64-bit: the allocation itself throws bad_alloc
  // volatile: a malloc whose result is only freed may be optimised away as if it succeeded.
  void* volatile probe = std::malloc(static_cast<size_t>(bytes + kHeadroomBytes));
  const bool fits = probe != nullptr;
  std::free(probe);
  return fits;
}

// Calls emit(absolute position) for the k positions of an item under p, in i order; h is
// fnv1a64(item).
template <typename Emit>
void for_each_filter_position(const FilterParams& p, std::string_view item, uint64_t h,
                              Emit&& emit) {
  if (p.variant != Variant::blocked) {
    detail::for_each_position(p.scheme, item, h, p.m, p.k, emit);
    return;
  }
  // FNV-1a's high bits barely move when only the last byte changes ("w1", "w2", ...), so the
  // block comes from a remixed hash: fastrange on its high half, while the positions inside the
  // block use its low bits (h1 mod B and h2 mod B), which the block choice does not see.
  const uint64_t mixed = detail::splitmix64(h);
  const uint64_t blocks = blocked_block_count(p.m);
  const uint64_t block = ((mixed >> 32) * blocks) >> 32;
  const uint64_t start = block * kBlockBits;
  const uint64_t width = blocked_block_bits(p.m, block);
  detail::for_each_position(p.scheme, item, mixed, width, p.k,
                            [&](uint64_t pos) { return emit(start + pos); });
}

template <typename Emit>
void for_each_filter_position(const FilterParams& p, std::string_view item, Emit&& emit) {
  for_each_filter_position(p, item, fnv1a64(item), emit);
}

// The positions a counting filter counts an item at: with saturating counters each distinct
// position once (ascending), so that add and remove are exact inverses even when positions
// repeat; with unbounded counters every position, a repeated one twice, as the article's Python
// (`for i in positions: counts[i] += 1`) does; add and remove stay inverses there.
size_t distinct_positions(const FilterParams& p, std::string_view item, uint64_t h,
                          uint64_t (&out)[kMaxHashes]) {
  const size_t count = filter_positions(p, item, h, out);
  if (p.counters == CounterWidth::unbounded) return count;
  std::sort(out, out + count);
  return static_cast<size_t>(std::unique(out, out + count) - out);
}

}  // namespace

Filter::Filter(const FilterParams& p) : params_(p) {
  bits_.assign(static_cast<size_t>((p.m + 63) / 64), 0);
  if (p.variant != Variant::counting) return;
  if (p.counters == CounterWidth::four) counters_.assign(static_cast<size_t>((p.m + 1) / 2), 0);
  if (p.counters == CounterWidth::eight) counters_.assign(static_cast<size_t>(p.m), 0);
  if (p.counters == CounterWidth::unbounded) wide_.assign(static_cast<size_t>(p.m), 0);
}

void Filter::set_counter(uint64_t i, uint64_t value) {
  switch (params_.counters) {
    case CounterWidth::four: {
      const unsigned shift = static_cast<unsigned>((i & 1) * 4);
      uint8_t& byte = counters_[byte_of(i)];
      byte = static_cast<uint8_t>((byte & ~(0xfu << shift)) | (value << shift));
      break;
    }
    case CounterWidth::eight:
      counters_[static_cast<size_t>(i)] = static_cast<uint8_t>(value);
      break;
    case CounterWidth::unbounded:
      wide_[static_cast<size_t>(i)] = static_cast<uint32_t>(value);
      break;
  }
}

// Each counter above zero goes down by one, except saturated ones: a saturated counter has lost
// count of its items, and lowering it could reach 0 while some word still needs it (Fan et al.).
void Filter::decrement(const uint64_t* positions, size_t count) {
  const uint64_t max = counter_max(params_.counters);
  for (size_t j = 0; j < count; ++j) {
    const uint64_t i = positions[j];
    const uint64_t c = counter(i);
    if (c == 0 || c == max) continue;
    set_counter(i, c - 1);
    if (c == 1) {
      bits_[word_of(i)] &= ~(uint64_t{1} << (i & 63));
      --bits_set_;
    }
  }
}

Result<Filter> Filter::create(const FilterParams& p) {
  if (auto error = validate(p)) return *error;
  const uint64_t bytes =
      (p.variant == Variant::counting ? counter_bits(p.counters) * p.m + p.m : p.m) / 8;
  if (bytes <= kMaxFilterBytes && memory_available(bytes)) {
    try {
      return Filter(p);
    } catch (const std::bad_alloc&) {
    } catch (const std::length_error&) {
    }
  }
  return Error{"not enough memory for a filter of " + std::to_string(p.m) + " bits (about " +
               std::to_string(bytes >> 20) + " MiB)"};
}

void Filter::add(std::string_view item) { add(item, fnv1a64(item)); }

void Filter::add(std::string_view item, uint64_t h) {
  if (params_.variant == Variant::counting) {
    uint64_t pos[kMaxHashes];
    const size_t count = distinct_positions(params_, item, h, pos);
    const uint64_t max = counter_max(params_.counters);
    for (size_t j = 0; j < count; ++j) {
      const uint64_t i = pos[j];
      const uint64_t c = counter(i);
      if (c == max) continue;  // saturated: stays there forever
      set_counter(i, c + 1);
      if (c == 0) {
        bits_[word_of(i)] |= uint64_t{1} << (i & 63);
        ++bits_set_;
      }
    }
  } else {
    for_each_filter_position(params_, item, h, [&](uint64_t i) {
      uint64_t& word = bits_[word_of(i)];
      const uint64_t mask = uint64_t{1} << (i & 63);
      bits_set_ += (word & mask) == 0;
      word |= mask;
      return true;
    });
  }
  ++n_;
}

Query Filter::query(std::string_view item) const {
  Query q;
  positions_of(item, q.positions);
  for (uint64_t i : q.positions) {
    if (!bit(i)) q.zero_bits.push_back(i);
  }
  std::sort(q.zero_bits.begin(), q.zero_bits.end());
  q.zero_bits.erase(std::unique(q.zero_bits.begin(), q.zero_bits.end()), q.zero_bits.end());
  return q;
}

bool Filter::contains(std::string_view item) const {
  bool all_set = true;
  const uint64_t* words = bits_.data();
  for_each_filter_position(params_, item, [&](uint64_t i) {
    all_set = (words[word_of(i)] >> (i & 63)) & 1;
    return all_set;
  });
  return all_set;
}

RemoveOutcome Filter::remove(std::string_view item) {
  if (params_.variant != Variant::counting) return RemoveOutcome::refused_variant;
  uint64_t pos[kMaxHashes];
  const size_t count = distinct_positions(params_, item, fnv1a64(item), pos);
  for (size_t j = 0; j < count; ++j) {
    if (counter(pos[j]) == 0) return RemoveOutcome::refused_absent;
  }
  decrement(pos, count);
  if (n_ > 0) --n_;
  return RemoveOutcome::removed;
}

RemoveOutcome Filter::remove_unchecked(std::string_view item) {
  if (params_.variant != Variant::counting) return RemoveOutcome::refused_variant;
  uint64_t pos[kMaxHashes];
  const size_t count = distinct_positions(params_, item, fnv1a64(item), pos);
  decrement(pos, count);  // `if counts[i] > 0: counts[i] -= 1`, whoever put the counts there
  return RemoveOutcome::removed;
}

void Filter::clear() {
  std::fill(bits_.begin(), bits_.end(), 0);
  std::fill(counters_.begin(), counters_.end(), 0);
  std::fill(wide_.begin(), wide_.end(), 0);
  n_ = 0;
  bits_set_ = 0;
}

uint64_t Filter::size_in_bits() const {
  return params_.variant == Variant::counting ? uint64_t{counter_bits(params_.counters)} * params_.m
                                               : params_.m;
}

uint64_t Filter::size_in_bytes() const {
  return (size_in_bits() + 7) / 8;
}

uint64_t Filter::bits_set() const {
  return bits_set_;
}

bool Filter::bit(uint64_t i) const {
  return i < params_.m && ((bits_[word_of(i)] >> (i & 63)) & 1);
}

uint64_t Filter::counter(uint64_t i) const {
  if (i >= params_.m) return 0;
  if (params_.variant != Variant::counting) return bit(i) ? 1u : 0u;
  switch (params_.counters) {
    case CounterWidth::four: return (counters_[byte_of(i)] >> ((i & 1) * 4)) & 0xfu;
    case CounterWidth::eight: return counters_[static_cast<size_t>(i)];
    case CounterWidth::unbounded: return wide_[static_cast<size_t>(i)];
  }
  return 0;
}

void filter_positions(const FilterParams& p, std::string_view item, std::vector<uint64_t>& out) {
  out.clear();
  out.reserve(p.k);
  for_each_filter_position(p, item, [&](uint64_t i) {
    out.push_back(i);
    return true;
  });
}

size_t filter_positions(const FilterParams& p, std::string_view item, uint64_t h,
                        uint64_t (&out)[kMaxHashes]) {
  size_t count = 0;
  for_each_filter_position(p, item, h, [&](uint64_t i) {
    out[count++] = i;
    return true;
  });
  return count;
}

PositionTrace trace_positions(const FilterParams& p, std::string_view item) {
  PositionTrace t;
  t.h = fnv1a64(item);
  t.blocked = p.variant == Variant::blocked;
  uint64_t hashed = t.h;
  t.range = p.m;
  if (t.blocked) {  // as for_each_filter_position
    t.mixed = detail::splitmix64(t.h);
    t.block = ((t.mixed >> 32) * blocked_block_count(p.m)) >> 32;
    t.block_start = t.block * kBlockBits;
    t.block_bits = blocked_block_bits(p.m, t.block);
    t.range = t.block_bits;
    hashed = t.mixed;
  }
  t.h1 = hashed & 0xffffffffu;
  t.h2 = p.scheme == Scheme::weak ? (hashed >> 32) : ((hashed >> 32) | 1u);
  if (p.scheme == Scheme::sha256md5) {
    const DigestPair d = sha256md5_hashes(item);
    t.h1 = d.h1;
    t.h2 = d.h2;
  }
  filter_positions(p, item, t.positions);
  return t;
}

void Filter::positions_of(std::string_view item, std::vector<uint64_t>& out) const {
  filter_positions(params_, item, out);
}

}  // namespace bloomlab
