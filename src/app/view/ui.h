// What the panels share: the theme's colours, the card every panel sits in, notes, number
// formatting, and the panel functions themselves (one file each).
#pragma once
#include <imgui.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/format.h"
#include "app/model/host.h"
#include "app/model/later.h"
#include "app/model/state.h"

namespace bloomlab::app {

// The colours with a meaning, per theme (apply_theme picks the set).
struct Palette {
  ImU32 set_bit;       // a bit that is 1: warm amber
  ImU32 unset_bit;     // a bit that is 0
  ImU32 cell_text;     // bit index written in a cell
  ImU32 current;       // the word box's positions: a contrasting cyan/blue outline
  ImU32 zero_bit;      // a position of the word box whose bit is 0: the reason for "definitely not"
  ImU32 hovered_word;  // positions of a word hovered in the list
  ImU32 card_bg, card_border, plot_bg, grid;
  ImU32 text, text_dim, ok, error;
  ImU32 series[4];  // plot curves: theory, envelope, measured, exact
};
const Palette& palette();
void set_palette(Theme t);
ImVec4 to_vec4(ImU32 c);

// A panel's frame: a rounded card with a title, a one-line hint and a "?" that shows the formula.
// Content goes between begin_card and end_card (always call end_card).
// `action`, if given, is a small button at the right end of the title row (a short form's "Show
// all": it costs the card no row of its own); returns whether it was pressed.
bool begin_card(const char* title, const char* hint, const char* formula, const char* action = nullptr);
// The card of a panel that has a short form (lessons.h short_form: a step names it beside
// another panel): while short, "Show all" in its title row unfolds it for the step, and then
// "Show less" gives the short form back (a reader who looked could not fold it again). Returns
// whether the card is drawn short this frame. A short card's hint is in its (?), not on a line.
bool begin_panel_card(AppState& s, Panel panel, const char* title, const char* hint, const char* formula);
void end_card();
// The screen y of the lower edge of the card ended last since the last call (-FLT_MAX if none):
// where a card ends, the space under it not counted.
float take_last_card_bottom();
// The titles of the cards whose content reached past their right edge since the last call (a
// control cut off by a narrow column or a slide's large text); the tests read them (viewState).
std::vector<std::string> take_overflowing_cards();
// A control's text cut by its frame (a slider's value, a combo's preview: ImGui clips it
// silently) is reported with the overflowing cards: "<card> (clipped N px: <text>)".
void note_clipped(const char* text, float frame_width);
// A button whose label breaks into lines when it is wider than the line's room (a slide's large
// text in a narrow column, a longer language): never past the card's edge.
bool button_wrapped(const char* label);
// A checkbox whose label wraps beside its box when the line has no room for it (a slide, a
// phone, a longer language) instead of running past the card's edge. `id` names the box.
bool checkbox_wrapped(const char* label, const char* id, bool* value);

// A translated label with a fixed ImGui id part: with_id(tr("Add"), "##add").
inline std::string with_id(const char* label, const char* id) { return std::string(label) + id; }

void text_coloured(ImU32 colour, const char* text);
void hint_text(const char* text);  // dim, wrapped
// `text` with '\n' where it breaks at `width` in the current font (format.h line_breaks: at
// spaces and between CJK characters, never inside a number): what every wrapped text draws.
std::string wrapped_text(const char* text, float width);
// Text wrapped by wrapped_text at the wrap position pushed (PushTextWrapPos), else at the card's
// edge. ImGui::TextWrapped split numbers at their separators ("12," / "500").
void text_wrapped(const char* text);
inline void text_wrapped(const std::string& text) { text_wrapped(text.c_str()); }
// Its first line as text_wrapped would break it, with "…" at its end when there is more.
void text_first_line(const char* text);
// The height text_wrapped would take here (with the spacing after it), drawing nothing.
float text_wrapped_height(const char* text);
inline float text_wrapped_height(const std::string& text) { return text_wrapped_height(text.c_str()); }
void help_marker(const char* text);  // "(?)" with a tooltip
// ImGui::InputDouble as the language writes numbers: "0,01" in Russian and Ukrainian, where
// InputDouble showed "0.01" and refused a typed comma; a decimal point is taken too. True when
// the text typed is a number (on Enter only with ImGuiInputTextFlags_EnterReturnsTrue).
bool input_number(const char* id, double* v, const char* format, int flags = 0);
// A tooltip whose text wraps at about 30 characters, and within the screen on a slide.
void tooltip(const char* text);
inline void tooltip(const std::string& text) { tooltip(text.c_str()); }
// The note of a control: its outcome in words (outcome_text), errors in the error colour;
// nothing for an outcome with nothing to say.
void show_note(const Outcome& note);
// Queues an action for after this frame's drawing (drawing never changes the state).
void dispatch(AppState& s, Action action);
// A small rounded label with a background: bit indices, verdict badges, word chips.
void chip(const char* text, ImU32 bg, ImU32 fg);
// A chip, then a sentence wrapped beside it, its first line on the chip's line (a verdict).
void chip_then_text(const char* text, ImU32 bg, ImU32 fg, const char* sentence);
// Moves to a new line unless an item `width` wide still fits on this one.
void same_line_if_fits(float width);
// A button's width with its label (ImGui's own arithmetic), for same_line_if_fits.
float button_width(const char* label);

ScreenRect last_item_rect();  // where the last ImGui item was drawn (AppState::layout)
// Where everything `draw` drew went, as one rect (an ImGui group): a plot with its titles and a
// legend under it.
template <class Draw>
ScreenRect grouped(Draw&& draw) {
  ImGui::BeginGroup();
  draw();
  ImGui::EndGroup();
  return last_item_rect();
}
float ui_scale();                // the font scale (presentation mode): multiply fixed pixel sizes by it
void set_ui_scale(float scale);  // apply_theme() keeps it in step with the style
// Presentation mode's compact slide: tighter cards, the word list as a count.
bool ui_compact();
void set_ui_compact(bool compact);
// The cards' hint lines under their titles: off on a slide and in an embed, which keep their room
// for what the author shows (the card's (?) says the hint then).
void set_ui_captions(bool shown);
void set_ui_touch(bool touch);  // a coarse pointer (ViewOptions::touch)
// ImGui::SmallButton, but as tall as a finger on a touch screen (a small button was 16-18 px).
bool small_button(const char* label);
// A menu's item (ImGui::Selectable), as tall as a finger on a touch screen (its items were 26 px).
bool menu_item(const char* label, bool selected);
// ImGui::Combo with menu_item's items.
bool combo(const char* id, int* index, const char* const names[], int count);
// On a slide, controls that are chrome (the header, the word box's buttons) keep the normal text
// size while the content is large: text and frame padding at 1/scale while this lives.
class ChromeScope {
 public:
  explicit ChromeScope(bool on);
  ~ChromeScope();
  ChromeScope(const ChromeScope&) = delete;
  ChromeScope& operator=(const ChromeScope&) = delete;

 private:
  bool on_;
};

// The panels, one file each. The table in panels.cpp (id, title, column, draw function) is read
// by the layout, the panels= parameter and the View menu.
void panel_word(AppState& s, Host& host);
void panel_bits(AppState& s, Host& host);
void panel_params(AppState& s, Host& host);
void panel_plots(AppState& s, Host& host);
void panel_numbers(AppState& s, Host& host);
void panel_check(AppState& s, Host& host);
void panel_code(AppState& s, Host& host);    // a runnable program for the filter (Python, Go, JS, C++)
void panel_speed(AppState& s, Host& host);   // the standard and the blocked filter timed side by side
void panel_family(AppState& s, Host& host);  // Bloom, blocked, cuckoo and binary fuse against the bound
// The family's members as the panels name and colour them (Filter family, Speed): panel_family.cpp.
const char* family_kind_title(FamilyKind kind);
ImU32 family_kind_colour(FamilyKind kind);
void panel_steps(AppState& s, Host& host);    // the step-through (classroom)
void panel_list(AppState& s, Host& host);     // your own words: open, paste or drop a list
void panel_lessons(AppState& s, Host& host);  // lessons and their tasks
// The lessons' card with its buttons under the step (panel_lessons), or without them, for a
// pane that scrolls the step and keeps lesson_buttons below its scroll: beside the panels, or
// above them on one column, where the step's title folds its text away (apart_folding).
enum class LessonButtons { in_card, apart, apart_folding };
void lesson_card(AppState& s, LessonButtons buttons);
// Back / Next / Reset this step, and All lessons unless the card has it in its title row.
void lesson_buttons(AppState& s, bool with_list = true);
// The next cards drawn have an outline in the accent colour (a lesson's step points at them).
void set_card_highlight(bool on);

}  // namespace bloomlab::app
