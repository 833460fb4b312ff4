// WordSet: provenance (setters of a bit, culprits of a query), remove with reasons, rebuilds.
#include <doctest.h>

#include "core/word_set.h"
#include "test_support.h"

using namespace bloomlab;

namespace {
WordSet make(uint64_t m, uint32_t k, Variant v = Variant::standard) {
  Result<WordSet> s = WordSet::create({m, k, v, Scheme::reference});
  REQUIRE(s.ok());
  return std::move(*s);
}
}  // namespace

TEST_CASE("add: new, duplicate, invalid") {
  WordSet s = make(64, 3);
  std::string why;
  CHECK(s.add("dragon") == AddOutcome::added);
  CHECK(s.add("dragon", &why) == AddOutcome::duplicate);
  CHECK(why == "\"dragon\" is already in the set");
  CHECK(s.add("", &why) == AddOutcome::invalid);
  CHECK(why == "an empty word cannot be added");
  CHECK(s.add(std::string(4097, 'x'), &why) == AddOutcome::invalid);
  CHECK(s.filter().items_added() == 1);
  CHECK(s.add_all({"a", "b", "a", "dragon"}) == 2);
  CHECK(s.words() == std::vector<std::string>{"dragon", "a", "b"});
}

// lineage(): a saved session's "are the words I kept still the start of these?" without a walk
// over a million words.
TEST_CASE("lineage: kept while words are only added, new when they are removed or replaced") {
  WordSet s = make(1024, 3, Variant::counting);
  const uint64_t first = s.lineage();
  CHECK(s.add("dragon") == AddOutcome::added);
  CHECK(s.add_all({"a", "b"}) == 2);
  CHECK(s.add("a") == AddOutcome::duplicate);
  REQUIRE_FALSE(s.set_params({2048, 4, Variant::counting, Scheme::reference}));  // a rebuild keeps the words
  CHECK(s.lineage() == first);
  REQUIRE(s.remove_unchecked("never-added").ok());  // the words stay as they were
  CHECK(s.lineage() == first);

  REQUIRE(s.remove("a").ok());
  const uint64_t after_remove = s.lineage();
  CHECK(after_remove != first);
  s.truncate(1);
  const uint64_t after_truncate = s.lineage();
  CHECK(after_truncate != after_remove);
  s.truncate(5);  // nothing to cut: the words are as they were
  CHECK(s.lineage() == after_truncate);
  s.assign({"dragon", "x"});
  CHECK(s.lineage() != after_truncate);
  const uint64_t assigned = s.lineage();
  s.clear();
  CHECK(s.lineage() != assigned);

  // A copy may go its own way: it starts a history of its own; a move carries the history.
  const WordSet copy = s;
  CHECK(copy.lineage() != s.lineage());
  const uint64_t before_move = s.lineage();
  WordSet moved = std::move(s);
  CHECK(moved.lineage() == before_move);
  CHECK(make(64, 3).lineage() != make(64, 3).lineage());
}

TEST_CASE("explain a false positive: letmein is explained by Qwerty") {
  WordSet s = make(64, 3);
  s.add("Qwerty");
  s.add("dragon");
  const Explained e = s.explain("letmein");
  CHECK(e.verdict == Verdict::possibly);
  CHECK_FALSE(e.is_member);
  CHECK(e.positions == std::vector<uint64_t>{15, 52, 25});
  CHECK(e.zero_bits.empty());
  REQUIRE(e.setters.size() == 3);
  for (const auto& setters : e.setters) CHECK(setters == std::vector<std::string>{"Qwerty"});
  CHECK(e.culprits == std::vector<std::string>{"Qwerty"});
  CHECK(e.sentence() ==
        "possibly in the set, but it was never added (a false positive): bits 15, 25 "
        "and 52 were set by Qwerty");
}

TEST_CASE("explain a sure miss and a member") {
  WordSet s = make(64, 3);
  s.add("Qwerty");
  const Explained miss = s.explain("dragon");
  CHECK(miss.verdict == Verdict::definitely_not);
  CHECK(miss.zero_bits == std::vector<uint64_t>{1, 30, 36});
  CHECK(miss.sentence() == "definitely not in the set: bits 1, 30 and 36 are 0");
  const Explained hit = s.explain("Qwerty");
  CHECK(hit.is_member);
  CHECK(hit.culprits.empty());  // a member explains itself
  CHECK(hit.setters[0] == std::vector<std::string>{"Qwerty"});
  CHECK(hit.sentence() == "in the set: it was added");
}

TEST_CASE("setters of a bit") {
  WordSet s = make(64, 3);
  s.add("dragon");
  s.add("Qwerty");
  CHECK(s.setters_of_bit(15) == std::vector<uint32_t>{1});
  CHECK(s.setters_of_bit(30) == std::vector<uint32_t>{0});
  CHECK(s.setters_of_bit(2).empty());
}

TEST_CASE("standard: clearing a false positive's bits would break the words that set them") {
  WordSet s = make(64, 3);
  s.add("dragon");
  s.add("Qwerty");
  CHECK(s.would_break_if_cleared("letmein") == std::vector<std::string>{"Qwerty"});
  CHECK(s.would_break_if_cleared("dragon").empty());  // shares no bit with Qwerty
}

TEST_CASE("remove: only the counting variant, only members, each refusal with its reason") {
  WordSet standard = make(64, 3);
  standard.add("dragon");
  CHECK(
      standard.remove("dragon").error() ==
      "only the counting and cuckoo filters can remove a word: clearing bits in a standard filter would also "
      "erase other words that share them");

  WordSet s = make(64, 3, Variant::counting);
  s.add("Qwerty");
  s.add("dragon");
  CHECK(s.remove("monkey").ok() == false);
  WordSet empty = make(64, 3, Variant::counting);
  CHECK(empty.remove("dragon").error() ==
        "\"dragon\" was never added: it is definitely not in the set (counters 1, 30 and 36 are 0)");
  CHECK(s.remove("letmein").error() ==
        "\"letmein\" was never added; it only looks present (a false positive), and removing it "
        "would "
        "break Qwerty");
  CHECK(s.would_break_if_cleared("letmein") == std::vector<std::string>{"Qwerty"});
  CHECK(s.would_break_if_cleared("dragon").empty());  // a member's removal breaks nothing

  Result<bool> removed = s.remove("dragon");
  REQUIRE(removed.ok());
  CHECK(s.words() == std::vector<std::string>{"Qwerty"});
  CHECK_FALSE(s.contains_word("dragon"));
  CHECK(s.explain("dragon").verdict == Verdict::definitely_not);
  CHECK(s.explain("Qwerty").is_member);
  CHECK(s.setters_of_bit(15) == std::vector<uint32_t>{0});
}

TEST_CASE("counting WordSet: random removes never create a false negative") {
  test::Random rng(11);
  WordSet s = make(3000, 5, Variant::counting);
  std::vector<std::string> words;
  for (int i = 0; i < 1500; ++i) {
    words.push_back("w" + std::to_string(i) + rng.word());
    s.add(words.back());
  }
  for (size_t i = 0; i < words.size(); i += 3) REQUIRE(s.remove(words[i]).ok());
  for (const std::string& w : s.words()) REQUIRE(s.filter().contains(w));
  CHECK(s.words().size() == 1000);
}

TEST_CASE("set_params rebuilds from the words; a bad value changes nothing") {
  WordSet s = make(64, 3);
  s.add("Qwerty");
  REQUIRE_FALSE(s.set_params({1000, 5, Variant::blocked, Scheme::enhanced}).has_value());
  CHECK(s.params().m == 1000);
  CHECK(s.filter().contains("Qwerty"));
  CHECK(s.filter().items_added() == 1);
  const std::optional<Error> bad = s.set_params({0, 5});
  REQUIRE(bad.has_value());
  CHECK(bad->message == "m must be a whole number of bits from 1 to 2^32 (4,294,967,296); 0 is not.");
  CHECK(s.params().m == 1000);
  CHECK(s.filter().contains("Qwerty"));
  s.clear();
  CHECK(s.words().empty());
  CHECK(s.filter().bits_set() == 0);
}

// Issue 14: when every word that set a counter was removed but the counter had saturated (15
// stays 15), the verdict read "bits 0 were set by " and named nobody.
TEST_CASE("a false positive on saturated counters says its words were removed, not 'set by '") {
  WordSet s = make(1, 1, Variant::counting);  // one counter: every word lands on it
  std::vector<std::string> words;
  for (int i = 0; i < 16; ++i) words.push_back("w" + std::to_string(i));
  for (const std::string& w : words) s.add(w);
  CHECK(s.filter().counter(0) == 15);  // saturated at the 4-bit maximum
  for (const std::string& w : words) CHECK(s.remove(w).ok());
  CHECK(s.words().empty());
  CHECK(s.filter().counter(0) == 15);  // a saturated counter never goes down
  const Explained e = s.explain("anything");
  CHECK(e.verdict == Verdict::possibly);
  CHECK(e.culprits.empty());
  CHECK(e.sentence() ==
        "possibly in the set, but it was never added (a false positive): bit 0 was set by words "
        "removed since (a counter that reaches 15 stays at 15)");
}

TEST_CASE("word bytes and provenance follow add, remove, truncate, clear and new params") {
  // The set keeps its words' byte count and hashes as words come and go (issue 14: a million
  // words are not summed or hashed again each frame): each step agrees with a set built afresh.
  WordSet s = make(64, 3, Variant::counting);
  for (const char* w : {"password", "12345", "qwerty", "dragon", "letmein"}) s.add(w);
  CHECK(s.word_bytes() == 8 + 5 + 6 + 6 + 7);
  REQUIRE(s.remove("12345").ok());
  CHECK(s.word_bytes() == 8 + 6 + 6 + 7);
  auto same_as_fresh = [&](const std::vector<std::string>& words) {
    WordSet fresh = make(s.params().m, s.params().k, s.params().variant);
    REQUIRE_FALSE(fresh.set_params(s.params()));
    for (const std::string& w : words) fresh.add(w);
    CHECK(s.words() == fresh.words());
    for (const char* q : {"Qwerty", "letmein", "nope", "dragon"}) {
      CAPTURE(q);
      CHECK(s.explain(q).culprits == fresh.explain(q).culprits);
      CHECK(s.explain(q).setters == fresh.explain(q).setters);
    }
    for (uint64_t bit = 0; bit < s.params().m; ++bit)
      CHECK(s.setters_of_bit(bit) == fresh.setters_of_bit(bit));
  };
  same_as_fresh({"password", "qwerty", "dragon", "letmein"});
  REQUIRE_FALSE(s.set_params({128, 4, Variant::standard, Scheme::independent}));
  same_as_fresh({"password", "qwerty", "dragon", "letmein"});
  s.truncate(2);
  CHECK(s.word_bytes() == 8 + 6);
  same_as_fresh({"password", "qwerty"});
  s.clear();
  CHECK(s.word_bytes() == 0);
  s.assign({"a", "bb", "a"});
  CHECK(s.word_bytes() == 3);
  same_as_fresh({"a", "bb"});
}

// The word box walks a big set a slice per frame (issue 14): the same culprits, setters and
// counts as explain() in one go, whatever the slices.
TEST_CASE("explain in slices: begin_explain, then advance_explain a few words at a time") {
  WordSet full = make(64, 3);
  for (int i = 0; i < 20000; ++i) full.add("w" + std::to_string(i));
  const Explained direct = full.explain("not added");
  REQUIRE(direct.verdict == Verdict::possibly);
  for (size_t slice : {size_t{1}, size_t{777}, size_t{4096}, size_t{20000}}) {
    CAPTURE(slice);
    ExplainWalk w = full.begin_explain("not added");
    CHECK(w.result.verdict == Verdict::possibly);  // the verdict and positions at once
    CHECK(w.result.positions == direct.positions);
    CHECK(w.result.walked == 0);
    CHECK_FALSE(w.result.setters_found);
    size_t slices = 0;
    double before = 0;
    while (!full.advance_explain(w, slice)) {
      ++slices;
      CHECK(w.result.walked > before);
      CHECK(w.result.walked < 1);
      before = w.result.walked;
    }
    CHECK(slices + 1 == (20000 + slice - 1) / slice);
    CHECK(w.result.walked == 1);
    CHECK(w.result.setters_found);
    CHECK(w.result.culprits == direct.culprits);
    CHECK(w.result.culprit_count == direct.culprit_count);
    CHECK(w.result.setters == direct.setters);
    CHECK(w.result.setter_counts == direct.setter_counts);
    CHECK(full.advance_explain(w, slice));  // done stays done
  }
  // A sure miss or a member without setters asked: no walk at all.
  full.add("member");
  const ExplainWalk member = full.begin_explain("member", false);
  CHECK_FALSE(member.walking);
  CHECK(member.result.walked == 1);
}

TEST_CASE("explain without setters: the walk only for a false positive; more than 1000 culprits counted") {
  // The app's word box asks for setters only when a tooltip shows them (issue 14: explain()
  // walks every word, a million of them): the sentence is the same either way.
  WordSet s = make(64, 3);
  s.add("Qwerty");
  s.add("dragon");
  const Explained miss = s.explain("nope", false), hit = s.explain("dragon", false);
  CHECK_FALSE(miss.setters_found);
  CHECK_FALSE(hit.setters_found);
  CHECK(miss.sentence() == s.explain("nope").sentence());
  CHECK(hit.sentence() == "in the set: it was added");
  CHECK(hit.setters.size() == 3);
  CHECK(hit.setters[0].empty());
  const Explained fp = s.explain("letmein", false);  // a false positive names its culprits
  CHECK(fp.setters_found);
  CHECK(fp.culprits == std::vector<std::string>{"Qwerty"});
  CHECK(fp.sentence() == s.explain("letmein").sentence());
  // m = 64 and 20,000 words: each bit set by ~900 (a word shares one of 3 bits with ~13%); the
  // lists stop at 1000, the counts do not.
  WordSet full = make(64, 3);
  for (int i = 0; i < 20000; ++i) full.add("w" + std::to_string(i));
  const Explained all = full.explain("not added");
  REQUIRE(all.verdict == Verdict::possibly);
  CHECK(all.culprits.size() == 1000);
  CHECK(all.culprit_count > 1000);
  CHECK(all.sentence().find("(" + std::to_string(all.culprit_count) + " in all)") != std::string::npos);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(all.setters[i].size() == std::min<uint64_t>(1000, all.setter_counts[i]));
    CHECK(all.setter_counts[i] == full.setters_of_bit(all.positions[i]).size());
  }
}

// After a list's reserve, words typed one by one neither move the words nor rebuild the index
// (after a million-word load, the first word typed moved them all: 130 ms in one frame).
TEST_CASE("reserve leaves room for words added after the list") {
  WordSet s = make(1 << 16, 3);
  s.reserve(5000);
  for (int i = 0; i < 5000; ++i) REQUIRE(s.add("w" + std::to_string(i)) == AddOutcome::added);
  const std::string* words = s.words().data();
  for (int i = 0; i < 500; ++i) REQUIRE(s.add("typed" + std::to_string(i)) == AddOutcome::added);
  CHECK(s.words().data() == words);  // an eighth more: 625 words of room
  CHECK(s.contains_word("typed499"));
  CHECK(s.contains_word("w0"));
  // The room is bounded: a huge reserve asks for at most kReserveSlack more.
  WordSet big = make(64, 3);
  big.reserve(10 * WordSet::kReserveSlack);
  CHECK(big.words().capacity() == 11 * WordSet::kReserveSlack);
}

// A list's reserve in steps (a slice of a frame each): the old index answers until the last
// step moves the words into the new one, and the words added after it are all found.
TEST_CASE("reserve in steps: the new index a piece at a time, the words kept throughout") {
  WordSet s = make(1 << 16, 3);
  for (int i = 0; i < 1000; ++i) REQUIRE(s.add("w" + std::to_string(i)) == AddOutcome::added);
  // Room for 101,000 words and an eighth more: 262,144 slots of 4 bytes, 4 KiB a step.
  int steps = 1;
  while (!s.reserve_in_steps(100000, 4096)) {
    ++steps;
    if (steps % 64 == 0) {
      CHECK(s.contains_word("w" + std::to_string(steps % 1000)));
      CHECK_FALSE(s.contains_word("x" + std::to_string(steps)));
    }
    REQUIRE(steps < 100000);
  }
  CHECK(steps == 256);
  CHECK(s.reserve_in_steps(100000, 4096));  // the room is there: nothing more to do
  CHECK(s.words().capacity() >= 101000);
  const std::string* words = s.words().data();
  for (int i = 0; i < 1000; ++i) REQUIRE(s.contains_word("w" + std::to_string(i)));
  for (int i = 0; i < 100000; ++i) REQUIRE(s.add("n" + std::to_string(i)) == AddOutcome::added);
  CHECK(s.words().data() == words);
  CHECK(s.words().size() == 101000);
  for (int i = 0; i < 100000; i += 997) CHECK(s.contains_word("n" + std::to_string(i)));
  CHECK(s.add("w999") == AddOutcome::duplicate);
}
