// The Host (src/app/host.h) parts every platform shares: textures through OpenGL.
#pragma once
#include <map>

#include "app/host.h"
#include "gl.h"

namespace bloomlab::platform {

class GlHost : public app::Host {
 public:
  ~GlHost() override;
  ImTextureID upload_texture(int slot, int width, int height, const uint32_t* rgba) override;

 private:
  std::map<int, GLuint> textures_;
};

}  // namespace bloomlab::platform
