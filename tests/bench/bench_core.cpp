// bench_core: the core's speed, measured the same way natively and as wasm under node.
// Prints one JSON object per task on stdout; tests/bench/run.sh turns them into RESULTS.md.
//   ops               add / query ns per op, m = 100,000 and 2^30, standard and blocked
//   speed             the blocked filter against the standard one, side by side at m = 2^28 and
//                     100,000: query ns for present and absent keys, asked in numbered and in
//                     shuffled order, and the machine's cache-miss latency (a random pointer
//                     chase over 256 MiB) in the same run
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

// The latency of one cache miss (with its TLB miss, as a filter query out of cache pays): a
// random cyclic permutation of 64-byte nodes over 256 MiB (Sattolo's algorithm), followed
// pointer by pointer, each load waiting for the one before.
double miss_latency_ns() {
  const size_t nodes = (size_t{256} << 20) / 64;
  std::vector<uint32_t> next(nodes * 16);  // node i is next[16 i .. 16 i + 15]; its link is the first
  std::vector<uint32_t> order(nodes);
  for (size_t i = 0; i < nodes; ++i) order[i] = static_cast<uint32_t>(i);
  uint64_t rng = 42;
  auto random_below = [&](uint64_t n) {
    rng += 0x9e3779b97f4a7c15ull;
    uint64_t z = rng;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (z ^ (z >> 31)) % n;
  };
  for (size_t i = nodes - 1; i > 0; --i)
    std::swap(order[i], order[static_cast<size_t>(random_below(i))]);  // Sattolo
  for (size_t i = 0; i < nodes; ++i) next[size_t{order[i]} * 16] = order[(i + 1) % nodes];
  const size_t steps = 2000000;
  uint32_t at = 0;
  const double t = best_of(3, [&] {
    for (size_t i = 0; i < steps; ++i) at = next[size_t{at} * 16];
  });
  g_sink = at;
  return t / double(steps) * 1e9;
}

// Side by side, in alternating rounds (the machine is shared: both variants see the same load),
// the best of each: ns per query, present keys (every position set: the standard filter reads up
// to k lines) and absent keys (it stops at the first 0 bit). The keys are asked in two orders:
// as numbered ("other-0", "other-1", ...), and shuffled (the same keys, a fixed random order).
// Numbered keys flatter the standard filter: its first position is h1 mod m, FNV-1a's low 32
// bits, which differ little between keys that differ in their last characters, so consecutive
// queries read lines of the same 4 KiB page (87% of them at m = 2^28) and skip most TLB misses.
// The blocked filter's block comes from mixed bits (splitmix64): every query a new page.
int bench_speed() {
  const size_t count = 1000000;
  std::vector<std::string> items, others;
  for (size_t i = 0; i < count; ++i) {
    items.push_back("item-" + std::to_string(i));
    others.push_back("other-" + std::to_string(i));
  }
  const double miss = miss_latency_ns();
  // [order: numbered, shuffled][keys: present, absent]. The shuffled keys are new copies made in
  // their shuffled order, so that reading the keys is sequential in both orders (a swap would
  // leave a long key's bytes where they were: wasm's strings keep at most 10 bytes inline).
  std::vector<uint32_t> permutation(count);
  for (size_t i = 0; i < count; ++i) permutation[i] = static_cast<uint32_t>(i);
  uint64_t rng = 2026;  // Fisher-Yates with a splitmix64 stream: the same order every run
  for (size_t i = count - 1; i > 0; --i) {
    rng += 0x9e3779b97f4a7c15ull;
    uint64_t z = rng;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    std::swap(permutation[i], permutation[static_cast<size_t>((z ^ (z >> 31)) % (i + 1))]);
  }
  std::vector<std::string> shuffled[2];
  for (uint32_t i : permutation) shuffled[0].push_back(items[i]);
  for (uint32_t i : permutation) shuffled[1].push_back(others[i]);
  std::vector<std::string_view> views[2][2];
  for (int keys = 0; keys < 2; ++keys) {
    for (const std::string& s : keys == 0 ? items : others) views[0][keys].push_back(s);
    for (const std::string& s : shuffled[keys]) views[1][keys].push_back(s);
  }
  std::printf("{\"task\":\"speed\",\"k\":7,\"items\":%zu,\"miss_ns\":%.2f,\"rows\":[", count, miss);
  bool first = true;
  for (uint64_t m : {uint64_t{1} << 28, uint64_t{100000}}) {
    std::vector<bloomlab::Filter> filters;
    const bloomlab::Variant variants[] = {bloomlab::Variant::standard, bloomlab::Variant::blocked};
    for (bloomlab::Variant v : variants) {
      auto f = bloomlab::Filter::create({m, 7, v, bloomlab::Scheme::reference});
      if (!f.ok()) {
        std::fprintf(stderr, "bench_core: %s\n", f.error().c_str());
        return 2;
      }
      for (const std::string& s : items) f->add(s);
      filters.push_back(std::move(*f));
    }
    // [variant][order][mode: one by one, batch][keys: present, absent]
    double best[2][2][2][2];
    for (auto& a : best)
      for (auto& b : a)
        for (auto& c : b) c[0] = c[1] = 1e300;
    std::vector<uint8_t> answers(count);
    for (int round = 0; round < 5; ++round) {
      for (size_t v = 0; v < 2; ++v) {
        for (int order = 0; order < 2; ++order) {
          for (int keys = 0; keys < 2; ++keys) {
            const std::vector<std::string_view>& list = views[order][keys];
            uint64_t hits = 0;
            const double one = best_of(1, [&] {
              for (std::string_view s : list) hits += filters[v].contains(s);
            });
            const double batch =
                best_of(1, [&] { filters[v].contains_many(list.data(), count, answers.data()); });
            for (uint8_t a : answers) hits += a;
            g_sink = hits;
            double(&b)[2][2] = best[v][order];
            b[0][keys] = std::min(b[0][keys], one / double(count) * 1e9);
            b[1][keys] = std::min(b[1][keys], batch / double(count) * 1e9);
          }
        }
      }
    }
    for (size_t v = 0; v < 2; ++v)
      for (int order = 0; order < 2; ++order)
        for (int mode = 0; mode < 2; ++mode)
          for (int keys = 0; keys < 2; ++keys) {
            std::printf(
                "%s{\"variant\":\"%s\",\"m\":%llu,\"order\":\"%s\",\"mode\":\"%s\",\"keys\":\"%s\","
                "\"nsPerQuery\":%.2f}",
                first ? "" : ",", bloomlab::variant_name(variants[v]), static_cast<unsigned long long>(m),
                order == 0 ? "numbered" : "shuffled", mode == 0 ? "one" : "batch",
                keys == 0 ? "present" : "absent", best[v][order][mode][keys]);
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

// The plot's sweep in the app (src/app/view/panel_plots.cpp): 1..32 bits per item at one k.
int bench_plot_sweep(const std::vector<std::string>& words) {
  bloomlab::SweepGrid grid;
  grid.k_min = grid.k_max = 7;
  std::vector<bloomlab::Measurement> rows;
  const double t = best_of(5, [&] { rows = bloomlab::sweep(words, grid); });
  std::printf("{\"task\":\"plot-sweep\",\"points\":%zu,\"k\":7,\"ms\":%.2f}\n", rows.size(), t * 1e3);
  return 0;
}

int bench_build_query(const std::vector<std::string>& words) {
  std::vector<std::string> probes;
  for (uint64_t i = 0; i < bloomlab::kDefaultProbes; ++i) probes.push_back(bloomlab::probe_string(i));
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

// The growth plot's computation (src/app/view/panel_plots.cpp asks for 41 points, 100,000 probes).
int bench_growth(const std::vector<std::string>& words) {
  std::printf("{\"task\":\"growth\",\"m\":50000,\"k\":7,\"points\":41,\"rows\":[");
  bool first = true;
  for (bloomlab::Variant v : bloomlab::variant_ids()) {
    for (bool by_time : {true, false}) {
      bloomlab::GrowthOptions o;
      o.by_first_set_time = by_time;
      std::vector<bloomlab::GrowthPoint> points;
      const double t = best_of(5, [&] { points = bloomlab::growth({50000, 7, v}, words, o); });
      std::printf("%s{\"variant\":\"%s\",\"way\":\"%s\",\"ms\":%.2f,\"last_measured\":%.5f}",
                  first ? "" : ",", bloomlab::variant_name(v), by_time ? "first-set" : "checkpoints", t * 1e3,
                  points.empty() ? 0.0 : points.back().measured);
      first = false;
    }
  }
  std::printf("]}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "ops") == 0) return bench_ops();
  if (argc >= 2 && std::strcmp(argv[1], "speed") == 0) return bench_speed();
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
  std::fprintf(
      stderr,
      "usage: bench_core ops | speed | sweep WORDS | plot-sweep WORDS | build-query WORDS | growth WORDS\n");
  return 2;
}
