// A bundle: several named text files in one, as cmake/Bundle.cmake writes them: for each file,
// the byte 0x1E (record separator), its name, a newline, and its text. The web build fetches the
// lessons and the programs' templates so, when they are first wanted; native builds compile the
// same files in.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

struct BundleFile {
  std::string name, text;
};

// The bundle's files in order; nothing when it is malformed (no leading 0x1E, a file without
// its name line).
std::optional<std::vector<BundleFile>> parse_bundle(std::string_view bundle);

}  // namespace bloomlab
