// Numbers. Index:
//   panel_numbers()   one table: n, m, k, bits per word, bits set and the fill against the
//                     expected fill, n estimated from the fill, theoretical FP, FP from the fill,
//                     measured FP; then the Measure button (measure() runs by itself when cheap)
#include <algorithm>
#include <cmath>
#include <string_view>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "core/params.h"
#include "core/parse.h"
#include "core/theory.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// How the theoretical FP is computed, beside its value: a formula reads the same in every
// language; the blocked and scalable variants' notes are words.
const char* theory_note(const Filter& f) { return tr(f.ops().theory_formula); }

// Where a row's note goes. A narrow card (a phone, an embed's column) puts each note under its
// value instead of in a third column, so neither is squeezed into a character-wide wrap; the
// short form (short_form below) leaves them out there.
enum class Notes { beside, under, none };

// A new row with its name; the cursor is then in the value's cell.
void row_name(const char* name) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
}

void row(const char* name, const std::string& value, const char* formula, Notes notes) {
  row_name(name);
  text_coloured(palette().text, value.c_str());
  if (notes == Notes::beside) ImGui::TableNextColumn();
  if (*formula == 0 || notes == Notes::none) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped(formula);
  ImGui::PopStyleColor();
}

// A row the short form shows only when the step's text quotes it ({n}, {m} ...): the full form always.
bool row_shown(const AppState& s, bool brief, std::string_view placeholder) {
  return !brief || step_quotes(s, placeholder);
}

std::string number(double v, int decimals = 2) {
  if (!std::isfinite(v)) return "∞";
  return format_decimal(v, decimals);
}

void measure_controls(AppState& s) {
  // A cheap measurement is kept current by the frame (actions::keep_measured).
  if (ImGui::Button(tr("Measure"))) dispatch(s, act::Measure{});
  uint64_t probes = s.probes;
  const uint64_t lo = 1000, hi = 10000000;
  // Its room, less the "(?)" after it, when a slide's text, a longer language or a phone leaves less.
  const std::string widest = probes_text(100000000), narrowest = probes_text(10000),
                    shown = probes_text(probes);
  const float help_w = ImGui::CalcTextSize("(?)").x + 2 * ImGui::GetStyle().ItemSpacing.x;
  // Beside the button when its shortest text fits there, else under it (ru "10 000 пробных
  // запросов" on a slide or a phone ran past the card's edge).
  const float shortest = ImGui::CalcTextSize(narrowest.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
  same_line_if_fits(shortest + help_w);
  ImGui::SetNextItemWidth(std::min(
      ImGui::CalcTextSize(widest.c_str()).x + 30 * ui_scale(),
      std::max(ImGui::CalcTextSize(narrowest.c_str()).x, ImGui::GetContentRegionAvail().x - help_w)));
  // Its text as the rest of the page writes numbers ("100,000 probes", ru "100 000"): the format
  // ImGui is given is that text, with no conversion in it.
  if (ImGui::SliderScalar("##probes", ImGuiDataType_U64, &probes, &lo, &hi, shown.c_str(),
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    dispatch(s, act::SetProbes{double(probes)});
  ImGui::SameLine();
  help_marker(
      tr("Queries \"probe-0\", \"probe-1\", … that were never added (a probe that is a member "
         "is skipped) and counts the \"possibly\" answers: every one is a false positive."));
}

// The scalable filter: each stage's n, m, k and fill, the compound FP and its bound.
void scalable_rows(const Filter& f, Notes notes) {
  const ScalableParams& sp = f.params().scalable;
  row(tr("bits m"), with_commas(f.bit_count()),
      fill(tr("%s, all stages"), {format_bytes(f.size_in_bytes())}).c_str(), notes);
  const std::vector<Stage>& stages = f.stages();
  for (size_t j = 0; j < stages.size(); ++j) {
    const Stage& st = stages[j];
    const std::string name = fill(tr("stage %s"), {std::to_string(j)});
    const std::string value = "n " + with_commas(st.n);
    const std::string note =
        fill(tr("m %s, k %s; fill %s (grows at %s), designed for %s at %s"),
             {with_commas(st.m), std::to_string(st.k), format_percent(double(st.bits_set) / double(st.m)),
              format_percent(st.design_fill), with_commas(uint64_t(st.capacity)), format_rate(st.p)});
    row(name.c_str(), value, note.c_str(), notes);
  }
  const double n = double(f.items_added());
  row(tr("FP, theory"), format_rate(theoretical_fp_rate(f.params(), n)), theory_note(f), notes);
  row(tr("FP bound"), format_rate(theory::scalable_fp_bound(sp.p0, sp.tightening)), tr("p0 / (1 − r), any n"),
      notes);
}

// A filter of fingerprints (the cuckoo filter: CellHolds::fingerprint): its memory, f, b
// and B, bits per word, its load and whether it is full, and the theory.
void fingerprint_rows(const Filter& f, Notes notes) {
  const FilterParams& p = f.params();
  const VariantOps& ops = f.ops();
  const double n = double(f.items_added());
  row(tr("bits m"), with_commas(f.size_in_bits()), format_bytes(f.size_in_bytes()).c_str(), notes);
  std::string values;
  for (size_t i = 0; i < ops.param_count; ++i)
    values += (i ? ", " : "") + with_commas(parse_whole(ops.params[i]->get(p)).value_or(0));
  row(own_param_symbols(p.variant).c_str(), values, tr("fingerprint bits, slots per bucket, buckets"), notes);
  row(tr("bits per word"), n > 0 ? number(double(f.size_in_bits()) / n) : "—", "m / n", notes);
  std::string load =
      fill(tr("%s of %s slots hold a fingerprint"), {with_commas(f.bits_set()), with_commas(f.bit_count())});
  if (f.full()) load += "; " + std::string(tr("full: the next word is refused"));
  row(tr("load α"), format_percent(double(f.bits_set()) / double(f.bit_count())), load.c_str(), notes);
  row(tr("FP, theory"), format_rate(theoretical_fp_rate(p, n)), theory_note(f), notes);
}

// A binary fuse filter: its size, f, its slots and segments, bits per word, 2^−f.
void fuse_rows(const Filter& f, Notes notes) {
  const FilterParams& p = f.params();
  const double n = double(f.items_added());
  row(tr("bits m"), with_commas(f.size_in_bits()), format_bytes(f.size_in_bytes()).c_str(), notes);
  row("f", std::to_string(p.fuse.fingerprint_bits), tr("fingerprint bits"), notes);
  const PositionTrace::FuseTrace t = f.trace("").fuse;  // the build's segments
  row(tr("slots"), with_commas(f.bit_count()),
      fill(tr("%s segments of %s; built from all the words at once"),
           {with_commas(t.segment_count + 2), with_commas(t.segment_length)})
          .c_str(),
      notes);
  row(tr("bits per word"), n > 0 ? number(double(f.size_in_bits()) / n) : "—", "m / n", notes);
  row(tr("FP, theory"), format_rate(theoretical_fp_rate(p, n)), theory_note(f), notes);
}

// One bit array: m, k, fill and the theory beside them. In the short form (a lesson step that
// names the Numbers beside another panel: lessons.h short_form), only the rows a step's text
// quotes ({n}, {m}, {k}, {set}, {fill}) and the two FP rows, the card's point, one line each,
// with Measure in the last row instead of its own (the probes field is in the full form): the
// full card was 1,157 px tall on a 1024 x 768 slide, under a 389 px bit array, and the seven
// rows of the first short form left the Numbers under the plot of best-k 4.
void array_rows(const AppState& s, const Filter& f, Notes notes, bool brief) {
  const FilterParams& p = f.params();
  const double n = double(f.items_added()), m = double(p.m), k = double(p.k), x = double(f.bits_set());
  const double theory_fp = theoretical_fp_rate(p, n);
  const auto shown = [&](std::string_view placeholder) { return row_shown(s, brief, placeholder); };
  if (shown("m")) row(tr("bits m"), with_commas(p.m), format_bytes(f.size_in_bytes()).c_str(), notes);
  const std::string best_k =
      lesson_hides(s, hide_theory)
          ? ""
          : fill(tr("best: %s"), {std::to_string(theory::optimal_k(m, std::max(n, 1.0)))});
  if (shown("k")) row(tr("hashes k"), std::to_string(p.k), best_k.c_str(), notes);
  if (!brief) row(tr("bits per word"), n > 0 ? number(m / n) : "—", "m / n", notes);
  if (shown("set")) row(tr("bits set X"), with_commas(f.bits_set()), "", notes);
  if (shown("fill"))
    row(tr("fill"), format_percent(x / m),
        fill(tr("expected %s"), {format_percent(theory::expected_fill(n, m, k))}).c_str(), notes);
  if (!brief)
    row(tr("estimated n"), number(theory::estimate_cardinality(x, m, k), 1), tr("from the fill"), notes);
  row(tr("FP, theory"), lesson_hides(s, hide_theory) ? "?" : format_rate(theory_fp), theory_note(f), notes);
  if (!brief)
    row(tr("FP, from the fill"),
        lesson_hides(s, hide_theory) ? "?" : format_rate(theory::fp_rate_from_fill(x, m, k)), "(X/m)^k",
        notes);
}

// Memory: the filter against the words it stands for (the chart is in "Check a password").
void memory_rows(AppState& s, Notes notes) {
  const actions::MemoryFigures mem = actions::memory_figures(s);
  row(tr("Memory: filter"), format_bytes(mem.filter_bytes), "", notes);
  row(tr("list as text"), format_bytes(mem.list_text_bytes), tr("UTF-8, a newline each"), notes);
  // A new list's set is measured over a few frames (a second for a million words): the figure
  // before stays, marked, until then.
  const std::string set_note = mem.hash_set_current
                                   ? std::string(tr("C++ std::unordered_set, measured"))
                                   : fill(tr("C++ std::unordered_set, measuring the new list: %s"),
                                          {format_whole_percent(mem.hash_set_progress)});
  row(tr("as a hash set"), s.hash_set.measured ? format_bytes(mem.hash_set_bytes) : "…", set_note.c_str(),
      notes);
  const std::string py = fill(tr("the article's 10k list, Python %s"), {mem.python_version});
  const uint64_t times =
      mem.filter_bytes ? uint64_t(std::llround(double(mem.python_set_bytes) / double(mem.filter_bytes))) : 0;
  const std::string ratio =
      mem.filter_bytes ? fill(trn("%s× the filter", "%s× the filter", times), {with_commas(times)}) : "";
  row(tr("Python set"), format_bytes(mem.python_set_bytes),
      (py + (ratio.empty() ? "" : "; " + ratio)).c_str(), notes);
}

}  // namespace

void panel_numbers(AppState& s, Host& /*host*/) {
  const bool brief = begin_panel_card(
      s, Panel::numbers, tr("Numbers"), tr("The theory next to what the filter actually does."),
      tr("n words, m bits, k hashes, X bits set.\nexpected fill 1 − e^(−kn/m)\n"
         "estimated n = −(m/k)·ln(1 − X/m)  (Swamidass & Baldi 2007)\n"
         "FP ≈ (1 − e^(−kn/m))^k   FP from the fill = (X/m)^k"));
  if (!brief) measure_controls(s);
  const Filter& f = shown_set(s).filter();
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const Notes notes = ImGui::GetContentRegionAvail().x >= 28 * ImGui::GetFontSize() ? Notes::beside
                      : brief                                                       ? Notes::none
                                                                                    : Notes::under;
  if (ImGui::BeginTable("numbers", notes == Notes::beside ? 3 : 2, flags)) {
    const ImGuiStyle& st = ImGui::GetStyle();
    // The names' column is as wide as its longest name in this language.
    float name_w = 0;
    for (const char* name :
         {N_("words n"), N_("bits m"), N_("hashes k"), N_("bits per word"), N_("bits set X"), N_("fill"),
          N_("estimated n"), N_("FP, theory"), N_("FP, from the fill"), N_("FP, measured"),
          N_("Memory: filter"), N_("list as text"), N_("as a hash set"), N_("Python set"), N_("FP bound"),
          N_("load α"), N_("slots")})
      name_w = std::max(name_w, ImGui::CalcTextSize(tr(name)).x);
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, name_w + st.CellPadding.x);
    if (notes != Notes::beside) {
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    } else {
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed,
                              ImGui::CalcTextSize(with_commas(4294967296ull).c_str()).x + st.CellPadding.x);
      ImGui::TableSetupColumn("note", ImGuiTableColumnFlags_WidthStretch);
    }
    if (row_shown(s, brief, "n")) row(tr("words n"), with_commas(f.items_added()), "", notes);
    if (!f.stages().empty())
      later(scalable_rows)(f, notes);
    else if (holds_fingerprints(f.ops()))
      later(fingerprint_rows)(f, notes);
    else if (holds_fingerprint_values(f.ops()))
      later(fuse_rows)(f, notes);
    else
      array_rows(s, f, notes, brief);
    if (lesson_hides(s, hide_measured)) {
      row(tr("FP, measured"), "?", tr("hidden until you answer the task"), notes);
    } else if (s.measurement && s.measurement_version == s.version) {
      const Measurement& r = *s.measurement;
      row(tr("FP, measured"), format_rate(r.measured_rate),
          fill(trn("%s of %s probe", "%s of %s probes", r.probes),
               {with_commas(r.false_positives), with_commas(r.probes)})
              .c_str(),
          notes);
    } else if (brief && !s.pending.active()) {  // the short form's Measure (no probes field)
      row_name(tr("FP, measured"));
      if (ImGui::Button(tr("Measure"))) dispatch(s, act::Measure{});
    } else {
      row(tr("FP, measured"), "—", s.pending.active() ? tr("after loading") : tr("press Measure"), notes);
    }
    if (!brief) memory_rows(s, notes);
    ImGui::EndTable();
  }
  if (s.inserted)
    hint_text(fill(trn("The filter after the first %s of %s word (the growth plot's slider).",
                       "The filter after the first %s of %s words (the growth plot's slider).",
                       s.set.words().size()),
                   {with_commas(*s.inserted), with_commas(s.set.words().size())})
                  .c_str());
  end_card();
}

}  // namespace bloomlab::app
