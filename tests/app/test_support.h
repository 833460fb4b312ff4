// Shared by the app tests: a host that records what the app asked of the platform, and the
// app driven only through its one door (apply) and read through its JSON.
#pragma once
#include <doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/model/url_params.h"

namespace bloomlab::app::testing {

struct FakeHost : Host {
  int list_requests = 0;
  std::vector<std::string> saved_files, copied;
  void* upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
  void request_password_list() override { ++list_requests; }
  void save_file(const std::string& name, const std::string&, std::string_view) override {
    saved_files.push_back(name);
  }
  void announce(const std::string&) override {}
  void copy_text(const std::string& text) override { copied.push_back(text); }
};

inline const std::vector<std::string> kTinyWords = {"password", "12345", "qwerty", "dragon", "letmein"};

// Runs an action through the door, as the panels and the JS API do.
inline Outcome run(AppState& s, Host& host, const Action& a) { return apply(s, host, a); }

inline AppState tiny_state(Host& host) {
  AppState s;
  REQUIRE(apply(s, host, act::LoadPreset{"tiny"}).code == Code::preset_loaded);
  s.history = History{};
  return s;
}

inline void finish_loading(AppState& s) {
  for (int i = 0; i < 100000 && continue_loading(s, 50.0); ++i) {
  }
}

inline nlohmann::json state(const AppState& s) { return nlohmann::json::parse(actions::state_json(s)); }

inline ParamsRequest request(std::optional<double> m, std::optional<double> k = std::nullopt) {
  ParamsRequest r;
  r.m = m;
  r.k = k;
  return r;
}

}  // namespace bloomlab::app::testing
