// One article's Python filter in the core: SHA-256 and MD5 (the standards' own vectors), the
// sha256md5 scheme's arithmetic, the counting filter's counter widths and its unchecked remove,
// and the designs (the article's floors, any size, memory budgets). Python's hashlib checks the
// positions on thousands of random words in tests/cli/articles.py; the numbers here come from
// FIPS 180-4 / RFC 1321 and from the formulas written out again.
#include <doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/design.h"
#include "core/digest.h"
#include "core/filter.h"
#include "core/word_set.h"

using namespace bloomlab;

namespace {
template <size_t N>
std::string hex(const std::array<uint8_t, N>& d) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (uint8_t b : d) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}
constexpr double kLn2 = 0.69314718055994530942;
}  // namespace

TEST_CASE("SHA-256: the FIPS 180-4 examples (one block, two blocks, a million a's)") {
  CHECK(hex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(hex(sha256(std::string(1000000, 'a'))) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("MD5: the RFC 1321 test suite") {
  CHECK(hex(md5("")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex(md5("a")) == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(hex(md5("abc")) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex(md5("message digest")) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hex(md5("abcdefghijklmnopqrstuvwxyz")) == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(hex(md5("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")) ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  CHECK(hex(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890")) ==
        "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("sha256md5: h1, h2 are the digests' first 8 bytes, big-endian; positions (h1 + i*h2) mod m") {
  // sha256("abc") starts ba7816bf8f01cfea, md5("abc") starts 900150983cd24fb0 (vectors above).
  const DigestPair d = sha256md5_hashes("abc");
  CHECK(d.h1 == 0xba7816bf8f01cfeaull);
  CHECK(d.h2 == 0x900150983cd24fb0ull);
  // The closed form in 128-bit arithmetic (what Python's integers give), against the stepped one,
  // for m up to 2^32 and k = 64, where h1 + i*h2 overflows 64 bits.
  for (uint64_t m : {uint64_t{1}, uint64_t{9585}, uint64_t{4294967291}, uint64_t{4294967296}}) {
    const std::vector<uint64_t> pos = positions(Scheme::sha256md5, "abc", m, 64);
    REQUIRE(pos.size() == 64);
    for (unsigned i = 0; i < 64; ++i) {
      const unsigned __int128 exact =
          (static_cast<unsigned __int128>(d.h1) + static_cast<unsigned __int128>(i) * d.h2) % m;
      CHECK(pos[i] == static_cast<uint64_t>(exact));
    }
  }
  CHECK(std::string(scheme_name(Scheme::sha256md5)) == "sha256md5");
  CHECK(parse_scheme("sha256md5") == Scheme::sha256md5);
}

TEST_CASE("the article's filter: BloomFilter(1000, 0.01) is m = 9585, k = 6, and keeps its words") {
  const Design d = design_for_rate_floor(1000, 0.01);
  CHECK(d.m == 9585);
  CHECK(d.k == 6);
  Result<WordSet> set = WordSet::create({9585, 6, Variant::standard, Scheme::sha256md5});
  REQUIRE(set.ok());
  for (const char* w : {"кот", "пёс", "ёж"}) set->add(w);
  for (const char* w : {"кот", "пёс", "ёж"}) CHECK(set->filter().contains(w));
}

TEST_CASE("counting filter counters: 4 bits stop at 15, 8 bits at 255, unbounded go on") {
  for (CounterWidth c : kAllCounterWidths) {
    // m = 1, k = 1: every word lands on counter 0 once, so n words count n there.
    Result<WordSet> set = WordSet::create({1, 1, Variant::counting, Scheme::reference, {}, {c}});
    REQUIRE(set.ok());
    for (int i = 0; i < 300; ++i) set->add("w" + std::to_string(i));
    const uint64_t expected = c == CounterWidth::four ? 15 : c == CounterWidth::eight ? 255 : 300;
    CHECK(set->filter().counter(0) == expected);
    CHECK(set->filter().size_in_bits() == counter_bits(c));
  }
  CHECK(parse_counter_width("unbounded") == CounterWidth::unbounded);
  CHECK(parse_counter_width("16") == std::nullopt);
  // Unbounded counters count a repeated position twice, as the article's `counts[i] += 1` does:
  // at m = 1 and k = 3, one word puts 3 on counter 0.
  Result<WordSet> one =
      WordSet::create({1, 3, Variant::counting, Scheme::reference, {}, {CounterWidth::unbounded}});
  REQUIRE(one.ok());
  one->add("x");
  CHECK(one->filter().counter(0) == 3);
  REQUIRE(one->remove("x").ok());
  CHECK(one->filter().counter(0) == 0);
}

TEST_CASE("the article's unchecked remove of a false positive makes a false negative; replayed on rebuild") {
  // Tiny preset at m = 64, k = 3: Qwerty's bits 25, 52, 15 are letmein's (DESIGN.md), and
  // letmein alone sets 15 and 25 (the other tiny words do not), so taking Qwerty out breaks it.
  Result<WordSet> set =
      WordSet::create({64, 3, Variant::counting, Scheme::reference, {}, {CounterWidth::unbounded}});
  REQUIRE(set.ok());
  for (const char* w : {"password", "12345", "qwerty", "dragon", "letmein"}) set->add(w);
  CHECK(set->filter().contains("Qwerty"));  // a false positive
  CHECK_FALSE(set->remove("Qwerty").ok());  // the checked remove refuses
  CHECK(set->would_break_if_cleared("Qwerty", true) == std::vector<std::string>{"letmein"});
  Result<std::vector<std::string>> broken = set->remove_unchecked("Qwerty");
  REQUIRE(broken.ok());
  CHECK(*broken == std::vector<std::string>{"letmein"});
  CHECK_FALSE(set->filter().contains("letmein"));
  CHECK(set->explain("letmein").sentence().find("false negative") != std::string::npos);
  // A rebuild (new k, then back) replays the removal: the false negative stays until undone.
  REQUIRE_FALSE(
      set->set_params({64, 4, Variant::counting, Scheme::reference, {}, {CounterWidth::unbounded}}));
  REQUIRE_FALSE(
      set->set_params({64, 3, Variant::counting, Scheme::reference, {}, {CounterWidth::unbounded}}));
  CHECK(set->false_negatives() == std::vector<std::string>{"letmein"});
  set->set_unchecked_removals({});
  CHECK(set->false_negatives().empty());
  CHECK(set->filter().contains("letmein"));
  // The standard variant has no remove at all.
  Result<WordSet> standard = WordSet::create({64, 3});
  REQUIRE(standard.ok());
  CHECK_FALSE(standard->remove_unchecked("Qwerty").ok());
}

TEST_CASE("designs of any size: n = 1, n = 10^12, p = 10^-12, against the formulas") {
  for (double n : {1.0, 1000.0, 5e9, 1e12}) {
    for (double p : {0.5, 0.01, 1e-6, 1e-12}) {
      CAPTURE(n);
      CAPTURE(p);
      const double raw = -n * std::log(p) / (kLn2 * kLn2);
      const Design ours = design_for_rate(n, p);
      CHECK(ours.m == static_cast<uint64_t>(std::ceil(raw)));
      CHECK(ours.k == std::max(1.0, std::round(double(ours.m) / n * kLn2)));
      CHECK(ours.fp == doctest::Approx(std::pow(1 - std::exp(-double(ours.k) * n / double(ours.m)), ours.k)));
      CHECK(ours.fp <= p * 1.05);  // rounding k costs a little at most
      CHECK(ours.buildable == (ours.m <= (uint64_t{1} << 32) && ours.k <= 64));
      const Design floor = design_for_rate_floor(n, p);
      CHECK(floor.m == static_cast<uint64_t>(std::max(1.0, std::floor(raw))));
      CHECK(floor.k == std::max(1.0, std::floor(double(floor.m) / n * kLn2)));
    }
  }
  CHECK_FALSE(design_for_rate(5e9, 0.01).buildable);  // 47,925,291,887 bits
  CHECK(design_for_rate(5e9, 0.01).m == 47925291887ull);
  CHECK(memory_text(47925291887ull) == "47,925,291,887 bits = 5.58 GiB");
}

TEST_CASE("memory budgets: parse, and the best k for n items in them") {
  CHECK(parse_memory("4GiB").value() == uint64_t{4} << 33);
  CHECK(parse_memory("4 GiB").value() == uint64_t{4} << 33);
  CHECK(parse_memory("512MiB").value() == uint64_t{512} << 23);
  CHECK(parse_memory("64 KiB").value() == 64 * 8192);
  CHECK(parse_memory("100000 bytes").value() == 800000);
  CHECK(parse_memory("1e6 bits").value() == 1000000);
  CHECK(parse_memory("4GB").value() == 32000000000ull);
  CHECK(parse_memory("1 bit").value() == 1);
  for (const char* bad : {"", "GiB", "4", "4 parsecs", "-1GiB", "0 bits", "nan GiB", "inf bits", "1e30 GiB",
                          "0.01 bits", " 4GiB"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_memory(bad).ok());
  }
  // 5 billion URLs in 4 GiB: 6.87 bits each, best k = round(6.87 * ln 2) = 5 (4.76 real).
  const double n = 5e9, m = double(uint64_t{4} << 33);
  const Design d = design_for_memory(n, uint64_t{4} << 33);
  CHECK(d.k == 5);
  CHECK(d.fp == doctest::Approx(std::pow(1 - std::exp(-5 * n / m), 5)));
  // The best integer k is never worse than its neighbours.
  for (uint64_t bits : {uint64_t{1}, uint64_t{100}, uint64_t{95851}, uint64_t{1} << 40}) {
    const Design b = design_for_memory(1000, bits);
    const auto fp = [&](double k) { return std::pow(1 - std::exp(-k * 1000 / double(bits)), k); };
    CHECK(b.fp <= fp(b.k + 1) + 1e-15);
    if (b.k > 1) CHECK(b.fp <= fp(b.k - 1) + 1e-15);
  }
  CHECK(design_for_memory(1, 1).k == 1);
  // 10,000 words in 4 GiB = 2^35 bits: (m/n)·ln 2 = 2,381,635.5, but k stops at the 64 hashes
  // BloomLab builds, and the rate (1 − e^(−64·10^4/2^35))^64 ≈ 1.9e-303 is not rounded to 0.
  const Design wide = design_for_memory(10000, uint64_t{1} << 35);
  CHECK(wide.k == 64);
  CHECK(wide.fp == doctest::Approx(std::pow(1 - std::exp(-64 * 1e4 / double(uint64_t{1} << 35)), 64)));
  CHECK(wide.fp > 0);
}

TEST_CASE(
    "the counter width and the unchecked remove are the counting variant's own; sha256md5 is a scheme for any") {
  // Only the counting variant's row has them (variant.h); the others refuse through the table.
  for (Variant v : variant_ids()) {
    CAPTURE(variant_name(v));
    // The cuckoo filter's remove is one operation either way: a false positive's fingerprint is
    // another word's (variant_cuckoo.cpp).
    CHECK((variant_ops(v).remove_unchecked != nullptr) == (v == Variant::counting || v == Variant::cuckoo));
    CHECK((variant_ops(v).counter != nullptr) == holds_counts(variant_ops(v)));
    if (variant_ops(v).remove_unchecked) continue;
    Result<Filter> f = Filter::create({64, 3, v});
    REQUIRE(f.ok());
    f->add("password");
    const uint64_t set = f->bits_set();
    CHECK(f->remove_unchecked("Qwerty") == RemoveOutcome::refused_variant);
    CHECK(f->bits_set() == set);
  }
  // Every width starts from zero again after clear(): 300 adds of one word saturate 4- and 8-bit
  // counters (15, 255) and count 300 in unbounded ones; after clear each of its k counters is 0.
  for (CounterWidth c : kAllCounterWidths) {
    Result<Filter> f = Filter::create({64, 3, Variant::counting, Scheme::reference, {}, {c}});
    REQUIRE(f.ok());
    for (int i = 0; i < 300; ++i) f->add("dragon");
    std::vector<uint64_t> pos;
    f->positions_of("dragon", pos);  // 30, 1, 36 (DESIGN.md)
    REQUIRE(pos == std::vector<uint64_t>{30, 1, 36});
    for (uint64_t i : pos) CHECK(f->counter(i) == std::min<uint64_t>(300, counter_max(c)));
    f->clear();
    for (uint64_t i : pos) CHECK(f->counter(i) == 0);
    CHECK(f->bits_set() == 0);
  }
  // The scheme is orthogonal to the variant: a counting filter of any width hashed with
  // SHA-256 + MD5 has the standard filter's positions, here from Python's hashlib:
  // [(h1 + i*h2) % 9585 for i in range(6)] for "кот".
  const std::vector<uint64_t> kot{881, 2615, 4349, 6083, 7817, 9551};
  for (CounterWidth c : kAllCounterWidths) {
    Result<Filter> f = Filter::create({9585, 6, Variant::counting, Scheme::sha256md5, {}, {c}});
    REQUIRE(f.ok());
    std::vector<uint64_t> pos;
    f->positions_of("кот", pos);
    CHECK(pos == kot);
    f->add("кот");
    CHECK(f->contains("кот"));
    REQUIRE(f->remove("кот") == RemoveOutcome::removed);
    CHECK(f->bits_set() == 0);
  }
}
