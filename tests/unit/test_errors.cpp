// The core's errors carry a code and arguments (core/result.h) beside their English sentence,
// so that the app words them in the reader's language (issue 12: "outcomes carry codes").
// The arguments are the numbers and texts of each case, computed here from the limits.
#include <doctest.h>

#include <string>
#include <vector>

#include "core/design.h"
#include "core/filter.h"
#include "core/word_list.h"
#include "core/word_set.h"

using namespace bloomlab;
using Args = std::vector<std::string>;

namespace {
template <typename T>
void check_error(const Result<T>& r, ErrorCode code, const Args& args) {
  REQUIRE_FALSE(r.ok());
  CHECK(r.failure().code == code);
  CHECK(r.failure().args == args);
  CHECK_FALSE(r.error().empty());  // the CLI's English sentence is still there
}
FilterParams scalable(double n0, double p0, double s, double r) {
  FilterParams p{64, 3, Variant::scalable, Scheme::reference};
  p.scalable = ScalableParams{n0, p0, s, r};
  return p;
}
}  // namespace

TEST_CASE("error codes: every code has its own token, and the token reads back") {
  for (int i = 0; i < int(ErrorCode::count_); ++i) {
    ErrorCode back = ErrorCode::count_;
    REQUIRE(parse_error_code(error_code_name(ErrorCode(i)), &back));
    CHECK(back == ErrorCode(i));
  }
  ErrorCode none;
  CHECK_FALSE(parse_error_code("the word list is empty", &none));
}

TEST_CASE("error codes: word lists") {
  check_error(parse_word_list(""), ErrorCode::list_empty, {});
  check_error(parse_word_list("\r\n\n\n"), ErrorCode::list_only_empty_lines, {"3"});
  check_error(parse_word_list("a\n" + std::string(4097, 'x') + "\n"), ErrorCode::list_line_too_long,
              {"2", "4097", "4096"});
  check_error(parse_word_list(std::string(64 * 1024 * 1024 + 1, '\n')), ErrorCode::list_too_large,
              {"67108865", "67108864"});
  const Result<WordList> missing = read_word_list_file("/nonexistent/words.txt");
  check_error(missing, ErrorCode::file_open_failed, {"/nonexistent/words.txt", "No such file or directory"});
}

TEST_CASE("error codes: m, k and the scalable variant's growth, with the value given") {
  check_error(Filter::create({0, 3}), ErrorCode::m_range, {"0"});
  check_error(Filter::create({uint64_t{1} << 33, 3}), ErrorCode::m_range, {"8589934592"});
  check_error(Filter::create({64, 65}), ErrorCode::k_range, {"65"});
  check_error(Filter::create(scalable(0, 0.01, 2, 0.85)), ErrorCode::scalable_n0_range, {"0"});
  check_error(Filter::create(scalable(1000, 0.9, 2, 0.85)), ErrorCode::scalable_p0_range, {"0.9"});
  check_error(Filter::create(scalable(1000, 0.01, 20, 0.85)), ErrorCode::scalable_growth_range, {"20"});
  check_error(Filter::create(scalable(1000, 0.01, 2, 0.025)), ErrorCode::scalable_tightening_range,
              {"0.025"});
}

TEST_CASE("error codes: memory sizes, with the text as typed") {
  check_error(parse_memory(""), ErrorCode::memory_size_form, {""});
  check_error(parse_memory("GiB"), ErrorCode::memory_size_number, {"GiB"});
  check_error(parse_memory("4 XB"), ErrorCode::memory_size_unit, {"4 XB"});
  check_error(parse_memory("0.01 bits"), ErrorCode::memory_size_too_small, {"0.01 bits"});
  check_error(parse_memory("2 EiB"), ErrorCode::memory_size_unit, {"2 EiB"});  // not a unit we read
  check_error(parse_memory("2000000 TiB"), ErrorCode::memory_size_too_large, {"2000000 TiB"});
}

TEST_CASE("error codes: remove, each refusal with its word") {
  Result<WordSet> standard = WordSet::create({64, 3, Variant::standard, Scheme::reference});
  REQUIRE(standard.ok());
  standard->add("dragon");
  check_error(standard->remove("dragon"), ErrorCode::remove_needs_counting, {"standard"});
  Result<WordSet> counting = WordSet::create({64, 3, Variant::counting, Scheme::reference});
  REQUIRE(counting.ok());
  // DESIGN.md: at m = 64, k = 3 "dragon" sets 30, 1, 36; "letmein" the bits of "Qwerty".
  check_error(counting->remove("dragon"), ErrorCode::remove_absent, {"dragon", "1, 30, 36"});
  counting->add("Qwerty");
  check_error(counting->remove("letmein"), ErrorCode::remove_false_positive, {"letmein", "Qwerty", "1"});
}
