// BloomLab's screen. Index:
//   init()          the Tiny preset with "Qwerty" in the word box: the classic collision
//   apply_theme()   dark, light, high contrast; the font scale of presentation mode
//   frame()         one window filling the display:
//     draw_header()   title, presets, theme and text size, share link, loading progress
//     wide layout     (>= 700 px) two scrolling columns: word, bits, check | params, plots, numbers
//     narrow layout   (phones) one scrolling column, the same panels in reading order
//   announce_changes()  the verdict and key numbers, for screen readers
// The panels live one per file: panel_word.cpp, panel_bits.cpp, panel_params.cpp,
// panel_plots.cpp, panel_numbers.cpp, panel_check.cpp.
#include "app.h"

#include <cmath>

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
};
Applied g_applied;


// Theme, text size and the share link: on the right of the header (own line on phones).
float view_controls_width() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("A−A+Copy link").x + 6 * st.FramePadding.x;
  return theme_combo_width() + buttons + 3 * st.ItemSpacing.x;
}

void draw_view_controls(AppState& s) {
  static const char* const names[] = {"Dark", "Light", "High contrast"};
  int theme = static_cast<int>(s.view.theme);
  ImGui::SetNextItemWidth(theme_combo_width());
  if (ImGui::Combo("##theme", &theme, names, 3)) s.view.theme = static_cast<Theme>(theme);
  ImGui::SameLine();
  if (ImGui::Button("A−")) s.view.font_scale = std::max(1.0f, s.view.font_scale - 0.25f);
  ImGui::SameLine();
  if (ImGui::Button("A+")) s.view.font_scale = std::min(3.0f, s.view.font_scale + 0.25f);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Bigger text, for a projector");
  s.view.presentation = s.view.font_scale > 1.0f;
  ImGui::SameLine();
  if (ImGui::Button("Copy link")) ImGui::SetClipboardText(("?" + url_params_for(s)).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copies ?%s", url_params_for(s).c_str());
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
  show_note(s.list_note);
  for (const std::string& w : s.url_warnings) show_note(Note{"Link: " + w, true, 0});
}

void draw_header(AppState& s, Host& host) {
  const float width = ImGui::GetContentRegionAvail().x;
  const bool narrow = width < kNarrowWidth * ui_scale();
  ImGui::AlignTextToFramePadding();
  text_coloured(palette().set_bit, "BloomLab");
  ImGui::SameLine();
  text_coloured(palette().text_dim, narrow ? "a Bloom filter" : "a Bloom filter you can see");
  if (!narrow) ImGui::SameLine(0, 32 * ui_scale());
  draw_presets(s, host);
  // The view controls sit at the right end of the row when they fit there, else on a new line.
  const float right = ImGui::GetWindowContentRegionMax().x - view_controls_width();
  if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 24 * ui_scale() < right) ImGui::SameLine(right);
  draw_view_controls(s);
  draw_loading(s);
  ImGui::Spacing();
}

void draw_column(AppState& s, Host& host, const char* id, float width,
                 std::initializer_list<void (*)(AppState&, Host&)> panels) {
  ImGui::BeginChild(id, ImVec2(width, 0), false);
  for (auto panel : panels) panel(s, host);
  ImGui::EndChild();
}

// Screen readers hear the verdict when it changes (the page's aria-live region).
void announce_changes(AppState& s, Host& host) {
  static std::string last;
  std::string text;
  if (!s.word_input.empty()) text = display_text(s.word_input) + ": " + actions::current_query(s).sentence();
  if (text != last) {
    last = text;
    if (!text.empty()) host.announce(text);
  }
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
  style.FramePadding = ImVec2(10, 6);  // ui_scale() reads FramePadding.y / 6
  style.ItemSpacing = ImVec2(10, 8);
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
}

void init(AppState& s, Host& host) {
  if (s.version == 0 && s.set.words().empty()) {
    actions::load_preset(s, host, "tiny");
    actions::set_word_input(s, "Qwerty");
  }
  apply_theme(s.view);
  g_applied.theme = s.view.theme;
  g_applied.font_scale = s.view.font_scale;
}

void frame(AppState& s, Host& host) {
  actions::step_pending(s, 8.0);
  if (s.view.theme != g_applied.theme || s.view.font_scale != g_applied.font_scale) {
    apply_theme(s.view);
    g_applied.theme = s.view.theme;
    g_applied.font_scale = s.view.font_scale;
    s.bits.texture_version = UINT64_MAX;  // the texture's colours come from the theme
  }
  s.hovered_word.clear();

  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("BloomLab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  draw_header(s, host);

  const float width = ImGui::GetContentRegionAvail().x;
  if (width >= kNarrowWidth * ui_scale()) {
    const float left = std::floor(width * 0.56f);
    draw_column(s, host, "left", left,
                {shown<&ViewOptions::show_words, panel_word>, shown<&ViewOptions::show_bits, panel_bits>,
                 shown<&ViewOptions::show_check, panel_check>});
    ImGui::SameLine();
    draw_column(s, host, "right", 0,
                {shown<&ViewOptions::show_params, panel_params>,
                 shown<&ViewOptions::show_plots, panel_plots>,
                 shown<&ViewOptions::show_numbers, panel_numbers>});
  } else {
    draw_column(s, host, "one", 0,
                {shown<&ViewOptions::show_words, panel_word>, shown<&ViewOptions::show_bits, panel_bits>,
                 shown<&ViewOptions::show_params, panel_params>,
                 shown<&ViewOptions::show_numbers, panel_numbers>,
                 shown<&ViewOptions::show_plots, panel_plots>,
                 shown<&ViewOptions::show_check, panel_check>});
  }
  ImGui::End();
  announce_changes(s, host);
}

}  // namespace bloomlab::app
