// Issue 11 §1 and §3 in the app: the "words inserted" slider shows the filter after the first n
// words (bits, numbers, verdicts, the measurement), undoable, in links; growth() and memory().
// Expected values come from filters built here from the same words, from the spec (the 10k
// list's 73,017 bytes: TOOLCHAIN.md) and from the formula.
#include <cmath>
#include <fstream>
#include <sstream>

#include "app/model/url_params.h"
#include "core/memory.h"
#include "core/word_list.h"
#include "test_support.h"

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
  const auto st = state(s);
  CHECK(st["n"] == 5000);
  CHECK(st["inserted"] == 5000);
  CHECK(st["wordCount"] == 10000);  // the list stays whole
  CHECK(st["bitsSet"] == expected.filter().bits_set());
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

// The hash set's bytes are measured a slice at a time (a million words take a second to insert
// in the page, and blocked a frame for it): the figure before stays, marked, until the new one.
TEST_CASE("memory: the hash set is measured over frames, the figure before kept meanwhile") {
  FakeHost host;
  AppState s = passwords_state(host);
  const uint64_t whole = hash_set_bytes(s.set.words());
  actions::MemoryFigures m = actions::memory_figures(s, 0);  // one piece of words only
  CHECK_FALSE(m.hash_set_current);
  CHECK(m.hash_set_progress > 0);
  CHECK(m.hash_set_progress < 1);
  CHECK_FALSE(s.hash_set.measured);
  int frames = 1;
  while (!(m = actions::memory_figures(s, 0)).hash_set_current) ++frames;
  CHECK(frames == 4);  // 10,000 words, 2,000 at least per frame (the piece between clock looks)
  CHECK(m.hash_set_bytes == whole);
  CHECK(m.hash_set_progress == 1);

  REQUIRE(run(s, host, act::AddWord{"zebra-crossing"}).ok());
  m = actions::memory_figures(s, 0);
  CHECK_FALSE(m.hash_set_current);
  CHECK(m.hash_set_bytes == whole);  // the list's before, until the new one is measured
  CHECK(m.hash_set_progress < 1);
  // The API's figure is measured to the end at once.
  const auto j = nlohmann::json::parse(actions::memory_json(s));
  CHECK(uint64_t(j["hashSetBytes"]) == hash_set_bytes(s.set.words()));
  CHECK(uint64_t(j["hashSetBytes"]) > whole);
  CHECK(actions::memory_figures(s, 0).hash_set_current);
}

// A change's frame does its numbers first; the background slices (memory, growth, sweep) take
// what is left of kFrameBackgroundMs; a frame over it has none, and the next one piece for one.
TEST_CASE("background work: a slice within the frame's share, a piece every other long frame") {
  FakeHost host;
  AppState s = tiny_state(host);
  CHECK(actions::background_slice(s, 6) == 6.0);  // outside frames (tests, the API): a whole slice
  CHECK(actions::background_slice(s, -1) == -1.0);
  using namespace std::chrono;
  s.frame_number = 5;
  s.frame_started = steady_clock::now();
  const std::optional<double> fresh = actions::background_slice(s, 6);
  REQUIRE(fresh);
  CHECK(*fresh > 0);
  CHECK(*fresh <= 6);
  s.frame_started = steady_clock::now() - milliseconds(int(actions::kFrameBackgroundMs) + 5);
  CHECK_FALSE(actions::background_slice(s, 6));  // this frame has had its share
  CHECK_FALSE(actions::background_slice(s, 4));  // for every background computation
  s.frame_number = 6;
  CHECK(actions::background_slice(s, 6) == 0.0);  // skipped the frame before: one piece
  CHECK_FALSE(actions::background_slice(s, 4));   // for one of them (a first step may be large)
  s.frame_number = 7;
  CHECK_FALSE(actions::background_slice(s, 6));
  CHECK_FALSE(actions::background_slice(s, 4));
  s.frame_number = 8;
  CHECK(actions::background_slice(s, 4) == 0.0);
  CHECK(actions::background_slice(s, -1) == -1.0);  // to the end (the API) whatever the frame
}

// The frame that first draws a change leaves the background work until its numbers are on
// screen: a share of kChangeFrameBackgroundMs, and no piece for a long one (the next frame's).
TEST_CASE("background work: the frame that draws a change keeps a smaller share, and no piece") {
  FakeHost host;
  AppState s = tiny_state(host);
  using namespace std::chrono;
  const auto started = [](double ms) { return steady_clock::now() - microseconds(int64_t(ms * 1000)); };
  static_assert(actions::kChangeFrameBackgroundMs + 4 < actions::kFrameBackgroundMs);
  s.frame_number = 10;
  s.change_frame = 10;
  s.frame_started = started(actions::kChangeFrameBackgroundMs + 2);
  s.next_frame_wanted = false;
  CHECK_FALSE(actions::background_slice(s, 6));  // over its share: nothing
  CHECK(s.next_frame_wanted);                    // but the next frame is asked for
  s.frame_started = started(actions::kChangeFrameBackgroundMs - 3);
  const std::optional<double> share = actions::background_slice(s, 6);
  REQUIRE(share);
  CHECK(*share <= 3.0);
  // A long frame that draws a change gives no piece, even after a frame without one.
  s.frame_number = 11;
  s.change_frame = 11;
  s.frame_started = started(actions::kFrameBackgroundMs + 5);
  CHECK_FALSE(actions::background_slice(s, 6));
  s.frame_number = 12;  // the next one, no change in it, a piece
  CHECK(actions::background_slice(s, 6) == 0.0);
  // The same time spent in any other frame leaves room.
  s.frame_number = 13;
  s.frame_started = started(actions::kChangeFrameBackgroundMs + 2);
  const std::optional<double> other = actions::background_slice(s, 6);
  REQUIRE(other);
  CHECK(*other > 0);
}

// The plot "FP against bits per word": "you are here" is where this filter stands, its variant's
// own theory (as the Numbers say), not the standard curve's value at its m/n. The expected values
// are the papers' formulas, computed here.
TEST_CASE("FP vs bits per word: 'you are here' is the variant's theoretical FP") {
  FakeHost host;
  // Blocked (Putze, Sanders, Singler 2007): n items fall in m/B blocks of B = 512 bits by a
  // Poisson law with mean nB/m; FP = Σ_j Poisson(j) (1 − e^(−kj/B))^k. m = 100 whole blocks.
  AppState s = passwords_state(host);
  ParamsRequest blocked = request(51200.0, 7.0);
  blocked.variant = Variant::blocked;
  REQUIRE(run(s, host, act::SetParams{blocked}).ok());
  const double n = 10000, B = 512, k = 7, lambda = n * B / 51200;
  double expected = 0;
  for (int j = 0; j < 1000; ++j)
    expected += std::exp(j * std::log(lambda) - lambda - std::lgamma(j + 1.0)) *
                std::pow(1 - std::exp(-k * j / B), k);
  const double standard = std::pow(1 - std::exp(-k * n / 51200), k);
  REQUIRE(std::abs(expected - standard) > 1e-3 * standard);  // the two differ: the test can tell
  auto here = actions::here_on_bits_plot(s);
  REQUIRE(here);
  CHECK(here->x == doctest::Approx(5.12));
  CHECK(here->y == doctest::Approx(expected).epsilon(1e-9));

  // Scalable (Almeida et al. 2007) with 5 words and n0 = 10, p0 = 0.01: one stage of
  // m0 = ceil(−n0 ln p0 / (ln 2)^2) = 96 bits and k0 = round((m0/n0) ln 2) = 7 hashes: x is its
  // bits per word (not the m slider's), y = (1 − e^(−k0·5/m0))^k0.
  AppState t = tiny_state(host);
  ParamsRequest scalable;
  scalable.variant = Variant::scalable;
  scalable.values = {{"n0", "10"}, {"p0", "0.01"}};
  REQUIRE(run(t, host, act::SetParams{scalable}).ok());
  REQUIRE(t.set.filter().stages().size() == 1);
  const double m0 = std::ceil(-10 * std::log(0.01) / (std::log(2.0) * std::log(2.0)));
  const double k0 = std::round(m0 / 10 * std::log(2.0));
  REQUIRE(m0 == 96);
  REQUIRE(k0 == 7);
  here = actions::here_on_bits_plot(t);
  REQUIRE(here);
  CHECK(here->x == doctest::Approx(m0 / 5));
  CHECK(here->y == doctest::Approx(std::pow(1 - std::exp(-k0 * 5 / m0), k0)).epsilon(1e-9));

  // Standard: on its curve, (1 − e^(−kn/m))^k at m/n.
  AppState u = tiny_state(host);
  here = actions::here_on_bits_plot(u);
  REQUIRE(here);
  CHECK(here->x == doctest::Approx(64.0 / 5));
  CHECK(here->y == doctest::Approx(std::pow(1 - std::exp(-3.0 * 5 / 64), 3)).epsilon(1e-12));
  AppState empty;
  REQUIRE(run(empty, host, act::LoadPreset{"empty"}).ok());
  CHECK_FALSE(actions::here_on_bits_plot(empty));
}

// The plots' sweep is the model's job (actions::refresh_sweep): the CSV export has it whole
// whether or not the plots panel was ever drawn (an embed of words and bits, the JS API).
TEST_CASE("Save CSV without the plots on screen: the sweep, measured to the end, for this k") {
  struct CsvHost : FakeHost {
    std::string csv;
    void save_file(const std::string& name, const std::string& mime, std::string_view bytes) override {
      FakeHost::save_file(name, mime, bytes);
      csv = std::string(bytes);
    }
  } host;
  AppState s = tiny_state(host);
  CHECK(!actions::sweep_current(s));  // no frame drawn: nothing measured yet
  REQUIRE(run(s, host, act::ExportCsv{}).ok());
  REQUIRE(host.saved_files == std::vector<std::string>{"bloomlab-measurements.csv"});
  size_t sweep_rows = 0;
  std::istringstream lines(host.csv);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("sweep,", 0) == 0) {
      ++sweep_rows;
      CHECK(line.find(",3,") != std::string::npos);  // the tiny preset's k = 3
    }
  CHECK(sweep_rows == 32);  // 1 to 32 bits per word
  CHECK(actions::sweep_current(s));
  CHECK(s.plots.valid);
  // k changes: the sweep is for the old k until it is measured again.
  REQUIRE(run(s, host, act::SetParams{request(std::nullopt, 4)}).ok());
  CHECK(!actions::sweep_current(s));
}
