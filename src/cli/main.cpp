// bloomlab: the filter core from the command line. Exit 0 on success, 2 on bad input with one
// line "bloomlab: ..." on stderr. `bloomlab --help`, `bloomlab COMMAND --help`.
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: bloomlab COMMAND [OPTIONS]   (bloomlab COMMAND --help for details)\n"
         "The article's Bloom filter: FNV-1a 64, h1 = h & 0xffffffff, h2 = (h >> 32) | 1,\n"
         "pos_i = (h1 + i*h2) mod m. --words FILE accepts passwords-10k, the bundled list.\n\n"
         "commands:\n";
  for (const auto& c : bloomlab::cli::commands()) {
    out << "  " << c.name << std::string(11 - std::string(c.name).size(), ' ') << c.summary << '\n';
  }
}

int fail(const std::string& message) {
  std::cerr << "bloomlab: " << message << '\n';
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return fail("missing command (bloomlab --help lists the commands)");
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(std::cout);
    return 0;
  }
  for (const auto& c : bloomlab::cli::commands()) {
    if (args[0] != c.name) continue;
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    for (const std::string& a : rest) {
      if (a == "--") break;
      if (a == "--help" || a == "-h") {
        std::cout << c.usage;
        return 0;
      }
    }
    bloomlab::Result<int> code = c.run(rest);
    if (!code.ok()) return fail(code.error());
    for (const std::string& w : bloomlab::cli::warnings()) std::cerr << "bloomlab: warning: " << w << '\n';
    return *code;
  }
  return fail("unknown command '" + args[0] + "' (bloomlab --help lists the commands)");
}
