// The binary fuse filter in the app (issue 35 §2): its parameter through a link, a word added
// rebuilds it (and undo takes it back), its place in the JS API's query(), the verdict and the
// screen reader's summary in its own words, and the step-through's eight steps.
#include <doctest.h>

#include <cmath>

#include "app/model/outcome_text.h"
#include "app/model/url_params.h"
#include "core/binary_fuse.h"
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

namespace {

ParamsRequest fuse(unsigned f) {
  ParamsRequest r;
  r.variant = Variant::binary_fuse;
  r.values = {{"fuseBits", std::to_string(f)}};
  return r;
}

}  // namespace

TEST_CASE("binary fuse app: a link sets f, the address writes it back; a bad f warns and keeps the rest") {
  FakeHost host;
  AppState s;
  const auto warnings = apply_url_params(s, host, "?variant=binaryFuse&fuseBits=16&words=apple,pear");
  CHECK(warnings.empty());
  CHECK(s.set.params().variant == Variant::binary_fuse);
  CHECK(s.set.params().fuse.fingerprint_bits == 16);
  CHECK(s.set.words().size() == 2);
  const std::string address = url_params_for(s);
  CHECK(address.find("variant=binaryFuse") != std::string::npos);
  CHECK(address.find("fuseBits=16") != std::string::npos);
  AppState t;
  const auto bad = apply_url_params(t, host, "?variant=binaryFuse&fuseBits=12&words=apple");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].find("f (the binary fuse filter's fingerprint bits) must be 8 or 16; 12 is not.") !=
        std::string::npos);
  CHECK(t.set.params().variant == Variant::binary_fuse);
  CHECK(t.set.params().fuse.fingerprint_bits == 8);
  CHECK(t.set.words().size() == 1);
}

TEST_CASE("binary fuse app: an add rebuilds the filter from every word; undo takes it back") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{fuse(8)}).ok());
  for (const char* w : {"apple", "pear", "plum", "fig", "dragon"})
    REQUIRE(run(s, host, act::AddWord{w}).ok());
  const std::vector<std::string> five = {"apple", "pear", "plum", "fig", "dragon"};
  CHECK(s.set.filter().bit_count() == BinaryFuseFilter(five, 8).slots());
  for (const std::string& w : five) CHECK(s.set.filter().contains(w));
  REQUIRE(run(s, host, act::Undo{}).ok());
  CHECK(s.set.words().size() == 4);
  const std::vector<std::string> four(five.begin(), five.begin() + 4);
  const BinaryFuseFilter rebuilt(four, 8);
  REQUIRE(s.set.filter().bit_count() == rebuilt.slots());
  for (uint64_t i = 0; i < rebuilt.slots(); ++i) CHECK(s.set.filter().counter(i) == rebuilt.slot(i));
  // Nothing comes out of the filter itself: the word stays, and the refusal says so in words.
  const Outcome refused = run(s, host, act::RemoveWord{"pear"});
  CHECK_FALSE(refused.ok());
  CHECK(
      outcome_text(refused) ==
      "A binary fuse filter cannot remove a word: it is built from all its words at once, and each of a word's "
      "slots serves other words too.");
  CHECK(s.set.contains_word("pear"));
  CHECK(s.set.filter().contains("pear"));
}

TEST_CASE(
    "binary fuse app: query() gives the fingerprint and the slots' values; the verdict speaks of their XOR") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{fuse(8)}).ok());
  for (const char* w : {"apple", "pear", "plum"}) REQUIRE(run(s, host, act::AddWord{w}).ok());
  const BinaryFuseFilter reference(std::vector<std::string>{"apple", "pear", "plum"}, 8);
  const auto q = nlohmann::json::parse(actions::query_json(s, "pear"));
  const BinaryFusePositions p = reference.positions("pear");
  CHECK(q["verdict"] == "possibly");
  CHECK(q["fingerprint"] == p.fingerprint);
  CHECK(q["positions"] == nlohmann::json({p.slot[0], p.slot[1], p.slot[2]}));
  CHECK(q["slotValues"] ==
        nlohmann::json({reference.slot(p.slot[0]), reference.slot(p.slot[1]), reference.slot(p.slot[2])}));
  CHECK(q["zeroBits"].empty());  // a slot of 0 says nothing alone
  std::string absent, stranger;
  for (int i = 0; absent.empty() || stranger.empty(); ++i) {
    const std::string w = "s" + std::to_string(i);
    (reference.contains(w) ? stranger : absent) = w;
  }
  const auto sentence = [&](const std::string& w) {
    return nlohmann::json::parse(actions::query_json(s, w))["sentence"].get<std::string>();
  };
  CHECK(sentence("pear") == "in the set: it was added");
  const BinaryFusePositions a = reference.positions(absent);
  const uint32_t x = reference.slot(a.slot[0]) ^ reference.slot(a.slot[1]) ^ reference.slot(a.slot[2]);
  CHECK(sentence(absent) == "definitely not in the set: slots " + std::to_string(a.slot[0]) + ", " +
                                std::to_string(a.slot[1]) + " and " + std::to_string(a.slot[2]) + " XOR to " +
                                hex_text(x) + ", not its fingerprint " + hex_text(a.fingerprint));
  CHECK(sentence(stranger).find("possibly in the set, but it was never added (a false positive): slots ") ==
        0);
  CHECK(sentence(stranger).find("by chance") != std::string::npos);
  // The step-through: bytes, h, x, the fingerprint, three slots, the XOR.
  s.word_input = absent;
  CHECK(actions::step_count(s) == 8);
}

TEST_CASE("binary fuse app: the screen reader's summary and state() give its slots, not m and k") {
  FakeHost host;
  AppState s;
  REQUIRE(run(s, host, act::SetParams{fuse(8)}).ok());
  for (const char* w : {"apple", "pear", "plum", "fig"}) REQUIRE(run(s, host, act::AddWord{w}).ok());
  s.word_input = "pear";
  const std::string text = actions::announcement(s);
  const uint64_t slots = s.set.filter().bit_count();
  CHECK(text.find("pear: in the set: it was added. ") == 0);
  CHECK(text.find("4 words in " + std::to_string(slots) +
                  " slots of 8 bits, theoretical false-positive rate 0.391%.") != std::string::npos);
  CHECK(text.find("m = ") == std::string::npos);
  const auto st = state(s);
  CHECK(st["params"]["variant"] == "binaryFuse");
  CHECK(st["params"]["fuseBits"] == 8);
  CHECK(st["theoryFp"].get<double>() == doctest::Approx(1.0 / 256));
  CHECK(st["bitsPerItem"].get<double>() == doctest::Approx(double(slots) * 8 / 4));
}
