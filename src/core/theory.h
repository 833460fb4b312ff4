// The math of Bloom filters, next to the code that depends on it (after RocksDB's BloomMath).
// Each function is one formula, with its source. n items, m bits, k hashes, X bits set.
#pragma once
#include <cstdint>

namespace bloomlab::theory {

// Bloom 1970; the usual approximation: (1 - e^(-kn/m))^k.
double standard_fp_rate(double n, double m, double k);
// Exact FP of a standard Bloom filter with finite m (Bose et al. 2008, corrected by Christensen,
// Roginsky, Jimeno 2010): sum_{i=1..m} i^k i! S(kn, i) C(m, i) / m^(k(n+1)). Evaluated as the
// equal sum over the number j of distinct bins the k query positions hit,
// sum_j S(k, j) (m)_j / m^k * P(those j bins all hit by kn throws), the last factor by repeated
// squaring of a (k+1)-state chain: O(k^3 log(kn)), no cancellation, any m (see theory.cpp).
// Exact for the ideal (independent) hashes.
double exact_fp_rate(uint64_t n, uint64_t m, uint32_t k);
// FP of a filter whose fill is known: (X/m)^k.
double fp_rate_from_fill(double bits_set, double m, double k);
// Expected fraction of bits set after n adds: 1 - e^(-kn/m).
double expected_fill(double n, double m, double k);
// Swamidass & Baldi 2007: n^ = -(m/k) ln(1 - X/m); infinite when every bit is set.
double estimate_cardinality(double bits_set, double m, double k);
// k minimising the approximate FP: (m/n) ln 2, as a real number.
double optimal_k_real(double m, double n);
// The integer k the article uses: max(1, round((m/n) ln 2)).
uint32_t optimal_k(double m, double n);
// Bits for n items at FP p: ceil(-n ln p / (ln 2)^2).
uint64_t bits_for(double n, double p);
double bits_per_item(double m, double n);
// Best-k envelope: the FP at k = optimal_k(m, n) (integer k), for the plot.
double best_k_fp_rate(double n, double m);
// Blocked filter (Putze, Sanders, Singler 2007): items fall in blocks of B bits by a Poisson law
// with mean n*B/m; FP = sum_j Poisson(j) * standard_fp_rate(j, B, k).
double blocked_fp_rate(double n, double m, double k, double block_bits = 512);
// The same for this project's blocked layout (filter.h): max(1, m/512) blocks chosen uniformly,
// the last one holding the m mod 512 leftover bits; a single block holds all n items exactly.
double blocked_filter_fp_rate(double n, uint64_t m, double k);
// Scalable Bloom filter (Almeida et al. 2007): stages at FP p0, p0 r, p0 r^2, ... together stay
// under the sum of the geometric series, p0 / (1 - r), however many stages there are.
double scalable_fp_bound(double p0, double r);
// Counting filter memory with c-bit counters: c*m bits.
uint64_t counting_bits(uint64_t m, unsigned counter_bits = 4);

}  // namespace bloomlab::theory
