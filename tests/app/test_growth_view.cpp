// Issue 11 §1 and §3 in the app: the "words inserted" slider shows the filter after the first n
// words (bits, numbers, verdicts, the measurement), undoable, in links; growth() and memory().
// Expected values come from filters built here from the same words, from the spec (the 10k
// list's 73,017 bytes: TOOLCHAIN.md) and from the formula.
#include "test_support.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "app/url_params.h"
#include "core/word_list.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

namespace {

AppState passwords_state(Host& host) {
  std::ifstream in(BLOOMLAB_PASSWORDS_FILE, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  AppState s;
  REQUIRE(apply(s, host, act::LoadWordList{bytes.str(), "10k.txt", ListSource::file}).ok());
  finish_loading(s);
  REQUIRE(s.set.words().size() == 10000);
  REQUIRE(apply(s, host, act::SetParams{request(50000.0, 7.0)}).ok());
  s.history = History{};
  return s;
}

WordSet prefix(const AppState& s, size_t n) {
  Result<WordSet> w = WordSet::create(s.set.params());
  REQUIRE(w.ok());
  for (size_t i = 0; i < n; ++i) w->add(s.set.words()[i]);
  return std::move(*w);
}

}  // namespace

TEST_CASE("the words-inserted slider shows the filter after the first n words") {
  FakeHost host;
  AppState s = passwords_state(host);
  const std::string later = s.set.words()[7000];  // a member of the list, not of the first 5,000
  CHECK(run(s, host, act::SetInserted{5000}).code == Code::inserted_changed);
  REQUIRE(s.inserted == 5000u);
  const WordSet expected = prefix(s, 5000);
  const auto json = state(s);
  CHECK(json["n"] == 5000);
  CHECK(json["inserted"] == 5000);
  CHECK(json["wordCount"] == 10000);  // the list stays whole
  CHECK(json["bitsSet"] == expected.filter().bits_set());
  CHECK(shown_set(s).filter().bit_words() == expected.filter().bit_words());
  const Explained e = actions::query(s, later);
  CHECK(e.is_member == false);
  CHECK(e.verdict == expected.explain(later).verdict);
  CHECK(run(s, host, act::Measure{}).ok());
  CHECK(s.measurement->false_positives == measure(expected).false_positives);

  // Params change: the slider stays, the prefix is rebuilt with them.
  CHECK(run(s, host, act::SetParams{request(std::nullopt, 3.0)}).ok());
  CHECK(s.inserted == 5000u);
  CHECK(shown_set(s).filter().bits_set() == prefix(s, 5000).filter().bits_set());

  // Out of range and malformed.
  CHECK(run(s, host, act::SetInserted{2.5}).code == Code::inserted_invalid);
  CHECK(run(s, host, act::SetInserted{NAN}).code == Code::inserted_invalid);
  CHECK(run(s, host, act::SetInserted{1e9}).ok());  // beyond the list: all of it
  CHECK(!s.inserted);
  CHECK(state(s)["inserted"].is_null());
  CHECK(state(s)["n"] == 10000);
}

TEST_CASE("the slider is undoable, a drag is one step, new words show all of them") {
  FakeHost host;
  AppState s = passwords_state(host);
  CHECK(run(s, host, act::SetInserted{1000}).ok());
  CHECK(run(s, host, act::SetInserted{2000, true}).ok());  // the same drag
  CHECK(run(s, host, act::SetInserted{3000, true}).ok());
  CHECK(s.history.undo.size() == 1);
  CHECK(shown_set(s).words().size() == 3000);  // grown word by word from 1,000
  CHECK(shown_set(s).filter().bits_set() == prefix(s, 3000).filter().bits_set());
  CHECK(run(s, host, act::AddWord{"zebra-crossing"}).ok());
  CHECK(!s.inserted);  // a new word: the filter shows every word again
  CHECK(state(s)["n"] == 10001);
  CHECK(run(s, host, act::Undo{}).ok());
  CHECK(s.inserted == 3000u);  // undo brings the slider back with the words
  CHECK(state(s)["n"] == 3000);
  CHECK(run(s, host, act::Undo{}).ok());
  CHECK(!s.inserted);
  CHECK(state(s)["n"] == 10000);
  CHECK(run(s, host, act::Redo{}).ok());
  CHECK(s.inserted == 3000u);
  CHECK(state(s)["bitsSet"] == prefix(s, 3000).filter().bits_set());
}

TEST_CASE("inserted= round-trips through a link, after the words are in") {
  FakeHost host;
  AppState s = tiny_state(host);
  CHECK(run(s, host, act::SetInserted{3}).ok());
  const std::string link = url_params_for(s);
  CHECK(link.find("&inserted=3") != std::string::npos);
  AppState t;
  CHECK(apply_url_params(t, host, link).empty());
  apply_deferred_url_params(t, host);
  CHECK(t.inserted == 3u);
  CHECK(shown_set(t).words() == std::vector<std::string>(kTinyWords.begin(), kTinyWords.begin() + 3));
  CHECK(url_params_for(t) == link);
  AppState u;
  CHECK(apply_url_params(u, host, "preset=tiny&inserted=x").size() == 1);  // warned, ignored
  apply_deferred_url_params(u, host);
  CHECK(!u.inserted);
}

TEST_CASE("growth() and memory() for the 10k list at m = 50,000, k = 7") {
  FakeHost host;
  AppState s = passwords_state(host);
  const auto g = nlohmann::json::parse(actions::growth_json(s));
  REQUIRE(g["points"].size() == 41);
  const auto& last = g["points"][40];
  CHECK(last["n"] == 10000);
  // The article's overfill: (1 - e^(-7 * 10000 / 50000))^7 = 13.8%, measured about 14%.
  CHECK(double(last["theory"]) == doctest::Approx(std::pow(1 - std::exp(-1.4), 7)));
  CHECK(last["falsePositives"] == measure(s.set).false_positives);
  CHECK(double(last["measured"]) > 0.12);
  CHECK(double(last["measured"]) < 0.16);
  CHECK(double(g["designN"]) == doctest::Approx(50000 * std::log(2.0) / 7));
  const auto& mid = g["points"][20];
  CHECK(mid["n"] == 5000);
  CHECK(mid["falsePositives"] == measure(prefix(s, 5000)).false_positives);
  CHECK(double(mid["expectedFill"]) == doctest::Approx(1 - std::exp(-0.7)));

  const auto m = nlohmann::json::parse(actions::memory_json(s));
  CHECK(m["filterBytes"] == 6250);
  CHECK(m["listTextBytes"] == 73017);
  CHECK(m["pythonSetBytes"] == 997570);
  CHECK(m["pythonVersion"] == "3.12");
  CHECK(uint64_t(m["hashSetBytes"]) > 7 * uint64_t(m["listTextBytes"]));  // ~56 bytes a word
}
