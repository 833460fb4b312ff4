// The scalable Bloom filter (variant_scalable.cpp; Almeida, Baquero, Preguiça, Hutchison 2007):
// its stages' sizes from the formulas, no false negatives ever, its compound FP under p0/(1 − r).
#include <doctest.h>

#include <chrono>
#include <cmath>
#include <unordered_set>

#include "core/experiment.h"
#include "core/theory.h"
#include "core/word_list.h"
#include "core/word_set.h"
#include "test_support.h"

using namespace bloomlab;

namespace {
FilterParams scalable(double n0 = 1000, double p0 = 0.01, double s = 2, double r = 0.85) {
  FilterParams p{64, 3, Variant::scalable, Scheme::reference};
  p.scalable = ScalableParams{n0, p0, s, r};
  return p;
}
}  // namespace

TEST_CASE("scalable: stage j is designed for n0 s^j items at p0 r^j, and grows at its fill") {
  Result<Filter> f = Filter::create(scalable(1000, 0.01, 2, 0.85));
  REQUIRE(f.ok());
  REQUIRE(f->stages().size() == 1);
  for (int i = 0; i < 20000; ++i) f->add("w" + std::to_string(i));
  const std::vector<Stage>& st = f->stages();
  REQUIRE(st.size() >= 4);
  uint64_t offset = 0, items = 0;
  for (size_t j = 0; j < st.size(); ++j) {
    // m_j = ceil(-n ln p / ln2^2), k_j = round(m/n ln 2): DESIGN.md's sizing formulas, by hand.
    const double n = 1000 * std::pow(2.0, double(j)), p = 0.01 * std::pow(0.85, double(j));
    const uint64_t m = uint64_t(std::ceil(-n * std::log(p) / (std::log(2.0) * std::log(2.0))));
    CAPTURE(j);
    CHECK(st[j].m == m);
    CHECK(st[j].k == uint32_t(std::lround(double(m) / n * std::log(2.0))));
    CHECK(st[j].offset == offset);
    offset += m;
    items += st[j].n;
    // Every stage but the newest stopped taking items at its design fill, about half its bits,
    // after about its design n items.
    if (j + 1 < st.size()) {
      const double design = 1 - std::exp(-double(st[j].k) * n / double(m));
      CHECK(double(st[j].bits_set) >= design * double(m));
      CHECK(double(st[j].bits_set) < design * double(m) + st[j].k);
      CHECK(std::abs(double(st[j].n) - n) < 0.1 * n);
    }
  }
  CHECK(f->bit_count() == offset);
  CHECK(items == 20000);
  CHECK(f->items_added() == 20000);
  CHECK(f->size_in_bits() == offset);
}

TEST_CASE("scalable: no false negative over a million random operations") {
  // Adds and queries of random words, half of the queries of words added before; n0 = 100 so
  // that the filter grows through many stages (s = 2: 100, 200, 400, ... up to ~10 stages).
  const auto start = std::chrono::steady_clock::now();
  Result<Filter> f = Filter::create(scalable(100, 0.05, 2, 0.8));
  REQUIRE(f.ok());
  test::Random rng(2007);
  std::vector<std::string> added;
  uint64_t false_negatives = 0, queries = 0;
  for (int op = 0; op < 1000000; ++op) {
    const uint64_t r = rng.below(4);
    if (r == 0 || added.empty()) {
      added.push_back(rng.word() + std::to_string(op));
      f->add(added.back());
    } else if (r == 1) {
      (void)f->contains(rng.word() + "#");  // a random stranger: either answer is allowed
    } else {
      ++queries;
      false_negatives += !f->contains(added[rng.below(added.size())]);
    }
  }
  CHECK(false_negatives == 0);
  CHECK(queries > 400000);
  CHECK(f->stages().size() >= 8);
  // Every member found again, through the batched path too.
  std::vector<std::string_view> views(added.begin(), added.end());
  std::vector<uint8_t> out(views.size());
  f->contains_many(views.data(), views.size(), out.data());
  for (uint8_t a : out) REQUIRE(a == 1);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("a million operations in " << seconds << " s");
}

TEST_CASE("scalable: the compound FP on the 10k list stays under p0 / (1 - r)") {
  const Result<WordList> list = read_word_list_file(BLOOMLAB_PASSWORDS_FILE);
  REQUIRE(list.ok());
  for (const ScalableParams sp : {ScalableParams{1000, 0.01, 2, 0.85}, ScalableParams{500, 0.05, 2, 0.5},
                                  ScalableParams{100, 0.02, 4, 0.9}}) {
    FilterParams p = scalable(sp.n0, sp.p0, sp.growth, sp.tightening);
    Result<WordSet> s = WordSet::create(p);
    REQUIRE(s.ok());
    s->add_all(list->words);
    const Measurement r = measure(*s, 100000);
    const double bound = sp.p0 / (1 - sp.tightening);  // Almeida et al.: sum of p0 r^j
    CAPTURE(sp.n0);
    CAPTURE(r.measured_rate);
    CHECK(r.measured_rate < bound);
    CHECK(r.theory_rate < bound);
    CHECK(theory::scalable_fp_bound(sp.p0, sp.tightening) == doctest::Approx(bound));
    // The theory (each stage at its design n) describes what was measured: binomial spread of
    // 100,000 probes, plus 15% for where the stages really switched.
    CHECK(std::abs(r.measured_rate - r.theory_rate) <
          6 * std::sqrt(r.theory_rate / 1e5) + 0.15 * r.theory_rate);
    CHECK(s->filter().stages().size() > 1);
  }
}

TEST_CASE("scalable: absurd n0, p0, s, r are refused in words") {
  CHECK(Filter::create(scalable(0)).error() ==
        "n0 (the first stage's words) must be from 1 to 10,000,000; 0 is not.");
  CHECK_FALSE(Filter::create(scalable(1e9)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0.9)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, std::nan(""))).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0.01, 0.5)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0.01, 100)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0.01, 2, 1)).ok());
  CHECK_FALSE(Filter::create(scalable(1000, 0.01, 2, 0)).ok());
  CHECK(Filter::create(scalable(1, 0.5, 1, 0.99)).ok());
}

TEST_CASE("scalable: growth stops at the limits; the filter still answers") {
  // n0 = 1, s = 1, r = 0.99: tiny stages, each one more; positions fill kMaxPositions first.
  Result<Filter> f = Filter::create(scalable(1, 0.5, 1, 0.99));
  REQUIRE(f.ok());
  for (int i = 0; i < 5000; ++i) f->add("x" + std::to_string(i));
  size_t positions = 0;
  for (const Stage& st : f->stages()) positions += st.k;
  CHECK(positions <= kMaxPositions);
  std::vector<uint64_t> pos;
  f->positions_of("x1", pos);
  CHECK(pos.size() == positions);
  for (int i = 0; i < 5000; ++i) REQUIRE(f->contains("x" + std::to_string(i)));
}

// The views read a filter's own trace (Filter::trace), not the params': for a scalable filter
// grown through its stages it traces every stage, and its positions are those the filter adds
// and asks.
TEST_CASE("a filter's trace is the filter's own positions, every stage of a grown scalable one") {
  Result<Filter> f = Filter::create(scalable(10, 0.05, 2, 0.8));
  REQUIRE(f.ok());
  for (int i = 0; i < 200; ++i) f->add("w" + std::to_string(i));
  REQUIRE(f->stages().size() >= 4);
  for (const char* word : {"w7", "dragon", "кот"}) {
    CAPTURE(word);
    std::vector<uint64_t> own;
    f->positions_of(word, own);
    const PositionTrace t = f->trace(word);
    CHECK(t.positions == own);
    CHECK(t.stages.size() == f->stages().size());
    CHECK(t.h == fnv1a64(word));
  }
  // A single-array filter: the same as the params' trace.
  for (Variant v : variant_ids()) {
    if (variant_ops(v).grows || variant_ops(v).sizes_itself) continue;
    Result<Filter> g = Filter::create(FilterParams{1000, 5, v, Scheme::enhanced});
    REQUIRE(g.ok());
    CHECK(g->trace("dragon").positions == trace_positions(g->params(), "dragon").positions);
  }
}
