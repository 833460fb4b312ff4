#include "theory.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace bloomlab::theory {

namespace {
constexpr double kLn2 = 0.69314718055994530942;

// Sum over the Poisson(lambda) number j of items in one block of B bits of the standard FP
// rate of that block: Putze, Sanders, Singler 2007, eq. (3). Terms beyond 12 standard
// deviations are below 1e-30 and dropped.
double poisson_mix_fp_rate(double lambda, double block_bits, double k) {
  if (lambda <= 0) return 0;
  const double spread = 12 * std::sqrt(lambda) + 12;
  const double lo = std::max(0.0, std::floor(lambda - spread));
  const double hi = std::ceil(lambda + spread);
  double sum = 0;
  for (double j = lo; j <= hi; j += 1) {
    const double log_pmf = -lambda + j * std::log(lambda) - std::lgamma(j + 1);
    sum += std::exp(log_pmf) * standard_fp_rate(j, block_bits, k);
  }
  return std::min(1.0, sum);
}

// Column 0 of M^N, where M is the (k+1)x(k+1) chain "u bins of a chosen set are still empty":
// one throw into m bins empties nothing and moves u -> u-1 with probability u/m. Entry j is
// q_j = P(j given bins are all hit by N throws). Computed by repeated squaring: every entry is
// a non-negative sum of products, so there is no cancellation (unlike the inclusion-exclusion
// form sum_l (-1)^l C(j,l) (1 - l/m)^N).
std::vector<double> all_hit_probabilities(uint64_t throws, uint64_t m, uint32_t k) {
  const size_t size = size_t{k} + 1;
  const double md = static_cast<double>(m);
  // Lower-triangular matrices stored densely; row u = "u empty now", column v = "v empty after".
  std::vector<double> power(size * size, 0.0), scratch(size * size, 0.0);
  for (size_t u = 0; u < size; ++u) {
    power[u * size + u] = 1.0 - static_cast<double>(u) / md;
    if (u > 0) power[u * size + u - 1] = static_cast<double>(u) / md;
  }
  std::vector<double> result(size, 0.0), next(size, 0.0);  // result[u] = P(0 empty | u empty)
  result[0] = 1.0;
  uint64_t remaining = throws;
  while (true) {
    if (remaining & 1) {  // result <- power * result
      for (size_t u = 0; u < size; ++u) {
        double s = 0;
        for (size_t v = 0; v <= u; ++v) s += power[u * size + v] * result[v];
        next[u] = s;
      }
      result.swap(next);
    }
    remaining >>= 1;
    if (remaining == 0) break;
    for (size_t u = 0; u < size; ++u) {  // power <- power * power (lower triangular)
      for (size_t v = 0; v <= u; ++v) {
        double s = 0;
        for (size_t w = v; w <= u; ++w) s += power[u * size + w] * power[w * size + v];
        scratch[u * size + v] = s;
      }
    }
    power.swap(scratch);
  }
  return result;
}
}  // namespace

double standard_fp_rate(double n, double m, double k) {
  if (n <= 0 || m <= 0) return 0;
  return std::pow(-std::expm1(-k * n / m), k);
}

double exact_fp_rate(uint64_t n, uint64_t m, uint32_t k) {
  // The false positive is the event "k fresh uniform positions all land on set bits". Condition
  // on the number J of distinct bins those k positions hit: P(J = j) = S(k, j) (m)_j / m^k
  // (Stirling numbers of the second kind; k <= 64, so S fits a double), and given J = j the
  // chance that all j bins were hit by the kn insertion throws is q_j above. So
  //   FP = sum_j S(k, j) (m)_j / m^k * q_j,
  // the same value as Christensen, Roginsky, Jimeno 2010 (eq. 5), sum_i P(X = i) (i/m)^k, but
  // it costs O(k^3 log(kn)) instead of O(kn * m): about a millisecond at k = 64, any m.
  if (n == 0 || m == 0 || k == 0) return 0;
  if (n > (std::numeric_limits<uint64_t>::max() >> 7)) return standard_fp_rate(1e300, 1, 1);
  const uint64_t throws = n * k;
  const std::vector<double> q = all_hit_probabilities(throws, m, k);

  // Stirling numbers S(k, j), j = 0..k, by S(a, j) = j S(a-1, j) + S(a-1, j-1).
  std::vector<double> stirling(size_t{k} + 1, 0.0);
  stirling[0] = 1;
  for (uint32_t a = 1; a <= k; ++a) {
    for (uint32_t j = a; j >= 1; --j) stirling[j] = j * stirling[j] + stirling[j - 1];
    stirling[0] = 0;
  }
  const double md = static_cast<double>(m);
  double fp = 0;
  double log_falling = 0;  // ln (m)_j = sum_{l<j} ln(m - l)
  for (uint32_t j = 1; j <= k && j <= m; ++j) {
    log_falling += std::log(md - (j - 1));
    const double log_p_j = std::log(stirling[j]) + log_falling - k * std::log(md);
    fp += std::exp(log_p_j) * q[j];
  }
  return std::min(1.0, std::max(0.0, fp));
}

double fp_rate_from_fill(double bits_set, double m, double k) {
  if (m <= 0) return 0;
  return std::pow(bits_set / m, k);
}

double expected_fill(double n, double m, double k) {
  if (m <= 0) return 0;
  return -std::expm1(-k * n / m);
}

double estimate_cardinality(double bits_set, double m, double k) {
  if (bits_set >= m) return std::numeric_limits<double>::infinity();
  return -(m / k) * std::log1p(-bits_set / m);
}

double optimal_k_real(double m, double n) { return n > 0 ? (m / n) * kLn2 : 0; }

uint32_t optimal_k(double m, double n) {
  const double k = std::round(optimal_k_real(m, n));
  if (!(k >= 1)) return 1;
  if (k > 4294967295.0) return 4294967295u;
  return static_cast<uint32_t>(k);
}

uint64_t bits_for(double n, double p) {
  if (!(p > 0 && p < 1) || !(n > 0)) return 0;
  const double m = std::ceil(-n * std::log(p) / (kLn2 * kLn2));
  if (m >= 18446744073709551615.0) return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(m);
}

double bits_per_item(double m, double n) { return n > 0 ? m / n : 0; }

double best_k_fp_rate(double n, double m) { return standard_fp_rate(n, m, optimal_k(m, n)); }

double blocked_fp_rate(double n, double m, double k, double block_bits) {
  if (m <= 0 || block_bits <= 0) return 0;
  return poisson_mix_fp_rate(n * block_bits / m, block_bits, k);
}

double blocked_filter_fp_rate(double n, uint64_t m, double k) {
  const uint64_t block_bits = 512;
  const uint64_t blocks = std::max<uint64_t>(1, m / block_bits);
  if (blocks == 1) return standard_fp_rate(n, static_cast<double>(m), k);  // all n in one block
  const double lambda = n / static_cast<double>(blocks);                   // blocks are chosen uniformly
  const double last_bits = static_cast<double>(m - (blocks - 1) * block_bits);
  const double share_last = 1.0 / static_cast<double>(blocks);
  return (1 - share_last) * poisson_mix_fp_rate(lambda, block_bits, k) +
         share_last * poisson_mix_fp_rate(lambda, last_bits, k);
}

double scalable_fp_bound(double p0, double r) { return r < 1 ? p0 / (1 - r) : 1; }

uint64_t counting_bits(uint64_t m, unsigned counter_bits) { return m * counter_bits; }

}  // namespace bloomlab::theory
