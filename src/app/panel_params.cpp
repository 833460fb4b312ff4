// Parameters. Index:
//   panel_params()   m (typed, in bits / bytes / KiB, or dragged on a log slider), k, the variant,
//                    the hash scheme; a bad value gets a message beside it and the words stay
//   design_helper()  n and a target p give m = ceil(−n ln p / (ln 2)²), k = round((m/n) ln 2)
#include <algorithm>
#include <cmath>

#include "actions.h"
#include "lessons.h"
#include "core/theory.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr uint64_t kSliderMinBits = 8, kSliderMaxBits = uint64_t{1} << 24;

double unit_bits(SizeUnit u) { return u == SizeUnit::bytes ? 8.0 : u == SizeUnit::kib ? 8192.0 : 1.0; }

// Every control asks for parameters by one action; check_params judges the values.
void ask(AppState& s, ParamsRequest r, bool continues_gesture = false) {
  dispatch(s, act::SetParams{r, continues_gesture});
}

void size_control(AppState& s, FilterParams p) {
  static const char* const units[] = {"bits", "bytes", "KiB"};
  const float label_w = ImGui::CalcTextSize("variant").x + 16 * ui_scale();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("m");
  ImGui::SameLine(label_w);
  const double unit = unit_bits(s.size_unit);
  double value = double(p.m) / unit;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000000000000").x);
  ImGui::InputDouble("##m", &value, 0, 0, s.size_unit == SizeUnit::bits ? "%.0f" : "%.3f");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    ParamsRequest r;
    r.m = std::round(value * unit);
    ask(s, r);
  }
  ImGui::SameLine();
  int unit_index = int(s.size_unit);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("bytes").x + 50 * ui_scale());
  if (ImGui::Combo("##unit", &unit_index, units, 3)) dispatch(s, act::SetSizeUnit{SizeUnit(unit_index)});
  // The memory in the unit that reads best (one figure: the typed value is in the chosen unit).
  if (s.size_unit == SizeUnit::bits) {
    ImGui::SameLine();
    ImGui::TextDisabled("= %s", format_bytes(s.set.filter().size_in_bytes()).c_str());
  }
  // The slider: a log scale, live while dragged. Beyond its range it shows m as it is, pinned
  // at its end, so it never contradicts the value above.
  ImGui::Dummy(ImVec2(label_w - ImGui::GetStyle().ItemSpacing.x, 0));
  ImGui::SameLine(label_w);
  uint64_t m = std::clamp(p.m, kSliderMinBits, kSliderMaxBits);
  const std::string shown = with_commas(p.m) + " bits";
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderScalar("##mslider", ImGuiDataType_U64, &m, &kSliderMinBits, &kSliderMaxBits, shown.c_str(),
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    ParamsRequest r;
    r.m = double(m);
    ask(s, r, !ImGui::IsItemActivated());
  }
  s.layout.m_slider = last_item_rect();
}

void hash_control(AppState& s, FilterParams p) {
  const float label_w = ImGui::CalcTextSize("variant").x + 16 * ui_scale();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("k");
  ImGui::SameLine(label_w);
  int k = int(p.k);
  const float input_w = ImGui::CalcTextSize("0000").x + ImGui::GetFrameHeight() * 2 + 16 * ui_scale();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - input_w - ImGui::GetStyle().ItemSpacing.x);
  const std::string shown = std::to_string(p.k) + " hashes";
  const bool slid = ImGui::SliderInt("##k", &k, 1, 24, shown.c_str());
  const bool dragging = slid && !ImGui::IsItemActivated();
  s.layout.k_slider = last_item_rect();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  const bool typed = ImGui::InputInt("##ktyped", &k);
  if (slid || typed) {
    ParamsRequest r;
    r.k = double(k);
    ask(s, r, dragging);
  }
}

// The scalable filter's growth: n0, p0, s, r, each applied when Enter is pressed (a half-typed
// number is not a filter to rebuild).
void growth_controls(AppState& s, const FilterParams& p) {
  const float label_w = ImGui::CalcTextSize("variant").x + 16 * ui_scale();
  struct Field {
    const char* label;
    const char* id;
    double value;
    std::optional<double> ParamsRequest::*field;
    const char* format;
    const char* tip;
  };
  const ScalableParams& sp = p.scalable;
  const Field fields[] = {
      {"n0", "##n0", sp.n0, &ParamsRequest::n0, "%.0f", "items the first stage is designed for"},
      {"p0", "##p0", sp.p0, &ParamsRequest::p0, "%g", "the first stage's false-positive rate"},
      {"s", "##s", sp.growth, &ParamsRequest::s, "%g", "each stage holds s times the items of the one before"},
      {"r", "##r", sp.tightening, &ParamsRequest::r, "%g",
       "each stage's false-positive rate is r times the one before;\n"
       "together they stay under p0 / (1 − r)"},
  };
  for (const Field& f : fields) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(f.label);
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000000000").x + 16 * ui_scale());
    double v = f.value;
    if (ImGui::InputDouble(f.id, &v, 0, 0, f.format, ImGuiInputTextFlags_EnterReturnsTrue)) {
      ParamsRequest r;
      r.*(f.field) = v;
      ask(s, r);
    }
    ImGui::SameLine();
    help_marker(f.tip);
  }
}

template <typename Enum, size_t N>
void enum_combo(const char* label, const char* id, Enum current, const Enum (&all)[N],
                const char* (*name)(Enum), const char* tip, AppState& s, FilterParams p, Enum FilterParams::*field) {
  const float label_w = ImGui::CalcTextSize("variant").x + 16 * ui_scale();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("independent").x + 50 * ui_scale());
  if (ImGui::BeginCombo(id, name(current))) {
    for (Enum e : all) {
      if (ImGui::Selectable(name(e), e == current)) {
        p.*field = e;
        ParamsRequest r;
        r.variant = p.variant;
        r.scheme = p.scheme;
        ask(s, r);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  help_marker(tip);
}

void design_helper(AppState& s) {
  if (lesson_hides(s, hide_design)) {
    hint_text("The design helper is hidden during this exercise: use the formulas.");
    return;
  }
  if (!ImGui::TreeNode("Design a filter for n words at a false-positive rate p"))
    return;
  const float w = ImGui::CalcTextSize("0000000000").x;
  double n = s.design_n, p_ = s.design_p;
  ImGui::SetNextItemWidth(w);
  const bool n_changed = ImGui::InputDouble("n words", &n, 0, 0, "%.0f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  if (ImGui::InputDouble("target p", &p_, 0, 0, "%g") || n_changed) dispatch(s, act::SetDesign{n, p_});
  const bool valid = s.design_n >= 1 && s.design_n <= 1e9 && s.design_p > 0 && s.design_p < 1;
  if (!valid) {
    text_coloured(palette().error, "n must be from 1 to 10⁹ and p between 0 and 1 (e.g. 0.01).");
    ImGui::TreePop();
    return;
  }
  const uint64_t m = theory::bits_for(s.design_n, s.design_p);
  const uint32_t k = theory::optimal_k(double(m), s.design_n);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("→ m = %s bits (%s), k = %u", with_commas(m).c_str(), format_bytes((m + 7) / 8).c_str(), k);
  ImGui::SameLine();
  help_marker("m = ⌈−n·ln p / (ln 2)²⌉   k = max(1, round((m/n)·ln 2))\n"
              "About 9.6 bits per word buy 1%, each further 4.8 bits divide p by 10.");
  ImGui::SameLine();
  if (ImGui::Button("Apply")) {
    ParamsRequest r;
    r.m = double(m);
    r.k = double(k);
    ask(s, r);
  }
  ImGui::TreePop();
}

}  // namespace

void panel_params(AppState& s, Host& /*host*/) {
  begin_card("Parameters",
             "Change m or k and the filter is rebuilt from the same words at once.",
             "m bits, k hash positions per word, n words.\nFalse-positive rate ≈ (1 − e^(−kn/m))^k,\n"
             "smallest at k = (m/n)·ln 2.");
  const FilterParams p = s.set.params();
  size_control(s, p);
  hash_control(s, p);
  enum_combo("variant", "##variant", p.variant, kAllVariants, variant_name,
             "standard: one bit per position (the article's filter).\n"
             "counting: 4-bit counters, so a word can be removed.\n"
             "blocked: all k bits in one 512-bit block — one cache miss, a slightly higher FP rate.\n"
             "scalable: stages that grow with the set (Almeida et al. 2007); m and k are each stage's own.",
             s, p, &FilterParams::variant);
  if (p.variant == Variant::scalable) growth_controls(s, p);
  enum_combo("scheme", "##scheme", p.scheme, kAllSchemes, scheme_name,
             "reference: h1 + i·h2 (Kirsch & Mitzenmacher), the article's positions.\n"
             "enhanced: h1 + i·h2 + (i³ − i)/6 (Dillinger & Manolios).\n"
             "independent: k seeded hashes, the ideal.\n"
             "weak: h2 may be even — on an even m the positions repeat.",
             s, p, &FilterParams::scheme);
  show_note(s.note(NoteSlot::params));
  ImGui::Spacing();
  design_helper(s);
  end_card();
}

}  // namespace bloomlab::app
