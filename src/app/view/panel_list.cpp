// Your own words. Index:
//   panel_list()     "Open file…" (or drop a file on the page), a box to paste a list, and the
//                    parse report of the last list: lines, words, duplicates, empty, invalid
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "fonts.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

void report_table(const WordListReport& r) {
  const uint64_t words = r.lines - r.empty_lines - r.duplicates;
  if (!ImGui::BeginTable("report", 2, ImGuiTableFlags_SizingFixedFit)) return;
  auto row = [](const char* what, uint64_t value, bool bad = false) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", what);
    ImGui::TableNextColumn();
    if (bad && value > 0)
      text_coloured(palette().error, with_commas(value).c_str());
    else
      ImGui::TextUnformatted(with_commas(value).c_str());
  };
  row(tr("lines"), r.lines);
  row(tr("words"), words);
  row(tr("duplicates dropped"), r.duplicates);
  row(tr("empty lines skipped"), r.empty_lines);
  row(tr("invalid UTF-8 lines"), r.invalid_utf8_lines, true);
  row(tr("lines with NUL bytes"), r.nul_lines, true);
  ImGui::EndTable();
}

}  // namespace

void panel_list(AppState& s, Host& /*host*/) {
  begin_card(tr("Your own words"),
             tr("Open a text file, drop one on the page, or paste a list: one word per line."),
             tr("A list is read as UTF-8 lines; \"\\r\\n\" and \"\\n\" both end a line; empty lines\n"
                "are skipped; duplicates count once. Invalid UTF-8 is hashed as raw bytes and reported."));
  if (ImGui::Button(tr("Open file…"))) dispatch(s, act::OpenFile{});
  s.layout.open_file_button = last_item_rect();
  if (ImGui::IsItemHovered()) tooltip(tr("A text file, one word per line (or drop it on the page)"));
  same_line_if_fits(button_width(tr("Clear words")));  // a phone in Ukrainian: the next line
  if (ImGui::Button(tr("Clear words"))) dispatch(s, act::ClearWords{});
  if (ImGui::IsItemHovered()) tooltip(tr("Empties the filter; Undo (Ctrl+Z) brings the words back"));
  const float lines = s.view.touch ? 4.0f : 5.0f;
  std::string paste = s.paste_input;
  if (ImGui::InputTextMultiline("##paste", &paste,
                                ImVec2(-1, ImGui::GetTextLineHeight() * lines + 12 * ui_scale())))
    dispatch(s, act::SetPasteInput{paste});
  note_text(paste);
  s.layout.paste_box = last_item_rect();
  if (s.paste_input.empty()) {
    // A hint inside the empty box (InputTextMultiline has none of its own).
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::GetWindowDrawList()->AddText(ImVec2(min.x + st.FramePadding.x, min.y + st.FramePadding.y),
                                        palette().text_dim, tr("paste a list here, one word per line"));
  }
  ImGui::BeginDisabled(s.paste_input.empty());
  if (ImGui::Button(tr("Add these words"))) dispatch(s, act::AddPastedList{});
  s.layout.add_list_button = last_item_rect();
  ImGui::EndDisabled();
  show_note(s.note(NoteSlot::list));
  if (s.has_report) report_table(s.last_report);
  end_card();
}

}  // namespace bloomlab::app
