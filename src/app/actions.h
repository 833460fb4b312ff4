// Every change to the state goes through one of these actions: the panels call them on clicks and
// keys, the JS API calls them from the page. Neither holds logic of its own.
#pragma once
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "host.h"
#include "state.h"

namespace bloomlab::app::actions {

// Each returns an empty string on success, or the message (also stored in the matching Note).
std::string set_params(AppState& s, const FilterParams& p);
std::string add_word(AppState& s, std::string_view word);
std::string remove_word(AppState& s, std::string_view word);
std::string load_preset(AppState& s, Host& host, std::string_view name);  // tiny, passwords, empty
// Parses a whole list (file, paste, drop) and queues its words (added a slice per frame).
std::string load_word_list(AppState& s, std::string_view bytes, std::string_view source);
void word_list_arrived(AppState& s, std::string_view bytes);  // the password list came
void word_list_failed(AppState& s, std::string_view why);
// Adds the next slice of queued words; called once per frame. True while work remains.
bool step_pending(AppState& s, double budget_ms = 8.0);
void clear_words(AppState& s);

Explained query(const AppState& s, std::string_view word);
// explain() of the word box, cached on (word, version): what the panels draw every frame.
const Explained& current_query(AppState& s);
// Puts text in the word box, capped at kMaxLineBytes (on a UTF-8 boundary) with a note.
void set_word_input(AppState& s, std::string_view text);
// Standard variant: which other members would become false negatives if `word`'s bits were
// cleared (stored in s.what_if_broken); nothing is cleared.
void what_if_cleared(AppState& s, std::string_view word);
Measurement measure(AppState& s, uint64_t probes);

// View, classroom and export actions (actions_view.cpp).
// Presentation mode: large text (2x) and the high-contrast theme; off restores what was before.
void set_presentation(AppState& s, bool on);
// Step-through of the word box's word: moves by `delta` steps, clamped to the first and last.
void step(AppState& s, int delta);
int step_count(const AppState& s);  // steps for the current word and k
void run_shortcut(AppState& s, Host& host, Shortcut key);
// The link and the iframe snippet that recreate the current state (Host::page_url + params).
std::string share_link(const AppState& s, const Host& host);
std::string embed_snippet(const AppState& s, const Host& host);
// The measurements as CSV: the sweep (measured FP over bits per word at this k, with theory)
// and the current point. Saved through Host::save_file as bloomlab-measurements.csv.
std::string measurements_csv(const AppState& s);
void export_csv(AppState& s, Host& host);
void export_plot_png(AppState& s, Host& host);  // the FP-over-bits plot, as drawn last frame
// Screen-reader summary: the verdict for the word box and the key numbers.
std::string announcement(AppState& s);

// JSON for the JS API: the whole visible state, and the answer to query().
std::string state_json(const AppState& s);
// The view's state for tests and embedding pages (presentation, steps, rects of the controls,
// zoom...), with what only the platform knows: whether ImGui wants text, the pixel ratio and
// font size the atlas was built for.
std::string view_state_json(AppState& s, bool wants_text_input, float pixel_ratio,
                            float font_size);
std::string query_json(const AppState& s, std::string_view word);
std::string measurement_json(const Measurement& m);

}  // namespace bloomlab::app::actions
