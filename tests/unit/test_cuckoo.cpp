// The cuckoo filter (src/core/cuckoo.h) against its reference: the golden values below come from
// tests/unit/cuckoo_reference.py, written from the spec alone (ctest cuckoo_reference_current
// fails if they differ from what it prints); and what a filter must do whatever its values.
#include <doctest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/cuckoo.h"
#include "core/filter.h"
#include "core/hashing.h"
#include "core/params.h"
#include "core/word_set.h"

using namespace bloomlab;

namespace {

std::string hex(std::string_view word) {
  std::string out;
  char buf[3];
  for (unsigned char c : word) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out.empty() ? "-" : out;
}

// The lines cuckoo_reference.py prints, computed by the core.
std::vector<std::string> computed() {
  std::vector<std::string> lines;
  const std::pair<unsigned, uint64_t> shapes[] = {{4, 1}, {8, 2}, {12, 1024}, {16, 1 << 20}, {32, 1 << 24}};
  const std::string words[] = {"", "a", "hello", "letmein", "пароль", std::string("nul\0byte", 8)};
  for (const auto& [f, buckets] : shapes)
    for (const std::string& w : words) {
      const CuckooPlace p = cuckoo_place(CuckooParams{f, 4, buckets}, w);
      lines.push_back("PLACE " + std::to_string(f) + " " + std::to_string(buckets) + " " + hex(w) + " " +
                      std::to_string(p.fingerprint) + " " + std::to_string(p.bucket1) + " " +
                      std::to_string(p.bucket2));
    }
  CuckooFilter c(CuckooParams{8, 2, 8});
  int n = 0;
  CuckooInsert outcome = CuckooInsert::placed;
  while (outcome == CuckooInsert::placed) outcome = c.insert("w" + std::to_string(n++));
  lines.push_back("FULL 8 2 8 after " + std::to_string(n) + " " +
                  (outcome == CuckooInsert::placed_full ? "placed_full" : "refused_full") + " victim " +
                  std::to_string(c.victim().fingerprint) + " " + std::to_string(c.victim().bucket));
  std::string table = "TABLE";
  for (uint64_t b = 0; b < 8; ++b)
    for (unsigned i = 0; i < 2; ++i) table += " " + std::to_string(c.slot(b, i));
  lines.push_back(table);
  return lines;
}

}  // namespace

TEST_CASE("cuckoo filter: fingerprints, buckets and a fill to full agree with the reference") {
  const std::vector<std::string> golden = {
      "PLACE 4 1 - 5 0 0",
      "PLACE 4 1 61 1 0 0",
      "PLACE 4 1 68656c6c6f 4 0 0",
      "PLACE 4 1 6c65746d65696e 1 0 0",
      "PLACE 4 1 d0bfd0b0d180d0bed0bbd18c 9 0 0",
      "PLACE 4 1 6e756c0062797465 5 0 0",
      "PLACE 8 2 - 65 1 0",
      "PLACE 8 2 61 61 0 1",
      "PLACE 8 2 68656c6c6f 244 1 1",
      "PLACE 8 2 6c65746d65696e 106 1 1",
      "PLACE 8 2 d0bfd0b0d180d0bed0bbd18c 9 1 0",
      "PLACE 8 2 6e756c0062797465 140 0 0",
      "PLACE 12 1024 - 3290 805 967",
      "PLACE 12 1024 61 826 140 590",
      "PLACE 12 1024 68656c6c6f 3064 267 595",
      "PLACE 12 1024 6c65746d65696e 376 399 855",
      "PLACE 12 1024 d0bfd0b0d180d0bed0bbd18c 519 15 284",
      "PLACE 12 1024 6e756c0062797465 1970 378 480",
      "PLACE 16 1048576 - 26840 140069 245405",
      "PLACE 16 1048576 61 35761 126092 494473",
      "PLACE 16 1048576 68656c6c6f 31864 703755 201939",
      "PLACE 16 1048576 6c65746d65696e 41416 660879 992487",
      "PLACE 16 1048576 d0bfd0b0d180d0bed0bbd18c 64779 930831 228968",
      "PLACE 16 1048576 6e756c0062797465 38900 522618 949374",
      "PLACE 32 16777216 - 3421674725 2237221 13933932",
      "PLACE 32 16777216 61 2942557261 126092 8364381",
      "PLACE 32 16777216 68656c6c6f 2754664519 11189515 9911640",
      "PLACE 32 16777216 6c65746d65696e 4150372966 11146639 10426065",
      "PLACE 32 16777216 d0bfd0b0d180d0bed0bbd18c 3887928654 10368015 8474729",
      "PLACE 32 16777216 6e756c0062797465 2146637825 12056954 9509103",
      "FULL 8 2 8 after 16 placed_full victim 115 2",
      "TABLE 109 92 116 95 106 98 93 110 96 113 99 107 94 0 97 114",
  };
  const std::vector<std::string> ours = computed();
  REQUIRE(ours.size() == golden.size());
  for (size_t i = 0; i < golden.size(); ++i) CHECK(ours[i] == golden[i]);
}

TEST_CASE("cuckoo filter: a fingerprint is never 0 and the alternate of the alternate is the bucket") {
  std::mt19937_64 rng(7);
  for (unsigned f : {4u, 5u, 8u, 12u, 16u, 31u, 32u})
    for (int i = 0; i < 20000; ++i) {
      const uint64_t h = rng();
      const uint32_t fp = cuckoo_fingerprint(h, f);
      REQUIRE(fp >= 1);
      REQUIRE(uint64_t(fp) <= (uint64_t{1} << f) - 1);
      const uint64_t buckets = uint64_t{1} << (i % 25);
      const uint64_t b = h & (buckets - 1);
      REQUIRE(cuckoo_alternate(cuckoo_alternate(b, fp, buckets), fp, buckets) == b);
    }
}

TEST_CASE("cuckoo filter: no false negative, before and after removals") {
  CuckooFilter c(CuckooParams{12, 4, 1 << 14});  // 65,536 slots
  std::vector<std::string> words;
  for (int i = 0; i < 60000; ++i) words.push_back("word-" + std::to_string(i));  // load 0.92
  for (const std::string& w : words) REQUIRE(c.insert(w) != CuckooInsert::refused_full);
  CHECK_FALSE(c.full());
  CHECK(c.load() == doctest::Approx(60000.0 / 65536));
  for (const std::string& w : words) REQUIRE(c.contains(w));
  // Remove every third word: the others are all still there.
  for (size_t i = 0; i < words.size(); i += 3) REQUIRE(c.remove(words[i]) == CuckooRemove::removed);
  for (size_t i = 0; i < words.size(); ++i)
    if (i % 3 != 0) REQUIRE(c.contains(words[i]));
  CHECK(c.count() == 40000);
}

TEST_CASE("cuckoo filter: full refuses the next insert and loses nothing") {
  CuckooFilter c(CuckooParams{16, 4, 4});  // 16 slots
  std::vector<std::string> in;
  CuckooInsert outcome = CuckooInsert::placed;
  for (int i = 0; outcome == CuckooInsert::placed; ++i) {
    in.push_back("item" + std::to_string(i));
    outcome = c.insert(in.back());
  }
  REQUIRE(outcome == CuckooInsert::placed_full);
  CHECK(c.full());
  CHECK(c.count() == in.size());
  CHECK(c.count() <= 17);  // every slot and the victim
  for (const std::string& w : in) CHECK(c.contains(w));
  CHECK(c.insert("one more") == CuckooInsert::refused_full);
  CHECK(c.count() == in.size());
  for (const std::string& w : in) CHECK(c.contains(w));
  // A removal makes room: the victim goes back into the table, and inserts work again.
  REQUIRE(c.remove(in.front()) == CuckooRemove::removed);
  for (size_t i = 1; i < in.size(); ++i) CHECK(c.contains(in[i]));
  CHECK(c.remove("never added, and no fingerprint matches it") == CuckooRemove::absent);
  c.clear();
  CHECK(c.count() == 0);
  CHECK_FALSE(c.full());
  CHECK_FALSE(c.contains(in[1]));
}

// The step-through shows an add before it happens: plan_insert is the insert, without it.
TEST_CASE("cuckoo filter: plan_insert foretells each insert's kicks and outcome, changing nothing") {
  CuckooFilter f(CuckooParams{8, 2, 16});
  int kicked = 0;
  for (int i = 0; !f.full(); ++i) {
    const uint64_t h = fnv1a64("w" + std::to_string(i));
    std::vector<CuckooKick> planned, done;
    uint64_t landed = ~uint64_t{0};
    const CuckooInsert plan = f.plan_insert(h, &planned, &landed);
    const uint64_t count = f.count();
    CHECK(f.plan_insert(h, nullptr) == plan);  // again: the plan changed nothing
    CHECK(f.count() == count);
    CHECK(f.insert_hash(h, &done) == plan);
    REQUIRE(planned.size() == done.size());
    for (size_t j = 0; j < done.size(); ++j) {
      CHECK(planned[j].fingerprint == done[j].fingerprint);
      CHECK(planned[j].from == done[j].from);
      CHECK(planned[j].to == done[j].to);
      CHECK(planned[j].slot == done[j].slot);
    }
    if (plan == CuckooInsert::placed) {  // the bucket it named now holds the last fingerprint moved
      const uint32_t moved = done.empty() ? cuckoo_place(f.params(), h).fingerprint : done.back().fingerprint;
      const CuckooPlace place = cuckoo_place(f.params(), h);
      CHECK((done.empty() ? (landed == place.bucket1 || landed == place.bucket2) : landed == done.back().to));
      bool held = false;
      for (unsigned j = 0; j < f.params().bucket_size; ++j) held |= f.slot(landed, j) == moved;
      CHECK(held);
    }
    kicked += !done.empty();
  }
  CHECK(kicked > 0);  // some inserts kicked before the filter was full
  CHECK(f.plan_insert(fnv1a64("one more"), nullptr) == CuckooInsert::refused_full);
}

TEST_CASE("cuckoo filter: measured FP within statistical bounds of the theory") {
  const CuckooParams p{8, 4, 1 << 12};  // 16,384 slots, f = 8: about 2·4·α/255
  CuckooFilter c(p);
  // Words of random letters: FNV-1a's high half (the fingerprint) mixes sequential words such as
  // "in-1", "in-2" poorly, and their FP came out at 3.1% where the theory says 2.8%.
  std::mt19937_64 rng(11);
  const auto word = [&rng](char first) {
    std::string w(1, first);
    for (size_t i = 0, len = 6 + rng() % 6; i < len; ++i) w += char('a' + rng() % 26);
    return w;
  };
  const int n = 15000;  // load 0.92
  for (int i = 0; i < n; ++i) REQUIRE(c.insert(word('i')) == CuckooInsert::placed);
  const int trials = 200000;
  int fp = 0;
  for (int i = 0; i < trials; ++i) fp += c.contains(word('o')) ? 1 : 0;  // never added: 'o' first
  const double theory = cuckoo_theory_fp(p, n);
  const double sigma = std::sqrt(theory * (1 - theory) / trials);
  MESSAGE("cuckoo f=8 b=4 load 0.92: measured " << double(fp) / trials << ", theory " << theory);
  CHECK(std::fabs(double(fp) / trials - theory) < 5 * sigma);
}

TEST_CASE("cuckoo filter: its parameters are checked in words") {
  CHECK_FALSE(check_cuckoo_params(CuckooParams{}).has_value());
  const auto f = check_cuckoo_params(CuckooParams{3, 4, 1024});
  REQUIRE(f.has_value());
  CHECK(f->message == "f (the fingerprint's bits) must be a whole number from 4 to 32; 3 is not.");
  CHECK(check_cuckoo_params(CuckooParams{33, 4, 1024}).has_value());
  CHECK(check_cuckoo_params(CuckooParams{12, 3, 1024}).has_value());
  const auto b = check_cuckoo_params(CuckooParams{12, 4, 1000});
  REQUIRE(b.has_value());
  CHECK(b->message == "B (buckets) must be a power of two from 1 to 2^24 (16,777,216); 1000 is not.");
  CHECK(b->code == ErrorCode::cuckoo_buckets_range);
  CHECK(check_cuckoo_params(CuckooParams{12, 4, uint64_t{1} << 25}).has_value());
  CHECK(check_cuckoo_params(CuckooParams{12, 4, 0}).has_value());
  CHECK(CuckooParams{12, 4, 1024}.bits() == 12 * 4 * 1024);
}

// ---- as a variant: the filter, the word set, the parameter rows --------------------------------

namespace {

FilterParams cuckoo_params(unsigned f, unsigned b, uint64_t buckets) {
  FilterParams p;
  p.variant = Variant::cuckoo;
  p.cuckoo = CuckooParams{f, b, buckets};
  return p;
}

}  // namespace

TEST_CASE("cuckoo variant: the filter agrees with CuckooFilter, slot for slot") {
  Result<Filter> f = Filter::create(cuckoo_params(8, 2, 64));
  REQUIRE(f.ok());
  CuckooFilter plain(CuckooParams{8, 2, 64});
  for (int i = 0; i < 200; ++i) {  // more than its 128 slots
    const std::string w = "w" + std::to_string(i);
    const CuckooInsert direct = plain.insert(w);
    const InsertOutcome via = f->add(w);
    CHECK((via == InsertOutcome::refused_full) == (direct == CuckooInsert::refused_full));
  }
  REQUIRE(plain.full());
  CHECK(f->bit_count() == 128);
  CHECK(f->size_in_bits() == 128 * 8);
  uint64_t filled = 0;
  for (uint64_t i = 0; i < 128; ++i) {
    CHECK(f->counter(i) == plain.slot(i / 2, unsigned(i % 2)));
    CHECK(f->bit(i) == (plain.slot(i / 2, unsigned(i % 2)) != 0));
    filled += f->bit(i);
  }
  CHECK(f->bits_set() == filled);
  CHECK(f->items_added() == plain.count());
  // A word's positions: the b slots of its first bucket, then of its second.
  const CuckooPlace place = cuckoo_place(CuckooParams{8, 2, 64}, "dragon");
  std::vector<uint64_t> pos;
  f->positions_of("dragon", pos);
  CHECK(pos == std::vector<uint64_t>{place.bucket1 * 2, place.bucket1 * 2 + 1, place.bucket2 * 2,
                                     place.bucket2 * 2 + 1});
  const Error why = f->refusal("dragon");
  CHECK(why.code == ErrorCode::cuckoo_full);
  CHECK(why.message.find("the cuckoo filter is full") == 0);
}

TEST_CASE("cuckoo variant: a full filter refuses a word, keeps it out of the words and loses nothing") {
  Result<WordSet> set = WordSet::create(cuckoo_params(8, 2, 16));
  REQUIRE(set.ok());
  std::vector<std::string> kept;
  std::string why;
  for (int i = 0;; ++i) {
    const std::string w = "word-" + std::to_string(i);
    const AddOutcome o = set->add(w, &why);
    if (o == AddOutcome::full) {
      CHECK_FALSE(set->contains_word(w));
      CHECK(why.find("the cuckoo filter is full") == 0);
      break;
    }
    REQUIRE(o == AddOutcome::added);
    kept.push_back(w);
  }
  CHECK(set->words() == kept);
  for (const std::string& w : kept) CHECK(set->filter().contains(w));
  // Too small a filter for the words: refused in words, and nothing changes.
  const FilterParams before = set->params();
  const std::optional<Error> refused = set->set_params(cuckoo_params(8, 1, 4));
  REQUIRE(refused.has_value());
  CHECK(refused->code == ErrorCode::words_do_not_fit);  // names no word: one the classroom hides, perhaps
  CHECK(refused->args[0] == std::to_string(kept.size()));
  CHECK(std::stoul(refused->args[1]) < kept.size());
  CHECK(set->params() == before);
  CHECK(set->words() == kept);
  for (const std::string& w : kept) CHECK(set->filter().contains(w));
  // A larger one takes them all; removing one makes room again.
  CHECK_FALSE(set->set_params(cuckoo_params(8, 4, 64)).has_value());
  for (const std::string& w : kept) CHECK(set->filter().contains(w));
  CHECK(set->add("one more") == AddOutcome::added);
  CHECK(set->remove("one more").ok());
  CHECK_FALSE(set->contains_word("one more"));
}

TEST_CASE("cuckoo variant: removing a false positive breaks the member whose fingerprint it takes") {
  // One bucket of 4 slots and 4-bit fingerprints (15 values): a word never added that shares a
  // member's fingerprint is a false positive, and removing it takes that member's only copy.
  Result<WordSet> set = WordSet::create(cuckoo_params(4, 4, 1));
  REQUIRE(set.ok());
  for (const char* w : {"alpha", "beta", "gamma"}) REQUIRE(set->add(w) == AddOutcome::added);
  std::string stranger;
  for (int i = 0; stranger.empty(); ++i) {
    const std::string w = "s" + std::to_string(i);
    if (cuckoo_place(CuckooParams{4, 4, 1}, w).fingerprint ==
        cuckoo_place(CuckooParams{4, 4, 1}, "beta").fingerprint)
      stranger = w;
  }
  REQUIRE(set->filter().contains(stranger));
  CHECK(set->would_break_if_cleared(stranger) == std::vector<std::string>{"beta"});
  CHECK(set->would_break_if_cleared("alpha").empty());  // a member takes its own copy
  Result<std::vector<std::string>> broken = set->remove_unchecked(stranger);
  REQUIRE(broken.ok());
  CHECK(*broken == std::vector<std::string>{"beta"});
  CHECK_FALSE(set->filter().contains("beta"));
}

TEST_CASE("cuckoo variant: its parameters are rows of the schema") {
  FilterParams p;
  CHECK_FALSE(apply_param(p, "variant", "cuckoo"));
  CHECK_FALSE(apply_param(p, "fingerprintBits", "8"));
  CHECK_FALSE(apply_param(p, "bucketSize", "2"));
  CHECK_FALSE(apply_param(p, "buckets", "4096"));
  CHECK(p.cuckoo == CuckooParams{8, 2, 4096});
  const auto bad_b = apply_param(p, "bucketSize", "3");
  REQUIRE(bad_b);
  CHECK(bad_b->code == ErrorCode::cuckoo_bucket_size);
  CHECK(bad_b->message == "b (slots per bucket) must be 1, 2, 4 or 8; 3 is not.");
  const auto bad_buckets = apply_param(p, "buckets", "1000");
  REQUIRE(bad_buckets);
  CHECK(bad_buckets->code == ErrorCode::cuckoo_buckets_range);
  CHECK(bad_buckets->args == std::vector<std::string>{"1000"});
  const auto bad_f = apply_param(p, "fingerprintBits", "x");
  REQUIRE(bad_f);
  CHECK(bad_f->code == ErrorCode::cuckoo_fingerprint_range);
  CHECK(p.cuckoo == CuckooParams{8, 2, 4096});  // refusals change nothing
}
