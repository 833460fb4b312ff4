#include "result.h"

namespace bloomlab {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::other: return "other";
    case ErrorCode::list_too_large: return "list_too_large";
    case ErrorCode::list_line_too_long: return "list_line_too_long";
    case ErrorCode::list_empty: return "list_empty";
    case ErrorCode::list_only_empty_lines: return "list_only_empty_lines";
    case ErrorCode::list_damaged: return "list_damaged";
    case ErrorCode::file_open_failed: return "file_open_failed";
    case ErrorCode::file_read_failed: return "file_read_failed";
    case ErrorCode::file_too_large: return "file_too_large";
    case ErrorCode::filter_memory: return "filter_memory";
    case ErrorCode::m_range: return "m_range";
    case ErrorCode::k_range: return "k_range";
    case ErrorCode::scalable_n0_range: return "scalable_n0_range";
    case ErrorCode::scalable_p0_range: return "scalable_p0_range";
    case ErrorCode::scalable_growth_range: return "scalable_growth_range";
    case ErrorCode::scalable_tightening_range: return "scalable_tightening_range";
    case ErrorCode::memory_size_form: return "memory_size_form";
    case ErrorCode::memory_size_number: return "memory_size_number";
    case ErrorCode::memory_size_unit: return "memory_size_unit";
    case ErrorCode::memory_size_too_small: return "memory_size_too_small";
    case ErrorCode::memory_size_too_large: return "memory_size_too_large";
    case ErrorCode::remove_needs_counting: return "remove_needs_counting";
    case ErrorCode::remove_absent: return "remove_absent";
    case ErrorCode::remove_false_positive: return "remove_false_positive";
    case ErrorCode::remove_failed: return "remove_failed";
    case ErrorCode::param_choice: return "param_choice";
    case ErrorCode::param_unknown: return "param_unknown";
    case ErrorCode::cuckoo_fingerprint_range: return "cuckoo_fingerprint_range";
    case ErrorCode::cuckoo_bucket_size: return "cuckoo_bucket_size";
    case ErrorCode::fuse_fingerprint_bits: return "fuse_fingerprint_bits";
    case ErrorCode::cuckoo_buckets_range: return "cuckoo_buckets_range";
    case ErrorCode::cuckoo_full: return "cuckoo_full";
    case ErrorCode::words_do_not_fit: return "words_do_not_fit";
    case ErrorCode::count_: break;
  }
  return "other";
}

bool parse_error_code(const std::string& name, ErrorCode* out) {
  for (int i = 0; i < int(ErrorCode::count_); ++i) {
    if (name == error_code_name(ErrorCode(i))) {
      *out = ErrorCode(i);
      return true;
    }
  }
  return false;
}

}  // namespace bloomlab
