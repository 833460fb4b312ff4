// Numbers. Index:
//   panel_numbers()   one table: n, m, k, bits per word, bits set and the fill against the
//                     expected fill, n estimated from the fill, theoretical FP, FP from the fill,
//                     measured FP; then the Measure button (measure() runs by itself when cheap)
#include <cmath>
#include <cstdio>

#include "actions.h"
#include "lessons.h"
#include "core/theory.h"
#include "i18n.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// Probes times hashes below which measuring is ~ms and runs on every change by itself.
constexpr double kAutoMeasureWork = 3e6;

// A narrow card (a phone, an embed's column) puts each note under its value instead of in a
// third column, so neither is squeezed into a character-wide wrap.
void row(const char* name, const std::string& value, const char* formula, bool narrow) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  text_coloured(palette().text, value.c_str());
  if (!narrow) ImGui::TableNextColumn();
  if (*formula == 0) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", formula);
  ImGui::PopStyleColor();
}

std::string number(double v, const char* format = "%.2f") {
  if (!std::isfinite(v)) return "∞";
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

void measure_controls(AppState& s) {
  const bool current = s.measurement && s.measurement_version == s.version;
  const double work = double(s.probes) * double(s.set.params().k);
  // A cheap measurement is kept current by itself (after this frame: drawing changes nothing).
  if ((!current && !s.pending.active() && work <= kAutoMeasureWork) || ImGui::Button(tr("Measure")))
    dispatch(s, act::Measure{});
  ImGui::SameLine();
  uint64_t probes = s.probes;
  const uint64_t lo = 1000, hi = 10000000;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize(tr("100000000 probes")).x + 30 * ui_scale());
  if (ImGui::SliderScalar("##probes", ImGuiDataType_U64, &probes, &lo, &hi, tr("%llu probes"),
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    dispatch(s, act::SetProbes{double(probes)});
  ImGui::SameLine();
  help_marker(tr("Queries \"probe-0\", \"probe-1\", … that were never added (a probe that is a member "
              "is skipped) and counts the \"possibly\" answers: every one is a false positive."));
}

// The scalable filter: each stage's n, m, k and fill, the compound FP and its bound.
void scalable_rows(const Filter& f, bool narrow) {
  const ScalableParams& sp = f.params().scalable;
  row("bits m", with_commas(f.bit_count()), (format_bytes(f.size_in_bytes()) + ", all stages").c_str(), narrow);
  const std::vector<Stage>& stages = f.stages();
  for (size_t j = 0; j < stages.size(); ++j) {
    const Stage& st = stages[j];
    const std::string name = "stage " + std::to_string(j);
    const std::string value = "n " + with_commas(st.n);
    const std::string note = "m " + with_commas(st.m) + ", k " + std::to_string(st.k) + "; fill " +
                             format_percent(double(st.bits_set) / double(st.m)) + " (grows at " +
                             format_percent(st.design_fill) + "), designed for " +
                             with_commas(uint64_t(st.capacity)) + " at " + format_rate(st.p);
    row(name.c_str(), value, note.c_str(), narrow);
  }
  const double n = double(f.items_added());
  row("FP, theory", format_rate(theoretical_fp_rate(f.params(), n)), f.ops().theory_formula, narrow);
  row("FP bound", format_rate(theory::scalable_fp_bound(sp.p0, sp.tightening)), "p0 / (1 − r), any n", narrow);
}

// One bit array: m, k, fill and the theory beside them.
void array_rows(const AppState& s, const Filter& f, bool narrow) {
  const FilterParams& p = f.params();
  const double n = double(f.items_added()), m = double(p.m), k = double(p.k), x = double(f.bits_set());
  const double theory_fp = theoretical_fp_rate(p, n);
    row("bits m", with_commas(p.m), format_bytes(f.size_in_bytes()).c_str(), narrow);
    const std::string best_k = lesson_hides(s, hide_theory) ? "" : "best: " + std::to_string(theory::optimal_k(m, std::max(n, 1.0)));
    row("hashes k", std::to_string(p.k), best_k.c_str(), narrow);
    row("bits per word", n > 0 ? number(m / n) : "—", "m / n", narrow);
    row("bits set X", with_commas(f.bits_set()), "", narrow);
    row("fill", format_percent(x / m), ("expected " + format_percent(theory::expected_fill(n, m, k))).c_str(), narrow);
    row("estimated n", number(theory::estimate_cardinality(x, m, k), "%.1f"), "from the fill", narrow);
    row("FP, theory", lesson_hides(s, hide_theory) ? "?" : format_rate(theory_fp), f.ops().theory_formula, narrow);
    row("FP, from the fill", lesson_hides(s, hide_theory) ? "?" : format_rate(theory::fp_rate_from_fill(x, m, k)), "(X/m)^k", narrow);
}

}  // namespace

void panel_numbers(AppState& s, Host& /*host*/) {
  begin_card(tr("Numbers"), tr("The theory next to what the filter actually does."),
             tr("n words, m bits, k hashes, X bits set.\nexpected fill 1 − e^(−kn/m)\n"
             "estimated n = −(m/k)·ln(1 − X/m)  (Swamidass & Baldi 2007)\n"
             "FP ≈ (1 − e^(−kn/m))^k   FP from the fill = (X/m)^k"));
  measure_controls(s);
  const Filter& f = shown_set(s).filter();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_PadOuterX;
  const bool narrow = ImGui::GetContentRegionAvail().x < 28 * ImGui::GetFontSize();
  if (ImGui::BeginTable("numbers", narrow ? 2 : 3, flags)) {
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize(tr("FP, from the fill")).x + st.CellPadding.x);
    if (narrow) {
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    } else {
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed,
                              ImGui::CalcTextSize("4,294,967,296").x + st.CellPadding.x);
      ImGui::TableSetupColumn("note", ImGuiTableColumnFlags_WidthStretch);
    }
    row("words n", with_commas(f.items_added()), "", narrow);
    if (!f.stages().empty()) scalable_rows(f, narrow);
    else array_rows(s, f, narrow);
    if (lesson_hides(s, hide_measured)) {
      row("FP, measured", "?", "hidden until you answer the task", narrow);
    } else if (s.measurement && s.measurement_version == s.version) {
      const Measurement& r = *s.measurement;
      row("FP, measured", format_rate(r.measured_rate),
          (with_commas(r.false_positives) + " of " + with_commas(r.probes) + " probes").c_str(), narrow);
    } else {
      row("FP, measured", "—", s.pending.active() ? "after loading" : "press Measure", narrow);
    }
    // Memory: the filter against the words it stands for (the chart is in "Check a password").
    const actions::MemoryFigures mem = actions::memory_figures(s);
    row("Memory: filter", format_bytes(mem.filter_bytes), "", narrow);
    row("list as text", format_bytes(mem.list_text_bytes), "UTF-8, a newline each", narrow);
    row("as a hash set", format_bytes(mem.hash_set_bytes), "C++ std::unordered_set, measured", narrow);
    const std::string py = "the article's 10k list, Python " + std::string(mem.python_version);
    const std::string ratio = mem.filter_bytes ? number(double(mem.python_set_bytes) / double(mem.filter_bytes), "%.0f") + "× the filter" : "";
    row("Python set", format_bytes(mem.python_set_bytes), (py + (ratio.empty() ? "" : "; " + ratio)).c_str(), narrow);
    ImGui::EndTable();
  }
  if (s.inserted)
    hint_text(("The filter after the first " + with_commas(*s.inserted) + " of " +
               with_commas(s.set.words().size()) + " words (the growth plot's slider).").c_str());
  end_card();
}

}  // namespace bloomlab::app
