// Plots. Index:
//   panel_plots()        the two plots and the "exact formula" toggle
//   plot_fp_vs_bits()    (a) FP against bits per word, log y: theory at this k, the best-k
//                        envelope, measured points, the exact formula, you-are-here
//   plot_fp_vs_k()       (b) FP against k at this m and n, the best k marked, the fill on a
//                        second axis with "half the bits set" at the best k
//   plot_growth()        (c) FP as the filter fills: words inserted 0 .. the list's size, theory
//                        and measured, the fill on a second
//                        axis, the design n; the "words inserted" slider under it
#include <algorithm>
#include <cmath>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "core/params.h"
#include "core/theory.h"
#include "plot.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

std::string bits_label(double x) { return format_decimal(x, 1); }  // "15,8" in ru/uk
std::string k_label(double x) { return std::to_string(int(std::lround(x))); }
std::string words_label(double x) { return with_commas(uint64_t(std::max(0.0, std::round(x)))); }
std::string fill_label(double x) { return format_whole_percent(x); }

// The second axis of the plots over k and over the words inserted: the share of bits set.
// The right axis: the share of the filter's cells in use: its bits set, or a cuckoo filter's slots.
void fill_axis(PlotSpec& spec, bool slots = false) {
  spec.right_axis = true;
  spec.right_label = slots ? tr("slots in use") : tr("bits set");
  spec.right_colour = palette().set_bit;
  spec.format_right = fill_label;
}

double floor_decade(double v) { return std::pow(10.0, std::floor(std::log10(v))); }

// Draws the plot and keeps where its labels went (viewState().plotLabels, the tests); returns its area.
ScreenRect draw_and_keep(AppState& s, const PlotSpec& spec, const std::vector<PlotSeries>& series,
                         const std::vector<PlotMarker>& markers) {
  const DrawnPlot drawn = draw_plot(spec, series, markers);
  for (const PlotLabel& l : drawn.labels)
    s.layout.plot_labels.push_back(
        {spec.id, l.marker < 0 ? "legend" : markers[size_t(l.marker)].label, ScreenRect{l.x, l.y, l.w, l.h}});
  return ScreenRect{drawn.x, drawn.y, drawn.w, drawn.h};
}

// The plot takes what its column shows below it (as the column opens, whatever its scroll),
// less `below` pixels under its frame, never smaller than 120 lines or larger than `natural`.
float plot_height_in_room(float natural, float below) {
  const float title = ImGui::GetTextLineHeightWithSpacing();  // the y axis's title above it
  // Whole pixels: a height with a fraction moved what ImGui rounds under it, and the plot fed by
  // last frame's layout swung a pixel up and down for ever.
  const float room = std::floor(ImGui::GetWindowHeight() - ImGui::GetCursorPosY() - title - below -
                                2 * ImGui::GetStyle().WindowPadding.y);
  return std::clamp(room / ui_scale(), 120.0f, natural);
}

// On a slide the first plot fits the screen: Parameters and the plot are on it together.
// Elsewhere the plot keeps `natural`.
float slide_plot_height(float natural) { return ui_compact() ? plot_height_in_room(natural, 0) : natural; }

// Under the short form's plot: what its card drew under the plot's frame last frame (a legend,
// the card's edge) and the panels the step names below it in the column (best-k 4: the Numbers
// were under the 688 px plot card of a 1024 x 768 slide, off the screen).
float under_short_plot(const AppState& s) {
  const ScreenRect& card = s.between_frames.cards[size_t(Panel::plots)].whole;
  const ScreenRect& plot = s.layout.plot_k_area;  // last frame's, until drawn again
  const float own =
      plot.h > 0 && card.h > 0 ? card.y + card.h - (plot.y + plot.h) : ImGui::GetTextLineHeightWithSpacing();
  return std::round(own + named_below(s, Panel::plots));
}

// A binary fuse filter's theory over bits per word: 2^−f at f times its slots per word (about
// 1.125 for many words, more for few), f from 1 up.
void fuse_curve(const Filter& shown, PlotSeries& curve) {
  const double n = double(shown.items_added());
  const double per_word = n > 0 ? double(shown.bit_count()) / n : 1.125;
  for (double f = 1; f * per_word <= 32.001; f += 0.25) {
    curve.x.push_back(f * per_word);
    curve.y.push_back(std::exp2(-f));
  }
}

void plot_fp_vs_bits(AppState& s) {
  const Palette& pal = palette();
  const FilterParams& p = s.set.params();
  const double k = double(p.k);
  PlotSeries theory_k{
      fill(tr("theory, k = %s"), {std::to_string(p.k)}), pal.series[0], SeriesStyle::line, {}, {}};
  // The best k at each size is the optimal Bloom filter: log2(1/p) / ln 2 = 1.44 log2(1/p) bits
  // per item (p = 2^(-(m/n) ln 2) = 0.6185^(m/n)); no structure at all does better than
  // log2(1/p) bits (the information-theoretic bound: Carter, Floyd, Gill, Markowsky, Wegman 1978).
  PlotSeries envelope{fill(tr("optimal Bloom (best k): %s·log₂(1/p) bits"), {format_decimal(1.44, 2)}),
                      pal.series[1],
                      SeriesStyle::dashed,
                      {},
                      {}};
  PlotSeries bound{tr("no filter does better: log₂(1/p) bits"), pal.text_dim, SeriesStyle::line, {}, {}};
  // A filter of fingerprints (cuckoo) has no k: its own theory as it fills, f/α bits per word at
  // the load α, to where its table is full; the sweep's points measure Bloom filters at k.
  const Filter& shown = shown_set(s).filter();
  // A binary fuse filter: 2^−f at its slots per word (about 1.125 for many words): f from 1 up.
  const bool fingerprints = holds_fingerprint_values(shown.ops());
  if (fingerprints) theory_k.label = fill(tr("theory (%s)"), {variant_title(p.variant)});
  if (holds_fingerprints(shown.ops())) {
    const double slots = double(shown.bit_count()), f = double(shown.size_in_bits()) / slots;
    for (double load = 1; f / load <= 32.001; load -= 0.01) {
      theory_k.x.push_back(f / load);
      theory_k.y.push_back(theoretical_fp_rate(p, load * slots));
    }
  } else if (fingerprints) {
    later(fuse_curve)(shown, theory_k);
  }
  for (double b = 1; b <= 32.001; b += 0.25) {
    if (!fingerprints) {
      theory_k.x.push_back(b);
      theory_k.y.push_back(theory::standard_fp_rate(1, b, k));  // depends on m/n only
    }
    envelope.x.push_back(b);
    envelope.y.push_back(theory::best_k_fp_rate(1, b));
    bound.x.push_back(b);
    bound.y.push_back(std::pow(2.0, -b));
  }
  std::vector<PlotSeries> series{theory_k, envelope, bound};
  std::string measured_label = fill(tr("measured, %s"), {probes_text(100000)});
  if (s.plots.running)  // the sweep in progress: its points appear size by size
    measured_label = fill(tr("measuring… %s"), {format_whole_percent(double(s.plots.progress))});
  PlotSeries measured{measured_label, pal.series[2], SeriesStyle::points, {}, {}};
  for (const MeasuredPoint& mp : s.plots.measured_vs_bits) {
    measured.x.push_back(mp.bits_per_item);
    measured.y.push_back(mp.rate);
  }
  if ((!measured.x.empty() || s.plots.running) && !lesson_hides(s, hide_measured) && !fingerprints)
    series.push_back(measured);
  if (s.view.show_exact_curve) {
    PlotSeries exact{tr("exact formula (small m)"), pal.series[3], SeriesStyle::line, {}, {}};
    for (size_t b = 0; b < s.plots.exact_vs_bits.size(); ++b) {
      exact.x.push_back(double(b + 1));
      exact.y.push_back(s.plots.exact_vs_bits[b]);
    }
    series.push_back(exact);
  }
  // The rule of thumb: 1.44 log2(10) = 4.79 bits per factor of ten, 9.59 bits for 1%.
  // Each label under its dot needs about a line and a half of its decade's height: a small
  // plot (a slide's, fitted under Parameters) keeps 1% and 0.1%, whose labels do not overlap.
  const float height = slide_plot_height(250);
  const float font = ImGui::GetFontSize();
  const float decade_px = (height * ui_scale() - 2 * font - 14) / 6;
  const int last_decade = decade_px >= 1.5f * font ? 5 : 3;
  std::vector<PlotMarker> markers;
  for (int decades = 2; decades <= last_decade; ++decades) {
    const double fp = std::pow(10.0, -decades), bits = std::log2(1 / fp) / std::log(2.0);
    const std::string rate = format_percent_places(fp, decades - 2);
    PlotMarker mark{
        bits, fp, pal.series[1],
        // 9.6 written in the message: a fraction's noun form is no plural form (ru "9,6 бита").
        decades == 2 ? fill(tr("≈9.6 bits: %s"), {rate}) : "+" + format_decimal(4.8, 1) + ": " + rate};
    mark.dot = mark.label_below = true;  // below the line, above the bound: empty there
    markers.push_back(mark);
  }
  if (const auto at = actions::here_on_bits_plot(s)) {  // the variant's theory, not the curve's
    PlotMarker here{at->x, at->y, pal.zero_bit, tr("you are here")};
    here.clamp = true;
    markers.push_back(here);
  }
  PlotSpec spec;
  spec.id = "fp_vs_bits";
  spec.x_label = tr("bits per word (m/n)");
  spec.y_label = tr("false-positive rate (log scale)");
  spec.x_min = 1, spec.x_max = 32, spec.y_min = 1e-6, spec.y_max = 1;
  spec.log_y = true;
  spec.height = height;
  spec.legend_top = spec.legend_right = true;  // the falling curves leave the top right empty
  spec.format_x = bits_label;
  spec.format_y = format_rate;
  s.layout.plot_bits_area = draw_and_keep(s, spec, series, markers);
}

// brief: the plots' short form (panel_plots), where this plot is the only one.
void plot_fp_vs_k(AppState& s, bool brief) {
  const Palette& pal = palette();
  const FilterParams& p = s.set.params();
  if (variant_ops(p.variant).grows) {
    // No single k to vary: a curve against k would describe a filter that is not on screen.
    uint32_t low = 0, high = 0;
    for (const Stage& st : shown_set(s).filter().stages()) {
      low = low ? std::min(low, st.k) : st.k;
      high = std::max(high, st.k);
    }
    const std::string ks = low == high
                               ? fill(tr("%s in every stage"), {std::to_string(low)})
                               : fill(tr("from %s to %s"), {std::to_string(low), std::to_string(high)});
    text_wrapped(
        fill(tr("No plot of k here: a scalable filter has no single k. Each stage picks its own from its "
                "size and error rate, k = (m/n)·ln 2: here %s. The stages are listed under Numbers."),
             {ks})
            .c_str());
    s.layout.plot_k_area = ScreenRect{};
    return;
  }
  if (variant_ops(p.variant).sizes_itself) {
    // A filter without hash positions to count (the cuckoo filter): its own parameters instead.
    // TRANSLATORS: the variant's title, then its own parameters' symbols ("f, b, B").
    text_wrapped(fill(tr("No plot of k here: the %s filter has no k. It is sized by %s (Parameters), and its "
                         "false-positive rate is under Numbers."),
                      {variant_title(p.variant), own_param_symbols(p.variant)})
                     .c_str());
    s.layout.plot_k_area = ScreenRect{};
    return;
  }
  const double n = std::max(1.0, double(shown_set(s).filter().items_added())), m = double(p.m);
  const uint32_t best = theory::optimal_k(m, n);
  const uint32_t k_max = std::clamp<uint32_t>(best * 5 / 2, 12, 24);
  const bool blocked = !variant_ops(p.variant).has_exact_theory;
  PlotSeries curve{blocked ? fill(tr("theory (%s)"), {variant_title(p.variant)}) : std::string(tr("theory")),
                   pal.series[0],
                   SeriesStyle::line,
                   {},
                   {}};
  double lowest = 1;
  FilterParams at_k = p;  // the same filter with each k in turn
  for (uint32_t k = 1; k <= k_max; ++k) {
    at_k.k = k;
    const double fp = theoretical_fp_rate(at_k, n);
    curve.x.push_back(k);
    curve.y.push_back(fp);
    if (fp > 0) lowest = std::min(lowest, fp);
  }
  // The fill 1 - e^(-kn/m) on the second axis: at the best k about half the bits are set
  // ((m/n) ln 2 hashes per word leave each bit 0 with probability e^(-ln 2) = 1/2).
  PlotSeries fill_curve{tr("bits set, 1 − e^(−kn/m) (right axis)"), pal.set_bit, SeriesStyle::dashed, {}, {}};
  fill_curve.right_axis = true;
  for (uint32_t j = 1; j <= k_max; ++j) {
    fill_curve.x.push_back(j);
    fill_curve.y.push_back(theory::expected_fill(n, m, j));
  }
  std::vector<PlotSeries> series{curve, fill_curve};
  if (s.view.show_exact_curve) {
    PlotSeries exact{tr("exact formula"), pal.series[3], SeriesStyle::line, {}, {}};
    for (uint32_t k = 1; k <= std::min<uint32_t>(k_max, uint32_t(s.plots.exact_vs_k.size())); ++k) {
      exact.x.push_back(k);
      exact.y.push_back(s.plots.exact_vs_k[k - 1]);
    }
    series.push_back(exact);
  }
  std::vector<PlotMarker> markers{
      {double(p.k), theoretical_fp_rate(p, n), pal.zero_bit, "k = " + std::to_string(p.k)}};
  markers.back().clamp = true;
  if (!lesson_hides(s, hide_theory)) {  // the best-k exercise asks for it
    markers.insert(markers.begin(), {double(best), NAN, pal.series[1],
                                     fill(tr("best k = %s: half the bits set"), {std::to_string(best)})});
    markers.front().short_label = fill(tr("best k = %s"), {std::to_string(best)});
    PlotMarker half{double(best), theory::expected_fill(n, m, best), pal.set_bit, ""};
    half.right_axis = true;
    half.dot = true;
    markers.insert(markers.begin() + 1, half);
  }
  if (s.measurement && s.measurement_version == s.version && s.measurement->measured_rate > 0 &&
      !lesson_hides(s, hide_measured))
    markers.push_back({double(p.k), s.measurement->measured_rate, pal.series[2], tr("measured")});
  PlotSpec spec;
  spec.id = "fp_vs_k";
  spec.x_label = tr("hashes k");
  // The short form's title in one line, beside the right axis's (the step names m and n).
  spec.y_label =
      brief ? tr("false-positive rate (log scale)") : tr("false-positive rate at this m and n (log scale)");
  spec.x_min = 1, spec.x_max = k_max;
  spec.y_min = std::max(1e-12, floor_decade(lowest) / 10), spec.y_max = 1;
  spec.log_y = true;
  // The short form's one plot: its frame and x title fit between what the step names above it
  // and below it (a slide, or the left column of a 700 x 500 window's scene).
  spec.height = brief ? plot_height_in_room(220, under_short_plot(s)) : 220;
  spec.format_x = k_label;
  spec.format_y = format_rate;
  fill_axis(spec);
  s.layout.plot_k_area = draw_and_keep(s, spec, series, markers);
}

void plot_growth(AppState& s) {
  const Palette& pal = palette();
  const FilterParams& p = s.set.params();
  const uint64_t words = s.set.words().size();
  const double x_max = double(std::max<uint64_t>(words, 1));
  // A variant the one-array formula describes says so; another names itself (its own theory).
  PlotSeries theory{!variant_ops(p.variant).has_exact_theory
                        ? fill(tr("theory (%s)"), {variant_title(p.variant)})
                        : std::string(tr("theory (1 − e^(−kn/m))^k")),
                    pal.series[0],
                    SeriesStyle::line,
                    {},
                    {}};
  // A filter of fingerprints (cuckoo): its cells are slots, one word's fingerprint in one of them:
  // the load n / (B·b); it has no m and k to be designed for.
  const bool fingerprints = holds_fingerprint_values(shown_set(s).filter().ops());
  PlotSeries expected{
      fingerprints ? tr("slots in use, expected (right axis)") : tr("bits set, expected (right axis)"),
      pal.set_bit,
      SeriesStyle::dashed,
      {},
      {}};
  expected.right_axis = true;
  for (int i = 0; i <= 200; ++i) {
    const double n = x_max * i / 200;
    theory.x.push_back(n);
    theory.y.push_back(theoretical_fp_rate(p, n));
    expected.x.push_back(n);
    expected.y.push_back(expected_fill_share(p, n));
  }
  const GrowthCache& g = s.growth;
  const bool current = actions::growth_current(s);
  std::string measured_label = fill(tr("measured, %s"), {probes_text(s.probes)});
  if (current && g.running)
    measured_label = fill(tr("measuring… %s"), {format_whole_percent(double(g.run.progress()))});
  PlotSeries measured{measured_label, pal.series[2], SeriesStyle::points, {}, {}};
  PlotSeries fill_curve{
      fingerprints ? tr("slots in use, measured (right axis)") : tr("bits set, measured (right axis)"),
      pal.set_bit,
      SeriesStyle::line,
      {},
      {}};
  fill_curve.right_axis = true;
  if (current && g.valid) {
    for (const GrowthPoint& pt : g.run.points()) {
      measured.x.push_back(double(pt.n));
      measured.y.push_back(pt.measured);
      fill_curve.x.push_back(double(pt.n));
      fill_curve.y.push_back(pt.fill);
    }
  }
  std::vector<PlotSeries> series{theory};
  if (!lesson_hides(s, hide_measured)) series.push_back(measured);
  series.push_back(fill_curve);
  series.push_back(expected);
  std::vector<PlotMarker> markers;
  const double designed = design_n(p);
  if (designed <= x_max)  // NaN for a variant that sizes itself
    markers.push_back({designed, NAN, pal.series[1],
                       fill(tr("designed for n = %s"), {with_commas(uint64_t(std::lround(designed)))})});
  if (s.inserted) {
    const uint64_t n = *s.inserted;
    const double fp =
        current && g.valid && g.run.exact() ? g.run.at(n).measured : theoretical_fp_rate(p, double(n));
    PlotMarker here{double(n), fp, pal.zero_bit,
                    fill(trn("shown: %s word", "shown: %s words", n), {with_commas(n)})};
    here.clamp = true;
    markers.push_back(here);
  }
  PlotSpec spec;
  spec.id = "fp_growth";
  spec.x_label = tr("words inserted, in list order");
  spec.y_label = tr("false-positive rate as the filter fills (log scale)");
  spec.x_min = 0, spec.x_max = x_max;
  spec.y_min = 1e-5, spec.y_max = 1;
  spec.log_y = true;
  spec.height = 230;
  spec.format_x = words_label;
  spec.format_y = format_rate;
  fill_axis(spec, fingerprints);
  spec.legend_right = true;  // the rising curves leave the bottom right empty
  draw_and_keep(s, spec, series, markers);
}

// The "words inserted" slider: the bit array, the numbers and the verdicts show the filter after
// the first n words of the list.
void inserted_slider(AppState& s) {
  const uint64_t words = s.set.words().size();
  if (words == 0) return;
  uint64_t n = s.inserted.value_or(words);
  const uint64_t lo = 0;
  const std::string shown = s.inserted
                                ? fill(trn("the first %s of %s word", "the first %s of %s words", words),
                                       {with_commas(n), with_commas(words)})
                                : fill(trn("all %s word", "all %s words", words), {with_commas(words)});
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("words inserted"));
  // The slider beside its label and the All button when its text fits there (measured in this
  // language), else on the next line (a slide in Russian: "добавлено слов" left it 78 px and
  // All ran 1 px past the card); All under it when even a whole line is too short.
  const float all_w = button_width(tr("All")), spacing = ImGui::GetStyle().ItemSpacing.x;
  const float slider_min =
      std::max(80.0f, ImGui::CalcTextSize(shown.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x);
  same_line_if_fits(slider_min + spacing + all_w);
  const float room = ImGui::GetContentRegionAvail().x;
  const bool all_beside = room - all_w - spacing >= slider_min;
  const float slider_w = all_beside ? room - all_w - spacing : room;
  ImGui::SetNextItemWidth(slider_w);
  if (ImGui::SliderScalar("##inserted", ImGuiDataType_U64, &n, &lo, &words, shown.c_str()))
    dispatch(s, act::SetInserted{double(n), !ImGui::IsItemActivated()});
  s.layout.inserted_slider = last_item_rect();
  note_clipped(shown.c_str(), slider_w);
  if (all_beside) ImGui::SameLine();
  ImGui::BeginDisabled(!s.inserted);
  if (ImGui::Button(tr("All"))) dispatch(s, act::SetInserted{-1});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    tooltip(tr("Show the filter with every word"));
}

}  // namespace

void panel_plots(AppState& s, Host& /*host*/) {
  const bool brief = begin_panel_card(
      s, Panel::plots, tr("False positives"),
      tr("More bits per word, fewer false positives; for each size one k is best."),
      tr("FP ≈ (1 − e^(−kn/m))^k  (Bloom 1970)\nbest k = (m/n)·ln 2, where FP ≈ 0.6185^(m/n)\n"
         "exact: Σ_{i=1..m} i^k·i!·S(kn, i)·C(m, i) / m^(k(n+1))  (Christensen et al. 2010)"));
  actions::refresh_sweep(s, actions::kPlotSliceMs);
  s.layout.plot_labels.clear();
  const bool small = actions::exact_curve_possible(s);
  if (s.view.show_exact_curve && small) actions::refresh_exact(s);
  // The exact curve and the exports: above the plots, or on a slide under the first plot, which
  // then starts right under the card's title (beside Parameters on the screen).
  const auto controls = [&] {
    ImGui::BeginDisabled(!small);
    bool exact = s.view.show_exact_curve;
    // A label longer than the card (a slide in Russian) wraps beside its box instead of running out.
    if (checkbox_wrapped(tr("exact formula (small m)"), "exact", &exact))
      dispatch(s, act::ShowExactCurve{exact});
    ImGui::EndDisabled();
    same_line_if_fits(button_width(tr("Save PNG")));  // a slide's large text or a phone: the next line
    if (ImGui::Button(tr("Save PNG"))) dispatch(s, act::ExportPng{});
    s.layout.save_png_button = last_item_rect();
    if (ImGui::IsItemHovered())
      tooltip(ui_compact() ? tr("The plot above, as an image") : tr("The plot below, as an image"));
    same_line_if_fits(button_width(tr("Save CSV")));
    if (ImGui::Button(tr("Save CSV"))) dispatch(s, act::ExportCsv{});
    s.layout.save_csv_button = last_item_rect();
    if (ImGui::IsItemHovered()) tooltip(tr("The measurements: the sweep and the current point"));
    show_note(s.note(NoteSlot::exports));
  };
  // A lesson step that names the plots beside another panel (lessons.h short_form) gets the plot
  // over k alone, which follows both m and k with the fill beside it (the three plots were
  // 2,128 px tall on a 1024 x 768 slide, under the Numbers a step named first).
  if (brief) {
    s.layout.plot_bits = s.layout.plot_bits_area = s.layout.plot_growth = s.layout.inserted_slider =
        s.layout.save_png_button = s.layout.save_csv_button = ScreenRect{};  // not drawn
    s.layout.plot_k = grouped([&] { plot_fp_vs_k(s, true); });
    end_card();
    return;
  }
  if (!ui_compact()) controls();
  if (s.set.words().empty()) hint_text(tr("Add words to measure: the points are queries of a real filter."));
  // Each plot's rect is its whole group (titles, frame, a legend under it): the last item alone
  // was the legend's last line while the legend sat under the plot (149 px wide, not 212).
  s.layout.plot_bits = grouped([&] { plot_fp_vs_bits(s); });
  if (ui_compact()) controls();
  ImGui::Spacing();
  s.layout.plot_k = grouped([&] { plot_fp_vs_k(s, false); });
  ImGui::Spacing();
  actions::refresh_growth(s, actions::kPlotSliceMs);
  s.layout.plot_growth = grouped([&] {
    plot_growth(s);
    inserted_slider(s);
  });
  end_card();
}

}  // namespace bloomlab::app
