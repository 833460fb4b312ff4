// Command-line parsing for `bloomlab`: options as `--name value` or `--name=value`, flags,
// positional words after them (or after `--`), and strict number parsing whose errors are one
// sentence naming the option and the value.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"

namespace bloomlab::cli {

struct OptionSpec {
  std::set<std::string> valued;  // e.g. "--m"
  std::set<std::string> flags;   // e.g. "--json"
};

struct Args {
  std::map<std::string, std::string> values;
  std::set<std::string> flags;
  std::vector<std::string> positional;
  // Said but not refused, as the URL reader does: an option given twice (the last value wins).
  std::vector<std::string> warnings;
  bool has(const std::string& name) const { return values.count(name) || flags.count(name); }
  const std::string* value(const std::string& name) const {
    auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  }
};

Result<Args> parse_args(const std::vector<std::string>& argv, const OptionSpec& spec);

// Numbers are read as every door reads them (core/parse.h): the message names the option.
// A whole decimal number in [min, max]; `what` names it in the message ("--m").
Result<uint64_t> parse_count(const std::string& what, const std::string& text, uint64_t min, uint64_t max);
// A real number (parse_real: no hex, inf, nan, spaces or '+').
Result<double> parse_real(const std::string& what, const std::string& text);
// "A..B" or a single "A", both ends in [min, max], A <= B.
Result<std::pair<uint64_t, uint64_t>> parse_range(const std::string& what, const std::string& text,
                                                  uint64_t min, uint64_t max);

}  // namespace bloomlab::cli
