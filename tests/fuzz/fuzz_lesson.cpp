// Fuzzes the lesson parser (assets/lessons/FORMAT.md) and what a parsed lesson can do to the app:
// any input either parses into a lesson that keeps the format's promises (an id of a-z 0-9 -, a
// title, 1..40 steps, every task with a prompt, every choice with a right option) or is refused
// with a line number inside the file. A lesson that parses is opened through the app's one door
// (as a dropped file is), every step entered, its task answered with the input's first line
// and shown, undone and redone. Any broken promise, or a sanitizer report, is a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/model/actions.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "fuzz_app.h"

using namespace bloomlab;
using namespace bloomlab::app;

using fuzz::NullHost;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LessonParse p = parse_lesson(text);
  const int lines = int(std::count(text.begin(), text.end(), '\n')) + 1;
  if (!p.lesson) {
    require(p.error.code != LessonErrorCode::none && !lesson_error_text(p.error).empty());
    require(p.error.line >= 0 && p.error.line <= lines);
    return 0;
  }
  const Lesson& l = *p.lesson;
  require(!l.id.empty() && l.id.size() <= 40 && !l.title.empty());
  require(std::all_of(l.id.begin(), l.id.end(),
                      [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }));
  require(!l.steps.empty() && l.steps.size() <= kMaxLessonSteps);
  for (const LessonStep& st : l.steps) {
    require(!st.title.empty());
    if (st.task.kind != TaskKind::none) require(!st.task.prompt.empty());
    if (st.task.kind == TaskKind::choice)
      require(std::any_of(st.task.right.begin(), st.task.right.end(), [](bool r) { return r; }));
  }
  // Opened as a dropped file would be, walked, answered.
  NullHost host;
  AppState s;
  fuzz::start_app(s, host);
  if (!looks_like_lesson(text)) return 0;
  (void)apply(s, host, act::LoadWordList{std::string(text), "fuzz.lesson", ListSource::file});
  require(current_lesson(s) != nullptr);
  const std::string first_line(text.substr(0, std::min<size_t>(text.find('\n'), 64)));
  for (size_t i = 0; i < l.steps.size(); ++i) {
    (void)apply(s, host, act::AnswerTask{LessonAnswer{first_line, {}, {}, {}, {}}});
    (void)apply(s, host, act::AnswerTask{LessonAnswer{"", 1.0, {}, {}, {}}});
    (void)apply(s, host, act::ShowTaskAnswer{});
    (void)lesson_json(s);
    (void)apply(s, host, act::LessonGo{+1});
  }
  (void)apply(s, host, act::Undo{});
  (void)apply(s, host, act::Redo{});
  return 0;
}
