// Lessons: the articles' story as steps, with tasks the app checks. A lesson is data, one text
// file in the format of assets/lessons/FORMAT.md; the files there are the built-in lessons, and
// assets/lessons/<lang>/ their translations (builtin_lessons: one bundle per language, fetched
// when a lesson is first wanted in that language; native builds compile the English ones in),
// and a teacher's file is parsed the same way when opened or dropped.
// No ImGui here: the parser, the task checkers and their tests build with the model.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "core/bundle.h"
#include "i18n.h"

namespace bloomlab::app {

enum class TaskKind {
  none,
  false_positive,
  choice,
  predict,
  best_k,
  sizing,
  false_or_real,
  remove_safely,
  reads
};
const char* task_kind_name(TaskKind k);  // the file's and the JS API's name: "false-positive" ...

// What a step hides while its task is open (so the screen does not give the answer away).
enum Hide : uint32_t { hide_design = 1, hide_truth = 2, hide_measured = 4, hide_theory = 8 };

struct LessonTask {
  TaskKind kind = TaskKind::none;
  std::string prompt, answer;
  std::vector<std::string> hints;
  std::vector<std::string> options;  // choice
  std::vector<bool> right;           // choice: which options are right
  std::vector<std::string> exclude;  // false-positive: words that do not count
  double n = 0, p = 0;               // sizing
  double tolerance = -1;             // -1: the kind's default
  bool expect_measured = false;      // predict: the measured FP, else the theory
  uint32_t files = 8;                // reads
  uint64_t lookups = 10000;          // reads
  uint32_t candidates = 12;          // false-or-real
};

enum class BlockKind { paragraph, formula, item };
struct TextBlock {
  BlockKind kind = BlockKind::paragraph;
  std::string text;  // with {placeholders}
};

struct LessonStep;
// The views a step's scene is made of: those it highlights, then those it only shows.
std::vector<Panel> scene_panels(const LessonStep& step);

struct LessonStep {
  std::string title;
  std::optional<std::string> state;  // link parameters the step sets
  std::vector<Panel> highlight_panels;
  std::vector<Panel> show_panels;  // show: the views the step needs on screen, not highlighted
  std::vector<std::string> highlight_words;
  uint32_t hide = 0;  // Hide bits
  std::vector<TextBlock> text;
  LessonTask task;
  int line = 0;  // where the step starts in its file
};

struct Lesson {
  std::string id, title, summary;
  std::vector<LessonStep> steps;
};

// What is wrong with a lesson file: a code and its arguments (keys, values, numbers as the file
// has them); outcome_text.h lesson_error_text words it in the reader's language, when shown.
enum class LessonErrorCode {
  none,
  // the file as a whole (line 0)
  too_large,  // {bytes, the limit}
  not_utf8,
  nul_bytes,
  no_id,
  no_title,
  no_steps,
  // a line
  text_before_step,
  text_in_task,
  second_id,
  bad_id,             // {id}
  id_not_first,       // {the key found first}
  header_after_step,  // {"title" | "summary"}
  header_empty,       // {"title" | "summary"}
  step_untitled,
  too_many_steps,   // {the limit}
  key_before_step,  // {key}
  second_task,
  unknown_task,      // {value, the kinds}
  key_outside_task,  // {key}: a task's key before "task:"
  unknown_key,       // {key}
  second_state,
  state_key,    // {key, the keys a step sets}
  not_a_panel,  // {value, the panels}
  highlight_word_empty,
  highlight_kind,  // {value}
  hide_value,      // {value}
  not_a_number,    // {key, value, lowest, highest}
  candidates_multiple,
  option_outside_choice,
  option_empty,
  expect_value,  // {value}
  // a step's task, at the step's line
  no_prompt,           // {step title}
  choice_few_options,  // {step title}
  choice_no_right,     // {step title}
  sizing_needs_n_p,    // {step title}
  // issue 37: checked when the file loads, at the line that makes it so
  state_value,       // {the link's warning for the value, in words}
  sizing_too_large,  // {the formula's m in bits}: more than a filter can have (2^32)
  reads_too_large,   // {files × lookups, the limit}
  count_
};
// The stable token of a code ("unknown_key"): outcomes carry it (lesson_invalid), tests name it.
const char* lesson_error_name(LessonErrorCode c);
std::optional<LessonErrorCode> parse_lesson_error_name(std::string_view token);

struct LessonError {
  int line = 0;  // 1-based; 0: the file as a whole
  LessonErrorCode code = LessonErrorCode::none;
  std::vector<std::string> args;
};

struct LessonParse {
  std::optional<Lesson> lesson;
  LessonError error;  // when there is no lesson
};

inline constexpr size_t kMaxLessonBytes = 256 * 1024;
inline constexpr size_t kMaxLessonSteps = 40;
// A "reads" task's simulation asks every file's filter about every lookup: files × lookups
// queries of up to 64 positions each. 64 files × 1,000,000 lookups at k = 64 blocked the page
// 10.7 s inside one answer; at this cap the worst is 64 million positions, a fraction of a second.
inline constexpr uint64_t kMaxReadsQueries = 1000000;

LessonParse parse_lesson(std::string_view text);
// Whether a dropped or opened file is a lesson, not a list: its name ends in ".lesson", or its
// first line that is not empty or a comment is one of the format's "key:" lines (a lesson that
// starts with "title:" is a lesson with a mistake, not a list of words), in UTF-8 or UTF-16.
bool looks_like_lesson(std::string_view bytes);
bool is_lesson_file(std::string_view name, std::string_view bytes);
// The built-in lessons, in their files' order (01-basics, 02-...), in the current language once
// its bundle is installed; meanwhile in the language shown before (else any installed one: all
// have the same ids and steps, in the same order). Native builds compile the English ones in;
// the web build has none until install_lesson_bundle().
const std::vector<Lesson>& builtin_lessons();
bool builtin_lessons_ready(Lang lang);  // that language's lessons are installed
// "file:line: what" (in the current language) for each built-in file that does not parse (the tests want
// none).
std::vector<std::string> builtin_lesson_problems();

// A language's bundle (data/lessons-<lang>.txt, cmake/Data.cmake): each file is the byte 0x1E,
// its name, a newline, and its text (core/bundle.h). Split into {name, text}; nothing if malformed.
using LessonFile = BundleFile;
std::string lesson_bundle_name(Lang lang);  // "lessons-ru.txt": the file the platform serves
inline std::optional<std::vector<LessonFile>> parse_lesson_bundle(std::string_view bundle) {
  return parse_bundle(bundle);
}
// Makes the bundle's lessons the built-in ones of `lang`. False (and nothing changes) when the
// bundle is malformed or has no lesson that parses.
bool install_lesson_bundle(Lang lang, std::string_view bundle);

}  // namespace bloomlab::app
