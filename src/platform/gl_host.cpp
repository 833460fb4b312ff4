#include "gl_host.h"

#include <cstdint>

namespace bloomlab::platform {

GlHost::~GlHost() {
  for (auto& [slot, tex] : textures_) glDeleteTextures(1, &tex);
}

ImTextureID GlHost::upload_texture(int slot, int width, int height, const uint32_t* rgba) {
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
  return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex));
}

}  // namespace bloomlab::platform
