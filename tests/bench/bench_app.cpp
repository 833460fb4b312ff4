// bench_app: the app's frames with a big word list, natively (issue 14, "A million words stay
// interactive"). Not a test: prints one JSON object; tests/bench/RESULTS.md quotes it.
// ImGui runs for real (a context, the app's fonts, its frames), only the GPU is missing, as in
// tests/app/test_app_small_screen.cpp.
//   bench_app N            N generated words "w<i>-<hex>" (distinct), loaded into the empty preset
//   bench_app N idle       (for a profiler) load, then 3000 idle frames
//   bench_app N changes    (for a profiler) load, then 20 words added, 3 frames each
// Reports: the load (wall time, frames, the longest frame, the time of each tenth: a steady rate),
// idle frames with N words and with 10,000, and after each change (m and k sized for the words,
// then k, a word added, m doubled) the frames until the numbers and then the plot's measured
// points are current (the longest frame among them; apply_ms is the change itself).
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/view/app.h"
#include "app/view/fonts.h"

using namespace bloomlab;
using namespace bloomlab::app;

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct NullHost : Host {
  void* upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
  void request_password_list() override {}
  void save_file(const std::string&, const std::string&, std::string_view) override {}
  void announce(const std::string&) override {}
};

AppState g_state;
NullHost g_host;
double g_time = 0;

// One frame at 1280x800 with 16.7 ms of simulated time; returns its wall time in ms.
double frame_ms() {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60.0f;
  g_time += io.DeltaTime;
  const auto t = Clock::now();
  ImGui::NewFrame();
  frame(g_state, g_host);
  ImGui::Render();
  return ms_since(t);
}

std::string words_text(size_t n, size_t salt) {
  std::string text;
  char buf[40];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "w%zu-%zx\n", i, (i * 2654435761u + salt) & 0xffff);
    text += buf;
  }
  return text;
}

bool plots_current() {
  return g_state.plots.valid && g_state.plots.words_version == g_state.words_version &&
         g_state.plots.params.k == g_state.set.params().k;
}

// Frames after a change until the numbers (measurement) and plots are current; prints a row.
void after_change(const char* label, const Action& a, bool first) {
  frame_ms();
  const auto t = Clock::now();
  (void)apply(g_state, g_host, a);
  const double apply_ms = ms_since(t);
  double longest = apply_ms, numbers_at = -1;
  int frames = 0;
  while (frames < 100000) {
    longest = std::max(longest, frame_ms());
    ++frames;
    const bool numbers = g_state.measurement && g_state.measurement_version == g_state.version;
    if (numbers && numbers_at < 0) numbers_at = ms_since(t);
    if (numbers && plots_current()) break;
  }
  std::printf(
      "%s{\"change\":\"%s\",\"apply_ms\":%.1f,\"numbers_ms\":%.1f,\"plots_ms\":%.1f,"
      "\"frames\":%d,\"longest_frame_ms\":%.1f}",
      first ? "" : ",", label, apply_ms, numbers_at, ms_since(t), frames, longest);
}

double idle_mean_ms(int count) {
  for (int i = 0; i < 5; ++i) frame_ms();
  double sum = 0;
  for (int i = 0; i < count; ++i) sum += frame_ms();
  return sum / count;
}

void load(size_t n, const char* label) {
  const std::string text = words_text(n, 7);
  const auto t = Clock::now();
  (void)apply(g_state, g_host, act::LoadWordList{text, "", ListSource::pasted});
  const double parse_ms = ms_since(t);
  int frames = 0;
  double longest = parse_ms;
  std::vector<double> tenth_ms;  // wall time of each tenth of the words
  auto tenth_start = Clock::now();
  size_t next_tenth = n / 10;
  while (g_state.pending.active()) {
    longest = std::max(longest, frame_ms());
    ++frames;
    if (g_state.pending.next >= next_tenth && tenth_ms.size() < 9) {
      tenth_ms.push_back(ms_since(tenth_start));
      tenth_start = Clock::now();
      next_tenth += n / 10;
    }
  }
  tenth_ms.push_back(ms_since(tenth_start));
  std::printf(
      "{\"load\":\"%s\",\"words\":%zu,\"parse_ms\":%.1f,\"total_ms\":%.1f,\"frames\":%d,"
      "\"longest_frame_ms\":%.1f,\"tenths_ms\":[",
      label, g_state.set.words().size(), parse_ms, ms_since(t), frames, longest);
  for (size_t i = 0; i < tenth_ms.size(); ++i) std::printf("%s%.0f", i ? "," : "", tenth_ms[i]);
  std::printf("]}");
}

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  init(g_state, g_host);
  load_fonts(16.0f, 1.0f);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  (void)apply(g_state, g_host, act::LoadPreset{"empty"});
  if (argc > 2 && std::string(argv[2]) == "idle") {  // for a profiler: mostly idle frames
    load(n, "n");
    while (!plots_current()) frame_ms();
    std::printf("\n{\"idle_ms\":%.2f}\n", idle_mean_ms(3000));
    return 0;
  }
  if (argc > 2 && std::string(argv[2]) == "changes") {  // for a profiler: the frames after changes
    load(n, "n");
    ParamsRequest sized;
    sized.m = double(n * 10);
    sized.k = 7;
    (void)apply(g_state, g_host, act::SetParams{sized});
    double longest = 0;
    for (int i = 0; i < 20; ++i) {
      (void)apply(g_state, g_host, act::AddWord{"extra " + std::to_string(i)});
      for (int f = 0; f < 3; ++f) longest = std::max(longest, frame_ms());
    }
    std::printf("\n{\"longest_ms\":%.2f}\n", longest);
    return 0;
  }
  std::printf("{\"rows\":[");
  load(10000, "10k");
  while (!plots_current()) frame_ms();
  const double idle_10k = idle_mean_ms(60);
  (void)apply(g_state, g_host, act::LoadPreset{"empty"});
  std::printf(",");
  load(n, "n");
  while (!plots_current()) frame_ms();
  const double idle_n = idle_mean_ms(60);
  std::printf(",{\"idle_10k_ms\":%.2f,\"idle_n_ms\":%.2f}", idle_10k, idle_n);
  // The filter sized for the words (10 bits per word, k = 7), as a user would next.
  ParamsRequest sized;
  sized.m = double(n * 10);
  sized.k = 7;
  std::printf(",");
  after_change("m = 10 bits per word, k = 7", act::SetParams{sized}, true);
  ParamsRequest k8;
  k8.k = 8;
  std::printf(",");
  after_change("k = 8", act::SetParams{k8}, true);
  std::printf(",");
  after_change("add a word", act::AddWord{"one more word"}, true);
  ParamsRequest m2;
  m2.m = double(g_state.set.params().m * 2);
  std::printf(",");
  after_change("m x 2", act::SetParams{m2}, true);
  while (!plots_current()) frame_ms();
  std::printf(",{\"idle_n_after_ms\":%.2f}", idle_mean_ms(60));
  std::printf("]}\n");
  ImGui::DestroyContext();
  return 0;
}
