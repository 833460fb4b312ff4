#include "params.h"

#include <cmath>
#include <cstdio>

#include "filter.h"
#include "parse.h"

namespace bloomlab {

namespace param_detail {

Error refusal(const char* sentence, ErrorCode code, std::string_view text) {
  const std::string given(text);
  const std::string shown = parse_real(text) ? given : "\"" + given + "\"";
  std::string message;
  const std::string_view s(sentence);
  const size_t at = s.find("%s");
  message = at == std::string_view::npos
                ? std::string(s)
                : std::string(s.substr(0, at)) + shown + std::string(s.substr(at + 2));
  return Error{message, code, {given}};
}

std::optional<Error> read_whole(std::string_view text, double min, double max, const char* sentence,
                                ErrorCode code, double& out) {
  const std::optional<uint64_t> x = parse_whole(text);
  if (!x || double(*x) < min || double(*x) > max) return refusal(sentence, code, text);
  out = double(*x);
  return std::nullopt;
}

std::optional<Error> read_real(std::string_view text, double min, double max, const char* sentence,
                               ErrorCode code, double& out) {
  const std::optional<double> x = parse_real(text);
  if (!x || !(*x >= min && *x <= max)) return refusal(sentence, code, text);
  out = *x;
  return std::nullopt;
}

Error not_a_choice(const char* key, std::string_view text, const std::string& choices) {
  const std::string given(text);
  return Error{std::string(key) + " = \"" + given + "\" is not one of " + choices + ".",
               ErrorCode::param_choice,
               {key, given, choices}};
}

}  // namespace param_detail

std::string param_number_text(double x) {
  if (std::isnan(x)) return "NaN";  // as the JS API's caller wrote it
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  if (x == std::floor(x) && std::fabs(x) < 1e15) {  // 500, not 5e+02 (a link reads '+' as a space)
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (parse_real(buf) == x) break;
  }
  return buf;
}

namespace {

using param_detail::read_whole;

std::optional<Error> set_m(FilterParams& p, std::string_view text) {
  double m = 0;
  if (auto bad = read_whole(text, double(kMinBits), double(kMaxBits), kMRefusal, ErrorCode::m_range, m))
    return bad;
  p.m = uint64_t(m);
  return std::nullopt;
}
std::string get_m(const FilterParams& p) { return std::to_string(p.m); }

std::optional<Error> set_k(FilterParams& p, std::string_view text) {
  double k = 0;
  if (auto bad = read_whole(text, kMinHashes, kMaxHashes, kKRefusal, ErrorCode::k_range, k)) return bad;
  p.k = uint32_t(k);
  return std::nullopt;
}
std::string get_k(const FilterParams& p) { return std::to_string(p.k); }

std::optional<Error> set_variant(FilterParams& p, std::string_view text) {
  const std::optional<Variant> v = parse_variant(text);
  if (!v) return param_detail::not_a_choice("variant", text, variant_names());
  p.variant = *v;
  return std::nullopt;
}
std::string get_variant(const FilterParams& p) { return variant_name(p.variant); }

std::optional<Error> set_scheme(FilterParams& p, std::string_view text) {
  const std::optional<Scheme> s = parse_scheme(text);
  if (!s) {
    std::string names;
    for (Scheme x : kAllSchemes) names += (names.empty() ? "" : ", ") + std::string(scheme_name(x));
    return param_detail::not_a_choice("scheme", text, names);
  }
  p.scheme = *s;
  return std::nullopt;
}
std::string get_scheme(const FilterParams& p) { return scheme_name(p.scheme); }

const ParamRow kM{"m", ParamType::whole, set_m, get_m};
const ParamRow kK{"k", ParamType::whole, set_k, get_k};
const ParamRow kVariantRow{"variant", ParamType::choice, set_variant, get_variant};
const ParamRow kSchemeRow{"scheme", ParamType::choice, set_scheme, get_scheme};
const ParamRow* const kCommon[] = {&kM, &kK, &kVariantRow, &kSchemeRow};

}  // namespace

const std::vector<const ParamRow*>& param_rows() {
  // Rebuilt when a variant is registered after the first call (a test's toy variant).
  static std::vector<const ParamRow*> rows;
  static size_t variants_seen = 0;
  if (rows.empty() || variants_seen != variants().size()) {
    rows.assign(std::begin(kCommon), std::end(kCommon));
    for (const VariantOps* ops : variants()) {
      for (size_t i = 0; i < ops->param_count; ++i) {
        bool known = false;
        for (const ParamRow* r : rows) known = known || std::string_view(r->key) == ops->params[i]->key;
        if (!known) rows.push_back(ops->params[i]);
      }
    }
    variants_seen = variants().size();
  }
  return rows;
}

std::vector<const ParamRow*> param_rows_of(Variant v) {
  std::vector<const ParamRow*> rows(std::begin(kCommon), std::end(kCommon));
  const VariantOps& ops = variant_ops(v);
  rows.insert(rows.end(), ops.params, ops.params + ops.param_count);
  return rows;
}

const ParamRow* find_param(std::string_view key) {
  for (const ParamRow* r : param_rows())
    if (key == r->key) return r;
  return nullptr;
}

std::string param_keys() {
  std::string keys;
  for (const ParamRow* r : param_rows()) keys += (keys.empty() ? "" : ", ") + std::string(r->key);
  return keys;
}

std::string own_param_symbols(Variant v) {
  const VariantOps& ops = variant_ops(v);
  std::string out;
  for (size_t i = 0; i < ops.param_count; ++i)
    out += (i ? ", " : "") + std::string(ops.params[i]->symbol ? ops.params[i]->symbol : ops.params[i]->key);
  return out;
}

std::optional<Error> apply_param(FilterParams& p, std::string_view key, std::string_view text) {
  const ParamRow* row = find_param(key);
  if (!row) {
    const std::string given(key);
    return Error{"\"" + given + "\" is not a parameter; they are " + param_keys() + ".",
                 ErrorCode::param_unknown,
                 {given, param_keys()}};
  }
  return row->set(p, text);
}

bool param_differs_from_default(const FilterParams& p, const ParamRow& row) {
  return row.get(p) != row.get(FilterParams{});
}

}  // namespace bloomlab
