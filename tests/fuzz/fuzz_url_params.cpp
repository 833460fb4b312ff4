// Fuzzes the URL parameters the page and --params pass to the app: apply_url_params must never
// crash, must leave valid parameters, and must only warn in words; the share link of the state it
// built (url_params_for) must apply without a warning and recreate the same state, and the JSON
// the JS API reads (state_json) must stay valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/model/actions.h"
#include "app/model/url_params.h"
#include "core/word_list.h"
#include "fuzz_app.h"

using namespace bloomlab;
using namespace bloomlab::app;

using fuzz::NullHost;
using fuzz::require;

namespace {

// The app as it starts, then the parameters.
void start(AppState& s, Host& host, std::string_view query) {
  fuzz::start_app(s, host);
  apply_url_params(s, host, query);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view query(reinterpret_cast<const char*>(data), size);
  if (fuzz::has_huge_m(query)) return -1;  // not added to the corpus
  NullHost host;
  AppState s;
  start(s, host, query);
  require(!validate(s.set.params()).has_value());
  fuzz::require_fine_warnings(s.url_warnings);
  require(is_valid_utf8(actions::state_json(s)));

  const std::string link = url_params_for(s);
  AppState t;
  start(t, host, link);
  require(t.url_warnings.empty());
  require(t.set.params() == s.set.params());
  require(t.word_input == s.word_input);
  require(t.view.theme == s.view.theme && t.view.font_scale == s.view.font_scale);
  require(t.view.panels == s.view.panels && t.view.embed_presets == s.view.embed_presets);
  require(t.view.safe_words_chosen == s.view.safe_words_chosen);
  require(t.probes == s.probes);
  // A link lists at most 200 words beyond the preset's; with more it gives the preset only.
  if (link.find("&words=") != std::string::npos || s.set.words().size() <= 200)
    require(t.set.words() == s.set.words());
  require(url_params_for(t) == link);
  return 0;
}
