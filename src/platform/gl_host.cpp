#include "gl_host.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "capture.h"
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

std::string GlHost::finish_captures(int drawable_w, int drawable_h, float scale) {
  std::string refused;
  for (const Capture& c : captures_) {
    // CSS px -> device px, clipped to the drawable; GL's rows start at the bottom.
    const int x0 = std::clamp(int(std::floor(c.x * scale)), 0, drawable_w);
    const int y0 = std::clamp(int(std::floor(c.y * scale)), 0, drawable_h);
    const int x1 = std::clamp(int(std::ceil((c.x + c.w) * scale)), 0, drawable_w);
    const int y1 = std::clamp(int(std::ceil((c.y + c.h) * scale)), 0, drawable_h);
    const int w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0) continue;
    const CapturePlan plan = plan_capture(w, h);
    // The image is held about four times while it is encoded (pixels, PNG rows, deflate
    // blocks, the file), plus one band: ask for that first, so a full heap is refused in words
    // instead of aborting in the middle of the copies.
    const size_t image_bytes = size_t(plan.width) * size_t(plan.height) * 4;
    const size_t band_bytes = size_t(w) * size_t(plan.factor) * 4;
    if (void* room = std::malloc(4 * image_bytes + band_bytes)) {
      std::free(room);
    } else {
      refused = "Not enough memory left to save a " + std::to_string(plan.width) + " x " +
                std::to_string(plan.height) + " image of the plot: try a smaller filter (m) or window.";
      continue;
    }
    std::vector<uint8_t> rgba(image_bytes), band(band_bytes);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    for (int row = 0; row < plan.height; ++row) {
      const int top = y0 + row * plan.factor;  // screen rows top..top+rows-1, counted from the top
      const int rows = std::min(plan.factor, y1 - top);
      glReadPixels(x0, drawable_h - (top + rows), w, rows, GL_RGBA, GL_UNSIGNED_BYTE, band.data());
      shrink_band(band.data(), w, rows, plan, rgba.data() + size_t(row) * size_t(plan.width) * 4);
    }
    const std::string png = encode_png(plan.width, plan.height, rgba);
    save_file(c.name, "image/png", png);
  }
  captures_.clear();
  return refused;
}

}  // namespace bloomlab::platform
