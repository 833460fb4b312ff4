// The registration table: one row per variant, in the enum's order; then any registered at
// run time.
#include <deque>
#include <string>

#include "variant.h"

namespace bloomlab {

extern const VariantOps kStandardVariant, kCountingVariant, kBlockedVariant, kScalableVariant, kCuckooVariant,
    kFuseVariant;

namespace {

struct Registry {
  std::vector<const VariantOps*> list{&kStandardVariant, &kCountingVariant, &kBlockedVariant,
                                      &kScalableVariant, &kCuckooVariant,   &kFuseVariant};
  std::deque<VariantOps> added;  // copies of the run-time ones, with their ids (stable addresses)
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

const std::vector<const VariantOps*>& variants() { return registry().list; }

std::vector<Variant> variant_ids() {
  std::vector<Variant> ids;
  for (const VariantOps* ops : variants()) ids.push_back(ops->id);
  return ids;
}

Variant register_variant(const VariantOps& ops) {
  Registry& r = registry();
  VariantOps copy = ops;
  copy.id = Variant(r.list.size());
  r.added.push_back(copy);
  r.list.push_back(&r.added.back());
  return copy.id;
}

const VariantOps& variant_ops(Variant v) {
  const size_t i = static_cast<size_t>(v);
  const auto& list = variants();
  return i < list.size() ? *list[i] : kStandardVariant;
}

const char* variant_name(Variant v) { return variant_ops(v).name; }

const char* variant_title_text(Variant v) { return variant_ops(v).title; }

std::optional<Variant> parse_variant(std::string_view name) {
  for (const VariantOps* ops : variants()) {
    if (name == ops->name) return ops->id;
  }
  return std::nullopt;
}

std::string variant_names() {
  std::string s;
  for (const VariantOps* ops : variants()) s += (s.empty() ? "" : ", ") + std::string(ops->name);
  return s;
}

}  // namespace bloomlab
