#include "hashing.h"

#include "digest.h"
#include "hash_detail.h"

namespace bloomlab {

const char* scheme_name(Scheme s) {
  switch (s) {
    case Scheme::reference: return "reference";
    case Scheme::enhanced: return "enhanced";
    case Scheme::independent: return "independent";
    case Scheme::weak: return "weak";
    case Scheme::sha256md5: return "sha256md5";
  }
  return "reference";
}

std::optional<Scheme> parse_scheme(std::string_view name) {
  for (Scheme s : kAllSchemes) {
    if (name == scheme_name(s)) return s;
  }
  return std::nullopt;
}

DigestPair sha256md5_hashes(std::string_view item) {
  return DigestPair{first8_big_endian(sha256(item)), first8_big_endian(md5(item))};
}

uint64_t fnv1a64(std::string_view bytes) { return detail::fnv1a64_from(detail::kFnvOffsetBasis, bytes); }

uint64_t fnv1a64_seeded(std::string_view bytes, uint64_t seed) {
  return detail::fnv1a64_from(detail::seeded_basis(seed), bytes);
}

void positions(Scheme s, std::string_view item, uint64_t m, uint32_t k, std::vector<uint64_t>& out) {
  out.clear();
  out.reserve(k);
  detail::for_each_position(s, item, fnv1a64(item), m, k, [&](uint64_t p) {
    out.push_back(p);
    return true;
  });
}

std::vector<uint64_t> positions(Scheme s, std::string_view item, uint64_t m, uint32_t k) {
  std::vector<uint64_t> out;
  positions(s, item, m, k, out);
  return out;
}

}  // namespace bloomlab
