// The lesson file parser (format: assets/lessons/FORMAT.md). Line-oriented, one pass; any
// mistake stops it with the line's number and what was wrong, and no lesson comes out.
#include "lesson.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/word_list.h"
#include "url_params.h"

namespace bloomlab::app {
namespace {

struct KindName { TaskKind kind; const char* name; };
const KindName kKinds[] = {
    {TaskKind::false_positive, "false-positive"}, {TaskKind::choice, "choice"},
    {TaskKind::predict, "predict"},               {TaskKind::best_k, "best-k"},
    {TaskKind::sizing, "sizing"},                 {TaskKind::false_or_real, "false-or-real"},
    {TaskKind::remove_safely, "remove-safely"},   {TaskKind::reads, "reads"},
};

// The keys of the link parameters a step's state may use.
const char* const kStateKeys[] = {"preset", "m", "k", "variant", "scheme", "words", "word", "panels", "probes"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 40) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::optional<double> number(std::string_view text) {
  const std::string s(trim(text));
  if (s.empty() || s.size() > 30) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// "key: value" with a known key, else nullopt (a text line).
struct Directive { std::string key; std::string_view value; };

bool lower_key(std::string_view line, size_t* colon) {
  size_t i = 0;
  while (i < line.size() && ((line[i] >= 'a' && line[i] <= 'z') || line[i] == '-' || line[i] == '*' ||
                             (i > 0 && line[i] >= '0' && line[i] <= '9')))
    ++i;
  if (i == 0 || i >= line.size() || line[i] != ':') return false;
  *colon = i;
  return true;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  LessonParse run() {
    LessonParse out;
    if (text_.size() > kMaxLessonBytes)
      return fail(0, "the file is " + std::to_string(text_.size()) + " bytes; a lesson may have at most " +
                         std::to_string(kMaxLessonBytes));
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);
    if (!is_valid_utf8(text_)) return fail(0, "the file is not UTF-8 text");
    if (text_.find('\0') != std::string_view::npos) return fail(0, "the file holds NUL bytes: it is not a text file");
    size_t pos = 0;
    while (pos <= text_.size() && !failed_) {
      size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      ++line_;
      line(text_.substr(pos, end - pos));
      pos = end + 1;
    }
    if (failed_) return result_;
    if (!has_id_) return fail(0, "there is no \"lesson:\" line (the lesson's id)");
    if (lesson_.title.empty()) return fail(0, "there is no \"title:\" line");
    if (lesson_.steps.empty()) return fail(0, "the lesson has no \"step:\"");
    for (const LessonStep& s : lesson_.steps)
      if (LessonError e = check_task(s); !e.what.empty()) return fail(e.line, e.what);
    end_paragraph();
    out.lesson = std::move(lesson_);
    return out;
  }

 private:
  LessonParse fail(int line, std::string what) {
    failed_ = true;
    result_.lesson.reset();
    result_.error = LessonError{line, std::move(what)};
    return result_;
  }
  void error(std::string what) { (void)fail(line_, std::move(what)); }

  LessonStep* step() { return lesson_.steps.empty() ? nullptr : &lesson_.steps.back(); }

  void end_paragraph() {
    if (LessonStep* s = step(); s && !paragraph_.empty()) s->text.push_back({BlockKind::paragraph, paragraph_});
    paragraph_.clear();
  }

  void line(std::string_view raw) {
    std::string_view l = trim(raw);
    if (!l.empty() && l[0] == '#') return;
    size_t colon = 0;
    if (lower_key(l, &colon)) {
      directive(std::string(l.substr(0, colon)), trim(l.substr(colon + 1)));
      return;
    }
    if (!l.empty() && l[0] == '\\') l.remove_prefix(1);
    text(l);
  }

  void text(std::string_view l) {
    LessonStep* s = step();
    if (l.empty()) {
      end_paragraph();
      return;
    }
    if (!s) return error("text before the first \"step:\"");
    if (in_task_) return error("text inside a task (a task's lines are prompt:, hint:, answer:, ...); put the step's text before \"task:\"");
    if (l.substr(0, 2) == "$ " || l == "$") {
      end_paragraph();
      s->text.push_back({BlockKind::formula, std::string(trim(l.substr(1)))});
    } else if (l.substr(0, 2) == "- ") {
      end_paragraph();
      s->text.push_back({BlockKind::item, std::string(trim(l.substr(2)))});
    } else {
      if (!paragraph_.empty()) paragraph_ += ' ';
      paragraph_ += l;
    }
  }

  void directive(const std::string& key, std::string_view value) {
    end_paragraph();
    if (key == "lesson") {
      if (has_id_) return error("a second \"lesson:\" line");
      if (!valid_id(value)) return error("the id \"" + std::string(value) + "\" may use only a-z, 0-9 and - (at most 40)");
      lesson_.id = std::string(value);
      has_id_ = true;
      return;
    }
    if (!has_id_) return error("the first line must be \"lesson: ID\" (found \"" + key + ":\")");
    if (key == "title" || key == "summary") {
      if (step()) return error("\"" + key + ":\" of the lesson belongs before the first step");
      if (value.empty()) return error("\"" + key + ":\" is empty");
      (key == "title" ? lesson_.title : lesson_.summary) = std::string(value);
      return;
    }
    if (key == "step") {
      if (value.empty()) return error("a step needs a title: \"step: Title\"");
      if (lesson_.steps.size() == kMaxLessonSteps) return error("more than " + std::to_string(kMaxLessonSteps) + " steps");
      lesson_.steps.push_back(LessonStep{});
      step()->title = std::string(value);
      step()->line = line_;
      in_task_ = false;
      return;
    }
    LessonStep* s = step();
    if (!s) return error("\"" + key + ":\" before the first \"step:\"");
    if (key == "state") return state(*s, value);
    if (key == "highlight") return highlight(*s, value);
    if (key == "hide") return hide(*s, value);
    if (key == "task") {
      if (s->task.kind != TaskKind::none) return error("a step has at most one task");
      for (const KindName& k : kKinds)
        if (value == k.name) s->task.kind = k.kind;
      if (s->task.kind == TaskKind::none)
        return error("unknown task \"" + std::string(value) +
                     "\" (false-positive, choice, predict, best-k, sizing, false-or-real, remove-safely, reads)");
      in_task_ = true;
      return;
    }
    if (!in_task_) return error("\"" + key + ":\" belongs to a task: write \"task: KIND\" first" +
                               (known_task_key(key) ? "" : " (and \"" + key + "\" is not a key of the format)"));
    task_line(s->task, key, value);
  }

  static bool known_task_key(const std::string& key) {
    static const char* const keys[] = {"prompt", "hint", "answer", "option", "option*", "exclude", "n", "p",
                                       "tolerance", "expect", "files", "lookups", "candidates"};
    return std::any_of(std::begin(keys), std::end(keys), [&](const char* k) { return key == k; });
  }

  void state(LessonStep& s, std::string_view value) {
    if (s.state) return error("a step has one \"state:\" line");
    for (std::string_view pair : split(value, '&')) {
      if (pair.empty()) continue;
      const std::string_view key = pair.substr(0, pair.find('='));
      if (std::none_of(std::begin(kStateKeys), std::end(kStateKeys), [&](const char* k) { return key == k; }))
        return error("state: \"" + std::string(key) +
                     "\" is not a key a step sets (preset, m, k, variant, scheme, words, word, panels, probes)");
    }
    s.state = std::string(value);
  }

  void highlight(LessonStep& s, std::string_view value) {
    const size_t space = value.find(' ');
    const std::string_view what = value.substr(0, space);
    const std::string_view arg = space == std::string_view::npos ? std::string_view() : trim(value.substr(space + 1));
    if (what == "panel") {
      auto p = parse_panel(arg);
      if (!p) return error("highlight: \"" + std::string(arg) + "\" is not a panel (words, bits, params, plots, numbers, check)");
      s.highlight_panels.push_back(*p);
    } else if (what == "word") {
      if (arg.empty()) return error("highlight: \"word\" needs the word");
      s.highlight_words.emplace_back(arg);
    } else {
      error("highlight: \"" + std::string(what) + "\" is not \"panel NAME\" or \"word WORD\"");
    }
  }

  void hide(LessonStep& s, std::string_view value) {
    if (value == "design") s.hide |= hide_design;
    else if (value == "truth") s.hide |= hide_truth;
    else if (value == "measured") s.hide |= hide_measured;
    else if (value == "theory") s.hide |= hide_theory;
    else error("hide: \"" + std::string(value) + "\" is not design, truth, measured or theory");
  }

  void task_line(LessonTask& t, const std::string& key, std::string_view value) {
    auto num = [&](const char* what, double lo, double hi) -> std::optional<double> {
      auto v = number(value);
      if (!v || *v < lo || *v > hi) {
        error(std::string(what) + ": \"" + std::string(value) + "\" is not a number from " + format(lo) + " to " + format(hi));
        return std::nullopt;
      }
      return v;
    };
    if (key == "prompt") t.prompt = std::string(value);
    else if (key == "hint") t.hints.emplace_back(value);
    else if (key == "answer") t.answer = std::string(value);
    else if (key == "option" || key == "option*") {
      if (t.kind != TaskKind::choice) return error("\"option:\" belongs to a \"choice\" task");
      if (value.empty()) return error("an empty option");
      t.options.emplace_back(value);
      t.right.push_back(key == "option*");
    } else if (key == "exclude") {
      for (std::string_view item : split(value, ','))
        if (const std::string_view w = trim(item); !w.empty()) t.exclude.emplace_back(w);
    } else if (key == "n") {
      if (auto v = num("n", 1, 1e12)) t.n = *v;
    } else if (key == "p") {
      if (auto v = num("p", 1e-12, 0.999)) t.p = *v;
    } else if (key == "tolerance") {
      if (auto v = num("tolerance", 0, 1)) t.tolerance = *v;
    } else if (key == "expect") {
      if (value == "measured") t.expect_measured = true;
      else if (value != "theory") error("expect: \"" + std::string(value) + "\" is not theory or measured");
    } else if (key == "files") {
      if (auto v = num("files", 1, 64)) t.files = uint32_t(*v);
    } else if (key == "lookups") {
      if (auto v = num("lookups", 1, 1000000)) t.lookups = uint64_t(*v);
    } else if (key == "candidates") {
      auto v = num("candidates", 3, 30);
      if (v && std::fmod(*v, 3) != 0) return error("candidates: a multiple of 3 (a third each: members, false positives, true negatives)");
      if (v) t.candidates = uint32_t(*v);
    } else {
      error("\"" + key + ":\" is not a key of the format (see FORMAT.md)");
    }
  }

  static std::string format(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
  }

  static LessonError check_task(const LessonStep& s) {
    const LessonTask& t = s.task;
    if (t.kind == TaskKind::none) return {};
    if (t.prompt.empty()) return {s.line, "the task of step \"" + s.title + "\" has no \"prompt:\""};
    if (t.kind == TaskKind::choice) {
      if (t.options.size() < 2) return {s.line, "the choice of step \"" + s.title + "\" needs at least two options"};
      if (std::none_of(t.right.begin(), t.right.end(), [](bool r) { return r; }))
        return {s.line, "the choice of step \"" + s.title + "\" has no right option (\"option*:\")"};
    }
    if (t.kind == TaskKind::sizing && (t.n <= 0 || t.p <= 0))
      return {s.line, "the sizing task of step \"" + s.title + "\" needs \"n:\" and \"p:\""};
    return {};
  }

  std::string_view text_;
  int line_ = 0;
  bool failed_ = false, has_id_ = false, in_task_ = false;
  Lesson lesson_;
  std::string paragraph_;
  LessonParse result_;
};

}  // namespace

const char* task_kind_name(TaskKind k) {
  for (const KindName& n : kKinds)
    if (n.kind == k) return n.name;
  return "none";
}

LessonParse parse_lesson(std::string_view text) { return Parser(text).run(); }

bool looks_like_lesson(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  size_t pos = 0;
  while (pos < bytes.size() && pos < 4096) {
    size_t end = bytes.find('\n', pos);
    if (end == std::string_view::npos) end = bytes.size();
    const std::string_view l = trim(bytes.substr(pos, end - pos));
    pos = end + 1;
    if (l.empty() || l[0] == '#') continue;
    return l.substr(0, 7) == "lesson:";
  }
  return false;
}

}  // namespace bloomlab::app
