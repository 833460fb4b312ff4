// The application's actions and URL parameters, without a window. Expected positions come from
// the spec in DESIGN.md (m = 64, k = 3: "dragon" -> 30, 1, 36; "Qwerty" -> 25, 52, 15).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest.h>

#include <string>
#include <vector>

#include "app/actions.h"
#include "app/url_params.h"

using namespace bloomlab;
using namespace bloomlab::app;

namespace {

struct FakeHost : Host {
  int list_requests = 0;
  std::vector<std::string> announced;
  ImTextureID upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
  void request_password_list() override { ++list_requests; }
  void save_file(const std::string&, const std::string&, std::string_view) override {}
  void announce(const std::string& text) override { announced.push_back(text); }
};

bool has(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

void finish_loading(AppState& s) {
  for (int i = 0; i < 100000 && actions::step_pending(s, 50.0); ++i) {
  }
}

}  // namespace

TEST_CASE("the Tiny preset shows the classic collision") {
  AppState s;
  FakeHost host;
  CHECK(actions::load_preset(s, host, "tiny").empty());
  CHECK(s.set.params().m == 64);
  CHECK(s.set.params().k == 3);
  CHECK(s.set.words().size() == 5);
  const Explained dragon = actions::query(s, "dragon");
  CHECK(dragon.positions == std::vector<uint64_t>{30, 1, 36});
  CHECK(dragon.is_member);
  const Explained qwerty = actions::query(s, "Qwerty");
  CHECK(qwerty.positions == std::vector<uint64_t>{25, 52, 15});
  CHECK(qwerty.verdict == Verdict::possibly);
  CHECK_FALSE(qwerty.is_member);
  const std::string json = actions::query_json(s, "Qwerty");
  CHECK(has(json, "\"verdict\":\"possibly\""));
  CHECK(has(json, "\"positions\":[25,52,15]"));
  CHECK(has(json, "letmein"));
}

TEST_CASE("bad parameters give a message and the words stay") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  const uint64_t version = s.version;
  CHECK_FALSE(actions::set_params(s, FilterParams{64, 1000, Variant::standard, Scheme::reference}).empty());
  CHECK(s.params_note.is_error);
  CHECK_FALSE(actions::set_params(s, FilterParams{0, 3, Variant::standard, Scheme::reference}).empty());
  CHECK_FALSE(actions::set_params(s, FilterParams{(uint64_t{1} << 32) + 1, 3, Variant::standard,
                                                  Scheme::reference}).empty());
  CHECK(s.set.words().size() == 5);
  CHECK(s.set.params().m == 64);
  CHECK(s.version == version);
  // A good change rebuilds from the same words and clears the message.
  CHECK(actions::set_params(s, FilterParams{128, 4, Variant::standard, Scheme::reference}).empty());
  CHECK(s.set.words().size() == 5);
  CHECK(s.set.filter().items_added() == 5);
  CHECK(s.params_note.text.empty());
  CHECK(s.version > version);
}

TEST_CASE("adding words: empty, too long, duplicate, invalid UTF-8") {
  AppState s;
  CHECK_FALSE(actions::add_word(s, "").empty());
  CHECK_FALSE(actions::add_word(s, std::string(kMaxLineBytes + 1, 'a')).empty());
  CHECK(actions::add_word(s, "apple").empty());
  CHECK(actions::add_word(s, "apple").empty());  // a duplicate is not an error
  CHECK(s.set.words().size() == 1);
  CHECK(actions::add_word(s, "\xff\xfe").empty());
  CHECK(has(s.word_note.text, "UTF-8"));
  CHECK(s.set.words().size() == 2);
  CHECK(has(actions::state_json(s), "\"n\":2"));
}

TEST_CASE("a pasted megabyte is cut at kMaxLineBytes on a UTF-8 boundary") {
  AppState s;
  std::string huge;
  while (huge.size() < 1000000) huge += "я";  // two bytes each
  actions::set_word_input(s, huge);
  CHECK(s.word_input.size() <= kMaxLineBytes);
  CHECK(s.word_input.size() >= kMaxLineBytes - 1);
  CHECK(s.word_input.size() % 2 == 0);  // no half character
  CHECK(s.word_note.is_error);
}

TEST_CASE("remove only with the counting variant; what-if with the standard one") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  CHECK_FALSE(actions::remove_word(s, "dragon").empty());
  CHECK(s.set.words().size() == 5);
  actions::what_if_cleared(s, "letmein");
  // letmein's bits are Qwerty's, not qwerty's: at least no crash, and the answer is for now.
  CHECK(s.what_if_version == s.version);
  CHECK(actions::set_params(s, FilterParams{64, 3, Variant::counting, Scheme::reference}).empty());
  CHECK(actions::remove_word(s, "dragon").empty());
  CHECK(s.set.words().size() == 4);
  CHECK(actions::query(s, "dragon").verdict == Verdict::definitely_not);
}

TEST_CASE("the password list loads a slice per frame, and a failure keeps the words") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  actions::word_list_failed(s, "network down");
  CHECK(s.list_note.is_error);
  CHECK(has(s.list_note.text, "network down"));
  CHECK(s.set.words().size() == 5);

  // Asked for, then failed: the tiny words and their m and k stay.
  CHECK(actions::load_preset(s, host, "passwords").empty());
  CHECK(host.list_requests == 1);
  CHECK(s.password_list_loading);
  actions::word_list_failed(s, "HTTP 503");
  CHECK(s.set.words().size() == 5);
  CHECK(s.set.params().m == 64);
  CHECK(s.preset == "tiny");

  CHECK(actions::load_preset(s, host, "passwords").empty());
  CHECK(host.list_requests == 2);
  CHECK(s.set.words().size() == 5);  // until the list arrives
  std::string list;
  for (int i = 0; i < 3000; ++i) list += "pw" + std::to_string(i) + "\r\n";
  list += "pw1\n\n";  // a duplicate and an empty line
  actions::word_list_arrived(s, list);
  CHECK(s.set.params().m == 100000);
  CHECK(s.set.params().k == 7);
  CHECK(s.preset == "passwords");
  CHECK(s.pending.active());
  CHECK(has(actions::state_json(s), "\"active\":true"));
  finish_loading(s);
  CHECK(s.set.words().size() == 3000);
  CHECK_FALSE(s.pending.active());
  CHECK(has(s.list_note.text, "1"));  // the report's summary mentions the duplicate
  const std::string json = actions::state_json(s);
  CHECK(has(json, "\"wordCount\":3000"));
  CHECK(has(json, "\"wordsTruncated\":true"));
}

TEST_CASE("measure counts the probes") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  const Measurement m = actions::measure(s, 1000);
  CHECK(m.probes + m.skipped == 1000);
  CHECK(m.measured_rate == doctest::Approx(double(m.false_positives) / double(m.probes)));
  CHECK(has(actions::measurement_json(m), "\"probes\":1000"));
  CHECK(actions::measure(s, 0).probes + actions::measure(s, 0).skipped == 1);  // clamped, no crash
}

TEST_CASE("URL parameters set the state; bad ones warn") {
  AppState s;
  FakeHost host;
  const auto warnings = apply_url_params(
      s, host,
      "?preset=tiny&m=128&k=4&words=apple,pe%2Car&word=drag+on&theme=light&panels=words,bits&scale=2");
  CHECK(warnings.empty());
  CHECK(s.set.params().m == 128);
  CHECK(s.set.params().k == 4);
  CHECK(s.set.contains_word("pe,ar"));
  CHECK(s.set.words().size() == 7);
  CHECK(s.word_input == "drag on");
  CHECK(s.view.theme == Theme::light);
  CHECK(s.view.show_words);
  CHECK_FALSE(s.view.show_plots);
  CHECK(s.view.font_scale == 2.0f);

  AppState t;
  const auto bad = apply_url_params(
      t, host, "m=0&k=1000&variant=nope&scheme=&foo=1&scale=9&probes=99999999999999999999999&"
               "m=99999999999999999999999&theme=pink&panels=nothing");
  CHECK(bad.size() >= 9);
  CHECK(t.set.params().m == 64);  // the defaults stay
  CHECK(t.set.params().k == 3);
  CHECK(t.view.show_plots);

  AppState u;
  apply_url_params(u, host, "m=100&m=200");
  CHECK(u.set.params().m == 200);  // the last wins
  CHECK(u.url_warnings.size() == 1);

  AppState v;
  std::string many = "words=";
  for (int i = 0; i < 1500; ++i) many += "w" + std::to_string(i) + ",";
  CHECK(apply_url_params(v, host, many).size() == 1);
  CHECK(v.set.words().size() == 1000);

  CHECK_FALSE(apply_url_params(v, host, std::string(300000, 'x')).empty());
  CHECK(percent_decode("%zz%4") == "%zz%4");
  CHECK(percent_decode("%E2%9C%93+a") == "\xE2\x9C\x93 a");
}

TEST_CASE("a share link round-trips") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  actions::add_word(s, "straße, ok");
  actions::set_params(s, FilterParams{100, 5, Variant::counting, Scheme::enhanced});
  actions::set_word_input(s, "a&b=c");
  s.view.theme = Theme::high_contrast;
  s.view.show_check = false;
  s.view.font_scale = 1.5f;
  s.probes = 5000;
  const std::string link = url_params_for(s);

  AppState t;
  CHECK(apply_url_params(t, host, link).empty());
  CHECK(t.set.params() == s.set.params());
  CHECK(t.set.words() == s.set.words());
  CHECK(t.word_input == s.word_input);
  CHECK(t.view.theme == s.view.theme);
  CHECK_FALSE(t.view.show_check);
  CHECK(t.view.font_scale == 1.5f);
  CHECK(t.probes == 5000);
  CHECK(url_params_for(t) == link);

  // After removing a preset word the link lists every word instead.
  actions::remove_word(s, "dragon");
  AppState r;
  CHECK(apply_url_params(r, host, url_params_for(s)).empty());
  CHECK(r.set.words() == s.set.words());
}

TEST_CASE("a link's m, k and words apply after the password list it asked for arrives") {
  AppState s;
  FakeHost host;
  actions::load_preset(s, host, "tiny");
  const auto warnings = apply_url_params(s, host, "preset=passwords&m=64&k=5&words=zebra");
  CHECK(warnings.empty());
  CHECK(s.password_list_loading);
  apply_deferred_url_params(s);  // still loading: nothing yet
  CHECK(s.set.params().m == 64);
  CHECK(s.set.params().k == 3);
  actions::word_list_arrived(s, "alpha\nbeta\ngamma\n");
  finish_loading(s);
  apply_deferred_url_params(s);
  CHECK(s.set.params().m == 64);
  CHECK(s.set.params().k == 5);
  CHECK(s.set.contains_word("zebra"));
  CHECK(s.set.contains_word("beta"));
  CHECK(s.url_after_list.empty());
}
