// A cuckoo filter (Fan, Andersen, Kaminsky, Mitzenmacher 2014: "Cuckoo Filter: Practically
// Better Than Bloom"), BloomLab's reference, which every implementation here agrees with to the
// last bit (issue 35 §1; tests/unit/cuckoo_reference.py is an independent one):
//   h  = FNV-1a 64 of the word's UTF-8 bytes (as the reference Bloom scheme);
//   fp = ((h >> 32) mod (2^f − 1)) + 1, f bits, never 0 (0 marks an empty slot);
//   i1 = (h & 0xffffffff) mod B, B buckets (a power of two);
//   i2 = (i1 XOR ((fp · 0x5bd1e995) mod 2^32)) mod B: partial-key cuckoo hashing, so that the
//        alternate of i2 is i1 again (B is a power of two: the XOR and the mod commute);
//   b slots per bucket (1, 2, 4 or 8), m = B · b · f bits.
// Insert: the first empty slot of i1, else of i2; else the kicks: a xorshift64 generator (13, 7,
// 17; seeded 1 when the filter is made or cleared) draws r, the walk starts at i2 if r is odd,
// else at i1; each kick draws r again, takes slot r mod b of the walk's bucket for fp, carries its
// old fingerprint (the victim) to that one's alternate bucket, and ends there in the first empty
// slot. After kMaxKicks kicks the last victim is kept in a one-item victim slot, as the paper's
// reference code does: queries see it, and the filter is full — the next insert is refused and
// nothing in it is lost.
// Query: possibly if fp is in bucket i1 or i2, or is the victim with its bucket i1 or i2.
// Remove: one copy of fp out of i1 (first), else i2, else the victim; a removal from a bucket
// lets a kept victim back into its bucket or its alternate if either has an empty slot.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result.h"

namespace bloomlab {

inline constexpr unsigned kCuckooMinFingerprintBits = 4;
inline constexpr unsigned kCuckooMaxFingerprintBits = 32;
inline constexpr unsigned kCuckooBucketSizes[] = {1, 2, 4, 8};
inline constexpr uint64_t kCuckooMaxBuckets = uint64_t{1} << 24;  // 16 Mi buckets
inline constexpr unsigned kCuckooMaxKicks = 500;

struct CuckooParams {
  unsigned fingerprint_bits = 12;  // f
  unsigned bucket_size = 4;        // b
  uint64_t buckets = 1024;         // B, a power of two
  bool operator==(const CuckooParams& o) const {
    return fingerprint_bits == o.fingerprint_bits && bucket_size == o.bucket_size && buckets == o.buckets;
  }
  uint64_t slots() const { return buckets * bucket_size; }
  uint64_t bits() const { return slots() * fingerprint_bits; }  // m
};

// The refusals of f, b and B (check_cuckoo_params' and the parameter rows'): %s is the value.
inline constexpr char kCuckooFingerprintRefusal[] =
    "f (the fingerprint's bits) must be a whole number from 4 to 32; %s is not.";
inline constexpr char kCuckooBucketSizeRefusal[] = "b (slots per bucket) must be 1, 2, 4 or 8; %s is not.";
inline constexpr char kCuckooBucketsRefusal[] =
    "B (buckets) must be a power of two from 1 to 2^24 (16,777,216); %s is not.";

// nullopt, or what is wrong with p, in words ("B (buckets) must be a power of two ...; 1000 is not.").
std::optional<Error> check_cuckoo_params(const CuckooParams& p);

// Where a word lives in a filter with params p.
struct CuckooPlace {
  uint32_t fingerprint = 0;
  uint64_t bucket1 = 0, bucket2 = 0;
};
CuckooPlace cuckoo_place(const CuckooParams& p, std::string_view word);
CuckooPlace cuckoo_place(const CuckooParams& p, uint64_t h);  // h = fnv1a64(word)
uint32_t cuckoo_fingerprint(uint64_t h, unsigned f);
uint64_t cuckoo_alternate(uint64_t bucket, uint32_t fingerprint, uint64_t buckets);

// One kick of an insert: `fingerprint` left slot `slot` of bucket `from` for bucket `to`.
struct CuckooKick {
  uint32_t fingerprint = 0;
  uint64_t from = 0, to = 0;
  unsigned slot = 0;
};

enum class CuckooInsert {
  placed,        // in an empty slot of i1 or i2, or after kicks
  placed_full,   // placed, but the last kicked fingerprint waits in the victim slot: now full
  refused_full,  // the filter was full already: nothing changed
};

enum class CuckooRemove { removed, absent };

class CuckooFilter {
 public:
  explicit CuckooFilter(const CuckooParams& p);  // p must pass check_cuckoo_params
  const CuckooParams& params() const { return params_; }

  // kicks: if not null, gets the insert's kicks in order (the step-through shows them).
  CuckooInsert insert(std::string_view word, std::vector<CuckooKick>* kicks = nullptr);
  bool contains(std::string_view word) const;
  CuckooRemove remove(std::string_view word);
  // The same from h = fnv1a64(word), computed before.
  CuckooInsert insert_hash(uint64_t h, std::vector<CuckooKick>* kicks = nullptr);
  // What insert_hash would do now (placed, after which kicks, or full), the filter unchanged: the
  // step-through shows an add before it happens. landed: if not null, placed's bucket where the
  // last fingerprint moved (the word's own without kicks) takes an empty slot.
  CuckooInsert plan_insert(uint64_t h, std::vector<CuckooKick>* kicks, uint64_t* landed = nullptr) const;
  bool contains_hash(uint64_t h) const;
  // contains_hash for n words at once (h[i] = fnv1a64 of each): both buckets of every word are
  // asked for from memory first, so that their misses overlap (as Filter::contains_many).
  void contains_many_hash(const uint64_t* h, size_t n, uint8_t* out) const;
  CuckooRemove remove_hash(uint64_t h);
  void clear();  // empty, the generator seeded again

  uint32_t slot(uint64_t bucket, unsigned i) const {
    return slots_[size_t(bucket * params_.bucket_size + i)];
  }
  bool full() const { return victim_.used; }
  struct Victim {
    bool used = false;
    uint32_t fingerprint = 0;
    uint64_t bucket = 0;
  };
  const Victim& victim() const { return victim_; }
  uint64_t count() const { return count_; }  // fingerprints held, the victim's included
  double load() const { return double(count_) / double(params_.slots()); }  // α

 private:
  bool put_in_empty(uint64_t bucket, uint32_t fp);
  CuckooParams params_;
  std::vector<uint32_t> slots_;
  Victim victim_;
  uint64_t count_ = 0;
  uint64_t rng_ = 1;
};

// The expected FP with n fingerprints held: 1 − (1 − 1/(2^f − 1))^(2·b·α), α = n / (B·b).
double cuckoo_theory_fp(const CuckooParams& p, double n);

}  // namespace bloomlab
