// Errors as values: the core never aborts on bad input; it returns what went wrong as a code
// with its arguments (for a UI that words it in its reader's language) and as one English
// sentence (for the CLI, which stays English).
#pragma once
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace bloomlab {

// What went wrong. The arguments are listed beside each code, in order; numbers are plain
// digits ("67108864"; a fraction with a '.': "0.75"), the words and texts as given.
enum class ErrorCode {
  other,                      // only the message (the CLI's own errors)
  list_too_large,             // {bytes, limit bytes}
  list_line_too_long,         // {line, bytes, limit bytes}
  list_empty,                 // {}
  list_only_empty_lines,      // {lines}
  list_damaged,               // {} a saved session's words could not be decoded
  file_open_failed,           // {path, the system's reason}
  file_read_failed,           // {path, the system's reason}
  file_too_large,             // {path, limit bytes}
  filter_memory,              // {m bits, MiB}: not enough memory for the filter
  m_range,                    // {m}
  k_range,                    // {k}
  scalable_n0_range,          // {n0}
  scalable_p0_range,          // {p0}
  scalable_growth_range,      // {s}
  scalable_tightening_range,  // {r}
  memory_size_form,           // {text} empty or longer than 64 characters
  memory_size_number,         // {text} does not start with a number
  memory_size_unit,           // {text} an unknown unit
  memory_size_too_small,      // {text} less than 1 bit
  memory_size_too_large,      // {text} more than 2^63 bits
  remove_needs_counting,      // {variant}
  remove_absent,              // {word, its zero counters (", ")}
  remove_false_positive,      // {word, the first 8 words removing it would break (", "), how many}
  remove_failed,              // {word}
  param_choice,               // {key, text, the choices (", ")}: variant, scheme, counters
  param_unknown,              // {key, the keys (", ")}
  cuckoo_fingerprint_range,   // {f}
  cuckoo_bucket_size,         // {b}
  cuckoo_buckets_range,       // {B}
  cuckoo_full,                // {word, fingerprints held, slots}: the next add is refused
  fuse_fingerprint_bits,      // {f}
  words_do_not_fit,           // {words, how many it took}: new params too small for the words
  count_                      // not a code: the number of codes
};

// The code's stable token ("list_empty", "m_range", ...), for the app's outcomes and the JS API.
const char* error_code_name(ErrorCode code);
// The code of a token; false for anything else.
bool parse_error_code(const std::string& name, ErrorCode* out);

struct Error {
  Error(std::string sentence, ErrorCode what = ErrorCode::other, std::vector<std::string> values = {})
      : message(std::move(sentence)), code(what), args(std::move(values)) {}
  std::string message;  // one English sentence (the CLI shows it as is)
  ErrorCode code;
  std::vector<std::string> args;
};

template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  const std::string& error() const { return std::get<1>(v_).message; }
  const Error& failure() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace bloomlab
