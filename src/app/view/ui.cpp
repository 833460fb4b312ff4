// Shared pieces of the panels (see ui.h).
#include "ui.h"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "app/model/format.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"

namespace bloomlab::app {
namespace {

// Amber for set bits in every theme: warm, and readable on dark and light cards alike.
// The word's positions take the complementary cyan/blue so they stand out on amber and grey.
const Palette kDark = {IM_COL32(245, 166, 35, 255),
                       IM_COL32(48, 54, 66, 255),
                       IM_COL32(150, 158, 172, 255),
                       IM_COL32(56, 217, 240, 255),
                       IM_COL32(255, 92, 122, 255),
                       IM_COL32(190, 150, 255, 255),
                       IM_COL32(30, 34, 42, 255),
                       IM_COL32(52, 58, 70, 255),
                       IM_COL32(24, 27, 33, 255),
                       IM_COL32(62, 68, 82, 255),
                       IM_COL32(232, 235, 240, 255),
                       IM_COL32(150, 158, 172, 255),
                       IM_COL32(99, 230, 150, 255),
                       IM_COL32(255, 107, 107, 255),
                       {IM_COL32(56, 217, 240, 255), IM_COL32(160, 168, 184, 255),
                        IM_COL32(245, 166, 35, 255), IM_COL32(190, 150, 255, 255)}};
const Palette kLight = {IM_COL32(232, 128, 12, 255),
                        IM_COL32(226, 230, 236, 255),
                        IM_COL32(110, 118, 130, 255),
                        IM_COL32(25, 113, 194, 255),
                        IM_COL32(214, 40, 57, 255),
                        IM_COL32(112, 72, 232, 255),
                        IM_COL32(255, 255, 255, 255),
                        IM_COL32(218, 222, 230, 255),
                        IM_COL32(250, 251, 252, 255),
                        IM_COL32(228, 231, 236, 255),
                        IM_COL32(30, 34, 40, 255),
                        IM_COL32(100, 108, 120, 255),
                        IM_COL32(20, 140, 70, 255),
                        IM_COL32(200, 30, 45, 255),
                        {IM_COL32(25, 113, 194, 255), IM_COL32(120, 128, 140, 255),
                         IM_COL32(232, 128, 12, 255), IM_COL32(112, 72, 232, 255)}};
const Palette kContrast = {IM_COL32(255, 176, 0, 255),
                           IM_COL32(40, 40, 40, 255),
                           IM_COL32(255, 255, 255, 255),
                           IM_COL32(0, 255, 255, 255),
                           IM_COL32(255, 64, 64, 255),
                           IM_COL32(255, 128, 255, 255),
                           IM_COL32(0, 0, 0, 255),
                           IM_COL32(255, 255, 255, 255),
                           IM_COL32(0, 0, 0, 255),
                           IM_COL32(110, 110, 110, 255),
                           IM_COL32(255, 255, 255, 255),
                           IM_COL32(230, 230, 230, 255),
                           IM_COL32(0, 255, 100, 255),
                           IM_COL32(255, 80, 80, 255),
                           {IM_COL32(0, 255, 255, 255), IM_COL32(255, 255, 255, 255),
                            IM_COL32(255, 176, 0, 255), IM_COL32(255, 128, 255, 255)}};

const Palette* g_palette = &kDark;

}  // namespace

const Palette& palette() { return *g_palette; }

void set_palette(Theme t) {
  g_palette = t == Theme::light ? &kLight : t == Theme::high_contrast ? &kContrast : &kDark;
}

ImVec4 to_vec4(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

ScreenRect last_item_rect() {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  return ScreenRect{min.x, min.y, max.x - min.x, max.y - min.y};
}

namespace {
float g_ui_scale = 1.0f;
bool g_ui_compact = false;
bool g_ui_captions = true;
float g_last_card_bottom = -FLT_MAX;  // the screen y of the last card's lower edge (end_card)
bool g_ui_touch = false;
// One entry per open card: did its table begin? ImGui's BeginTable returns false when the
// window skips its items (a column scrolled or squeezed out of sight: a 150 x 150 page, a hidden
// embed); the card's content then goes to the window, which skips it too, and end_card must not
// call EndTable.
ImVector<bool> g_card_tables;
std::vector<std::string> g_card_titles, g_overflowing;
bool g_card_highlight = false;
}  // namespace
void set_card_highlight(bool on) { g_card_highlight = on; }
float ui_scale() { return g_ui_scale; }
void set_ui_scale(float scale) { g_ui_scale = scale > 0 ? scale : 1.0f; }
bool ui_compact() { return g_ui_compact; }
void set_ui_compact(bool compact) { g_ui_compact = compact; }
void set_ui_captions(bool shown) { g_ui_captions = shown; }
void set_ui_touch(bool touch) { g_ui_touch = touch; }
bool small_button(const char* label) { return g_ui_touch ? ImGui::Button(label) : ImGui::SmallButton(label); }
bool menu_item(const char* label, bool selected) {
  constexpr float kFinger = 44.0f;  // CSS px: the touch target guidelines' minimum
  if (!g_ui_touch) return ImGui::Selectable(label, selected);
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.0f, 0.5f));
  const bool pressed =
      ImGui::Selectable(label, selected, 0, ImVec2(0.0f, std::max(kFinger, ImGui::GetFrameHeight())));
  ImGui::PopStyleVar();
  return pressed;
}
bool combo(const char* id, int* index, const char* const names[], int count) {
  if (!ImGui::BeginCombo(id, *index >= 0 && *index < count ? names[*index] : "")) return false;
  bool changed = false;
  for (int i = 0; i < count; ++i)
    if (menu_item(names[i], i == *index) && i != *index) *index = i, changed = true;
  ImGui::EndCombo();
  return changed;
}

ChromeScope::ChromeScope(bool on) : on_(on && g_ui_scale > 1.0f) {
  if (!on_) return;
  const float chrome = 1.0f / g_ui_scale;
  ImGui::SetWindowFontScale(chrome);
  const ImGuiStyle& st = ImGui::GetStyle();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                      ImVec2(st.FramePadding.x * chrome, st.FramePadding.y * chrome));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(st.ItemSpacing.x * chrome, st.ItemSpacing.y * chrome));
}

ChromeScope::~ChromeScope() {
  if (!on_) return;
  ImGui::PopStyleVar(2);
  ImGui::SetWindowFontScale(1.0f);
}

namespace {
// begin_card, with its hint on a line of its own or (hint_line false) in its (?) marker.
bool begin_card_with(const char* title, const char* hint, const char* formula, const char* action,
                     bool hint_line) {
  ImGui::PushID(title);
  const ImGuiID id = ImGui::GetID("card");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  // The card's height is known only after its content: draw last frame's, store this frame's.
  const float height = ImGui::GetStateStorage()->GetFloat(id, 0.0f);
  const float rounding = 10.0f * ui_scale();
  if (height > 0) {
    dl->AddRectFilled(start, ImVec2(start.x + width, start.y + height), palette().card_bg, rounding);
    if (g_card_highlight)
      dl->AddRect(start, ImVec2(start.x + width, start.y + height), palette().current, rounding, 0,
                  3.0f * ui_scale());
    else
      dl->AddRect(start, ImVec2(start.x + width, start.y + height), palette().card_border, rounding);
  }
  ImGui::GetStateStorage()->SetFloat(ImGui::GetID("card_top"), start.y);  // before the table's ID
  const float pad = (ui_compact() ? 8.0f : 14.0f) * ui_scale();           // a slide keeps its room
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(pad, pad));
  const bool table = ImGui::BeginTable("card", 1, ImGuiTableFlags_PadOuterX, ImVec2(width, 0));
  ImGui::PopStyleVar();
  g_card_tables.push_back(table);
  g_card_titles.emplace_back(title, ImGui::FindRenderedTextEnd(title));
  if (table) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
  }
  // A title that keeps one id however it reads ("Lesson 3 of 12###lessons") shows what precedes ###.
  ImGui::PushStyleColor(ImGuiCol_Text, palette().text);
  ImGui::TextUnformatted(title, ImGui::FindRenderedTextEnd(title));
  ImGui::PopStyleColor();
  // Without its hint line the card's (?) says it, before the formula.
  hint_line = hint_line && hint && *hint;
  std::string help = hint && *hint && !hint_line ? hint : "";
  if (formula && *formula) help += (help.empty() ? "" : "\n\n") + std::string(formula);
  if (!help.empty()) {
    ImGui::SameLine();
    help_marker(help.c_str());
  }
  bool pressed = false;
  if (action) {  // right-aligned beside the title when it fits there, else under it
    const float w = button_width(action);
    const float right = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + 2 * ImGui::GetStyle().ItemSpacing.x + w <= right) {
      ImGui::SameLine();
      ImGui::SetCursorScreenPos(ImVec2(right - w, ImGui::GetCursorScreenPos().y));
    }
    pressed = ImGui::SmallButton(action);
  }
  if (hint_line) hint_text(hint);
  ImGui::Spacing();
  return pressed;
}

}  // namespace

bool begin_card(const char* title, const char* hint, const char* formula, const char* action) {
  return begin_card_with(title, hint, formula, action, g_ui_captions);
}

bool begin_panel_card(AppState& s, Panel panel, const char* title, const char* hint, const char* formula) {
  const bool brief = short_form(s, panel);
  const char* action = brief                                ? tr("Show all")
                       : step_names_beside_others(s, panel) ? tr("Show less")  // back to the step's form
                                                            : nullptr;
  // A short form's hint goes into its (?): the rows go to what the step names.
  if (begin_card_with(title, hint, formula, action, g_ui_captions && !brief))
    brief ? unfold(s, panel) : fold(s, panel);
  return brief;
}

void end_card() {
  const bool table = !g_card_tables.empty() && g_card_tables.back();
  if (!g_card_tables.empty()) g_card_tables.pop_back();
  // The widest item of the card's cell against the cell's right edge (both in the table's own
  // bookkeeping: ItemSize widens CursorMaxPos, the cell's WorkRect ends at its padding).
  const ImGuiWindow* cell = ImGui::GetCurrentWindow();
  if (table && !g_card_titles.empty() && cell->DC.CursorMaxPos.x > cell->WorkRect.Max.x + 1.0f)
    g_overflowing.push_back(g_card_titles.back() + " (+" +
                            std::to_string(int(cell->DC.CursorMaxPos.x - cell->WorkRect.Max.x)) + " px)");
  if (!g_card_titles.empty()) g_card_titles.pop_back();
  if (table) ImGui::EndTable();
  const ImGuiID id = ImGui::GetID("card");
  const float top = ImGui::GetStateStorage()->GetFloat(ImGui::GetID("card_top"), 0.0f);
  const float bottom = ImGui::GetItemRectMax().y;
  ImGui::GetStateStorage()->SetFloat(id, bottom - top);
  g_last_card_bottom = bottom;
  ImGui::PopID();
  ImGui::Dummy(ImVec2(0, 6.0f * ui_scale()));
}

float take_last_card_bottom() { return std::exchange(g_last_card_bottom, -FLT_MAX); }

std::vector<std::string> take_overflowing_cards() { return std::exchange(g_overflowing, {}); }

void note_clipped(const char* text, float frame_width) {
  const float needed = ImGui::CalcTextSize(text, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
  if (needed <= frame_width + 1.0f) return;
  const std::string card = g_card_titles.empty() ? std::string("?") : g_card_titles.back();
  g_overflowing.push_back(card + " (clipped " + std::to_string(int(needed - frame_width)) + " px: " + text +
                          ")");
}

void text_coloured(ImU32 colour, const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
}

void hint_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, palette().text_dim);
  text_wrapped(text);
  ImGui::PopStyleColor();
}

std::string wrapped_text(const char* text, float width) {
  const ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  return line_breaks(text, width, [&](uint32_t c) {
    return font->GetCharAdvance(ImWchar(c <= 0xFFFF ? c : 0xFFFD)) * scale;
  });
}

namespace {
// Where text_wrapped breaks a text drawn at the cursor: at the wrap position pushed, else at the
// window's (the card's) edge; 2 px inside it, so that a line's width rounded up (CalcTextSize)
// never reaches past it for the overflow check (end_card).
std::string wrapped_here(const char* text) {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float edge = window->DC.TextWrapPos > 0.0f ? window->DC.TextWrapPos + window->Pos.x - window->Scroll.x
                                                   : window->WorkRect.Max.x;
  const float local = edge - 2.0f - window->Pos.x + window->Scroll.x;
  return wrapped_text(text, ImGui::CalcWrapWidthForPos(window->DC.CursorPos, local));
}
}  // namespace

float text_wrapped_height(const char* text) {
  return ImGui::CalcTextSize(wrapped_here(text).c_str()).y + ImGui::GetStyle().ItemSpacing.y;
}

void text_wrapped(const char* text) {
  const std::string lines = wrapped_here(text);
  ImGui::PushTextWrapPos(-1.0f);  // drawn as broken here: ImGui's own wrapping would break it again
  ImGui::TextUnformatted(lines.c_str(), lines.c_str() + lines.size());
  ImGui::PopTextWrapPos();
}

void text_first_line(const char* text) {
  const std::string lines = wrapped_here(text);
  const size_t end = lines.find('\n');
  if (end == std::string::npos) return text_wrapped(text);
  // Broken again with the ellipsis' room kept at the end of the first line.
  const float ellipsis = ImGui::CalcTextSize("…").x;
  const std::string shorter = wrapped_text(text, ImGui::GetContentRegionAvail().x - 2.0f - ellipsis);
  const std::string line = shorter.substr(0, shorter.find('\n')) + "…";
  ImGui::TextUnformatted(line.c_str(), line.c_str() + line.size());
}

bool input_number(const char* id, double* v, const char* format, int flags) {
  std::string text = editable_number(*v, format);
  if (!ImGui::InputText(id, &text, flags)) return false;
  const std::optional<double> typed = typed_number(text);
  if (!typed) return false;
  *v = *typed;
  return true;
}

void tooltip(const char* text) {
  ImGui::BeginTooltip();
  // 30 characters' width, and never wider than the screen (a slide's text is 1.5 to 3 times larger).
  const float padding = ImGui::GetStyle().WindowPadding.x;
  ImGui::PushTextWrapPos(
      std::max(ImGui::GetFontSize() * 4,
               std::min(ImGui::GetFontSize() * 30.0f, ImGui::GetIO().DisplaySize.x * 0.9f - 2 * padding)));
  text_wrapped(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void help_marker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered() || ImGui::IsItemActive()) tooltip(text);
}

void show_note(const Outcome& note) {
  const std::string text = outcome_text(note);
  if (text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, note.error ? palette().error : palette().text_dim);
  text_wrapped(text);
  ImGui::PopStyleColor();
}

void dispatch(AppState& s, Action action) { s.inbox.push_back(std::move(action)); }

void chip(const char* text, ImU32 bg, ImU32 fg) {
  const ImVec2 pad(7.0f * ui_scale(), 3.0f * ui_scale());
  const ImVec2 size = ImGui::CalcTextSize(text);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 q(p.x + size.x + 2 * pad.x, p.y + size.y + 2 * pad.y);
  dl->AddRectFilled(p, q, bg, size.y);
  dl->AddText(ImVec2(p.x + pad.x, p.y + pad.y), fg, text);
  // Its text's baseline is the line's: text after it on the line (SameLine) lines up with it.
  const ImRect bb(p, q);
  ImGui::ItemSize(bb.GetSize(), pad.y);
  ImGui::ItemAdd(bb, 0);
}

void chip_then_text(const char* text, ImU32 bg, ImU32 fg, const char* sentence) {
  chip(text, bg, fg);
  // The sentence's first line on the chip's baseline: FramePadding's offset put it 10 px under
  // the chip on a phone.
  ImGui::SameLine();
  text_wrapped(sentence);
}

bool button_wrapped(const char* label) {
  const float room = ImGui::GetContentRegionAvail().x;
  if (button_width(label) <= room) return ImGui::Button(label);
  const char* shown_end = ImGui::FindRenderedTextEnd(label);
  const std::string shown(label, shown_end);
  const float text_room = std::max(1.0f, room - 2 * ImGui::GetStyle().FramePadding.x);
  return ImGui::Button((wrapped_text(shown.c_str(), text_room) + "###" + label).c_str());
}

bool checkbox_wrapped(const char* label, const char* id, bool* value) {
  const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  if (box + ImGui::CalcTextSize(label, nullptr, true).x <= ImGui::GetContentRegionAvail().x)
    return ImGui::Checkbox((std::string(label) + "##" + id).c_str(), value);
  const bool changed = ImGui::Checkbox((std::string("##") + id).c_str(), value);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  text_wrapped(label);
  return changed;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x) ImGui::SameLine();
}

}  // namespace bloomlab::app
