// The programs' templates: one bundle file (cmake/Bundle.cmake) that the web build fetches and
// native builds compile in; bundles that are damaged or incomplete are refused.
#include <doctest.h>

#include <fstream>
#include <sstream>

#include "core/bundle.h"
#include "core/program.h"

using namespace bloomlab;

namespace {
std::string read_all(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}
}  // namespace

TEST_CASE("bundles: files in order; a bundle without its separator or a file's name line is refused") {
  const auto files = parse_bundle(
      "\x1e"
      "a.txt\nalpha\n\x1e"
      "b.txt\n\x1e"
      "c.txt\nline 1\nline 2");
  REQUIRE(files);
  REQUIRE(files->size() == 3);
  CHECK(((*files)[0].name == "a.txt" && (*files)[0].text == "alpha\n"));
  CHECK(((*files)[1].name == "b.txt" && (*files)[1].text.empty()));
  CHECK(((*files)[2].name == "c.txt" && (*files)[2].text == "line 1\nline 2"));
  CHECK_FALSE(parse_bundle(""));
  CHECK_FALSE(parse_bundle("a.txt\nalpha"));  // no leading 0x1E
  CHECK_FALSE(
      parse_bundle("\x1e"
                   "a.txt"));                        // no newline after the name
  CHECK_FALSE(parse_bundle("\x1e\nnameless text"));  // an empty name
  CHECK_FALSE(
      parse_bundle("\x1e"
                   "a.txt\nx\x1e"
                   "b"));  // the second file has no name line
}

TEST_CASE("program templates: the served bundle has all twelve, and equals what native builds compile in") {
  const std::string bundle = read_all(BLOOMLAB_PROGRAMS_BUNDLE);
  const std::optional<ProgramTemplates> t = parse_program_templates(bundle);
  REQUIRE(t);
  CHECK(t->files.size() == 12);  // 4 languages x {program, reference positions, sha256md5 positions}
  for (Language l : kAllLanguages)
    for (const char* part : {"", "-reference", "-sha256md5"}) CHECK_FALSE(t->text(l, part).empty());
  CHECK(t->text(Language::go, "").find("@GO_POSITIONS@") != std::string::npos);
  if (const ProgramTemplates* builtin = builtin_program_templates()) {  // native; the wasm fetches
    REQUIRE(builtin->files.size() == t->files.size());
    for (size_t i = 0; i < t->files.size(); ++i) {
      CHECK(builtin->files[i].name == t->files[i].name);
      CHECK(builtin->files[i].text == t->files[i].text);
    }
  }
  // The same program from either.
  ProgramSpec spec;
  spec.params.m = 64;
  spec.params.k = 3;
  spec.words = {"dragon", "apple"};
  if (const ProgramTemplates* builtin = builtin_program_templates())
    CHECK(program(Language::python, spec, *builtin) == program(Language::python, spec, *t));
}

TEST_CASE("program templates: a bundle missing one is refused") {
  const std::string bundle = read_all(BLOOMLAB_PROGRAMS_BUNDLE);
  const size_t go_sha = bundle.find("\x1ego-sha256md5.go.in\n");
  REQUIRE(go_sha != std::string::npos);
  const size_t next = bundle.find('\x1e', go_sha + 1);
  const std::string without =
      bundle.substr(0, go_sha) + (next == std::string::npos ? "" : bundle.substr(next));
  CHECK(parse_bundle(without));
  CHECK_FALSE(parse_program_templates(without));
  CHECK_FALSE(parse_program_templates("not a bundle"));
}

// Issue 37 (2.1, 2.2): a word is data in every language and compiler mode. The programs are run
// on these words by tests/cli/programs.py (cli_programs); here, the text itself, in every tree.
TEST_CASE(
    "program words: no trigraph in C++, a NUL kept, invisible characters escaped, no mark filled twice") {
  const ProgramTemplates* t = builtin_program_templates();
  if (!t) return;  // the web build fetches them
  ProgramSpec spec;
  spec.params.m = 64;
  spec.params.k = 3;
  spec.words = {"x?\?/", std::string("nul\0byte", 8),
                "a\xEF\xBB\xBF"
                "b",
                "@M@",
                "\xE2\x80\xAE"
                "evil"};
  const std::string cpp = program(Language::cpp, spec, *t);
  CHECK(cpp.find("?\?") == std::string::npos);  // "??/" would be a backslash with -trigraphs
  CHECK(cpp.find("\"x\\?\\?/\"") != std::string::npos);
  CHECK(cpp.find("std::string(\"nul\\000byte\", 8)") != std::string::npos);  // not cut at the NUL
  CHECK(cpp.find("\"@M@\"") != std::string::npos);                           // the word, not m
  const std::string go = program(Language::go, spec, *t);
  CHECK(go.find("\xEF\xBB\xBF") == std::string::npos);  // Go refuses a BOM inside a file
  CHECK(go.find("\"a\\ufeffb\"") != std::string::npos);
  CHECK(go.find("\"\\u202eevil\"") != std::string::npos);
  for (Language l : kAllLanguages) {
    const std::string text = program(l, spec, *t);
    CHECK(text.find("\xE2\x80\xAE") == std::string::npos);  // a bidirectional control, shown as itself
    CHECK(text.find("read_words") == std::string::npos);    // the words are in it: no file is read
    CHECK(text.find("readWords") == std::string::npos);
  }
}
