// One article's filter in the app, through the one door: the Python preset, the counting
// options (counter widths, the unchecked remove and its false negative, undo / redo), and their
// URL parameters and state JSON. Positions come from DESIGN.md (m = 64, k = 3: Qwerty 25 52 15,
// letmein 15 52 25) and from the article (BloomFilter(1000, 0.01): m = 9585, k = 6).
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

TEST_CASE("the Python article's preset: m = 9585, k = 6, SHA-256 + MD5, кот пёс ёж, слон asked") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::LoadPreset{"python"}).ok());
  CHECK(s.set.params() == FilterParams{9585, 6, Variant::standard, Scheme::sha256md5});
  CHECK(s.set.words() == std::vector<std::string>{"кот", "пёс", "ёж"});
  CHECK(s.word_input == "слон");
  const auto j = state(s);
  CHECK(j["preset"] == "python");
  CHECK(j["params"]["scheme"] == "sha256md5");
  CHECK(j["query"]["word"] == "слон");
  // A link carries it and brings it back.
  const std::string link = url_params_for(s);
  CHECK(link.find("preset=python") == 0);
  CHECK(link.find("scheme=sha256md5") != std::string::npos);
  AppState t;
  CHECK(apply_url_params(t, host, link).empty());
  CHECK(t.set.params() == s.set.params());
  CHECK(t.set.words() == s.set.words());
  CHECK(t.word_input == "слон");
  // Undo takes the preset back.
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(s.set.params().scheme == Scheme::reference);
}

TEST_CASE("counter widths through the door, the link and the state") {
  FakeHost host;
  AppState s = tiny_state(host);
  ParamsRequest r;
  r.variant = Variant::counting;
  r.values = {{"counters", "unbounded"}};
  REQUIRE(run(s, host, act::SetParams{r}).ok());
  CHECK(s.set.params().counting.width == CounterWidth::unbounded);
  CHECK(state(s)["params"]["counters"] == "unbounded");
  const std::string link = url_params_for(s);
  CHECK(link.find("counters=unbounded") != std::string::npos);
  AppState t;
  CHECK(apply_url_params(t, host, link).empty());
  CHECK(t.set.params() == s.set.params());
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(s.set.params().counting.width == CounterWidth::four);
  AppState u;
  const auto warnings = apply_url_params(u, host, "preset=tiny&variant=counting&counters=16&remove=maybe");
  CHECK(warnings.size() == 2);
  CHECK(u.set.params().counting.width == CounterWidth::four);
  CHECK_FALSE(u.remove_unchecked);
}

TEST_CASE("the article's remove without checking: Qwerty's removal breaks letmein; undo mends it") {
  FakeHost host;
  AppState s = tiny_state(host);
  CHECK(
      apply_url_params(s, host, "preset=tiny&variant=counting&counters=unbounded&remove=unchecked").empty());
  CHECK(s.remove_unchecked);
  CHECK(url_params_for(s).find("remove=unchecked") != std::string::npos);
  // Checked, Qwerty is refused (a false positive); unchecked, it goes and takes letmein's counts.
  const Outcome o = run(s, host, act::RemoveWord{"Qwerty"});
  CHECK(o.code == Code::word_removed_unchecked);
  CHECK(o.args == std::vector<std::string>{"Qwerty", "letmein"});
  CHECK(broken_words(s) == std::vector<std::string>{"letmein"});
  auto j = state(s);
  CHECK(j["falseNegatives"] == nlohmann::json::array({"letmein"}));
  CHECK(j["uncheckedRemovals"] == nlohmann::json::array({"Qwerty"}));
  CHECK(actions::query(s, "letmein").verdict == Verdict::definitely_not);
  CHECK(s.set.words().size() == 5);  // the words stay: only the counters were taken
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(broken_words(s).empty());
  CHECK(actions::query(s, "letmein").verdict == Verdict::possibly);
  REQUIRE(run(s, host, act::Redo{}).ok());
  CHECK(broken_words(s) == std::vector<std::string>{"letmein"});
  // A preset replaces the words (and the removals); its undo brings both back.
  REQUIRE(run(s, host, act::LoadPreset{"tiny"}).ok());
  CHECK(broken_words(s).empty());
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(broken_words(s) == std::vector<std::string>{"letmein"});
  // Checked again: the false positive is refused, as before.
  REQUIRE(run(s, host, act::SetRemoveUnchecked{false}).ok());
  CHECK(run(s, host, act::RemoveWord{"Qwerty"}).code != Code::word_removed_unchecked);
}
