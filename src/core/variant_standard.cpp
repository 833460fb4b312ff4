// The standard variant: one bit per position, the article's reference filter (DESIGN.md). Its
// positions never change: the articles' numbers depend on them.
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t bytes_needed(const FilterParams& p) { return (p.m + 7) / 8; }

void init(FilterStorage& s) { detail::init_bit_array(s, s.params.m); }

void insert(FilterStorage& s, std::string_view item, uint64_t h) {
  detail::for_each_position(s.params.scheme, item, h, s.params.m, s.params.k, [&](uint64_t i) {
    detail::set_bit(s, i);
    return true;
  });
  ++s.n;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  return detail::array_contains(s.bits.data(), s.params.scheme, item, h, s.params.m, s.params.k);
}

size_t positions(const FilterParams& p, size_t, std::string_view item, uint64_t h, uint64_t* out) {
  return detail::array_positions(p, item, h, out);
}

uint64_t size_in_bits(const FilterStorage& s) { return s.params.m; }

double theory_fp(const FilterParams& p, double n) {
  return theory::standard_fp_rate(n, static_cast<double>(p.m), p.k);
}

}  // namespace

extern const VariantOps kStandardVariant = {
    Variant::standard, "standard",
    /*can_remove=*/false, /*has_counters=*/false, /*has_exact_theory=*/true,
    "(1 − e^(−kn/m))^k",
    bytes_needed, init, insert, contains, /*remove=*/nullptr, positions, size_in_bits, theory_fp,
};

}  // namespace bloomlab
