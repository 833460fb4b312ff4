// The one door: every change of the application's state, view state included, is an Action
// applied by apply() (actions.cpp), which answers with an Outcome. Panels, keys, the URL and
// session restore, the JS API and lessons only build actions; drawing never changes the state.
// This header knows nothing of ImGui: the unit tests drive the whole app through it.
//
// Outcomes carry a code and arguments, never English used as logic; outcome_text.cpp words
// them for the view (and for the JS API's error messages).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/filter.h"
#include "core/program.h"
#include "core/word_list.h"
#include "i18n.h"

namespace bloomlab::app {

enum class Theme { dark, light, high_contrast };
// The theme's name in links and in state(): "dark", "light", "contrast".
inline const char* theme_name(Theme t) {
  return t == Theme::light ? "light" : t == Theme::high_contrast ? "contrast" : "dark";
}

enum class SizeUnit { bits, bytes, kib };  // the unit the m control is typed in

// The panels, in the order of the table in panels.cpp (their ids are the `panels=` names).
enum class Panel { words, bits, params, plots, numbers, check, code, speed, family, count_ };
inline constexpr size_t kPanelCount = size_t(Panel::count_);
inline constexpr const char* kPanelNames[kPanelCount] = {"words", "bits", "params", "plots", "numbers",
                                                         "check", "code", "speed",  "family"};
inline const char* panel_name(Panel p) { return kPanelNames[size_t(p)]; }
inline std::optional<Panel> parse_panel(std::string_view name) {
  for (size_t i = 0; i < kPanelCount; ++i)
    if (name == kPanelNames[i]) return Panel(i);
  return std::nullopt;
}

// Where a list of words came from: a kind (the view words it), plus a name for files.
enum class ListSource { passwords, file, pasted, session };

// Parameters as the user asked for them, before any check: m and k as typed (any number, NaN
// included), so that one function (check_params) judges them whichever door they came in by.
struct ParamsRequest {
  std::optional<double> m, k;
  std::optional<Variant> variant;
  std::optional<Scheme> scheme;
  // Any parameter by its key, as text (core/params.h: a variant's own, such as n0 or counters;
  // a link's or the JS API's), read by the schema's rows as at every other door.
  std::vector<std::pair<std::string, std::string>> values = {};
};

// A student's answer to a lesson's task (lesson.h): the field its kind reads.
struct LessonAnswer {
  std::string text;              // a word (false-positive, remove-safely) or an option's text
  std::optional<double> number;  // predict (a fraction), best-k, reads, choice (1-based)
  std::optional<double> m, k;    // sizing (absent: the filter's own)
  std::vector<std::pair<std::string, bool>> labels;  // false-or-real: word, "in the list"
  bool operator==(const LessonAnswer& o) const {
    return text == o.text && number == o.number && m == o.m && k == o.k && labels == o.labels;
  }
};

namespace act {
// One action a line: a table to read down.
// clang-format off
// The filter and its words (undoable).
struct SetParams { ParamsRequest request; bool continues_gesture = false; };  // a slider drag
struct AddWord { std::string word; };
// The growth slider: the filter as it was after the first n words of the list (n >= the list's
// size, or negative: all of them). Undoable; a drag is one step.
struct SetInserted { double n; bool continues_gesture = false; };
struct RemoveWord { std::string word; };
// The counting variant's Remove as one article's Python does it: no membership check (a
// demonstration of the false negatives that makes). A setting, not a change of the words.
struct SetRemoveUnchecked { bool on; };
struct LoadPreset { std::string name; };                     // tiny, passwords, empty
struct LoadWordList {  // a file, a paste, a saved session
  SharedBytes bytes;   // kept by the list's reader as it is: a big list is not copied
  std::string name;  // a file's name
  ListSource source = ListSource::file;
};
struct ClearWords {};
struct Undo {};
struct Redo {};
// What the platform reports back.
struct PasswordListArrived { std::string bytes; };
struct PasswordListFailed { std::string why; };  // the platform's detail (a browser's error)
struct ExportRefused { std::string why; };  // the platform could not save the PNG
// Text boxes and questions (not undoable: they change no word of the filter).
struct SetWordInput {
  std::string text;
  size_t typed_bytes = 0;  // the box cut a longer paste to `text`: how long it was
  bool from_box = false;   // typed in the box itself (else the box takes the new text)
};
struct SetCheckInput { std::string text; };
struct SetPasteInput { std::string text; };
struct AddPastedList {};
struct WhatIfCleared { std::string word; };
struct Measure { double probes = -1; };  // -1: the current probe count
struct SetProbes { double probes; };
struct SetDesign { double n, p; };
struct SetDesignMemory { std::string text; };  // the design helper's memory budget, as typed
// The Speed panel (core/speed.h), one action (each alternative of Action costs every visit a
// branch of code in the download): measure times the standard and the blocked filter at the
// current m and k (and at 2^28 bits unless out_of_cache is false; queries per pass and rounds: -1
// the defaults), a slice per frame, started over by another measure; cancel stops it; the chart
// shows the queries asked 32 at a time (chart_batch) or one by one (chart_one).
struct Speed {
  enum What { measure, cancel, chart_batch, chart_one } what = measure;
  bool out_of_cache = true;
  double queries = -1, rounds = -1;
};
// The filter family panel (core/family.h): measure the family on the words (probes: -1 the
// default), a slice per frame, started over by another measure; cancel stops it.
struct Family {
  enum What { measure, cancel } what = measure;
  double probes = -1;
};
// The view.
struct SetPresentation { bool on; };
struct ShowSteps { bool on; };
struct Step { int delta; };
struct ShowShortcuts { bool on; };
struct ShowShare { bool on; };
struct ShowQrCode { bool on; };  // the current state's link as a QR code, for phones in the room
struct SetTheme { Theme theme; };
struct SetFontScale { float scale; };
struct SetSizeUnit { SizeUnit unit; };
struct ShowExactCurve { bool on; };
struct SetSafeWords { bool on; };
struct SetPanels { std::vector<Panel> order; };  // shown panels, in the author's order
struct FocusWordBox { bool force = false; };  // force: Ctrl/Cmd+K takes it from another field
struct FocusAnswerBox {};  // the open task's answer box takes the keyboard (typing aimed at no field)
struct ZoomBits { float factor; float about_x = 0.5f, about_y = 0.5f; };  // about: a point of the view (0..1)
struct PanBits { float dx, dy; };  // in texture coordinates (the whole array is 1 × 1)
struct ResetBitsView {};
struct PinBit { int64_t bit; };
struct ResetEmbed {};  // an embed's Reset: the author's state again
// Services (they go through the Host).
struct ExportCsv {};
struct ExportPng {};
struct CopyText { std::string text; int what = 0; };  // 0 the link, 1 the embed code, 2 a program
struct SetCodeLanguage { Language language; };  // the Code panel's language
struct SaveCode {};                             // the Code panel's program, as a download
struct LoadCode {};  // fetch the programs' templates now, where they are fetched (web)
struct OpenFile {};
// Lessons (lessons.cpp): a step's state comes in through the actions above, as one undo step.
struct ShowLessons { bool on; };
struct LoadLessons {};  // fetch the built-in lessons' texts now, where they are fetched (web)
// 1-based; an empty id: the list. A step out of range: a link opens the nearest one and says so
// (clamp); the JS API refuses it and changes nothing. as_given: the step as the caller wrote it,
// when it was no whole number (the refusal quotes it; step is 0 then).
struct OpenLesson { std::string id; int64_t step = 1; bool clamp = true; std::string as_given = {}; };
struct LessonGo { int delta; };                      // Back / Next
struct ResetLessonStep {};
struct AnswerTask { LessonAnswer answer; };
struct ShowTaskAnswer {};
struct ShowTaskHint {};
struct SetTaskInput { std::string text; };
struct LabelCandidate { size_t index; bool in_list; };
struct LoadLesson { std::string bytes, name; };        // a teacher's lesson file
struct RestoreLessonProgress { std::string text; };  // what the platform kept
// The UI's language (i18n.h). chosen: the reader picked it (the selector, lang=, a saved
// choice), so links carry it and the page keeps it; else it is the browser's preference.
// keep: the page remembers it for the next visit (the selector, setLanguage(); not a link's lang=).
struct SetLanguage { Lang lang; bool chosen = true; bool keep = true; };
// A file the app asked for with Host::request_asset, or why it did not come.
struct AssetArrived { std::string name, bytes; };
struct AssetFailed { std::string name, why; };  // why: the platform's detail, worded by the app
// clang-format on
}  // namespace act

using Action = std::variant<
    act::SetParams, act::SetInserted, act::AddWord, act::RemoveWord, act::SetRemoveUnchecked, act::LoadPreset,
    act::LoadWordList, act::ClearWords, act::Undo, act::Redo, act::PasswordListArrived,
    act::PasswordListFailed, act::ExportRefused, act::SetWordInput, act::SetCheckInput, act::SetPasteInput,
    act::AddPastedList, act::WhatIfCleared, act::Measure, act::SetProbes, act::Speed, act::Family,
    act::SetDesign, act::SetDesignMemory, act::SetPresentation, act::ShowSteps, act::Step, act::ShowShortcuts,
    act::ShowShare, act::ShowQrCode, act::SetTheme, act::SetFontScale, act::SetSizeUnit, act::ShowExactCurve,
    act::SetSafeWords, act::SetPanels, act::FocusWordBox, act::FocusAnswerBox, act::ZoomBits, act::PanBits,
    act::ResetBitsView, act::PinBit, act::ResetEmbed, act::ExportCsv, act::ExportPng, act::CopyText,
    act::SetCodeLanguage, act::SaveCode, act::LoadCode, act::OpenFile, act::ShowLessons, act::LoadLessons,
    act::OpenLesson, act::LessonGo, act::ResetLessonStep, act::AnswerTask, act::ShowTaskAnswer,
    act::ShowTaskHint, act::SetTaskInput, act::LabelCandidate, act::LoadLesson, act::RestoreLessonProgress,
    act::AssetArrived, act::AssetFailed, act::SetLanguage>;

// What an action did. A code names it; args are its numbers and names, as text.
enum class Code {
  ok,         // done, nothing to say
  unchanged,  // asked for what already is
  // words
  word_added,
  word_added_invalid_utf8,
  word_duplicate,
  word_empty,
  word_too_long,  // {bytes, limit}
  word_refused,   // {the core's error (error_args)}: the filter cannot take it (a full cuckoo filter)
  word_removed,
  remove_needs_counting,   // {variant}
  word_removed_unchecked,  // {word, the members it broke (false negatives), comma-separated}
  remove_absent,           // {word, zero counters}
  remove_false_positive,   // {word, words it would break}
  word_input_cut,          // {kept bytes, total bytes, limit}
  word_input_invalid_utf8,
  check_input_cut,  // {limit}
  // parameters
  params_changed,
  m_range,           // {value} (the core's ErrorCode::m_range: the same token for the same fault)
  inserted_changed,  // {n, words}
  inserted_invalid,  // {value}
  k_range,           // {value}
  params_refused,    // {the core's error: its token and arguments (outcome_text.h error_args)}
  probes_invalid,    // {value}
  speed_invalid,     // {value}: a speed measurement's queries or rounds
  speed_started,     // the Speed panel measures
  speed_cancelled,
  family_started,  // the family panel measures
  family_cancelled,
  family_no_words,  // the family is measured on the words: there are none
  design_invalid,
  // presets and lists
  preset_loaded,     // {name}
  preset_requested,  // {name}: the password list is on its way
  preset_unknown,    // {name}
  list_queued,       // {words, source}
  list_loaded,       // {source, words, lines, duplicates, empty lines, invalid UTF-8 lines, NUL
                     //  lines, encoding, byte order mark (1|0), UTF-16 units replaced, the first
                     //  invalid lines (","-separated), words the filter refused, and the
                     //  first refusal (error_args) when it refused any}: the parse report
  list_invalid,      // {the core's error: its token and arguments (error_args)}
  list_failed,       // {the core's error (error_args)}, or {"download", the browser's detail}
  paste_empty,
  words_cleared,
  // history
  undone,  // {what}
  redone,  // {what}
  nothing_to_undo,
  nothing_to_redo,
  // view and services
  view_changed,
  exported,        // {file name}
  export_refused,  // {why}
  plot_not_shown,
  copied,  // {0 link | 1 embed code}
  embed_reset,
  // lessons
  lesson_opened,         // {title}
  lesson_unknown,        // {id}
  lesson_step_range,     // {step, steps}
  lesson_invalid,        // {line (0: the file as a whole), what (lesson_error_args)}
  lesson_loaded,         // {title, steps}
  lessons_loading,       // the built-in lessons are on their way (web: fetched when first wanted)
  lessons_failed,        // {a failure (outcome_text.h failure_text)}
  code_loading,          // the Code panel's programs are on their way (web: fetched when first wanted)
  code_failed,           // {a failure (failure_text)}
  lesson_state_warning,  // {warning}
  // a task's feedback (lesson_tasks.cpp); percentages are formatted numbers
  task_list_loading,
  task_no_task,
  task_answer_empty,
  task_number_invalid,  // {text}
  task_fp_right,        // {word, culprits}
  task_fp_member,       // {word}
  task_fp_no,           // {word, a zero bit}
  task_fp_excluded,     // {word}
  task_choice_right,    // {option}
  task_choice_wrong,    // {option}
  task_choice_invalid,  // {text}
  task_choice_spent,    // {option}: the last try was wrong too; the answer is shown
  task_choice_closed,   // the answer was shown: the choice counts as shown, not solved
  task_predict_right,   // {yours %, expected %, theory|measured}
  task_predict_wrong,   // {yours %, higher|lower}
  // the usual slips, each named (lesson_tasks.cpp predict_slip)
  task_predict_unit,  // {yours %, fraction|percent|typed}: 100 times off (a fraction as a percentage ...)
  task_predict_fill,  // {yours %}: the fill given as the error
  task_predict_complement,  // {yours %}: (1 − fill)^k, the share of zero bits
  task_predict_k_times,     // {yours %}: k · fill, not fill^k
  task_bestk_right,         // {k, its FP %, the best k, its FP %}
  task_bestk_wrong,         // {k, its FP %}
  task_sizing_right,        // {m, k, the formula's m}
  task_sizing_m_wrong,      // {m, larger|smaller, slightly|clearly|far}: the direction and size of the miss
  task_sizing_k_wrong,      // {k, m}
  task_sizing_swapped,      // {m, k}: m and k swapped
  task_sizing_bytes,        // {m}: the size in bytes where bits belong
  task_sizing_log10,        // {m}: log10 where ln belongs
  task_sizing_not_squared,  // {m}: divided by ln 2, not (ln 2)²
  task_sizing_k_fraction,   // {k}: not a whole number
  task_sizing_k_down,       // {k}: (m/n)·ln 2 cut down, not rounded
  task_labels_missing,      // {count}
  task_labels_right,        // {total}
  task_labels_wrong,        // {right, total}
  task_remove_variant,
  task_remove_absent,      // {word}
  task_remove_right,       // {word, others}
  task_remove_broke,       // {word, broken words}
  task_reads_right,        // {yours, simulated, without filters}
  task_reads_wrong,        // {yours, higher|lower}
  task_reads_unavailable,  // {m bits, files}: the files' filters cannot be built here: no simulation
  task_answer_shown,
  // languages
  language_loading,  // {code}: its catalog is on its way
  language_failed,   // {code, a failure (failure_text), or "catalog": not a compiled catalog}
};

struct [[nodiscard]] Outcome {
  Code code = Code::ok;
  std::vector<std::string> args;
  bool error = false;
  bool ok() const { return !error; }
};

// Which note on screen an outcome belongs to (the control that caused it).
enum class NoteSlot { none, word, params, list, check, exports, history, family, count_ };

// What each undoable change was, for "Undo Empty" and the history's words.
enum class ChangeKind { params, add_word, remove_word, preset, word_list, clear_words, inserted };

}  // namespace bloomlab::app
