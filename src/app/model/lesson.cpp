// The lesson file parser (format: assets/lessons/FORMAT.md). Line-oriented, one pass; any
// mistake stops it with the line's number and what was wrong, and no lesson comes out.
#include "lesson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "core/params.h"
#include "core/parse.h"
#include "core/word_list.h"
#include "url_params.h"

namespace bloomlab::app {
namespace {

struct KindName {
  TaskKind kind;
  const char* name;
};
const KindName kKinds[] = {
    {TaskKind::false_positive, "false-positive"},
    {TaskKind::choice, "choice"},
    {TaskKind::predict, "predict"},
    {TaskKind::best_k, "best-k"},
    {TaskKind::sizing, "sizing"},
    {TaskKind::false_or_real, "false-or-real"},
    {TaskKind::remove_safely, "remove-safely"},
    {TaskKind::reads, "reads"},
};

// The keys of the link parameters a step's state may use, besides the filter's parameters (every
// row of core/params.h: m, k, variant, scheme and each variant's own).
const char* const kStateKeys[] = {"preset", "words", "word", "panels", "probes"};

// The codes' tokens, in LessonErrorCode's order.
const char* const kErrorNames[] = {"none",
                                   "too_large",
                                   "not_utf8",
                                   "nul_bytes",
                                   "no_id",
                                   "no_title",
                                   "no_steps",
                                   "text_before_step",
                                   "text_in_task",
                                   "second_id",
                                   "bad_id",
                                   "id_not_first",
                                   "header_after_step",
                                   "header_empty",
                                   "step_untitled",
                                   "too_many_steps",
                                   "key_before_step",
                                   "second_task",
                                   "unknown_task",
                                   "key_outside_task",
                                   "unknown_key",
                                   "second_state",
                                   "state_key",
                                   "not_a_panel",
                                   "highlight_word_empty",
                                   "highlight_kind",
                                   "hide_value",
                                   "not_a_number",
                                   "candidates_multiple",
                                   "option_outside_choice",
                                   "option_empty",
                                   "expect_value",
                                   "no_prompt",
                                   "choice_few_options",
                                   "choice_no_right",
                                   "sizing_needs_n_p",
                                   "state_value",
                                   "sizing_too_large",
                                   "reads_too_large"};
static_assert(std::size(kErrorNames) == size_t(LessonErrorCode::count_));

// "a, b, c": a list of the format's own words for a message (they are typed as they are).
template <typename Names, typename Name>
std::string listed(const Names& names, Name name) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(name(n));
  return out;
}

bool is_state_key(std::string_view key) {
  return find_param(key) ||
         std::any_of(std::begin(kStateKeys), std::end(kStateKeys), [&](const char* k) { return key == k; });
}

std::string state_keys_listed() {
  std::vector<std::string> keys(std::begin(kStateKeys), std::end(kStateKeys));
  for (const ParamRow* row : param_rows()) keys.push_back(row->key);
  return listed(keys, [](const std::string& k) { return k; });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 40) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// A number as every door reads one (core/parse.h); a count (n, files, lookups, candidates) is a
// whole number.
std::optional<double> number(std::string_view text, bool whole) {
  const std::string_view s = trim(text);
  if (whole) {
    const std::optional<uint64_t> v = parse_whole(s);
    return v ? std::optional<double>(double(*v)) : std::nullopt;
  }
  return parse_real(s);
}

// "key: value" with a known key, else nullopt (a text line).
struct Directive {
  std::string key;
  std::string_view value;
};

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
      return fail(0, E::too_large, {std::to_string(text_.size()), std::to_string(kMaxLessonBytes)});
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);
    if (!is_valid_utf8(text_)) return fail(0, E::not_utf8);
    if (text_.find('\0') != std::string_view::npos) return fail(0, E::nul_bytes);
    size_t pos = 0;
    while (pos <= text_.size() && !failed_) {
      size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      ++line_;
      line(text_.substr(pos, end - pos));
      pos = end + 1;
    }
    if (failed_) return result_;
    if (!has_id_) return fail(0, E::no_id);
    if (lesson_.title.empty()) return fail(0, E::no_title);
    if (lesson_.steps.empty()) return fail(0, E::no_steps);
    for (const LessonStep& s : lesson_.steps)
      if (const E e = check_task(s.task); e != E::none) return fail(s.line, e, {s.title});
    end_paragraph();
    out.lesson = std::move(lesson_);
    return out;
  }

 private:
  using E = LessonErrorCode;
  LessonParse fail(int line, E code, std::vector<std::string> args = {}) {
    failed_ = true;
    result_.lesson.reset();
    result_.error = LessonError{line, code, std::move(args)};
    return result_;
  }
  void error(E code, std::vector<std::string> args = {}) { (void)fail(line_, code, std::move(args)); }

  LessonStep* step() { return lesson_.steps.empty() ? nullptr : &lesson_.steps.back(); }

  void end_paragraph() {
    if (LessonStep* s = step(); s && !paragraph_.empty())
      s->text.push_back({BlockKind::paragraph, paragraph_});
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
    if (!s) return error(E::text_before_step);
    if (in_task_) return error(E::text_in_task);
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
      if (has_id_) return error(E::second_id);
      if (!valid_id(value)) return error(E::bad_id, {std::string(value)});
      lesson_.id = std::string(value);
      has_id_ = true;
      return;
    }
    if (!has_id_) return error(E::id_not_first, {key});
    if (key == "title" || key == "summary") {
      if (step()) return error(E::header_after_step, {key});
      if (value.empty()) return error(E::header_empty, {key});
      (key == "title" ? lesson_.title : lesson_.summary) = std::string(value);
      return;
    }
    if (key == "step") {
      if (value.empty()) return error(E::step_untitled);
      if (lesson_.steps.size() == kMaxLessonSteps)
        return error(E::too_many_steps, {std::to_string(kMaxLessonSteps)});
      lesson_.steps.push_back(LessonStep{});
      step()->title = std::string(value);
      step()->line = line_;
      in_task_ = false;
      return;
    }
    LessonStep* s = step();
    if (!s) return error(E::key_before_step, {key});
    if (key == "state") return state(*s, value);
    if (key == "highlight") return highlight(*s, value);
    if (key == "show") return show(*s, value);
    if (key == "hide") return hide(*s, value);
    if (key == "task") {
      if (s->task.kind != TaskKind::none) return error(E::second_task);
      for (const KindName& k : kKinds)
        if (value == k.name) s->task.kind = k.kind;
      if (s->task.kind == TaskKind::none)
        return error(E::unknown_task,
                     {std::string(value), listed(kKinds, [](const KindName& k) { return k.name; })});
      in_task_ = true;
      return;
    }
    if (!in_task_) return error(known_task_key(key) ? E::key_outside_task : E::unknown_key, {key});
    task_line(s->task, key, value);
  }

  static bool known_task_key(const std::string& key) {
    static const char* const keys[] = {"prompt", "hint",      "answer", "option", "option*", "exclude",   "n",
                                       "p",      "tolerance", "expect", "files",  "lookups", "candidates"};
    return std::any_of(std::begin(keys), std::end(keys), [&](const char* k) { return key == k; });
  }

  void state(LessonStep& s, std::string_view value) {
    if (s.state) return error(E::second_state);
    for (std::string_view pair : split(value, '&')) {
      if (pair.empty()) continue;
      const std::string_view key = pair.substr(0, pair.find('='));
      if (!is_state_key(key)) return error(E::state_key, {std::string(key), state_keys_listed()});
      // The value as a link's is judged, now rather than when a student enters the step.
      const std::string_view raw =
          pair.size() > key.size() ? pair.substr(key.size() + 1) : std::string_view();
      if (auto bad = state_value_problem(key, percent_decode(raw))) return error(E::state_value, {*bad});
    }
    s.state = std::string(value);
  }

  void highlight(LessonStep& s, std::string_view value) {
    const size_t space = value.find(' ');
    const std::string_view what = value.substr(0, space);
    const std::string_view arg =
        space == std::string_view::npos ? std::string_view() : trim(value.substr(space + 1));
    if (what == "panel") {
      auto p = parse_panel(arg);
      if (!p)
        return error(E::not_a_panel,
                     {std::string(arg), listed(kPanelNames, [](const char* n) { return n; })});
      s.highlight_panels.push_back(*p);
    } else if (what == "word") {
      if (arg.empty()) return error(E::highlight_word_empty);
      s.highlight_words.emplace_back(arg);
    } else {
      error(E::highlight_kind, {std::string(what)});
    }
  }

  // show: bits, plots — views the step's text asks the reader to look at or use, placed with the
  // panels it highlights but not framed as they are.
  void show(LessonStep& s, std::string_view value) {
    for (std::string_view name : split(value, ',')) {
      name = trim(name);
      const auto p = parse_panel(name);
      if (!p)
        return error(E::not_a_panel,
                     {std::string(name), listed(kPanelNames, [](const char* n) { return n; })});
      if (std::find(s.show_panels.begin(), s.show_panels.end(), *p) == s.show_panels.end())
        s.show_panels.push_back(*p);
    }
  }

  void hide(LessonStep& s, std::string_view value) {
    if (value == "design")
      s.hide |= hide_design;
    else if (value == "truth")
      s.hide |= hide_truth;
    else if (value == "measured")
      s.hide |= hide_measured;
    else if (value == "theory")
      s.hide |= hide_theory;
    else
      error(E::hide_value, {std::string(value)});
  }

  void task_line(LessonTask& t, const std::string& key, std::string_view value) {
    auto num = [&](const char* what, double lo, double hi) -> std::optional<double> {
      const bool whole = key == "n" || key == "files" || key == "lookups" || key == "candidates";
      auto v = number(value, whole);
      if (!v || *v < lo || *v > hi) {
        error(E::not_a_number, {what, std::string(value), format(lo), format(hi)});
        return std::nullopt;
      }
      return v;
    };
    if (key == "prompt")
      t.prompt = std::string(value);
    else if (key == "hint")
      t.hints.emplace_back(value);
    else if (key == "answer")
      t.answer = std::string(value);
    else if (key == "option" || key == "option*") {
      if (t.kind != TaskKind::choice) return error(E::option_outside_choice);
      if (value.empty()) return error(E::option_empty);
      t.options.emplace_back(value);
      t.right.push_back(key == "option*");
    } else if (key == "exclude") {
      for (std::string_view item : split(value, ','))
        if (const std::string_view w = trim(item); !w.empty()) t.exclude.emplace_back(w);
    } else if (key == "n" || key == "p") {
      if (auto v = key == "n" ? num("n", 1, 1e12) : num("p", 1e-12, 0.999)) (key == "n" ? t.n : t.p) = *v;
      // A sizing whose answer no filter can have (m above 2^32): said at the line that makes it so.
      const double m = t.n > 0 && t.p > 0 ? -t.n * std::log(t.p) / (std::log(2.0) * std::log(2.0)) : 0;
      if (m > double(kMaxBits)) return error(E::sizing_too_large, {std::to_string(uint64_t(std::ceil(m)))});
    } else if (key == "tolerance") {
      if (auto v = num("tolerance", 0, 1)) t.tolerance = *v;
    } else if (key == "expect") {
      if (value == "measured")
        t.expect_measured = true;
      else if (value != "theory")
        error(E::expect_value, {std::string(value)});
    } else if (key == "files" || key == "lookups") {
      if (key == "files") {
        if (auto v = num("files", 1, 64)) t.files = uint32_t(*v);
      } else if (auto v = num("lookups", 1, 1000000)) {
        t.lookups = uint64_t(*v);
      }
      if (uint64_t(t.files) * t.lookups > kMaxReadsQueries)
        return error(E::reads_too_large,
                     {std::to_string(uint64_t(t.files) * t.lookups), std::to_string(kMaxReadsQueries)});
    } else if (key == "candidates") {
      auto v = num("candidates", 3, 30);
      if (v && std::fmod(*v, 3) != 0) return error(E::candidates_multiple);
      if (v) t.candidates = uint32_t(*v);
    } else {
      error(E::unknown_key, {key});
    }
  }

  // A bound as the file may write it, whatever the reader's language (FORMAT.md: a decimal
  // point, no digit grouping): "1000000", "0.999", "1e-12", "1e+12".
  static std::string format(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, v == std::floor(v) && v < 1e7 ? "%.0f" : "%g", v);
    return buf;
  }

  // What a step's complete task lacks (none: nothing).
  static E check_task(const LessonTask& t) {
    if (t.kind == TaskKind::none) return E::none;
    if (t.prompt.empty()) return E::no_prompt;
    if (t.kind == TaskKind::choice) {
      if (t.options.size() < 2) return E::choice_few_options;
      if (std::none_of(t.right.begin(), t.right.end(), [](bool r) { return r; })) return E::choice_no_right;
    }
    if (t.kind == TaskKind::sizing && (t.n <= 0 || t.p <= 0)) return E::sizing_needs_n_p;
    return E::none;
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

LessonParse parse_lesson(std::string_view text) {
  if (text.size() > kMaxLessonBytes) return Parser(text).run();  // refused by its size, as written
  // Read as a word list is read (core/word_list.h decode_text): UTF-16 with its BOM or its NUL
  // bytes is converted (it was read as a list of words), a UTF-8 BOM dropped.
  const DecodedText decoded = decode_text(text);
  return Parser(decoded.text).run();
}

const char* lesson_error_name(LessonErrorCode c) {
  return size_t(c) < std::size(kErrorNames) ? kErrorNames[size_t(c)] : "none";
}

std::optional<LessonErrorCode> parse_lesson_error_name(std::string_view token) {
  for (size_t i = 0; i < std::size(kErrorNames); ++i)
    if (token == kErrorNames[i]) return LessonErrorCode(i);
  return std::nullopt;
}

bool looks_like_lesson(std::string_view bytes) {
  const std::string text = decode_text(bytes.substr(0, 8192)).text;
  size_t pos = 0;
  while (pos < text.size() && pos < 4096) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    const std::string_view l = trim(std::string_view(text).substr(pos, end - pos));
    pos = end + 1;
    if (l.empty() || l[0] == '#') continue;
    size_t colon = 0;
    if (!lower_key(l, &colon)) return false;
    const std::string key(l.substr(0, colon));
    static const char* const kHeaderKeys[] = {"lesson",    "title", "summary", "step", "state",
                                              "highlight", "show",  "hide",    "task"};
    return std::any_of(std::begin(kHeaderKeys), std::end(kHeaderKeys),
                       [&](const char* k) { return key == k; });
  }
  return false;
}

bool is_lesson_file(std::string_view name, std::string_view bytes) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  const std::string_view ext = ".lesson";
  if (name.size() >= ext.size() && std::equal(ext.begin(), ext.end(), name.end() - ext.size(),
                                              [&](char a, char b) { return a == lower(b); }))
    return true;
  return looks_like_lesson(bytes);
}

std::vector<Panel> scene_panels(const LessonStep& step) {
  std::vector<Panel> out = step.highlight_panels;
  for (Panel p : step.show_panels)
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

}  // namespace bloomlab::app
