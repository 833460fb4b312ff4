// Code. Index:
//   panel_code()   the language (Python, Go, JavaScript, C++), Copy and Download, what the program
//                  leaves out of this filter (in words), then the program with simple colours
//   draw_code()    the lines, coloured by a small tokenizer: comments, strings, numbers, keywords
// The program itself comes from the model (actions::code_program, core/program.h): this file only
// shows it.
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/outcome_text.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

bool is_keyword(Language l, std::string_view w) {
  static const char* const python[] = {"def", "return", "for", "in", "if",       "else",  "import", "with",
                                       "as",  "not",    "and", "or", "continue", "while", nullptr};
  static const char* const go[] = {"package", "import", "func",  "return",   "for",  "range",
                                   "if",      "var",    "const", "continue", "else", nullptr};
  static const char* const js[] = {"const", "let", "function", "return",  "for",    "of",
                                   "if",    "new", "continue", "require", "typeof", nullptr};
  static const char* const cpp[] = {"const",    "constexpr", "for",      "return", "if",   "int",
                                    "bool",     "void",      "static",   "auto",   "char", "double",
                                    "continue", "break",     "#include", nullptr};
  const char* const* list = l == Language::python       ? python
                            : l == Language::go         ? go
                            : l == Language::javascript ? js
                                                        : cpp;
  for (; *list; ++list)
    if (w == *list) return true;
  return false;
}

// One line, token by token, each in its colour, side by side.
void draw_line(Language l, std::string_view line) {
  const Palette& pal = palette();
  const std::string_view comment = l == Language::python ? "#" : "//";
  bool first = true;
  auto put = [&](std::string_view text, ImU32 colour) {
    if (text.empty()) return;
    if (!first) ImGui::SameLine(0, 0);
    first = false;
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    ImGui::PopStyleColor();
  };
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    size_t end = i + 1;
    ImU32 colour = pal.text;
    if (line.substr(i, comment.size()) == comment && !(l == Language::cpp && i == 0 && line[0] == '#')) {
      end = line.size();
      colour = pal.text_dim;
    } else if (c == '"' || c == '`') {
      while (end < line.size() && line[end] != c) end += line[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, line.size());
      colour = pal.ok;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (end < line.size() && std::isalnum(static_cast<unsigned char>(line[end]))) ++end;
      colour = pal.set_bit;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '#') {
      while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
        ++end;
      if (is_keyword(l, line.substr(i, end - i))) colour = pal.current;
    } else {
      while (end < line.size() && !std::isalnum(static_cast<unsigned char>(line[end])) && line[end] != '"' &&
             line[end] != '`' && line[end] != '_' && line.substr(end, comment.size()) != comment)
        ++end;
    }
    put(line.substr(i, end - i), colour);
    i = end;
  }
  if (first) ImGui::TextUnformatted("");
}

void draw_code(Language l, const std::string& text, const std::vector<size_t>& starts) {
  ImGui::BeginChild("code", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 24), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiListClipper clipper;
  clipper.Begin(int(starts.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const size_t begin = starts[size_t(i)];
      const size_t end = size_t(i) + 1 < starts.size() ? starts[size_t(i) + 1] - 1 : text.size();
      draw_line(l, std::string_view(text).substr(begin, end - begin));
    }
  }
  ImGui::EndChild();
}

// The program is written again only when the filter, the word box, the probes or the language
// change (a cache of what drawing reads, like the word box's explain()).
struct CodeCache {
  uint64_t version = UINT64_MAX;
  std::string word, text;
  uint64_t probes = 0;
  Language language = Language::python;
  std::vector<size_t> line_starts;
};

}  // namespace

void panel_code(AppState& s, Host& /*host*/) {
  begin_card(tr("Code"),
             tr("A complete program for this filter, to run at home: it prints each word's verdict and "
                "positions, the bits set and the false positives, as here."),
             tr("Python: python3 bloom.py   Go: go run bloom.go\nJavaScript: node bloom.js   "
                "C++: g++ -O2 -std=c++17 bloom.cpp -o bloom && ./bloom"));
  const Language current = s.view.code_language;
  for (Language l : kAllLanguages) {
    if (l != kAllLanguages[0])
      same_line_if_fits(ImGui::CalcTextSize(language_title(l)).x + ImGui::GetFrameHeight() * 2);
    if (ImGui::RadioButton(language_title(l), l == current)) dispatch(s, act::SetCodeLanguage{l});
  }
  // The templates, where they are fetched (web): asked for when the panel first shows.
  if (!actions::program_templates(s)) {
    if (!s.code_templates_requested) dispatch(s, act::LoadCode{});
    if (s.code_templates_error.empty()) {
      hint_text(outcome_text(Outcome{Code::code_loading, {}, false}).c_str());
    } else {
      show_note(Outcome{Code::code_failed, s.code_templates_error, true});
      if (ImGui::Button(tr("Try again"))) dispatch(s, act::LoadCode{});
    }
    end_card();
    return;
  }
  static CodeCache cache;
  if (cache.version != s.version || cache.word != s.word_input || cache.probes != s.probes ||
      cache.language != current || cache.text.empty()) {
    cache.version = s.version;
    cache.word = s.word_input;
    cache.probes = s.probes;
    cache.language = current;
    cache.text = actions::code_program(s, current).value_or("");
    cache.line_starts.assign(1, 0);
    for (size_t i = 0; i + 1 < cache.text.size(); ++i)
      if (cache.text[i] == '\n') cache.line_starts.push_back(i + 1);
  }
  if (ImGui::Button(tr("Copy"))) dispatch(s, act::CopyText{cache.text, 2});
  const std::string download =
      with_id(fill(tr("Download %s"), {language_file_name(current)}).c_str(), "##download");
  same_line_if_fits(button_width(download.c_str()));  // a slide in Russian: the next line
  if (ImGui::Button(download.c_str())) dispatch(s, act::SaveCode{});
  const Outcome& note = s.note(NoteSlot::exports);
  if (note.code == Code::copied && note.args.size() == 1 && note.args[0] == "2") {
    ImGui::SameLine();
    show_note(note);
  }
  const ProgramSpec spec = actions::code_spec(s);
  if (!spec.words_file.empty())
    hint_text(
        fill(
            spec.words_file == "passwords-10k.txt"
                ? tr("It reads the words from %s (one a line), beside the program: the 10k list this page loads.")
                : tr("It reads the words from %s (one a line), beside the program."),
            {spec.words_file})
            .c_str());
  if (const std::string differs = actions::code_differs(s); !differs.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().zero_bit);
    text_wrapped(differs);  // at the card's edge, as every sentence
    ImGui::PopStyleColor();
  }
  draw_code(current, cache.text, cache.line_starts);
  end_card();
}

}  // namespace bloomlab::app
