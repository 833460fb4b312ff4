// BloomLab's screen. Index:
//   init()          the Tiny preset with "Qwerty" in the word box: the classic collision
//   apply_theme()   dark, light, high contrast; the font scale of presentation mode
//   frame()         one window filling the display:
//     draw_header()   title, presets, theme and text size, presentation, share / embed, keys,
//                     loading progress (an embed: presets and share only)
//     draw_share_dialog()  the link for this state and an iframe snippet, with copy buttons
//     layout          the panel table (panels.cpp) in the author's order: two scrolling columns
//                     (>= 700 px), or one on phones; the step-through follows the word panel
//   apply_inbox()       the actions the panels built while drawing, applied after it
//   announce_changes()  the verdict and key numbers, for screen readers (once they rest)
//   run_shortcuts()     keys the platform recognised, as actions (shortcut_action)
// The panels live one per file (panel_*.cpp), listed once in panels.cpp.
#include "app.h"

#include <imgui_internal.h>  // the active id: is a drag on a control or on the background?
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <functional>
#include <iterator>
#include <qrcodegen.hpp>

#include "app/model/actions.h"
#include "app/model/format.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "app/model/url_params.h"
#include "core/theory.h"
#include "fonts.h"
#include "panels.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr float kNarrowWidth = 700.0f;  // below this (CSS px), one column: a phone held upright

// The View menu's button ("View ▾", translated).
std::string view_menu_label() { return std::string(tr("View")) + " \u25BE##view"; }

// The width of a button labelled `label`, for same_line_if_fits.
// The language selector: a small button with the language's short name ("EN ▾", "中文 ▾": the
// header keeps its one row at 1280 px), opening the list of the languages each named in itself
// (English, Русский, Українська, 中文), as wide as the longest name.
std::string language_button_label(Lang l) {
  std::string code = l == Lang::zh ? lang_endonym(l) : lang_code(l);
  for (char& c : code) c = char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return code + " \u25BE";
}

float language_width() {
  float w = 0;
  for (Lang l : kLangs) w = std::max(w, ImGui::CalcTextSize(language_button_label(l).c_str()).x);
  return w + 2 * ImGui::GetStyle().FramePadding.x;
}

void draw_language_selector(AppState& s) {
  const Lang shown = s.view.lang_loading.value_or(s.view.lang);
  float list_w = 0;
  for (Lang l : kLangs) list_w = std::max(list_w, ImGui::CalcTextSize(lang_endonym(l)).x);
  ImGui::SetNextItemWidth(language_width());
  ImGui::SetNextWindowSizeConstraints(ImVec2(list_w + 4 * ImGui::GetStyle().FramePadding.x, 0),
                                      ImVec2(FLT_MAX, FLT_MAX));
  const bool open =
      ImGui::BeginCombo("##language", language_button_label(shown).c_str(), ImGuiComboFlags_NoArrowButton);
  s.layout.language_button = last_item_rect();
  if (ImGui::IsItemHovered()) tooltip(tr("Language"));
  for (ScreenRect& r : s.layout.language_items) r = ScreenRect{};
  if (!open) return;
  for (Lang l : kLangs) {
    if (menu_item(lang_endonym(l), l == shown)) dispatch(s, act::SetLanguage{l, true});
    s.layout.language_items[size_t(l)] = last_item_rect();
  }
  ImGui::EndCombo();
}

// The header's right-hand controls: measured from their own labels (never from English widths
// taken elsewhere), so they move to their own line when they do not fit.
float view_controls_width(const AppState& s) {
  const ImGuiStyle& st = ImGui::GetStyle();
  float w = button_width(tr("Share / embed"));
  if (!s.view.embed)
    w += language_width() + button_width(tr("Lessons")) + button_width(view_menu_label().c_str()) +
         button_width(tr("Present")) + button_width(tr("Keys")) + 5 * st.ItemSpacing.x;
  if (!s.view.embed && s.view.presentation) w += button_width(tr("QR code")) + st.ItemSpacing.x;
  return w + 8 * ui_scale();  // a little slack: text measured at another density rounds differently
}

// Theme, text size, classroom-safe words and the panels shown: one menu's items.
void view_menu_items(AppState& s) {
  const char* const names[] = {tr("Dark"), tr("Light"), tr("High contrast")};
  int theme = static_cast<int>(s.view.theme);
  ImGui::SetNextItemWidth(std::max({ImGui::CalcTextSize(names[0]).x, ImGui::CalcTextSize(names[1]).x,
                                    ImGui::CalcTextSize(names[2]).x}) +
                          40 * ui_scale());
  if (combo(with_id(tr("theme"), "##theme").c_str(), &theme, names, 3))
    dispatch(s, act::SetTheme{static_cast<Theme>(theme)});
  ImGui::TextUnformatted(tr("text"));
  ImGui::SameLine();
  if (ImGui::Button("A−")) dispatch(s, act::SetFontScale{s.view.font_scale - 0.25f});
  ImGui::SameLine();
  if (ImGui::Button("A+")) dispatch(s, act::SetFontScale{s.view.font_scale + 0.25f});
  ImGui::SameLine();
  ImGui::TextDisabled("%.2g×", double(s.view.font_scale));
  bool safe = actions::safe_words_on(s);
  if (ImGui::Checkbox(tr("Classroom-safe words"), &safe)) dispatch(s, act::SetSafeWords{safe});
  if (ImGui::IsItemHovered())
    tooltip(tr(
        "Masks obscene words of the leaked lists on screen (on in lessons and in presentation mode); the filter is unchanged"));
  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("Panels"));
  size_t count = 0;
  const PanelInfo* table = panel_table(&count);
  for (size_t i = 0; i < count; ++i) {
    bool on = s.view.shown(table[i].id);
    if (ImGui::Checkbox(tr(table[i].title), &on)) {
      std::vector<Panel> order;
      for (Panel p : s.view.panels)
        if (p != table[i].id) order.push_back(p);
      if (on) order.push_back(table[i].id);
      if (!order.empty()) dispatch(s, act::SetPanels{order});
    }
  }
}

// A header button's menu opens under the button, as a menu bar's does (ImGui opens a popup at
// the pointer: the Words menu covered its own button and the next two), and is kept on the
// screen: ImGui does not move a window the program placed.
bool begin_menu_under(const char* id, const ScreenRect& button) {
  ImGui::SetNextWindowPos(ImVec2(button.x, button.y + button.h), ImGuiCond_Appearing);
  if (!ImGui::BeginPopup(id)) return false;
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const float x = std::clamp(at.x, 0.0f, std::max(0.0f, ImGui::GetIO().DisplaySize.x - size.x));
  if (x != at.x) ImGui::SetWindowPos(ImVec2(x, at.y));
  return true;
}

void draw_view_menu(AppState& s) {
  if (ImGui::Button(view_menu_label().c_str())) ImGui::OpenPopup("view");
  if (!begin_menu_under("view", last_item_rect())) return;
  view_menu_items(s);
  ImGui::EndPopup();
}

// Lessons, lit while the lessons are open: on the line, else on the next.
void lessons_toggle(AppState& s) {
  same_line_if_fits(button_width(tr("Lessons")));
  const bool lessons = s.view.show_lessons;
  if (lessons) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button(tr("Lessons"))) dispatch(s, act::ShowLessons{!lessons});
  if (lessons) ImGui::PopStyleColor();
  s.layout.lessons_button = last_item_rect();
  if (ImGui::IsItemHovered())
    tooltip(tr("The story of Bloom filters in steps, with exercises the app checks"));
}

void draw_view_controls(AppState& s) {
  if (!s.view.embed) {
    draw_language_selector(s);
    lessons_toggle(s);
    same_line_if_fits(button_width(view_menu_label().c_str()));
    draw_view_menu(s);
    same_line_if_fits(button_width(tr("Present")));
    const bool presenting = s.view.presentation;
    if (presenting) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(tr("Present"))) dispatch(s, act::SetPresentation{!presenting});
    if (presenting) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      tooltip(tr("Presentation mode: large text, high contrast, classroom-safe words (Alt+Shift+P)"));
    s.layout.qr_button = ScreenRect{};
    if (presenting) {  // the room opens the slide's filter on its phones
      same_line_if_fits(button_width(tr("QR code")));
      if (ImGui::Button(tr("QR code"))) dispatch(s, act::ShowQrCode{true});
      s.layout.qr_button = last_item_rect();
      if (ImGui::IsItemHovered())
        tooltip(tr("A QR code of this filter's link: students open it on their phones"));
    }
    same_line_if_fits(button_width(tr("Keys")));
    if (ImGui::Button(tr("Keys"))) dispatch(s, act::ShowShortcuts{!s.view.show_shortcuts});
    if (ImGui::IsItemHovered()) tooltip(tr("Keyboard shortcuts (Alt+Shift+H)"));
    same_line_if_fits(button_width(tr("Share / embed")));
  }
  if (ImGui::Button(tr("Share / embed"))) dispatch(s, act::ShowShare{true});
  s.layout.share_button = last_item_rect();
  if (ImGui::IsItemHovered()) tooltip(tr("A link to this state, and the code to embed it in a page"));
}

// The keyboard shortcuts (the platform maps the keys; see Shortcut in state.h). No plain key
// changes the words, the filter or the preset: typing a letter anywhere goes to the word box.
void draw_shortcuts(const AppState& s) {
  if (!s.view.show_shortcuts) return;
  hint_text(
      tr("Keys:  Ctrl/Cmd+K word box  ·  Enter add  ·  Ctrl/Cmd+Z undo  ·  Ctrl/Cmd+Shift+Z or "
         "Ctrl+Y redo  ·  Alt+Shift+1 2 3 presets  ·  Alt+Shift+S step by step  ·  ← → Space "
         "PageUp PageDown steps  ·  Alt+Shift+P presentation  ·  Alt+Shift+H this list  ·  Tab / "
         "arrows / Space move and press (keyboard navigation)"));
}

// A modal dialog bound to a view flag: open while `shown`; when it closes (its ×, Escape, or
// `body` returning true: its Close button) `off` is dispatched. Centred across, at `y_share` of
// the height; `body` draws what is inside.
template <class Body>
void flag_dialog(AppState& s, const std::string& title, bool shown, const Action& off, float width,
                 float y_share, Body&& body) {
  if (shown && !ImGui::IsPopupOpen(title.c_str())) ImGui::OpenPopup(title.c_str());
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y * y_share), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  bool open = true;
  if (!ImGui::BeginPopupModal(title.c_str(), &open, ImGuiWindowFlags_NoSavedSettings)) {
    if (shown) dispatch(s, off);
    return;
  }
  if (body() || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) open = false;
  if (!open) {
    dispatch(s, off);
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// What the share / embed dialog holds; true: close it.
bool share_dialog_body(AppState& s, Host& host) {
  std::string link = actions::share_link(s, host);
  std::string snippet = actions::embed_snippet(s, host);
  const LinkGap gap = link_leaves_out(s);
  if (gap.left_out == 0) {
    text_wrapped(tr("A link to this state (also kept in the address bar):"));
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    text_wrapped(link_gap_text(gap.left_out, gap.recipient, gap.too_long).c_str());
    ImGui::PopStyleColor();
    text_wrapped(tr("A link to the filter and its settings:"));
  }
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##link", &link, ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
  if (ImGui::Button(tr("Copy link"))) dispatch(s, act::CopyText{link, 0});
  s.layout.copy_link_button = last_item_rect();
  same_line_if_fits(button_width(tr("QR code")));
  if (ImGui::Button(tr("QR code"))) {  // this dialog closes, the code's opens
    dispatch(s, act::ShowQrCode{true});
    return true;
  }
  ImGui::Spacing();
  text_wrapped(tr("Embed it in a page (an iframe; resize it with the style):"));
  ImGui::InputTextMultiline("##snippet", &snippet, ImVec2(-1, ImGui::GetTextLineHeight() * 4.5f),
                            ImGuiInputTextFlags_ReadOnly);
  if (ImGui::Button(tr("Copy embed code"))) dispatch(s, act::CopyText{snippet, 1});
  s.layout.copy_embed_button = last_item_rect();
  same_line_if_fits(
      button_width(tr("Close")));  // a phone in ru: "Копировать код" and "Закрыть" in one row do not fit
  const bool close = ImGui::Button(tr("Close"));
  s.layout.share_close_button = last_item_rect();
  if (s.note(NoteSlot::exports).code == Code::copied) show_note(s.note(NoteSlot::exports));
  return close;
}

// The share / embed dialog: the link for the current state and an iframe snippet, each with a
// copy button (the platform puts the text on the clipboard).
void draw_share_dialog(AppState& s, Host& host) {
  const float width = std::min(ImGui::GetIO().DisplaySize.x - 20, 640 * ui_scale());
  flag_dialog(s, with_id(tr("Share / embed"), "###share"), s.view.share_open, act::ShowShare{false}, width,
              1.0f / 3, [&] { return share_dialog_body(s, host); });
}

// The share link as a QR code, large enough to be read from the back of a classroom: black on
// white whatever the theme (as cameras expect), with its quiet zone. Encoded once per link.
constexpr size_t kMaxQrBytes =
    1200;  // a longer link (its own words) makes a code too fine to scan off a wall

void encode_qr(BetweenFrames& m, const std::string& text) {
  if (m.qr_text == text && (m.qr_size > 0 || text.size() > kMaxQrBytes)) return;
  m.qr_text = text;
  m.qr_size = 0;
  m.qr_modules.clear();
  if (text.size() > kMaxQrBytes)
    return;  // within version 40's capacity at any level: encodeText never throws
  const qrcodegen::QrCode qr = qrcodegen::QrCode::encodeText(text.c_str(), qrcodegen::QrCode::Ecc::MEDIUM);
  m.qr_size = qr.getSize();
  m.qr_modules.reserve(size_t(m.qr_size) * size_t(m.qr_size));
  for (int y = 0; y < m.qr_size; ++y)
    for (int x = 0; x < m.qr_size; ++x) m.qr_modules.push_back(qr.getModule(x, y) ? 1 : 0);
}

// What the QR code's dialog holds; true: close it.
bool qr_dialog_body(AppState& s, Host& host) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const std::string link = actions::share_link(s, host);
  encode_qr(s.between_frames, link);
  const int n = s.between_frames.qr_size;
  if (n == 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    text_wrapped(fill(
        tr("This link is too long for a QR code (its length: %s; a code holds up to %s). Its words make it long: share it as a link."),
        {with_commas(link.size()), with_commas(kMaxQrBytes)}));
    ImGui::PopStyleColor();
  } else {
    text_wrapped(tr("Scan it to open this filter on a phone:"));
    constexpr int kQuiet = 4;  // modules of white around the code, as the standard asks
    const float room = std::min(ImGui::GetContentRegionAvail().x, display.y * 0.62f);
    const float module = std::max(1.0f, std::floor(room / float(n + 2 * kQuiet)));
    const float side = module * float(n + 2 * kQuiet);
    const ImVec2 at(std::floor(ImGui::GetCursorScreenPos().x + (ImGui::GetContentRegionAvail().x - side) / 2),
                    ImGui::GetCursorScreenPos().y);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, ImVec2(at.x + side, at.y + side), IM_COL32(255, 255, 255, 255));
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        if (!s.between_frames.qr_modules[size_t(y) * size_t(n) + size_t(x)]) continue;
        const ImVec2 a(at.x + float(x + kQuiet) * module, at.y + float(y + kQuiet) * module);
        dl->AddRectFilled(a, ImVec2(a.x + module, a.y + module), IM_COL32(0, 0, 0, 255));
      }
    ImGui::Dummy(ImVec2(side, side));
    s.layout.qr_code = ScreenRect{at.x, at.y, side, side};
  }
  hint_text(link.c_str());
  return ImGui::Button(tr("Close"));
}

void draw_qr_dialog(AppState& s, Host& host) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  s.layout.qr_code = ScreenRect{};
  flag_dialog(s, with_id(tr("Open it on a phone"), "###qr"), s.view.qr_open, act::ShowQrCode{false},
              std::min(display.x - 20, std::max(360 * ui_scale(), display.y * 0.75f)), 0.5f,
              [&] { return qr_dialog_body(s, host); });
}

// In a row (wrapped where they do not fit), or one a line in the phone's menu (`listed`).
void draw_presets(AppState& s, bool listed) {
  struct Preset {
    const char* label;
    const char* name;
    const char* tip;
  };
  static const Preset presets[] = {
      {N_("Tiny"), "tiny", N_("m = 64 bits, k = 3, five passwords: type Qwerty to see a false positive")},
      {N_("10k leaked passwords"), "passwords",
       N_("Mark Burnett's 10,000 most common passwords, m = 100,000, k = 7")},
      // Short, so that the presets and the header's buttons keep one row at 1280 px (the full
      // name, "Article: Python (SHA-256 + MD5)", is the tooltip's first words and the notes').
      {N_("Python article"), "python",
       N_("Article: Python (SHA-256 + MD5). Its filter: BloomFilter(1000, 0.01) sizes with floors to\n"
          "m = 9,585, k = 6, hashes with SHA-256 + MD5, adds кот, пёс, ёж and asks about слон")},
      {N_("Empty"), "empty", N_("No words; the parameters stay. Undo (Ctrl+Z) brings the words back")},
  };
  bool first = true;
  for (const Preset& p : presets) {
    const std::string label = with_id(tr(p.label), "##preset");
    const bool current = s.preset == p.name;
    ImGui::PushID(p.name);
    if (listed) {
      if (menu_item(label.c_str(), current)) dispatch(s, act::LoadPreset{p.name});
    } else {
      if (!first)
        same_line_if_fits(button_width(label.c_str()));  // a narrow window wraps them, never cuts one
      if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      if (ImGui::Button(label.c_str())) dispatch(s, act::LoadPreset{p.name});
      if (current) ImGui::PopStyleColor();
    }
    first = false;
    ImGui::PopID();
    if (ImGui::IsItemHovered()) tooltip(tr(p.tip));
  }
}

void draw_loading(AppState& s) {
  if (s.password_list_loading) {
    hint_text(tr("Fetching the 10k password list…"));
  } else if (s.pending.active()) {
    const PendingWords& p = s.pending;
    const std::string label = p.counts_lines() ? fill(trn("%s / %s line", "%s / %s lines", p.total()),
                                                      {with_commas(p.done()), with_commas(p.total())})
                                               : fill(trn("%s / %s word", "%s / %s words", p.total()),
                                                      {with_commas(p.done()), with_commas(p.total())});
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, palette().set_bit);
    ImGui::ProgressBar(s.pending.progress(), ImVec2(-1, 0), label.c_str());
    ImGui::PopStyleColor();
  }
  if (!s.view.shown(Panel::words)) show_note(s.note(NoteSlot::list));  // else the list panel shows it
  for (const std::string& w : s.url_warnings) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    text_wrapped(fill(tr("Link: %s"), {w}).c_str());
    ImGui::PopStyleColor();
  }
}

// Undo and Redo, named after what they would undo: after a destructive change ("Undo Empty")
// the way back is one click away. An embed has Reset: the author's state again.
// After the presets (`after`): each button on their row when it fits, else on the next.
void draw_history(AppState& s, bool after) {
  const History& h = s.history;
  if (s.view.embed && !s.author_params.empty()) {
    if (after) same_line_if_fits(button_width(tr("Reset")));
    if (ImGui::Button(tr("Reset"))) dispatch(s, act::ResetEmbed{});
    if (ImGui::IsItemHovered()) tooltip(tr("Back to the article's own example"));
    after = true;
  }
  if (h.can_undo()) {
    const Change& c = h.undo.back();
    std::string detail;
    if (c.kind == ChangeKind::preset)
      detail = c.mark_after.preset;
    else if (c.kind == ChangeKind::add_word && !c.added.empty())
      detail = c.added.front();
    else if (c.kind == ChangeKind::word_list)
      detail = std::to_string(c.added.size());
    const bool destructive =
        c.kind == ChangeKind::preset || c.kind == ChangeKind::clear_words || c.kind == ChangeKind::word_list;
    const std::string label =
        destructive ? fill(tr("Undo %s"), {change_label(c.kind, detail)}) : std::string(tr("Undo"));
    if (after) same_line_if_fits(button_width(label.c_str()));
    if (destructive) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button((label + "##undo").c_str())) dispatch(s, act::Undo{});
    if (destructive) ImGui::PopStyleColor();
    s.layout.undo_button = last_item_rect();
    if (ImGui::IsItemHovered())
      tooltip(fill(tr("Undo %s (Ctrl/Cmd+Z)"), {change_label(c.kind, detail)}).c_str());
  } else {
    s.layout.undo_button = ScreenRect{};
  }
  if (h.can_redo()) {
    same_line_if_fits(button_width(tr("Redo")));
    if (ImGui::Button(tr("Redo"))) dispatch(s, act::Redo{});
    if (ImGui::IsItemHovered()) tooltip(tr("Redo (Ctrl/Cmd+Shift+Z, Ctrl+Y)"));
  }
}

// A phone held upright: one bar (the presets, the language, the lessons, and a menu with the
// rest), so that the header keeps its place at the top and the panels most of the screen.
constexpr float kOneBarWidth = 520.0f;  // CSS px
constexpr float kShortScreen = 600.0f;  // CSS px of height

void draw_one_bar(AppState& s) {
  const std::string words = std::string(tr("Words")) + " \u25BE##presets";
  if (ImGui::Button(words.c_str())) ImGui::OpenPopup("presets");
  s.layout.presets_button = last_item_rect();
  if (ImGui::IsItemHovered()) tooltip(tr("The example word lists"));
  if (begin_menu_under("presets", s.layout.presets_button)) {
    draw_presets(s, true);
    ImGui::EndPopup();
  }
  same_line_if_fits(language_width());
  draw_language_selector(s);
  lessons_toggle(s);
  const std::string more = std::string(tr("Menu")) + " \u25BE##menu";
  same_line_if_fits(button_width(more.c_str()));
  if (ImGui::Button(more.c_str())) ImGui::OpenPopup("menu");
  s.layout.menu_button = last_item_rect();
  s.layout.share_button = ScreenRect{};  // the menu's item while it is open
  if (!begin_menu_under("menu", s.layout.menu_button)) return;
  text_coloured(palette().set_bit, "BloomLab");
  ImGui::SameLine();
  text_coloured(palette().text_dim, tr("a Bloom filter you can see"));
  const History& h = s.history;
  if (h.can_undo() && menu_item(tr("Undo"), false)) dispatch(s, act::Undo{});
  if (h.can_redo() && menu_item(tr("Redo"), false)) dispatch(s, act::Redo{});
  if (menu_item(tr("Share / embed"), false)) dispatch(s, act::ShowShare{true});
  s.layout.share_button = last_item_rect();
  if (menu_item(tr("Present"), s.view.presentation)) dispatch(s, act::SetPresentation{!s.view.presentation});
  if (menu_item(tr("Keys"), s.view.show_shortcuts)) dispatch(s, act::ShowShortcuts{!s.view.show_shortcuts});
  ImGui::Separator();
  view_menu_items(s);
  ImGui::EndPopup();
}

// A display too short for the header and the panels (a 150 x 150 embed, scale 3 on a landscape
// phone) gets one scrolling column that holds the header too.
constexpr float kMaxHeaderShare = 0.25f;  // of the display's height, beyond which it scrolls (a phone held
                                          // upright: its three rows of buttons scroll away)

void draw_header(AppState& s) {
  const float top = ImGui::GetCursorPosY();
  std::optional<ChromeScope> chrome;
  chrome.emplace(s.view.presentation);  // on a slide the header is chrome: normal text size
  const float width = ImGui::GetContentRegionAvail().x;
  const bool narrow = width < kNarrowWidth * ui_scale();
  // A lesson step on a short screen keeps the title's row and the presets' for what the step
  // names (a 700 x 500 window showed 188 px of the named panel under 130 px of header and the
  // step's text): the phone's one bar, the presets in its Words menu.
  const bool short_scene = narrow && s.view.show_lessons && current_lesson_step(s) &&
                           ImGui::GetIO().DisplaySize.y < kShortScreen * ui_scale();
  const bool one_bar =
      !s.view.embed && !s.view.presentation && (width < kOneBarWidth * ui_scale() || short_scene);
  if (!s.view.embed && !s.view.presentation &&
      !one_bar) {  // a slide keeps its room; a phone names it in its menu
    ImGui::AlignTextToFramePadding();
    text_coloured(palette().set_bit, "BloomLab");
    ImGui::SameLine();
    text_coloured(palette().text_dim, narrow ? tr("a Bloom filter") : tr("a Bloom filter you can see"));
    if (!narrow) ImGui::SameLine(0, 32 * ui_scale());
  }
  if (one_bar) {
    // Narrower sides than a touch frame's (the height stays a finger's): the four fit in 375 px.
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8 * ui_scale(), ImGui::GetStyle().FramePadding.y));
    draw_one_bar(s);
    ImGui::PopStyleVar();
  } else {
    s.layout.presets_button = s.layout.menu_button = ScreenRect{};
    const bool presets = !s.view.embed || s.view.embed_presets;
    if (presets) draw_presets(s, false);
    const bool history =
        s.history.can_undo() || s.history.can_redo() || (s.view.embed && !s.author_params.empty());
    if (history) draw_history(s, presets);
    // The view controls sit at the right end of the row when they fit there, else on a new line.
    const float right = ImGui::GetWindowContentRegionMax().x - view_controls_width(s);
    if ((presets || history || !s.view.embed) &&
        ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 24 * ui_scale() < right)
      ImGui::SameLine(right);
    draw_view_controls(s);
  }
  draw_shortcuts(s);
  draw_loading(s);
  ImGui::Spacing();
  chrome.reset();
  // A window too small to lay anything out (1 x 1) skips its items: nothing was measured, and
  // a height of 0 would bring the header back out of the one column next frame, and in again.
  if (!ImGui::GetCurrentWindowRead()->SkipItems)
    s.between_frames.header_height = ImGui::GetCursorPosY() - top;
}

// Where a column puts the step-through: under the word panel (so each step and its bits are on
// screen together), or first (a slide puts it beside the bit array, in the other column).
enum class Steps { none, with_words, first };

// Whether the open lesson step points at this panel.
bool highlighted(const AppState& s, Panel id) {
  const LessonStep* st = s.view.show_lessons ? current_lesson_step(s) : nullptr;
  return st && std::find(st->highlight_panels.begin(), st->highlight_panels.end(), id) !=
                   st->highlight_panels.end();
}

// Scroll anchoring, as browsers do it for a page: the card last pressed keeps its place on the
// screen when what is above it changes height (m grows the bit array; a lesson's feedback
// appears), so that the next tap lands where the last one did (a phone's k "+" hit the slider
// 112 px lower). A scroll of the reader's (finger, wheel, scrollbar, or the field kept above the
// keyboard) is where the card belongs from then on.
void keep_in_place(BetweenFrames::Anchor& anchor, const ImGuiWindow* column, Panel panel, float top,
                   float bottom) {
  const ImGuiIO& io = ImGui::GetIO();
  const float scroll = column->Scroll.y;
  const ImVec2 press = io.MouseClickedPos[0];
  if (io.MouseClicked[0] && press.y >= top && press.y < bottom && column->InnerRect.Contains(press) &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows |
                             ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) {
    anchor = {column->ID, panel, top, scroll};
    return;
  }
  if (anchor.column != column->ID || anchor.panel != panel) return;
  if (scroll != anchor.scroll || column->ScrollTarget.y != FLT_MAX) {  // the reader scrolled (or is)
    anchor.y = top, anchor.scroll = scroll;
  } else if (std::fabs(top - anchor.y) >= 0.5f) {
    anchor.scroll = std::max(0.0f, scroll + top - anchor.y);  // ImGui keeps it within the column's range
    ImGui::SetScrollY(anchor.scroll);
  }
}

// A region of the screen that scrolls on its own (a column; the lesson pane): ended by EndChild.
void begin_scrolled(AppState& s, const char* id, ImVec2 size) {
  ImGui::BeginChild(id, size, false);
  // A finger's vertical drag scrolls the region under it (ImGui 1.86 scrolls only by wheel or
  // scrollbar). The platform decided it was a scroll before any control saw a press, so a
  // drag that starts on a slider, a chip or the bit array scrolls and changes nothing.
  const TouchScroll& t = s.touch_scroll;
  const ImVec2 pos = ImGui::GetWindowPos(), box = ImGui::GetWindowSize();
  if (t.dy != 0 && t.x >= pos.x && t.x < pos.x + box.x && t.y >= pos.y && t.y < pos.y + box.y &&
      std::clamp(ImGui::GetScrollY() - t.dy, 0.0f, ImGui::GetScrollMaxY()) != ImGui::GetScrollY()) {
    ImGui::SetScrollY(ImGui::GetScrollY() - t.dy);
    s.layout.scroll_asked = true;
  }
  // Last frame's scroll range (ImGui computes ScrollMax as the window ends).
  if (s.between_frames.scene_changed)
    ImGui::SetScrollY(0);  // a new lesson step: its text and panels from their top
  s.layout.scroll_areas.push_back(
      {ScreenRect{pos.x, pos.y, box.x, box.y}, ImGui::GetScrollY(), ImGui::GetScrollMaxY()});
}

// On one column (a phone, a narrow embed) an open lesson step's text keeps its place above the
// panels it names, which come first below it: the step and what it talks about are on the
// screen together (a 360 x 640 embed showed 450 px of text and the bits at y = 994). The pane
// is as tall as the step, up to `share` of the height (kLessonPaneShare above the panels, all of
// it beside them); a longer step scrolls in it, and its buttons stay under it (Next on a phone
// was under the pane's own fold).
constexpr float kLessonPaneShare = 0.45f;
constexpr float kLeftColumnShare = 0.56f;  // the left column's width: the bits, or a step's panels
constexpr float kTaskPaneShare = 0.6f;
constexpr float kSceneBesideWidth = 600.0f;  // CSS px: from here the step's text goes beside the panels
void draw_lesson_pane(AppState& s, float share, LessonButtons buttons) {
  const float room = ImGui::GetContentRegionAvail().y;
  BetweenFrames& f = s.between_frames;  // last frame's heights: the step and its buttons at this width
  const float most = std::max(room * share - f.lesson_buttons_height, room * 0.2f);
  const float height = std::floor(std::min(f.lesson_pane_content > 0 ? f.lesson_pane_content : room, most));
  // Above the panels a step that fits its pane leaves the scrollbar's strip free, as the column
  // under it does: the card was 14 px wider than the cards under it (folded, a short task).
  const bool fits = f.lesson_pane_content > 0 && f.lesson_pane_content <= height;
  begin_scrolled(
      s, "lesson",
      ImVec2(buttons == LessonButtons::apart_folding && fits ? -ImGui::GetStyle().ScrollbarSize : 0, height));
  lesson_card(s, buttons);
  // Its content to the card's margin, without the spacing after it (the buttons add their own).
  f.lesson_pane_content = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y;
  ImGui::EndChild();
  const float top = ImGui::GetCursorPosY();
  lesson_buttons(s, false);  // All lessons: in the pane's title row
  f.lesson_buttons_height = ImGui::GetCursorPosY() - top;
}

void draw_column(AppState& s, Host& host, const char* id, float width,
                 const std::vector<const PanelInfo*>& panels, Steps steps, bool with_list,
                 bool with_header = false, bool with_lessons = false) {
  begin_scrolled(s, id, ImVec2(width, 0));
  if (with_header) draw_header(s);
  if (with_lessons && s.view.show_lessons) panel_lessons(s, host);
  // "Your own words" ends the word panel's column.
  const bool words_here =
      std::any_of(panels.begin(), panels.end(), [](const PanelInfo* p) { return p->id == Panel::words; });
  const bool steps_shown = s.view.show_steps && steps != Steps::none;
  if (steps_shown && (steps == Steps::first || !words_here)) panel_steps(s, host);
  BetweenFrames::Anchor& anchor = s.between_frames.anchor;
  const ImGuiWindow* column = ImGui::GetCurrentWindowRead();
  if (s.between_frames.scene_changed && anchor.column == column->ID) anchor.column = 0;
  for (const PanelInfo* p : panels) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float card_width = ImGui::GetContentRegionAvail().x;
    set_card_highlight(highlighted(s, p->id));
    (void)take_last_card_bottom();
    p->draw(s, host);
    set_card_highlight(false);
    const float bottom = ImGui::GetCursorScreenPos().y;
    keep_in_place(anchor, column, p->id, at.y, bottom);
    // The card to its lower edge, without the space under it: the last card of a column was
    // never whole on the screen while its margin was under the bottom edge. In whole pixels: the
    // bit array and the plot sized from last frame's cards swung a fraction up and down for ever.
    const float edge = std::clamp(std::round(take_last_card_bottom()), at.y, bottom);
    const ImRect clip = column->InnerClipRect;
    const float seen_top = std::max(at.y, clip.Min.y), seen_bottom = std::min(edge, clip.Max.y);
    s.layout.cards[size_t(p->id)] = {ScreenRect{at.x, at.y, card_width, edge - at.y},
                                     seen_bottom > seen_top
                                         ? ScreenRect{at.x, seen_top, card_width, seen_bottom - seen_top}
                                         : ScreenRect{}};
    if (p->id == Panel::words && steps_shown && steps == Steps::with_words) panel_steps(s, host);
  }
  // An embed whose author named its panels (panels=words,bits) shows those: "Your own words" and
  // its file buttons were a third card cut by a 700 x 500 frame's bottom edge.
  if (with_list && words_here && !(s.view.embed && s.view.panels_chosen)) panel_list(s, host);
  ImGui::EndChild();
}

// Screen readers hear the verdict and the key numbers (the page's aria-live region): once the
// text has rested for a moment, so typing a word does not read out every letter.
void announce_changes(AppState& s, Host& host) {
  constexpr double kRestSeconds = 0.7;
  BetweenFrames& f = s.between_frames;
  const double now = ImGui::GetTime();
  if (s.version != f.announce_version || s.word_input != f.announce_word) {  // recompute only on a change
    f.announce_version = s.version;
    f.announce_word = s.word_input;
    f.announce_pending = actions::announcement(s);
    f.announce_changed_at = now;
  }
  if (f.announce_pending != f.announced && now - f.announce_changed_at >= kRestSeconds &&
      !s.pending.active()) {
    f.announced = f.announce_pending;
    host.announce(f.announced);
  }
}

// Where everything was placed this frame, as one number (FNV-1a over the rects, to a quarter
// pixel): equal in two frames in a row, the screen has stopped moving.
uint64_t layout_signature(const Layout& l) {
  uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](float v) {
    const auto q = int64_t(std::lround(double(v) * 4));
    for (int i = 0; i < 8; ++i) h = (h ^ uint64_t((q >> (8 * i)) & 0xff)) * 0x100000001b3ULL;
  };
  const auto rect = [&mix](const ScreenRect& r) { mix(r.x), mix(r.y), mix(r.w), mix(r.h); };
  for (const LayoutRect& r : kLayoutRects) rect(l.*r.rect);
  for (const ScreenRect& r : l.language_items) rect(r);
  for (const Layout::ScrollArea& a : l.scroll_areas) rect(a.rect), mix(a.scroll), mix(a.max);
  for (const Layout::PlacedLabel& p : l.plot_labels) rect(p.rect);
  mix(l.cells_x), mix(l.cells_y), mix(l.cell), mix(float(l.cells_cols)), mix(float(l.overflowing.size()));
  return h;
}

// A layout that still moves wants the next frame, for a while: ImGui settles in a few frames;
// one that kept moving past this is not held to it (the page would never rest).
constexpr int kMaxSettlingFrames = 30;

void track_settling(Layout& l) {
  uint64_t now = layout_signature(l);
  // And every window ImGui drew this frame (the main one, the columns, a popup, a tooltip): a
  // popup sizes itself in its second frame.
  for (const ImGuiWindow* w : GImGui->Windows) {
    if (!w->Active) continue;
    for (const float v : {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y})
      now = (now ^ uint64_t(std::lround(double(v) * 4))) * 0x100000001b3ULL;
  }
  // A scroll this frame asked for (PageDown, a finger) moves its column in the next one: until
  // then the screen is not still, though nothing on it has moved yet.
  if (now == l.signature && !l.scroll_asked) {
    ++l.still_frames;
    l.moving_frames = 0;
  } else {
    l.signature = now;
    l.still_frames = 0;
    ++l.moving_frames;
  }
}

void run_shortcuts(AppState& s, Host& host) {
  std::vector<Shortcut> keys;
  keys.swap(s.shortcuts);
  for (Shortcut key : keys)
    if (auto action = shortcut_action(s, key)) (void)apply(s, host, *action);
}

// The panels shown, from the table, in the author's order.
std::vector<const PanelInfo*> shown_panels(const AppState& s, std::optional<Column> column) {
  std::vector<const PanelInfo*> out;
  for (Panel id : s.view.panels) {
    const PanelInfo& p = panel_info(id);
    if (!column || p.column == *column) out.push_back(&p);
  }
  return out;
}

// Whether the reader did something this frame: a key, a character, a button, the wheel.
bool reader_input() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.InputQueueCharacters.empty() || ImGui::IsAnyMouseDown() || io.MouseWheel != 0 ||
      io.MouseWheelH != 0)
    return true;
  return std::any_of(std::begin(io.KeysDownDuration), std::end(io.KeysDownDuration),
                     [](float d) { return d == 0.0f; });
}

// The field being typed in and what it answers (the word's verdict and the strip of its bits; a
// task's Check) stay on screen: a phone's keyboard covers half of it (the page gives the canvas
// what the keyboard leaves), so the column scrolls them into view when the field takes the
// keyboard, when the screen changes size and as the reader types; never while they scroll away.
void keep_typing_in_view(AppState& s) {
  BetweenFrames& m = s.between_frames;
  const Layout& l = s.layout;
  const TypingBox field = l.word_box_active     ? TypingBox::word
                          : l.answer_box_active ? TypingBox::answer
                                                : TypingBox::none;
  const std::string& text = field == TypingBox::answer ? s.lessons.task.input : s.word_input;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool changed =
      field != m.typing_field || display.x != m.typing_w || display.y != m.typing_h || text != m.typing_text;
  m.typing_field = field;
  m.typing_w = display.x, m.typing_h = display.y;
  m.typing_text = text;
  ImGuiWindow* column = GImGui->ActiveIdWindow;  // the column the field was drawn in
  // The page's own focus: the scene stays where it was placed until the reader acts (a step's
  // state clearing the box is no reason to scroll to it).
  if (s.opening_focus) return;
  if (!changed || field == TypingBox::none || !column || !(column->Flags & ImGuiWindowFlags_ChildWindow))
    return;
  const ImRect seen = column->InnerRect;
  ScreenRect r = field == TypingBox::word ? l.word_box : l.lesson_answer_box;
  const auto add = [&r, &seen](const ScreenRect& o) {  // what is drawn beside it, in the same column
    if (o.w <= 0 || o.h <= 0 || o.x + o.w <= seen.Min.x || o.x >= seen.Max.x) return;
    const float bottom = std::max(r.y + r.h, o.y + o.h);
    r.y = std::min(r.y, o.y);
    r.h = bottom - r.y;
  };
  if (field == TypingBox::word)
    add(l.verdict), add(l.bit_strip);
  else
    add(l.lesson_check_button);
  const float margin = ImGui::GetStyle().ItemSpacing.y;
  float dy = 0;
  if (r.y + r.h + margin > seen.Max.y) dy = r.y + r.h + margin - seen.Max.y;
  if (r.y - dy - margin < seen.Min.y)
    dy = r.y - margin - seen.Min.y;                               // taller than the screen: its top first
  if (dy != 0) ImGui::SetScrollY(column, column->Scroll.y + dy);  // ImGui keeps it within the column's range
}

// What an input method is composing (pinyin before it becomes 你好) shows at the field's caret,
// underlined on the field's colour, as a text box shows it: ImGui's field knows nothing of it.
void draw_composing(AppState& s) {
  s.layout.composing = ScreenRect{};
  const ImGuiContext& g = *GImGui;
  const ImGuiWindow* field = g.ActiveIdWindow;
  if (s.composing.empty() || !ImGui::GetIO().WantTextInput || !field || g.PlatformImePos.x == 1.0f) return;
  ImFont* font = ImGui::GetFont();
  const float size = field->CalcFontSize();
  const ImVec2 at(g.PlatformImePos.x + 1, g.PlatformImePos.y);  // ImGui puts it 1 px left of the caret
  const ImVec2 text = font->CalcTextSizeA(size, FLT_MAX, 0, s.composing.c_str());
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->PushClipRect(field->InnerClipRect.Min, field->InnerClipRect.Max);
  dl->AddRectFilled(ImVec2(at.x - 1, at.y), ImVec2(at.x + text.x + 1, at.y + text.y),
                    ImGui::GetColorU32(ImGuiCol_FrameBg));
  dl->AddText(font, size, at, ImGui::GetColorU32(ImGuiCol_Text), s.composing.c_str());
  const float line = std::max(1.0f, std::round(ui_scale()));
  dl->AddRectFilled(ImVec2(at.x, at.y + text.y - line), ImVec2(at.x + text.x, at.y + text.y),
                    ImGui::GetColorU32(ImGuiCol_Text));
  dl->PopClipRect();
  s.layout.composing = ScreenRect{at.x, at.y, text.x, text.y};
}

// The one window filling the display: the header, the columns of panels, the share dialog.
void draw_screen(AppState& s, Host& host) {
  const ImGuiIO& io = ImGui::GetIO();
  if (reader_input()) s.opening_focus = false;  // the reader acts: the page's own focus is over
  s.between_frames.cards = s.layout.cards;
  s.layout.cards = {};
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  // The window's padding leaves room for content however small the display (a 3000 x 40 strip at
  // scale 3 had none left under 2 x 42 px of padding, and the column drew nothing).
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                      ImVec2(std::min(pad.x, io.DisplaySize.x / 8), std::min(pad.y, io.DisplaySize.y / 8)));
  // No background of its own: the platform clears the screen to WindowBg. One layer less to fill
  // in every frame (in headless Chromium's software GL a frame at 1280x800 went 45 -> 34 ms).
  ImGui::Begin("BloomLab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();
  const bool cramped = s.between_frames.header_height > io.DisplaySize.y * kMaxHeaderShare;
  if (!cramped) draw_header(s);

  const float width = ImGui::GetContentRegionAvail().x;
  // Two columns only when both have something to show (an embed may hide one side).
  auto left = shown_panels(s, Column::left), right = shown_panels(s, Column::right);
  // The author's panels all on one side (an embed of the word and its bits): the first goes
  // beside the rest, so that a 700 x 500 frame shows them together, not the bits under the fold.
  const bool side_by_side =
      !s.view.show_lessons && left.empty() != right.empty() && left.size() + right.size() >= 2;
  if (side_by_side) {
    std::vector<const PanelInfo*>& side = left.empty() ? right : left;
    const std::vector<const PanelInfo*> all = side;
    left.assign(all.begin(), all.begin() + 1);
    right.assign(all.begin() + 1, all.end());
  }
  // A lesson step's scene: the panels it names beside its text (the lesson heads the right
  // column), first in the left column whatever their own, so that a slide's Parameters and plot
  // are not under the step's text, below the fold, nor the bits or the exercise under the Word
  // panel (a 1024 x 768 slide showed the check panel at y = 866).
  const std::pair<int, int> step = s.view.show_lessons && current_lesson_step(s)
                                       ? std::pair{s.lessons.current, s.lessons.step}
                                       : std::pair{-1, -1};
  s.between_frames.scene_changed = step != s.between_frames.scene_step && step.first >= 0;
  s.between_frames.scene_step = step;
  // A slide's text is sized for its step from the full size down (lesson_card): after a long
  // step a short one kept the smaller text, and its size depended on the step opened first.
  if (s.between_frames.scene_changed) s.between_frames.lesson_fit = 1.0f;
  const auto named = [&s](const PanelInfo* p) { return step_names(s, p->id); };
  if (s.view.show_lessons) {  // no panel named: the same columns
    std::vector<const PanelInfo*> scene;
    std::copy_if(left.begin(), left.end(), std::back_inserter(scene), named);
    std::copy_if(right.begin(), right.end(), std::back_inserter(scene), named);
    std::copy_if(left.begin(), left.end(), std::back_inserter(scene), std::not_fn(named));
    right.erase(std::remove_if(right.begin(), right.end(), named), right.end());
    left = std::move(scene);
  }
  const bool left_any = !left.empty() || s.view.show_steps;
  const bool right_any = !right.empty() || s.view.show_lessons;
  // A slide keeps two columns down to a projector's 1024 px: the word and its bits on the left;
  // so do panels side by side.
  const float two_columns = s.view.presentation || side_by_side ? 600.0f : kNarrowWidth * ui_scale();
  if (cramped) {
    draw_column(s, host, "one", 0, shown_panels(s, std::nullopt), Steps::with_words, true, true, true);
  } else if (width >= two_columns && left_any && right_any) {
    const bool slide = s.view.presentation;
    const float share = (slide && s.view.show_lessons && s.lessons.current >= 0) || side_by_side
                            ? 0.5f  // a slide with a lesson's text, or panels side by side
                            : kLeftColumnShare;
    draw_column(s, host, "left", std::floor(width * share), left, slide ? Steps::none : Steps::with_words,
                true);
    ImGui::SameLine();
    draw_column(s, host, "right", 0, right, slide ? Steps::first : Steps::none, false, false, true);
  } else if (step.first >= 0) {
    std::vector<const PanelInfo*> panels = shown_panels(s, std::nullopt);
    std::stable_partition(panels.begin(), panels.end(), named);
    // One column with a step: the step's text says what its panels are for, and their captions
    // go into their (?) as on a slide (at 700 x 500 the Word card's three lines put the bits
    // basics 4 names under the window's edge).
    set_ui_captions(false);
    if (width >= kSceneBesideWidth * ui_scale()) {
      // Room for the step's text beside the panels (a 700 x 500 window showed the text, then 208
      // px of the first panel it names, the second below the fold): the panels in one column,
      // the ones named first, and the text in a pane as tall as the window, its buttons under it.
      draw_column(s, host, "one", std::floor(width * kLeftColumnShare), panels, Steps::with_words, true);
      ImGui::SameLine();
      ImGui::BeginGroup();
      draw_lesson_pane(s, 1.0f, LessonButtons::apart);
      ImGui::EndGroup();
    } else {
      // A task's answer box is where the reader works: its pane may take more (a phone showed
      // basics 4's Check button cut by the pane's edge, Hint and the answer under it), unless the
      // reader folded the step for its panels (a false-or-real table left the word box 222 px).
      const bool task_room = task_open(s) && !step_text_folded(s);
      draw_lesson_pane(s, task_room ? kTaskPaneShare : kLessonPaneShare, LessonButtons::apart_folding);
      draw_column(s, host, "one", 0, panels, Steps::with_words, true);
    }
  } else {
    draw_column(s, host, "one", 0, shown_panels(s, std::nullopt), Steps::with_words, true, false, true);
  }
  keep_typing_in_view(s);
  draw_composing(s);
  draw_share_dialog(s, host);
  draw_qr_dialog(s, host);
  s.layout.overflowing = take_overflowing_cards();
  s.layout.focus_ring = GImGui->NavId != 0 && !GImGui->NavDisableHighlight && ImGui::GetIO().NavVisible;
  ImGui::End();
}

}  // namespace

void apply_theme(const ViewOptions& v) {
  ImGuiStyle style;
  switch (v.theme) {
    case Theme::light: ImGui::StyleColorsLight(&style); break;
    case Theme::high_contrast: ImGui::StyleColorsDark(&style); break;
    case Theme::dark: ImGui::StyleColorsDark(&style); break;
  }
  set_palette(v.theme);
  const Palette& pal = palette();
  style.WindowPadding = ImVec2(16, 14);
  // A finger needs targets of about 44 CSS px (WCAG 2.5.5, Apple HIG): 16 px text + 2 x 12.
  style.FramePadding = v.touch ? ImVec2(14, 12) : ImVec2(10, 6);
  style.ItemSpacing = v.touch ? ImVec2(12, 10) : ImVec2(10, 8);
  style.TouchExtraPadding = v.touch ? ImVec2(4, 4) : ImVec2(0, 0);
  style.ItemInnerSpacing = ImVec2(8, 6);
  style.FrameRounding = 6;
  style.GrabRounding = 6;
  style.PopupRounding = 6;
  style.ScrollbarSize = 14;
  style.GrabMinSize = 14;
  style.WindowBorderSize = 0;
  style.FrameBorderSize = v.theme == Theme::high_contrast ? 1.0f : 0.0f;
  ImVec4* c = style.Colors;
  const ImVec4 accent = to_vec4(pal.current);
  c[ImGuiCol_WindowBg] = v.theme == Theme::light  ? ImVec4(0.94f, 0.95f, 0.96f, 1)
                         : v.theme == Theme::dark ? ImVec4(0.075f, 0.082f, 0.1f, 1)
                                                  : ImVec4(0, 0, 0, 1);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_Text] = to_vec4(pal.text);
  c[ImGuiCol_TextDisabled] = to_vec4(pal.text_dim);
  c[ImGuiCol_FrameBg] = to_vec4(pal.unset_bit);
  c[ImGuiCol_FrameBgHovered] = to_vec4(pal.grid);
  c[ImGuiCol_FrameBgActive] = to_vec4(pal.grid);
  c[ImGuiCol_Button] = to_vec4(pal.unset_bit);
  c[ImGuiCol_ButtonHovered] = ImVec4(accent.x, accent.y, accent.z, 0.35f);
  c[ImGuiCol_ButtonActive] = ImVec4(accent.x, accent.y, accent.z, 0.55f);
  c[ImGuiCol_Header] = ImVec4(accent.x, accent.y, accent.z, 0.25f);
  c[ImGuiCol_HeaderHovered] = ImVec4(accent.x, accent.y, accent.z, 0.4f);
  c[ImGuiCol_HeaderActive] = ImVec4(accent.x, accent.y, accent.z, 0.55f);
  c[ImGuiCol_CheckMark] = accent;
  // A slider's value is drawn over its grab: a see-through grab keeps "12.2 KiB" readable under it
  // (a solid one hid the digits it covered, dark on the accent).
  c[ImGuiCol_SliderGrab] = ImVec4(accent.x, accent.y, accent.z, 0.45f);
  c[ImGuiCol_SliderGrabActive] = ImVec4(accent.x, accent.y, accent.z, 0.65f);
  c[ImGuiCol_Border] = to_vec4(pal.card_border);
  c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_TableRowBgAlt] = to_vec4((pal.grid & 0x00FFFFFF) | 0x40000000);
  c[ImGuiCol_TableBorderLight] = to_vec4(pal.grid);
  c[ImGuiCol_PopupBg] = to_vec4(pal.card_bg);
  style.ScaleAllSizes(v.font_scale);
  ImGui::GetStyle() = style;
  set_ui_scale(v.font_scale);
}

void init(AppState& s, Host& host) {
  observe_displayed_text(note_text);  // the words shown: characters the font lacks get drawn
  if (s.version == 0 && s.set.words().empty()) {
    (void)apply(s, host, act::LoadPreset{"tiny"});
    (void)apply(s, host, act::SetWordInput{"Qwerty"});
    s.history = History{};  // the page as it opens is where undo stops
  }
  apply_theme(s.view);
  s.between_frames.applied_theme = s.view.theme;
  s.between_frames.applied_scale = s.view.font_scale;
  s.between_frames.applied_touch = s.view.touch;
}

void frame(AppState& s, Host& host) {
  s.frame_started = std::chrono::steady_clock::now();
  ++s.frame_number;
  s.next_frame_wanted = false;  // what this frame applies or leaves to do asks again
  run_shortcuts(s, host);
  (void)continue_loading(s, 8.0);
  (void)actions::continue_speed(s, actions::kSpeedSliceMs);
  (void)actions::continue_family(s, actions::kSpeedSliceMs);
  apply_deferred_url_params(s, host);
  if (s.opening && !s.password_list_loading && !s.pending.active() && s.url_after_list.empty() &&
      !s.lessons.waiting) {
    s.opening = false;
    s.history = History{};  // the page as it opened is where undo stops
  }
  continue_lesson(s);
  actions::keep_measured(s);  // a change applied since the last frame (the page's calls, a list's last slice)
  if (s.drawn_version != s.version) {  // this frame draws a change: its numbers first
    s.drawn_version = s.version;
    s.change_frame = s.frame_number;
  }
  BetweenFrames& mem = s.between_frames;
  if (s.view.theme != mem.applied_theme || s.view.font_scale != mem.applied_scale ||
      s.view.touch != mem.applied_touch) {
    apply_theme(s.view);
    mem.applied_theme = s.view.theme;
    mem.applied_scale = s.view.font_scale;
    mem.applied_touch = s.view.touch;
    s.bit_cache.texture_version = UINT64_MAX;  // the texture's colours come from the theme
  }
  if (s.release_focus) {  // the step-through takes ← → and Space: no widget keeps the keyboard
    ImGui::ClearActiveID();
    GImGui->NavId = 0;
    s.release_focus = false;
  }
  s.hovered_word.clear();
  if (const LessonStep* st = s.view.show_lessons ? current_lesson_step(s) : nullptr;
      st && !st->highlight_words.empty())
    s.hovered_word = st->highlight_words.front();  // its bits lit, until the mouse points at another word
  set_ui_compact(s.view.presentation);
  set_ui_captions(!s.view.presentation && !s.view.embed);
  set_ui_touch(s.view.touch);

  const ImGuiIO& io = ImGui::GetIO();
  s.layout.scroll_areas.clear();
  s.layout.scroll_asked = false;
  s.layout.answer_box_active = false;  // until the open task's answer box says it has the keyboard
  if (typing_box(s) != TypingBox::answer) s.focus_answer_box = false;  // the task closed meanwhile
  s.layout.display_w = io.DisplaySize.x;
  s.layout.display_h = io.DisplaySize.y;
  if (s.present_on_open && io.DisplaySize.x > 0) {  // a link that opens on a slide
    s.present_on_open = false;
    dispatch(s, act::SetPresentation{true});
  }
  // A canvas with no room (display: none, a collapsed box) draws nothing: no layout to measure,
  // none to settle (the header's height measured in a 0-pixel window flipped the one-column
  // layout on and off every frame).
  if (io.DisplaySize.x >= 1 && io.DisplaySize.y >= 1) draw_screen(s, host);
  apply_inbox(s, host);
  actions::keep_measured(s);  // this frame's changes: the next frame draws their numbers
  announce_changes(s, host);
  track_settling(s.layout);
}

bool layout_settled(const AppState& s) { return s.layout.still_frames > 0; }

bool plots_computing(const AppState& s) { return s.plots.running || s.growth.running; }

bool layout_moving(const AppState& s) {
  return s.layout.still_frames == 0 && s.layout.moving_frames <= kMaxSettlingFrames;
}

const char* work_reason(const AppState& s) {
  // A walk for a false positive's culprits that took a slice of this frame goes on in the next.
  const auto walking = [&s](const QueryCache& c) {
    return c.walk.walking && c.walked_frame == s.frame_number;
  };
  if (s.next_frame_wanted) return "a change to draw";
  if (layout_moving(s)) return "layout";
  if (s.pending.active()) return "list loading";
  if (s.speed.running) return "speed";
  if (s.family.running) return "family";
  if (walking(s.query_cache) || walking(s.check_cache)) return "word walk";
  if (!s.shortcuts.empty() || !s.inbox.empty()) return "actions";
  if (s.focus_word_box || s.focus_answer_box || s.release_focus) return "focus";
  if (s.present_on_open) return "presentation";
  return nullptr;
}

bool working(const AppState& s) { return work_reason(s) != nullptr; }

bool wants_frames(const AppState& s) {
  const BetweenFrames& f = s.between_frames;
  return working(s) || f.announce_pending != f.announced || s.version != f.announce_version;
}

bool can_scroll(const AppState& s, float x, float y, float dy) {
  for (const Layout::ScrollArea& a : s.layout.scroll_areas) {
    const ScreenRect& r = a.rect;
    if (x < r.x || x >= r.x + r.w || y < r.y || y >= r.y + r.h) continue;
    if (dy == 0) return a.max > 0.5f;
    return dy > 0 ? a.scroll < a.max - 0.5f : a.scroll > 0.5f;
  }
  return false;
}

bool can_scroll_anywhere(const AppState& s) {
  return std::any_of(s.layout.scroll_areas.begin(), s.layout.scroll_areas.end(),
                     [](const Layout::ScrollArea& a) { return a.max > 0.5f; });
}

}  // namespace bloomlab::app
