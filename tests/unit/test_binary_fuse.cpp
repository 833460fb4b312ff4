// The binary fuse filter (src/core/binary_fuse.h): built on 0 to 10^6 words (and duplicates),
// no false negative, FP near 2^-f, and the paper's size (about 9 bits a word at f = 8).
#include <doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/binary_fuse.h"

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
