#include "bundle.h"

#include <algorithm>

namespace bloomlab {

std::optional<std::vector<BundleFile>> parse_bundle(std::string_view bundle) {
  constexpr char kSeparator = '\x1e';
  if (bundle.empty() || bundle[0] != kSeparator) return std::nullopt;
  std::vector<BundleFile> out;
  for (std::string_view rest = bundle.substr(1); !rest.empty() || out.empty();) {
    const size_t end = std::min(rest.find(kSeparator), rest.size());
    const std::string_view part = rest.substr(0, end);
    const size_t newline = part.find('\n');
    if (newline == std::string_view::npos || newline == 0) return std::nullopt;
    out.push_back({std::string(part.substr(0, newline)), std::string(part.substr(newline + 1))});
    rest = rest.substr(std::min(end + 1, rest.size()));
  }
  return out;
}

}  // namespace bloomlab
