#include "args.h"

#include "core/parse.h"

namespace bloomlab::cli {

Result<Args> parse_args(const std::vector<std::string>& argv, const OptionSpec& spec) {
  Args args;
  bool options_done = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (options_done || a.size() < 2 || a.compare(0, 2, "--") != 0) {
      args.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    const size_t eq = a.find('=');
    const std::string name = a.substr(0, eq);
    if (spec.flags.count(name)) {
      if (eq != std::string::npos) return Error{name + " takes no value"};
      args.flags.insert(name);
    } else if (spec.valued.count(name)) {
      if (args.values.count(name))
        args.warnings.push_back(name + " is given more than once; the last value is used");
      if (eq != std::string::npos) {
        args.values[name] = a.substr(eq + 1);
      } else if (i + 1 < argv.size()) {
        args.values[name] = argv[++i];
      } else {
        return Error{name + " needs a value"};
      }
    } else {
      return Error{"unknown option " + name + " (see --help)"};
    }
  }
  return args;
}

Result<uint64_t> parse_count(const std::string& what, const std::string& text, uint64_t min, uint64_t max) {
  const std::string range = "from " + std::to_string(min) + " to " + std::to_string(max);
  const std::optional<uint64_t> value = parse_whole(text);
  if (!value) {
    if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)  // digits beyond 2^64
      return Error{what + " is too large (" + range + "): " + text};
    return Error{what + " must be a whole number, got '" + text + "'"};
  }
  if (*value < min || *value > max) {
    return Error{what + " must be " + range + ", got " + text};
  }
  return *value;
}

Result<double> parse_real(const std::string& what, const std::string& text) {
  const std::optional<double> value = bloomlab::parse_real(text);
  if (!value) return Error{what + " must be a number, got '" + text + "'"};
  return *value;
}

Result<std::pair<uint64_t, uint64_t>> parse_range(const std::string& what, const std::string& text,
                                                  uint64_t min, uint64_t max) {
  const size_t dots = text.find("..");
  const std::string lo_text = text.substr(0, dots);
  const std::string hi_text = dots == std::string::npos ? lo_text : text.substr(dots + 2);
  Result<uint64_t> lo = parse_count(what, lo_text, min, max);
  if (!lo.ok()) return lo.failure();
  Result<uint64_t> hi = parse_count(what, hi_text, min, max);
  if (!hi.ok()) return hi.failure();
  if (*lo > *hi) return Error{what + " must be a range A..B with A <= B, got " + text};
  return std::make_pair(*lo, *hi);
}

}  // namespace bloomlab::cli
