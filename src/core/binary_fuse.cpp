#include "binary_fuse.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "hashing.h"
#include "variant_detail.h"

namespace bloomlab {

namespace {

constexpr unsigned kArity = 3;
constexpr uint64_t kMaxSegmentLength = uint64_t{1} << 18;
constexpr unsigned kMaxAttempts = 1000;  // a failure per seed is rare (the paper: below 1 in 10^4)

uint64_t murmur64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

__extension__ typedef unsigned __int128 u128;  // GCC's and clang's (wasm32 too); -Wpedantic knows it so
uint64_t mulhi(uint64_t a, uint64_t b) { return uint64_t(u128(a) * b >> 64); }

std::vector<uint64_t> hashes_of(const std::vector<std::string>& words) {
  std::vector<uint64_t> hashes;
  hashes.reserve(words.size());
  for (const std::string& w : words) hashes.push_back(fnv1a64(w));
  return hashes;
}

// The paper's sizes for arity 3 (and its reference code's arithmetic for tiny n): a segment's
// length, how many segments the first slot can fall in, and the slots.
struct Shape {
  uint64_t segment_length = 4, segment_count = 1, slots = 0;
};
Shape shape_for(uint64_t keys) {
  Shape shape;
  const double n = double(keys);
  shape.segment_length = keys == 0 ? 4 : uint64_t{1} << int(std::floor(std::log(n) / std::log(3.33) + 2.25));
  shape.segment_length = std::min(shape.segment_length, kMaxSegmentLength);
  const double factor = keys <= 1 ? 0 : std::max(1.125, 0.875 + 0.25 * std::log(1e6) / std::log(n));
  const auto capacity = int64_t(keys <= 1 ? 0 : std::round(n * factor));
  const auto length = int64_t(shape.segment_length);
  const int64_t initial_segments = (capacity + length - 1) / length - int64_t(kArity - 1);
  const int64_t array_length = std::max<int64_t>(0, (initial_segments + kArity - 1) * length);
  int64_t segments = (array_length + length - 1) / length;
  segments = segments <= int64_t(kArity - 1) ? 1 : segments - int64_t(kArity - 1);
  shape.segment_count = uint64_t(segments);
  shape.slots = uint64_t((segments + kArity - 1) * length);
  return shape;
}

}  // namespace

uint64_t BinaryFuseFilter::slots_for(uint64_t n) { return shape_for(n).slots; }

BinaryFuseFilter::BinaryFuseFilter(const std::vector<std::string>& words, unsigned fingerprint_bits)
    : BinaryFuseFilter(hashes_of(words), fingerprint_bits) {}

BinaryFuseFilter::BinaryFuseFilter(std::vector<uint64_t> keys, unsigned fingerprint_bits)
    : bits_(fingerprint_bits) {
  if (bits_ != 8 && bits_ != 16)
    throw std::invalid_argument("a binary fuse filter's fingerprints are 8 or 16 bits");
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  keys_ = keys.size();
  const Shape shape = shape_for(keys_);
  segment_length_ = shape.segment_length;
  segment_count_ = shape.segment_count;
  const auto array_length = shape.slots;
  fingerprints_.assign(size_t(array_length), 0);

  const size_t slots = fingerprints_.size();
  std::vector<uint32_t> count(slots);
  std::vector<uint64_t> xored(slots);
  std::vector<uint64_t> queue;
  std::vector<std::pair<uint64_t, uint64_t>> peeled;  // (hash, the slot it was peeled from)
  uint64_t state = 0x726b2b9d438b9d4dULL;
  for (attempts_ = 1; attempts_ <= kMaxAttempts; ++attempts_) {
    seed_ = splitmix64(state);
    std::fill(count.begin(), count.end(), 0u);
    std::fill(xored.begin(), xored.end(), 0u);
    for (uint64_t key : keys) {
      const uint64_t hash = murmur64(key + seed_);
      for (uint64_t s : positions_of_hash(hash).slot) ++count[size_t(s)], xored[size_t(s)] ^= hash;
    }
    queue.clear();
    peeled.clear();
    for (size_t i = 0; i < slots; ++i)
      if (count[i] == 1) queue.push_back(i);
    while (!queue.empty()) {
      const auto i = size_t(queue.back());
      queue.pop_back();
      if (count[i] != 1) continue;
      const uint64_t hash = xored[i];
      peeled.emplace_back(hash, i);
      for (uint64_t at : positions_of_hash(hash).slot) {  // the key alone in slot i
        const auto s = size_t(at);
        xored[s] ^= hash;
        if (--count[s] == 1) queue.push_back(s);
      }
    }
    if (peeled.size() == keys.size()) break;
  }
  if (peeled.size() != keys.size()) throw std::runtime_error("the binary fuse filter could not be built");
  for (auto it = peeled.rbegin(); it != peeled.rend(); ++it) {
    // Slot it->second is still 0: the XOR of the three is the XOR of the other two.
    const BinaryFusePositions p = positions_of_hash(it->first);
    fingerprints_[size_t(it->second)] =
        uint16_t(p.fingerprint ^ slot(p.slot[0]) ^ slot(p.slot[1]) ^ slot(p.slot[2]));
  }
}

BinaryFusePositions BinaryFuseFilter::positions_of_hash(uint64_t hash) const {
  const uint64_t mask = segment_length_ - 1;
  BinaryFusePositions p;
  p.fingerprint = uint32_t((hash ^ (hash >> 32)) & ((uint64_t{1} << bits_) - 1));
  p.slot[0] = mulhi(hash, segment_count_ * segment_length_);
  p.slot[1] = (p.slot[0] + segment_length_) ^ ((hash >> 18) & mask);
  p.slot[2] = (p.slot[0] + 2 * segment_length_) ^ (hash & mask);
  return p;
}

uint64_t BinaryFuseFilter::mixed_hash(uint64_t key) const { return murmur64(key + seed_); }

BinaryFusePositions BinaryFuseFilter::positions_of_key(uint64_t key) const {
  return positions_of_hash(mixed_hash(key));
}

BinaryFusePositions BinaryFuseFilter::positions(std::string_view word) const {
  return positions_of_key(fnv1a64(word));
}

bool BinaryFuseFilter::contains_key(uint64_t key) const {
  const BinaryFusePositions p = positions_of_key(key);
  return p.fingerprint == (slot(p.slot[0]) ^ slot(p.slot[1]) ^ slot(p.slot[2]));
}

bool BinaryFuseFilter::contains(std::string_view word) const { return contains_key(fnv1a64(word)); }

void BinaryFuseFilter::contains_many(const std::string_view* words, size_t n, uint8_t* out) const {
  BinaryFusePositions p[kBatch];
  for (size_t at = 0; at < n; at += kBatch) {
    const size_t count = std::min(kBatch, n - at);
    uint64_t acc = 0;
    for (size_t i = 0; i < count; ++i) {
      p[i] = positions(words[at + i]);
      for (uint64_t slot : p[i].slot) detail::touch_at(&fingerprints_[size_t(slot)], acc);
    }
    detail::keep(acc);
    for (size_t i = 0; i < count; ++i)
      out[at + i] = p[i].fingerprint == (slot(p[i].slot[0]) ^ slot(p[i].slot[1]) ^ slot(p[i].slot[2]));
  }
}

}  // namespace bloomlab
