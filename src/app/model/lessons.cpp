// The lessons in the app (lessons.h): entering a step applies its state through the actions as
// one undo step; the task's answers go to the checkers (lesson_tasks.cpp).
#include "lessons.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <optional>
#include <utility>

#include "actions.h"
#include "core/experiment.h"
#include "core/json_writer.h"
#include "core/theory.h"
#include "format.h"
#include "i18n.h"
#include "outcome_text.h"
#include "url_params.h"

namespace bloomlab::app {

// The lesson files compiled in (cmake/Data.cmake generates the table).
struct LessonSource {
  const char* file;
  const char* text;
};
extern const LessonSource kLessonSources[];
extern const size_t kLessonSourceCount;

namespace {

// What a lesson's texts live in changed (a language's lessons installed, a teacher's file
// loaded): the cached texts of the step are stale even where the state is not.
uint64_t g_lesson_generation = 0;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

Outcome out(Code c, std::vector<std::string> args = {}, bool error = false) {
  return Outcome{c, std::move(args), error};
}

const std::vector<Panel> kAllPanels = {Panel::words, Panel::bits,    Panel::params,
                                       Panel::plots, Panel::numbers, Panel::check};

std::string key_of(const Lesson& l, int step) { return l.id + "/" + std::to_string(step + 1); }

void save_progress(const AppState& s, Host& host) {
  if (!s.view.embed) host.save_lesson_progress(lesson_progress_text(s));
}

// The preset a step's state names ("tiny" for preset=tiny&word=dragon) by the id the app keeps
// in AppState::preset (a link's "10k" is "passwords"); empty if it names none.
std::string state_preset(std::string_view state) {
  for (std::string_view pair : split(state, '&')) {
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) != "preset") continue;
    const std::string_view id = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    return id == "10k" ? "passwords" : std::string(id);
  }
  return "";
}

// The step's state without its preset when the app already shows that preset untouched (its
// words, no others; the parameters the state does not name as the preset's): Next through three
// steps of the 10k list does not load the list three times.
std::string state_to_apply(const AppState& s, const std::string& state) {
  const std::string preset = state_preset(state);
  std::string rest;
  bool m = false, k = false, variant = false, scheme = false, words = false;
  for (std::string_view pair : split(state, '&')) {
    const std::string_view key = pair.substr(0, pair.find('='));
    if (key != "preset" && !pair.empty()) (rest += rest.empty() ? "" : "&") += pair;
    m |= key == "m", k |= key == "k", variant |= key == "variant", scheme |= key == "scheme";
    words |= key == "words";  // without its preset, words= would mean "an empty filter with these"
  }
  const auto params = preset_params(preset);
  if (!params || words || s.preset != preset || !s.preset_intact ||
      s.set.words().size() != s.preset_word_count || s.pending.active() || s.password_list_loading)
    return state;
  const FilterParams& now = s.set.params();
  if ((!m && now.m != params->m) || (!k && now.k != params->k) ||
      (!variant && now.variant != params->variant) || (!scheme && now.scheme != params->scheme))
    return state;
  return rest;
}

// Whether a step's state ("preset=tiny&word=dragon") names `key`.
bool names_key(std::string_view state, std::string_view key) {
  for (std::string_view pair : split(state, '&'))
    if (pair.substr(0, pair.find('=')) == key) return true;
  return false;
}

// Applies the step's state (as one undo step) and starts its task afresh. A step that names no
// word empties the word box: the last step's word and its verdict are not this step's story.
void enter_step(AppState& s, Host& host, bool apply_state) {
  LessonState& ls = s.lessons;
  ls.task = TaskState{};
  ls.warnings.clear();
  const Lesson* lesson = current_lesson(s);
  const LessonStep* st = current_lesson_step(s);
  if (!lesson || !st) return;
  if (apply_state && st->state) {
    const std::vector<std::string> link_warnings = s.url_warnings;
    s.history.begin_group();
    ls.warnings = apply_url_params(s, host, state_to_apply(s, *st->state));
    if (!names_key(*st->state, "word") && !s.word_input.empty()) (void)apply(s, host, act::SetWordInput{""});
    if (!names_key(*st->state, "panels") && !s.view.embed) {
      s.view.panels = kAllPanels;
      s.view.panels_chosen = false;
    }
    s.history.end_group();
    s.url_warnings = link_warnings;
  }
  if (st->task.kind == TaskKind::false_or_real && !s.pending.active() && !s.password_list_loading)
    draw_candidates(s, st->task);
  // A choice whose answer was shown stays closed: Reset this step is no fresh pair of tries.
  if (st->task.kind == TaskKind::choice && ls.shown.count(key_of(*lesson, ls.step)))
    ls.task.answer_shown = true;
  ls.reached.insert(key_of(*lesson, ls.step));
  save_progress(s, host);
}

// Asks the platform for the built-in lessons' texts in the wanted language, where they are
// fetched; again after a failure (the panel's "Try again", another lesson= link).
void request_library(AppState& s, Host& host) {
  const Lang lang = lessons_lang(s);
  LessonState::Texts& t = s.lessons.texts[size_t(lang)];
  if (builtin_lessons_ready(lang) || (t.requested && t.error.empty())) return;
  t.requested = true;
  t.error.clear();
  host.request_asset(lesson_bundle_name(lang));
}

// The language of a bundle's name (lesson_bundle_name), if it is one.
std::optional<Lang> bundle_lang(const std::string& name) {
  for (Lang l : kLangs)
    if (name == lesson_bundle_name(l)) return l;
  return std::nullopt;
}

bool builtin_id(const std::string& id) {
  return std::any_of(builtin_lessons().begin(), builtin_lessons().end(),
                     [&](const Lesson& l) { return l.id == id; });
}

// The id a teacher's lesson is kept under: ID-own when a built-in lesson has ID.
std::string own_lesson_id(const std::string& id) { return builtin_id(id) ? id + "-own" : id; }

// The built-in lessons arrived after a teacher's file that reuses one of their ids (the web
// fetches them when first wanted): that copy becomes ID-own too, as if it had loaded after them.
// An older ID-own copy gives way to it.
void rename_own_lessons(LessonState& ls) {
  for (size_t i = 0; i < ls.opened.size(); ++i) {
    if (!builtin_id(ls.opened[i].id)) continue;
    const std::string own = ls.opened[i].id + "-own";
    ls.opened[i].id = own;
    for (size_t j = 0; j < ls.opened.size(); ++j)
      if (j != i && ls.opened[j].id == own) {
        const int base = int(builtin_lessons().size());  // ls.current counts the built-in ones first
        if (ls.current == base + int(j)) ls.current = base + int(i);
        ls.opened.erase(ls.opened.begin() + long(j));
        if (ls.current > base + int(j)) --ls.current;
        if (j < i) --i;
        break;
      }
  }
}

Outcome open_lesson(AppState& s, Host& host, const std::string& id, int64_t step, bool clamp = true,
                    const std::string& as_given = "") {
  LessonState& ls = s.lessons;
  if (!clamp && !id.empty()) {  // refused before anything changes
    for (const Lesson* l : all_lessons(s))
      if (l->id == id && (step < 1 || step > int64_t(l->steps.size())))
        return ls.note =
                   out(Code::lesson_step_range,
                       {as_given.empty() ? std::to_string(step) : as_given, std::to_string(l->steps.size())},
                       true);
  }
  s.view.show_lessons = true;
  ls.waiting.reset();
  if (id.empty()) {
    ls.current = -1;
    request_library(s, host);
    return ls.note = out(Code::ok);
  }
  const auto lessons = all_lessons(s);
  const bool known =
      std::any_of(lessons.begin(), lessons.end(), [&](const Lesson* l) { return l->id == id; });
  if (!known && !builtin_lessons_ready(lessons_lang(s))) {  // it opens when the texts arrive
    ls.waiting = {id, step};
    request_library(s, host);
    return ls.note = out(Code::lessons_loading);
  }
  for (size_t i = 0; i < lessons.size(); ++i) {
    if (lessons[i]->id != id) continue;
    ls.current = int(i);
    const int steps = int(lessons[i]->steps.size());
    Outcome o{Code::lesson_opened, {lessons[i]->title}};
    if (step < 1 || step > steps) {
      o = out(Code::lesson_step_range,
              {as_given.empty() ? std::to_string(step) : as_given, std::to_string(steps)}, true);
      step = std::clamp<int64_t>(step, 1, steps);
    }
    ls.step = int(step - 1);
    enter_step(s, host, true);
    return ls.note = o;
  }
  return ls.note = out(Code::lesson_unknown, {id}, true);
}

Outcome go(AppState& s, Host& host, int delta) {
  LessonState& ls = s.lessons;
  const Lesson* lesson = current_lesson(s);
  if (!lesson || !s.view.lesson_nav) return out(Code::unchanged);  // nav=0: the link's step stays
  const int target = ls.step + delta;
  if (target >= int(lesson->steps.size())) {  // past the last step: the next lesson
    const auto lessons = all_lessons(s);
    if (ls.current + 1 < int(lessons.size()))
      return open_lesson(s, host, lessons[size_t(ls.current + 1)]->id, 1);
    return out(Code::unchanged);
  }
  if (target < 0) return out(Code::unchanged);
  ls.step = target;
  ls.note = out(Code::ok);
  enter_step(s, host, true);
  return out(Code::view_changed);
}

Outcome answer(AppState& s, Host& host, const LessonAnswer& a) {
  LessonState& ls = s.lessons;
  const Lesson* lesson = current_lesson(s);
  const LessonStep* st = current_lesson_step(s);
  if (!st || st->task.kind == TaskKind::none) return ls.task.feedback = out(Code::task_no_task, {}, true);
  const bool choice = st->task.kind == TaskKind::choice;
  if (choice && ls.task.answer_shown) return ls.task.feedback = out(Code::task_choice_closed, {}, true);
  // The same wrong answer again, against the same filter (Enter held into ImGui's key repeat on a
  // slow frame, Check clicked twice), is the same try: its feedback stays, no second hint, no
  // choice's try spent. (A slide's three wrong answers were counted four times on a busy machine.)
  if (ls.task.last_wrong && *ls.task.last_wrong == a && ls.task.last_wrong_version == s.version &&
      !ls.task.solved)
    return ls.task.feedback;
  Outcome o = check_answer(s, host, st->task, a);
  ls.task.feedback = o;
  const bool judged = o.code != Code::task_list_loading && o.code != Code::task_answer_empty &&
                      o.code != Code::task_number_invalid && o.code != Code::task_labels_missing &&
                      o.code != Code::task_choice_invalid && o.code != Code::task_reads_unavailable;
  if (o.ok()) {
    ls.task.solved = true;
    ls.solved.insert(key_of(*lesson, ls.step));
    save_progress(s, host);
  } else if (judged) {
    ls.task.last_wrong = a;
    ls.task.last_wrong_version = s.version;
    ++ls.task.wrong;
    ls.task.hints_shown = std::min<int>(ls.task.wrong, int(st->task.hints.size()));
    if (choice && ls.task.wrong >= kChoiceTries) {  // the tries are spent: the answer is shown
      ls.task.answer_shown = true;
      if (!ls.solved.count(key_of(*lesson, ls.step))) ls.shown.insert(key_of(*lesson, ls.step));
      save_progress(s, host);
      o = ls.task.feedback = out(Code::task_choice_spent, o.args, true);
    }
  }
  return o;
}

std::string number_text(double v, int digits = 3) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

}  // namespace

namespace {

// The built-in lessons: the same for the whole program (one page, one library per language), so
// kept here rather than in each AppState. Native: English parsed from the compiled-in table at
// first use.
struct Library {
  std::vector<LessonFile> files;
  std::vector<Lesson> lessons;
  bool ready = false;
};

std::vector<Lesson> parse_files(const std::vector<LessonFile>& files) {
  std::vector<Lesson> lessons;
  for (const LessonFile& f : files)
    if (LessonParse p = parse_lesson(f.text); p.lesson) lessons.push_back(std::move(*p.lesson));
  return lessons;
}

Library& library(Lang lang) {
  static std::array<Library, std::size(kLangs)> libs = [] {
    std::array<Library, std::size(kLangs)> l;
    Library& en = l[size_t(Lang::en)];
    for (size_t i = 0; i < kLessonSourceCount; ++i)
      en.files.push_back({kLessonSources[i].file, kLessonSources[i].text});
    en.lessons = parse_files(en.files);
    en.ready = kLessonSourceCount > 0;
    return l;
  }();
  return libs[size_t(lang)];
}

// The library on screen: the current language's once installed, else the one shown before
// (the reader just switched and its bundle is on the way), else any installed one.
const Library& shown_library() {
  static Lang shown = Lang::en;
  if (library(current_lang()).ready) shown = current_lang();
  for (size_t i = 0; !library(shown).ready && i < std::size(kLangs); ++i) shown = kLangs[i];
  return library(shown);
}

}  // namespace

const std::vector<Lesson>& builtin_lessons() { return shown_library().lessons; }
bool builtin_lessons_ready(Lang lang) { return library(lang).ready; }
std::string lesson_bundle_name(Lang lang) { return std::string("lessons-") + lang_code(lang) + ".txt"; }

std::vector<std::string> builtin_lesson_problems() {
  std::vector<std::string> out;
  for (Lang lang : kLangs) {
    const std::string dir = lang == Lang::en ? "" : std::string(lang_code(lang)) + "/";
    for (const LessonFile& f : library(lang).files) {
      const LessonParse p = parse_lesson(f.text);
      if (!p.lesson)
        out.push_back(dir + f.name + ":" + std::to_string(p.error.line) + ": " + lesson_error_text(p.error));
    }
  }
  return out;
}

bool install_lesson_bundle(Lang lang, std::string_view bundle) {
  auto files = parse_lesson_bundle(bundle);
  if (!files) return false;
  std::vector<Lesson> lessons = parse_files(*files);
  if (lessons.empty()) return false;
  Library& lib = library(lang);
  lib.files = std::move(*files);
  lib.lessons = std::move(lessons);
  lib.ready = true;
  ++g_lesson_generation;
  return true;
}

Lang lessons_lang(const AppState& s) { return s.view.lang_loading.value_or(current_lang()); }
const LessonState::Texts& lesson_texts(const AppState& s) { return s.lessons.texts[size_t(lessons_lang(s))]; }

void lessons_follow_language(AppState& s, Host& host) {
  const LessonState& ls = s.lessons;
  const bool asked =
      std::any_of(ls.texts.begin(), ls.texts.end(), [](const LessonState::Texts& t) { return t.requested; });
  if (s.view.show_lessons || ls.current >= 0 || ls.waiting || asked) request_library(s, host);
}

std::vector<const Lesson*> all_lessons(const AppState& s) {
  std::vector<const Lesson*> out;
  for (const Lesson& l : builtin_lessons()) out.push_back(&l);
  for (const Lesson& l : s.lessons.opened) out.push_back(&l);
  return out;
}

const Lesson* current_lesson(const AppState& s) {
  const int i = s.lessons.current;
  if (i < 0) return nullptr;
  const size_t builtin = builtin_lessons().size();
  if (size_t(i) < builtin) return &builtin_lessons()[size_t(i)];
  if (size_t(i) - builtin < s.lessons.opened.size()) return &s.lessons.opened[size_t(i) - builtin];
  return nullptr;
}

const LessonStep* current_lesson_step(const AppState& s) {
  const Lesson* l = current_lesson(s);
  if (!l || s.lessons.step < 0 || size_t(s.lessons.step) >= l->steps.size()) return nullptr;
  return &l->steps[size_t(s.lessons.step)];
}

bool step_names(const AppState& s, Panel panel) {
  const LessonStep* st = s.view.show_lessons ? current_lesson_step(s) : nullptr;
  if (!st) return false;
  const std::vector<Panel> named = scene_panels(*st);
  return std::find(named.begin(), named.end(), panel) != named.end();
}

bool step_names_beside_others(const AppState& s, Panel panel) {
  return step_names(s, panel) && scene_panels(*current_lesson_step(s)).size() >= 2;
}

namespace {
std::pair<int, int> open_step(const AppState& s) { return {s.lessons.current, s.lessons.step}; }
}  // namespace

bool short_form(const AppState& s, Panel panel) {
  const auto& u = s.between_frames.unfolded;
  return step_names_beside_others(s, panel) &&
         (u.step != open_step(s) || std::find(u.panels.begin(), u.panels.end(), panel) == u.panels.end());
}

float named_below(const AppState& s, Panel panel) {
  if (!step_names_beside_others(s, panel)) return 0;
  const auto& cards = s.between_frames.cards;
  const ScreenRect& me = cards[size_t(panel)].whole;
  float lowest = me.y + me.h;  // from its lower edge to the lowest named card's, the gaps between
  for (Panel p : scene_panels(*current_lesson_step(s))) {
    const ScreenRect& c = cards[size_t(p)].whole;
    if (p != panel && c.h > 0 && c.x == me.x && c.y > me.y) lowest = std::max(lowest, c.y + c.h);
  }
  return lowest - (me.y + me.h);
}

bool step_quotes(const AppState& s, std::string_view placeholder) {
  const LessonStep* st = current_lesson_step(s);
  if (!st) return false;
  const std::string quoted = "{" + std::string(placeholder) + "}";
  return std::any_of(st->text.begin(), st->text.end(),
                     [&quoted](const TextBlock& b) { return b.text.find(quoted) != std::string::npos; });
}

void unfold(AppState& s, Panel panel) {
  auto& u = s.between_frames.unfolded;
  if (u.step != open_step(s)) u = {open_step(s), {}};
  u.panels.push_back(panel);
}

void fold(AppState& s, Panel panel) {
  auto& u = s.between_frames.unfolded;
  if (u.step == open_step(s))
    u.panels.erase(std::remove(u.panels.begin(), u.panels.end(), panel), u.panels.end());
}

bool step_text_folded(const AppState& s) {
  return s.between_frames.text_folded == open_step(s) && current_lesson_step(s);
}

void fold_step_text(AppState& s, bool folded) {
  s.between_frames.text_folded = folded ? open_step(s) : std::pair{-1, -1};
}

std::string step_preset_replaced(const AppState& s) {
  const LessonStep* st = s.view.show_lessons ? current_lesson_step(s) : nullptr;
  if (!st || !st->state || s.pending.active() || s.password_list_loading) return "";
  const std::string preset = state_preset(*st->state);
  return preset_params(preset) && preset != s.preset ? preset : "";
}

bool task_open(const AppState& s) {
  const LessonStep* st = current_lesson_step(s);
  return s.view.show_lessons && st && st->task.kind != TaskKind::none && !s.lessons.task.solved &&
         !s.lessons.task.answer_shown;
}

bool task_has_answer_box(const AppState& s) {
  if (!task_open(s)) return false;
  switch (current_lesson_step(s)->task.kind) {
    case TaskKind::false_positive:
    case TaskKind::remove_safely:
    case TaskKind::predict:
    case TaskKind::best_k:
    case TaskKind::reads: return true;
    default: return false;
  }
}

bool lesson_hides(const AppState& s, Hide what) {
  const LessonStep* st = current_lesson_step(s);
  return task_open(s) && (st->hide & what);
}

namespace {

// The placeholders filled, in one pass: a '{' looks no further than a name's length for its
// '}' (it looked to the end of the text: "{a" x 120,000 was quadratic, 3 s a frame).
constexpr size_t kLongestPlaceholder = 12;  // "{measured}" and its like, with room

std::string fill_placeholders(const AppState& s, std::string_view text) {
  const FilterParams& p = s.set.params();
  const uint64_t n = s.set.words().size();
  const Filter& f = s.set.filter();
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    const size_t close =
        text[i] == '{' ? text.substr(i, kLongestPlaceholder + 1).find('}') : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += text[i];
      continue;
    }
    const std::string_view name = text.substr(i + 1, close - 1);
    std::string value;
    if (name == "n")
      value = with_commas(n);
    else if (name == "m")
      value = with_commas(p.m);
    else if (name == "k")
      value = std::to_string(p.k);
    else if (name == "set")
      value = with_commas(f.bits_set());
    else if (name == "fill")
      value = format_percent(double(f.bits_set()) / double(p.m));
    else if (name == "theory")
      value = lesson_hides(s, hide_theory) ? "?" : format_rate(theoretical_fp_rate(p, double(n)));
    else if (name == "measured") {
      value = lesson_hides(s, hide_measured) ? "?"
              : s.measurement && s.measurement_version == s.version
                  ? format_rate(s.measurement->measured_rate)
                  : std::string(tr("(press Measure)"));
    } else if (name == "bpi")
      value = n ? number_text(double(p.m) / double(n)) : "∞";
    else if (name == "bestk")
      value = n ? std::to_string(theory::optimal_k(double(p.m), double(n))) : "—";
    else if (name == "bytes")
      value = format_bytes(f.size_in_bytes());
    else {
      out += text[i];
      continue;
    }
    out += value;
    i += close;
  }
  return out;
}

}  // namespace

std::string lesson_text(const AppState& s, std::string_view text) {
  // Kept per step while what fills it stays the same (the frames draw the step again and again).
  LessonState::TextCache& cache = s.lessons.text_cache;
  const LessonStep* st = current_lesson_step(s);
  LessonState::TextCache::Key key;
  key.lessons = &builtin_lessons();
  key.generation = g_lesson_generation;
  key.version = s.version;
  key.current = s.lessons.current;
  key.step = s.lessons.step;
  key.measured = s.measurement && s.measurement_version == s.version;
  key.hidden = st && task_open(s) ? st->hide : 0;
  key.lang = current_lang();
  if (!(key == cache.key)) {
    cache.key = key;
    cache.texts.clear();
  }
  // Found by where the text lives, kept only while it still reads the same (a file loaded again
  // may put another text at the same address); the comparison is linear, the filling was not.
  if (cache.texts.size() >= 256) cache.texts.clear();  // texts the panels no longer show
  auto [at, fresh] = cache.texts.try_emplace({text.data(), text.size()});
  if (fresh || at->second.first != text) {
    at->second = {std::string(text), fill_placeholders(s, text)};
    ++cache.substitutions;
  }
  return at->second.second;
}

Outcome apply_lesson(AppState& s, Host& host, const Action& action) {
  LessonState& ls = s.lessons;
  return std::visit(
      Overloaded{
          [&](const act::ShowLessons& a) {
            s.view.show_lessons = a.on;
            if (a.on) request_library(s, host);
            return out(Code::view_changed);
          },
          [&](const act::LoadLessons&) {
            request_library(s, host);
            return out(builtin_lessons_ready(lessons_lang(s)) ? Code::unchanged : Code::lessons_loading);
          },
          [&](const act::AssetArrived& a) {
            const std::optional<Lang> lang = bundle_lang(a.name);
            if (!lang || builtin_lessons_ready(*lang)) return out(Code::unchanged);
            const size_t before = builtin_lessons().size();
            if (!install_lesson_bundle(*lang, a.bytes)) {
              ls.texts[size_t(*lang)].error = damaged_failure();
              return ls.note = out(Code::lessons_failed, damaged_failure(), true);
            }
            // A teacher's file opened meanwhile sits after the built-in lessons: its index moves.
            // (Every language has the same lessons in the same order: a built-in one stays put.)
            const size_t after = builtin_lessons().size();
            if (ls.current >= int(before)) ls.current += int(after) - int(before);
            rename_own_lessons(ls);
            if (ls.note.code == Code::lessons_loading || ls.note.code == Code::lessons_failed)
              ls.note = out(Code::ok);
            if (auto w = std::exchange(ls.waiting, std::nullopt))
              return open_lesson(s, host, w->first, w->second);
            return out(Code::view_changed);
          },
          [&](const act::AssetFailed& a) {
            const std::optional<Lang> lang = bundle_lang(a.name);
            if (!lang || builtin_lessons_ready(*lang)) return out(Code::unchanged);
            ls.texts[size_t(*lang)].error = download_failure(a.why);
            return ls.note = out(Code::lessons_failed, download_failure(a.why), true);
          },
          [&](const act::OpenLesson& a) { return open_lesson(s, host, a.id, a.step, a.clamp, a.as_given); },
          [&](const act::LessonGo& a) { return go(s, host, a.delta); },
          [&](const act::ResetLessonStep&) {
            enter_step(s, host, true);
            return out(Code::view_changed);
          },
          [&](const act::AnswerTask& a) { return answer(s, host, a.answer); },
          [&](const act::ShowTaskAnswer&) {
            const LessonStep* st = current_lesson_step(s);
            if (!st) return out(Code::task_no_task, {}, true);
            ls.task.answer_shown = true;
            const std::string key = key_of(*current_lesson(s), ls.step);
            if (st->task.kind == TaskKind::choice && !ls.task.solved && !ls.solved.count(key)) {
              ls.shown.insert(key);
              save_progress(s, host);
            }
            return ls.task.feedback = out(Code::task_answer_shown);
          },
          [&](const act::ShowTaskHint&) {
            const LessonStep* st = current_lesson_step(s);
            if (st) ls.task.hints_shown = std::min<int>(ls.task.hints_shown + 1, int(st->task.hints.size()));
            return out(Code::view_changed);
          },
          [&](const act::SetTaskInput& a) {
            ls.task.input = a.text.substr(0, 200);
            return out(Code::ok);
          },
          [&](const act::LabelCandidate& a) {
            if (a.index < ls.task.candidates.size()) ls.task.candidates[a.index].label = a.in_list ? 1 : 0;
            return out(Code::ok);
          },
          [&](const act::LoadLesson& a) {
            LessonParse p = parse_lesson(a.bytes);
            if (!p.lesson) return ls.note = out(Code::lesson_invalid, lesson_error_args(p.error), true);
            // A teacher's copy of a built-in lesson keeps both: it is ID-own, and loading it again
            // replaces that copy (it looked for ID, found none, and added ID-own again each time).
            const std::string id = own_lesson_id(p.lesson->id), title = p.lesson->title;
            p.lesson->id = id;
            const size_t steps = p.lesson->steps.size();
            auto same =
                std::find_if(ls.opened.begin(), ls.opened.end(), [&](const Lesson& l) { return l.id == id; });
            ++g_lesson_generation;  // the texts of the step on screen may be this file's
            if (same != ls.opened.end())
              *same = std::move(*p.lesson);
            else
              ls.opened.push_back(std::move(*p.lesson));
            (void)open_lesson(s, host, id, 1);
            return ls.note = out(Code::lesson_loaded, {title, std::to_string(steps)});
          },
          [&](const act::RestoreLessonProgress& a) {
            // Lines "reached ID STEP" / "solved ID STEP" (no iostreams: they would double the wasm).
            size_t start = 0;
            while (start < a.text.size()) {
              const size_t end = std::min(a.text.find('\n', start), a.text.size());
              const std::string line = a.text.substr(start, end - start);
              start = end + 1;
              const size_t s1 = line.find(' '), s2 = s1 == std::string::npos ? s1 : line.find(' ', s1 + 1);
              if (s2 == std::string::npos) continue;
              const std::string what = line.substr(0, s1), id = line.substr(s1 + 1, s2 - s1 - 1);
              const std::string step = line.substr(s2 + 1);
              if (id.empty() || step.empty() || step.size() > 3 ||
                  step.find_first_not_of("0123456789") != std::string::npos)
                continue;
              const std::string key = id + "/" + step;
              if (what == "solved")
                ls.solved.insert(key);
              else if (what == "reached")
                ls.reached.insert(key);
              else if (what == "shown")
                ls.shown.insert(key);
            }
            return out(Code::ok);
          },
          [&](const auto&) { return out(Code::ok); },
      },
      action);
}

void continue_lesson(AppState& s) {
  const LessonStep* st = current_lesson_step(s);
  if (st && st->task.kind == TaskKind::false_or_real && s.lessons.task.candidates.empty() &&
      !s.pending.active() && !s.password_list_loading && !s.set.words().empty())
    draw_candidates(s, st->task);
}

std::string lesson_progress_text(const AppState& s) {
  std::string out;
  auto write = [&](const char* what, const std::string& key) {
    const size_t slash = key.rfind('/');
    if (slash != std::string::npos)
      out += std::string(what) + " " + key.substr(0, slash) + " " + key.substr(slash + 1) + "\n";
  };
  for (const std::string& k : s.lessons.reached) write("reached", k);
  for (const std::string& k : s.lessons.solved) write("solved", k);
  for (const std::string& k : s.lessons.shown) write("shown", k);
  return out;
}

LessonProgress lesson_progress(const AppState& s, const Lesson& l) {
  LessonProgress p;
  for (size_t i = 0; i < l.steps.size(); ++i) {
    const std::string key = key_of(l, int(i));
    p.reached += s.lessons.reached.count(key);
    if (l.steps[i].task.kind == TaskKind::none) continue;
    ++p.tasks;
    p.solved += s.lessons.solved.count(key);
    p.shown += !s.lessons.solved.count(key) && s.lessons.shown.count(key);
  }
  return p;
}

std::string lessons_json(const AppState& s) {
  JsonWriter j;
  j.begin_array();
  for (const Lesson* l : all_lessons(s)) {
    j.begin_object().field("id", l->id).field("title", l->title).field("summary", l->summary);
    j.field("steps", uint64_t(l->steps.size()));
    const LessonProgress p = lesson_progress(s, *l);
    j.field("reached", uint64_t(p.reached))
        .field("solved", uint64_t(p.solved))
        .field("shown", uint64_t(p.shown));
    j.key("stepTitles").begin_array();
    for (const LessonStep& st : l->steps) j.value(st.title);
    j.end_array().end_object();
  }
  j.end_array();
  return j.str();
}

std::string lesson_json(const AppState& s) {
  const Lesson* l = current_lesson(s);
  const LessonStep* st = current_lesson_step(s);
  JsonWriter j;
  if (!l || !st) {
    j.begin_object().field("open", s.view.show_lessons).key("id").null().end_object();
    return j.str();
  }
  const LessonState& ls = s.lessons;
  j.begin_object().field("open", s.view.show_lessons).field("id", l->id).field("title", l->title);
  j.field("step", int64_t(ls.step + 1))
      .field("steps", uint64_t(l->steps.size()))
      .field("stepTitle", st->title);
  j.field("state", st->state ? *st->state : std::string());
  j.key("text").begin_array();
  for (const TextBlock& b : st->text) j.value(lesson_text(s, b.text));
  j.end_array();
  j.key("highlight").begin_array();
  for (Panel p : st->highlight_panels) j.value(std::string("panel ") + panel_name(p));
  for (const std::string& w : st->highlight_words) j.value("word " + w);
  j.end_array();
  j.key("show").begin_array();  // the panels shown, not highlighted
  for (Panel p : st->show_panels) j.value(panel_name(p));
  j.end_array();
  j.key("warnings").begin_array();
  for (const std::string& w : ls.warnings) j.value(w);
  j.end_array();
  if (st->task.kind == TaskKind::none) {
    j.key("task").null();
  } else {
    const LessonTask& t = st->task;
    // The texts as the screen shows them: {placeholders} filled with the live numbers.
    j.key("task")
        .begin_object()
        .field("kind", task_kind_name(t.kind))
        .field("prompt", lesson_text(s, t.prompt));
    if (t.kind == TaskKind::choice) {
      j.key("options").begin_array();
      for (const std::string& o : t.options) j.value(lesson_text(s, o));
      j.end_array();
    }
    if (t.kind == TaskKind::false_or_real) {
      j.key("candidates").begin_array();
      for (const Candidate& c : ls.task.candidates) j.value(c.word);
      j.end_array();
    }
    j.field("done", ls.task.solved || ls.task.answer_shown).field("correct", ls.task.solved);
    j.field("wrong", int64_t(ls.task.wrong)).field("hidden", task_open(s) ? uint64_t(st->hide) : uint64_t(0));
    j.key("hints").begin_array();
    for (int i = 0; i < ls.task.hints_shown; ++i) j.value(lesson_text(s, t.hints[size_t(i)]));
    j.end_array();
    j.field("feedback", outcome_text(ls.task.feedback))
        .field("feedbackCode", code_name(ls.task.feedback.code));
    if (ls.task.answer_shown) j.field("answer", lesson_text(s, t.answer));
    j.end_object();
  }
  j.end_object();
  return j.str();
}

}  // namespace bloomlab::app
