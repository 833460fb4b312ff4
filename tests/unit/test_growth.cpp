// The growth curve (core/growth.h): every point equals a filter built from scratch from the first
// n words and measured by measure(), for each variant, both ways; the article's overfill figure.
#include <doctest.h>

#include <cmath>

#include "core/growth.h"
#include "core/word_list.h"
#include "core/word_set.h"
#include "test_support.h"

using namespace bloomlab;

namespace {

using test::passwords;

// The list with probe strings among its words (members must be skipped from their prefix on).
std::vector<std::string> with_probe_words(size_t count) {
  std::vector<std::string> words(passwords().begin(), passwords().begin() + long(count));
  words.insert(words.begin() + 3, "probe-7");
  words.insert(words.begin() + long(count / 2), "probe-123");
  words.push_back("probe-0050");  // not how probe 50 is written: a word like any other
  words.push_back("probe-4");
  return words;
}

Measurement prefix_measurement(const FilterParams& p, const std::vector<std::string>& words, uint64_t n,
                               uint64_t probes) {
  Result<WordSet> set = WordSet::create(p);
  REQUIRE(set.ok());
  for (uint64_t i = 0; i < n; ++i) set->add(words[size_t(i)]);
  return measure(*set, probes);
}

// exact: whether the run can give any prefix (the one-pass way), which by_time asks for and a
// filter whose cells words do not fix alone (cuckoo) cannot give.
void check_against_prefix_filters(const FilterParams& p, bool by_time, bool exact) {
  const std::vector<std::string> words = with_probe_words(3000);
  GrowthOptions o;
  o.points = 9;
  o.probes = 5000;
  o.by_first_set_time = by_time;
  GrowthRun run(p, o);
  int pieces = 0;
  while (run.advance(words, 777)) ++pieces;  // in pieces, as the app runs it
  CHECK(pieces > 10);
  CHECK(run.exact() == exact);
  const std::vector<GrowthPoint>& points = run.points();
  REQUIRE(points.size() == 9);
  CHECK(points.front().n == 0);
  CHECK(points.back().n == words.size());
  const double cells = double(Filter::create(p)->bit_count());
  for (const GrowthPoint& g : points) {
    CAPTURE(g.n);
    const Measurement r = prefix_measurement(p, words, g.n, o.probes);
    CHECK(g.bits_set == r.bits_set);
    CHECK(g.false_positives == r.false_positives);
    CHECK(g.probes == r.probes);
    CHECK(g.measured == doctest::Approx(r.measured_rate));
    CHECK(g.theory == doctest::Approx(theoretical_fp_rate(p, double(g.n))));
    CHECK(g.fill == doctest::Approx(double(r.bits_set) / cells));
    CHECK(g.expected_fill == doctest::Approx(expected_fill_share(p, double(g.n))));
  }
  if (exact) {  // any prefix, not only the checkpoints
    for (uint64_t n : {1u, 4u, 5u, 777u, 1501u, 1502u, 3003u}) {
      CAPTURE(n);
      const GrowthPoint g = run.at(n);
      const Measurement r = prefix_measurement(p, words, n, o.probes);
      CHECK(g.bits_set == r.bits_set);
      CHECK(g.false_positives == r.false_positives);
      CHECK(g.probes == r.probes);
    }
  }
}

}  // namespace

TEST_CASE("growth checkpoints") {
  CHECK(growth_checkpoints(10, 3) == std::vector<uint64_t>{0, 5, 10});
  CHECK(growth_checkpoints(2, 5) == std::vector<uint64_t>{0, 1, 2});  // distinct
  CHECK(growth_checkpoints(0, 5) == std::vector<uint64_t>{0});
}

TEST_CASE("the design n: k = (m/n) ln 2") {
  CHECK(design_n({50000, 7}) == doctest::Approx(50000 * 0.69314718056 / 7));
}

TEST_CASE("growth points equal filters built from each prefix") {
  for (Variant v : {Variant::standard, Variant::blocked, Variant::counting}) {
    for (bool by_time : {true, false}) {
      CAPTURE(variant_name(v));
      CAPTURE(by_time);
      check_against_prefix_filters({20011, 5, v, Scheme::reference}, by_time, by_time);
    }
  }
  check_against_prefix_filters({30000, 3, Variant::standard, Scheme::independent}, true, true);
}

// A cuckoo filter's fingerprints move as words come (kicks): no word's cells are fixed by the word
// alone, so the growth is measured on a filter filled to each checkpoint, even when the one-pass
// way is asked for (it wrote past its table: the desktop app crashed on variant=cuckoo).
TEST_CASE("growth of a cuckoo filter: points equal filters built from each prefix") {
  FilterParams p;
  p.variant = Variant::cuckoo;
  p.cuckoo = CuckooParams{12, 4, 1024};  // 4,096 slots for ~3,000 words
  check_against_prefix_filters(p, true, false);
}

TEST_CASE("overfill: a filter designed for 5,000 words that gets 10,000 errs about 14%") {
  // m = 50,000 and k = 7 is the best k for n = 50,000 ln 2 / 7 = 4,951 (10 bits per word, 0.82%);
  // at n = 10,000 the theory is (1 - e^(-7 * 10000 / 50000))^7 = 13.8% (the article's 14%).
  const FilterParams p{50000, 7};
  const std::vector<GrowthPoint> points = growth(p, passwords(), {11, kDefaultProbes, true});
  REQUIRE(points.size() == 11);
  const GrowthPoint& full = points.back();
  CHECK(full.n == 10000);
  CHECK(full.theory == doctest::Approx(std::pow(1 - std::exp(-1.4), 7)));
  CHECK(full.measured > 0.12);
  CHECK(full.measured < 0.16);
  const GrowthPoint& half = points[5];
  CHECK(half.n == 5000);
  CHECK(half.measured < 0.02);  // about 1% at the design point
  CHECK(half.expected_fill == doctest::Approx(1 - std::exp(-0.7)));
}
