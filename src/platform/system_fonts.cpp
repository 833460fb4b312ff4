#include "system_fonts.h"

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC  // a private copy: imgui_draw.cpp has its own
#include <imstb_truetype.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace bloomlab::platform {
namespace {

const char* const kSystemFonts[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",         // fonts-dejavu-core
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",          // fonts-wqy-microhei
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",  // fonts-noto-cjk
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",     // fonts-noto-core
};

struct Font {
  std::vector<unsigned char> bytes;
  stbtt_fontinfo info{};
};

// The fonts found, read once (on the first character the UI font lacks).
const std::vector<std::unique_ptr<Font>>& system_fonts() {
  static const std::vector<std::unique_ptr<Font>> fonts = [] {
    std::vector<std::unique_ptr<Font>> found;
    for (const char* path : kSystemFonts) {
      std::ifstream in(path, std::ios::binary);
      if (!in) continue;
      auto f = std::make_unique<Font>();
      f->bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      const int offset = stbtt_GetFontOffsetForIndex(f->bytes.data(), 0);  // a .ttc's first face
      if (offset >= 0 && stbtt_InitFont(&f->info, f->bytes.data(), offset)) found.push_back(std::move(f));
    }
    return found;
  }();
  return fonts;
}

}  // namespace

bool draw_with_system_fonts(uint32_t codepoint, float em_px, app::GlyphBitmap& out) {
  for (const auto& f : system_fonts()) {
    const int glyph = stbtt_FindGlyphIndex(&f->info, int(codepoint));
    if (glyph == 0) continue;
    const float scale = stbtt_ScaleForMappingEmToPixels(&f->info, em_px);
    int advance = 0, bearing = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetGlyphHMetrics(&f->info, glyph, &advance, &bearing);
    stbtt_GetGlyphBitmapBox(&f->info, glyph, scale, scale, &x0, &y0, &x1, &y1);
    out.advance = std::round(float(advance) * scale);
    out.left = float(x0);
    out.top = float(-y0);
    out.width = std::max(1, x1 - x0);  // a character with no ink (a joiner): one clear texel
    out.height = std::max(1, y1 - y0);
    std::vector<unsigned char> alpha(size_t(out.width) * out.height, 0);
    if (x1 > x0 && y1 > y0)
      stbtt_MakeGlyphBitmap(&f->info, alpha.data(), out.width, out.height, out.width, scale, scale, glyph);
    out.rgba.resize(alpha.size());
    for (size_t i = 0; i < alpha.size(); ++i)
      out.rgba[i] = 0x00FFFFFFu | (uint32_t(alpha[i]) << 24);  // white, IM_COL32 order
    out.colored = false;
    return true;
  }
  return false;
}

}  // namespace bloomlab::platform
