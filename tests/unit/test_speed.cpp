// The speed measurement (core/speed.h) behind the Speed panel, bloomlab.speed() and `bloomlab
// speed`: what it measures and how it is cut into pieces. No timing is asserted (a shared machine
// times anything); the tests check that the work done is the work promised.
#include <doctest.h>

#include <cmath>
#include <set>

#include "core/result_json.h"
#include "core/speed.h"

using namespace bloomlab;

namespace {

SpeedOptions small(bool out_of_cache = false) {
  SpeedOptions o;
  o.m = 1000;
  o.k = 3;
  o.out_of_cache = out_of_cache;
  o.queries = 2000;
  o.rounds = 2;
  return o;
}

}  // namespace

TEST_CASE("speed: every filter, words in and out of the set, one by one and in batches") {
  const SpeedRun run = measure_speed(small());
  REQUIRE(run.done());
  CHECK(run.progress() == 1.0);
  CHECK_FALSE(run.skipped());
  REQUIRE(run.rows().size() == 16);  // one size x 4 filters x present/absent x one/batch
  std::set<std::tuple<int, bool, bool>> seen;
  for (const SpeedRow& r : run.rows()) {
    CAPTURE(family_kind_name(r.kind));
    CAPTURE(r.present);
    CAPTURE(r.batch);
    seen.insert({int(r.kind), r.present, r.batch});
    CHECK(r.m == 1000);
    // The Bloom filters are m bits; the cuckoo filter (f = 12, b = 4) the fewest buckets that hold
    // 231 words (64: 256 slots, load 90%), as it does not fit in m; the binary fuse filter its own.
    if (r.kind == FamilyKind::standard || r.kind == FamilyKind::blocked) CHECK(r.bits == 1000);
    if (r.kind == FamilyKind::cuckoo) CHECK(r.bits == 64 * 4 * 12);
    if (r.kind == FamilyKind::binary_fuse)
      CHECK(r.bits > 231 * 8);  // f = 8 bits a slot, more slots than words
    // Filled to the design n = m ln 2 / k: 1000 * 0.693 / 3 = 231 words.
    CHECK(r.words == 231);
    CHECK(r.queries == 2000);
    CHECK(std::isfinite(r.ns_per_query));
    CHECK(r.ns_per_query > 0);
    // No false negatives: every word in the set answers "possibly"; of the others, about the
    // filter's error rate does (at half the bits set and k = 3, ~1/8; far from all).
    if (r.present)
      CHECK(r.maybes == r.queries);
    else
      CHECK(r.maybes < r.queries / 2);
    CHECK(run.find(r.kind, r.m, r.present, r.batch) == &r);
  }
  CHECK(seen.size() == 16);
  CHECK(run.find(FamilyKind::standard, 999, true, false) == nullptr);
}

TEST_CASE("speed: the absent words get the same answers one by one and in batches") {
  const SpeedRun run = measure_speed(small());
  for (size_t v = 0; v < kFamilyKinds; ++v) {
    CAPTURE(v);
    const SpeedRow* one = run.find(FamilyKind(v), 1000, false, false);
    const SpeedRow* batch = run.find(FamilyKind(v), 1000, false, true);
    REQUIRE(one);
    REQUIRE(batch);
    CHECK(one->maybes == batch->maybes);
  }
}

TEST_CASE("speed: out of the caches, a second size of 2^28 bits with a million words") {
  SpeedOptions o = small(true);
  o.queries = 1000;
  o.rounds = 1;
  o.big_words = 20000;  // fewer than the default million: a unit test
  const SpeedRun run = measure_speed(o);
  REQUIRE(run.rows().size() == 32);
  for (size_t v = 0; v < kFamilyKinds; ++v) {
    const SpeedRow* big = run.find(FamilyKind(v), kSpeedBigBits, true, true);
    REQUIRE(big);
    CHECK(big->words == 20000);
    CHECK(big->maybes == big->queries);
  }
  // Out of the caches too: the cuckoo filter's slots (32 bits each) take the Bloom filters' 2^28
  // bits: 2^21 buckets of 4.
  CHECK(run.find(FamilyKind::cuckoo, kSpeedBigBits, true, false)->bits == (uint64_t{1} << 21) * 4 * 12);
  // A filter already that large is measured once, at its own m.
  o.m = kSpeedBigBits;
  o.big_words = 1000;
  CHECK(measure_speed(o).rows().size() == 16);
}

TEST_CASE("speed: in pieces, with progress, and the default options") {
  SpeedRun run(small());
  CHECK(run.progress() == 0);
  double last = 0;
  int slices = 0;
  while (run.advance(0)) {  // a budget of 0: one piece each
    CHECK(run.progress() >= last);
    last = run.progress();
    ++slices;
  }
  CHECK(slices > 4);  // fill, then 16 cells x 2 rounds, each at least one piece
  CHECK(run.done());
  CHECK(run.rows().size() == 16);
  CHECK_FALSE(run.advance(10));  // done stays done
  const SpeedOptions d;
  CHECK(d.out_of_cache);
  CHECK(d.big_words == 1000000);
  CHECK(kSpeedBigBits == (uint64_t{1} << 28));
}

TEST_CASE("speed: k and queries are taken within bounds") {
  SpeedOptions o = small();
  o.k = 0;        // no hash at all is no filter: k 1
  o.queries = 3;  // below one batch: a batch
  o.rounds = 0;   // at least one pass
  const SpeedRun run = measure_speed(o);
  CHECK(run.options().k == 1);
  CHECK(run.options().queries == kBatch);
  CHECK(run.options().rounds == 1);
  REQUIRE(run.rows().size() == 16);
  CHECK(run.rows()[0].words == 693);  // 1000 ln 2 / 1
}

TEST_CASE("speed: the JSON the CLI and the page share") {
  const SpeedRun run = measure_speed(small());
  JsonWriter w;
  w.begin_object();
  write_speed_fields(w, run);
  w.end_object();
  const std::string j = w.str();
  CHECK(
      j.find(
          "\"rows\":[{\"variant\":\"standard\",\"m\":1000,\"bits\":1000,\"words\":231,\"keys\":\"present\",\"mode\":\"one\",\"nsPerQuery\":") !=
      std::string::npos);
  CHECK(j.find("\"keys\":\"absent\",\"mode\":\"batch\"") != std::string::npos);
  CHECK(j.find("\"variant\":\"blocked\"") != std::string::npos);
  CHECK(j.find("\"variant\":\"cuckoo\"") != std::string::npos);
  CHECK(j.find("\"variant\":\"binaryFuse\"") != std::string::npos);
  CHECK(j.find("\"rounds\":2,\"skipped\":null}") != std::string::npos);
}
