// The Lessons panel: the list of lessons, then the open step: its title, text and formulas with
// the app's live numbers, its task (an answer box, options or words to label), the feedback,
// hints and "Show the answer", and Back / Next / Reset this step. What it shows comes from
// lessons.h; every button only dispatches an action.
#include <imgui.h>
#include <imgui_internal.h>  // the active id: does the answer box have the keyboard already?
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "fonts.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

void paragraph(const std::string& text) { text_wrapped(text.c_str()); }

void draw_text(AppState& s, const LessonStep& st) {
  for (const TextBlock& b : st.text) {
    const std::string text = lesson_text(s, b.text);
    switch (b.kind) {
      case BlockKind::paragraph: paragraph(text); break;
      case BlockKind::formula: {
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        const float avail = ImGui::GetContentRegionAvail().x;
        if (w < avail) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail - w) / 2);
        ImGui::PushStyleColor(ImGuiCol_Text, palette().current);
        text_wrapped(text.c_str());
        ImGui::PopStyleColor();
        break;
      }
      case BlockKind::item:
        ImGui::Bullet();
        paragraph(text);
        break;
    }
    ImGui::Spacing();
  }
}

void feedback(const TaskState& t) {
  const std::string text = outcome_text(t.feedback);
  if (text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, t.feedback.error ? palette().error : palette().ok);
  text_wrapped(std::string(t.feedback.error ? "✗ " : "✓ ") + text);
  ImGui::PopStyleColor();
}

// The answer box and its Check button, for the kinds answered with a word or a number.
void answer_box(AppState& s, const LessonTask& task, const char* label, const char* button) {
  TaskState& t = s.lessons.task;
  std::string input = t.input;
  // The box gives way so that its label and Check keep its row (on a phone "слово" pushed
  // "Проверить" under the box, half of it under the pane's edge); down to a finger's width.
  const ImGuiStyle& st = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float label_w = ImGui::CalcTextSize(label, nullptr, true).x;
  const float beside =
      (label_w > 0 ? st.ItemInnerSpacing.x + label_w : 0) + st.ItemSpacing.x + button_width(button);
  ImGui::SetNextItemWidth(
      std::max(std::min({avail * 0.5f, 260 * ui_scale(), avail - beside}), 88 * ui_scale()));
  if (s.focus_answer_box) {  // typing aimed at no field, or the Enter that checked the last try
    if (ImGui::GetActiveID() != ImGui::GetID(label)) ImGui::SetKeyboardFocusHere();
    s.focus_answer_box = false;
  }
  const bool enter = ImGui::InputText(label, &input, ImGuiInputTextFlags_EnterReturnsTrue);
  if (input != t.input) dispatch(s, act::SetTaskInput{input});
  note_text(input);
  s.layout.lesson_answer_box = last_item_rect();
  s.layout.answer_box_active = ImGui::IsItemActive();
  same_line_if_fits(button_width(button));  // a slide or a phone: under the box, not past the edge
  if (button_wrapped(button) || enter) dispatch(s, act::AnswerTask{LessonAnswer{input, {}, {}, {}, {}}});
  if (enter) dispatch(s, act::FocusAnswerBox{});  // the next try is typed at once
  s.layout.lesson_check_button = last_item_rect();
  (void)task;
}

void candidates(AppState& s, const LessonTask& /*task*/) {
  TaskState& t = s.lessons.task;
  const bool reveal = t.solved || t.answer_shown || t.wrong > 0;
  if (t.candidates.empty()) {
    hint_text(tr("Drawing words… (the list must be loaded first)"));
    return;
  }
  // Each word with "yes" / "no" (in the list?). A slide has less room: one button that goes
  // "?" → "yes" → "no", and two words a row when they fit.
  const bool compact = ui_compact();
  const ImGuiStyle& st = ImGui::GetStyle();
  std::vector<std::string> shown;
  float word_w = 0;
  for (const Candidate& c : t.candidates) {
    shown.push_back(actions::shown_word(s, c.word, 24));
    word_w = std::max(word_w, ImGui::CalcTextSize(shown.back().c_str()).x);
  }
  const float buttons = compact
                            ? std::max(ImGui::CalcTextSize(tr("yes")).x, ImGui::CalcTextSize(tr("no")).x) +
                                  2 * st.FramePadding.x
                            : ImGui::CalcTextSize(tr("yes")).x + ImGui::CalcTextSize(tr("no")).x +
                                  4 * st.FramePadding.x + st.ItemSpacing.x;
  float truth_w = 0;
  for (const char* truth : {tr("in the list"), tr("false positive"), tr("definitely not")})
    truth_w = std::max(truth_w, ImGui::CalcTextSize(truth).x);
  const float mark = reveal && !compact ? ImGui::CalcTextSize("✓ ").x + truth_w : ImGui::CalcTextSize("✓").x;
  const float rest =
      buttons + mark + (compact ? 4 : 6) * st.CellPadding.x + (compact ? 0 : 2 * st.ItemSpacing.x);
  // Two words a row whenever four characters fit: a long drawn word is shortened ("…", whole in
  // its tooltip) rather than doubling the table's height, so the panel's height does not depend
  // on which words were drawn.
  const float room = ImGui::GetContentRegionAvail().x / 2 - rest;
  const int per_row = room >= std::min(word_w, ImGui::CalcTextSize("0123…").x) ? 2 : 1;
  if (per_row == 2 && word_w > room) {
    for (size_t i = 0; i < shown.size(); ++i)
      for (size_t n = 23; n >= 4 && ImGui::CalcTextSize(shown[i].c_str()).x > room; --n)
        shown[i] = actions::shown_word(s, t.candidates[i].word, n);
  }
  hint_text(tr("In the list?"));
  if (compact) ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(st.CellPadding.x, 1));
  const bool table =
      ImGui::BeginTable("candidates", 3 * per_row, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg);
  if (compact) ImGui::PopStyleVar();
  if (!table) return;
  for (size_t i = 0; i < t.candidates.size(); ++i) {
    const Candidate& c = t.candidates[i];
    ImGui::PushID(int(i));
    if (i % size_t(per_row) == 0) ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(shown[i].c_str());
    if (ImGui::IsItemHovered() && shown[i] != actions::shown_word(s, c.word))
      tooltip(actions::shown_word(s, c.word).c_str());
    ImGui::TableNextColumn();
    if (compact) {
      const std::string now = with_id(c.label == 1 ? tr("yes") : c.label == 0 ? tr("no") : " ? ", "##label");
      if (small_button(now.c_str())) dispatch(s, act::LabelCandidate{i, c.label != 1});
    } else {
      for (int label : {1, 0}) {
        const bool on = c.label == label;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (small_button(with_id(label ? tr("yes") : tr("no"), label ? "##yes" : "##no").c_str()))
          dispatch(s, act::LabelCandidate{i, label == 1});
        if (on) ImGui::PopStyleColor();
        if (label) ImGui::SameLine();
      }
    }
    ImGui::TableNextColumn();
    if (reveal && c.label >= 0 && compact) {
      const bool ok = (c.label == 1) == c.member;
      text_coloured(ok ? palette().ok : palette().error, ok ? "✓" : "✗");
    } else if (reveal && c.label >= 0) {
      const bool ok = (c.label == 1) == c.member;
      const Explained e = actions::query(s, c.word);
      const char* truth = c.member                         ? tr("in the list")
                          : e.verdict == Verdict::possibly ? tr("false positive")
                                                           : tr("definitely not");
      text_coloured(ok ? palette().ok : palette().error, (std::string(ok ? "✓ " : "✗ ") + truth).c_str());
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  if (ImGui::Button(tr("Check my labels"))) dispatch(s, act::AnswerTask{LessonAnswer{}});
  s.layout.lesson_check_button = last_item_rect();
}

// The task: its prompt, its controls, then what answers bring (feedback, hints, the answer).
// On a slide, returns where the latter end at their longest: the slide sizes its text for that
// from the start, so that nothing above them moves as they come, and the answer box holds still
// (issue 32). Elsewhere the panel grows below the box: 0.
// Folded (a phone's step, its text folded away for the panels) the task's question keeps its
// first line: the answer box stays, under what it answers.
float draw_task(AppState& s, const LessonStep& st, bool folded) {
  const LessonTask& task = st.task;
  TaskState& t = s.lessons.task;
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, palette().set_bit);
  const std::string prompt = fill(tr("Task: %s"), {lesson_text(s, task.prompt)});
  if (folded)
    text_first_line(prompt.c_str());
  else
    text_wrapped(prompt);
  ImGui::PopStyleColor();
  switch (task.kind) {
    case TaskKind::false_positive:
      answer_box(s, task, with_id(tr("word"), "##answer").c_str(), tr("Check"));
      break;
    case TaskKind::remove_safely:
      answer_box(s, task, with_id(tr("word"), "##answer").c_str(), tr("Remove and check"));
      break;
    case TaskKind::predict: answer_box(s, task, "%##answer", tr("Check")); break;
    case TaskKind::best_k: answer_box(s, task, "k##answer", tr("Check")); break;
    case TaskKind::reads: answer_box(s, task, with_id(tr("reads"), "##answer").c_str(), tr("Check")); break;
    case TaskKind::sizing: {
      const FilterParams& p = s.set.params();
      const std::string label =
          fill(tr("Check my filter: m = %s, k = %s"), {with_commas(p.m), std::to_string(p.k)});
      if (button_wrapped(with_id(label.c_str(), "##sizing").c_str()))
        dispatch(s, act::AnswerTask{LessonAnswer{}});
      s.layout.lesson_check_button = last_item_rect();
      break;
    }
    case TaskKind::choice:
      for (size_t i = 0; i < task.options.size(); ++i) {
        if (t.answer_shown || t.solved) {  // closed: the options as text, the right ones marked
          const std::string line = std::string(task.right[i] ? "✓ " : "   ") + std::to_string(i + 1) + ". " +
                                   lesson_text(s, task.options[i]);
          if (task.right[i]) ImGui::PushStyleColor(ImGuiCol_Text, palette().ok);
          text_wrapped(line);
          if (task.right[i]) ImGui::PopStyleColor();
          continue;
        }
        ImGui::PushID(int(i));
        const std::string label = std::to_string(i + 1) + ". " + lesson_text(s, task.options[i]);
        // An option is a sentence: it wraps in the button rather than running off the panel. Short
        // ones share a row ("1. 2%" to "4. 40%" took four rows of a phone's pane).
        if (i > 0) same_line_if_fits(button_width(label.c_str()));
        if (button_wrapped(label.c_str()))
          dispatch(s, act::AnswerTask{LessonAnswer{"", double(i + 1), {}, {}, {}}});
        ImGui::PopID();
      }
      break;
    case TaskKind::false_or_real: candidates(s, task); break;
    case TaskKind::none: break;
  }
  // Every hint and the answer as drawn: measured for the slide's room, drawn once they come.
  const bool slide = ui_compact();
  std::vector<std::string> hints;
  for (size_t i = 0; i < task.hints.size() && (slide || int(i) < t.hints_shown); ++i)
    hints.push_back(fill(tr("Hint: %s"), {lesson_text(s, task.hints[i])}));
  const std::string answer = !task.answer.empty() && (slide || t.answer_shown)
                                 ? fill(tr("Answer: %s"), {lesson_text(s, task.answer)})
                                 : std::string();
  float answers_end = 0;
  if (slide) {
    float room =
        std::max(2 * ImGui::GetTextLineHeightWithSpacing(), text_wrapped_height(outcome_text(t.feedback)));
    for (const std::string& hint : hints) room += text_wrapped_height(hint);
    room += std::max(answer.empty() ? 0.0f : text_wrapped_height(answer),
                     ImGui::GetFrameHeightWithSpacing());  // the answer, or the Hint and Show buttons
    answers_end = ImGui::GetCursorScreenPos().y + room;
  }
  feedback(t);
  for (int i = 0; i < t.hints_shown && size_t(i) < hints.size(); ++i) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().text_dim);
    text_wrapped(hints[size_t(i)]);
    ImGui::PopStyleColor();
  }
  if (t.answer_shown && !answer.empty()) text_wrapped(answer);
  if (!t.solved && !t.answer_shown) {
    if (size_t(t.hints_shown) < task.hints.size()) {
      if (small_button(tr("Hint"))) dispatch(s, act::ShowTaskHint{});
      s.layout.lesson_hint_button = last_item_rect();
      same_line_if_fits(button_width(tr("Show the answer")));
    }
    if (small_button(tr("Show the answer"))) dispatch(s, act::ShowTaskAnswer{});
  }
  return answers_end;
}

void draw_list(AppState& s) {
  // The texts are fetched when the panel first shows (web), and in each language shown after.
  if (!builtin_lessons_ready(lessons_lang(s))) {
    const LessonState::Texts& texts = lesson_texts(s);
    if (!texts.requested) dispatch(s, act::LoadLessons{});
    if (texts.error.empty()) {
      if (s.lessons.note.code != Code::lessons_loading)
        hint_text(outcome_text(Outcome{Code::lessons_loading, {}, false}).c_str());
    } else {
      if (s.lessons.note.code != Code::lessons_failed)
        show_note(Outcome{Code::lessons_failed, texts.error, true});
      if (ImGui::Button(tr("Try again"))) dispatch(s, act::LoadLessons{});
    }
  }
  const auto lessons = all_lessons(s);
  for (size_t i = 0; i < lessons.size(); ++i) {
    const Lesson& l = *lessons[i];
    ImGui::PushID(int(i));
    const LessonProgress progress = lesson_progress(s, l);
    const std::string label = std::to_string(i + 1) + ". " + l.title;
    // A title longer than the column (a slide in Russian) breaks into lines inside its button.
    if (button_wrapped(label.c_str())) dispatch(s, act::OpenLesson{l.id, 1});
    if (progress.reached) {
      const std::string mark =
          progress.done()
              ? "✓ " + std::string(tr("done"))
              : fill(tr("%s/%s seen"), {std::to_string(progress.reached), std::to_string(l.steps.size())});
      same_line_if_fits(ImGui::CalcTextSize(mark.c_str()).x);
      text_coloured(progress.done() ? palette().ok : palette().text_dim, mark.c_str());
    }
    if (!l.summary.empty() && !ui_compact()) hint_text(l.summary.c_str());
    ImGui::PopID();
  }
  ImGui::Spacing();
  if (!s.view.embed && button_wrapped(tr("Open a lesson file…"))) dispatch(s, act::OpenFile{});
  if (ImGui::IsItemHovered())
    tooltip(tr("A lesson you wrote (format: assets/lessons/FORMAT.md); you can also drop it on the page"));
}

}  // namespace

// Back / Next / Reset this step / All lessons under the open step (nav=0: Reset alone).
void lesson_buttons(AppState& s, bool with_list) {
  const Lesson* lesson = current_lesson(s);
  if (!lesson || !current_lesson_step(s)) return;
  const auto lessons = all_lessons(s);
  const int steps = int(lesson->steps.size());
  const bool nav = s.view.lesson_nav;  // nav=0: an article's step, which the reader does not leave
  s.layout.lesson_next_button = ScreenRect{};
  if (nav) {
    ImGui::BeginDisabled(s.lessons.step == 0);
    if (ImGui::Button(tr("◀ Back"))) dispatch(s, act::LessonGo{-1});
    ImGui::EndDisabled();
    ImGui::SameLine();
    const bool last = s.lessons.step + 1 == steps;
    const bool more = s.lessons.current + 1 < int(lessons.size());
    ImGui::BeginDisabled(last && !more);
    if (ImGui::Button(with_id(last ? tr("Next lesson ▶") : tr("Next ▶"), "##next").c_str()))
      dispatch(s, act::LessonGo{+1});
    ImGui::EndDisabled();
    s.layout.lesson_next_button = last_item_rect();
    if (ImGui::IsItemHovered()) tooltip(tr("PageDown or → (PageUp or ← goes back)"));
    same_line_if_fits(button_width(tr("Reset this step")));
  }
  if (ImGui::Button(tr("Reset this step"))) dispatch(s, act::ResetLessonStep{});
  if (ImGui::IsItemHovered()) tooltip(tr("The step's filter and words again (Undo goes back too)"));
  if (nav && with_list) {
    same_line_if_fits(button_width(tr("All lessons")));
    if (ImGui::Button(tr("All lessons"))) dispatch(s, act::OpenLesson{"", 1});
  }
}

void panel_lessons(AppState& s, Host& /*host*/) { lesson_card(s, LessonButtons::in_card); }

void lesson_card(AppState& s, LessonButtons buttons) {
  const Lesson* lesson = current_lesson(s);
  const LessonStep* st = current_lesson_step(s);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  // On a slide the step must fit the screen beside its bits: the text shrinks as far as the
  // normal text size (never below), and grows back when there is room.
  const bool slide = ui_compact() && lesson;
  if (slide) ImGui::SetWindowFontScale(s.between_frames.lesson_fit);
  float answers_end = 0, task_end = 0;  // a task's: draw_task
  // The buttons apart, under a scrolled pane (one column): "All lessons" in the card's title row,
  // so that the others keep one row (a phone had two, 54 px less for the step's text).
  const bool list_in_title = buttons != LessonButtons::in_card && lesson && st && s.view.lesson_nav;
  // On one column (apart_folding) where the step is is the card's title ("Lesson 3 · step 3 of 5",
  // short enough for "All lessons" beside it): the line under it, with the lesson's title and
  // count, cost a phone two rows of its pane.
  const bool folding = buttons == LessonButtons::apart_folding && lesson && st;
  const std::string where =
      folding ? fill(tr("Lesson %s · step %s of %s"),
                     {std::to_string(s.lessons.current + 1), std::to_string(s.lessons.step + 1),
                      std::to_string(lesson->steps.size())}) +
                    "###lessons"  // one card, whichever step: its height is kept under one id
              : tr("Lessons");
  if (begin_card(where.c_str(),
                 lesson ? nullptr : tr("The articles' story in steps, with tasks the app checks"), nullptr,
                 list_in_title ? tr("All lessons") : nullptr))
    dispatch(s, act::OpenLesson{"", 1});
  show_note(s.lessons.note);
  if (!lesson || !st) {
    draw_list(s);
  } else {
    const bool folded = folding && step_text_folded(s);  // the step's title, then its task's answer
    if (!folding)
      hint_text(
          fill(tr("Lesson %s of %s · %s · step %s of %s"),
               {std::to_string(s.lessons.current + 1), std::to_string(all_lessons(s).size()), lesson->title,
                std::to_string(s.lessons.step + 1), std::to_string(lesson->steps.size())})
              .c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette().current);
    s.layout.lesson_fold = ScreenRect{};
    if (folding) {
      // The step's title is the fold's button (as a disclosure triangle), the whole title's width.
      const ImVec2 at = ImGui::GetCursorScreenPos();
      text_wrapped(((folded ? "▸ " : "▾ ") + st->title).c_str());
      const ImVec2 end = ImGui::GetCursorScreenPos();
      ImGui::SetCursorScreenPos(at);
      if (ImGui::InvisibleButton("fold",
                                 ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetItemRectSize().y)))
        fold_step_text(s, !folded);
      s.layout.lesson_fold = last_item_rect();
      if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      ImGui::SetCursorScreenPos(end);
    } else {
      text_wrapped(st->title.c_str());
    }
    ImGui::PopStyleColor();
    if (!folded) {
      ImGui::Spacing();
      draw_text(s, *st);
    }
    if (const std::string was = step_preset_replaced(s); !was.empty())
      hint_text(fill(tr("This step is about the words of “%s”, and the words are now “%s”: “Reset this "
                        "step” brings the step's words back."),
                     {preset_title(was), preset_title(s.preset)})
                    .c_str());
    for (const std::string& w : s.lessons.warnings) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      text_wrapped(w.c_str());
      ImGui::PopStyleColor();
    }
    if (st->task.kind != TaskKind::none) {
      answers_end = draw_task(s, *st, folded);
      task_end = ImGui::GetCursorScreenPos().y;
    }
    if (buttons == LessonButtons::in_card) {
      ImGui::Separator();
      lesson_buttons(s);
    }
  }
  end_card();
  const float bottom = ImGui::GetCursorScreenPos().y;
  float height = bottom - top.y;
  s.layout.lesson_panel = ScreenRect{top.x, top.y, width, height};
  if (slide) {
    ImGui::SetWindowFontScale(1.0f);
    const float room = ImGui::GetWindowPos().y + ImGui::GetWindowHeight() - top.y;
    // Sized for the task's answers at their longest (the navigation below them), not as they are.
    if (answers_end > 0) height = std::max(height, answers_end + (bottom - task_end) - top.y);
    float& fit = s.between_frames.lesson_fit;
    const float smallest = std::min(1.0f, 1.0f / ui_scale());
    if (height > room)
      fit = std::max(smallest, fit * std::sqrt(room * 0.97f / height));
    else if (height < room * 0.8f && fit < 1.0f)
      fit = std::min(1.0f, fit * 1.05f);
  }
}

}  // namespace bloomlab::app
