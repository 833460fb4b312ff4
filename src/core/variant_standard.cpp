// The standard variant: one bit per position, the article's reference filter (DESIGN.md). Its
// positions never change: the articles' numbers depend on them.
#include "theory.h"
#include "variant_detail.h"

namespace bloomlab {
namespace {

uint64_t bytes_needed(const FilterParams& p) { return (p.m + 7) / 8; }

void init(FilterStorage& s) { detail::init_bit_array(s, s.params.m); }

InsertOutcome insert(FilterStorage& s, std::string_view item, uint64_t h) {
  detail::for_each_position(s.params.scheme, item, h, s.params.m, s.params.k, [&](uint64_t i) {
    detail::set_bit(s, i);
    return true;
  });
  ++s.n;
  return InsertOutcome::added;
}

// A rebuild's adds (WordSet::set_params, n items at once). For the reference and weak schemes
// one tight loop over the hashes: no call per item, and no count of newly set bits inside it
// (that test of each word before its write made the loop ~1.5x slower). The bits set are
// counted once afterwards, when the array is small beside the writes; otherwise as insert()
// counts them. Other schemes: insert() one by one.
void insert_many(FilterStorage& s, const std::string* items, const uint64_t* h, size_t n) {
  const Scheme scheme = s.params.scheme;
  const uint64_t m = s.params.m;
  const uint32_t k = s.params.k;
  const size_t words = s.bits.size();
  if ((scheme != Scheme::reference && scheme != Scheme::weak) || words > 4 * uint64_t{k} * n) {
    for (size_t q = 0; q < n; ++q) insert(s, items[q], h[q]);
    return;
  }
  uint64_t* bits = s.bits.data();
  for (size_t q = 0; q < n; ++q) {
    auto [pos, step] = detail::double_hash_start(h[q], m, scheme == Scheme::reference);
    for (uint32_t i = 0; i < k; ++i) {
      bits[detail::word_of(pos)] |= uint64_t{1} << (pos & 63);
      pos += step;
      if (pos >= m) pos -= m;
    }
  }
  s.bits_set = detail::count_ones(bits, words);
  s.n += n;
}

bool contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  return detail::array_contains(s.bits.data(), s.params.scheme, item, h, s.params.m, s.params.k);
}

// The first position is read by every query; the rest only by those whose bits so far are set.
void contains_batch(const FilterStorage& s, const std::string_view* items, const uint64_t* h, size_t n,
                    uint8_t* out) {
  const uint64_t* words = s.bits.data();
  uint64_t acc = 0;
  size_t word[kBatch];  // worked out before any is asked for, as the blocked filter's lines
  for (size_t q = 0; q < n; ++q) word[q] = detail::word_of(detail::mod_u32(h[q] & 0xffffffffu, s.params.m));
  for (size_t q = 0; q < n; ++q) detail::touch(words, word[q], acc);
  for (size_t q = 0; q < n; ++q) out[q] = contains(s, items[q], h[q]);
  detail::keep(acc);
}

size_t positions(const FilterParams& p, const FilterStorage*, size_t, std::string_view item, uint64_t h,
                 uint64_t* out) {
  return detail::array_positions(p, item, h, out);
}

uint64_t size_in_bits(const FilterStorage& s) { return s.params.m; }

}  // namespace

double detail::array_theory_fp(const FilterParams& p, double n) {
  return theory::standard_fp_rate(n, static_cast<double>(p.m), p.k);
}

extern const VariantOps kStandardVariant = {
    Variant::standard,
    "standard",
    BLOOMLAB_UI_TEXT_IN("variant", "standard"),
    /*can_remove=*/false,
    /*has_exact_theory=*/true,
    /*grows=*/false,
    /*sizes_itself=*/false,
    detail::kArrayTheoryFormula,
    CellHolds::bit,
    /*rebuilt_on_add=*/false,
    /*params=*/nullptr,
    /*param_count=*/0,
    /*validate=*/nullptr,
    bytes_needed,
    init,
    insert,
    insert_many,
    contains,
    contains_batch,
    /*remove=*/nullptr,
    /*remove_unchecked=*/nullptr,
    /*counter=*/nullptr,
    positions,
    /*trace=*/nullptr,
    /*place_json=*/nullptr,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    size_in_bits,
    detail::array_theory_fp,
    /*group=*/nullptr,
    /*expected_fill=*/nullptr,
    /*estimate_n=*/nullptr,
};

}  // namespace bloomlab
