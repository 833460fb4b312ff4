// The `bloomlab` subcommands. Each takes its arguments (after the subcommand's name), writes its
// result to stdout and returns the exit code; bad input comes back as an Error (exit 2).
#pragma once
#include <string>
#include <vector>

#include "core/result.h"

namespace bloomlab::cli {

struct Command {
  const char* name;
  const char* summary;  // one line for the top-level help
  const char* usage;    // the subcommand's --help text
  Result<int> (*run)(const std::vector<std::string>& args);
};

const std::vector<Command>& commands();

// What the last command said without refusing (an option given twice): main prints these, one
// "bloomlab: warning: ..." line each, when the command succeeded. A refusal stays one line.
std::vector<std::string>& warnings();

}  // namespace bloomlab::cli
