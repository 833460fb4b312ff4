// What the fuzz targets that drive the app through its one door share.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/host.h"

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

}  // namespace bloomlab::app::fuzz
