#include "filter.h"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "params.h"
#include "variant_detail.h"

namespace bloomlab {

std::optional<Error> validate(const FilterParams& p) {
  if (const auto own = variant_ops(p.variant).validate) {
    if (auto error = own(p)) return error;
  }
  if (p.m < kMinBits || p.m > kMaxBits)
    return param_detail::refusal(kMRefusal, ErrorCode::m_range, std::to_string(p.m));
  if (p.k < kMinHashes || p.k > kMaxHashes)
    return param_detail::refusal(kKRefusal, ErrorCode::k_range, std::to_string(p.k));
  return std::nullopt;
}

namespace {

// What one filter may take, natively as in the page: wasm's 1 GiB heap. A 32-bit (wasm) address
// space cannot hold the largest counting filter (2 GiB of counters), and there allocation
// failure aborts rather than throwing, so refuse in words first; natively the same ceiling, so
// that the CLI and the page refuse the same filters.
constexpr uint64_t kMaxFilterBytes = uint64_t{1} << 30;
// Below the cap, whether a filter fits depends on what the heap holds already (wasm's is
// bounded: 1 GiB). Ask malloc, which answers null rather than aborting, for the filter plus room
// for what the program allocates beside it (the bit array's texture, the words, the UI).
constexpr uint64_t kHeadroomBytes = uint64_t{64} << 20;

bool memory_available(uint64_t bytes) {
  if (sizeof(size_t) >= 8) return true;  // 64-bit: the allocation itself throws bad_alloc
  // Two blocks, as they will be used: the filter, and the headroom beside it. When a big filter
  // is replaced (released first, WordSet::set_params), its freed block takes the new one and the
  // headroom comes from elsewhere; one block of both sizes would need a span the freed block
  // leaves only when it happens to end the heap.
  // volatile: a malloc whose result is only freed may be optimised away as if it succeeded.
  void* volatile filter = std::malloc(static_cast<size_t>(bytes));
  if (!filter) return false;
  void* volatile headroom = std::malloc(static_cast<size_t>(kHeadroomBytes));
  const bool fits = headroom != nullptr;
  std::free(headroom);
  std::free(filter);
  return fits;
}

}  // namespace

Filter::Filter(const FilterParams& p) : ops_(&variant_ops(p.variant)) {
  s_.params = p;
  ops_->init(s_);
}

Result<Filter> Filter::create(const FilterParams& p) {
  if (auto error = validate(p)) return *error;
  const uint64_t bytes = variant_ops(p.variant).bytes_needed(p);
  if (bytes <= kMaxFilterBytes && memory_available(bytes)) {
    try {
      return Filter(p);
    } catch (const std::bad_alloc&) {
    } catch (const std::length_error&) {
    }
  }
  const std::string beyond = bytes > kMaxFilterBytes ? "; BloomLab builds filters of up to " +
                                                           std::to_string(kMaxFilterBytes >> 20) + " MiB"
                                                     : "";
  return Error{"not enough memory for a filter of " + std::to_string(p.m) + " bits (about " +
                   std::to_string(bytes >> 20) + " MiB" + beyond + ")",
               ErrorCode::filter_memory,
               {std::to_string(p.m), std::to_string(bytes >> 20)}};
}

InsertOutcome Filter::add(std::string_view item) { return ops_->insert(s_, item, fnv1a64(item)); }

InsertOutcome Filter::add(std::string_view item, uint64_t h) { return ops_->insert(s_, item, h); }

size_t Filter::add_many(const std::string* items, const uint64_t* h, size_t n) {
  if (ops_->insert_many) {
    ops_->insert_many(s_, items, h, n);
    return n;
  }
  for (size_t q = 0; q < n; ++q)
    if (ops_->insert(s_, items[q], h[q]) == InsertOutcome::refused_full) return q;
  return n;
}

bool Filter::full() const { return ops_->full && ops_->full(s_); }

Error Filter::refusal(std::string_view item) const {
  if (ops_->refusal) return ops_->refusal(s_, item);
  return Error{"\"" + std::string(item) + "\" was not added"};  // no such variant: its inserts never refuse
}

Query Filter::query(std::string_view item) const {
  Query q;
  positions_of(item, q.positions);
  // A binary fuse filter's answer is the XOR of its slots: a slot of 0 says nothing alone.
  if (ops_->holds != CellHolds::xor_part)
    for (uint64_t i : q.positions)
      if (!bit(i)) q.zero_bits.push_back(i);
  std::sort(q.zero_bits.begin(), q.zero_bits.end());
  q.zero_bits.erase(std::unique(q.zero_bits.begin(), q.zero_bits.end()), q.zero_bits.end());
  q.possibly = contains(item);
  return q;
}

bool Filter::contains(std::string_view item) const { return ops_->contains(s_, item, fnv1a64(item)); }

void Filter::contains_many(const std::string_view* items, size_t count, uint8_t* out) const {
  uint64_t h[kBatch];
  for (size_t at = 0; at < count; at += kBatch) {
    const size_t n = std::min(kBatch, count - at);
    for (size_t q = 0; q < n; ++q) h[q] = fnv1a64(items[at + q]);
    if (ops_->contains_batch) {
      ops_->contains_batch(s_, items + at, h, n, out + at);
    } else {
      for (size_t q = 0; q < n; ++q) out[at + q] = ops_->contains(s_, items[at + q], h[q]);
    }
  }
}

RemoveOutcome Filter::remove(std::string_view item) {
  if (!ops_->remove) return RemoveOutcome::refused_variant;
  return ops_->remove(s_, item, fnv1a64(item));
}

RemoveOutcome Filter::remove_unchecked(std::string_view item) {
  if (!ops_->remove_unchecked) return RemoveOutcome::refused_variant;
  return ops_->remove_unchecked(s_, item, fnv1a64(item));
}

void Filter::place_json(std::string_view item, JsonWriter& j) const {
  if (ops_->place_json) ops_->place_json(s_.params, &s_, fnv1a64(item), j);
}

void Filter::clear() { ops_->init(s_); }

uint64_t Filter::size_in_bits() const { return ops_->size_in_bits(s_); }

uint64_t Filter::size_in_bytes() const { return (size_in_bits() + 7) / 8; }

uint64_t Filter::bits_set() const { return s_.bits_set; }

bool Filter::bit(uint64_t i) const { return i < s_.bit_count && detail::test_bit(s_.bits.data(), i); }

uint64_t Filter::counter(uint64_t i) const {
  if (i >= s_.bit_count) return 0;
  if (!ops_->counter) return bit(i) ? 1u : 0u;
  return ops_->counter(s_, i);
}

void filter_positions(const FilterParams& p, std::string_view item, std::vector<uint64_t>& out,
                      size_t stages) {
  uint64_t pos[kMaxPositions];
  const size_t count =
      variant_ops(p.variant).positions(p, nullptr, std::max<size_t>(1, stages), item, fnv1a64(item), pos);
  out.assign(pos, pos + count);
}

size_t filter_positions(const FilterParams& p, std::string_view item, uint64_t h,
                        uint64_t (&out)[kMaxPositions]) {
  return variant_ops(p.variant).positions(p, nullptr, 1, item, h, out);
}

namespace {

// The trace of a built filter, or (built null) from the params alone.
PositionTrace trace_of(const FilterParams& p, const FilterStorage* built, std::string_view item,
                       size_t stages) {
  PositionTrace t;
  t.h = fnv1a64(item);
  t.range = p.m;
  t.h1 = detail::hash_h1(t.h);  // the scheme's halves of h, as the positions take them
  t.h2 = detail::hash_h2(t.h, p.scheme != Scheme::weak);
  if (p.scheme == Scheme::sha256md5) {  // the scheme's own two hashes, not h's halves
    const DigestPair d = sha256md5_hashes(item);
    t.h1 = d.h1;
    t.h2 = d.h2;
  }
  const VariantOps& ops = variant_ops(p.variant);
  uint64_t pos[kMaxPositions];
  const size_t count = ops.positions(p, built, std::max<size_t>(1, stages), item, t.h, pos);
  t.positions.assign(pos, pos + count);
  if (ops.trace) ops.trace(p, built, item, t);  // the variant's own values
  return t;
}

}  // namespace

PositionTrace trace_positions(const FilterParams& p, std::string_view item, size_t stages) {
  return trace_of(p, nullptr, item, stages);
}

PositionTrace Filter::trace(std::string_view item) const {
  return trace_of(s_.params, &s_, item, std::max<size_t>(1, s_.stages.size()));
}

void Filter::positions_of(std::string_view item, std::vector<uint64_t>& out) const {
  uint64_t pos[kMaxPositions];
  const size_t count = positions_of(item, fnv1a64(item), pos);
  out.assign(pos, pos + count);
}

size_t Filter::positions_of(std::string_view item, uint64_t h, uint64_t (&out)[kMaxPositions]) const {
  return ops_->positions(s_.params, &s_, std::max<size_t>(1, s_.stages.size()), item, h, out);
}

}  // namespace bloomlab
