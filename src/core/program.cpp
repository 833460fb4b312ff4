#include "program.h"

#include "word_list.h"

#include <cstdio>

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

std::string hex2(unsigned b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02x", b & 0xffu);
  return buf;
}

// A word as a string literal of the language, its bytes exact: valid UTF-8 is written as it is;
// quotes, backslashes and control bytes are escaped; an invalid byte is written as Python's
// surrogate escape (decoded with "surrogateescape"), Go's \xNN or C++'s octal \NNN. JavaScript
// strings cannot hold invalid UTF-8: such a word becomes a Buffer from its hex.
std::string literal(Language l, std::string_view w) {
  if (l == Language::javascript && !is_valid_utf8(w)) {
    std::string hex;
    for (char c : w) hex += hex2(static_cast<unsigned char>(c));
    return "Buffer.from(\"" + hex + "\", \"hex\")";
  }
  std::string out = "\"";
  for (size_t i = 0; i < w.size();) {
    const unsigned char c = static_cast<unsigned char>(w[i]);
    const size_t len = utf8_length(w, i);
    if (len > 1) {
      out.append(w.substr(i, len));
      i += len;
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else if (l == Language::cpp) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    } else if (l == Language::python && c >= 0x80) {
      out += "\\udc" + hex2(c);
    } else {
      out += "\\x" + hex2(c);
    }
    ++i;
  }
  return out + "\"";
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
  const auto part = [&](const char* suffix) { return templates.text(l, suffix); };
  const bool sha = spec.params.scheme == Scheme::sha256md5;
  const bool from_file = !spec.words_file.empty();
  const std::string file = literal(l, spec.words_file);
  std::string text;
  switch (l) {
    case Language::python:
      text = part("");
      replace_all(text, "@PY_IMPORTS@", sha ? "import hashlib\n" : "");
      replace_all(text, "@PY_POSITIONS@", part(sha ? "-sha256md5" : "-reference"));
      replace_all(text, "@PY_WORDS@",
                  from_file ? "WORDS_FILE = " + file + "  # one word a line"
                            : "WORDS = [" + list_of(l, spec.words, "    ") + "]");
      replace_all(text, "@PY_QUESTIONS@", list_of(l, spec.questions, "    "));
      replace_all(text, "@PY_LOAD@",
                  from_file ? "words = read_words(WORDS_FILE)"
                            : "words = [w.encode(\"utf-8\", \"surrogateescape\") for w in WORDS]");
      replace_all(text, "@PY_ASKED@",
                  std::string(from_file ? "" : "words + ") +
                      "[q.encode(\"utf-8\", \"surrogateescape\") for q in QUESTIONS]");
      break;
    case Language::go:
      text = part("");
      replace_all(text, "@GO_IMPORTS@",
                  sha ? "\t\"crypto/md5\"\n\t\"crypto/sha256\"\n\t\"encoding/binary\"\n" : "");
      replace_all(text, "@GO_POSITIONS@", part(sha ? "-sha256md5" : "-reference"));
      replace_all(text, "@GO_WORDS@",
                  from_file ? "// One word a line.\nconst wordsFile = " + file + "\n"
                            : "var words = []string{" + list_of(l, spec.words, "\t") + "}\n");
      replace_all(text, "@GO_QUESTIONS@", list_of(l, spec.questions, "\t"));
      replace_all(text, "@GO_LOAD@", from_file ? "ws := readWords(wordsFile)" : "ws := words");
      replace_all(text, "@GO_ASKED@", from_file ? "questions" : "append(append([]string{}, ws...), questions...)");
      break;
    case Language::javascript:
      text = part("");
      replace_all(text, "@JS_REQUIRES@",
                  std::string(sha ? "const crypto = require(\"crypto\");\n" : "") +
                      (from_file ? "const fs = require(\"fs\");\n" : ""));
      replace_all(text, "@JS_POSITIONS@", part(sha ? "-sha256md5" : "-reference"));
      replace_all(text, "@JS_WORDS@",
                  from_file ? "// One word a line.\nconst WORDS_FILE = " + file + ";"
                            : "const WORDS = [" + list_of(l, spec.words, "  ") + "].map(bytes);");
      replace_all(text, "@JS_QUESTIONS@", list_of(l, spec.questions, "  "));
      replace_all(text, "@JS_LOAD@", from_file ? "const words = readWords(WORDS_FILE);" : "const words = WORDS;");
      replace_all(text, "@JS_ASKED@", from_file ? "QUESTIONS" : "[...words, ...QUESTIONS]");
      if (!from_file) {  // readWords is not needed: leave it out
        const size_t begin = text.find("// One word a line; ");
        const size_t end = text.find("\n}\n", begin);
        text.erase(begin, end + 3 - begin + 1);
      }
      break;
    case Language::cpp:
      text = part("");
      replace_all(text, "@CPP_POSITIONS@", part(sha ? "-sha256md5" : "-reference"));
      if (sha) replace_all(text, "#include <cstdint>\n", "#include <cmath>\n#include <cstdint>\n");
      replace_all(text, "#include <cstdio>\n", "#include <cstdio>\n#include <cstdlib>\n");
      replace_all(text, "@CPP_WORDS@",
                  from_file ? "// One word a line.\nconst char* const WORDS_FILE = " + file + ";"
                            : "const std::vector<std::string> WORDS = {" + list_of(l, spec.words, "    ") + "};");
      replace_all(text, "@CPP_QUESTIONS@", list_of(l, spec.questions, "    "));
      replace_all(text, "@CPP_LOAD@",
                  from_file ? "const std::vector<std::string> words = read_words(WORDS_FILE);"
                            : "const std::vector<std::string>& words = WORDS;");
      replace_all(text, "@CPP_ASKED@", from_file ? "std::vector<std::string>{}" : "words");
      break;
  }
  replace_all(text, "@SCHEME_TEXT@",
              sha ? "SHA-256 + MD5 (as Python's hashlib)" : "FNV-1a 64 double hashing (BloomLab's reference)");
  replace_all(text, "@M@", std::to_string(spec.params.m));
  replace_all(text, "@K@", std::to_string(spec.params.k));
  replace_all(text, "@PROBES@", std::to_string(spec.probes));
  replace_all(text, "@LAST_PROBE@", spec.probes ? std::to_string(spec.probes - 1) : "-1");
  return text;
}

}  // namespace bloomlab
