// The filter's parameters as one table: a row per key, read from text by one parser. The CLI's
// `--key value`, a link's `key=value`, the JS API's `setParams({key: value})`, a lesson's
// `state:` line and the sliders all go through apply_param, so the same bad value gets the same
// code and the same words at every door. write_params (result_json.h) and a link's address write
// them back through the same rows.
//
// The rows every filter has (m, k, variant, scheme) are here; a variant's own (the counting
// filter's counters, the scalable filter's n0, p0, s, r) are in its file, listed by its
// VariantOps::params.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result.h"
#include "variant.h"

namespace bloomlab {

enum class ParamType { whole, real, choice };

// The refusals of m and k (the rows' and validate()'s): %s is the value as given.
inline constexpr char kMRefusal[] =
    "m must be a whole number of bits from 1 to 2^32 (4,294,967,296); %s is not.";
inline constexpr char kKRefusal[] = "k must be a whole number of hashes from 1 to 64; %s is not.";

struct ParamRow {
  const char* key;  // "m": the CLI's --m, a link's m=, setParams({m}), a lesson's state: m
  ParamType type;
  // Reads `text` into p (nothing else of p changes): nullopt, or the refusal, its code carrying
  // the text as given.
  std::optional<Error> (*set)(FilterParams& p, std::string_view text);
  std::string (*get)(const FilterParams& p);  // the value as a link writes it ("64", "0.01", "4")
  // A variant's own number rows, as the Parameters panel shows them: the symbol ("f"; null:
  // the key) and what it means (a UI text, translated).
  const char* symbol = nullptr;
  const char* tip = nullptr;
};

// Every row, each key once: the common rows, then each registered variant's own, in order.
const std::vector<const ParamRow*>& param_rows();
// The rows a filter of variant v reads: the common ones and v's own.
std::vector<const ParamRow*> param_rows_of(Variant v);
const ParamRow* find_param(std::string_view key);
// "m, k, variant, scheme, counters, n0, p0, s, r": for messages that list the keys.
std::string param_keys();

// A variant's own parameters by their symbols, ", " between them: "n0, p0, s, r"; "f, b, B".
std::string own_param_symbols(Variant v);

// Sets one parameter from text. An unknown key is refused (param_unknown) as a bad value is.
// The value alone is judged here; validate(p) judges the whole filter after.
std::optional<Error> apply_param(FilterParams& p, std::string_view key, std::string_view text);

// Whether the row's value in p differs from a default filter's (a link writes only those).
bool param_differs_from_default(const FilterParams& p, const ParamRow& row);

// A number as a parameter's text: the shortest that reads back to the same double ("0.85", not
// 0.84999999999999998; "1e-06"); whole numbers without an exponent ("500", not 5e+02); NaN and
// the infinities by their JavaScript names.
std::string param_number_text(double x);

// Helpers for a row's set/get (a variant's own rows use them too).
namespace param_detail {
// The refusal of a bad value: `sentence` has one %s, the value as given (quoted if it is not a
// number); the code carries the text itself.
Error refusal(const char* sentence, ErrorCode code, std::string_view text);
// A whole number / a number from text, within [min, max]; else refusal(sentence, code, text).
std::optional<Error> read_whole(std::string_view text, double min, double max, const char* sentence,
                                ErrorCode code, double& out);
std::optional<Error> read_real(std::string_view text, double min, double max, const char* sentence,
                               ErrorCode code, double& out);
// One of `choices` (", " between them): param_choice {key, text, choices}.
Error not_a_choice(const char* key, std::string_view text, const std::string& choices);
}  // namespace param_detail

}  // namespace bloomlab
