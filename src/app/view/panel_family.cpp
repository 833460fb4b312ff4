// Filter family (issue 35 §3). Index:
//   panel_family()   what is measured, Measure (a progress bar and Cancel while it runs), then
//                    the plot, the table and what each structure can do
//   family_plot()    FP (log) against bits per word: a curve per structure with its measured
//                    points on it, and the lower bound log2(1/p) under all of them
//   family_table()   each structure's size, bits per word, FP measured and in theory, how far
//                    above the bound, nanoseconds per query
//   traits_table()   add, remove, how full it can get, cache lines per query
// The measurement itself is the core's FamilyRun (core/family.h), run a slice per frame by the
// app (actions::continue_family): this file only shows it.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/model/format.h"
#include "app/model/i18n.h"
#include "plot.h"
#include "ui.h"

namespace bloomlab::app {

const char* family_kind_title(FamilyKind kind) {
  switch (kind) {
    case FamilyKind::standard: return trc("variant", "standard");
    case FamilyKind::blocked: return trc("variant", "blocked");
    case FamilyKind::cuckoo: return trc("variant", "cuckoo");
    case FamilyKind::binary_fuse: return trc("variant", "binary fuse");
  }
  return "";
}

ImU32 family_kind_colour(FamilyKind kind) {
  const Palette& pal = palette();
  switch (kind) {
    case FamilyKind::standard: return pal.series[0];
    case FamilyKind::blocked: return pal.set_bit;
    case FamilyKind::cuckoo: return pal.ok;
    case FamilyKind::binary_fuse: return pal.series[3];
  }
  return pal.text;
}

namespace {

std::string params_text(const FamilyRow& r) {
  switch (r.kind) {
    case FamilyKind::standard:
    case FamilyKind::blocked: return "m = " + with_commas(r.m) + ", k = " + std::to_string(r.k);
    case FamilyKind::cuckoo:
      return "f = " + std::to_string(r.fingerprint_bits) + ", b = " + std::to_string(r.bucket_size) +
             ", B = " + with_commas(r.buckets);
    case FamilyKind::binary_fuse:
      return "f = " + std::to_string(r.fingerprint_bits) + ", " + slots_text(r.slots);
  }
  return "";
}

// "+44%" or "+51–71%": how far a structure's rows are above the bound.
std::string over_bound_text(const FamilyRun& run, FamilyKind kind) {
  double lo = 1e300, hi = -1;
  for (const FamilyRow& r : run.rows())
    if (r.kind == kind) lo = std::min(lo, r.over_bound), hi = std::max(hi, r.over_bound);
  if (hi < 0) return "";
  const std::string a = format_whole_percent(lo), b = format_whole_percent(hi);
  return a == b ? "+" + a : "+" + a + "–" + b;
}

std::string bits_label(double x) { return format_decimal(x, 1); }  // "15,8" in ru/uk

void family_plot(AppState& s, const FamilyRun& run) {
  const Palette& pal = palette();
  const FamilyCurves curves = run.curves();
  double x_max = 8, lowest = 1;
  for (const FamilyRow& r : run.rows()) {
    x_max = std::max(x_max, r.bits_per_item);
    lowest = std::min(lowest, r.theory);
    if (r.measured > 0) lowest = std::min(lowest, r.measured);
  }
  x_max = std::ceil(x_max / 4 + 0.5) * 4;
  const double y_min = std::max(1e-12, std::pow(10.0, std::floor(std::log10(lowest))) / 10);
  std::vector<PlotSeries> series;
  const auto curve = [&](std::string label, ImU32 colour, SeriesStyle style, auto fp) {
    PlotSeries c{std::move(label), colour, style, {}, {}};
    for (double x = 1; x <= x_max + 1e-9; x += 0.25) {
      c.x.push_back(x);
      c.y.push_back(fp(x));
    }
    series.push_back(std::move(c));
  };
  // TRANSLATORS: the plot's lowest curve: no structure can use fewer bits per word for a rate p.
  curve(tr("lower bound: log₂(1/p) bits"), pal.text_dim, SeriesStyle::dashed, family_bound_fp);
  for (size_t i = 0; i < kFamilyKinds; ++i) {
    const auto kind = FamilyKind(i);
    const std::string over = over_bound_text(run, kind);
    if (over.empty()) continue;
    // TRANSLATORS: a structure's name and how far its points are above the bound: "cuckoo +102%".
    curve(fill(tr("%s %s"), {family_kind_title(kind), over}), family_kind_colour(kind), SeriesStyle::line,
          [&](double x) { return family_curve_fp(kind, x, curves); });
  }
  std::vector<PlotMarker> markers;
  for (const FamilyRow& r : run.rows()) {
    if (r.measured <= 0) continue;  // none of the probes answered "possibly": nothing to draw on a log axis
    PlotMarker m{r.bits_per_item, r.measured, family_kind_colour(r.kind), ""};
    m.dot = true;
    markers.push_back(m);
  }
  PlotSpec spec;
  spec.id = "family";
  spec.x_label = tr("bits per word");
  spec.y_label = tr("false-positive rate (log scale)");
  spec.x_min = 1, spec.x_max = x_max, spec.y_min = y_min, spec.y_max = 1;
  spec.log_y = true;
  spec.height = 260;
  spec.legend_under = true;  // five falling curves and their dots leave no corner empty
  spec.format_x = bits_label;
  spec.format_y = format_rate;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const DrawnPlot drawn = draw_plot(spec, series, markers);
  const ImVec2 end = ImGui::GetItemRectMax();
  s.layout.family_plot =
      ScreenRect{top.x, top.y, std::max(drawn.w, ImGui::GetContentRegionAvail().x), end.y - top.y};
}

// A row's cells after the structure's name and parameters.
std::vector<std::string> row_cells(const FamilyRow& r) {
  return {format_decimal(r.bits_per_item, 1), format_rate(r.measured), format_rate(r.theory),
          "+" + format_whole_percent(r.over_bound), format_decimal(r.ns_per_query, 1)};
}

void family_table(AppState& s, const FamilyRun& run) {
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const char* heads[] = {tr("structure"), tr("bits/word"),  tr("FP measured"),
                         tr("theory"),    tr("over bound"), tr("ns/query")};
  // The table's width, each column as wide as its widest text: where it does not fit (a phone, a
  // slide, a longer language), each structure is a paragraph instead.
  float widths[6] = {};
  for (size_t c = 0; c < 6; ++c) widths[c] = ImGui::CalcTextSize(heads[c]).x;
  for (const FamilyRow& r : run.rows()) {
    const std::string name = std::string(family_kind_title(r.kind)) + "  " + params_text(r);
    widths[0] = std::max(widths[0], ImGui::CalcTextSize(name.c_str()).x);
    const std::vector<std::string> cells = row_cells(r);
    for (size_t c = 0; c < cells.size(); ++c)
      widths[c + 1] = std::max(widths[c + 1], ImGui::CalcTextSize(cells[c].c_str()).x);
  }
  float needed = 0;
  for (float w : widths) needed += w + 2 * ImGui::GetStyle().CellPadding.x + ImGui::GetStyle().ItemSpacing.x;
  if (needed > width) {
    for (const FamilyRow& r : run.rows()) {
      ImGui::PushStyleColor(ImGuiCol_Text, family_kind_colour(r.kind));
      text_wrapped(std::string(family_kind_title(r.kind)) + ", " + params_text(r));
      ImGui::PopStyleColor();
      ImGui::Indent();
      const std::vector<std::string> c = row_cells(r);
      text_wrapped(fill(tr("bits/word: %s; FP: %s (theory %s); over the bound: %s; ns/query: %s"),
                        {c[0], c[1], c[2], format_whole_percent(r.over_bound), c[4]}));
      ImGui::Unindent();
    }
  } else if (ImGui::BeginTable("family", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn(heads[0], ImGuiTableColumnFlags_WidthStretch);
    for (size_t c = 1; c < 6; ++c) ImGui::TableSetupColumn(heads[c]);
    ImGui::TableHeadersRow();
    for (const FamilyRow& r : run.rows()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      text_coloured(family_kind_colour(r.kind), family_kind_title(r.kind));
      ImGui::SameLine();
      ImGui::TextDisabled("%s", params_text(r).c_str());
      for (const std::string& c : row_cells(r)) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.c_str());
      }
    }
    ImGui::EndTable();
  }
  const ImVec2 end = ImGui::GetItemRectMax();
  s.layout.family_table = ScreenRect{top.x, top.y, width, end.y - top.y};
}

void traits_table() {
  text_wrapped(tr("What each can do:"));
  for (size_t i = 0; i < kFamilyKinds; ++i) {
    const auto kind = FamilyKind(i);
    const FamilyTraits& t = family_traits(kind);
    const std::string lines = t.cache_lines ? std::to_string(t.cache_lines) : std::string("k");
    const std::string fills = t.max_load == 0 ? std::string(tr("any number of words"))
                              : t.max_load >= 1
                                  ? std::string(tr("exactly its words"))
                                  : fill(tr("about %s of its slots"), {format_whole_percent(t.max_load)});
    text_coloured(family_kind_colour(kind), family_kind_title(kind));
    ImGui::Indent();
    // TRANSLATORS: what a structure can do. %1$s: adds ("add", "add: an add rebuilds it");
    // %2$s: remove or not; %3$s: how full it can get; %4$s: cache lines per query ("2", "k").
    text_wrapped(fill(tr("%1$s; %2$s; holds %3$s; cache lines per query: %4$s"),
                      {t.adds ? tr("adds a word") : tr("adds by rebuilding"),
                       t.removes ? tr("removes one") : tr("cannot remove one"), fills, lines}));
    ImGui::Unindent();
  }
}

// The word box's word in the binary fuse filter the run built (f = 8): its three slots, what they
// hold, and their XOR against the word's own fingerprint (issue 35 §2).
void fuse_word(AppState& s, const BinaryFuseFilter& fuse) {
  const BinaryFusePositions p = fuse.positions(s.word_input);
  const std::string a = hex_text(fuse.slot(p.slot[0])), b = hex_text(fuse.slot(p.slot[1])),
                    c = hex_text(fuse.slot(p.slot[2]));
  const uint32_t x = fuse.slot(p.slot[0]) ^ fuse.slot(p.slot[1]) ^ fuse.slot(p.slot[2]);
  ImGui::Spacing();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  text_wrapped(fill(tr("%s in the binary fuse filter (f = 8, %s): slots %s, %s and %s hold %s, %s and %s."),
                    {in_quotes(actions::shown_word(s, s.word_input, 32)), slots_text(fuse.slots()),
                     with_commas(p.slot[0]), with_commas(p.slot[1]), with_commas(p.slot[2]), a, b, c}));
  text_wrapped(
      x == p.fingerprint
          ? fill(tr("%s XOR %s XOR %s = %s, its fingerprint: possibly in the set."), {a, b, c, hex_text(x)})
          : fill(tr("%s XOR %s XOR %s = %s, not its fingerprint %s: definitely not in the set."),
                 {a, b, c, hex_text(x), hex_text(p.fingerprint)}));
  hint_text(tr("It is built from the whole list at once: to add a word, it is built again."));
  s.layout.family_fuse =
      ScreenRect{top.x, top.y, ImGui::GetContentRegionAvail().x, ImGui::GetItemRectMax().y - top.y};
}

}  // namespace

void panel_family(AppState& s, Host& /*host*/) {
  begin_card(
      tr("Filter family"), tr("Bloom, blocked, cuckoo and binary fuse, on your words."),
      tr("bound: log₂(1/p) bits per word\nBloom, best k: 1.44·log₂(1/p)\ncuckoo: (log₂(1/p) + log₂(2b))/α\n"
         "binary fuse: ≈1.125·log₂(1/p)"));
  FamilyState& f = s.family;
  s.layout.family_fuse = ScreenRect{};  // drawn below only with a word and a measurement
  text_wrapped(
      tr("Each sized for your words: Bloom for p = 2^-8, 2^-12, 2^-16 (blocked: the same size), cuckoo and "
         "binary fuse with 8- to 16-bit fingerprints."));
  if (f.running) {
    const std::string label = fill(tr("Measuring… %s"), {format_whole_percent(f.run.progress())});
    ImGui::ProgressBar(float(f.run.progress()), ImVec2(-1, 0), label.c_str());
    if (button_wrapped(with_id(tr("Cancel"), "##family").c_str()))
      dispatch(s, act::Family{act::Family::cancel});
  } else {
    if (button_wrapped(with_id(f.has_result ? tr("Measure again") : tr("Measure"), "##family").c_str()))
      dispatch(s, act::Family{act::Family::measure});
  }
  s.layout.family_button = last_item_rect();
  show_note(s.note(NoteSlot::family));
  if (!f.has_result) {
    end_card();
    return;
  }
  const FamilyRun& run = f.run;
  if (f.words_version != s.words_version) hint_text(tr("Measured on other words: Measure again for these."));
  family_plot(s, run);
  hint_text(fill(tr("Lines: theory; dots: measured, probes each: %s."), {with_commas(run.probes())}).c_str());
  family_table(s, run);
  const FamilyCurves c = run.curves();
  if (c.cuckoo_load > 0 && c.cuckoo_load < 0.8)
    hint_text(
        fill(tr("The cuckoo filters are %s full (B is a power of two); at %s they would need fewer bits."),
             {format_whole_percent(c.cuckoo_load), format_whole_percent(kFamilyCuckooLoad)})
            .c_str());
  traits_table();
  if (!s.word_input.empty() && run.fuse() && f.words_version == s.words_version) fuse_word(s, *run.fuse());
  end_card();
}

}  // namespace bloomlab::app
