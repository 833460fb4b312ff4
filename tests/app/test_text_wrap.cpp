// Wrapped text as drawn (ui.h text_wrapped): a number is never split at its separators. ImGui's
// TextWrapped broke after ',' and '.', so "12,500 bits" wrapped as "12," / "500 bits", ru "1,25
// байта" as "1," / "25 байта", and zh "CPython 3.12" as "3." / "12". A real ImGui context with the
// app's fonts draws the text at every width; the line of each character is read from the glyphs'
// quads in the draw list.
#include <doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/model/i18n.h"
#include "app/view/fonts.h"
#include "app/view/ui.h"

using namespace bloomlab;
using namespace bloomlab::app;

namespace {

std::string catalog_file(const std::string& name) {
  std::ifstream in(std::string(BLOOMLAB_CATALOG_DIR "/") + name, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

struct WrapScreen {
  WrapScreen() {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    load_fonts(16.0f, 1.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~WrapScreen() { ImGui::DestroyContext(); }
  // The width of `text` on one line, as the panels draw it (outside a frame).
  static float width_of(const std::string& text) {
    const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
    return font->CalcTextSizeA(font->FontSize * ImGui::GetIO().FontGlobalScale, 1e9f, 0.0f, text.c_str()).x;
  }

  // The line (0, 1, ...) of each character text_wrapped draws of `text` (spaces and line breaks
  // draw nothing) with its wrap position `width` px right of where the text starts.
  std::vector<int> drawn_lines(const std::string& text, float width) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(3000, 3000);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("wrap", nullptr, ImGuiWindowFlags_NoDecoration);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float left = ImGui::GetCursorPos().x, top = ImGui::GetCursorScreenPos().y;
    const int before = dl->VtxBuffer.Size;
    ImGui::PushTextWrapPos(left + width);
    text_wrapped(text);
    ImGui::PopTextWrapPos();
    std::vector<int> lines;
    for (int v = before; v + 3 < dl->VtxBuffer.Size; v += 4) {  // a quad a glyph: its middle's line
      const float middle = (dl->VtxBuffer[v].pos.y + dl->VtxBuffer[v + 2].pos.y) / 2;
      lines.push_back(int((middle - top) / ImGui::GetTextLineHeight()));
    }
    ImGui::End();
    ImGui::EndFrame();
    return lines;
  }
};

// How many characters text_wrapped draws before byte `end` of `text` (not spaces nor line breaks).
int drawn_before(const std::string& text, size_t end) {
  int n = 0;
  for (size_t i = 0; i < end; ++i)
    if ((text[i] & 0xC0) != 0x80 && text[i] != ' ' && text[i] != '\n') ++n;
  return n;
}

// At every width from the number's own to the whole text's, every character of `number` is
// drawn on one line; and at some width the text does wrap.
void check_never_split(WrapScreen& screen, const std::string& text, const std::string& number) {
  CAPTURE(text);
  const size_t at = text.find(number);
  REQUIRE(at != std::string::npos);
  const int first = drawn_before(text, at), last = drawn_before(text, at + number.size()) - 1;
  const float whole = WrapScreen::width_of(text);
  bool wrapped = false;
  for (float w = WrapScreen::width_of(number) + 3; w <= whole + 3; w += 1) {
    CAPTURE(w);
    const std::vector<int> lines = screen.drawn_lines(text, w);
    REQUIRE(int(lines.size()) == drawn_before(text, text.size()));
    wrapped = wrapped || lines.back() > 0;
    CHECK(lines[size_t(first)] == lines[size_t(last)]);
    if (lines[size_t(first)] != lines[size_t(last)]) break;  // one failure says it
  }
  CHECK(wrapped);
}

}  // namespace

TEST_CASE("wrapped text never splits a number at its separators (en, ru, zh)") {
  {
    WrapScreen screen;
    check_never_split(screen, "A filter of 12,500 bits for 1,000 words", "12,500");
    check_never_split(screen, "Python 3.12 counts 1,077,521 bytes", "1,077,521");
    check_never_split(screen, "Python 3.12 counts 1,077,521 bytes", "3.12");
    check_never_split(screen, "в среднем 1,25 байта на слово", "1,25");
  }
  REQUIRE(set_catalog(Lang::zh, catalog_file("zh.mo")));
  set_script_font(catalog_file("zh-font.ttf"));
  REQUIRE(use_language(Lang::zh));
  {
    WrapScreen screen;
    const std::string zh =
        "文章中 10,000 个密码的数字：CPython 3.12（64 位）；3.11 得到 1,077,521（每个字符串大 8 字节）";
    check_never_split(screen, zh, "3.12");
    check_never_split(screen, zh, "1,077,521");
    // Chinese still wraps between its characters: no spaces in "每个字符串大" and yet it breaks.
    const std::string plain = "每个字符串大每个字符串大每个字符串大";
    const std::vector<int> lines = screen.drawn_lines(plain, WrapScreen::width_of(plain) / 2 + 20);
    CHECK(lines.back() == 1);
  }
  use_language(Lang::en);
  set_script_font("");
}
