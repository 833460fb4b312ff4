// Lessons: the articles' story as steps, with tasks the app checks. A lesson is data, one text
// file in the format of assets/lessons/FORMAT.md; the files there are compiled into the build
// (builtin_lessons), and a teacher's file is parsed the same way when opened or dropped.
// No ImGui here: the parser, the task checkers and their tests build with the model.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"

namespace bloomlab::app {

enum class TaskKind { none, false_positive, choice, predict, best_k, sizing, false_or_real,
                      remove_safely, reads };
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

struct LessonStep {
  std::string title;
  std::optional<std::string> state;  // link parameters the step sets
  std::vector<Panel> highlight_panels;
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

struct LessonError {
  int line = 0;  // 1-based; 0: the file as a whole
  std::string what;
};

struct LessonParse {
  std::optional<Lesson> lesson;
  LessonError error;  // when there is no lesson
};

inline constexpr size_t kMaxLessonBytes = 256 * 1024;
inline constexpr size_t kMaxLessonSteps = 40;

LessonParse parse_lesson(std::string_view text);
// Whether a dropped or opened file is a lesson (its first directive is "lesson:"), not a list.
bool looks_like_lesson(std::string_view bytes);
// The lessons compiled into the build, in their files' order (01-basics, 02-...).
const std::vector<Lesson>& builtin_lessons();
// "file:line: what" for each compiled-in file that does not parse (the tests want none).
std::vector<std::string> builtin_lesson_problems();

}  // namespace bloomlab::app
