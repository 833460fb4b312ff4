// The whole state of the application, as plain structs (after imgui_demo.cpp): the panels read
// it and call actions (actions.h) to change it; the JS API calls the same actions.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/experiment.h"
#include "core/word_list.h"
#include "core/word_set.h"

namespace bloomlab::app {

enum class Theme { dark, light, high_contrast };
// The theme's name in links and in state(): "dark", "light", "contrast".
inline const char* theme_name(Theme t) {
  return t == Theme::light ? "light" : t == Theme::high_contrast ? "contrast" : "dark";
}

// A message in words, shown beside the control that caused it.
struct Note {
  std::string text;
  bool is_error = false;
  double shown_at = 0;  // ImGui time, for fading out
};

// Words waiting to be added a slice per frame, so a big list never freezes the page.
struct PendingWords {
  std::vector<std::string> words;
  size_t next = 0;
  std::string source;  // "10k leaked passwords", "pasted text", a file name
  WordListReport report;
  bool active() const { return next < words.size(); }
  float progress() const { return words.empty() ? 1.f : float(next) / float(words.size()); }
};

// One point of a plot's measured series.
struct MeasuredPoint {
  double bits_per_item = 0;
  uint32_t k = 0;
  double rate = 0;
};

struct PlotCache {
  // Measured FP at the current k over bits per item (the sweep), recomputed when the words or k
  // change; the theory curves are evaluated while drawing (cheap).
  std::vector<MeasuredPoint> measured_vs_bits;
  uint64_t words_version = 0;  // WordSet change counter the cache was computed for
  FilterParams params;
  bool valid = false;
  double last_sweep_ms = 0;     // how long the sweep took: an expensive one waits for a pause
  uint64_t seen_version = UINT64_MAX;  // version last seen changing, and when (ImGui time)
  double seen_at = 0;
  // The exact-formula curves (theory::exact_fp_rate), for small m only; keyed on n, m, k.
  std::vector<double> exact_vs_bits, exact_vs_k;
  uint64_t exact_n = 0, exact_m = 0;
  uint32_t exact_k = 0;
};

// explain() of the word box, recomputed only when the word or the filter changes.
struct QueryCache {
  std::string word;
  uint64_t version = UINT64_MAX;
  Explained result;
};

// Memory unit of the m control.
enum class SizeUnit { bits, bytes, kib };

struct ViewOptions {
  Theme theme = Theme::dark;
  Theme page_theme = Theme::dark;  // the page's default (prefers-color-scheme): links omit it
  float font_scale = 1.0f;      // presentation mode: 1.5 .. 3
  bool presentation = false;
  // What presentation mode replaced, restored when it ends.
  Theme theme_before_presentation = Theme::dark;
  float scale_before_presentation = 1.0f;
  bool reduced_motion = false;  // from prefers-reduced-motion
  bool touch = false;           // a coarse pointer (a finger): larger touch targets
  bool embed = false;           // in an article's iframe: a compact header
  bool show_steps = false;      // the step-through panel
  bool show_shortcuts = false;  // the keyboard shortcuts list
  bool share_open = false;      // the share / embed dialog
  bool show_exact_curve = false;
  // Which panels show (embeds can hide some).
  bool show_words = true, show_bits = true, show_params = true, show_plots = true,
       show_numbers = true, show_check = true;
};

struct BitView {
  float zoom = 1.0f;     // 1 = the whole array fits
  float pan_x = 0, pan_y = 0;
  int64_t hovered_bit = -1;
  int64_t pinned_bit = -1;  // tapped on touch screens
  uint64_t texture_version = UINT64_MAX;  // filter version the texture was built for
  ImTextureID texture = nullptr;
  int texture_cols = 0, texture_rows = 0;
  uint64_t texture_bucket = 1;   // bits per texel (> 1 only for m beyond ~4M)
  double texture_built_at = -1;  // ImGui time: while a list loads, rebuild a few times a second
  // setters_of_bit() of the hovered bit, cached.
  int64_t setters_bit = -1;
  uint64_t setters_version = UINT64_MAX;
  std::vector<uint32_t> setters;
  // Two-finger pinch this frame, from the platform: a zoom factor (1 = none) about a point.
  float pinch_zoom = 1.0f;
  ImVec2 pinch_center;
};

// Keys the platform recognised (it knows the keyboard; the app knows what they mean). Run by
// app::frame through actions::run_shortcut.
enum class Shortcut { focus_word, preset_tiny, preset_passwords, preset_empty, presentation,
                      step_back, step_forward, toggle_steps, toggle_shortcuts };

// Step-through of one word: the word, its bytes, h, h1 and h2, each position, the bits.
struct StepThrough {
  int step = 0;
  std::string word;  // the word the steps were started for (a new word restarts them)
  std::string shown;  // the steps on screen, as text (the browser tests read it)
};

// Where things were drawn in the last frame, in CSS pixels from the canvas's top-left: the
// browser tests aim their clicks with it, and the on-screen keyboard places its hidden input.
struct ScreenRect {
  float x = 0, y = 0, w = 0, h = 0;
};
struct Layout {
  ScreenRect word_box, k_slider, bit_area;
  ScreenRect plot_bits;  // the plot of FP over bits per word (what "Save PNG" saves)
  ScreenRect share_button, copy_link_button, copy_embed_button;  // header and share dialog
  ScreenRect save_png_button, save_csv_button, step_next_button;
  ScreenRect open_file_button, paste_box, add_list_button;  // the "your own words" panel
  // The cell grid (m small enough for one rectangle per bit): bit i's cell starts at
  // (cells_x + (i % cells_cols) * cell, cells_y + (i / cells_cols) * cell).
  bool bit_cells = false;
  float cells_x = 0, cells_y = 0, cell = 0;
  uint64_t cells_cols = 0;
};

struct AppState {
  WordSet set = std::move(WordSet::create(FilterParams{}).value());
  uint64_t version = 0;  // bumped by every change of the words or the params
  uint64_t words_version = 0;  // bumped when the words change (not the params): the sweep cache

  std::string word_input;            // the word box
  std::string hovered_word;          // a word in the list under the mouse: its bits highlight
  std::string check_input;           // "check a password" box
  std::string preset = "tiny";
  std::optional<Measurement> measurement;  // last measure() result, for the current version
  uint64_t measurement_version = UINT64_MAX;
  uint64_t probes = kDefaultProbes;

  // The design helper.
  double design_n = 10000, design_p = 0.01;

  PendingWords pending;
  bool password_list_loading = false;
  std::string password_list_error;
  WordListReport last_report;  // of the last list loaded or pasted
  bool has_report = false;

  Note word_note, params_note, list_note;
  Note check_note;

  // What the current preset put in, so that a share link can say "preset + these words".
  size_t preset_word_count = 0;
  bool preset_intact = true;  // false once a preset word was removed
  QueryCache query_cache;
  SizeUnit size_unit = SizeUnit::bits;
  // Standard variant "what if we cleared its bits?": the answer, for word `what_if_word`.
  std::string what_if_word;
  uint64_t what_if_version = UINT64_MAX;
  std::vector<std::string> what_if_broken;
  // A link's m, k, variant, scheme and words wait here while its preset's list downloads (the
  // list's arrival resets them); apply_deferred_url_params() applies them after.
  std::string url_after_list;
  std::vector<std::string> url_warnings;  // from apply_url_params, shown once at the top
  std::vector<Shortcut> shortcuts;  // queued by the platform, run at the start of a frame
  bool focus_word_box = false;      // Ctrl/Cmd+K: the word box takes the keyboard next frame
  std::string paste_input;          // the "paste a list" box
  StepThrough steps;
  Note export_note;
  ViewOptions view;
  BitView bits;
  PlotCache plots;
  Layout layout;
};

}  // namespace bloomlab::app
