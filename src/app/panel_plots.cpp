// Plots. Index:
//   panel_plots()        the two plots and the "exact formula" toggle
//   refresh_sweep()      measured FP over bits per word at the current k (core SweepRun, a slice
//                        per frame, cached on the words and k; a change starts it over)
//   plot_fp_vs_bits()    (a) FP against bits per word, log y: theory at this k, the best-k
//                        envelope, measured points, the exact formula, you-are-here
//   plot_fp_vs_k()       (b) FP against k at this m and n, the best k marked
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "actions.h"
#include "lessons.h"
#include "core/theory.h"
#include "plot.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// The sweep's time per frame: with a million words it takes seconds in all, spread over frames
// so that none is blocked (issue 14). Its clock is read every kSweepPiece steps (~0.1 ms).
constexpr double kSweepSliceMs = 6;
constexpr uint64_t kSweepPiece = 20000;
constexpr uint64_t kMaxExactBits = 2048;  // exact_fp_rate sums over m terms: small m only
constexpr uint64_t kMaxExactWork = 200000;

std::string bits_label(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}
std::string k_label(double x) { return std::to_string(int(std::lround(x))); }

double floor_decade(double v) { return std::pow(10.0, std::floor(std::log10(v))); }

void refresh_sweep(AppState& s) {
  PlotCache& c = s.plots;
  const FilterParams p = s.set.params();
  const bool current = c.words_version == s.words_version && c.params.k == p.k;
  if (c.valid && current) return;
  if (s.pending.active()) return;
  if (!c.running || !current) {  // a change cancels the run in progress
    SweepGrid grid;
    grid.bits_per_item_min = 1;
    grid.bits_per_item_max = 32;
    grid.k_min = grid.k_max = p.k;
    c.run = SweepRun(grid);
    c.running = true;
    c.valid = false;
    c.measured_vs_bits.clear();
    c.words_version = s.words_version;
    c.params = p;
  }
  const WordSet& set = s.set;
  const SweepRun::IsMember is_member = [&set](std::string_view w) { return set.contains_word(w); };
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto slice = std::chrono::duration<double, std::milli>(kSweepSliceMs);
  while (c.run.advance(set.words(), is_member, kSweepPiece) && Clock::now() - start < slice) {
  }
  const auto& rows = c.run.rows();
  for (size_t i = c.measured_vs_bits.size(); i < rows.size(); ++i) {
    const Measurement& r = rows[i];
    c.measured_vs_bits.push_back({double(r.m) / double(std::max<uint64_t>(r.n, 1)), r.k, r.measured_rate});
  }
  c.progress = float(c.run.progress());
  if (c.run.done()) {
    c.run = SweepRun();  // its tables go
    c.running = false;
    c.valid = true;
  }
}

// The exact formula for small m: over bits per word (n fixed) and over k (m fixed).
void refresh_exact(AppState& s) {
  PlotCache& c = s.plots;
  const uint64_t n = s.set.filter().items_added(), m = s.set.params().m;
  const uint32_t k = s.set.params().k;
  if (c.exact_n == n && c.exact_m == m && c.exact_k == k && !c.exact_vs_k.empty()) return;
  c.exact_n = n, c.exact_m = m, c.exact_k = k;
  c.exact_vs_bits.assign(32, NAN);
  c.exact_vs_k.assign(24, NAN);
  if (n == 0) return;
  for (uint64_t b = 1; b <= 32; ++b)
    if (b * n <= kMaxExactBits && b * n * n * k <= kMaxExactWork) c.exact_vs_bits[size_t(b - 1)] = theory::exact_fp_rate(n, b * n, k);
  for (uint32_t j = 1; j <= 24; ++j)
    if (m <= kMaxExactBits && m * n * j <= kMaxExactWork) c.exact_vs_k[j - 1] = theory::exact_fp_rate(n, m, j);
}

void plot_fp_vs_bits(const AppState& s) {
  const Palette& pal = palette();
  const FilterParams& p = s.set.params();
  const double n = double(s.set.filter().items_added()), k = double(p.k);
  PlotSeries theory_k{"theory, k = " + std::to_string(p.k), pal.series[0], SeriesStyle::line, {}, {}};
  PlotSeries envelope{"best k at each size", pal.series[1], SeriesStyle::dashed, {}, {}};
  for (double b = 1; b <= 32.001; b += 0.25) {
    theory_k.x.push_back(b);
    theory_k.y.push_back(theory::standard_fp_rate(1, b, k));  // depends on m/n only
    envelope.x.push_back(b);
    envelope.y.push_back(theory::best_k_fp_rate(1, b));
  }
  std::vector<PlotSeries> series{theory_k, envelope};
  std::string measured_label = "measured, 100,000 probes";
  if (s.plots.running) {  // the sweep in progress: its points appear size by size
    char buf[64];
    std::snprintf(buf, sizeof buf, "measuring… %d%%", int(s.plots.progress * 100));
    measured_label = buf;
  }
  PlotSeries measured{measured_label, pal.series[2], SeriesStyle::points, {}, {}};
  for (const MeasuredPoint& mp : s.plots.measured_vs_bits) {
    measured.x.push_back(mp.bits_per_item);
    measured.y.push_back(mp.rate);
  }
  if ((!measured.x.empty() || s.plots.running) && !lesson_hides(s, hide_measured)) series.push_back(measured);
  if (s.view.show_exact_curve) {
    PlotSeries exact{"exact formula (small m)", pal.series[3], SeriesStyle::line, {}, {}};
    for (size_t b = 0; b < s.plots.exact_vs_bits.size(); ++b) {
      exact.x.push_back(double(b + 1));
      exact.y.push_back(s.plots.exact_vs_bits[b]);
    }
    series.push_back(exact);
  }
  std::vector<PlotMarker> markers;
  if (n > 0)
    markers.push_back({double(p.m) / n, theory::standard_fp_rate(n, double(p.m), k), pal.zero_bit, "you are here"});
  PlotSpec spec;
  spec.id = "fp_vs_bits";
  spec.x_label = "bits per word (m/n)";
  spec.y_label = "false-positive rate (log scale)";
  spec.x_min = 1, spec.x_max = 32, spec.y_min = 1e-6, spec.y_max = 1;
  spec.log_y = true;
  spec.height = 250;
  spec.format_x = bits_label;
  spec.format_y = format_rate;
  draw_plot(spec, series, markers);
}

void plot_fp_vs_k(const AppState& s) {
  const Palette& pal = palette();
  const FilterParams& p = s.set.params();
  const double n = std::max(1.0, double(s.set.filter().items_added())), m = double(p.m);
  const uint32_t best = theory::optimal_k(m, n);
  const uint32_t k_max = std::clamp<uint32_t>(best * 5 / 2, 12, 24);
  const bool blocked = !variant_ops(p.variant).has_exact_theory;
  PlotSeries curve{blocked ? "theory (" + std::string(variant_name(p.variant)) + ")" : std::string("theory"), pal.series[0], SeriesStyle::line, {}, {}};
  double lowest = 1;
  FilterParams at_k = p;  // the same filter with each k in turn
  for (uint32_t k = 1; k <= k_max; ++k) {
    at_k.k = k;
    const double fp = theoretical_fp_rate(at_k, n);
    curve.x.push_back(k);
    curve.y.push_back(fp);
    if (fp > 0) lowest = std::min(lowest, fp);
  }
  std::vector<PlotSeries> series{curve};
  if (s.view.show_exact_curve) {
    PlotSeries exact{"exact formula", pal.series[3], SeriesStyle::line, {}, {}};
    for (uint32_t k = 1; k <= std::min<uint32_t>(k_max, uint32_t(s.plots.exact_vs_k.size())); ++k) {
      exact.x.push_back(k);
      exact.y.push_back(s.plots.exact_vs_k[k - 1]);
    }
    series.push_back(exact);
  }
  std::vector<PlotMarker> markers{{double(p.k), theoretical_fp_rate(p, n), pal.zero_bit, "k = " + std::to_string(p.k)}};
  if (!lesson_hides(s, hide_theory))  // the best-k exercise asks for it
    markers.insert(markers.begin(), {double(best), NAN, pal.series[1], "best k = " + std::to_string(best)});
  if (s.measurement && s.measurement_version == s.version && s.measurement->measured_rate > 0 &&
      !lesson_hides(s, hide_measured))
    markers.push_back({double(p.k), s.measurement->measured_rate, pal.series[2], "measured"});
  PlotSpec spec;
  spec.id = "fp_vs_k";
  spec.x_label = "hashes k";
  spec.y_label = "false-positive rate at this m and n (log scale)";
  spec.x_min = 1, spec.x_max = k_max;
  spec.y_min = std::max(1e-12, floor_decade(lowest) / 10), spec.y_max = 1;
  spec.log_y = true;
  spec.height = 220;
  spec.format_x = k_label;
  spec.format_y = format_rate;
  draw_plot(spec, series, markers);
}

}  // namespace

void panel_plots(AppState& s, Host& /*host*/) {
  begin_card("False positives",
             "More bits per word, fewer false positives; for each size one k is best.",
             "FP ≈ (1 − e^(−kn/m))^k  (Bloom 1970)\nbest k = (m/n)·ln 2, where FP ≈ 0.6185^(m/n)\n"
             "exact: Σ_{i=1..m} i^k·i!·S(kn, i)·C(m, i) / m^(k(n+1))  (Christensen et al. 2010)");
  refresh_sweep(s);
  const bool small = s.set.params().m <= kMaxExactBits;
  ImGui::BeginDisabled(!small);
  bool exact = s.view.show_exact_curve;
  if (ImGui::Checkbox("exact formula (small m)", &exact)) dispatch(s, act::ShowExactCurve{exact});
  ImGui::EndDisabled();
  if (s.view.show_exact_curve && small) refresh_exact(s);
  ImGui::SameLine();
  if (ImGui::Button("Save PNG")) dispatch(s, act::ExportPng{});
  s.layout.save_png_button = last_item_rect();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The plot below, as an image");
  ImGui::SameLine();
  if (ImGui::Button("Save CSV")) dispatch(s, act::ExportCsv{});
  s.layout.save_csv_button = last_item_rect();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The measurements: the sweep and the current point");
  show_note(s.note(NoteSlot::exports));
  if (s.set.words().empty()) hint_text("Add words to measure: the points are queries of a real filter.");
  const ImVec2 plot_top = ImGui::GetCursorScreenPos();
  plot_fp_vs_bits(s);
  const ImVec2 plot_end = ImGui::GetItemRectMax();
  s.layout.plot_bits = ScreenRect{plot_top.x, plot_top.y, plot_end.x - plot_top.x, plot_end.y - plot_top.y};
  ImGui::Spacing();
  plot_fp_vs_k(s);
  end_card();
}

}  // namespace bloomlab::app
