// Words in any script (issue 12): a character the UI font lacks (密 in the English UI, an emoji,
// Hebrew) is drawn once by the platform and added to ImGui's atlas at the next rebuild, on the
// baseline, in its own colours when it has them; the view notes what it shows and what is typed.
// The platform is a fake rasterizer here: boxes of known size and colour.
#include <doctest.h>
#include <imgui.h>

#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/view/app.h"
#include "app/view/fonts.h"

using namespace bloomlab;
using namespace bloomlab::app;

namespace {

std::map<uint32_t, int> g_calls;  // character -> times the fake was asked to draw it
float g_last_em = 0;

// Draws a 10 x 12 box (white, alpha by row) for most characters, a red one for U+1F600, and
// nothing for U+7801 (码: "the platform's fonts lack it").
bool fake_rasterizer(uint32_t cp, float em, GlyphBitmap& out) {
  ++g_calls[cp];
  g_last_em = em;
  if (cp == 0x7801) return false;
  out.width = 10;
  out.height = 12;
  out.advance = 11;
  out.left = 1;
  out.top = 9;
  out.colored = cp == 0x1F600;
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 10; ++x)
      out.rgba.push_back(out.colored ? IM_COL32(220, 30, 30, 255) : IM_COL32(255, 255, 255, 20 * y));
  return true;
}

struct Context {
  Context() {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    set_glyph_rasterizer(fake_rasterizer);
    rebuild(16);
  }
  ~Context() {
    ImGui::DestroyContext();
    set_glyph_rasterizer(nullptr);
  }
  void rebuild(float size) {
    load_fonts(size, 1.0f);
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // what the renderer uploads
    width = w;
    height = h;
  }
  const ImFontGlyph* glyph(uint32_t cp) const {
    return ImGui::GetIO().Fonts->Fonts[0]->FindGlyphNoFallback(ImWchar(cp));
  }
  uint32_t texel(float u, float v) const {
    uint32_t t = 0;
    const size_t x = size_t(std::lround(u * float(width))), y = size_t(std::lround(v * float(height)));
    std::memcpy(&t, pixels + (y * size_t(width) + x) * 4, 4);
    return t;
  }
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
};

}  // namespace

TEST_CASE("a character the font lacks is drawn by the platform once, then shown from the atlas") {
  Context c;
  CHECK(c.glyph(0x5BC6) == nullptr);  // 密: not in the UI font
  CHECK(c.glyph(0x0436) != nullptr);  // ж: in it
  const uint64_t v0 = fonts_version();
  note_text("plain ASCII, Кириллица, αβγ");
  CHECK(fonts_version() == v0);        // nothing missing: no rebuild
  note_text("密码 \xF0\x9F\x98\x80");  // 密码 and U+1F600 (beyond U+FFFF: ImWchar is 32 bits)
  CHECK(fonts_version() == v0 + 1);    // one rebuild for the lot
  note_text("密码 \xF0\x9F\x98\x80");
  CHECK(fonts_version() == v0 + 1);  // noted once

  c.rebuild(16);
  const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];  // the rebuilt atlas's (the old one is freed)
  const float em = 16 * 2048.0f / 2384.0f;  // DejaVu Sans' em at ImGui's 16 px ascender-to-descender
  CHECK(g_last_em == doctest::Approx(em));
  CHECK(g_calls[0x5BC6] == 1);
  const ImFontGlyph* mi = c.glyph(0x5BC6);
  REQUIRE(mi != nullptr);
  CHECK(mi->AdvanceX == 11.0f);
  CHECK(mi->X0 == 1.0f);
  CHECK(mi->X1 == 11.0f);
  CHECK(mi->Y0 == font->Ascent - 9);  // its top 9 px above the baseline
  CHECK(mi->Y1 == font->Ascent + 3);
  CHECK_FALSE(mi->Colored);  // tinted with the text's colour like the font's own letters
  // Its pixels in the texture the renderer uploads: row 5 has alpha 100.
  const float row5 = mi->V0 + (mi->V1 - mi->V0) * (5.0f / 12.0f), mid = (mi->U0 + mi->U1) / 2;
  CHECK(c.texel(mid, row5) == IM_COL32(255, 255, 255, 100));
  const ImFontGlyph* smile = c.glyph(0x1F600);
  REQUIRE(smile != nullptr);
  CHECK(smile->Colored);  // an emoji keeps its colours
  CHECK(c.texel((smile->U0 + smile->U1) / 2, (smile->V0 + smile->V1) / 2) == IM_COL32(220, 30, 30, 255));
  // 码, which the platform could not draw, stays "?" and is not asked for again.
  CHECK(c.glyph(0x7801) == nullptr);
  CHECK(platform_glyph_count() == 2);
  note_text("码");
  CHECK(fonts_version() == v0 + 1);
  c.rebuild(16);
  CHECK(g_calls[0x7801] == 1);
  CHECK(g_calls[0x5BC6] == 1);  // drawn once: the rebuild reuses the drawing

  // Another size (presentation mode, a denser screen): drawn again at that size.
  c.rebuild(24);
  CHECK(g_calls[0x5BC6] == 2);
  CHECK(g_last_em == doctest::Approx(24 * 2048.0f / 2384.0f));
  REQUIRE(c.glyph(0x5BC6) != nullptr);
}

TEST_CASE("the words shown and the text typed in the word box are noted") {
  Context c;
  AppState s;
  struct NoHost : Host {
    void* upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
    void request_password_list() override {}
    void save_file(const std::string&, const std::string&, std::string_view) override {}
    void announce(const std::string&) override {}
  } host;
  init(s, host);
  const auto frames = [&](int n) {
    for (int i = 0; i < n; ++i) {
      ImGuiIO& io = ImGui::GetIO();
      io.DisplaySize = ImVec2(1280, 800);
      io.DeltaTime = 1.0f / 60.0f;
      ImGui::NewFrame();
      frame(s, host);
      ImGui::Render();
    }
  };
  (void)apply(s, host, act::AddWord{"Ελλάδα שלום"});  // Hebrew: trimmed from the UI font
  (void)apply(s, host, act::SetWordInput{"ᐊᐃ"});      // Canadian syllabics, typed
  const uint64_t v0 = fonts_version();
  frames(2);
  CHECK(fonts_version() > v0);
  c.rebuild(16);
  CHECK(c.glyph(0x05E9) != nullptr);  // ש, from the word list's chip
  CHECK(c.glyph(0x140A) != nullptr);  // ᐊ, from the word box
  CHECK(c.glyph(0x0395) != nullptr);  // Ε: the trimmed Greek letters too
}
