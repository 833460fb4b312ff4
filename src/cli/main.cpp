// bloomlab: the filter core from the command line. Exit 0 on success, 2 on bad input with one
// line "bloomlab: ..." on stderr; with --json also the error's shape on stdout, as the page's API
// gives it: {"ok": false, "code": "m_range", "args": ["0"], "error": "..."} (core/result.h's
// codes). `bloomlab --help`, `bloomlab COMMAND --help`.
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "core/json_writer.h"

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

int fail(const bloomlab::Error& e, bool json = false) {
  if (json) {
    bloomlab::JsonWriter w;
    w.begin_object().field("ok", false).field("code", bloomlab::error_code_name(e.code));
    w.key("args").begin_array();
    for (const std::string& a : e.args) w.value(a);
    w.end_array().field("error", e.message).end_object();
    std::cout << w.str() << '\n';
  }
  std::cerr << "bloomlab: " << e.message << '\n';
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return fail(bloomlab::Error("missing command (bloomlab --help lists the commands)"));
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(std::cout);
    return 0;
  }
  for (const auto& c : bloomlab::cli::commands()) {
    if (args[0] != c.name) continue;
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    bool json = false;
    for (const std::string& a : rest) {
      if (a == "--") break;
      if (a == "--help" || a == "-h") {
        std::cout << c.usage;
        return 0;
      }
      json = json || a == "--json";
    }
    bloomlab::Result<int> code = c.run(rest);
    if (!code.ok()) return fail(code.failure(), json);
    for (const std::string& w : bloomlab::cli::warnings()) std::cerr << "bloomlab: warning: " << w << '\n';
    return *code;
  }
  return fail(bloomlab::Error("unknown command '" + args[0] + "' (bloomlab --help lists the commands)"));
}
