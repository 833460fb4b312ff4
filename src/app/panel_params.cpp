// Parameters. Index:
//   panel_params()   m (typed, in bits / bytes / KiB, or dragged on a log slider), k, the variant,
//                    the hash scheme; a bad value gets a message beside it and the words stay
//   design_helper()  n and a target p give m = ceil(−n ln p / (ln 2)²), k = round((m/n) ln 2)
#include <algorithm>
#include <cmath>

#include "actions.h"
#include "core/theory.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr uint64_t kSliderMinBits = 8, kSliderMaxBits = uint64_t{1} << 24;

double unit_bits(SizeUnit u) { return u == SizeUnit::bytes ? 8.0 : u == SizeUnit::kib ? 8192.0 : 1.0; }

// Every control edits a copy of the params, then one action applies it.
void apply(AppState& s, const FilterParams& p) { actions::set_params(s, p); }

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
    const double bits = std::round(value * unit);
    if (!(bits >= 1 && bits <= double(kMaxBits)))
      s.params_note = Note{"m must be from 1 bit to 2^32 bits (512 MiB); " + std::to_string(value) + " " +
                               units[int(s.size_unit)] + " is not.", true, 0};
    else
      apply(s, FilterParams{uint64_t(bits), p.k, p.variant, p.scheme});
  }
  ImGui::SameLine();
  int unit_index = int(s.size_unit);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("bytes").x + 50 * ui_scale());
  if (ImGui::Combo("##unit", &unit_index, units, 3)) s.size_unit = SizeUnit(unit_index);
  ImGui::SameLine();
  ImGui::TextDisabled("= %s", format_bytes(s.set.filter().size_in_bytes()).c_str());
  // The slider: a log scale, live while dragged.
  ImGui::Dummy(ImVec2(label_w - ImGui::GetStyle().ItemSpacing.x, 0));
  ImGui::SameLine(label_w);
  uint64_t m = std::clamp(p.m, kSliderMinBits, kSliderMaxBits);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderScalar("##mslider", ImGuiDataType_U64, &m, &kSliderMinBits, &kSliderMaxBits, "%llu bits",
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    apply(s, FilterParams{m, p.k, p.variant, p.scheme});
}

void hash_control(AppState& s, FilterParams p) {
  const float label_w = ImGui::CalcTextSize("variant").x + 16 * ui_scale();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("k");
  ImGui::SameLine(label_w);
  int k = int(p.k);
  const float input_w = ImGui::CalcTextSize("0000").x + ImGui::GetFrameHeight() * 2 + 16 * ui_scale();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - input_w - ImGui::GetStyle().ItemSpacing.x);
  bool changed = ImGui::SliderInt("##k", &k, 1, 24, "%d hashes");
  s.layout.k_slider = last_item_rect();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  changed |= ImGui::InputInt("##ktyped", &k);
  if (changed) {
    if (k < int(kMinHashes) || k > int(kMaxHashes))
      s.params_note = Note{"k = " + std::to_string(k) + " is out of range: k must be from 1 to 64.", true, 0};
    else
      apply(s, FilterParams{p.m, uint32_t(k), p.variant, p.scheme});
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
        apply(s, p);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  help_marker(tip);
}

void design_helper(AppState& s) {
  if (!ImGui::TreeNode("Design a filter for n words at a false-positive rate p"))
    return;
  const float w = ImGui::CalcTextSize("0000000000").x;
  ImGui::SetNextItemWidth(w);
  ImGui::InputDouble("n words", &s.design_n, 0, 0, "%.0f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  ImGui::InputDouble("target p", &s.design_p, 0, 0, "%g");
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
    FilterParams p = s.set.params();
    p.m = m;
    p.k = k;
    apply(s, p);
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
             "blocked: all k bits in one 512-bit block — one cache miss, a slightly higher FP rate.",
             s, p, &FilterParams::variant);
  enum_combo("scheme", "##scheme", p.scheme, kAllSchemes, scheme_name,
             "reference: h1 + i·h2 (Kirsch & Mitzenmacher), the article's positions.\n"
             "enhanced: h1 + i·h2 + (i³ − i)/6 (Dillinger & Manolios).\n"
             "independent: k seeded hashes, the ideal.\n"
             "weak: h2 may be even — on an even m the positions repeat.",
             s, p, &FilterParams::scheme);
  show_note(s.params_note);
  ImGui::Spacing();
  design_helper(s);
  end_card();
}

}  // namespace bloomlab::app
