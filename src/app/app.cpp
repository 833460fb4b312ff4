// BloomLab's screen. Index:
//   init()          the Tiny preset with "Qwerty" in the word box: the classic collision
//   apply_theme()   dark, light, high contrast; the font scale of presentation mode
//   frame()         one window filling the display:
//     draw_header()   title, presets, theme and text size, presentation, share / embed, keys,
//                     loading progress (an embed: presets and share only)
//     draw_share_dialog()  the link for this state and an iframe snippet, with copy buttons
//     wide layout     (>= 700 px) two scrolling columns: word, bits, check | params, plots, numbers
//     narrow layout   (phones) one scrolling column, the same panels in reading order
//   announce_changes()  the verdict and key numbers, for screen readers (once they rest)
//   run_shortcuts()     keys the platform recognised, run through actions::run_shortcut
// The panels live one per file: panel_word.cpp, panel_bits.cpp, panel_params.cpp,
// panel_plots.cpp, panel_numbers.cpp, panel_check.cpp, panel_steps.cpp, panel_list.cpp.
#include "app.h"

#include <algorithm>
#include <cmath>

#include <imgui_internal.h>  // the active id: is a drag on a control or on the background?
#include <imgui_stdlib.h>

#include "actions.h"
#include "core/theory.h"
#include "ui.h"
#include "url_params.h"

namespace bloomlab::app {
namespace {

constexpr float kNarrowWidth = 700.0f;  // below this (CSS px), one column: a phone held upright

float theme_combo_width() { return ImGui::CalcTextSize("High contrast").x + 40 * ui_scale(); }

// What the theme and scale were last applied for.
struct Applied {
  Theme theme = Theme::dark;
  float font_scale = -1;
  bool touch = false;
};
Applied g_applied;


// Theme, text size, presentation, share / embed and the keys list: on the right of the header
// (own line on phones). An embed shows only the share button: the article sets the rest.
// On a phone the view options fold into one "View" menu, so the header takes two rows, not four.
constexpr const char* kViewMenu = "View \u25BE";

float view_controls_width(const AppState& s, bool narrow) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float share = ImGui::CalcTextSize("Share / embed").x + 2 * st.FramePadding.x;
  if (s.view.embed) return share;
  if (narrow) return share + ImGui::CalcTextSize(kViewMenu).x + 2 * st.FramePadding.x + st.ItemSpacing.x;
  const float buttons = ImGui::CalcTextSize("A−A+PresentShare / embedKeys").x + 10 * st.FramePadding.x;
  // + a little slack: text measured at another pixel density rounds differently.
  return theme_combo_width() + buttons + 5 * st.ItemSpacing.x + 8 * ui_scale();
}

// The width of a button labelled `label`, for same_line_if_fits.
float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

// Theme, text size, presentation mode and the shortcuts list; each control follows on the same
// line while it fits.
void draw_view_options(AppState& s) {
  static const char* const names[] = {"Dark", "Light", "High contrast"};
  int theme = static_cast<int>(s.view.theme);
  ImGui::SetNextItemWidth(theme_combo_width());
  if (ImGui::Combo("##theme", &theme, names, 3)) s.view.theme = static_cast<Theme>(theme);
  same_line_if_fits(button_width("A−"));
  if (ImGui::Button("A−")) s.view.font_scale = std::max(1.0f, s.view.font_scale - 0.25f);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Smaller text");
  same_line_if_fits(button_width("A+"));
  if (ImGui::Button("A+")) s.view.font_scale = std::min(3.0f, s.view.font_scale + 0.25f);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Bigger text, for a projector");
  same_line_if_fits(button_width("Present"));
  const bool presenting = s.view.presentation;
  if (presenting) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button("Present")) actions::set_presentation(s, !presenting);
  if (presenting) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Presentation mode: large text, high contrast, keys shown (P)");
  same_line_if_fits(button_width("Keys"));
  if (ImGui::Button("Keys")) s.view.show_shortcuts = !s.view.show_shortcuts;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Keyboard shortcuts (?)");
}

void draw_view_controls(AppState& s, bool narrow) {
  if (!s.view.embed) {
    if (narrow) {
      if (ImGui::Button(kViewMenu)) ImGui::OpenPopup("view");
      if (ImGui::BeginPopup("view")) {
        draw_view_options(s);
        ImGui::EndPopup();
      }
    } else {
      draw_view_options(s);
    }
    same_line_if_fits(button_width("Share / embed"));
  }
  if (ImGui::Button("Share / embed")) s.view.share_open = true;
  s.layout.share_button = last_item_rect();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A link to this state, and the code to embed it in a page");
}

// The keyboard shortcuts (the platform maps the keys; see Shortcut in state.h).
void draw_shortcuts(const AppState& s) {
  if (!s.view.show_shortcuts) return;
  hint_text("Keys:  Ctrl/Cmd+K word box  ·  1 2 3 presets  ·  S step by step  ·  ← → steps  ·  "
            "P presentation  ·  ? this list  ·  Tab / arrows / Space move and press (keyboard "
            "navigation)");
}

// The share / embed dialog: the link for the current state and an iframe snippet, each with a
// copy button (the platform puts the text on the clipboard).
void draw_share_dialog(AppState& s, Host& host) {
  static Note copied;
  if (s.view.share_open && !ImGui::IsPopupOpen("Share / embed")) {
    ImGui::OpenPopup("Share / embed");
    copied = Note{};
  }
  const ImVec2 size(std::min(ImGui::GetIO().DisplaySize.x - 20, 640 * ui_scale()), 0);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x / 2, ImGui::GetIO().DisplaySize.y / 3),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  bool open = true;
  if (!ImGui::BeginPopupModal("Share / embed", &open, ImGuiWindowFlags_NoSavedSettings)) {
    s.view.share_open = false;
    return;
  }
  std::string link = actions::share_link(s, host);
  std::string snippet = actions::embed_snippet(s, host);
  ImGui::TextUnformatted("A link to this state (also kept in the address bar):");
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##link", &link, ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
  if (ImGui::Button("Copy link")) {
    host.copy_text(link);
    copied = Note{"Link copied.", false, 0};
  }
  s.layout.copy_link_button = last_item_rect();
  ImGui::Spacing();
  ImGui::TextUnformatted("Embed it in a page (an iframe; resize it with the style):");
  ImGui::InputTextMultiline("##snippet", &snippet, ImVec2(-1, ImGui::GetTextLineHeight() * 4.5f),
                            ImGuiInputTextFlags_ReadOnly);
  if (ImGui::Button("Copy embed code")) {
    host.copy_text(snippet);
    copied = Note{"Embed code copied.", false, 0};
  }
  s.layout.copy_embed_button = last_item_rect();
  ImGui::SameLine();
  if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) open = false;
  show_note(copied);
  if (!open) {
    s.view.share_open = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void draw_presets(AppState& s, Host& host) {
  struct Preset { const char* label; const char* name; const char* tip; };
  static const Preset presets[] = {
      {"Tiny", "tiny", "m = 64 bits, k = 3, five passwords: type Qwerty to see a false positive"},
      {"10k leaked passwords", "passwords", "Mark Burnett's 10,000 most common passwords, m = 100,000, k = 7"},
      {"Empty", "empty", "No words; the parameters stay"},
  };
  bool first = true;
  for (const Preset& p : presets) {
    if (!first) ImGui::SameLine();
    first = false;
    const bool current = s.preset == p.name;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(p.label)) actions::load_preset(s, host, p.name);
    if (current) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.tip);
  }
}

void draw_loading(AppState& s) {
  if (s.password_list_loading) {
    hint_text("Fetching the 10k password list…");
  } else if (s.pending.active()) {
    const std::string label = with_commas(s.pending.next) + " / " +
                              with_commas(s.pending.words.size()) + " words from " + s.pending.source;
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, palette().set_bit);
    ImGui::ProgressBar(s.pending.progress(), ImVec2(-1, 0), label.c_str());
    ImGui::PopStyleColor();
  }
  if (!s.view.show_words) show_note(s.list_note);  // else the list panel shows it
  for (const std::string& w : s.url_warnings) show_note(Note{"Link: " + w, true, 0});
}

// The header's height last frame. A display too short for the header and the panels (a 150 x 150
// embed, scale 3 on a landscape phone) gets one scrolling column that holds the header too.
float g_header_height = 0;
constexpr float kMaxHeaderShare = 0.4f;  // of the display's height, beyond which it scrolls

void draw_header(AppState& s, Host& host) {
  const float top = ImGui::GetCursorPosY();
  const float width = ImGui::GetContentRegionAvail().x;
  const bool narrow = width < kNarrowWidth * ui_scale();
  if (!s.view.embed) {
    ImGui::AlignTextToFramePadding();
    text_coloured(palette().set_bit, "BloomLab");
    ImGui::SameLine();
    text_coloured(palette().text_dim, narrow ? "a Bloom filter" : "a Bloom filter you can see");
    if (!narrow) ImGui::SameLine(0, 32 * ui_scale());
  }
  draw_presets(s, host);
  // The view controls sit at the right end of the row when they fit there, else on a new line.
  const float right = ImGui::GetWindowContentRegionMax().x - view_controls_width(s, narrow);
  if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 24 * ui_scale() < right) ImGui::SameLine(right);
  draw_view_controls(s, narrow);
  draw_shortcuts(s);
  draw_loading(s);
  ImGui::Spacing();
  g_header_height = ImGui::GetCursorPosY() - top;
}

void draw_column(AppState& s, Host& host, const char* id, float width,
                 std::initializer_list<void (*)(AppState&, Host&)> panels) {
  ImGui::BeginChild(id, ImVec2(width, 0), false);
  // A finger drags the column to scroll it (ImGui 1.86 scrolls only by wheel or scrollbar);
  // a drag that starts on a control (a slider, the bit array) stays that control's.
  // (A press on empty space makes the window's "move" id active, even for windows that
  // cannot move: that counts as the background.)
  const ImGuiContext& g = *GImGui;
  const bool on_background = g.ActiveId == 0 || (g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId);
  if (s.view.touch && on_background && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f) &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem))
    ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
  for (auto panel : panels) panel(s, host);
  ImGui::EndChild();
}

// Screen readers hear the verdict and the key numbers (the page's aria-live region): once the
// text has rested for a moment, so typing a word does not read out every letter.
void announce_changes(AppState& s, Host& host) {
  constexpr double kRestSeconds = 0.7;
  static std::string last_sent, pending;
  static double changed_at = 0;
  static uint64_t seen_version = UINT64_MAX;
  static std::string seen_word;
  const double now = ImGui::GetTime();
  if (s.version != seen_version || s.word_input != seen_word) {  // recompute only on a change
    seen_version = s.version;
    seen_word = s.word_input;
    pending = actions::announcement(s);
    changed_at = now;
  }
  if (pending != last_sent && now - changed_at >= kRestSeconds && !s.pending.active()) {
    last_sent = pending;
    host.announce(pending);
  }
}

void run_shortcuts(AppState& s, Host& host) {
  std::vector<Shortcut> keys;
  keys.swap(s.shortcuts);
  for (Shortcut key : keys) actions::run_shortcut(s, host, key);
}

// Panels that the view options hide draw nothing: wrap each in its flag.
template <bool ViewOptions::*Flag, void (*Panel)(AppState&, Host&)>
void shown(AppState& s, Host& host) {
  if (s.view.*Flag) Panel(s, host);
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
  c[ImGuiCol_WindowBg] = v.theme == Theme::light ? ImVec4(0.94f, 0.95f, 0.96f, 1)
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
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = accent;
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
  if (s.version == 0 && s.set.words().empty()) {
    actions::load_preset(s, host, "tiny");
    actions::set_word_input(s, "Qwerty");
  }
  apply_theme(s.view);
  g_applied.theme = s.view.theme;
  g_applied.font_scale = s.view.font_scale;
  g_applied.touch = s.view.touch;
}

void frame(AppState& s, Host& host) {
  run_shortcuts(s, host);
  actions::step_pending(s, 8.0);
  apply_deferred_url_params(s);
  if (s.view.theme != g_applied.theme || s.view.font_scale != g_applied.font_scale ||
      s.view.touch != g_applied.touch) {
    apply_theme(s.view);
    g_applied.theme = s.view.theme;
    g_applied.font_scale = s.view.font_scale;
    g_applied.touch = s.view.touch;
    s.bits.texture_version = UINT64_MAX;  // the texture's colours come from the theme
  }
  s.hovered_word.clear();

  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("BloomLab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  const bool cramped = g_header_height > io.DisplaySize.y * kMaxHeaderShare;
  if (!cramped) draw_header(s, host);

  const float width = ImGui::GetContentRegionAvail().x;
  // Two columns only when both have something to show (an embed may hide one side).
  const ViewOptions& v = s.view;
  const bool left_any = v.show_words || v.show_bits || v.show_check || v.show_steps;
  const bool right_any = v.show_params || v.show_plots || v.show_numbers;
  if (cramped) {
    draw_column(s, host, "one", 0,
                {draw_header, shown<&ViewOptions::show_words, panel_word>,
                 shown<&ViewOptions::show_steps, panel_steps>, shown<&ViewOptions::show_bits, panel_bits>,
                 shown<&ViewOptions::show_params, panel_params>,
                 shown<&ViewOptions::show_numbers, panel_numbers>,
                 shown<&ViewOptions::show_plots, panel_plots>,
                 shown<&ViewOptions::show_check, panel_check>, shown<&ViewOptions::show_words, panel_list>});
  } else if (width >= kNarrowWidth * ui_scale() && left_any && right_any) {
    const float left = std::floor(width * 0.56f);
    draw_column(s, host, "left", left,
                {shown<&ViewOptions::show_words, panel_word>, shown<&ViewOptions::show_steps, panel_steps>,
                 shown<&ViewOptions::show_bits, panel_bits>, shown<&ViewOptions::show_words, panel_list>,
                 shown<&ViewOptions::show_check, panel_check>});
    ImGui::SameLine();
    draw_column(s, host, "right", 0,
                {shown<&ViewOptions::show_params, panel_params>,
                 shown<&ViewOptions::show_plots, panel_plots>,
                 shown<&ViewOptions::show_numbers, panel_numbers>});
  } else {
    draw_column(s, host, "one", 0,
                {shown<&ViewOptions::show_words, panel_word>, shown<&ViewOptions::show_steps, panel_steps>,
                 shown<&ViewOptions::show_bits, panel_bits>,
                 shown<&ViewOptions::show_params, panel_params>,
                 shown<&ViewOptions::show_numbers, panel_numbers>,
                 shown<&ViewOptions::show_plots, panel_plots>,
                 shown<&ViewOptions::show_check, panel_check>, shown<&ViewOptions::show_words, panel_list>});
  }
  draw_share_dialog(s, host);
  ImGui::End();
  announce_changes(s, host);
}

}  // namespace bloomlab::app
