// The one door (see action.h): apply() is the only function that changes the state. The rest of
// this header reads the state: the word box's verdict, links, CSV, JSON for the JS API.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "action.h"
#include "core/cuckoo.h"
#include "core/json_writer.h"
#include "host.h"
#include "state.h"

namespace bloomlab::app {

// Applies one action; the outcome is also kept as the note of the control it belongs to.
Outcome apply(AppState& s, Host& host, const Action& action);
// Applies the actions the panels queued while drawing (AppState::inbox), in order.
void apply_inbox(AppState& s, Host& host);
// Adds the next slice of queued words (a list loading); the app calls it once per frame. Like
// an action it changes the state, but it is the continuation of the LoadWordList that queued
// the words. True while work remains.
bool continue_loading(AppState& s, double budget_ms = 8.0);
// The action a key the platform recognised stands for, if it means anything now.
std::optional<Action> shortcut_action(const AppState& s, Shortcut key);
// Where text typed while no text field has the keyboard goes now (TypingBox): the platform
// keeps such text back until that box has the keyboard (Shortcut::stray_typing asks for it).
TypingBox typing_box(const AppState& s);

// The parameters a preset sets (tiny, passwords); none for empty, which keeps them.
std::optional<FilterParams> preset_params(std::string_view name);
// The word a preset puts in the word box: the Python article's question, "" for the others.
std::string_view preset_word(std::string_view name);
// The members the filter answers "definitely not" for (the article's unchecked remove broke
// them), cached for the state's version: the word list highlights them.
const std::vector<std::string>& broken_words(AppState& s);

// One judge of requested parameters, whatever door they came in by (panels, URL, JS API).
// On success `out` holds the parameters to apply.
Outcome check_params(const ParamsRequest& request, const FilterParams& current, FilterParams& out);
// A parameter's refusal by the core (core/params.h) as the app's outcome: m_range and k_range
// as themselves, any other as params_refused carrying the core's code and arguments.
Outcome param_refusal(const Error& e);
// What the page waits for from outside that will change the screen when it comes, in a word or
// two, or nullptr: the password list's download, the lessons' texts or the programs' templates
// asked for and not yet in (nor failed). No frames are drawn for it (nothing moves meanwhile),
// but the page is not at rest (viewState().settled) until it has come.
const char* awaited_reason(const AppState& s);

namespace actions {

Explained query(const AppState& s, std::string_view word);
// explain() of the word box, cached on (word, version): what the panels draw every frame.
const Explained& current_query(AppState& s);               // setters and culprits only for a false positive
const Explained& current_query_with_setters(AppState& s);  // all of them (a tooltip asks)
// The same, its walk over every word finished now, not a slice a frame (the page's state() is
// a synchronous answer); kept in the same cache, so the frames and later calls do not walk again.
const Explained& finished_query_with_setters(AppState& s);
// explain() of the "check a password" box, cached as current_query() (it walks every word).
const Explained& checked_query(AppState& s);
int step_count(const AppState& s);  // steps for the current word and k
// A cuckoo filter's step-through ends with the word box's add, foretold (CuckooFilter::
// plan_insert): the empty slot it takes, or each kick, or "full". Nothing for a word already in
// the set or a filter of bits. The first kMaxKickSteps kicks are a step each, the rest one step.
struct AddPlan {
  bool shown = false;
  CuckooInsert outcome = CuckooInsert::placed;
  std::vector<CuckooKick> kicks;
  uint64_t bucket = 0;  // placed: the bucket whose empty slot the last fingerprint moved takes
};
inline constexpr size_t kMaxKickSteps = 8;
AddPlan planned_add(const AppState& s);
int add_plan_steps(const AddPlan& plan);
// Where the step-through is: the step on screen for the current word (a new word starts at 0).
int current_step(const AppState& s);
// The link and the iframe snippet that recreate the current state (Host::page_url + params).
std::string share_link(const AppState& s, const Host& host);
std::string embed_snippet(const AppState& s, const Host& host);
// The measurements as CSV: the sweep (measured FP over bits per word at this k, with theory)
// and the current point. Saved through Host::save_file as bloomlab-measurements.csv.
std::string measurements_csv(const AppState& s);
// The Code panel's program for the current filter (core/program.h): its m, k and words (the 10k
// preset reads passwords-10k.txt, a list of more than kMaxEmbeddedWords words.txt; others are
// written in), the word box's word asked after them, the current probe count. A scheme the
// programs do not write is written as reference, a counting or blocked filter as standard:
// code_differs() says which, in words, for the panel.
inline constexpr size_t kMaxEmbeddedWords = 2000;
ProgramSpec code_spec(const AppState& s);
// The templates the programs are written from: compiled in, or fetched (nullptr until they are).
const ProgramTemplates* program_templates(const AppState& s);
// The Code panel's program for the current filter; nothing while its templates are not here.
std::optional<std::string> code_program(const AppState& s, Language l);
std::string code_differs(const AppState& s);  // "" when the program is this very filter
// Where the filter on screen stands on the plot "FP against bits per word" ("you are here"):
// x its bits per word (a scalable filter: all its stages' bits), y its variant's theoretical FP
// (core's theoretical_fp_rate, as the Numbers say). None without words.
struct PlotPoint {
  double x = 0, y = 0;
};
std::optional<PlotPoint> here_on_bits_plot(const AppState& s);
// Screen-reader summary: the verdict for the word box and the key numbers (the same numbers
// and the same theoretical FP as the Numbers panel: core's theoretical_fp_rate).
std::string announcement(AppState& s);
// Classroom-safe words are on: as chosen (the checkbox, safe=1 / safe=0), else whenever a lesson
// is open and in presentation (a lesson link opened on a laptop is a class too).
bool safe_words_on(const AppState& s);
// A word as the view may show it: masked ("p•••••d") when the classroom-safe option is on and
// the word is in the classroom word list; display_text otherwise.
std::string shown_word(const AppState& s, std::string_view word, size_t max_chars = 64);
// The verdict in words, as the panels and the screen reader say it: the core's sentence, or while
// a lesson's task hides the truth (lesson.h), "possibly" without saying whether it is a member.
std::string verdict_sentence(const AppState& s, const Explained& e);
// How many of the words in the set the classroom-safe option masks.
size_t masked_count(const AppState& s);

// JSON for the JS API: the whole visible state, and the answer to query().
std::string state_json(const AppState& s);
// What only the platform knows of the view: whether ImGui wants text, the pixel ratio and font
// size the atlas was built for, whether the page has settled (no input, action or work waiting
// to be shown, and the last frame placed everything where the one before did) and whether input
// still waits for a frame to take it.
struct PlatformView {
  bool wants_text_input = false;
  float pixel_ratio = 1, font_size = 16;
  bool settled = false, input_waiting = false;
  std::string busy;  // why it has not settled (loop.h busy_reason), or empty
};
// The view's state for tests and embedding pages (presentation, steps, rects of the controls,
// zoom...), with what the platform knows.
std::string view_state_json(AppState& s, const PlatformView& platform);
// query(): the word explained, or {ok: false, error} for a word over kMaxLineBytes (as add refuses it).
std::string query_json(const AppState& s, std::string_view word);
std::string measurement_json(const Measurement& m);
// The measured FP is kept current by itself while measuring is cheap (probes times k at most
// kAutoMeasureWork: a few ms, with a million words too): the frame calls keep_measured() before
// it draws and after the actions it applied, so the frame after a change shows its numbers.
// Once a frame, however many actions came (apply() measuring after each one made a link's
// words= a measurement per word). Dearer ones wait for the Numbers' Measure button.
inline constexpr double kAutoMeasureWork = 3e6;
void keep_measured(AppState& s);
std::string outcome_json(const Outcome& o);  // {ok, code, args?, error?}

// The growth curve (FP as the filter fills) for the words, params and probe count on screen:
// refresh_growth() works on it for about budget_ms (a slice per frame; a change starts it over;
// budget_ms < 0: to the end). growth_json(): {points: [...], designN, inserted, ms} (core's
// write_growth_fields), computed to the end first.
void refresh_growth(AppState& s, double budget_ms);
// The plots' background jobs, a slice per frame while their panel is shown (kPlotSliceMs: with a
// million words a sweep takes seconds in all, spread over frames so that none is blocked).
inline constexpr double kPlotSliceMs = 6;
// The sweep: measured FP over bits per word at the current k (core SweepRun), kept for the
// words and k (s.plots); a change starts it over; budget_ms < 0: to the end.
void refresh_sweep(AppState& s, double budget_ms);
bool sweep_current(const AppState& s);  // s.plots' sweep is for these words and this k
// The exact formula (theory::exact_fp_rate) over bits per word (n fixed) and over k (m fixed),
// for small m only (exact_curve_possible), kept for n, m and k.
bool exact_curve_possible(const AppState& s);
void refresh_exact(AppState& s);
bool growth_current(const AppState& s);  // s.growth is for what is on screen
std::string growth_json(AppState& s);
// The memory figures (core/memory.h): the filter's bytes, the list as text, the list as a hash
// set, the article's Python set figure. The hash set is measured once per list, for about
// budget_ms per call (the panels ask once a frame; budget_ms < 0: to the end, as memory_json
// does): until it is done, hash_set_bytes is the list's before (hash_set_current false) and
// hash_set_progress says how far the new measure is.
struct MemoryFigures {
  uint64_t filter_bytes = 0, list_text_bytes = 0, hash_set_bytes = 0, python_set_bytes = 0;
  const char* python_version = "";
  bool hash_set_current = true;
  double hash_set_progress = 1;
};
inline constexpr double kMemorySliceMs = 4;
// The word box's walk for a false positive's culprits (QueryCache): its share of a frame.
inline constexpr double kExplainSliceMs = 8;
// The background computations of a change (the memory figures, the growth plot, the FP sweep)
// each work for their slice, but only within the first kFrameBackgroundMs of a frame, so that in
// the frame of a change its own numbers (a query of every word, the FP measured) come first and
// the frame stays short. nullopt: none this frame. A frame after one that had no room gives one
// of them a piece (its first step may be a large allocation: one in a frame), so that a slow
// machine's long frames still get on. Asking for a slice asks for the next frame too
// (AppState::next_frame_wanted): ask only with work to do.
inline constexpr double kFrameBackgroundMs = 20;
// In the frame that first draws a change (AppState::change_frame) they wait until the numbers
// are on screen: with a million words its measure takes 7 ms, and 13 ms of sweep on top of it
// held the numbers back as long. A small list's sweep still ends in that frame.
inline constexpr double kChangeFrameBackgroundMs = 8;
std::optional<double> background_slice(AppState& s, double slice_ms);
MemoryFigures memory_figures(AppState& s, double budget_ms = kMemorySliceMs);
std::string memory_json(AppState& s);
// The figures in a sentence: how many times smaller the filter is. Beside the article's Python
// set only when the words are its 10k passwords (beside Tiny's five it said "124696×").
std::string memory_comparison(const AppState& s, const MemoryFigures& m);
// The Speed panel's measurement: continue_speed() works on it for about budget_ms (the app calls
// it once per frame); true while it runs. speed_json(): {running, progress, started, ms, k,
// rows, rounds, skipped} (core's write_speed_fields), rows empty until it is done.
// The time a frame gives it: the measurement's pieces are ~2 ms, so a frame takes 10-12 ms of it
// and the page keeps drawing (a frame that also draws stays under ~30 ms).
inline constexpr double kSpeedSliceMs = 10;
bool continue_speed(AppState& s, double budget_ms);
std::string speed_json(const AppState& s);
// The family panel's measurement, as the Speed panel's: continue_family() works on it for about
// budget_ms (once per frame); a change of the words since it started stops it (it reads them).
// family_json(): {running, progress, started, ms, words, probes, rows, curves, can}.
bool continue_family(AppState& s, double budget_ms);
std::string family_json(const AppState& s);

}  // namespace actions
}  // namespace bloomlab::app
