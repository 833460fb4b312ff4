// A binary fuse filter (Graf & Lemire 2022, "Binary Fuse Filters: Fast and Smaller Than Xor
// Filters"), the static member of the family (issue 35 §2): built from the whole word list at
// once, 3-wise, f-bit fingerprints (8 or 16). The algorithm follows the paper and its reference
// code (FastFilter/xor_singleheader); the code here is ours.
//   key   = FNV-1a 64 of the word's bytes (equal keys are one key: duplicates are dropped);
//   hash  = murmur64(key + seed), seeds from splitmix64 started at 0x726b2b9d438b9d4d;
//   three positions, one in each of three consecutive segments of L slots (L a power of two):
//     h0 = mulhi(hash, segmentCount·L), h1 = (h0 + L) XOR ((hash >> 18) & (L−1)),
//     h2 = (h0 + 2L) XOR (hash & (L−1));
//   fingerprint = (hash XOR (hash >> 32)) mod 2^f; a word is possibly in the set when its
//   fingerprint equals F[h0] XOR F[h1] XOR F[h2].
// Sizes (the paper's for arity 3): L = 2^⌊ln n / ln 3.33 + 2.25⌋ (at most 2^18), size factor
// max(1.125, 0.875 + 0.25 · ln 10^6 / ln n), about 9 bits per word at f = 8 for large n.
// Construction peels slots that one key alone touches; if some keys cannot be peeled, it tries
// the next seed.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

struct BinaryFusePositions {
  uint32_t fingerprint = 0;
  uint64_t slot[3] = {0, 0, 0};
};

class BinaryFuseFilter {
 public:
  // Builds from `words` (any number, duplicates allowed); f is 8 or 16.
  BinaryFuseFilter(const std::vector<std::string>& words, unsigned fingerprint_bits);
  // The same from each word's h = fnv1a64(word), computed before (a million words need not be
  // copied into strings first).
  BinaryFuseFilter(std::vector<uint64_t> hashes, unsigned fingerprint_bits);
  bool contains(std::string_view word) const;
  // The same from the word's key, fnv1a64(word).
  bool contains_key(uint64_t key) const;
  BinaryFusePositions positions_of_key(uint64_t key) const;
  uint64_t mixed_hash(uint64_t key) const;  // murmur64(key + seed): what the slots come from
  // contains() for n words at once: the three slots of every word are asked for from memory
  // first, so that their misses overlap (as Filter::contains_many).
  void contains_many(const std::string_view* words, size_t n, uint8_t* out) const;
  BinaryFusePositions positions(std::string_view word) const;  // the query's three slots
  uint32_t slot(uint64_t i) const { return fingerprints_[size_t(i)]; }

  unsigned fingerprint_bits() const { return bits_; }
  uint64_t keys() const { return keys_; }  // distinct words
  uint64_t slots() const { return fingerprints_.size(); }
  uint64_t segment_length() const { return segment_length_; }
  uint64_t segment_count() const { return segment_count_; }
  // The slots a filter of n distinct words has (the paper's sizes, as the constructor).
  static uint64_t slots_for(uint64_t n);
  uint64_t size_in_bits() const { return slots() * bits_; }
  unsigned attempts() const { return attempts_; }  // seeds tried until the peeling succeeded
  uint64_t seed() const { return seed_; }

 private:
  BinaryFusePositions positions_of_hash(uint64_t hash) const;  // hash = murmur64(key + seed)
  unsigned bits_;
  uint64_t keys_ = 0, segment_length_ = 4, segment_count_ = 1, seed_ = 0;
  unsigned attempts_ = 0;
  std::vector<uint16_t> fingerprints_;
};

}  // namespace bloomlab
