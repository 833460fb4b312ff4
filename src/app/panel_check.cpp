// Check a password. Index:
//   panel_check()    a password box queried against the filter (the 10k leaked passwords when
//                    that preset is loaded), the verdict with its reason, and the memory of the
//                    filter against the memory of the list it stands for
//   memory_bars()    two bars: filter bytes, list bytes (words + one separator each)
#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "actions.h"
#include "core/word_list.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

void memory_bars(const AppState& s) {
  const Palette& pal = palette();
  const uint64_t list_bytes = s.set.word_bytes() + s.set.words().size();  // + a separator each
  const uint64_t filter_bytes = s.set.filter().size_in_bytes();
  const double largest = double(std::max<uint64_t>({list_bytes, filter_bytes, 1}));
  const float label_w = ImGui::CalcTextSize("the word list ").x;
  const float bar_w = std::max(40.0f, ImGui::GetContentRegionAvail().x - label_w - ImGui::CalcTextSize("000.0 KiB ").x);
  auto bar = [&](const char* label, uint64_t bytes, ImU32 colour) {
    const float x0 = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(x0 + label_w);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    const float w = std::max(2.0f, bar_w * float(double(bytes) / largest));
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + h), colour, 3);
    ImGui::Dummy(ImVec2(w, h));
    ImGui::SameLine();
    ImGui::TextUnformatted(format_bytes(bytes).c_str());
  };
  bar("the filter", filter_bytes, pal.set_bit);
  bar("the word list", list_bytes, pal.series[1]);
  if (list_bytes > 0)
    ImGui::TextDisabled("The filter needs %.0f%% of the list's memory and cannot give a word back.",
                        100.0 * double(filter_bytes) / double(list_bytes));
}

}  // namespace

void panel_check(AppState& s, Host& /*host*/) {
  const bool passwords = s.preset == "passwords";
  begin_card("Check a password",
             passwords ? "Is it among the 10,000 most common leaked passwords?"
                       : "Queries the filter above. Load the 10k leaked passwords for the real thing.",
             "\"Definitely not\" is certain: one of its k bits is 0, and no added word could have "
             "left it 0.\n\"Possibly\" can be wrong: all k bits may have been set by other words "
             "(a false positive).");
  if (!passwords) {
    if (ImGui::Button("Load the 10k leaked passwords")) dispatch(s, act::LoadPreset{"passwords"});
  }
  std::string text = s.check_input;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##check", "a password to check…", &text))
    dispatch(s, act::SetCheckInput{text});
  show_note(s.note(NoteSlot::check));
  if (!s.check_input.empty() && !s.pending.active()) {
    const Explained& e = actions::checked_query(s);
    const bool maybe = e.verdict == Verdict::possibly;
    chip(maybe ? "POSSIBLY LEAKED" : "DEFINITELY NOT LEAKED", maybe ? palette().set_bit : palette().ok,
         IM_COL32(20, 20, 24, 255));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    const std::string sentence = actions::verdict_sentence(s, e);
    ImGui::TextWrapped("%s", sentence.c_str());
    if (!is_valid_utf8(s.check_input)) ImGui::TextDisabled("Not valid UTF-8: hashed as bytes.");
  }
  ImGui::Spacing();
  memory_bars(s);
  end_card();
}

}  // namespace bloomlab::app
