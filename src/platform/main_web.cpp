// The browser program: the app on a WebGL2 canvas, and the C side of the JS API that
// web/bloomlab.js wraps as window.bloomlab. Every call goes to the same actions the UI uses.
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <string>

#include "app/actions.h"
#include "app/url_params.h"
#include "core/json_writer.h"
#include "loop.h"

namespace bloomlab::platform {
namespace {

// Calls into web/bloomlab.js (Module.bloomlab*), which does the browser's part.
EM_JS(void, js_request_password_list, (), { Module.bloomlabFetchPasswords(); });
EM_JS(void, js_save_file, (const char* name, const char* mime, const char* bytes, size_t size), {
  Module.bloomlabSaveFile(UTF8ToString(name), UTF8ToString(mime), HEAPU8.slice(bytes, bytes + size));
});
EM_JS(void, js_announce, (const char* text), { Module.bloomlabAnnounce(UTF8ToString(text)); });
EM_JS(void, js_frame_drawn, (double frames), { Module.bloomlabFrameDrawn(frames); });
EM_JS(void, js_param_warnings, (const char* json), {
  Module.bloomlabParamWarnings(JSON.parse(UTF8ToString(json)));
});
EM_JS(char*, js_location_params, (), {
  // The fragment (state kept by the app) wins over the query (the embed's configuration).
  const q = location.search.slice(1);  // without the leading "?"
  const h = location.hash.slice(1);    // without the leading "#"
  const s = [q, h].filter(Boolean).join("&");
  return stringToNewUTF8(s);
});

class WebHost : public GlHost {
 public:
  void request_password_list() override { js_request_password_list(); }
  void save_file(const std::string& name, const std::string& mime, std::string_view bytes) override {
    js_save_file(name.c_str(), mime.c_str(), bytes.data(), bytes.size());
  }
  void announce(const std::string& text) override { js_announce(text.c_str()); }
};

WebHost g_host;
Loop g_loop;
std::string g_reply;  // the last answer handed to JS; valid until the next call

const char* reply(std::string json) {
  g_reply = std::move(json);
  return g_reply.c_str();
}

const char* outcome(const std::string& error) {
  JsonWriter j;
  j.begin_object().field("ok", error.empty());
  if (!error.empty()) j.field("error", error);
  j.end_object();
  return reply(j.str());
}

// A JS number as a count: NaN, negatives and fractions have no meaning as m or k.
bool to_count(double v, uint64_t& out, const char* name, std::string& error) {
  if (!std::isfinite(v) || v < 0 || std::floor(v) != v) {
    error = std::string(name) + " must be a whole number";
    return false;
  }
  out = v >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(v);
  return true;
}

// Applies URL-style parameters; the warnings (unknown keys, bad values) as a JSON array.
std::string apply_params(const char* query) {
  JsonWriter w;
  w.begin_array();
  for (const auto& warning : app::apply_url_params(g_loop.state, g_host, query)) w.value(warning);
  w.end_array();
  return w.str();
}

void main_loop_step() {
  frame(g_loop);
  swap(g_loop);
  if (g_loop.frames <= 2) js_frame_drawn(double(g_loop.frames));
}

}  // namespace
}  // namespace bloomlab::platform

using namespace bloomlab;
using namespace bloomlab::platform;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* bl_state() { return reply(app::actions::state_json(g_loop.state)); }

EMSCRIPTEN_KEEPALIVE const char* bl_query(const char* bytes, int size) {
  return reply(app::actions::query_json(g_loop.state, std::string_view(bytes, size_t(size))));
}

EMSCRIPTEN_KEEPALIVE const char* bl_add(const char* bytes, int size) {
  return outcome(app::actions::add_word(g_loop.state, std::string_view(bytes, size_t(size))));
}

EMSCRIPTEN_KEEPALIVE const char* bl_remove(const char* bytes, int size) {
  return outcome(app::actions::remove_word(g_loop.state, std::string_view(bytes, size_t(size))));
}

// m or k < 0 (JS: absent) keeps the current value; an empty name keeps the variant or scheme.
EMSCRIPTEN_KEEPALIVE const char* bl_set_params(double m, double k, const char* variant,
                                               const char* scheme) {
  FilterParams p = g_loop.state.set.params();
  std::string error;
  uint64_t value = 0;
  if (m != -1) {
    if (!to_count(m, value, "m", error)) return outcome(error);
    p.m = value;
  }
  if (k != -1) {
    if (!to_count(k, value, "k", error)) return outcome(error);
    p.k = value > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(value);
  }
  if (*variant) {
    const auto v = parse_variant(variant);
    if (!v) return outcome("unknown variant \"" + std::string(variant) + "\" (standard, counting, blocked)");
    p.variant = *v;
  }
  if (*scheme) {
    const auto s = parse_scheme(scheme);
    if (!s) return outcome("unknown scheme \"" + std::string(scheme) + "\" (reference, enhanced, independent, weak)");
    p.scheme = *s;
  }
  return outcome(app::actions::set_params(g_loop.state, p));
}

EMSCRIPTEN_KEEPALIVE const char* bl_load_preset(const char* name) {
  return outcome(app::actions::load_preset(g_loop.state, g_host, name));
}

EMSCRIPTEN_KEEPALIVE const char* bl_measure(double probes) {
  uint64_t count = kDefaultProbes;
  std::string error;
  if (probes != -1 && !to_count(probes, count, "probes", error)) return outcome(error);
  return reply(app::actions::measurement_json(app::actions::measure(g_loop.state, count)));
}

EMSCRIPTEN_KEEPALIVE const char* bl_load_words(const char* bytes, int size, const char* source) {
  return outcome(app::actions::load_word_list(g_loop.state, std::string_view(bytes, size_t(size)), source));
}

EMSCRIPTEN_KEEPALIVE void bl_password_list_arrived(const char* bytes, int size) {
  app::actions::word_list_arrived(g_loop.state, std::string_view(bytes, size_t(size)));
}

EMSCRIPTEN_KEEPALIVE void bl_password_list_failed(const char* why) {
  app::actions::word_list_failed(g_loop.state, why);
}

EMSCRIPTEN_KEEPALIVE const char* bl_apply_params(const char* query) {
  return reply(apply_params(query));
}

EMSCRIPTEN_KEEPALIVE const char* bl_share_params() { return reply(app::url_params_for(g_loop.state)); }

}  // extern "C"

int main() {
  // The canvas is sized by CSS; SDL follows it (and devicePixelRatio) on resize events.
  if (!init(g_loop, g_host, 960, 640)) return 1;
  char* params = js_location_params();
  const std::string warnings = apply_params(params);
  free(params);
  js_param_warnings(warnings.c_str());
  emscripten_set_main_loop(main_loop_step, 0, false);
  return 0;
}
