// The cuckoo filter in the app (issue 35): its parameters through a link and the one door, a full
// filter's refusal in words with nothing lost, a list that does not fit, undo, its place in the
// JS API's query(), and the same code for the same fault.
#include <doctest.h>

#include <cmath>

#include "app/model/outcome_text.h"
#include "app/model/url_params.h"
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

namespace {

ParamsRequest cuckoo(unsigned f, unsigned b, uint64_t buckets) {
  ParamsRequest r;
  r.variant = Variant::cuckoo;
  r.values = {{"fingerprintBits", std::to_string(f)},
              {"bucketSize", std::to_string(b)},
              {"buckets", std::to_string(buckets)}};
  return r;
}

}  // namespace

TEST_CASE("cuckoo app: a link sets f, b and B, and the address writes them back") {
  FakeHost host;
  AppState s;
  const auto warnings =
      apply_url_params(s, host, "?variant=cuckoo&fingerprintBits=8&bucketSize=2&buckets=16&words=apple,pear");
  CHECK(warnings.empty());
  CHECK(s.set.params().variant == Variant::cuckoo);
  CHECK(s.set.params().cuckoo == CuckooParams{8, 2, 16});
  CHECK(s.set.words().size() == 2);
  const std::string address = url_params_for(s);
  CHECK(address.find("variant=cuckoo") != std::string::npos);
  CHECK(address.find("fingerprintBits=8") != std::string::npos);
  CHECK(address.find("bucketSize=2") != std::string::npos);
  CHECK(address.find("buckets=16") != std::string::npos);
  // A bad value warns in words and keeps the rest.
  AppState t;
  const auto bad = apply_url_params(t, host, "?variant=cuckoo&buckets=1000");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].find("B (buckets) must be a power of two from 1 to 2^24 (16,777,216); 1,000 is not.") !=
        std::string::npos);
  CHECK(t.set.params().variant == Variant::cuckoo);
  CHECK(t.set.params().cuckoo.buckets == CuckooParams{}.buckets);
}

TEST_CASE("cuckoo app: a full filter refuses the next word in words, keeps every word, and undo works") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(8, 2, 4)}).ok());  // 8 slots
  std::vector<std::string> added;
  Outcome refused;
  for (int i = 0; i < 20; ++i) {
    const std::string w = "w" + std::to_string(i);
    const Outcome o = run(s, host, act::AddWord{w});
    if (o.code == Code::word_refused) {
      refused = o;
      CHECK_FALSE(s.set.contains_word(w));
      break;
    }
    REQUIRE(o.code == Code::word_added);
    added.push_back(w);
  }
  REQUIRE(refused.code == Code::word_refused);
  CHECK(refused.error);
  CHECK(outcome_text(refused).find("The cuckoo filter is full (") == 0);
  const auto json = nlohmann::json::parse(actions::outcome_json(refused));
  CHECK(json["ok"] == false);
  CHECK(json["code"] == "cuckoo_full");
  CHECK(s.set.words() == added);
  for (const std::string& w : added) CHECK(s.set.filter().contains(w));
  // Undo takes the last word back out; the filter has room for another.
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(s.set.words().size() == added.size() - 1);
  CHECK(run(s, host, act::AddWord{"fresh"}).code == Code::word_added);
  // A remove is a cuckoo filter's own: the word's fingerprint goes.
  CHECK(run(s, host, act::RemoveWord{"fresh"}).ok());
  CHECK_FALSE(s.set.contains_word("fresh"));
}

TEST_CASE("cuckoo app: a list that does not fit says how many words were not added, and why") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(12, 4, 64)}).ok());  // 256 slots
  std::string list;
  for (int i = 0; i < 1000; ++i) list += "pw" + std::to_string(i) + "\n";
  CHECK(run(s, host, act::LoadWordList{list, "", ListSource::pasted}).ok());
  finish_loading(s);
  const Outcome& note = s.note(NoteSlot::list);
  REQUIRE(note.code == Code::list_loaded);
  REQUIRE(note.args.size() > 12);
  const uint64_t refused = std::stoull(note.args[11]);
  CHECK(refused > 0);
  CHECK(s.set.words().size() + refused == 1000);
  CHECK(note.args[1] == std::to_string(s.set.words().size()));
  const std::string text = outcome_text(note);
  CHECK(text.find(std::to_string(refused) + " words not added — The cuckoo filter is full (") !=
        std::string::npos);
  for (const std::string& w : s.set.words()) CHECK(s.set.filter().contains(w));
  // Too small a filter for these words: refused with the core's code, nothing changes.
  const FilterParams before = s.set.params();
  const Outcome smaller = run(s, host, act::SetParams{cuckoo(12, 1, 64)});
  CHECK(smaller.code == Code::params_refused);
  CHECK(nlohmann::json::parse(actions::outcome_json(smaller))["code"] == "words_do_not_fit");
  CHECK(outcome_text(smaller).find("The words do not fit: these parameters' filter was full after ") !=
        std::string::npos);
  CHECK(s.set.params() == before);
}

TEST_CASE("cuckoo app: query() gives the word's fingerprint and buckets beside its slots") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(12, 4, 1024)}).ok());
  REQUIRE(run(s, host, act::AddWord{"dragon"}).ok());
  const auto q = nlohmann::json::parse(actions::query_json(s, "dragon"));
  const CuckooPlace place = cuckoo_place(CuckooParams{12, 4, 1024}, "dragon");
  CHECK(q["verdict"] == "possibly");
  CHECK(q["isMember"] == true);
  CHECK(q["fingerprint"] == place.fingerprint);
  CHECK(q["buckets"] == nlohmann::json({place.bucket1, place.bucket2}));
  CHECK(q["positions"].size() == 8);
  CHECK(q["positions"][0] == place.bucket1 * 4);
  const auto st = state(s);
  CHECK(st["params"]["variant"] == "cuckoo");
  CHECK(st["params"]["fingerprintBits"] == 12);
}

TEST_CASE("cuckoo app: the verdict speaks of the fingerprint and the buckets, not of bits") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(4, 4, 1)}).ok());  // one bucket, 15 fingerprints
  REQUIRE(run(s, host, act::AddWord{"beta"}).ok());
  const CuckooParams cp{4, 4, 1};
  std::string stranger, absent;
  for (int i = 0; stranger.empty() || absent.empty(); ++i) {
    const std::string w = "s" + std::to_string(i);
    const bool same = cuckoo_place(cp, w).fingerprint == cuckoo_place(cp, "beta").fingerprint;
    if (same && stranger.empty()) stranger = w;
    if (!same && absent.empty()) absent = w;
  }
  const auto sentence = [&](const std::string& w) {
    return nlohmann::json::parse(actions::query_json(s, w))["sentence"].get<std::string>();
  };
  CHECK(sentence("beta") == "in the set: it was added");
  CHECK(sentence(absent) == "definitely not in the set: neither bucket 0 nor bucket 0 holds its fingerprint");
  CHECK(sentence(stranger) ==
        "possibly in the set, but it was never added (a false positive): another word left the same "
        "fingerprint in bucket 0 or 0");
}

// The screen reader's summary: a cuckoo filter has no m or k of bits to speak of, but a load.
TEST_CASE("cuckoo app: the screen reader's summary gives the slots' load, not m and k") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(8, 2, 8)}).ok());  // 16 slots
  for (const char* w : {"apple", "pear", "plum", "fig"}) REQUIRE(run(s, host, act::AddWord{w}).ok());
  s.word_input = "pear";
  const std::string text = actions::announcement(s);
  CHECK(text.find("pear: in the set: it was added. ") == 0);
  CHECK(text.find("4 words, 25.0% of slots full, theoretical false-positive rate 0.392%.") !=
        std::string::npos);
  CHECK(text.find("m = ") == std::string::npos);
}

// The JS API's state(): a cuckoo filter's fill is its load, expected n / (B·b); the words its
// slots point at are the slots in use; its bits per word are B·b·f / n (not Bloom's m and k).
TEST_CASE("cuckoo app: state() gives the slots' load, not a Bloom filter's fill") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{cuckoo(8, 2, 8)}).ok());  // 16 slots, 128 bits
  for (const char* w : {"apple", "pear", "plum", "fig"}) REQUIRE(run(s, host, act::AddWord{w}).ok());
  const auto st = state(s);
  CHECK(st["bitsSet"] == 4);  // slots holding a fingerprint
  CHECK(st["fill"].get<double>() == doctest::Approx(0.25));
  CHECK(st["expectedFill"].get<double>() == doctest::Approx(0.25));
  CHECK(st["estimatedN"].get<double>() == doctest::Approx(4));
  CHECK(st["bitsPerItem"].get<double>() == doctest::Approx(32));
  CHECK(st["fillFp"].get<double>() == doctest::Approx(st["theoryFp"].get<double>()));
  CHECK(st["theoryFp"].get<double>() == doctest::Approx(1 - std::pow(1 - 1.0 / 255, 2 * 2 * 0.25)));
}
