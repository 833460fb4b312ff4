// The UI font: DejaVu Sans, subset at build time (Latin, Cyrillic, Greek, math and arrows) and
// compiled in (see cmake/Data.cmake), rasterized for the screen's pixel density; merged with the
// CJK subset while Chinese is shown (fetched on demand, cmake/Catalogs.cmake), else with the two
// characters of the selector's "中文".
//
// A word may hold any character (a password in Hebrew, 密码 in the English UI, an emoji). The view
// notes the user's text it draws (note_text); a character the atlas lacks is drawn once by the
// platform's own fonts (web: the browser's canvas 2D; desktop: the system's fonts) and added to
// the atlas at its next rebuild, so it shows from the next frame on instead of "?". What is drawn
// never changes a word's bits: the filter hashes the bytes.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::app {

// (Re)builds the font atlas for text of `size_px` CSS pixels on a screen with `pixel_ratio`
// device pixels per CSS pixel; sets io.FontGlobalScale so layout stays in CSS pixels.
// The platform must then recreate its font texture.
void load_fonts(float size_px, float pixel_ratio);
// The CJK font (i18n.h script_font(): fetched with Chinese) is merged into the atlas from the
// next load_fonts on; the platform rebuilds it when fonts_version() changes.

// One character drawn by the platform, in device pixels.
struct GlyphBitmap {
  int width = 0, height = 0;
  float advance = 0;           // how far the pen moves
  float left = 0;              // the bitmap's left edge, right of the pen
  float top = 0;               // the bitmap's top edge, above the baseline
  bool colored = false;        // in its own colours (an emoji): not tinted with the text's colour
  std::vector<uint32_t> rgba;  // width * height, IM_COL32 order; white with coverage as alpha
};
// Draws `codepoint` at `em_px` pixels per em with the platform's fonts; false when it cannot.
using GlyphRasterizer = bool (*)(uint32_t codepoint, float em_px, GlyphBitmap& out);
void set_glyph_rasterizer(GlyphRasterizer rasterizer);
// Called with the user's text as it is drawn: notes the characters the atlas lacks (each once)
// and bumps fonts_version() so that the platform rebuilds the atlas with them.
void note_text(std::string_view utf8);
// Characters drawn by the platform in the atlas now.
size_t platform_glyph_count();

}  // namespace bloomlab::app
