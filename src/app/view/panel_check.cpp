// Check a password. Index:
//   panel_check()    a password box queried against the filter (the 10k leaked passwords when
//                    that preset is loaded), the verdict with its reason, and the memory of the
//                    filter against the memory of the list it stands for
//   memory_chart()   four bars on a log scale: the filter, the list as text, the list as a C++
//                    hash set (measured), the article's Python set; the ratios in words
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "core/word_list.h"
#include "fonts.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// Four bars on a log scale (the Python set is 80 times the filter): the filter, the list as
// text, the list as a C++ hash set measured here, the article's Python set; then the ratio.
void memory_chart(AppState& s) {
  const Palette& pal = palette();
  const actions::MemoryFigures m = actions::memory_figures(s);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::TextUnformatted(tr("Memory (log scale)"));
  const std::string python = fill(tr("Python set (article, %s)"), {m.python_version});
  struct Bar {
    std::string label;
    uint64_t bytes;
    ImU32 colour;
    const char* tip;
    bool measuring = false;
  };
  const Bar bars[] = {
      {tr("the filter"), m.filter_bytes, pal.set_bit, tr("m bits, rounded up to bytes")},
      {tr("list as text"), m.list_text_bytes, pal.series[1],
       tr("every word's UTF-8 bytes and a newline each")},
      {tr("C++ hash set"), m.hash_set_bytes, pal.series[0],
       tr("std::unordered_set<std::string> of the words, in this program: every byte it asks for, "
          "counted by a counting allocator (buckets, nodes, long strings)"),
       !m.hash_set_current},
      {python, m.python_set_bytes, pal.series[3],
       tr("the article's figure for the 10k passwords: sys.getsizeof(set) + its strings' sizes, "
          "CPython 3.12 (64-bit); 3.11 gives 1,077,521 (its strings are 8 bytes larger)")},
  };
  // Log scale from 1 KiB below the smallest to the largest: each bar's length is log10(bytes).
  uint64_t largest = 1, smallest = UINT64_MAX;
  for (const Bar& b : bars) {
    largest = std::max(largest, b.bytes);
    if (b.bytes > 0) smallest = std::min(smallest, b.bytes);
  }
  const double lo = std::floor(std::log10(double(std::max<uint64_t>(1, std::min(smallest, largest))))) - 0.3;
  const double hi = std::log10(double(largest));
  float label_w = 0;
  for (const Bar& b : bars) label_w = std::max(label_w, ImGui::CalcTextSize(b.label.c_str()).x);
  label_w += ImGui::GetStyle().ItemSpacing.x;
  float value_w = 0;  // the widest figure after a bar, as written ("997.6 KiB", "8 bytes" ...)
  for (const Bar& b : bars) value_w = std::max(value_w, ImGui::CalcTextSize(format_bytes(b.bytes).c_str()).x);
  // Each bar beside its label; under it where a narrow column (a slide with a lesson open) leaves
  // the bars less than 40 px beside the labels.
  const float spacing = ImGui::GetStyle().ItemSpacing.x, avail = ImGui::GetContentRegionAvail().x;
  const bool stacked = avail - label_w - value_w - 2 * spacing < 40.0f * ui_scale();
  if (stacked) label_w = 0;
  const float bar_w = std::max(1.0f, avail - label_w - value_w - 2 * spacing);
  for (const Bar& b : bars) {
    // Screen positions: in a card's table cell SameLine(x) counts x from the cell's offset,
    // which GetCursorPosX already holds, and the bars stood that much too far right.
    const float x0 = ImGui::GetCursorScreenPos().x;
    ImGui::TextUnformatted(b.label.c_str());
    if (ImGui::IsItemHovered()) tooltip(b.tip);
    if (!stacked) ImGui::SameLine();
    ImGui::SetCursorScreenPos(ImVec2(x0 + label_w, ImGui::GetCursorScreenPos().y));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    const double v = b.bytes > 0 ? std::log10(double(b.bytes)) : lo;
    const float w = std::max(2.0f, bar_w * float((v - lo) / std::max(hi - lo, 1e-9)));
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + h), b.colour, 3);
    ImGui::Dummy(ImVec2(w, h));
    if (ImGui::IsItemHovered()) tooltip(b.tip);
    ImGui::SameLine();
    ImGui::TextUnformatted(b.measuring && !s.hash_set.measured ? "…" : format_bytes(b.bytes).c_str());
  }
  if (!m.hash_set_current)  // a new list's set, measured over a few frames: the bar is the list's before
    hint_text(
        fill(tr("Measuring the hash set of the new list: %s"), {format_whole_percent(m.hash_set_progress)})
            .c_str());
  if (m.filter_bytes > 0 && s.hash_set.measured) hint_text(actions::memory_comparison(s, m).c_str());
  const ImVec2 end = ImGui::GetItemRectMax();
  s.layout.memory_chart = ScreenRect{top.x, top.y, width, end.y - top.y};
}

}  // namespace

void panel_check(AppState& s, Host& /*host*/) {
  const bool passwords = s.preset == "passwords";
  begin_card(tr("Check a password"),
             passwords ? tr("Is it among the 10,000 most common leaked passwords?")
                       : tr("Queries the filter above. Load the 10k leaked passwords for the real thing."),
             tr("\"Definitely not\" is certain: one of its k bits is 0, and no added word could have "
                "left it 0.\n\"Possibly\" can be wrong: all k bits may have been set by other words "
                "(a false positive)."));
  if (!passwords) {
    if (button_wrapped(tr("Load the 10k leaked passwords"))) dispatch(s, act::LoadPreset{"passwords"});
  }
  std::string text = s.check_input;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##check", tr("a password to check…"), &text))
    dispatch(s, act::SetCheckInput{text});
  note_text(text);
  show_note(s.note(NoteSlot::check));
  if (!s.check_input.empty() && !s.pending.active()) {
    const Explained& e = actions::checked_query(s);
    const bool maybe = e.verdict == Verdict::possibly;
    const std::string sentence = actions::verdict_sentence(s, e);
    chip_then_text(maybe ? tr("POSSIBLY LEAKED") : tr("DEFINITELY NOT LEAKED"),
                   maybe ? palette().set_bit : palette().ok, IM_COL32(20, 20, 24, 255), sentence.c_str());
    if (!is_valid_utf8(s.check_input)) ImGui::TextDisabled("%s", tr("Not valid UTF-8: hashed as bytes."));
  }
  ImGui::Spacing();
  memory_chart(s);
  end_card();
}

}  // namespace bloomlab::app
