// The filters: the uniform face, the limits, no false negatives for any variant and scheme,
// counting remove and saturation, the blocked layout.
#include <doctest.h>

#include <algorithm>
#include <cmath>

#include "core/filter.h"
#include "test_support.h"

using namespace bloomlab;

namespace {
Filter make(uint64_t m, uint32_t k, Variant v = Variant::standard, Scheme s = Scheme::reference) {
  Result<Filter> f = Filter::create({m, k, v, s});
  REQUIRE(f.ok());
  return std::move(*f);
}
// Adds the words in one call (Filter::add_many: a binary fuse filter builds once).
void add_all(Filter& f, const std::vector<std::string>& words) {
  std::vector<uint64_t> h;
  for (const std::string& w : words) h.push_back(fnv1a64(w));
  f.add_many(words.data(), h.data(), words.size());
}
}  // namespace

TEST_CASE("create refuses m and k outside the limits, naming the value") {
  CHECK(Filter::create({0, 3}).error() ==
        "m must be a whole number of bits from 1 to 2^32 (4,294,967,296); 0 is not.");
  CHECK(Filter::create({uint64_t{1} << 33, 3}).error() ==
        "m must be a whole number of bits from 1 to 2^32 (4,294,967,296); 8589934592 is not.");
  CHECK(Filter::create({64, 0}).error() == "k must be a whole number of hashes from 1 to 64; 0 is not.");
  CHECK(Filter::create({64, 65}).error() == "k must be a whole number of hashes from 1 to 64; 65 is not.");
  CHECK(Filter::create({1, 64}).ok());
  CHECK_FALSE(validate({uint64_t{1} << 32, 64}).has_value());
}

TEST_CASE("the article's example: Qwerty makes letmein a false positive at m = 64, k = 3") {
  Filter f = make(64, 3);
  f.add("Qwerty");
  CHECK(f.bits_set() == 3);
  CHECK(f.bit(15));
  CHECK(f.bit(25));
  CHECK(f.bit(52));
  CHECK(f.contains("letmein"));
  const Query q = f.query("dragon");
  CHECK(q.positions == std::vector<uint64_t>{30, 1, 36});
  CHECK(q.zero_bits == std::vector<uint64_t>{1, 30, 36});
  CHECK_FALSE(q.possibly);
  CHECK(f.items_added() == 1);
  CHECK(f.size_in_bits() == 64);
  CHECK(f.size_in_bytes() == 8);
  CHECK(f.bit_words().size() == 1);
  CHECK(f.bit_words()[0] == ((uint64_t{1} << 15) | (uint64_t{1} << 25) | (uint64_t{1} << 52)));
}

TEST_CASE("sizes: m bits, 4m for counting, rounded up to bytes") {
  CHECK(make(100, 3).size_in_bytes() == 13);
  CHECK(make(100, 3, Variant::counting).size_in_bits() == 400);
  CHECK(make(100, 3, Variant::counting).size_in_bytes() == 50);
}

TEST_CASE(
    "no false negatives in random add/query trials (a million per variant and scheme; 100,000 under ASan)") {
  // A trial: a random word is added, and after the round every word is queried. Each of the 12
  // (variant, scheme) pairs gets its own million, over edge-case and random sizes and k. Under
  // AddressSanitizer (Debug, ~60x slower: 6 minutes alone) each pair gets 100,000 instead, which
  // still covers every edge size below (13 rounds of 5,000) and a few random ones; the release
  // and wasm trees run the full million.
#ifdef BLOOMLAB_SANITIZED
  constexpr uint64_t kTrialsEach = 100000;
#else
  constexpr uint64_t kTrialsEach = 1000000;
#endif
  constexpr int kWordsPerRound = 5000;
  test::Random rng(2024);
  const uint64_t sizes[] = {1, 2, 3, 63, 64, 65, 511, 512, 1023, 1024, 1500, 100000, 1000003};
  std::vector<std::string> words;
  for (Variant v : variant_ids()) {
    // A filter built from its whole set (binary fuse) takes each round's words at once, as it
    // is used (one by one, each add would rebuild it: test_binary_fuse.cpp does that on fewer);
    // it has no scheme.
    const bool at_once = variant_ops(v).rebuilt_on_add;
    for (Scheme s : kAllSchemes) {
      if (at_once && s != Scheme::reference) continue;
      uint64_t trials = 0;
      for (int round = 0; trials < kTrialsEach; ++round) {
        const uint64_t m = round < 13 ? sizes[round] : 1 + rng.below(2000000);
        const uint32_t k = static_cast<uint32_t>(1 + rng.below(round % 3 ? 12 : 64));
        Filter f = make(m, k, v, s);
        words.clear();
        for (int i = 0; i < kWordsPerRound; ++i) {
          words.push_back(rng.word());
          if (!at_once && f.add(words.back()) == InsertOutcome::refused_full)
            words.pop_back();  // a full cuckoo filter
        }
        if (at_once) add_all(f, words);
        bool all_found = true;
        for (size_t i = 0; i < words.size(); ++i)  // query(), which allocates, on every 16th
          all_found = all_found && f.contains(words[i]) && (i % 16 || f.query(words[i]).possibly);
        CHECK_MESSAGE(all_found, variant_name(v), " ", scheme_name(s), " m=", m, " k=", k);
        trials += words.size();
      }
      CHECK(trials >= kTrialsEach);
    }
  }
}

TEST_CASE("bits_set counts distinct non-zero positions") {
  test::Random rng(5);
  for (Variant v : variant_ids()) {
    Filter f = make(777, 4, v);
    for (int i = 0; i < 300; ++i) f.add(rng.word());
    uint64_t count = 0;
    for (uint64_t i = 0; i < f.bit_count(); ++i) count += f.bit(i);
    CHECK(f.bits_set() == count);
    uint64_t popcount = 0;
    for (uint64_t w : f.bit_words()) popcount += static_cast<uint64_t>(__builtin_popcountll(w));
    CHECK(popcount == count);
  }
}

TEST_CASE("counting: remove undoes add, refuses a surely absent word, other variants refuse") {
  Filter f = make(64, 3, Variant::counting);
  CHECK(f.remove("dragon") == RemoveOutcome::refused_absent);
  f.add("dragon");
  f.add("Qwerty");
  CHECK(f.counter(30) == 1);
  CHECK(f.remove("dragon") == RemoveOutcome::removed);
  CHECK(f.bits_set() == 3);
  CHECK_FALSE(f.contains("dragon"));
  CHECK(f.contains("Qwerty"));
  CHECK(f.items_added() == 1);
  Filter s = make(64, 3);
  s.add("dragon");
  CHECK(s.remove("dragon") == RemoveOutcome::refused_variant);
  CHECK(s.contains("dragon"));
}

TEST_CASE("counting: removing members never creates a false negative, even with saturation") {
  test::Random rng(99);
  for (uint64_t m : {16u, 64u, 1000u, 20000u}) {
    for (Scheme s : kAllSchemes) {
      Filter f = make(m, 4, Variant::counting, s);
      std::vector<std::string> words;
      for (int i = 0; i < 2000; ++i) {
        words.push_back(rng.word() + std::to_string(i));  // distinct
        f.add(words.back());
      }
      if (m == 16) CHECK(f.counter(0) == kCounterMax);  // 8000 increments on 16 counters
      // Remove every other word; the rest must still be found.
      for (size_t i = 0; i < words.size(); i += 2) REQUIRE(f.remove(words[i]) == RemoveOutcome::removed);
      bool all_found = true;
      for (size_t i = 1; i < words.size(); i += 2) all_found = all_found && f.contains(words[i]);
      CHECK_MESSAGE(all_found, "m=", m, " scheme=", scheme_name(s));
      CHECK(f.items_added() == 1000);
    }
  }
}

TEST_CASE("counting: a saturated counter never goes down") {
  Filter f = make(1, 1, Variant::counting);
  for (int i = 0; i < 20; ++i) f.add("w" + std::to_string(i));
  CHECK(f.counter(0) == 15);
  for (int i = 0; i < 20; ++i) CHECK(f.remove("w" + std::to_string(i)) == RemoveOutcome::removed);
  CHECK(f.counter(0) == 15);
  CHECK(f.contains("anything"));
}

TEST_CASE("counting: removing a false positive is the one way to break it") {
  Filter f = make(64, 3, Variant::counting);
  f.add("Qwerty");
  CHECK(f.contains("letmein"));
  CHECK(f.remove("letmein") == RemoveOutcome::removed);  // the filter cannot tell
  CHECK_FALSE(f.contains("Qwerty"));                     // a false negative
}

TEST_CASE("blocked: the k positions of an item lie in one 512-bit block") {
  test::Random rng(3);
  for (uint64_t m : {100u, 512u, 1000u, 1024u, 1536u, 5000u, 1000000u}) {
    for (Scheme s : kAllSchemes) {
      Filter f = make(m, 8, Variant::blocked, s);
      const uint64_t blocks = blocked_block_count(m);
      std::vector<uint64_t> pos;
      for (int i = 0; i < 500; ++i) {
        f.positions_of(rng.word(), pos);
        REQUIRE(pos.size() == 8);
        const uint64_t block = std::min(pos[0] / kBlockBits, blocks - 1);
        for (uint64_t p : pos) {
          REQUIRE(p < m);
          REQUIRE(std::min(p / kBlockBits, blocks - 1) == block);
        }
      }
    }
  }
  CHECK(blocked_block_count(100) == 1);
  CHECK(blocked_block_bits(100, 0) == 100);
  CHECK(blocked_block_count(1536) == 3);
  CHECK(blocked_block_bits(1600, 2) == 576);
}

// The query reads the block's line its own way (a shift for 512-bit blocks, a multiply for a
// wider last one; one by one and batched): it must answer what the positions' bits say.
TEST_CASE("blocked: contains() and contains_many() answer from the positions' bits") {
  test::Random rng(5);
  std::vector<std::string> words;
  for (int i = 0; i < 4000; ++i) words.push_back(rng.word());
  std::vector<std::string_view> views(words.begin(), words.end());
  for (uint64_t m : {1600u, 5000u, 512u * 64, 100000u}) {  // 1600: a last block of 576 bits
    Filter f = make(m, 6, Variant::blocked);
    const size_t added = std::min<size_t>(m / 16, 2000);  // about a third of the bits set
    for (size_t i = 0; i < added; ++i) f.add(words[i]);
    std::vector<uint8_t> out(words.size());
    f.contains_many(views.data(), views.size(), out.data());
    std::vector<uint64_t> pos;
    size_t maybes = 0, in_last_block = 0;
    for (size_t i = 0; i < words.size(); ++i) {
      f.positions_of(words[i], pos);
      bool all = true;
      for (uint64_t p : pos) all = all && f.bit(p);
      REQUIRE(f.contains(words[i]) == all);
      REQUIRE(bool(out[i]) == all);
      maybes += all;
      in_last_block += pos[0] / kBlockBits + 1 >= blocked_block_count(m);
    }
    CHECK(maybes >= added);        // every added word, and maybe some others
    CHECK(maybes < words.size());  // not all: both answers are exercised
    CHECK(in_last_block > 0);      // the wider last block is queried too
  }
}

TEST_CASE("blocked: every block is used, roughly evenly") {
  Filter f = make(512 * 8, 1, Variant::blocked);
  std::vector<int> per_block(8);
  std::vector<uint64_t> pos;
  for (int i = 0; i < 8000; ++i) {
    f.positions_of("w" + std::to_string(i), pos);
    ++per_block[pos[0] / 512];
  }
  for (int c : per_block) CHECK(std::abs(c - 1000) < 150);  // 1000 +- 4.7 sigma
}

TEST_CASE("clear empties the filter") {
  for (Variant v : variant_ids()) {
    Filter f = make(100, 3, v);
    f.add("dragon");
    f.clear();
    CHECK(f.bits_set() == 0);
    CHECK(f.items_added() == 0);
    CHECK_FALSE(f.contains("dragon"));
  }
}

TEST_CASE("variant names round-trip") {
  for (Variant v : variant_ids()) CHECK(parse_variant(variant_name(v)) == v);
  CHECK_FALSE(parse_variant("quotient").has_value());
}

// The variants' one face (variant.h): each enum value has its own registered row, and the
// filter asks the row, not the enum, what it can do.
TEST_CASE("every variant is registered once, under its own name") {
  std::vector<std::string> names;
  for (Variant v : variant_ids()) {
    const VariantOps& ops = variant_ops(v);
    CHECK(ops.id == v);
    names.push_back(ops.name);
    Filter f = make(1000, 4, v);
    CHECK(&f.ops() == &ops);
    f.add("dragon");
    CHECK(f.contains("dragon"));
    CHECK(f.query("dragon").possibly);
    // Only a variant with counters (or fingerprints in buckets) can take a word back.
    CHECK((f.remove("dragon") == RemoveOutcome::removed) == ops.can_remove);
    // m = 1000 bits, unless the variant sizes itself (from its own parameters, or its words).
    CHECK(f.size_in_bits() >= (ops.sizes_itself ? 1 : 1000));
  }
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::unique(sorted.begin(), sorted.end()) == sorted.end());
  std::string joined;
  for (const std::string& n : names) joined += (joined.empty() ? "" : ", ") + n;
  CHECK(variant_names() == joined);
  CHECK(variant_ops(Variant::counting).can_remove);
  CHECK_FALSE(variant_ops(Variant::standard).can_remove);
  CHECK_FALSE(variant_ops(Variant::blocked).has_exact_theory);
}

// The standard and counting variants put the same positions into one array of m: one theory,
// written once (variant_detail.h), which both rows point to; its value is Bloom's formula.
TEST_CASE("the standard and counting variants share one theory") {
  const VariantOps& standard = variant_ops(Variant::standard);
  const VariantOps& counting = variant_ops(Variant::counting);
  CHECK(bool(counting.theory_fp == standard.theory_fp));
  CHECK(bool(counting.theory_formula == standard.theory_formula));
  FilterParams p;
  p.m = 100000, p.k = 7;
  CHECK(standard.theory_fp(p, 10000) == doctest::Approx(std::pow(1 - std::exp(-0.7), 7)).epsilon(1e-12));
}

// The bit array starts on a cache line, so that each 512-bit block is one line.
TEST_CASE("the bit array is aligned to 64 bytes") {
  for (uint64_t m : {64u, 1000u, 4096u, 100000u}) {
    Filter f = make(m, 3, Variant::blocked);
    CHECK(reinterpret_cast<uintptr_t>(f.bit_words().data()) % 64 == 0);
  }
}

// The batched query (variant.h, contains_batch) gives contains()'s answers, batch edges included.
TEST_CASE("contains_many answers as contains does") {
  test::Random rng(11);
  std::vector<std::string> words;
  for (int i = 0; i < 1000; ++i) words.push_back(rng.word());
  for (Variant v : variant_ids()) {
    for (uint64_t m : {64u, 5000u, 100000u}) {
      Filter f = make(m, 5, v);
      for (size_t i = 0; i < words.size(); i += 2) f.add(words[i]);
      std::vector<std::string_view> views(words.begin(), words.end());
      for (size_t count : {size_t{0}, size_t{1}, kBatch - 1, kBatch, kBatch + 1, words.size()}) {
        std::vector<uint8_t> out(count + 1, 7);
        f.contains_many(views.data(), count, out.data());
        for (size_t i = 0; i < count; ++i) REQUIRE(bool(out[i]) == f.contains(words[i]));
        CHECK(out[count] == 7);  // nothing written past the end
      }
    }
  }
}

// A rebuild adds every word at once (Filter::add_many; the standard variant's tight loop for the
// reference and weak schemes): the same bits, the same count of bits set and of items as adding
// them one by one, for every variant and scheme, on a small array (the bits counted at the end)
// and on a large one (counted as they are set).
TEST_CASE("add_many builds the filter add() builds") {
  test::Random rng(17);
  std::vector<std::string> words;
  for (int i = 0; i < 3000; ++i) words.push_back(rng.word());
  std::vector<uint64_t> h;
  for (const std::string& w : words) h.push_back(fnv1a64(w));
  for (Variant v : variant_ids()) {
    for (Scheme s : kAllSchemes) {
      for (uint64_t m : {64u, 5000u, 100000u, 10000000u}) {
        CAPTURE(variant_name(v));
        CAPTURE(int(s));
        CAPTURE(m);
        Filter one = make(m, 5, v, s), many = make(m, 5, v, s);
        one.add(words[0]);
        many.add(words[0]);  // not empty before: add_many adds to what is there
        for (size_t i = 1; i < words.size(); ++i) one.add(words[i]);
        many.add_many(words.data() + 1, h.data() + 1, words.size() - 1);
        CHECK(many.bit_words() == one.bit_words());
        CHECK(many.bits_set() == one.bits_set());
        CHECK(many.items_added() == one.items_added());
      }
    }
  }
}
