// What the fuzz targets that drive the app through its one door share.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/actions.h"
#include "app/model/host.h"
#include "app/model/url_params.h"
#include "core/word_list.h"

namespace bloomlab::app::fuzz {

// A broken promise is a crash: libFuzzer keeps the input that caused it.
inline void require(bool ok) {
  if (!ok) std::abort();
}

// A platform that does nothing: no textures, no downloads, the password list never arrives.
struct NullHost : Host {
  void* upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
  void request_password_list() override {}
  void save_file(const std::string&, const std::string&, std::string_view) override {}
  void announce(const std::string&) override {}
};

// The app as it starts, before a link or a saved session: the Tiny preset.
inline void start_app(AppState& s, Host& host) { (void)apply(s, host, act::LoadPreset{"tiny"}); }

// A word list is added a slice at a time, a frame each (continue_loading): all of it now.
inline void finish_loading(AppState& s) {
  while (continue_loading(s, 1000.0)) {
  }
}

// A filter of 2^32 bits is legal and works (tests/app), but takes seconds to allocate and fill
// under ASan: leave m beyond 10^7 bits to the unit tests, not to a million fuzz runs.
inline bool has_huge_m(std::string_view query) {
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view pair = query.substr(start, end - start);
    const size_t eq = pair.find('=');
    if (eq != std::string_view::npos && percent_decode(pair.substr(0, eq)) == "m" && pair.size() - eq - 1 > 7)
      return true;
    start = end + 1;
  }
  return false;
}

// Warnings the page shows: a few (url_params.h, kMaxLinkWarnings), each a short text in UTF-8
// (a link's raw bytes are quoted, never pasted).
inline void require_fine_warnings(const std::vector<std::string>& warnings) {
  require(warnings.size() <= kMaxLinkWarnings);
  for (const std::string& w : warnings) require(!w.empty() && w.size() < 1000 && is_valid_utf8(w));
}

}  // namespace bloomlab::app::fuzz
