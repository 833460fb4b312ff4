// The UI's languages (app/model/i18n.h, format.h): the compiled catalogs the build writes, fill's
// printf-style %s, the numbers per locale. The expected texts are the PO files' own.
#include <doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/model/format.h"
#include "app/model/i18n.h"
#include "app/model/outcome_text.h"
#include "app/model/url_params.h"
#include "core/design.h"
#include "core/word_list.h"
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;

namespace {
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}
// Back to English whatever a test did.
struct English {
  ~English() { use_language(Lang::en); }
};
}  // namespace

TEST_CASE("fill: %s in order, %1$s by position, %% a percent sign") {
  CHECK(fill("%s of %s", {"3", "5"}) == "3 of 5");
  CHECK(fill("%2$s, %1$s, %2$s", {"a", "b"}) == "b, a, b");
  CHECK(fill("100%% %s", {"x"}) == "100% x");
  CHECK(fill("%s and %s", {"only"}) == "only and ");  // a missing argument is empty, never a crash
}

TEST_CASE("language codes: locales map to the four languages, Traditional Chinese does not") {
  Lang l = Lang::en;
  CHECK((parse_lang("ru-RU", &l) && l == Lang::ru));
  CHECK((parse_lang("UK_ua", &l) && l == Lang::uk));
  CHECK((parse_lang("zh-Hans-CN", &l) && l == Lang::zh));
  CHECK_FALSE(parse_lang("zh-TW", &l));
  CHECK_FALSE(parse_lang("de", &l));
  CHECK(std::string(lang_endonym(Lang::uk)) == "Українська");
}

TEST_CASE("catalogs: the built .mo files switch the texts; English needs none") {
  English restore;
  CHECK(has_catalog(Lang::en));
  CHECK_FALSE(set_catalog(Lang::ru, "not a catalog"));
  CHECK_FALSE(use_language(Lang::ru));  // nothing installed: stays English
  CHECK(std::string(tr("Add")) == "Add");
  const std::string ru = read_file(BLOOMLAB_CATALOG_DIR "/ru.mo");
  REQUIRE(set_catalog(Lang::ru, ru));
  REQUIRE(use_language(Lang::ru));
  CHECK(std::string(tr("Add")) == "Добавить");                    // po/ru.po
  CHECK(std::string(trc("variant", "counting")) == "считающий");  // msgctxt
  CHECK(std::string(tr("no such message")) == "no such message");
  // CLDR one / few / many (po/ru.po's "%s word" forms).
  CHECK(fill(trn("%s word", "%s words", 1), {"1"}) == "1 слово");
  CHECK(fill(trn("%s word", "%s words", 3), {"3"}) == "3 слова");
  CHECK(fill(trn("%s word", "%s words", 11), {"11"}) == "11 слов");
  CHECK(fill(trn("%s word", "%s words", 21), {"21"}) == "21 слово");
  // Numbers: a decimal comma, U+202F between thousands, U+00A0 before "%".
  CHECK(with_commas(100000) == "100\u202F000");
  CHECK(format_rate(0.0082) == "0,82\u00A0%");
  CHECK(format_percent(0.5037) == "50,4\u00A0%");
  CHECK(bits_text(100000) == "100\u202F000 бит");
  CHECK(bits_text(64) == "64 бита");
  const std::string uk = read_file(BLOOMLAB_CATALOG_DIR "/uk.mo");
  REQUIRE(set_catalog(Lang::uk, uk));
  REQUIRE(use_language(Lang::uk));
  CHECK(fill(trn("%s word", "%s words", 5), {"5"}) == "5 слів");
  CHECK(bits_text(5) == "5 бітів");
  REQUIRE(use_language(Lang::en));
  CHECK(with_commas(100000) == "100,000");
  CHECK(format_rate(0.0082) == "0.82%");
}

// The probes slider showed "100000 probes" and the Numbers table "estimated n 10007.3" in every
// language: printf's digits, without the thousands separator the rest of the page writes.
TEST_CASE("the probes and decimal figures group their thousands as the rest of the page, in each language") {
  English restore;
  CHECK(probes_text(100000) == "100,000 probes");
  CHECK(probes_text(1) == "1 probe");
  CHECK(format_decimal(10007.3, 1) == "10,007.3");
  CHECK(format_decimal(-1234567.891, 2) == "-1,234,567.89");
  CHECK(format_decimal(999.5, 1) == "999.5");
  CHECK(format_decimal(0.01, 2) == "0.01");
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  CHECK(probes_text(100000) == "100\u202F000 пробных запросов");
  CHECK(probes_text(1001) == "1\u202F001 пробный запрос");
  CHECK(probes_text(10002) == "10\u202F002 пробных запроса");
  CHECK(format_decimal(10007.3, 1) == "10\u202F007,3");
  REQUIRE(set_catalog(Lang::uk, read_file(BLOOMLAB_CATALOG_DIR "/uk.mo")));
  REQUIRE(use_language(Lang::uk));
  CHECK(probes_text(100000) == "100\u202F000 пробних запитів");
  CHECK(probes_text(2000002) == "2\u202F000\u202F002 пробні запити");
  REQUIRE(set_catalog(Lang::zh, read_file(BLOOMLAB_CATALOG_DIR "/zh.mo")));
  REQUIRE(use_language(Lang::zh));
  CHECK(probes_text(100000) == "100,000 个探测词");
  CHECK(format_decimal(10007.3, 1) == "10,007.3");
}

// Memory sizes kept their English units in Russian and Ukrainian ("= 8 B", "12,2 KiB").
TEST_CASE("memory sizes are written with the language's units") {
  English restore;
  CHECK(format_bytes(8) == "8 B");
  CHECK(format_bytes(12493) == "12.2 KiB");
  CHECK(format_bytes(3 * 1048576 + 104858) == "3.1 MiB");
  CHECK(format_bytes(uint64_t{5} << 30) == "5.00 GiB");
  // The design helper's theory goes to 2^63 bits: TiB, PiB, EiB, not "6,144.00 GiB".
  CHECK(format_bytes(uint64_t{6} << 40) == "6.00 TiB");
  CHECK(format_bytes(uint64_t{3} << 50) == "3.00 PiB");
  CHECK(format_bytes(uint64_t{1} << 60) == "1.00 EiB");
  // Issue 33: the "too large" line was the CLI's English in every language.
  CHECK(memory_words(uint64_t{1} << 35) == "34,359,738,368 bits = 4.00 GiB");
  struct Units {
    Lang lang;
    const char *kib, *mib, *gib, *tib;
  };
  for (const Units& u :
       {Units{Lang::ru, "КиБ", "МиБ", "ГиБ", "ТиБ"}, Units{Lang::uk, "КіБ", "МіБ", "ГіБ", "ТіБ"}}) {
    CAPTURE(lang_code(u.lang));
    REQUIRE(
        set_catalog(u.lang, read_file(std::string(BLOOMLAB_CATALOG_DIR "/") + lang_code(u.lang) + ".mo")));
    REQUIRE(use_language(u.lang));
    CHECK(format_bytes(8) == "8\u00A0Б");
    CHECK(format_bytes(12493) == std::string("12,2\u00A0") + u.kib);
    CHECK(format_bytes(3 * 1048576 + 104858) == std::string("3,1\u00A0") + u.mib);
    CHECK(format_bytes(uint64_t{5} << 30) == std::string("5,00\u00A0") + u.gib);
    CHECK(std::string(tr("KiB")) == u.kib);  // the unit of m's field
    CHECK(format_bytes(uint64_t{6} << 40) == std::string("6,00\u00A0") + u.tib);
    CHECK(memory_words(uint64_t{1} << 35) == std::string("34\u202F359\u202F738\u202F368 ") +
                                                 (u.lang == Lang::ru ? "бит" : "бітів") + " = 4,00\u00A0" +
                                                 u.gib);
  }
  REQUIRE(set_catalog(Lang::zh, read_file(BLOOMLAB_CATALOG_DIR "/zh.mo")));
  REQUIRE(use_language(Lang::zh));
  CHECK(format_bytes(12493) == "12.2 KiB");
}

// The verdict named the words that set a false positive's bits bare: ru "биты 15, 25 и 52
// установили letmein", where the glossary puts a user's word in «» (uk «», zh “”). Each word is
// in the language's quotation marks, as quoted() writes every other word the user typed.
TEST_CASE("the words that set a false positive's bits are quoted in the verdict, in every language") {
  English restore;
  testing::FakeHost host;
  AppState s = testing::tiny_state(host);  // "Qwerty": its bits set by letmein (DESIGN.md)
  const Explained e = actions::query(s, "Qwerty");
  REQUIRE(e.culprits == std::vector<std::string>{"letmein"});
  CHECK(actions::verdict_sentence(s, e).find("were set by \"letmein\"") != std::string::npos);
  for (const auto& entry : {std::pair{Lang::ru, "установили «letmein»"},
                            std::pair{Lang::uk, "встановили «letmein»"}, std::pair{Lang::zh, "“letmein”"}}) {
    const Lang lang = entry.first;  // not a structured binding: CAPTURE captures it (C++17)
    const char* const want = entry.second;
    CAPTURE(lang_code(lang));
    REQUIRE(set_catalog(lang, read_file(std::string(BLOOMLAB_CATALOG_DIR "/") + lang_code(lang) + ".mo")));
    REQUIRE(use_language(lang));
    const std::string sentence = actions::verdict_sentence(s, e);
    CAPTURE(sentence);
    CHECK(sentence.find(want) != std::string::npos);
  }
}

// The Numbers table's row names in ru and uk: "ошибка, теория" was capitalised ("Ошибка, теория")
// among "слов n", "заполненность", "оценка n". As in English, every name starts lowercase but the
// one that heads the memory rows ("Memory: filter").
TEST_CASE("the Numbers table's row names start lowercase in Russian and Ukrainian, as the English") {
  English restore;
  // Upper-case first letters: Latin, Russian, Ukrainian (Є І Ї Ґ).
  const auto capitalised = [](const std::string& t) {
    const auto b = [&](size_t i) { return static_cast<unsigned char>(t[i]); };
    if (t.empty()) return false;
    if (b(0) >= 'A' && b(0) <= 'Z') return true;
    if (t.size() < 2 || (b(0) & 0xE0) != 0xC0) return false;
    const unsigned c = ((b(0) & 0x1Fu) << 6) | (b(1) & 0x3Fu);
    return (c >= 0x410 && c <= 0x42F) || c == 0x401 || c == 0x404 || c == 0x406 || c == 0x407 || c == 0x490;
  };
  for (Lang lang : {Lang::ru, Lang::uk}) {
    CAPTURE(lang_code(lang));
    REQUIRE(set_catalog(lang, read_file(std::string(BLOOMLAB_CATALOG_DIR "/") + lang_code(lang) + ".mo")));
    REQUIRE(use_language(lang));
    for (const char* name : {"words n", "bits m", "hashes k", "bits per word", "bits set X", "fill",
                             "estimated n", "FP, theory", "FP, from the fill", "FP, measured", "list as text",
                             "as a hash set", "Python set", "FP bound", "stage %s"}) {
      const std::string shown = tr(name);
      CAPTURE(shown);
      CHECK(shown != name);  // translated
      CHECK_FALSE(capitalised(shown));
    }
    CHECK(capitalised(tr("Memory: filter")));
  }
}

TEST_CASE("core errors reach the reader in their language, from the error's code (not its English)") {
  English restore;
  testing::FakeHost host;
  AppState s;
  // Through the door, as the word box's paste and the scalable sliders send them.
  const Outcome empty = apply(s, host, act::LoadWordList{"\n\n", "", ListSource::pasted});
  REQUIRE(empty.code == Code::list_invalid);
  CHECK(empty.args == std::vector<std::string>{"list_only_empty_lines", "2"});
  ParamsRequest p0;
  p0.variant = Variant::scalable;
  p0.values = {{"p0", "0.9"}};
  const Outcome refused = apply(s, host, act::SetParams{p0});
  REQUIRE(refused.code == Code::params_refused);
  CHECK(refused.args == std::vector<std::string>{"scalable_p0_range", "0.9"});
  // English: the app's sentence, not the core's lower-case one (the CLI keeps that).
  CHECK(outcome_text(empty) == "The word list has no words, only 2 empty lines.");
  CHECK(outcome_text(refused) == "p0 (the first stage's FP rate) must be from 0.000001 to 0.5; 0.9 is not.");

  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  CHECK(outcome_text(empty) == "В списке нет ни одного слова, только 2 пустые строки.");
  CHECK(outcome_text(refused) ==
        "p0 (вероятность ложного срабатывания первой ступени) — от 0,000001 до 0,5; 0,9 не подходит.");
  CHECK(error_text(parse_word_list("a\n" + std::string(5000, 'x')).failure()) ==
        "Длина строки 2 в списке слов — 5\u202F000 байт, а предел — 4\u202F096 байт.");
  CHECK(error_text(parse_memory("4 XB").failure()) ==
        "Единица в «4 XB» должна быть одной из: bits, bytes (B), KiB, MiB, GiB, TiB, KB, MB, GB, TB.");
  CHECK(error_text(Filter::create({64, 65}).failure()) ==
        "k — целое число хеш-функций от 1 до 64; 65 не подходит.");

  REQUIRE(set_catalog(Lang::uk, read_file(BLOOMLAB_CATALOG_DIR "/uk.mo")));
  REQUIRE(use_language(Lang::uk));
  CHECK(outcome_text(empty) == "У списку немає жодного слова, лише 2 порожні рядки.");
  CHECK(error_text(parse_word_list("").failure()) == "Список слів порожній.");

  REQUIRE(set_catalog(Lang::zh, read_file(BLOOMLAB_CATALOG_DIR "/zh.mo")));
  REQUIRE(use_language(Lang::zh));
  CHECK(outcome_text(empty) == "列表中没有词，只有 2 个空行。");
  CHECK(error_text(parse_memory("GiB").failure()) == "内存大小必须以数字开头（例如 4GiB），而“GiB”不是。");
}

// A link's warnings in the reader's language: each bad number of the scalable filter on its own,
// a '%' that starts no escape in words=, the link's values in the language's quotation marks.
TEST_CASE("a link's warnings are in the reader's language, every bad value named") {
  English restore;
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  testing::FakeHost host;
  AppState s;
  const auto warnings =
      apply_url_params(s, host, "variant=scalable&n0=0&p0=0.9&words=ab%A,%ZZ,50%&theme=blue");
  CHECK(warnings ==
        std::vector<std::string>{
            "n0 (число слов первой ступени) — от 1 до 10\u202F000\u202F000; 0 не подходит.",
            "p0 (вероятность ложного срабатывания первой ступени) — от 0,000001 до 0,5; 0,9 не подходит.",
            "words: в 3 словах после «%» нет двух шестнадцатеричных цифр (первое — «ab%A»; сам знак «%» "
            "пишется как %25); слова взяты как написаны.",
            "theme = «blue» — не dark, light и не contrast."});
  CHECK(s.set.params().variant == Variant::scalable);
  AppState t;
  CHECK(apply_url_params(t, host, "words=ab%A") ==
        std::vector<std::string>{
            "words: в значении «ab%A» после «%» нет двух шестнадцатеричных цифр (сам знак «%» "
            "пишется как %25); оно взято как написано."});
  // The query's own faults are worded after the link's lang= (it comes last here), and the
  // sizes in the language's way.
  REQUIRE(use_language(Lang::en));
  AppState r;
  CHECK(apply_url_params(r, host, "k=3&k=4&lang=ru") ==
        std::vector<std::string>{"Параметр «k» задан 2 раза; используется последнее значение."});
  CHECK(r.set.params().k == 4);
  const auto huge = apply_url_params(r, host, std::string(300000, 'x'));
  REQUIRE(huge.size() == 1);
  CHECK(huge[0] == "Параметры ссылки занимают " + format_bytes(300000) + "; больше " +
                       format_bytes(kMaxQueryBytes) + " не принимается.");
  CHECK(format_bytes(kMaxQueryBytes) == "256,0\u00A0КиБ");  // the decimal comma, the unit in Russian
  REQUIRE(set_catalog(Lang::zh, read_file(BLOOMLAB_CATALOG_DIR "/zh.mo")));
  REQUIRE(use_language(Lang::zh));
  AppState u;
  CHECK(apply_url_params(u, host, "words=ab%A") ==
        std::vector<std::string>{
            "words：值 “ab%A” 中的“%”后面不是两位十六进制数字（“%”本身应写作 %25）；已按原样读取。"});
}

TEST_CASE("a file that did not come is worded by the app: the platform gives only its detail") {
  English restore;
  testing::FakeHost host;
  AppState s;
  const Outcome list = apply(s, host, act::PasswordListFailed{"HTTP 404"});
  CHECK(list.args == std::vector<std::string>{"download", "HTTP 404"});
  CHECK(outcome_text(list) == "The password list did not load: it could not be downloaded (HTTP 404)");
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  CHECK(outcome_text(list) == "Список паролей не загрузился: файл не удалось скачать (HTTP 404)");
  CHECK(testing::state(s)["loading"]["error"] == "файл не удалось скачать (HTTP 404)");
  CHECK(outcome_text(Outcome{Code::code_failed, damaged_failure(), true}) ==
        "Программы не загрузились: файл пришёл повреждённым. Проверьте подключение и попробуйте ещё раз.");
  // The Chinese lessons (no other test installs them): a failed download, then a damaged file.
  REQUIRE(set_catalog(Lang::zh, read_file(BLOOMLAB_CATALOG_DIR "/zh.mo")));
  REQUIRE(use_language(Lang::zh));
  const Outcome failed = apply(s, host, act::AssetFailed{"lessons-zh.txt", "Failed to fetch"});
  REQUIRE(failed.code == Code::lessons_failed);
  CHECK(outcome_text(failed).find("文件无法下载（Failed to fetch）") != std::string::npos);
  const Outcome damaged = apply(s, host, act::AssetArrived{"lessons-zh.txt", "not a bundle"});
  REQUIRE(damaged.code == Code::lessons_failed);
  CHECK(outcome_text(damaged).find("文件已损坏") != std::string::npos);
}

TEST_CASE("is_language_file: every file a language needs, and nothing else") {
  for (Lang l : kLangs)
    if (l != Lang::en) CHECK(is_language_file(catalog_file(l)));
  CHECK(is_language_file(kScriptFontFile));
  CHECK_FALSE(is_language_file("lessons-ru.txt"));
  CHECK_FALSE(is_language_file("programs.txt"));
  CHECK_FALSE(is_language_file("language/ru.mo"));
  CHECK_FALSE(is_language_file("lang"));
}

TEST_CASE("line_breaks: Chinese breaks between characters, never before ，。） nor after （") {
  const auto one = [](uint32_t) { return 1.0f; };  // every character one unit wide
  CHECK(line_breaks("一二三四五六", 4, one) == "一二三四\n五六");
  CHECK(line_breaks("一二三，四五", 3, one) == "一二\n三，四\n五");  // "，" never starts a line
  CHECK(line_breaks("（可能）存在", 3, one) == "（可\n能）存\n在");
  CHECK(line_breaks("词 dragon 可能存在", 9, one) == "词 dragon\n可能存在");  // a space is a break too
  CHECK(line_breaks("第一行\n第二行很长", 3, one) == "第一行\n第二行\n很长");
  CHECK(line_breaks("no Chinese here at all", 10, one) == "no Chinese\nhere at\nall");
}

// ImGui's wrapping broke after ',' and '.': "of 12," / "500 bits", ru "по 1," / "25 байта".
TEST_CASE("line_breaks: a number is never split at its separators, in any language") {
  const auto one = [](uint32_t) { return 1.0f; };
  CHECK(line_breaks("of 12,500 bits", 6, one) == "of\n12,500\nbits");
  CHECK(line_breaks("по 1,25 байта", 5, one) == "по\n1,25\nбайта");
  CHECK(line_breaks("из 12\u202F500 бит", 7, one) == "из\n12\u202F500\nбит");  // a no-break space
  CHECK(line_breaks("CPython 3.12（64 位）", 10, one) == "CPython\n3.12（64 位）");
  CHECK(line_breaks("共 1,077,521 字节", 9, one) == "共\n1,077,521\n字节");
}

// The parameter fields (ui.h input_number) show numbers as the language writes them and take a
// decimal comma or point: InputDouble showed "0.01" to a Russian reader and refused "0,01".
TEST_CASE("number fields: the language's decimal point shown, a comma or a point taken") {
  English restore;
  CHECK(editable_number(0.01, "%g") == "0.01");
  CHECK(editable_number(100000, "%.0f") == "100000");
  CHECK(editable_number(12.5, "%.3f") == "12.500");
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  CHECK(editable_number(0.01, "%g") == "0,01");
  CHECK(editable_number(0.85, "%g") == "0,85");
  CHECK(editable_number(100000, "%.0f") == "100000");  // no thousands separator: it stays editable
  CHECK(editable_number(12.5, "%.3f") == "12,500");
  // Typed: either mark, spaces and the no-break ones of a copied "100 000" ignored, exponents.
  CHECK(typed_number("0,01") == doctest::Approx(0.01));
  CHECK(typed_number("0.01") == doctest::Approx(0.01));
  CHECK(typed_number("100 000") == 100000.0);
  CHECK(typed_number("100\xE2\x80\xAF"
                     "000") == 100000.0);
  CHECK(typed_number("1\xC2\xA0"
                     "5,5") == 15.5);
  CHECK(typed_number("1e-3") == doctest::Approx(0.001));
  CHECK(typed_number("-2") == -2.0);
  CHECK_FALSE(typed_number(""));
  CHECK_FALSE(typed_number("0,0,1"));
  CHECK_FALSE(typed_number("abc"));
  CHECK_FALSE(typed_number("1%"));
  CHECK_FALSE(typed_number("nan"));
  // What is shown reads back as the same number.
  for (double v : {0.01, 0.85, 2.0, 1e-6, 123456.0})
    CHECK(typed_number(editable_number(v, "%g")) == doctest::Approx(v));
}

// Issue 33: ru/uk's plural "one" form also serves 21, 31 …, so it must never mean "one bit" as
// against "a list of bits": one bit and a list are two sentences; a plural form is grammar only.
TEST_CASE("one zero bit or a list of them: two sentences, whatever the list's length") {
  English restore;
  testing::FakeHost host;
  AppState s = testing::tiny_state(host);
  Explained one, many;
  one.verdict = many.verdict = Verdict::definitely_not;
  one.zero_bits = {32};
  for (uint64_t b = 1; b <= 21; ++b) many.zero_bits.push_back(b);  // 21: ru/uk's "one" form
  CHECK(actions::verdict_sentence(s, one) == "definitely not in the set: bit 32 is 0");
  CHECK(actions::verdict_sentence(s, many).rfind("definitely not in the set: bits 1, 2, ", 0) == 0);
  for (const auto& entry : {std::pair{Lang::ru, std::pair{"бит 32 равен 0", "биты 1, 2, "}},
                            std::pair{Lang::uk, std::pair{"біт 32 дорівнює 0", "біти 1, 2, "}}}) {
    const Lang lang = entry.first;
    CAPTURE(lang_code(lang));
    REQUIRE(set_catalog(lang, read_file(std::string(BLOOMLAB_CATALOG_DIR "/") + lang_code(lang) + ".mo")));
    REQUIRE(use_language(lang));
    CHECK(actions::verdict_sentence(s, one).find(entry.second.first) != std::string::npos);
    CHECK(actions::verdict_sentence(s, many).find(entry.second.second) != std::string::npos);
  }
}

// Ratios before a noun take the count's form: ru "в 21 раз", "в 22 раза", "в 25 раз"; uk "у 21
// раз", "у 22 рази", "у 25 разів"; zh "只有 … 的 1/22" (N 倍 with "smaller" says nothing).
TEST_CASE("the memory sentence's ratios are in the language's number forms") {
  English restore;
  testing::FakeHost host;
  AppState s = testing::tiny_state(host);  // not the article's list: only the hash set is compared
  actions::MemoryFigures m;
  m.filter_bytes = 100;
  m.list_text_bytes = 1000;
  struct Want {
    Lang lang;
    uint64_t hash_set;
    const char* says;
  };
  const Want wants[] = {
      {Lang::en, 2200, "The filter is 22× smaller than the C++ hash set"},
      {Lang::ru, 2100, "Фильтр в 21 раз меньше хеш-таблицы C++"},
      {Lang::ru, 2200, "Фильтр в 22 раза меньше хеш-таблицы C++"},
      {Lang::ru, 2500, "Фильтр в 25 раз меньше хеш-таблицы C++"},
      {Lang::uk, 2100, "Фільтр у 21 раз менший за хеш-таблицю C++"},
      {Lang::uk, 2200, "Фільтр у 22 рази менший за хеш-таблицю C++"},
      {Lang::uk, 2500, "Фільтр у 25 разів менший за хеш-таблицю C++"},
      {Lang::zh, 2200, "哈希集合的 1/22"},
  };
  for (const Want& w : wants) {
    CAPTURE(lang_code(w.lang));
    if (w.lang != Lang::en)
      REQUIRE(
          set_catalog(w.lang, read_file(std::string(BLOOMLAB_CATALOG_DIR "/") + lang_code(w.lang) + ".mo")));
    REQUIRE(use_language(w.lang));
    m.hash_set_bytes = w.hash_set;
    const std::string text = actions::memory_comparison(s, m);
    CAPTURE(text);
    CHECK(text.find(w.says) != std::string::npos);
    CHECK(text.find("倍") == std::string::npos);
  }
}

// The word list's report was the core's English passed through; the other languages had their
// own shorter words (no byte order mark, no line numbers). Now each count has its noun's form.
TEST_CASE("a word list's report is worded by the app, in each language, with each count's form") {
  English restore;
  // 21 words from 23 lines, 1 duplicate, 1 empty, 21 invalid lines (the first 10 named), a BOM.
  const Outcome o{Code::list_loaded,
                  {"pasted", "21", "23", "1", "1", "21", "0", "", "1", "0", "3,4,5,6,7,8,9,10,11,12"},
                  false};
  CHECK(
      outcome_text(o) ==
      "the pasted list: 21 words from 23 lines; 1 duplicate dropped; 1 empty line skipped; byte order mark dropped; "
      "21 lines are not valid UTF-8, hashed as raw bytes (lines 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …).");
  const Outcome utf16{
      Code::list_loaded, {"pasted", "2", "2", "0", "0", "0", "0", "UTF-16LE", "1", "3", ""}, false};
  CHECK(outcome_text(utf16) ==
        "the pasted list: 2 words from 2 lines; 0 duplicates dropped; read as UTF-16LE (byte order mark) and "
        "converted to UTF-8; 3 invalid UTF-16 units replaced by U+FFFD.");
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  const std::string ru = outcome_text(o);
  CAPTURE(ru);
  for (const char* part : {"21 слово из 23 строк", "1 повтор отброшен", "1 пустая строка пропущена",
                           "метка порядка байтов отброшена", "21 строка с некорректным UTF-8",
                           "(строки 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …)"})
    CHECK(ru.find(part) != std::string::npos);
  REQUIRE(set_catalog(Lang::uk, read_file(BLOOMLAB_CATALOG_DIR "/uk.mo")));
  REQUIRE(use_language(Lang::uk));
  const std::string uk = outcome_text(o);
  CAPTURE(uk);
  for (const char* part : {"21 слово з 23 рядків", "1 повтор відкинуто", "1 порожній рядок пропущено",
                           "мітку порядку байтів відкинуто", "21 рядок із некоректним UTF-8"})
    CHECK(uk.find(part) != std::string::npos);
}

// The JS API's query() and state().query said the verdict in the core's English under lang=ru.
TEST_CASE("query()'s sentence is the page's, in its language") {
  English restore;
  testing::FakeHost host;
  AppState s = testing::tiny_state(host);
  const Explained e = actions::query(s, "Qwerty");
  auto sentence = [&] {
    return nlohmann::json::parse(actions::query_json(s, "Qwerty"))["sentence"].get<std::string>();
  };
  CHECK(sentence() == actions::verdict_sentence(s, e));
  REQUIRE(set_catalog(Lang::ru, read_file(BLOOMLAB_CATALOG_DIR "/ru.mo")));
  REQUIRE(use_language(Lang::ru));
  CHECK(sentence().rfind("возможно, есть во множестве", 0) == 0);
  CHECK(sentence() == actions::verdict_sentence(s, e));
  (void)apply(s, host, act::SetWordInput{"Qwerty"});
  CHECK(testing::state(s)["query"]["sentence"].get<std::string>().rfind("возможно, есть во множестве", 0) ==
        0);
}
