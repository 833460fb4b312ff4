// The binary fuse filter (src/core/binary_fuse.h): built on 0 to 10^6 words (and duplicates),
// no false negative, FP near 2^-f, and the paper's size (about 9 bits a word at f = 8).
#include <doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/binary_fuse.h"
#include "core/experiment.h"
#include "core/filter.h"
#include "core/params.h"

using namespace bloomlab;

namespace {

std::vector<std::string> words(size_t n, char first, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string w(1, first);
    for (size_t j = 0, len = 6 + rng() % 8; j < len; ++j) w += char('a' + rng() % 26);
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace

TEST_CASE("binary fuse filter: built on 0 to 10^6 words, every word found") {
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{3}, size_t{10}, size_t{100}, size_t{1000},
                   size_t{10000}, size_t{1000000}}) {
    const std::vector<std::string> in = words(n, 'i', n);
    for (unsigned f : {8u, 16u}) {
      if (n == 1000000 && f == 16) continue;  // one size at a million is enough
      const BinaryFuseFilter filter(in, f);
      CHECK(filter.keys() <= n);
      for (const std::string& w : in) REQUIRE(filter.contains(w));
      if (n >= 10000)
        MESSAGE(n << " words, f = " << f << ": " << double(filter.size_in_bits()) / double(n)
                  << " bits a word, " << filter.attempts() << " seed(s)");
    }
  }
}

TEST_CASE("binary fuse filter: duplicates are one key") {
  std::vector<std::string> in = words(5000, 'i', 3);
  const std::vector<std::string> again = in;
  in.insert(in.end(), again.begin(), again.end());
  in.push_back(in.front());
  const BinaryFuseFilter filter(in, 8);
  for (const std::string& w : again) REQUIRE(filter.contains(w));
  const BinaryFuseFilter same(std::vector<std::string>(100, "one word"), 8);
  CHECK(same.keys() == 1);
  CHECK(same.contains("one word"));
}

TEST_CASE("binary fuse filter: FP near 2^-f, and about 9 bits a word") {
  const std::vector<std::string> in = words(10000, 'i', 5);
  const std::vector<std::string> out = words(400000, 'o', 6);  // 'o' first: none was added
  for (unsigned f : {8u, 16u}) {
    const BinaryFuseFilter filter(in, f);
    size_t fp = 0;
    for (const std::string& w : out) fp += filter.contains(w) ? 1 : 0;
    const double expected = std::ldexp(1.0, -int(f));
    const double sigma = std::sqrt(expected * (1 - expected) / double(out.size()));
    const double measured = double(fp) / double(out.size());
    MESSAGE("f = " << f << ": measured " << measured << ", 2^-f = " << expected);
    CHECK(std::fabs(measured - expected) < 5 * sigma + 1e-6);
    // The 10k list: at most 10.5 bits a word at f = 8 (the size factor is 1.25 at this n).
    if (f == 8) CHECK(double(filter.size_in_bits()) / 10000 <= 10.5);
  }
}

TEST_CASE("binary fuse filter: a query's three slots are in three consecutive segments") {
  const std::vector<std::string> in = words(3000, 'i', 8);
  const BinaryFuseFilter filter(in, 8);
  const uint64_t L = filter.segment_length();
  for (const std::string& w : words(1000, 'q', 9)) {
    const BinaryFusePositions p = filter.positions(w);
    CHECK(p.slot[1] / L == p.slot[0] / L + 1);
    CHECK(p.slot[2] / L == p.slot[0] / L + 2);
    CHECK(p.slot[2] < filter.slots());
    CHECK(p.fingerprint < 256u);
  }
  CHECK_THROWS(BinaryFuseFilter(in, 12));
}

// The golden values below are what the independent Python reference (fuse_reference.py, written
// from binary_fuse.h's comment alone) prints; ctest's fuse_reference_current checks that this
// file holds exactly them, and fuse_reference_cli that the CLI places words as it does.
TEST_CASE("binary fuse filter: shapes, places and slots agree with the Python reference") {
  const std::vector<std::string> golden = {
      "SHAPE 1 8 4 1 12 1 7923716467325023335",
      "PLACE 1 8 - 136 2 7 11",
      "PLACE 1 8 61 116 1 6 10",
      "PLACE 1 8 68656c6c6f 164 0 5 9",
      "PLACE 1 8 6c65746d65696e 191 0 4 8",
      "PLACE 1 8 7737 230 1 5 10",
      "PLACE 1 8 7a65627261 9 2 6 8",
      "TABLE 1 8 0 0 0 0 0 0 0 0 0 0 0 136",
      "SHAPE 3 8 8 1 24 1 7923716467325023335",
      "PLACE 3 8 - 136 4 13 21",
      "PLACE 3 8 61 116 2 13 17",
      "PLACE 3 8 68656c6c6f 164 0 13 21",
      "PLACE 3 8 6c65746d65696e 191 1 13 21",
      "PLACE 3 8 7737 230 3 15 16",
      "PLACE 3 8 7a65627261 9 4 12 18",
      "TABLE 3 8 0 0 0 0 44 0 0 0 0 0 0 0 0 0 0 0 0 116 0 0 0 164 0 0",
      "SHAPE 8 16 8 1 24 1 7923716467325023335",
      "PLACE 8 16 - 23944 4 13 21",
      "PLACE 8 16 61 7028 2 13 17",
      "PLACE 8 16 68656c6c6f 33188 0 13 21",
      "PLACE 8 16 6c65746d65696e 55231 1 13 21",
      "PLACE 8 16 7737 24294 3 15 16",
      "PLACE 8 16 7a65627261 5129 4 12 18",
      "TABLE 8 16 0 22043 0 56781 56364 0 0 0 0 0 11214 0 0 0 0 42900 0 7028 0 0 0 33188 14191 0",
      "SHAPE 100 8 64 1 192 1 7923716467325023335",
      "PLACE 100 8 - 136 34 123 179",
      "PLACE 100 8 61 116 17 126 138",
      "PLACE 100 8 68656c6c6f 164 4 89 161",
      "PLACE 100 8 6c65746d65696e 191 11 95 183",
      "PLACE 100 8 7737 230 24 108 131",
      "PLACE 100 8 7a65627261 9 38 118 176",
      "SHAPE 1000 16 128 9 1408 1 7923716467325023335",
      "PLACE 1000 16 - 23944 612 765 885",
      "PLACE 1000 16 61 7028 314 405 609",
      "PLACE 1000 16 68656c6c6f 33188 81 204 308",
      "PLACE 1000 16 6c65746d65696e 55231 199 339 443",
      "PLACE 1000 16 7737 24294 445 585 678",
      "PLACE 1000 16 7a65627261 5129 688 800 934",
  };
  const std::vector<std::string> listed = {
      "", "a", "hello", "letmein", "пароль", std::string("nul\0byte", 8), "dragon", "apple"};
  const auto hex = [](const std::string& w) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : w) out += std::string{digits[c >> 4], digits[c & 15]};
    return out.empty() ? std::string("-") : out;
  };
  std::vector<std::string> ours;
  for (auto [n, f] : {std::pair{1u, 8u}, {3u, 8u}, {8u, 16u}, {100u, 8u}, {1000u, 16u}}) {
    std::vector<std::string> in;
    for (unsigned i = 0; i < n; ++i) in.push_back(n <= listed.size() ? listed[i] : "w" + std::to_string(i));
    const BinaryFuseFilter filter(in, f);
    const std::string at = std::to_string(n) + " " + std::to_string(f) + " ";
    ours.push_back("SHAPE " + at + std::to_string(filter.segment_length()) + " " +
                   std::to_string(filter.segment_count()) + " " + std::to_string(filter.slots()) + " " +
                   std::to_string(filter.attempts()) + " " + std::to_string(filter.seed()));
    for (const std::string& w :
         {listed[0], listed[1], listed[2], listed[3], std::string("w7"), std::string("zebra")}) {
      const BinaryFusePositions p = filter.positions(w);
      ours.push_back("PLACE " + at + hex(w) + " " + std::to_string(p.fingerprint) + " " +
                     std::to_string(p.slot[0]) + " " + std::to_string(p.slot[1]) + " " +
                     std::to_string(p.slot[2]));
    }
    if (n <= 8) {
      std::string table = "TABLE " + at;
      for (uint64_t i = 0; i < filter.slots(); ++i) table += (i ? " " : "") + std::to_string(filter.slot(i));
      ours.push_back(table);
    }
  }
  REQUIRE(ours.size() == golden.size());
  for (size_t i = 0; i < golden.size(); ++i) CHECK(ours[i] == golden[i]);
}

namespace {
Filter fuse_filter(unsigned f) {
  FilterParams p;
  p.variant = Variant::binary_fuse;
  p.fuse.fingerprint_bits = f;
  Result<Filter> made = Filter::create(p);
  REQUIRE(made.ok());
  return std::move(*made);
}
}  // namespace

// The variant (variant_fuse.cpp): the filter an app's word list rebuilds on every add.
TEST_CASE("binary fuse variant: an add rebuilds; one by one or at once, the same filter") {
  Filter one = fuse_filter(8);
  CHECK_FALSE(one.contains("dragon"));  // empty: "definitely not", though its slots are all 0
  CHECK(theoretical_fp_rate(one.params(), 0) == 0);
  const std::vector<std::string> in = words(2000, 'i', 11);
  for (const std::string& w : in) REQUIRE(one.add(w) == InsertOutcome::added);
  CHECK(one.add(in.front()) == InsertOutcome::added);  // a word again: the same filter
  CHECK(one.items_added() == 2000);
  std::vector<uint64_t> h;
  for (const std::string& w : in) h.push_back(fnv1a64(w));
  Filter many = fuse_filter(8);
  CHECK(many.add_many(in.data(), h.data(), in.size()) == in.size());
  const BinaryFuseFilter reference(in, 8);
  REQUIRE(one.bit_count() == reference.slots());
  REQUIRE(many.bit_count() == reference.slots());
  uint64_t nonzero = 0;
  for (uint64_t i = 0; i < reference.slots(); ++i) {
    REQUIRE(one.counter(i) == reference.slot(i));
    REQUIRE(many.counter(i) == reference.slot(i));
    nonzero += reference.slot(i) != 0;
  }
  CHECK(one.bits_set() == nonzero);
  CHECK(one.size_in_bits() == reference.slots() * 8);
  for (const std::string& w : in) {
    REQUIRE(one.contains(w));
    // Its three slots (the positions) are the reference's, and their values XOR to its fingerprint.
    const PositionTrace t = one.trace(w);
    const BinaryFusePositions p = reference.positions(w);
    REQUIRE(t.positions == std::vector<uint64_t>{p.slot[0], p.slot[1], p.slot[2]});
    REQUIRE(t.fuse.used);
    CHECK(t.fuse.fingerprint == p.fingerprint);
    CHECK((t.fuse.values[0] ^ t.fuse.values[1] ^ t.fuse.values[2]) == t.fuse.fingerprint);
  }
  // Nothing comes out of it: it is rebuilt from its words.
  CHECK(one.remove(in.front()) == RemoveOutcome::refused_variant);
  CHECK(one.contains(in.front()));
  // Filled and expected share of non-zero slots, and the words that share points back to.
  const double fill = double(one.bits_set()) / double(one.bit_count());
  CHECK(fill == doctest::Approx(expected_fill_share(one.params(), 2000)).epsilon(0.03));
  CHECK(estimated_items(one.params(), double(one.bits_set())) == doctest::Approx(2000).epsilon(0.03));
  one.clear();
  CHECK(one.items_added() == 0);
  CHECK_FALSE(one.contains(in.front()));
}

TEST_CASE("binary fuse variant: 10k words at f = 8 and 16, FP against 2^-f; fuseBits 8 or 16 only") {
  const std::vector<std::string> in = words(10000, 'i', 12), out = words(200000, 'o', 13);
  std::vector<uint64_t> h;
  for (const std::string& w : in) h.push_back(fnv1a64(w));
  for (unsigned f : {8u, 16u}) {
    Filter filter = fuse_filter(f);
    filter.add_many(in.data(), h.data(), in.size());
    size_t fp = 0;
    for (const std::string& w : out) fp += filter.contains(w);
    const double expected = theoretical_fp_rate(filter.params(), 10000);
    CHECK(expected == std::ldexp(1.0, -int(f)));
    const double sigma = std::sqrt(expected * (1 - expected) / double(out.size()));
    CHECK(std::fabs(double(fp) / double(out.size()) - expected) < 5 * sigma + 1e-6);
  }
  FilterParams p;
  p.variant = Variant::binary_fuse;
  CHECK_FALSE(apply_param(p, "fuseBits", "16"));
  CHECK(p.fuse.fingerprint_bits == 16);
  CHECK(find_param("fuseBits")->get(p) == "16");
  for (const char* bad : {"12", "0", "32", "8.5", "x"}) {
    const std::optional<Error> refused = apply_param(p, "fuseBits", bad);
    REQUIRE(refused);
    CHECK(refused->code == ErrorCode::fuse_fingerprint_bits);
  }
  CHECK(p.fuse.fingerprint_bits == 16);  // a refusal changes nothing
  CHECK(apply_param(p, "fuseBits", "12")->message ==
        "fuseBits (the binary fuse filter's fingerprint bits) must be 8 or 16; 12 is not.");
  p.fuse.fingerprint_bits = 12;
  CHECK_FALSE(Filter::create(p).ok());
}
