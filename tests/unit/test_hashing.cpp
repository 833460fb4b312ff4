// Hashing: FNV-1a 64 vectors, the reference positions of DESIGN.md, the other schemes.
// Expected numbers come from the FNV authors' test vectors, from DESIGN.md, or from an
// independent Python evaluation of the formulas (tests/bench/reference.py does the same).
#include <doctest.h>

#include <algorithm>
#include <set>

#include "core/hashing.h"
#include "test_support.h"

using namespace bloomlab;

TEST_CASE("fnv1a64 matches the published FNV-1a 64 test vectors") {
  CHECK(fnv1a64("") == 0xcbf29ce484222325ull);
  CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  CHECK(fnv1a64("foobar") == 0x85944171f73967e8ull);
}

TEST_CASE("fnv1a64 hashes bytes exactly as given, including UTF-8 and NUL") {
  CHECK(fnv1a64(std::string_view("a\0b", 3)) != fnv1a64("ab"));
  CHECK(fnv1a64("\xC3\xA9") != fnv1a64("e"));  // "é" is its two UTF-8 bytes
}

TEST_CASE("seeded FNV: seed 0 is plain FNV, other seeds start from basis ^ splitmix64(seed)") {
  CHECK(fnv1a64_seeded("dragon", 0) == fnv1a64("dragon"));
  // splitmix64(1) = 0x910a2dec89025cc1 (Vigna's reference implementation, state 1 -> first output
  // of a generator seeded with 0 advanced once); independently evaluated in Python.
  CHECK(fnv1a64_seeded("", 1) == (0xcbf29ce484222325ull ^ 0x910a2dec89025cc1ull));
  CHECK(fnv1a64_seeded("dragon", 1) != fnv1a64_seeded("dragon", 2));
}

TEST_CASE("reference positions are the article's (DESIGN.md)") {
  CHECK(positions(Scheme::reference, "dragon", 64, 3) == std::vector<uint64_t>{30, 1, 36});
  CHECK(positions(Scheme::reference, "Qwerty", 64, 3) == std::vector<uint64_t>{25, 52, 15});
  CHECK(positions(Scheme::reference, "letmein", 64, 3) == std::vector<uint64_t>{15, 52, 25});
}

// m around and above 2^32 too: below it h1 mod m is a 32-bit division, from it on h1 itself.
TEST_CASE("reference positions equal the closed form (h1 + i*h2) mod m for many m and k") {
  test::Random rng(7);
  std::vector<uint64_t> out;
  const uint64_t edges[] = {(uint64_t{1} << 32) - 1, uint64_t{1} << 32, (uint64_t{1} << 32) + 1};
  for (int trial = 0; trial < 3000; ++trial) {
    const std::string w = rng.word();
    const uint64_t m = trial % 3 == 0    ? 1 + rng.below(1000)
                       : trial % 3 == 1  ? 1 + rng.below(uint64_t{1} << 32)
                       : trial % 30 == 2 ? edges[(trial / 30) % 3]
                                         : (uint64_t{1} << 32) + rng.below(uint64_t{1} << 40);
    const uint32_t k = static_cast<uint32_t>(1 + rng.below(64));
    positions(Scheme::reference, w, m, k, out);
    REQUIRE(out.size() == k);
    const uint64_t h = fnv1a64(w);
    for (uint32_t i = 0; i < k; ++i) {
      const uint64_t expected = ((h & 0xffffffffu) + uint64_t{i} * ((h >> 32) | 1u)) % m;
      REQUIRE(out[i] == expected);
      REQUIRE(reference_position(h, i, m) == expected);
    }
  }
}

TEST_CASE("m = 1 and m = 2^32 are valid") {
  CHECK(positions(Scheme::reference, "dragon", 1, 5) == std::vector<uint64_t>(5, 0));
  for (Scheme s : kAllSchemes) {
    for (uint64_t p : positions(s, "dragon", uint64_t{1} << 32, 64)) CHECK(p < (uint64_t{1} << 32));
  }
}

TEST_CASE("enhanced double hashing adds (i^3 - i)/6") {
  // Python: h1 + i*h2 + (i**3 - i)//6 mod 1000 with h1, h2 of the reference scheme.
  CHECK(positions(Scheme::enhanced, "dragon", 1000, 5) == std::vector<uint64_t>{182, 529, 877, 227, 580});
  CHECK(positions(Scheme::enhanced, "Qwerty", 1000, 5) == std::vector<uint64_t>{681, 132, 584, 38, 495});
}

TEST_CASE("independent scheme: position i is fnv1a64_seeded(item, i) mod m") {
  CHECK(positions(Scheme::independent, "dragon", 1000, 3) == std::vector<uint64_t>{598, 7, 196});
  CHECK(positions(Scheme::independent, "letmein", 1000, 3) == std::vector<uint64_t>{471, 424, 429});
}

TEST_CASE("weak scheme: an even step on an even m reaches only one parity") {
  // fnv1a64("dragon") >> 32 = 0x710493a2 is even: the step mod 64 is 34.
  CHECK(positions(Scheme::weak, "dragon", 64, 3) == std::vector<uint64_t>{30, 0, 34});
  std::set<uint64_t> reached;
  for (uint64_t p : positions(Scheme::weak, "dragon", 64, 64)) reached.insert(p);
  CHECK(reached.size() == 32);  // gcd(34, 64) = 2: half the array
  for (uint64_t p : reached) CHECK(p % 2 == 0);
  // The reference scheme forces the step odd, so 64 positions on m = 64 are all distinct.
  std::set<uint64_t> all;
  for (uint64_t p : positions(Scheme::reference, "dragon", 64, 64)) all.insert(p);
  CHECK(all.size() == 64);
}

TEST_CASE("scheme names round-trip") {
  for (Scheme s : kAllSchemes) CHECK(parse_scheme(scheme_name(s)) == s);
  CHECK_FALSE(parse_scheme("md5").has_value());
}
