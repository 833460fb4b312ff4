// The desktop's way to draw a character the UI font lacks (app/view/fonts.h GlyphRasterizer): with the
// system's fonts, read by the stb_truetype that comes with Dear ImGui. The browser does the same
// with its own fonts (main_web.cpp js_draw_glyph).
#pragma once
#include <cstdint>

#include "app/view/fonts.h"

namespace bloomlab::platform {

// Tries each font of kSystemFonts (DejaVu Sans whole, WenQuanYi Micro Hei, Noto Sans CJK: what
// Debian installs) in turn. Colour emoji fonts (bitmaps in CBDT tables) are beyond
// stb_truetype: an emoji stays "?" on the desktop.
bool draw_with_system_fonts(uint32_t codepoint, float em_px, app::GlyphBitmap& out);

}  // namespace bloomlab::platform
