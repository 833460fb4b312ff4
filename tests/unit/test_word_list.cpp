// Word lists: line endings, BOM, empty lines, duplicates, invalid UTF-8, NUL, limits, the file.
#include <doctest.h>

#include <cstdio>
#include <string>

#include "core/word_list.h"

using namespace bloomlab;

TEST_CASE("CRLF and LF both end lines; empty lines skipped; no final newline needed") {
  Result<WordList> l = parse_word_list("dragon\r\nQwerty\n\n\r\nletmein");
  REQUIRE(l.ok());
  CHECK(l->words == std::vector<std::string>{"dragon", "Qwerty", "letmein"});
  CHECK(l->report.lines == 5);
  CHECK(l->report.empty_lines == 2);
  CHECK(l->report.duplicates == 0);
}

TEST_CASE("a leading BOM is dropped, duplicates count once and are reported") {
  Result<WordList> l = parse_word_list(
      "\xEF\xBB\xBF"
      "a\nb\na\r\na\n");
  REQUIRE(l.ok());
  CHECK(l->words == std::vector<std::string>{"a", "b"});
  CHECK(l->report.had_bom);
  CHECK(l->report.duplicates == 2);
  CHECK(l->report.summary() == "2 words from 4 lines; 2 duplicates dropped; byte order mark dropped");
}

TEST_CASE("invalid UTF-8 and NUL bytes are kept as bytes and reported") {
  const char bytes[] = "ok\n\xFF\xFEx\nn\0ul\n\xC3\xA9t\xC3\xA9\n";
  Result<WordList> l = parse_word_list(std::string(bytes, sizeof bytes - 1));
  REQUIRE(l.ok());
  CHECK(l->words.size() == 4);
  CHECK(l->words[1] == "\xFF\xFEx");
  CHECK(l->words[2] == std::string("n\0ul", 4));
  CHECK(l->report.invalid_utf8_lines == 1);
  CHECK(l->report.first_invalid_lines == std::vector<uint64_t>{2});
  CHECK(l->report.nul_lines == 1);
  CHECK(l->report.summary() ==
        "4 words from 4 lines; 0 duplicates dropped; 1 line is not valid UTF-8, hashed as raw bytes "
        "(line 2); 1 line contains NUL bytes");
}

// The app reads a list a slice of lines per frame: the reader refuses up front what parse refuses
// (nothing read), then gives the lines one at a time with the same report.
TEST_CASE("the line reader: refusals up front, then the lines one at a time, as parse reads them") {
  const char text[] =
      "\xEF\xBB\xBF"
      "a\r\n\nb\na\n\xFFx\nn\0ul\n\n";
  const std::string bytes(text, sizeof text - 1);
  Result<WordListReader> r = WordListReader::start(bytes);
  REQUIRE(r.ok());
  CHECK(r->lines_total() == 7);
  CHECK(r->words_at_most() == 5);
  CHECK(r->lines_read() == 0);
  std::vector<std::string> got;
  std::string_view w;
  while (r->next(w)) got.emplace_back(w);
  CHECK(got == std::vector<std::string>{"a", "b", "a", "\xFFx", std::string("n\0ul", 4)});
  CHECK(r->done());
  CHECK(r->lines_read() == 7);
  CHECK(r->report().empty_lines == 2);
  CHECK(r->report().had_bom);
  CHECK(r->report().invalid_utf8_lines == 1);
  CHECK(r->report().first_invalid_lines == std::vector<uint64_t>{5});
  CHECK(r->report().nul_lines == 1);
  CHECK(r->report().duplicates == 0);  // the caller's to count
  Result<WordList> whole = parse_word_list(bytes);
  REQUIRE(whole.ok());
  CHECK(whole->words == std::vector<std::string>{"a", "b", "\xFFx", std::string("n\0ul", 4)});
  CHECK(whole->report.summary() ==
        "4 words from 7 lines; 1 duplicate dropped; 2 empty lines skipped; byte order mark dropped; 1 line "
        "is not valid UTF-8, hashed as raw bytes (line 5); 1 line contains NUL bytes");

  // A line too long at the very end, or nothing but empty lines: refused before any line is read.
  Result<WordListReader> late = WordListReader::start(std::string(100000, '\n') + std::string(4097, 'x'));
  REQUIRE_FALSE(late.ok());
  CHECK(late.failure().code == ErrorCode::list_line_too_long);
  CHECK(late.failure().args[0] == "100001");
  CHECK(WordListReader::start("\r\n\n").failure().code == ErrorCode::list_only_empty_lines);
  CHECK(WordListReader::start("").failure().code == ErrorCode::list_empty);
  // Its views stay good when the reader is moved (the app keeps it in its state).
  Result<WordListReader> moved = WordListReader::start("first\nsecond");
  REQUIRE(moved.ok());
  REQUIRE(moved->next(w));
  WordListReader kept = std::move(*moved);
  CHECK(w == "first");
  REQUIRE(kept.next(w));
  CHECK(w == "second");
  CHECK_FALSE(kept.next(w));
}

TEST_CASE("UTF-8 validation follows RFC 3629") {
  CHECK(is_valid_utf8("plain"));
  CHECK(is_valid_utf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"));  // é € 😀
  CHECK_FALSE(is_valid_utf8("\xC0\xAF"));                        // overlong "/"
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));                    // surrogate U+D800
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));                // above U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xE2\x82"));                        // truncated
}

TEST_CASE("a line over 4 KiB is refused, 4 KiB exactly is fine") {
  CHECK(parse_word_list(std::string(4096, 'x') + "\r\n").ok());
  Result<WordList> l = parse_word_list("a\n" + std::string(4097, 'x') + "\n");
  REQUIRE_FALSE(l.ok());
  CHECK(l.error() == "line 2 of the word list is 4097 bytes long; the limit is 4096 bytes");
}

TEST_CASE("a list over 64 MiB is refused") {
  std::string big(kMaxFileBytes + 1, 'a');
  for (size_t i = 100; i < big.size(); i += 100) big[i] = '\n';
  Result<WordList> l = parse_word_list(big);
  REQUIRE_FALSE(l.ok());
  CHECK(l.error() == "the word list is 67108865 bytes; the limit is 64 MiB (67108864 bytes)");
}

TEST_CASE("an empty list or one with only empty lines is refused") {
  CHECK(parse_word_list("").error() == "the word list is empty");
  CHECK(parse_word_list("\r\n\n").error() == "the word list has no words, only empty lines");
}

TEST_CASE("a missing file is refused with its name") {
  Result<WordList> l = read_word_list_file("/nonexistent/words.txt");
  REQUIRE_FALSE(l.ok());
  CHECK(l.error() == "cannot open /nonexistent/words.txt: No such file or directory");
}

TEST_CASE("the 10k password list: 10,000 distinct words, 63,017 bytes without line ends") {
  // TOOLCHAIN.md: CRLF, 10,000 distinct entries, 73,017 bytes once the CRs are dropped
  // (so 63,017 bytes of words plus 10,000 LFs).
  Result<WordList> l = read_word_list_file(BLOOMLAB_PASSWORDS_FILE);
  REQUIRE(l.ok());
  CHECK(l->words.size() == 10000);
  CHECK(l->report.duplicates == 0);
  CHECK(l->report.lines == 10000);
  size_t bytes = 0;
  for (const std::string& w : l->words) bytes += w.size();
  CHECK(bytes == 63017);
  CHECK(l->report.summary() == "10000 words from 10000 lines; 0 duplicates dropped");
}

TEST_CASE("the summary counts one empty line in the singular") {
  CHECK(parse_word_list("a\n\nb\n")->report.summary() ==
        "2 words from 3 lines; 0 duplicates dropped; 1 empty line skipped");
  CHECK(parse_word_list("a\n\n\r\nb\n")->report.summary() ==
        "2 words from 4 lines; 0 duplicates dropped; 2 empty lines skipped");
}

// Issue 14: a UTF-16 list (Notepad's "Unicode", PowerShell's default) was read as bytes: words
// full of NULs ("c\0a\0f\0..."). The bytes below are written out by hand from RFC 2781.
TEST_CASE("UTF-16LE with a BOM is converted to UTF-8 and reported") {
  // FF FE, "café\r\n" then "дом\n" (U+0434 U+043E U+043C), "😀" (U+1F600: D83D DE00).
  const std::string bytes(
      "\xFF\xFE"
      "c\0a\0f\0\xE9\0\r\0\n\0"
      "\x34\x04\x3E\x04\x3C\x04\n\0"
      "\x3D\xD8\x00\xDE",
      26);
  Result<WordList> l = parse_word_list(bytes);
  REQUIRE(l.ok());
  CHECK(l->words == std::vector<std::string>{"caf\xC3\xA9", "\xD0\xB4\xD0\xBE\xD0\xBC", "\xF0\x9F\x98\x80"});
  CHECK(l->report.encoding == "UTF-16LE");
  CHECK(l->report.nul_lines == 0);
  CHECK(l->report.invalid_utf8_lines == 0);
  CHECK(l->report.summary() ==
        "3 words from 3 lines; 0 duplicates dropped; read as UTF-16LE (byte order mark) and "
        "converted to UTF-8");
}

TEST_CASE("UTF-16BE with a BOM, and UTF-16 without a BOM told by its NUL bytes") {
  Result<WordList> be = parse_word_list(std::string("\xFE\xFF\0a\0b\0\n\0c", 10));
  REQUIRE(be.ok());
  CHECK(be->words == std::vector<std::string>{"ab", "c"});
  CHECK(be->report.encoding == "UTF-16BE");
  Result<WordList> le = parse_word_list(std::string("d\0r\0a\0g\0o\0n\0\r\0\n\0x\0", 18));
  REQUIRE(le.ok());
  CHECK(le->words == std::vector<std::string>{"dragon", "x"});
  CHECK(le->report.encoding == "UTF-16LE");
  CHECK(!le->report.had_bom);
  CHECK(le->report.summary().find("read as UTF-16LE (no byte order mark: told by its NUL bytes)") !=
        std::string::npos);
  Result<WordList> nobom_be = parse_word_list(std::string("\0h\0i\0\n\0y\0o", 10));
  REQUIRE(nobom_be.ok());
  CHECK(nobom_be->words == std::vector<std::string>{"hi", "yo"});
}

TEST_CASE("broken UTF-16: an unpaired surrogate and an odd last byte become U+FFFD, counted") {
  // FF FE, "a", a lone high surrogate D800, "\n", "b", then one stray byte.
  Result<WordList> l =
      parse_word_list(std::string("\xFF\xFE"
                                  "a\0\x00\xD8\n\0b\0!",
                                  11));
  REQUIRE(l.ok());
  CHECK(l->words == std::vector<std::string>{"a\xEF\xBF\xBD", "b\xEF\xBF\xBD"});
  CHECK(l->report.utf16_replaced == 2);
  CHECK(l->report.summary().find("2 invalid UTF-16 units replaced by U+FFFD") != std::string::npos);
}

TEST_CASE("UTF-8 with a few NUL bytes is not mistaken for UTF-16") {
  Result<WordList> l = parse_word_list(std::string("ok\nnul\0byte\n\0\n", 14));
  REQUIRE(l.ok());
  CHECK(l->report.encoding.empty());
  CHECK(l->report.nul_lines == 2);
}
