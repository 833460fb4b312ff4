// The registration table: one row per variant, in the enum's order.
#include <string>

#include "variant.h"

namespace bloomlab {

extern const VariantOps kStandardVariant, kCountingVariant, kBlockedVariant, kScalableVariant;

namespace {
const VariantOps* const kRegistered[] = {&kStandardVariant, &kCountingVariant, &kBlockedVariant,
                                         &kScalableVariant};
static_assert(sizeof(kRegistered) / sizeof(kRegistered[0]) == sizeof(kAllVariants) / sizeof(kAllVariants[0]),
              "one registered row per variant");
}  // namespace

const VariantOps& variant_ops(Variant v) {
  const size_t i = static_cast<size_t>(v);
  return i < sizeof(kRegistered) / sizeof(kRegistered[0]) ? *kRegistered[i] : kStandardVariant;
}

const char* variant_name(Variant v) { return variant_ops(v).name; }

std::optional<Variant> parse_variant(std::string_view name) {
  for (Variant v : kAllVariants) {
    if (name == variant_name(v)) return v;
  }
  return std::nullopt;
}

const std::string& variant_names() {
  static const std::string names = [] {
    std::string s;
    for (Variant v : kAllVariants) s += (s.empty() ? "" : ", ") + std::string(variant_name(v));
    return s;
  }();
  return names;
}

}  // namespace bloomlab
