// bench_core: the core's speed, measured the same way natively and as wasm under node.
// Prints one JSON object per task on stdout; tests/bench/run.sh turns them into RESULTS.md.
//   ops               add / query ns per op, m = 100,000 and 2^30, standard and blocked
//   sweep WORDS       the full sweep grid: 1..32 bits per item x k 1..24, 100,000 probes
//   plot-sweep WORDS  the app's plot sweep: 1..32 bits per item at k = 7
//   build-query WORDS build the 10k filter (m = 95851, k = 7), query probe-0..99999
//   growth WORDS      the growth plot's curve (issue 11): m = 50,000, k = 7, 41 points,
//                     100,000 probes, each variant; the checkpoint way beside it
// Each timing is the best of several runs (the least disturbed by the other jobs on the machine).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/experiment.h"
#include "core/filter.h"
#include "core/growth.h"
#include "core/word_list.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

template <typename F>
double best_of(int runs, F&& f) {
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    const auto start = Clock::now();
    f();
    best = std::min(best, seconds_since(start));
  }
  return best;
}

volatile uint64_t g_sink;  // keeps results alive so the optimiser cannot drop the work

int bench_ops() {
  const size_t count = 1000000;
  std::vector<std::string> items, others;
  items.reserve(count);
  others.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    items.push_back("item-" + std::to_string(i));
    others.push_back("other-" + std::to_string(i));
  }
  std::printf("{\"task\":\"ops\",\"rows\":[");
  bool first = true;
  for (uint64_t m : {uint64_t{100000}, uint64_t{1} << 30}) {
    for (bloomlab::Variant v : {bloomlab::Variant::standard, bloomlab::Variant::blocked}) {
      auto filter = bloomlab::Filter::create({m, 7, v, bloomlab::Scheme::reference});
      if (!filter.ok()) {
        std::fprintf(stderr, "bench_core: %s\n", filter.error().c_str());
        return 2;
      }
      const double add = best_of(3, [&] {
        filter->clear();
        for (const std::string& s : items) filter->add(s);
      });
      uint64_t hits = 0;
      const double query_miss = best_of(3, [&] {
        hits = 0;
        for (const std::string& s : others) hits += filter->contains(s);
      });
      const double query_hit = best_of(3, [&] {
        for (const std::string& s : items) hits += filter->contains(s);
      });
      g_sink = hits;
      std::printf(
          "%s{\"m\":%llu,\"k\":7,\"variant\":\"%s\",\"items\":%zu,\"add_ns\":%.2f,\"query_absent_"
          "ns\":%.2f,"
          "\"query_present_ns\":%.2f}",
          first ? "" : ",", static_cast<unsigned long long>(m), bloomlab::variant_name(v), count,
          add / count * 1e9, query_miss / count * 1e9, query_hit / count * 1e9);
      first = false;
    }
  }
  std::printf("]}\n");
  return 0;
}

int bench_sweep(const std::vector<std::string>& words) {
  bloomlab::SweepGrid grid;  // 1..32 x 1..24, 100,000 probes
  std::vector<bloomlab::Measurement> rows;
  const double t = best_of(5, [&] { rows = bloomlab::sweep(words, grid); });
  uint64_t fp = 0;
  for (const auto& r : rows) fp += r.false_positives;
  std::printf(
      "{\"task\":\"sweep\",\"points\":%zu,\"probes\":%llu,\"ms\":%.2f,\"total_false_positives\":%"
      "llu}\n",
      rows.size(), static_cast<unsigned long long>(grid.probes), t * 1e3,
      static_cast<unsigned long long>(fp));
  return 0;
}

// The plot's sweep in the app (src/app/panel_plots.cpp): 1..32 bits per item at one k.
int bench_plot_sweep(const std::vector<std::string>& words) {
  bloomlab::SweepGrid grid;
  grid.k_min = grid.k_max = 7;
  std::vector<bloomlab::Measurement> rows;
  const double t = best_of(5, [&] { rows = bloomlab::sweep(words, grid); });
  std::printf("{\"task\":\"plot-sweep\",\"points\":%zu,\"k\":7,\"ms\":%.2f}\n", rows.size(),
              t * 1e3);
  return 0;
}

int bench_build_query(const std::vector<std::string>& words) {
  std::vector<std::string> probes;
  for (uint64_t i = 0; i < bloomlab::kDefaultProbes; ++i)
    probes.push_back(bloomlab::probe_string(i));
  uint64_t maybes = 0;
  const double t = best_of(20, [&] {
    auto filter = bloomlab::Filter::create({95851, 7});
    for (const std::string& w : words) filter->add(w);
    maybes = 0;
    for (const std::string& p : probes) maybes += filter->contains(p);
  });
  std::printf(
      "{\"task\":\"build-query\",\"m\":95851,\"k\":7,\"words\":%zu,\"probes\":%zu,\"maybes\":%llu,"
      "\"ms\":%.3f}\n",
      words.size(), probes.size(), static_cast<unsigned long long>(maybes), t * 1e3);
  return 0;
}

// The growth plot's computation (src/app/panel_plots.cpp asks for 41 points, 100,000 probes).
int bench_growth(const std::vector<std::string>& words) {
  std::printf("{\"task\":\"growth\",\"m\":50000,\"k\":7,\"points\":41,\"rows\":[");
  bool first = true;
  for (bloomlab::Variant v : bloomlab::kAllVariants) {
    for (bool by_time : {true, false}) {
      bloomlab::GrowthOptions o;
      o.by_first_set_time = by_time;
      std::vector<bloomlab::GrowthPoint> points;
      const double t = best_of(5, [&] { points = bloomlab::growth({50000, 7, v}, words, o); });
      std::printf("%s{\"variant\":\"%s\",\"way\":\"%s\",\"ms\":%.2f,\"last_measured\":%.5f}",
                  first ? "" : ",", bloomlab::variant_name(v), by_time ? "first-set" : "checkpoints",
                  t * 1e3, points.empty() ? 0.0 : points.back().measured);
      first = false;
    }
  }
  std::printf("]}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "ops") == 0) return bench_ops();
  if (argc >= 3) {
    auto list = bloomlab::read_word_list_file(argv[2]);
    if (!list.ok()) {
      std::fprintf(stderr, "bench_core: %s\n", list.error().c_str());
      return 2;
    }
    if (std::strcmp(argv[1], "sweep") == 0) return bench_sweep(list->words);
    if (std::strcmp(argv[1], "plot-sweep") == 0) return bench_plot_sweep(list->words);
    if (std::strcmp(argv[1], "build-query") == 0) return bench_build_query(list->words);
    if (std::strcmp(argv[1], "growth") == 0) return bench_growth(list->words);
  }
  std::fprintf(stderr,
               "usage: bench_core ops | sweep WORDS | plot-sweep WORDS | build-query WORDS | growth WORDS\n");
  return 2;
}
