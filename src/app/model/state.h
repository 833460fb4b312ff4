// The whole state of the application, as plain structs (after imgui_demo.cpp). It changes only
// through apply() (action.h, actions.cpp): the panels, keys, URL, JS API and lessons build
// actions; drawing reads the state. Besides it, the frame keeps what drawing measured
// (Layout: where things landed, for tests and the on-screen keyboard) and caches of derived
// data (plots, textures, explain() of the word box): results of reading, not changes.
// No ImGui here: the action layer and its tests build without it.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "action.h"
#include "core/experiment.h"
#include "core/family.h"
#include "core/growth.h"
#include "core/memory.h"
#include "core/program.h"
#include "core/speed.h"
#include "core/word_list.h"
#include "core/word_set.h"
#include "history.h"
#include "lesson.h"

namespace bloomlab::app {

// A list going into the set a slice per frame: a saved session's words, already apart, or a
// pasted or opened list read line by line as it goes in (reading a million lines at once froze
// the page for a second; 64 MiB of short words, 12 s).
struct PendingWords {
  std::vector<std::string> words;        // a session's
  size_t next = 0;                       // in words
  std::optional<WordListReader> reader;  // a list's lines, and its report so far
  size_t set_size_before = 0;            // a word the set had below this index was there before the list
  ListSource source = ListSource::pasted;
  std::string file_name;             // for ListSource::file
  WordListReport report;             // a session's (a list's is its reader's)
  bool quiet = false;                // opened with the page (a link, a session): no report note when done
  bool reserved = false;             // room made for all its words (the first slice's work)
  uint64_t refused = 0;              // words the filter refused (a full cuckoo filter)
  std::vector<std::string> refusal;  // the first refusal (error_args)
  bool active() const { return next < words.size() || (reader && !reader->done()); }
  bool counts_lines() const { return reader.has_value(); }  // progress in lines, not words
  uint64_t done() const { return reader ? reader->lines_read() : next; }
  uint64_t total() const { return reader ? reader->lines_total() : words.size(); }
  float progress() const { return total() == 0 ? 1.f : float(done()) / float(total()); }
  const WordListReport& final_report() const { return reader ? reader->report() : report; }
};

// One point of a plot's measured series.
struct MeasuredPoint {
  double bits_per_item = 0;
  uint32_t k = 0;
  double rate = 0;
};

struct PlotCache {
  // Measured FP at the current k over bits per item (the sweep), recomputed when the words or k
  // change; the theory curves are evaluated while drawing (cheap). The sweep runs a slice per
  // frame (run): its points appear size by size, and a change of the words or k starts it over.
  std::vector<MeasuredPoint> measured_vs_bits;
  uint64_t words_version = 0;  // WordSet change counter the points are (being) measured for
  FilterParams params;
  bool valid = false;    // the sweep is done for words_version and params.k
  bool running = false;  // run is measuring for words_version and params.k
  SweepRun run;
  float progress = 0;  // of the run, 0..1
  // The exact-formula curves (theory::exact_fp_rate), for small m only; keyed on n, m, k.
  std::vector<double> exact_vs_bits, exact_vs_k;
  uint64_t exact_n = 0, exact_m = 0;
  uint32_t exact_k = 0;
};

// explain() of the word box, recomputed only when the word or the filter changes.
struct QueryCache {
  std::string word;
  uint64_t version = UINT64_MAX;
  // Without setters unless asked (explain()'s with_setters: a million words). The walk over the
  // words for a false positive's culprits goes a slice per frame (walk.result.walked < 1 until
  // it is done): the verdict shows at once, the words that set its bits when found.
  ExplainWalk walk;
  uint64_t walked_frame = UINT64_MAX;  // the frame whose slice of the walk is done
  const Explained& result() const { return walk.result; }
};

struct ViewOptions {
  Lang lang = Lang::en;              // the texts' language: always i18n's current_lang()
  bool lang_chosen = false;          // the reader chose it (selector, lang=, saved): links carry it
  std::optional<Lang> lang_loading;  // asked for, its catalog not in yet (the UI stays in `lang`)
  int lang_files_pending = 0;        // its files asked for and not yet in (or failed)
  bool lang_loading_chosen = false;
  Theme theme = Theme::dark;
  Theme page_theme = Theme::dark;  // the page's default (prefers-color-scheme): links omit it
  float font_scale = 1.0f;         // presentation mode: 1.5 .. 3
  bool presentation = false;
  // What presentation mode replaced, restored when it ends.
  Theme theme_before_presentation = Theme::dark;
  float scale_before_presentation = 1.0f;
  bool reduced_motion = false;  // from prefers-reduced-motion
  bool touch = false;           // a coarse pointer (a finger): larger touch targets
  bool embed = false;           // in an article's iframe: a compact header
  bool lesson_nav = true;       // nav=0: no Back, Next, All lessons: the step stays the link's
  bool show_steps = false;      // the step-through panel
  bool show_lessons = false;    // the lessons panel
  bool show_shortcuts = false;  // the keyboard shortcuts list
  bool share_open = false;      // the share / embed dialog
  bool qr_open = false;         // the QR code of the share link (a slide's button)
  bool show_exact_curve = false;
  // Classroom-safe words (the obscene words of the leaked lists masked on screen) as the reader
  // or the link chose them (the checkbox, safe=1 / safe=0); unchosen, they are on whenever a
  // lesson is open and in presentation (actions::safe_words_on).
  std::optional<bool> safe_words_chosen;
  // The panels shown, in the author's order (panels=); all by default.
  std::vector<Panel> panels = {Panel::words, Panel::bits,    Panel::params,
                               Panel::plots, Panel::numbers, Panel::check};
  bool panels_chosen = false;                 // panels= named them: an embed then shows what it asked for
  bool embed_presets = false;                 // panels= named "presets": an embed shows the preset buttons
  Language code_language = Language::python;  // the Code panel's (shown on demand: panels=…,code)
  bool shown(Panel p) const {
    for (Panel q : panels)
      if (q == p) return true;
    return false;
  }
};

struct BitView {
  float zoom = 1.0f;  // 1 = the whole array fits
  float pan_x = 0, pan_y = 0;
  int64_t pinned_bit = -1;  // tapped on touch screens
  // Two-finger pinch this frame, from the platform: a zoom factor (1 = none) about a point.
  float pinch_zoom = 1.0f;
  float pinch_x = 0, pinch_y = 0;
};

// A finger's vertical drag this frame, from the platform (the drag decided to be a scroll, not
// a press): the column under (x, y) scrolls by dy CSS px. Consumed by the frame it arrived for.
struct TouchScroll {
  float dy = 0;
  float x = 0, y = 0;
};

// Derived from the state while drawing the bit array: caches and what the pointer is over.
struct BitCache {
  int64_t hovered_bit = -1;
  uint64_t texture_version = UINT64_MAX;  // filter version the texture was built for
  void* texture = nullptr;                // the platform's texture id (Host::upload_texture)
  int texture_cols = 0, texture_rows = 0;
  uint64_t texture_bucket = 1;   // bits per texel (> 1 only for m beyond ~4M)
  double texture_built_at = -1;  // ImGui time: while a list loads, rebuild a few times a second
  // setters_of_bit() of the hovered bit, cached.
  int64_t setters_bit = -1;
  uint64_t setters_version = UINT64_MAX;
  std::vector<uint32_t> setters;
};

// Keys the platform recognised (it knows the keyboard; the app knows what they mean): turned
// into actions by app::frame (shortcut_action).
// stray_typing: text typed while no text field had the keyboard (typing_box says where it goes).
enum class Shortcut {
  focus_word,
  preset_tiny,
  preset_passwords,
  preset_empty,
  presentation,
  step_back,
  step_forward,
  toggle_steps,
  toggle_shortcuts,
  undo,
  redo,
  stray_typing
};
// The box that takes text typed while no text field has the keyboard (a click on the page's
// background, then keys): the open task's answer box, else the word box; none while a task
// without a box is open (its answer is given elsewhere: typing there never adds a word).
enum class TypingBox { none, word, answer };

// Step-through of one word: the word, its bytes, h, h1 and h2, each position, the bits.
struct StepThrough {
  int step = 0;
  std::string word;   // the word the steps were started for (a new word restarts them)
  std::string shown;  // the steps on screen, as text (the browser tests read it)
};

// Where things were drawn in the last frame, in CSS pixels from the canvas's top-left: the
// browser tests aim their clicks with it, and the on-screen keyboard places its hidden input.
struct ScreenRect {
  float x = 0, y = 0, w = 0, h = 0;
};
struct Layout {
  ScreenRect word_box, k_slider, m_field, m_slider, bit_area;
  ScreenRect plot_bits;  // the plot of FP over bits per word with its titles (what "Save PNG" saves)
  ScreenRect plot_growth, inserted_slider;  // the growth plot with its slider; the slider
  ScreenRect plot_bits_area;             // its frame with the axes' ticks and x title (not a legend under it)
  ScreenRect plot_k, memory_chart;       // the plot of FP over k; the memory bars
  ScreenRect plot_k_area;                // the plot over k's frame with its ticks (as plot_bits_area)
  ScreenRect speed_button, speed_chart;  // the Speed panel's Measure (or Cancel) and its bars
  ScreenRect family_button, family_plot, family_table;  // the family panel's Measure, plot and table
  ScreenRect family_fuse;                               // and the word box's word in its binary fuse filter
  ScreenRect share_button, copy_link_button, copy_embed_button,
      share_close_button;                  // header and share dialog
  ScreenRect presets_button, menu_button;  // a phone's one header bar: Words ▾ and Menu ▾ (else empty)
  ScreenRect save_png_button, save_csv_button, step_next_button;
  ScreenRect open_file_button, paste_box, add_list_button;  // the "your own words" panel
  ScreenRect undo_button, verdict;
  ScreenRect word_chips;  // the words in the set, as chips (empty where none are shown)
  ScreenRect bit_strip;   // the word's bits under the word box, while the bit array is off screen
  ScreenRect lessons_button, lesson_panel, lesson_next_button, lesson_check_button, lesson_answer_box,
      lesson_hint_button;
  ScreenRect lesson_fold;  // one column: the step's title, which folds and unfolds its text
  // The language selector, and its list's entries (en, ru, uk, zh) while it is open.
  ScreenRect language_button;
  ScreenRect language_items[4];
  float display_w = 0, display_h = 0;  // the window, in CSS px
  // The columns that scroll, this frame: an embed passes a wheel or a swipe the column under it
  // cannot use on to the article around it.
  struct ScrollArea {
    ScreenRect rect;
    float scroll = 0, max = 0;
  };
  std::vector<ScrollArea> scroll_areas;
  bool word_box_active = false;    // the word box had the keyboard
  bool answer_box_active = false;  // the open task's answer box had the keyboard
  ScreenRect composing;            // the input method's text being composed, at the caret
  ScreenRect qr_button, qr_code;   // a slide's "QR code" button; the code drawn (its quiet zone included)
  bool focus_ring = false;         // keyboard navigation showed its focus ring on a control
  // Each panel's card as drawn this frame, whole (down to its lower edge, not the space under
  // it), and the part of it its column shows (both empty for a panel not drawn): whether what a
  // lesson step names is on the screen.
  struct Card {
    ScreenRect whole, seen;
  };
  std::array<Card, kPanelCount> cards;
  std::vector<std::string> overflowing;  // cards with a control past their right edge (ui.h)
  // The plots' marker labels as drawn this frame (plot.h: they never overlap); plot is the
  // plot's id (fp_vs_bits, fp_vs_k, fp_growth).
  struct PlacedLabel {
    const char* plot;  // PlotSpec::id
    std::string text;
    ScreenRect rect;
  };
  std::vector<PlacedLabel> plot_labels;
  // The cell grid (m small enough for one rectangle per bit): bit i's cell starts at
  // (cells_x + (i % cells_cols) * cell, cells_y + (i / cells_cols) * cell).
  bool bit_cells = false;
  float cells_x = 0, cells_y = 0, cell = 0;
  uint64_t cells_cols = 0;
  float cell_text = 0;  // the size of the cells' numbers in px (0: none drawn)
  // Whether the screen has stopped moving: this frame placed everything where the frame before
  // did (layout_signature, app.cpp). ImGui places some things a frame late (a scrollbar that
  // appears narrows its column; a legend moves inside its plot once the points leave it a free
  // corner); the page draws until it has settled, and says so (viewState().settled).
  uint64_t signature = 0;
  int still_frames = 0;       // frames drawn in a row with the same signature
  int moving_frames = 0;      // frames drawn in a row that moved something
  bool scroll_asked = false;  // this frame asked a column to scroll (it moves in the next)
};

// The layout's rects by the names viewState() gives them: one list for the JSON and the settled
// check.
struct LayoutRect {
  const char* name;
  ScreenRect Layout::*rect;
};
inline constexpr LayoutRect kLayoutRects[] = {
    {"plot", &Layout::plot_bits},
    {"plotArea", &Layout::plot_bits_area},
    {"wordChips", &Layout::word_chips},
    {"shareButton", &Layout::share_button},
    {"presetsButton", &Layout::presets_button},
    {"menuButton", &Layout::menu_button},
    {"copyLinkButton", &Layout::copy_link_button},
    {"copyEmbedButton", &Layout::copy_embed_button},
    {"shareCloseButton", &Layout::share_close_button},
    {"savePngButton", &Layout::save_png_button},
    {"saveCsvButton", &Layout::save_csv_button},
    {"stepNextButton", &Layout::step_next_button},
    {"openFileButton", &Layout::open_file_button},
    {"pasteBox", &Layout::paste_box},
    {"addListButton", &Layout::add_list_button},
    {"wordBox", &Layout::word_box},
    {"bitArea", &Layout::bit_area},
    {"bitStrip", &Layout::bit_strip},
    {"mField", &Layout::m_field},
    {"mSlider", &Layout::m_slider},
    {"kSlider", &Layout::k_slider},
    {"verdict", &Layout::verdict},
    {"undoButton", &Layout::undo_button},
    {"lessonsButton", &Layout::lessons_button},
    {"lessonPanel", &Layout::lesson_panel},
    {"lessonNextButton", &Layout::lesson_next_button},
    {"lessonCheckButton", &Layout::lesson_check_button},
    {"lessonHintButton", &Layout::lesson_hint_button},
    {"lessonAnswerBox", &Layout::lesson_answer_box},
    {"lessonFold", &Layout::lesson_fold},
    {"plotGrowth", &Layout::plot_growth},
    {"insertedSlider", &Layout::inserted_slider},
    {"plotK", &Layout::plot_k},
    {"plotKArea", &Layout::plot_k_area},
    {"memoryChart", &Layout::memory_chart},
    {"languageButton", &Layout::language_button},
    {"speedButton", &Layout::speed_button},
    {"speedChart", &Layout::speed_chart},
    {"familyButton", &Layout::family_button},
    {"familyPlot", &Layout::family_plot},
    {"familyTable", &Layout::family_table},
    {"familyFuse", &Layout::family_fuse},
    {"composing", &Layout::composing},
    {"qrButton", &Layout::qr_button},
    {"qrCode", &Layout::qr_code},
};

// A word of the false-or-real exercise: drawn fresh, labelled by the student.
struct Candidate {
  std::string word;
  bool member = false;  // the truth: in the list (else a false positive or a true negative)
  int label = -1;       // the student's: -1 none, 1 "in the list", 0 "not in the list"
};

// The open step's task: the answers given, the feedback, what is revealed.
struct TaskState {
  int wrong = 0;  // wrong answers so far (a hint after each)
  int hints_shown = 0;
  bool solved = false;
  bool answer_shown = false;  // "Show the answer": the task no longer hides anything
  Outcome feedback;           // of the last answer
  std::string input;          // the answer box
  std::vector<Candidate> candidates;
  // The last wrong answer and the filter's version it was judged against (lessons.cpp answer).
  std::optional<LessonAnswer> last_wrong;
  uint64_t last_wrong_version = 0;
};

struct LessonState {
  std::vector<Lesson> opened;  // teachers' files, after the built-in lessons
  int current = -1;            // index into all_lessons(); -1: the list of lessons
  int step = 0;                // 0-based
  TaskState task;
  std::set<std::string> solved;   // "id/step" (1-based), for the list's marks
  std::set<std::string> reached;  // "id/step" seen
  // "id/step" of choices whose answer was shown (Show the answer, or the tries spent) before they
  // were solved: they count as shown, not solved, and stay closed (lessons.h kChoiceTries).
  std::set<std::string> shown;
  uint64_t draws = 0;                 // candidates drawn so far (each draw is fresh)
  Outcome note;                       // the last lesson action's message (a bad file, an unknown id)
  std::vector<std::string> warnings;  // a step's state the app could not apply
  // The built-in lessons' texts, per language (Lang's order), where they are fetched
  // (builtin_lessons_ready()): asked for once; a lesson opened meanwhile (a link's lesson=, the
  // JS API) opens when they arrive.
  struct Texts {
    bool requested = false;
    std::vector<std::string> error;  // why they did not come: a failure (outcome_text.h failure_text)
  };
  std::array<Texts, std::size(kLangs)> texts;
  std::optional<std::pair<std::string, int64_t>> waiting;  // {id, step}
  // The step's texts with their {placeholders} filled (lessons.h lesson_text), kept while what
  // fills them stays: a step of 240 KB of "{a" took 3 s a frame, substituted every frame.
  struct TextCache {
    struct Key {
      const void* lessons = nullptr;  // the library and the teachers' lessons the texts live in
      uint64_t generation = 0, version = 0;
      int current = -1, step = 0;
      bool measured = false;
      uint32_t hidden = 0;
      Lang lang = Lang::en;
      bool operator==(const Key& o) const {
        return lessons == o.lessons && generation == o.generation && version == o.version &&
               current == o.current && step == o.step && measured == o.measured && hidden == o.hidden &&
               lang == o.lang;
      }
    } key;
    // By where the text's bytes are in its lesson: {the text, filled}.
    std::map<std::pair<const char*, size_t>, std::pair<std::string, std::string>> texts;
    uint64_t substitutions = 0;  // texts filled since the start (tests: a frame fills none again)
  };
  mutable TextCache text_cache;
};

// What the frame keeps between frames that is not the app's state: the theme applied to
// ImGui, what the screen reader was last told, the share dialog's "copied" note.
struct BetweenFrames {
  Theme applied_theme = Theme::dark;
  float applied_scale = -1;
  bool applied_touch = false;
  std::string announced, announce_pending;
  double announce_changed_at = 0;
  uint64_t announce_version = UINT64_MAX;
  std::string announce_word;
  uint64_t word_box_revision = 0;   // the word_input_revision the word box shows
  float header_height = 0;          // last frame's: a header too tall scrolls with the panels
  float lesson_fit = 1;             // a slide's lesson text scale, so that the step fits the screen
  float lesson_pane_content = 0;    // the lesson pane's content height last frame (app.cpp draw_lesson_pane)
  float lesson_buttons_height = 0;  // the buttons under that pane, last frame
  std::array<Layout::Card, kPanelCount>
      cards;  // where the cards were last frame (a panel drawn first sees them)
  // The lesson step the columns were last drawn for ({lesson, step}; -1: none): a new step's
  // scene starts with its columns at the top, where its panels are (app.cpp draw_screen).
  std::pair<int, int> scene_step{-1, -1};
  bool scene_changed = false;
  // The panels the reader unfolded ("Show all") in the step {lesson, step}: their short forms
  // (lessons.h short_form) come back with the next step.
  struct Unfolded {
    std::pair<int, int> step{-1, -1};
    std::vector<Panel> panels;
  } unfolded;
  // The step {lesson, step} whose text the reader folded on one column (the step's title stays,
  // with its task's first line, answer box and buttons): its panels get the screen. The next
  // step opens unfolded.
  std::pair<int, int> text_folded{-1, -1};
  // The field that had the keyboard last frame, the display's size and its text then: a change
  // of any scrolls it into view (app.cpp keep_typing_in_view).
  TypingBox typing_field = TypingBox::none;
  float typing_w = 0, typing_h = 0;
  std::string typing_text;
  // The card last pressed and where it was on screen: when something above it changes height
  // (a larger m grows the bit array), its column scrolls so that it stays under the finger
  // (app.cpp draw_column). `scroll` is the column's scroll that placed it there.
  struct Anchor {
    unsigned column = 0;  // the column's ImGui id (0: none)
    Panel panel{};
    float y = 0, scroll = 0;
  } anchor;
  // The QR code last drawn and the text it holds (encoded once per link, not every frame): a
  // side of qr_size modules, row by row, 1 = dark; empty when the text was too long for one.
  std::string qr_text;
  int qr_size = 0;
  std::vector<uint8_t> qr_modules;
};

// What the Memory figures need beyond the state: the hash set's bytes, measured once per list,
// a slice per frame (a million words take a second to insert); the figure before stays meanwhile.
struct HashSetCache {
  uint64_t words_version = UINT64_MAX;  // the list measured, or being measured
  HashSetMeasure run;
  bool measured = false;        // hash_set_bytes is some list's figure
  uint64_t hash_set_bytes = 0;  // the last finished measure's
};

// The growth plot (issue 11 §1): FP as the filter fills, for the words and params it was (is
// being) computed for; a slice per frame, as the sweep.
struct GrowthCache {
  uint64_t words_version = UINT64_MAX;
  FilterParams params;
  uint64_t probes = 0;
  bool running = false, valid = false;
  GrowthRun run;
  double ms = 0;  // the computation's time (summed over its slices)
};

// The Speed panel's measurement (issue 11 §4, core/speed.h): started by MeasureSpeed (the panel's
// button, bloomlab.speed()), run a slice per frame (continue_speed), kept until the next one.
struct SpeedState {
  SpeedRun run;
  bool running = false;
  bool has_result = false;  // run holds a finished measurement
  uint64_t started = 0;     // measurements started so far (the JS API waits for its own)
  double ms = 0;            // time the run has worked so far
  bool batch_chart = true;  // the chart: queries asked 32 at a time (else one by one)
};

// The filter family panel (issue 35 §3, core/family.h): started by act::Family (the panel's
// button, bloomlab.family()), run a slice per frame (continue_family) on the words as they were
// (words_version): a change of the words stops it.
struct FamilyState {
  FamilyRun run;
  bool running = false;
  bool has_result = false;     // run holds a finished measurement
  uint64_t started = 0;        // measurements started so far (the JS API waits for its own)
  uint64_t words_version = 0;  // the words it measures (or measured)
  uint64_t words = 0;          // how many
  double ms = 0;
};

struct AppState {
  WordSet set = std::move(WordSet::create(FilterParams{}).value());
  // The growth slider: the filter shown is the one after the first `inserted` words (nullopt:
  // all of them). inserted_set holds that filter, kept by apply() (sync_inserted); the bit
  // array, the numbers and the verdicts read shown_set().
  std::optional<uint64_t> inserted;
  std::optional<WordSet> inserted_set;
  uint64_t inserted_set_version = UINT64_MAX;  // the version inserted_set was made for
  uint64_t inserted_set_words = UINT64_MAX;    // and the words_version
  uint64_t version = 0;                        // bumped by every change of the words or the params
  uint64_t words_version = 0;  // bumped when the words change (not the params): the sweep cache
  // How many words the classroom-safe setting masks, counted once per words_version (a scan of
  // the 10k list costs tens of ms: once a frame, it left the background work no time).
  struct UnsafeCount {
    uint64_t words_version = UINT64_MAX;
    size_t count = 0;
  };
  mutable UnsafeCount unsafe_words;
  // When this frame began (app.cpp frame()): the background work (memory, growth, sweep) takes
  // what a frame has left (actions::background_slice). Unset outside frames: a whole slice.
  std::chrono::steady_clock::time_point frame_started{};
  uint64_t frame_number = 0;  // frames drawn
  // The frame that first draws a change (its numbers): the background work leaves it to them
  // (actions::kChangeFrameBackgroundMs). drawn_version: the version that frame drew.
  uint64_t change_frame = 0;
  uint64_t drawn_version = UINT64_MAX;
  // Something wants the next frame drawn: an action was applied (its results are drawn and its
  // layout settles), or a piece of background work asked for a slice and has more to do. The
  // platform draws frames only while something happens (app::wants_frames): an idle page costs
  // nothing. Set by apply() and background_slice(), cleared as a frame begins.
  bool next_frame_wanted = true;
  uint64_t background_skipped = 0;  // the last frame that had no room for them
  uint64_t background_granted = 0;  // the last frame where one of them had a piece anyway

  // The programs' templates of the Code panel where they are fetched (web: when the panel or
  // bloomlab.code() first wants them; native builds compile them in): asked for once, again
  // after a failure.
  std::optional<ProgramTemplates> code_templates;
  bool code_templates_requested = false;
  std::vector<std::string> code_templates_error;  // why they did not come (failure_text)

  std::string word_input;            // the word box
  uint64_t word_input_revision = 0;  // bumped when something else than typing sets the box
  std::string hovered_word;          // a word in the list under the mouse (drawing sets it)
  std::string check_input;           // "check a password" box
  std::string preset = "tiny";       // an id: tiny, passwords, python, empty
  bool remove_unchecked = false;     // the counting variant's Remove skips the membership check
  // Members the filter now answers "definitely not" for (unchecked removals broke them), for the
  // version they were found at: the word list highlights them.
  uint64_t broken_version = UINT64_MAX;
  std::vector<std::string> broken_words;
  std::optional<Measurement> measurement;  // last measure() result, for the current version
  uint64_t measurement_version = UINT64_MAX;
  uint64_t probes = kDefaultProbes;

  // The design helper.
  double design_n = 10000, design_p = 0.01;
  std::string design_memory = "4GiB";  // the reverse question: n words in this much memory

  PendingWords pending;
  // Tests: the list's slices wait while this is set (bloomlab._test.holdLoading), so that "a
  // reload while a list loads" happens at any machine's speed.
  bool loading_held = false;
  bool password_list_loading = false;
  // The page is still opening: its link (or saved session), the list it asked for and what the
  // link says after the list. When all is in, the history starts there (no "Undo 10k leaked
  // passwords" on a page that opened with them).
  bool opening = true;
  bool quiet_list = false;  // the password list was asked for by the page's link: load it quietly
  std::vector<std::string> password_list_error;  // why it did not come (failure_text)
  WordListReport last_report;                    // of the last list loaded or pasted
  bool has_report = false;

  // The message of each control, as an outcome (the view words it). An action clears the
  // others: a message belongs to the action that made it.
  std::array<Outcome, size_t(NoteSlot::count_)> notes;
  Outcome& note(NoteSlot slot) { return notes[size_t(slot)]; }
  const Outcome& note(NoteSlot slot) const { return notes[size_t(slot)]; }

  // What the current preset put in, so that a share link can say "preset + these words".
  size_t preset_word_count = 0;
  bool preset_intact = true;  // false once a preset word was removed
  // The preset's words removed (a counting filter), in order: a link says "preset minus these"
  // (removed=). The preset's other words are the first preset_word_count - preset_removed.size().
  std::vector<std::string> preset_removed;
  QueryCache query_cache;
  QueryCache check_cache;  // of check_input
  SizeUnit size_unit = SizeUnit::bits;
  // Standard variant "what if we cleared its bits?": the answer, for word `what_if_word`.
  std::string what_if_word;
  uint64_t what_if_version = UINT64_MAX;
  std::vector<std::string> what_if_broken;
  // A link's m, k, variant, scheme and words wait here while its preset's list downloads (the
  // list's arrival resets them); apply_deferred_url_params() applies them after.
  std::string url_after_list;
  std::optional<double> url_inserted;     // a link's inserted=, set once its words are all in
  std::vector<std::string> url_warnings;  // from apply_url_params, shown once at the top
  std::string author_params;              // what an embed was opened with: its Reset goes back there
  bool present_on_open = false;           // present=1: presentation mode from the first frame
  std::optional<float> present_scale;     // present=1&scale=X: the slide's text size, as the link says
  std::vector<Shortcut> shortcuts;        // queued by the platform, run at the start of a frame
  std::vector<Action> inbox;              // actions the panels built while drawing: applied after it
  // The keyboard given as the page opens (the platform's): the column is not scrolled to the field
  // until the reader types or moves the keyboard (a lesson step's scene stays as it placed it).
  bool opening_focus = false;
  bool focus_word_box = false;        // the word box takes the keyboard next frame ...
  bool focus_word_box_force = false;  // ... even from another text field (Ctrl/Cmd+K)
  bool focus_answer_box = false;      // the open task's answer box takes the keyboard next frame
  bool release_focus = false;         // no widget keeps the keyboard next frame (step-through keys)
  std::string paste_input;            // the "paste a list" box
  StepThrough steps;
  LessonState lessons;
  History history;
  ViewOptions view;
  BitView bits;
  TouchScroll touch_scroll;
  // An input method's text not yet committed (pinyin being composed; the platform's): drawn at
  // the caret of the field with the keyboard, as a text box shows it.
  std::string composing;
  BitCache bit_cache;
  PlotCache plots;
  GrowthCache growth;
  HashSetCache hash_set;
  SpeedState speed;
  FamilyState family;
  Layout layout;
  BetweenFrames between_frames;
};

// The filter on screen: after the first `inserted` words, or with all of them.
inline const WordSet& shown_set(const AppState& s) {
  return s.inserted && s.inserted_set ? *s.inserted_set : s.set;
}

}  // namespace bloomlab::app
