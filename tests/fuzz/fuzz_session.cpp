// Fuzzes what a browser gives back of a saved session (url_params.h, Session): the parameters,
// then after the first NUL byte the words as encode_session_words stored them, or bytes that
// only look like them (IndexedDB cut short, another version's record). decode_session_words
// must never crash, and what it gives back must encode and decode to itself. restore_session,
// on the app as it starts, must never crash, must leave valid parameters and only a few short
// warnings in words; the session of the state it built (session_for) must restore without a
// warning to the same parameters and words, and be a fixed point.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/actions.h"
#include "app/model/url_params.h"
#include "core/word_list.h"
#include "fuzz_app.h"

using namespace bloomlab;
using namespace bloomlab::app;

using fuzz::NullHost;
using fuzz::require;

namespace {

// The words decoded from `bytes`, checked: each as a word list keeps it (not empty, not over
// kMaxLineBytes), and the lot encodes to bytes that decode, whole, to the same words.
std::vector<std::string> decode_checked(std::string_view bytes) {
  std::vector<std::string> words;
  (void)decode_session_words(bytes, words);
  for (const std::string& w : words) require(!w.empty() && w.size() <= kMaxLineBytes);
  std::vector<std::string> again;
  require(decode_session_words(encode_session_words(words), again));
  require(again == words);
  return words;
}

// The app as it starts, then the saved session, its words all in.
std::vector<std::string> restored(AppState& s, Host& host, const Session& saved) {
  fuzz::start_app(s, host);
  std::vector<std::string> warnings = restore_session(s, host, saved);
  fuzz::finish_loading(s);
  return warnings;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string_view params = input.substr(0, nul);
  const std::string_view bytes = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
  const std::vector<std::string> words = decode_checked(bytes);
  if (fuzz::has_huge_m(params)) return -1;  // not added to the corpus

  NullHost host;
  AppState s;
  const std::vector<std::string> warnings =
      restored(s, host, Session{std::string(params), std::string(bytes), words.size(), !bytes.empty()});
  fuzz::require_fine_warnings(warnings);
  require(!validate(s.set.params()).has_value());
  require(is_valid_utf8(actions::state_json(s)));

  const Session saved = session_for(s);
  require(saved.word_count == s.set.words().size());
  require(saved.words_apart == !saved.words.empty());
  AppState t;
  require(restored(t, host, saved).empty());
  require(t.set.params() == s.set.params());
  require(t.set.words() == s.set.words());
  require(t.word_input == s.word_input);
  const Session again = session_for(t);
  require(again.params == saved.params && again.words == saved.words);
  require(again.word_count == saved.word_count && again.words_apart == saved.words_apart);
  return 0;
}
