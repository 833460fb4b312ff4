// The filter family side by side (core/family.h): every structure sized for the words, its
// measured FP within statistical bounds of its theory, its distance to the lower bound as the
// literature gives it (Bloom at its best k: 1/ln 2 = 1.44, 44% over), the measurement the same
// in slices as at once.
#include <doctest.h>

#include <cmath>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/cuckoo.h"
#include "core/family.h"
#include "test_support.h"

using namespace bloomlab;
using bloomlab::test::passwords;

namespace {

const FamilyRow* find(const FamilyRun& run, FamilyKind kind, unsigned f_or_level) {
  for (const FamilyRow& r : run.rows()) {
    if (r.kind != kind) continue;
    if (r.fingerprint_bits == f_or_level) return &r;
    if (r.fingerprint_bits == 0 && std::lround(r.bound_bits) == long(f_or_level)) return &r;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("family: each structure sized for the 10k list, measured beside its theory and the bound") {
  const std::vector<std::string>& words = passwords();
  const uint64_t probes = 200000;
  const FamilyRun run = measure_family(words, probes);
  REQUIRE(run.done());
  REQUIRE(run.rows().size() == 11);  // standard ×3, blocked ×3, cuckoo ×3, binary fuse ×2
  for (const FamilyRow& r : run.rows()) {
    CAPTURE(family_kind_name(r.kind));
    CAPTURE(r.m);
    CAPTURE(r.fingerprint_bits);
    CHECK(r.items == words.size());
    CHECK(r.probes + 0 <= probes);
    CHECK(r.probes >= probes - 100);  // only "probe-<i>" words of the list are skipped
    CHECK(r.bits_per_item == doctest::Approx(double(r.m) / double(r.items)));
    // Measured within 5 standard deviations (and 10% for the blocked estimate) of the theory.
    const double sd = std::sqrt(r.theory * (1 - r.theory) / double(r.probes));
    CHECK(std::abs(r.measured - r.theory) <= 5 * sd + 0.1 * r.theory);
    CHECK(r.bound_bits == doctest::Approx(-std::log2(r.theory)));
    CHECK(r.over_bound > 0);  // nothing beats the bound
  }
  // Bloom at its best k: 1/ln 2 times the bound, 44% over it.
  for (unsigned level : kFamilyLevels) {
    const FamilyRow* r = find(run, FamilyKind::standard, level);
    REQUIRE(r);
    CHECK(r->over_bound == doctest::Approx(1 / std::log(2.0) - 1).epsilon(0.02));
  }
  // Cuckoo: B a power of two, load at most 96%; the 10k list needs B = 4096 at b = 4.
  for (unsigned f : kFamilyCuckooBits) {
    const FamilyRow* r = find(run, FamilyKind::cuckoo, f);
    REQUIRE(r);
    CHECK(r->buckets == 4096);
    CHECK(r->bucket_size == 4);
    CHECK(r->load <= kFamilyCuckooSizingLoad);
    CHECK(r->m == r->buckets * r->bucket_size * f);
  }
  // Binary fuse: the issue's ≤ 10.5 bits per word at f = 8 for the 10k list, FP 2^-f.
  const FamilyRow* fuse8 = find(run, FamilyKind::binary_fuse, 8);
  REQUIRE(fuse8);
  CHECK(fuse8->bits_per_item <= 10.5);
  CHECK(fuse8->theory == doctest::Approx(1.0 / 256));
  CHECK(fuse8->over_bound < 0.3);
}

TEST_CASE("family: the curves pass through the theory of the rows they stand for") {
  const std::vector<std::string>& words = passwords();
  const FamilyRun run = measure_family(words, 1000);
  const FamilyCurves c = run.curves();
  CHECK(c.n == double(words.size()));
  CHECK(c.cuckoo_load == doctest::Approx(10000.0 / (4096 * 4)));
  CHECK(family_bound_fp(8) == doctest::Approx(1.0 / 256));
  for (const FamilyRow& r : run.rows()) {
    CAPTURE(family_kind_name(r.kind));
    const double curve = family_curve_fp(r.kind, r.bits_per_item, c);
    if (r.kind == FamilyKind::standard) {
      CHECK(curve == doctest::Approx(r.theory).epsilon(0.1));  // real k against the integer k
    } else {
      CHECK(curve == doctest::Approx(r.theory).epsilon(0.02));
    }
    CHECK(curve > family_bound_fp(r.bits_per_item));
  }
}

TEST_CASE("family: in slices as at once; no words, no rows") {
  std::vector<std::string> words(passwords().begin(), passwords().begin() + 2000);
  const FamilyRun whole = measure_family(words, 30000);
  FamilyRun sliced(&words, 30000);
  int slices = 0;
  double last = -1;
  while (sliced.advance(0)) {
    CHECK(sliced.progress() >= last);
    last = sliced.progress();
    ++slices;
  }
  CHECK(slices > 11);
  REQUIRE(sliced.rows().size() == whole.rows().size());
  for (size_t i = 0; i < whole.rows().size(); ++i) {
    CHECK(sliced.rows()[i].false_positives == whole.rows()[i].false_positives);
    CHECK(sliced.rows()[i].m == whole.rows()[i].m);
  }
  const std::vector<std::string> none;
  const FamilyRun empty = measure_family(none);
  CHECK(empty.done());
  CHECK(empty.rows().empty());
  CHECK(empty.progress() == 1);
}

TEST_CASE("family: five words still give every structure") {
  const std::vector<std::string> words{"letmein", "dragon", "12345", "Qwerty", "monkey"};
  const FamilyRun run = measure_family(words, 5000);
  CHECK(run.rows().size() == 11);
  for (const FamilyRow& r : run.rows()) CHECK(r.items == 5);
  // Probes that are words are skipped: no structure counts them, as false positives or at all.
  const std::vector<std::string> with_probes{"dragon", "probe-3", "probe-4999", "12345"};
  const FamilyRun skipping = measure_family(with_probes, 5000);
  for (const FamilyRow& r : skipping.rows()) CHECK(r.probes == 5000 - 2);
}

// The family panel shows a word's three slots in the binary fuse filter the run built: the run
// keeps its f = 8 one, and a word's fingerprint is the XOR of its slots exactly when it is a member
// (or one of the 1 in 256 that collide).
TEST_CASE("family: the run keeps its 8-bit binary fuse filter, whose slots XOR to a member's fingerprint") {
  const std::vector<std::string>& words = passwords();
  CHECK(FamilyRun(&words).fuse() == nullptr);  // before a run: none
  const FamilyRun run = measure_family(words, 2000);
  REQUIRE(run.fuse());
  const BinaryFuseFilter& fuse = *run.fuse();
  CHECK(fuse.fingerprint_bits() == 8);
  CHECK(fuse.keys() == words.size());
  for (const std::string& w : words) {
    const BinaryFusePositions p = fuse.positions(w);
    REQUIRE((fuse.slot(p.slot[0]) ^ fuse.slot(p.slot[1]) ^ fuse.slot(p.slot[2])) == p.fingerprint);
  }
  int agree = 0;
  for (int i = 0; i < 2560; ++i) {
    const std::string stranger = "stranger-" + std::to_string(i);
    const BinaryFusePositions p = fuse.positions(stranger);
    agree += (fuse.slot(p.slot[0]) ^ fuse.slot(p.slot[1]) ^ fuse.slot(p.slot[2])) == p.fingerprint;
  }
  CHECK(agree < 40);  // about 10 expected (1 in 256)
}
