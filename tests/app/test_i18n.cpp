// The UI's languages (app/i18n.h, format.h): the compiled catalogs the build writes, fill's
// printf-style %s, the numbers per locale. The expected texts are the PO files' own.
#include <doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/format.h"
#include "app/i18n.h"

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
  CHECK(std::string(tr("Add")) == "Добавить");                  // po/ru.po
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
