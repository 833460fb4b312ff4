// The lessons in the app: which lesson and step is open, entering a step (its state through the
// actions, as one undo step), the task's answers, progress, and the JSON of the JS API.
// No ImGui: panel_lessons.cpp draws what this keeps.
#pragma once
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "host.h"
#include "lesson.h"
#include "state.h"

namespace bloomlab::app {

// The built-in lessons, then the teachers' files opened in this session.
std::vector<const Lesson*> all_lessons(const AppState& s);
const Lesson* current_lesson(const AppState& s);
const LessonStep* current_lesson_step(const AppState& s);
// The open step (lessons shown) names this panel (highlight: panel, or show:): it is in the
// step's scene, first in the columns.
bool step_names(const AppState& s, Panel panel);
// The open step (lessons shown) names this panel and at least one other: the panels share the
// screen (a slide's bit array leaves out its zoom buttons).
bool step_names_beside_others(const AppState& s, Panel panel);
// ...and the panel shows its short form (the Numbers' rows a step quotes, the plot over k alone)
// unless the reader unfolded it in this step ("Show all": unfold(); "Show less": fold()).
bool short_form(const AppState& s, Panel panel);
void unfold(AppState& s, Panel panel);
void fold(AppState& s, Panel panel);
// On one column the reader may fold the open step's text away (its title, task and buttons
// stay), to see the panels it names together; a new step opens with its text.
bool step_text_folded(const AppState& s);
void fold_step_text(AppState& s, bool folded);
// Whether the open step's text quotes this placeholder ("fill" for {fill}): the Numbers' short
// form shows the rows a step quotes.
bool step_quotes(const AppState& s, std::string_view placeholder);
// The height the open step's other named panels took last frame below `panel`, in its column
// (a slide's left column, a phone's one): what that panel leaves them on screen. 0 if none.
float named_below(const AppState& s, Panel panel);
// The preset the open step's text speaks of ("tiny" for state: preset=tiny...) when the words
// are no longer that preset's (the reader loaded another list or emptied them): the step's "bits
// 15, 25 and 52" are not on the screen. Empty when they are, or the step names no preset.
std::string step_preset_replaced(const AppState& s);
// The step has a task not yet solved nor answered by "Show the answer".
bool task_open(const AppState& s);
// The open task is answered in its answer box (a word or a number typed).
bool task_has_answer_box(const AppState& s);
// Whether the open task hides this (the design helper, whether a "possibly" is true ...).
bool lesson_hides(const AppState& s, Hide what);
// A lesson's text with its {placeholders} replaced by the app's live numbers.
std::string lesson_text(const AppState& s, std::string_view text);

// The language whose built-in lessons are wanted: the one the UI is switching to (its catalog on
// the way), else the current one; and where its bundle stands (state().lessonTexts).
Lang lessons_lang(const AppState& s);
const LessonState::Texts& lesson_texts(const AppState& s);
// The language changed (or is changing): when the lessons are wanted (the panel shown, a lesson
// open or waiting, the texts asked for before), asks for the new language's bundle. The open
// lesson stays at its step and shows the new language's text once that bundle is in.
void lessons_follow_language(AppState& s, Host& host);

// The lesson actions (act::ShowLessons ... act::RestoreLessonProgress); apply() sends them here.
template <class T>
inline constexpr bool is_lesson_action =
    std::is_same_v<T, act::ShowLessons> || std::is_same_v<T, act::LoadLessons> ||
    std::is_same_v<T, act::OpenLesson> || std::is_same_v<T, act::AssetArrived> ||
    std::is_same_v<T, act::AssetFailed> || std::is_same_v<T, act::LessonGo> ||
    std::is_same_v<T, act::ResetLessonStep> || std::is_same_v<T, act::AnswerTask> ||
    std::is_same_v<T, act::ShowTaskAnswer> || std::is_same_v<T, act::ShowTaskHint> ||
    std::is_same_v<T, act::SetTaskInput> || std::is_same_v<T, act::LabelCandidate> ||
    std::is_same_v<T, act::LoadLesson> || std::is_same_v<T, act::RestoreLessonProgress>;
Outcome apply_lesson(AppState& s, Host& host, const Action& action);
// A choice allows this many tries: after as many wrong ones its answer is shown, and it counts
// as shown, not solved (trying every option is no way through).
inline constexpr int kChoiceTries = 2;
// Checks an answer against the open step's task (lesson_tasks.cpp); the outcome is the feedback.
Outcome check_answer(AppState& s, Host& host, const LessonTask& task, const LessonAnswer& answer);
// Draws the false-or-real candidates afresh for the current words (lesson_tasks.cpp).
void draw_candidates(AppState& s, const LessonTask& task);

// The continuation of entering a step whose words were still loading: once they are in, the
// false-or-real candidates are drawn. The app calls it every frame (like continue_loading).
void continue_lesson(AppState& s);

// How far the student got in a lesson: steps seen, steps with a task, tasks solved.
struct LessonProgress {
  size_t reached = 0, tasks = 0, solved = 0, shown = 0;
  bool done() const { return tasks > 0 && solved == tasks; }
};
LessonProgress lesson_progress(const AppState& s, const Lesson& l);

// For the JS API: [{id, title, steps}], and the open step {id, step, steps, title, task}.
std::string lessons_json(const AppState& s);
std::string lesson_json(const AppState& s);
// What the platform keeps between visits (lines "reached ID STEP", "solved ID STEP", "shown ID STEP").
std::string lesson_progress_text(const AppState& s);

}  // namespace bloomlab::app
