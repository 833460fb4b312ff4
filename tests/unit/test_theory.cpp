// Theory: each formula against hand-evaluated values, the exact FP against brute-force
// enumeration and against Christensen et al.'s Stirling-number sum evaluated independently.
#include <doctest.h>

#include <cmath>
#include <vector>

#include "core/theory.h"

using namespace bloomlab;
namespace th = bloomlab::theory;

namespace {

// FP by enumerating every way kn insertion throws and k query throws can land in m bins:
// m^(k(n+1)) equally likely outcomes, counted exactly.
double brute_force_fp(uint32_t n, uint32_t m, uint32_t k) {
  const uint32_t throws = k * (n + 1);
  uint64_t total = 1;
  for (uint32_t i = 0; i < throws; ++i) total *= m;
  uint64_t hits = 0;
  std::vector<uint32_t> digits(throws);
  for (uint64_t outcome = 0; outcome < total; ++outcome) {
    uint64_t x = outcome;
    for (uint32_t i = 0; i < throws; ++i) {
      digits[i] = static_cast<uint32_t>(x % m);
      x /= m;
    }
    uint64_t set = 0;
    for (uint32_t i = 0; i < k * n; ++i) set |= uint64_t{1} << digits[i];
    bool all = true;
    for (uint32_t i = k * n; i < throws; ++i) all = all && ((set >> digits[i]) & 1);
    hits += all;
  }
  return static_cast<double>(hits) / static_cast<double>(total);
}

// Christensen, Roginsky, Jimeno 2010, eq. (5), literally: sum_i i^k i! C(m,i) S(kn,i) / m^(k(n+1)),
// with S(kn, i) from the recurrence in long double. Only for small kn.
double christensen_fp(uint32_t n, uint32_t m, uint32_t k) {
  const uint32_t kn = k * n;
  std::vector<long double> s(kn + 1, 0);  // S(a, i) for the current a
  s[0] = 1;
  for (uint32_t a = 1; a <= kn; ++a) {
    for (uint32_t i = a; i >= 1; --i) s[i] = i * s[i] + s[i - 1];
    s[0] = 0;
  }
  long double sum = 0;
  for (uint32_t i = 1; i <= m && i <= kn; ++i) {
    // i! C(m, i) = m (m-1) ... (m-i+1)
    long double term = s[i];
    for (uint32_t j = 0; j < i; ++j) term *= static_cast<long double>(m - j) / m;
    // (i/m)^k and m^i / m^kn by repeated multiplication: musl's powl for 128-bit long double
    // (wasm) is pow() in double, which overflows here.
    for (uint32_t j = 0; j < k; ++j) term *= static_cast<long double>(i) / m;
    for (uint32_t j = i; j < kn; ++j) term /= m;
    sum += term;
  }
  return static_cast<double>(sum);
}

}  // namespace

TEST_CASE("approximate FP (1 - e^(-kn/m))^k") {
  CHECK(th::standard_fp_rate(10, 64, 3) == doctest::Approx(std::pow(1 - std::exp(-30.0 / 64), 3)));
  // n = 10000, m = 95851, k = 7: the design point for p = 1%, about 0.01.
  CHECK(th::standard_fp_rate(10000, 95851, 7) == doctest::Approx(0.01).epsilon(0.01));
  CHECK(th::standard_fp_rate(0, 64, 3) == 0);
}

TEST_CASE("exact FP equals brute-force enumeration on tiny filters") {
  struct Case {
    uint32_t n, m, k;
  };
  for (Case c : {Case{1, 4, 2}, Case{2, 5, 2}, Case{3, 3, 2}, Case{1, 6, 3}, Case{5, 2, 1}, Case{2, 7, 1},
                 Case{1, 2, 5}, Case{4, 4, 1}}) {
    CAPTURE(c.n);
    CAPTURE(c.m);
    CAPTURE(c.k);
    CHECK(th::exact_fp_rate(c.n, c.m, c.k) == doctest::Approx(brute_force_fp(c.n, c.m, c.k)).epsilon(1e-12));
  }
}

TEST_CASE("exact FP equals Christensen et al.'s Stirling sum at m = 64") {
  for (uint32_t k = 1; k <= 6; ++k) {
    for (uint32_t n : {1u, 5u, 10u, 20u, 40u}) {
      CAPTURE(k);
      CAPTURE(n);
      CHECK(th::exact_fp_rate(n, 64, k) == doctest::Approx(christensen_fp(n, 64, k)).epsilon(1e-9));
    }
  }
  // Finite m matters at m = 64: the classic formula underestimates (Bose et al. 2008).
  CHECK(th::exact_fp_rate(10, 64, 3) > 1.02 * th::standard_fp_rate(10, 64, 3));
}

TEST_CASE("exact FP approaches the approximation for large m, and stays in [0, 1]") {
  CHECK(th::exact_fp_rate(100000, 958506, 7) ==
        doctest::Approx(th::standard_fp_rate(100000, 958506, 7)).epsilon(0.002));
  CHECK(th::exact_fp_rate(1000, uint64_t{1} << 32, 64) >= 0);
  CHECK(th::exact_fp_rate(1000000, 64, 64) == doctest::Approx(1.0));
  CHECK(th::exact_fp_rate(0, 64, 3) == 0);
  CHECK(th::exact_fp_rate(1, 1, 1) == 1);
}

TEST_CASE("sizing: m = ceil(-n ln p / ln^2 2), k = max(1, round((m/n) ln 2))") {
  // -10000 ln 0.01 / (ln 2)^2 = 95850.58...
  CHECK(th::bits_for(10000, 0.01) == 95851);
  CHECK(th::optimal_k(95851, 10000) == 7);  // 6.644 rounds to 7
  CHECK(th::optimal_k(10, 100) == 1);
  CHECK(th::optimal_k_real(1000, 100) == doctest::Approx(6.931471805599453));
  CHECK(th::bits_per_item(95851, 10000) == doctest::Approx(9.5851));
  CHECK(th::best_k_fp_rate(10000, 95851) == doctest::Approx(th::standard_fp_rate(10000, 95851, 7)));
}

TEST_CASE("fill, FP from fill, cardinality estimate") {
  CHECK(th::expected_fill(10000, 95851, 7) == doctest::Approx(1 - std::exp(-70000.0 / 95851)));
  CHECK(th::fp_rate_from_fill(32, 64, 3) == doctest::Approx(0.125));
  // X = m (1 - e^(-kn/m)) inverts to n exactly.
  const double x = 95851 * th::expected_fill(10000, 95851, 7);
  CHECK(th::estimate_cardinality(x, 95851, 7) == doctest::Approx(10000));
  CHECK(std::isinf(th::estimate_cardinality(64, 64, 3)));
}

TEST_CASE("blocked FP: above the standard rate, close to it for big blocks") {
  const double standard = th::standard_fp_rate(10000, 95851, 7);
  CHECK(th::blocked_fp_rate(10000, 95851, 7) > standard);
  CHECK(th::blocked_fp_rate(10000, 95851, 7, 65536) == doctest::Approx(standard).epsilon(0.02));
  // One block: all n items are in it, the standard rate exactly.
  CHECK(th::blocked_filter_fp_rate(10, 200, 3) == doctest::Approx(th::standard_fp_rate(10, 200, 3)));
}

TEST_CASE("counting memory: 4 bits per counter") { CHECK(th::counting_bits(1000) == 4000); }
