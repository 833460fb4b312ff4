// The filter family panel's measurement (issue 35 §3) through the one door: refused in words
// without words or with bad probes, a slice per call to the end, stopped by a change of the words
// it reads, cancelled; family_json is what bloomlab.family() resolves with.
#include <doctest.h>

#include "app/model/actions.h"
#include "app/model/outcome_text.h"
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

TEST_CASE("family app: no words or bad probes are refused in words, and nothing starts") {
  FakeHost host;
  AppState s;
  REQUIRE(s.set.words().empty());
  const Outcome none = run(s, host, act::Family{act::Family::measure});
  CHECK(none.code == Code::family_no_words);
  CHECK(outcome_text(none).find("No words to measure") != std::string::npos);
  CHECK(state(s)["notes"]["family"]["text"].get<std::string>() == outcome_text(none));
  CHECK_FALSE(s.family.running);
  AppState t = tiny_state(host);
  const Outcome bad = run(t, host, act::Family{act::Family::measure, 0.5});
  CHECK(bad.code == Code::probes_invalid);
  CHECK(outcome_text(bad).find("0.5") != std::string::npos);
  CHECK_FALSE(t.family.running);
}

TEST_CASE("family app: measured a slice at a time on the words; the JSON has every structure") {
  FakeHost host;
  AppState s = tiny_state(host);
  REQUIRE(run(s, host, act::Family{act::Family::measure, 20000}).code == Code::family_started);
  CHECK(s.family.running);
  CHECK(s.family.started == 1);
  int slices = 0;
  while (actions::continue_family(s, 0)) ++slices;
  CHECK(slices > 10);
  CHECK_FALSE(s.family.running);
  REQUIRE(s.family.has_result);
  const auto j = nlohmann::json::parse(actions::family_json(s));
  CHECK(j["current"] == true);
  CHECK(j["words"] == kTinyWords.size());
  CHECK(j["probes"] == 20000);
  REQUIRE(j["rows"].size() == 11);
  for (const auto& r : j["rows"]) {
    CHECK(r["items"] == kTinyWords.size());
    CHECK(r["probes"].get<uint64_t>() == 20000);  // no "probe-<i>" among the five words
    CHECK(r["overBound"].get<double>() > 0);
  }
  CHECK(j["rows"][0]["variant"] == "standard");
  CHECK(j["rows"][10]["variant"] == "binaryFuse");
  CHECK(j["can"]["cuckoo"]["remove"] == true);
  CHECK(j["can"]["binaryFuse"]["add"] == false);
  CHECK(j["can"]["standard"]["cacheLines"] == "k");
  // A word added afterwards: the result stays, marked as not current.
  REQUIRE(run(s, host, act::AddWord{"monkey"}).ok());
  CHECK(nlohmann::json::parse(actions::family_json(s))["current"] == false);
}

TEST_CASE("family app: a change of the words stops a measurement; Cancel stops it") {
  FakeHost host;
  AppState s = tiny_state(host);
  REQUIRE(run(s, host, act::Family{act::Family::measure, 100000}).code == Code::family_started);
  CHECK(actions::continue_family(s, 0));
  REQUIRE(run(s, host, act::AddWord{"monkey"}).ok());
  CHECK_FALSE(actions::continue_family(s, 0));  // its words changed under it: stopped, not read
  CHECK_FALSE(s.family.running);
  CHECK_FALSE(s.family.has_result);
  REQUIRE(run(s, host, act::Family{act::Family::measure}).code == Code::family_started);
  CHECK(s.family.run.probes() == kFamilyDefaultProbes);
  CHECK(run(s, host, act::Family{act::Family::cancel}).code == Code::family_cancelled);
  CHECK_FALSE(s.family.running);
  CHECK(run(s, host, act::Family{act::Family::cancel}).code == Code::unchanged);
  CHECK(s.family.started == 2);
}
