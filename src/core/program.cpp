#include "program.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "word_list.h"

namespace bloomlab {
namespace {

// The length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 where it is invalid
// (Unicode 15, table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
size_t utf8_length(std::string_view s, size_t i) {
  const auto at = [&](size_t j) { return j < s.size() ? static_cast<unsigned char>(s[j]) : 0u; };
  const unsigned c = at(i);
  if (c < 0x80) return 1;
  const auto cont = [&](size_t j, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return at(j) >= lo && at(j) <= hi;
  };
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

std::string hex(unsigned v, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*x", digits, v);
  return buf;
}

// The code point of the valid UTF-8 sequence s[i, i + len).
uint32_t code_point(std::string_view s, size_t i, size_t len) {
  const auto b = [&](size_t j) { return uint32_t(static_cast<unsigned char>(s[i + j])); };
  if (len == 1) return b(0);
  if (len == 2) return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
  if (len == 3) return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
  return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
}

// Characters a program writes as an escape, never as themselves: controls (C0, DEL, C1: a C1
// control drives a terminal the program is shown in), and the invisible ones that make a line
// read as something it is not: format characters (U+FEFF inside a file does not compile in Go;
// bidirectional controls reorder what an editor shows, "Trojan Source", CVE-2021-42574),
// separators that end a line for some tools (U+2028, U+2029), tags.
bool escaped_code_point(uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD || cp == 0x61C || cp == 0x180E ||
         (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) ||
         cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0xE0000 && cp <= 0xE007F);
}

// A word as a string literal of the language, its bytes exact, never anything but data:
// printable ASCII and other valid UTF-8 characters are written as they are; quotes and
// backslashes are escaped, and in C++ '?' too (written \?, so that no "??/" is a trigraph when
// the program is compiled with -std=c++14, -ansi or -trigraphs); controls and invisible
// characters (escaped_code_point) are escapes of their code point, or in C++ of their bytes. An
// invalid byte is Python's surrogate escape (decoded with "surrogateescape"), Go's \xNN or C++'s
// octal \NNN. JavaScript strings cannot hold invalid UTF-8: such a word becomes a Buffer from
// its hex. A C++ word with a NUL byte is a std::string of its length: a C string ends at the NUL.
std::string literal(Language l, std::string_view w) {
  if (l == Language::javascript && !is_valid_utf8(w)) {
    std::string out;
    for (char c : w) out += hex(static_cast<unsigned char>(c), 2);
    return "Buffer.from(\"" + out + "\", \"hex\")";
  }
  std::string out = "\"";
  for (size_t i = 0; i < w.size();) {
    const unsigned char c = static_cast<unsigned char>(w[i]);
    const size_t len = utf8_length(w, i);
    if (len == 0) {  // an invalid byte
      if (l == Language::cpp) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\%03o", c);
        out += buf;
      } else {
        out += (l == Language::python ? "\\udc" : "\\x") + hex(c, 2);
      }
      ++i;
      continue;
    }
    const uint32_t cp = code_point(w, i, len);
    if (cp == '"' || cp == '\\' || (cp == '?' && l == Language::cpp)) {
      out += '\\';
      out += static_cast<char>(c);
    } else if (!escaped_code_point(cp)) {
      out.append(w.substr(i, len));
    } else if (l == Language::cpp) {
      for (size_t j = 0; j < len; ++j) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\%03o", static_cast<unsigned char>(w[i + j]));
        out += buf;
      }
    } else if (cp < 0x80) {
      out += "\\x" + hex(cp, 2);
    } else if (cp <= 0xFFFF) {
      out += "\\u" + hex(cp, 4);
    } else if (l == Language::javascript) {
      out += "\\u{" + hex(cp, 5) + "}";
    } else {
      out += "\\U" + hex(cp, 8);
    }
    i += len;
  }
  out += '"';
  if (l == Language::cpp && w.find('\0') != std::string_view::npos)
    return "std::string(" + out + ", " + std::to_string(w.size()) + ")";
  return out;
}

std::string list_of(Language l, const std::vector<std::string>& words, const char* indent) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    out += (i % 8 == 0) ? std::string(i ? ",\n" : "\n") + indent : ", ";
    out += literal(l, words[i]);
  }
  return out + (words.empty() ? "" : l == Language::go ? ",\n" : "\n");
}

void replace_all(std::string& text, std::string_view key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
}

// The template's @NAME@ marks replaced by their values in one pass: a value (a word's literal
// "@M@", a part) is never read again for marks, so no word changes the program around it.
std::string fill_marks(std::string_view text,
                       const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t mark = text.find('@', at);
    if (mark == std::string_view::npos) break;
    out.append(text.substr(at, mark - at));
    at = mark + 1;
    for (const auto& [key, value] : values) {
      if (text.compare(mark, key.size(), key) == 0) {
        out += value;
        at = mark + key.size();
        break;
      }
    }
    if (at == mark + 1) out += '@';
  }
  out.append(text.substr(std::min(at, text.size())));
  return out;
}

// The lines between "@IF_FILE@" and "@END_FILE@" (the reading of a words file) kept when the
// words come from a file, else left out; the two marks' own lines go.
std::string file_section(std::string_view text, bool from_file) {
  std::string out;
  bool inside = false;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(at, end - at);
    at = end;
    if (line.substr(0, 9) == "@IF_FILE@")
      inside = true;
    else if (line.substr(0, 10) == "@END_FILE@")
      inside = false;
    else if (!inside || from_file)
      out.append(line);
  }
  return out;
}

}  // namespace

const char* language_name(Language l) {
  switch (l) {
    case Language::python: return "python";
    case Language::go: return "go";
    case Language::javascript: return "javascript";
    case Language::cpp: return "cpp";
  }
  return "python";
}

const char* language_title(Language l) {
  switch (l) {
    case Language::python: return "Python";
    case Language::go: return "Go";
    case Language::javascript: return "JavaScript (node)";
    case Language::cpp: return "C++";
  }
  return "Python";
}

const char* language_file_name(Language l) {
  switch (l) {
    case Language::python: return "bloom.py";
    case Language::go: return "bloom.go";
    case Language::javascript: return "bloom.js";
    case Language::cpp: return "bloom.cpp";
  }
  return "bloom.py";
}

std::optional<Language> parse_language(std::string_view name) {
  for (Language l : kAllLanguages)
    if (name == language_name(l)) return l;
  return std::nullopt;
}

namespace {
const char* const kTemplateParts[] = {"", "-reference", "-sha256md5"};

std::string template_name(Language l, std::string_view suffix) {
  const std::string file = language_file_name(l);  // "bloom.py": its extension
  return language_name(l) + std::string(suffix) + file.substr(file.find('.')) + ".in";
}
}  // namespace

std::string ProgramTemplates::text(Language l, std::string_view suffix) const {
  const std::string name = template_name(l, suffix);
  for (const BundleFile& f : files)
    if (f.name == name) return f.text;
  return {};
}

std::optional<ProgramTemplates> parse_program_templates(std::string_view bundle) {
  auto files = parse_bundle(bundle);
  if (!files) return std::nullopt;
  ProgramTemplates t{std::move(*files)};
  for (Language l : kAllLanguages)
    for (const char* part : kTemplateParts)
      if (t.text(l, part).empty()) return std::nullopt;
  return t;
}

bool program_supports(Scheme s) { return s == Scheme::reference || s == Scheme::sha256md5; }

std::string program(Language l, const ProgramSpec& spec, const ProgramTemplates& templates) {
  const bool sha = spec.params.scheme == Scheme::sha256md5;
  const bool from_file = !spec.words_file.empty();
  const std::string file = literal(l, spec.words_file);
  // The template's structure first (which parts, which includes); the words go in last.
  std::string text = file_section(templates.text(l, ""), from_file);
  const std::string positions = templates.text(l, sha ? "-sha256md5" : "-reference");
  std::vector<std::pair<std::string, std::string>> v;
  switch (l) {
    case Language::python:
      v = {{"@PY_IMPORTS@", sha ? "import hashlib\n" : ""},
           {"@PY_POSITIONS@", positions},
           {"@PY_WORDS@", from_file ? "WORDS_FILE = " + file + "  # one word a line"
                                    : "WORDS = [" + list_of(l, spec.words, "    ") + "]"},
           {"@PY_QUESTIONS@", list_of(l, spec.questions, "    ")},
           {"@PY_LOAD@", from_file ? "words = read_words(WORDS_FILE)"
                                   : "words = [w.encode(\"utf-8\", \"surrogateescape\") for w in WORDS]"},
           {"@PY_ASKED@", std::string(from_file ? "" : "words + ") +
                              "[q.encode(\"utf-8\", \"surrogateescape\") for q in QUESTIONS]"}};
      break;
    case Language::go:
      v = {{"@GO_IMPORTS@", sha ? "\t\"crypto/md5\"\n\t\"crypto/sha256\"\n\t\"encoding/binary\"\n" : ""},
           {"@GO_POSITIONS@", positions},
           {"@GO_WORDS@", from_file ? "// One word a line.\nconst wordsFile = " + file + "\n"
                                    : "var words = []string{" + list_of(l, spec.words, "\t") + "}\n"},
           {"@GO_QUESTIONS@", list_of(l, spec.questions, "\t")},
           {"@GO_LOAD@", from_file ? "ws := readWords(wordsFile)" : "ws := words"},
           {"@GO_ASKED@", from_file ? "questions" : "append(append([]string{}, ws...), questions...)"}};
      break;
    case Language::javascript:
      v = {{"@JS_REQUIRES@", std::string(sha ? "const crypto = require(\"crypto\");\n" : "") +
                                 (from_file ? "const fs = require(\"fs\");\n" : "")},
           {"@JS_POSITIONS@", positions},
           {"@JS_WORDS@", from_file ? "// One word a line.\nconst WORDS_FILE = " + file + ";"
                                    : "const WORDS = [" + list_of(l, spec.words, "  ") + "].map(bytes);"},
           {"@JS_QUESTIONS@", list_of(l, spec.questions, "  ")},
           {"@JS_LOAD@", from_file ? "const words = readWords(WORDS_FILE);" : "const words = WORDS;"},
           {"@JS_ASKED@", from_file ? "QUESTIONS" : "[...words, ...QUESTIONS]"}};
      break;
    case Language::cpp:
      if (sha) replace_all(text, "#include <cstdint>\n", "#include <cmath>\n#include <cstdint>\n");
      v = {{"@CPP_POSITIONS@", positions},
           {"@CPP_WORDS@",
            from_file ? "// One word a line.\nconst char* const WORDS_FILE = " + file + ";"
                      : "const std::vector<std::string> WORDS = {" + list_of(l, spec.words, "    ") + "};"},
           {"@CPP_QUESTIONS@", list_of(l, spec.questions, "    ")},
           {"@CPP_LOAD@", from_file ? "const std::vector<std::string> words = read_words(WORDS_FILE);"
                                    : "const std::vector<std::string>& words = WORDS;"},
           {"@CPP_ASKED@", from_file ? "std::vector<std::string>{}" : "words"}};
      break;
  }
  v.push_back({"@SCHEME_TEXT@", sha ? "SHA-256 + MD5 (as Python's hashlib)"
                                    : "FNV-1a 64 double hashing (BloomLab's reference)"});
  v.push_back({"@M@", std::to_string(spec.params.m)});
  v.push_back({"@K@", std::to_string(spec.params.k)});
  v.push_back({"@PROBES@", std::to_string(spec.probes)});
  v.push_back({"@LAST_PROBE@", spec.probes ? std::to_string(spec.probes - 1) : "-1"});
  return fill_marks(text, v);
}

}  // namespace bloomlab
