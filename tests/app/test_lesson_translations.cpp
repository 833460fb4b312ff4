// The translated lessons and help page (issue 12). Lessons: assets/lessons/<lang>/*.lesson for ru,
// uk and zh. Each is the English lesson of the same file name in another language, so everything
// the app acts on must be the English file's, word for word: it parses with the app's own parser;
// the same id, the same number of steps; per step the same state, highlights, hides, task kind and
// task data (options count and which are right, exclude, n, p, tolerance, expect, files, lookups,
// candidates, number of hints), the same formulas' numbers and the same {placeholders}; every
// title, text and option translated (not left in English); ru and uk with decimal commas in their
// prose; and the glossary's terms (po/GLOSSARY.md) wherever the English lesson uses the term.
#include <dirent.h>
#include <doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/model/lesson.h"
#include "app/model/outcome_text.h"

using namespace bloomlab::app;

namespace {

const std::string kLessonDir = BLOOMLAB_SOURCE_DIR "/assets/lessons";
const std::string kLanguages[] = {"ru", "uk", "zh"};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<std::string> lesson_files(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 7 && name.compare(name.size() - 7, 7, ".lesson") == 0) names.push_back(name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

Lesson parse_file(const std::string& path) {
  LessonParse p = parse_lesson(slurp(path));
  INFO(path << ":" << p.error.line << ": " << lesson_error_text(p.error));
  REQUIRE(p.lesson.has_value());
  return *p.lesson;
}

// All the text a step shows: its paragraphs, formulas and items, the prompt, hints, answer,
// options.
std::string step_text(const LessonStep& s) {
  std::string all;
  for (const TextBlock& b : s.text) all += b.text + "\n";
  all += s.task.prompt + "\n" + s.task.answer + "\n";
  for (const std::string& h : s.task.hints) all += h + "\n";
  for (const std::string& o : s.task.options) all += o + "\n";
  return all;
}

std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> out;
  static const std::regex re(R"(\{([a-z]+)\})");
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
    if (it->position() == 0 || text[size_t(it->position()) - 1] != '{') out.insert((*it)[1]);
  return out;
}

// The numbers of a formula, with a decimal comma read as a point ("1,44" is "1.44").
std::vector<std::string> numbers(const std::string& formula) {
  std::vector<std::string> out;
  static const std::regex re(R"(\d+(?:[.,]\d+)?)");
  for (std::sregex_iterator it(formula.begin(), formula.end(), re), end; it != end; ++it) {
    std::string n = it->str();
    std::replace(n.begin(), n.end(), ',', '.');
    out.push_back(n);
  }
  return out;
}

std::vector<std::string> formulas(const LessonStep& s) {
  std::vector<std::string> out;
  for (const TextBlock& b : s.text)
    if (b.kind == BlockKind::formula) out.push_back(b.text);
  return out;
}

size_t count(const LessonStep& s, BlockKind kind) {
  return size_t(
      std::count_if(s.text.begin(), s.text.end(), [&](const TextBlock& b) { return b.kind == kind; }));
}

bool has_letters(const std::string& s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

bool contains_any(const std::string& text, const std::vector<std::string>& forms) {
  return std::any_of(forms.begin(), forms.end(),
                     [&](const std::string& f) { return text.find(f) != std::string::npos; });
}

// The glossary's binding terms: when the English lesson says the left, the translation says one of
// the right (forms of the term: case and inflection).
struct Term {
  std::string en;
  std::map<std::string, std::vector<std::string>> forms;
};
const std::vector<Term>& terms() {
  static const std::vector<Term> t = {
      {"definitely not",
       {{"ru", {"точно нет", "Точно нет"}}, {"uk", {"точно немає", "Точно немає"}}, {"zh", {"一定不存在"}}}},
      {"possibly",
       {{"ru", {"возможно, есть", "Возможно, есть"}},
        {"uk", {"можливо, є", "Можливо, є"}},
        {"zh", {"可能存在"}}}},
      {"false positive",
       {{"ru",
         {"ложное срабатывание", "ложного срабатывания", "ложные срабатывания", "ложных срабатываний",
          "Ложное срабатывание", "Ложные срабатывания", "ложному срабатыванию"}},
        {"uk", {"хибнопозитивн", "Хибнопозитивн"}},
        {"zh", {"假阳性"}}}},
      {"false negative",
       {{"ru", {"ложноотрицательн", "Ложноотрицательн"}},
        {"uk", {"хибнонегативн", "Хибнонегативн"}},
        {"zh", {"假阴性"}}}},
      {"counting filter",
       {{"ru", {"считающ", "Считающ"}}, {"uk", {"лічильников", "Лічильников"}}, {"zh", {"计数布隆过滤器"}}}},
      {"blocked filter",
       {{"ru", {"блочн", "Блочн"}}, {"uk", {"блоков", "Блоков"}}, {"zh", {"分块布隆过滤器"}}}},
      // Issue 35: the filter family's terms (ru «кукушкин фильтр», as the article says).
      {"cuckoo filter",
       {{"ru", {"кукушкин", "Кукушкин"}}, {"uk", {"зозулин", "Зозулин"}}, {"zh", {"布谷鸟过滤器"}}}},
      {"fingerprint", {{"ru", {"отпечат", "Отпечат"}}, {"uk", {"відбит", "Відбит"}}, {"zh", {"指纹"}}}},
      {"bucket", {{"ru", {"корзин", "Корзин"}}, {"uk", {"кошик", "Кошик"}}, {"zh", {"桶"}}}},
      {"slot",
       {{"ru", {"ячейк", "Ячейк", "ячеек"}}, {"uk", {"комірк", "Комірк", "комірок"}}, {"zh", {"槽"}}}},
      {"binary fuse", {{"ru", {"бинарн"}}, {"uk", {"бінарн"}}, {"zh", {"二元熔断过滤器"}}}},
  };
  return t;
}

std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

}  // namespace

TEST_SUITE("lessons-i18n") {
  TEST_CASE("every English lesson has a translation in each language, and nothing else is there") {
    const std::vector<std::string> english = lesson_files(kLessonDir);
    REQUIRE(english.size() == 12);
    for (const std::string& lang : kLanguages) {
      CAPTURE(lang);
      CHECK(lesson_files(kLessonDir + "/" + lang) == english);
    }
  }

  TEST_CASE("a translated lesson parses and has its English source's structure, word for word") {
    for (const std::string& lang : kLanguages) {
      for (const std::string& file : lesson_files(kLessonDir)) {
        const Lesson en = parse_file(kLessonDir + "/" + file);
        const std::string path = kLessonDir + "/" + lang + "/" + file;
        CAPTURE(path);
        if (!std::ifstream(path).good()) {
          FAIL_CHECK("no translation: " << path);
          continue;
        }
        const Lesson tr = parse_file(path);
        CHECK(tr.id == en.id);
        CHECK(!tr.title.empty());
        CHECK(tr.title != en.title);
        CHECK(tr.summary.empty() == en.summary.empty());
        if (!en.summary.empty()) CHECK(tr.summary != en.summary);
        REQUIRE(tr.steps.size() == en.steps.size());
        std::string all_en, all_tr;
        for (size_t i = 0; i < en.steps.size(); ++i) {
          const LessonStep& e = en.steps[i];
          const LessonStep& t = tr.steps[i];
          CAPTURE(i + 1);
          CAPTURE(t.line);
          CHECK(t.title != e.title);
          CHECK(t.state == e.state);
          CHECK(t.highlight_panels == e.highlight_panels);
          CHECK(t.show_panels == e.show_panels);
          CHECK(t.highlight_words == e.highlight_words);
          CHECK(t.hide == e.hide);
          // The task: what the app checks the answer against is the English file's.
          CHECK(t.task.kind == e.task.kind);
          CHECK(t.task.right == e.task.right);  // as many options, the same ones right
          CHECK(t.task.options.size() == e.task.options.size());
          CHECK(t.task.exclude == e.task.exclude);
          CHECK(t.task.n == e.task.n);
          CHECK(t.task.p == e.task.p);
          CHECK(t.task.tolerance == e.task.tolerance);
          CHECK(t.task.expect_measured == e.task.expect_measured);
          CHECK(t.task.files == e.task.files);
          CHECK(t.task.lookups == e.task.lookups);
          CHECK(t.task.candidates == e.task.candidates);
          CHECK(t.task.hints.size() == e.task.hints.size());
          CHECK(t.task.prompt.empty() == e.task.prompt.empty());
          CHECK(t.task.answer.empty() == e.task.answer.empty());
          if (!e.task.prompt.empty()) CHECK(t.task.prompt != e.task.prompt);
          for (size_t o = 0; o < std::min(t.task.options.size(), e.task.options.size()); ++o) {
            // An option with words is translated ("14%" may stay as it is).
            if (has_letters(e.task.options[o])) CHECK(t.task.options[o] != e.task.options[o]);
          }
          // The text: as many formulas and list items, the formulas with the same numbers, and
          // the same live numbers ({n}, {m}, ...).
          CHECK(count(t, BlockKind::item) == count(e, BlockKind::item));
          const std::vector<std::string> fe = formulas(e), ft = formulas(t);
          REQUIRE(ft.size() == fe.size());
          for (size_t f = 0; f < fe.size(); ++f) {
            CAPTURE(ft[f]);
            CHECK(numbers(ft[f]) == numbers(fe[f]));
          }
          const std::string te = step_text(e), tt = step_text(t);
          CHECK(placeholders(tt) == placeholders(te));
          if (lang != "zh") {
            // ru and uk write decimals with a comma: no "0.82" in the prose.
            static const std::regex decimal_point(R"(\d\.\d)");
            std::smatch m;
            const bool point = std::regex_search(tt, m, decimal_point);
            CHECK_MESSAGE(!point, (point ? m.str() : std::string()));
          }
          all_en += t.title.empty() ? "" : e.title + "\n" + te;
          all_tr += t.title + "\n" + tt;
        }
        // The glossary's terms, where the English lesson uses them.
        all_en = lower_ascii(en.title + "\n" + en.summary + "\n" + all_en);
        all_tr = tr.title + "\n" + tr.summary + "\n" + all_tr;
        for (const Term& term : terms()) {
          if (all_en.find(term.en) == std::string::npos) continue;
          CAPTURE(term.en);
          CHECK(contains_any(all_tr, term.forms.at(lang)));
        }
      }
    }
  }

  // The words a lesson works with (highlight: word X, exclude:, a state's word=) stand in the
  // language's quotation marks wherever the text names one alone: «sunshine» in ru and uk,
  // “sunshine” in zh, "sunshine" in English. A list of them ("password, 12345, qwerty и
  // dragon") goes without. A bare "sunshine точно нет" slipped through once.
  TEST_CASE("a word the lesson works with is quoted in its text, lists aside") {
    struct Marks {
      std::string lang, open, close;
    };
    const Marks marks[] = {{"", "\"", "\""}, {"ru", "«", "»"}, {"uk", "«", "»"}, {"zh", "“", "”"}};
    // A word beside one of these is an item of a list.
    static const char* const kAfter[] = {",", "、", " и ", " і ", " and ", " 和", "和"};
    static const char* const kBefore[] = {", ", "、", " и ", " і ", " and ", "和 ", "和"};
    const auto alnum = [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    };
    static const std::regex state_word(R"((?:^|&)word=([A-Za-z0-9]+))");
    for (const Marks& m : marks) {
      for (const std::string& file : lesson_files(kLessonDir)) {
        const std::string path = kLessonDir + "/" + (m.lang.empty() ? "" : m.lang + "/") + file;
        CAPTURE(path);
        const Lesson l = parse_file(path);
        std::set<std::string> words;
        for (const LessonStep& st : l.steps) {
          words.insert(st.highlight_words.begin(), st.highlight_words.end());
          words.insert(st.task.exclude.begin(), st.task.exclude.end());
          std::smatch w;
          if (st.state && std::regex_search(*st.state, w, state_word)) words.insert(w[1]);
        }
        for (const LessonStep& st : l.steps) {
          std::string text = st.title + "\n" + step_text(st);
          // The quoted parts blanked with '_' (a word touching one is inside quotes).
          for (size_t at = text.find(m.open); at != std::string::npos; at = text.find(m.open, at)) {
            const size_t end = text.find(m.close, at + m.open.size());
            if (end == std::string::npos) break;
            text.replace(at, end + m.close.size() - at, end + m.close.size() - at, '_');
          }
          for (size_t i = 0, j = 0; i < text.size(); i = std::max(i + 1, j)) {
            if (!alnum(text[i]) || (i > 0 && (alnum(text[i - 1]) || text[i - 1] == '_'))) continue;
            for (j = i; j < text.size() && alnum(text[j]);) ++j;
            if (!words.count(text.substr(i, j - i)) || (j < text.size() && text[j] == '_')) continue;
            const std::string before = text.substr(0, i), after = text.substr(j);
            const bool listed =
                std::any_of(std::begin(kAfter), std::end(kAfter),
                            [&](const char* sep) { return after.rfind(sep, 0) == 0; }) ||
                std::any_of(std::begin(kBefore), std::end(kBefore), [&](const std::string& sep) {
                  return before.size() >= sep.size() &&
                         before.compare(before.size() - sep.size(), sep.size(), sep) == 0;
                });
            if (!listed) {
              // The line it stands in.
              const size_t from = text.rfind('\n', i), to = text.find('\n', j);
              const size_t start = from == std::string::npos ? 0 : from + 1;
              FAIL_CHECK(text.substr(i, j - i)
                         << " without " << m.open << m.close
                         << " in: " << text.substr(start, to == std::string::npos ? to : to - start));
            }
          }
        }
      }
    }
  }

}  // TEST_SUITE

// The help page (web/help.html and its translations): each language's page is the English one's
// sections, formulas and parameter table, in its own language, and names all four.
namespace {

std::vector<std::string> all_matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> out;
  const std::regex re(pattern);
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

}  // namespace

TEST_SUITE("lessons-i18n") {
  TEST_CASE("the help page in each language has the English page's sections, formulas and parameters") {
    const std::string en = slurp(BLOOMLAB_SOURCE_DIR "/web/help.html");
    const std::vector<std::string> ids = all_matches(en, R"(\sid="([a-z0-9-]+)\")");
    const std::vector<std::string> params = all_matches(en, R"(<tr><td><code>([a-z0-9]+)</code>)");
    REQUIRE(ids.size() >= 20);
    REQUIRE(params.size() >= 10);
    const std::map<std::string, std::string> html_lang = {
        {"en", "en"}, {"ru", "ru"}, {"uk", "uk"}, {"zh", "zh-Hans"}};
    for (const auto& [lang, tag] : html_lang) {
      const std::string file = lang == "en" ? "help.html" : "help." + lang + ".html";
      CAPTURE(file);
      const std::string page = slurp(BLOOMLAB_SOURCE_DIR "/web/" + file);
      CHECK(page.find("<html lang=\"" + tag + "\"") != std::string::npos);
      CHECK(all_matches(page, R"(\sid="([a-z0-9-]+)\")") == ids);                 // every section, in order
      CHECK(all_matches(page, R"(<tr><td><code>([a-z0-9]+)</code>)") == params);  // every parameter
      CHECK(all_matches(page, R"((<math))").size() == all_matches(en, R"((<math))").size());
      CHECK(all_matches(page, R"((\?lang=[a-z]+))") ==
            std::vector<std::string>(all_matches(page, R"((\?lang=[a-z]+))").size(), "?lang=" + lang));
      for (const char* other : {"help.html", "help.ru.html", "help.uk.html", "help.zh.html"})
        CHECK(page.find(std::string("href=\"") + other + "\"") != std::string::npos);
      CHECK(page.find("<link rel=\"stylesheet\" href=\"style.css\">") != std::string::npos);
      if (lang == "ru" || lang == "uk") CHECK(page.find(" 0.82") == std::string::npos);  // decimal commas
    }
  }

  // The help page counts the lessons' tasks in words ("nine steps have a task"): one more task in
  // a lesson file and this names the sentence to update in every language.
  TEST_CASE("the help page says how many lesson steps have a task") {
    size_t tasks = 0;
    for (const std::string& file : lesson_files(kLessonDir))
      for (const LessonStep& step : parse_file(kLessonDir + "/" + file).steps)
        tasks += step.task.kind != TaskKind::none;
    const std::map<size_t, std::map<std::string, std::string>> said = {
        {11,
         {{"help.html", "eleven steps have a task"},
          {"help.ru.html", "в одиннадцати шагах есть задание"},
          {"help.uk.html", "в одинадцяти кроках є завдання"},
          {"help.zh.html", "其中十一步带有"}}},
    };
    CAPTURE(tasks);
    REQUIRE(said.count(tasks) == 1);           // a new count: write it into the four help pages and here
    for (const auto& page : said.at(tasks)) {  // no structured binding: clang's CAPTURE refuses one
      const std::string& file = page.first;
      CAPTURE(file);
      CHECK(slurp(BLOOMLAB_SOURCE_DIR "/web/" + file).find(page.second) != std::string::npos);
    }
  }

}  // TEST_SUITE

// Style the glossary (po/GLOSSARY.md) asks of every Russian text the reader sees: the catalog's
// translations, the lessons and the help page.
namespace {

// The Russian texts: po/ru.po's msgstr lines, each lesson, the help page; with their names.
std::vector<std::pair<std::string, std::string>> russian_texts() {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream po(slurp(BLOOMLAB_SOURCE_DIR "/po/ru.po"));
  for (std::string line; std::getline(po, line);)
    if (line.rfind("msgstr", 0) == 0) out.emplace_back("po/ru.po: " + line, line);
  for (const std::string& name : lesson_files(kLessonDir + "/ru"))
    out.emplace_back("lesson " + name, slurp(kLessonDir + "/ru/" + name));
  out.emplace_back("web/help.ru.html", slurp(BLOOMLAB_SOURCE_DIR "/web/help.ru.html"));
  return out;
}

}  // namespace

TEST_SUITE("lessons-i18n") {
  TEST_CASE("Russian says «во множестве», never «в множестве»") {
    for (const auto& entry : russian_texts()) {
      const std::string& name = entry.first;  // not a structured binding: CAPTURE captures it (C++17)
      const std::string& text = entry.second;
      CAPTURE(name);
      for (const char* wrong : {" в множеств", "\"в множеств", "«в множеств", "(в множеств", "В множеств"})
        CHECK(text.find(wrong) == std::string::npos);
    }
  }
}  // TEST_SUITE

// Issue 33: what po/GLOSSARY.md asks of every text a reader sees in Russian, Ukrainian and
// Chinese, where a test can see it: the catalogs' translations, the lessons, the help pages.
namespace {

struct Text {
  std::string lang, name, text;
};

std::vector<Text> translated_texts() {
  std::vector<Text> out;
  for (const std::string& lang : kLanguages) {
    std::istringstream po(slurp(BLOOMLAB_SOURCE_DIR "/po/" + lang + ".po"));
    bool in_msgstr = false;
    for (std::string line; std::getline(po, line);) {
      if (line.rfind("msgstr", 0) == 0)
        in_msgstr = true;
      else if (line.empty() || line[0] != '"')
        in_msgstr = false;
      if (in_msgstr) out.push_back({lang, "po/" + lang + ".po: " + line, line});
    }
    for (const std::string& name : lesson_files(kLessonDir + "/" + lang))
      out.push_back({lang, "lesson " + lang + "/" + name, slurp(kLessonDir + "/" + lang + "/" + name)});
    out.push_back(
        {lang, "web/help." + lang + ".html", slurp(BLOOMLAB_SOURCE_DIR "/web/help." + lang + ".html")});
  }
  return out;
}

}  // namespace

TEST_SUITE("lessons-i18n") {
  // Hand-typed numbers as the formatted ones: ru/uk "10 000" (U+202F) and "0,82 %" (U+00A0),
  // zh "10,000" and "0.82%" — never a plain space in a number, nor "1 万" beside "10,000".
  TEST_CASE("numbers are spaced as the glossary says, in every translated text") {
    static const std::regex plain_thousands(R"((?:^|[^\d.,])(\d{1,3}(?: \d{3})+)(?!\d))");
    static const std::regex plain_percent(R"(\d %)");
    static const std::regex zh_spaced_percent("\\d(?: |\xC2\xA0|\xE2\x80\xAF)%");
    static const std::regex zh_spaced_thousands("\\d{1,3}(?:(?:\xE2\x80\xAF|\xC2\xA0)\\d{3})+");
    static const std::regex zh_word_number("\\d ?(?:万|亿)");
    size_t checked = 0;
    for (const Text& t : translated_texts()) {
      const std::string& name = t.name;
      CAPTURE(name);
      ++checked;
      std::smatch m;
      if (std::regex_search(t.text, m, plain_thousands))
        FAIL_CHECK("thousands with a plain space: " << m[1].str());
      if (t.lang != "zh" && std::regex_search(t.text, m, plain_percent))
        FAIL_CHECK("a plain space before %: " << m.str());
      if (t.lang == "zh") {
        if (std::regex_search(t.text, m, zh_spaced_percent))
          FAIL_CHECK("a space before % in Chinese: " << m.str());
        if (std::regex_search(t.text, m, zh_spaced_thousands))
          FAIL_CHECK("thousands not with a comma in Chinese: " << m.str());
        if (std::regex_search(t.text, m, zh_word_number))
          FAIL_CHECK("万/亿 beside a digit (one style: 10,000): " << m.str());
      }
    }
    CHECK(checked > 1000);
  }

  // "a stranger needs 7 set bits in a row" suggested neighbouring bits, the opposite of the
  // lesson (the k bits are anywhere), and the translations copied it.
  TEST_CASE("no text says a word's bits come in a row") {
    const std::map<std::string, std::vector<std::string>> phrasing = {
        {"en", {"in a row", "consecutive", "adjacent bits"}},
        {"ru", {"подряд", "соседних бит"}},
        {"uk", {"поспіль", "сусідніх біт"}},
        {"zh", {"连续", "相邻的位"}}};
    std::vector<Text> texts = translated_texts();
    for (const std::string& name : lesson_files(kLessonDir))
      texts.push_back({"en", "lesson " + name, slurp(kLessonDir + "/" + name)});
    texts.push_back({"en", "web/help.html", slurp(BLOOMLAB_SOURCE_DIR "/web/help.html")});
    for (const Text& t : texts) {
      const std::string& name = t.name;
      CAPTURE(name);
      for (const std::string& phrase : phrasing.at(t.lang)) CHECK(t.text.find(phrase) == std::string::npos);
    }
  }
}  // TEST_SUITE
