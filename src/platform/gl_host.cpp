#include "gl_host.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "png_writer.h"

namespace bloomlab::platform {

GlHost::~GlHost() {
  for (auto& [slot, tex] : textures_) glDeleteTextures(1, &tex);
}

void* GlHost::upload_texture(int slot, int width, int height, const uint32_t* rgba) {
  GLuint& tex = textures_[slot];
  if (tex == 0) {
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    // Nearest: one texel is one bit, and a zoomed bit must stay a sharp square.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  return reinterpret_cast<void*>(static_cast<intptr_t>(tex));
}

void GlHost::save_png(const std::string& name, float x, float y, float w, float h) {
  captures_.push_back(Capture{name, x, y, w, h});
}

void GlHost::finish_captures(int drawable_w, int drawable_h, float scale) {
  for (const Capture& c : captures_) {
    // CSS px -> device px, clipped to the drawable; GL's rows start at the bottom.
    const int x0 = std::clamp(int(std::floor(c.x * scale)), 0, drawable_w);
    const int y0 = std::clamp(int(std::floor(c.y * scale)), 0, drawable_h);
    const int x1 = std::clamp(int(std::ceil((c.x + c.w) * scale)), 0, drawable_w);
    const int y1 = std::clamp(int(std::ceil((c.y + c.h) * scale)), 0, drawable_h);
    const int w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0) continue;
    std::vector<uint8_t> rows(size_t(w) * size_t(h) * 4), rgba(rows.size());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(x0, drawable_h - y1, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
    const size_t stride = size_t(w) * 4;
    for (int row = 0; row < h; ++row) {
      std::copy_n(rows.data() + size_t(h - 1 - row) * stride, stride, rgba.data() + size_t(row) * stride);
      for (size_t px = 3; px < stride; px += 4) rgba[size_t(row) * stride + px] = 255;  // opaque
    }
    const std::string png = encode_png(w, h, rgba);
    save_file(c.name, "image/png", png);
  }
  captures_.clear();
}

}  // namespace bloomlab::platform
