// The Host (src/app/model/host.h) parts every platform shares: textures through OpenGL.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "app/model/host.h"
#include "gl.h"

namespace bloomlab::platform {

class GlHost : public app::Host {
 public:
  ~GlHost() override;
  void* upload_texture(int slot, int width, int height, const uint32_t* rgba) override;
  // Remembers the region; finish_captures() reads it once the frame is rendered.
  void save_png(const std::string& name, float x, float y, float w, float h) override;
  // Reads each requested region from the back buffer (drawable_w x drawable_h device pixels,
  // `scale` device pixels per CSS pixel), encodes it as PNG and hands it to save_file().
  // An image is at most kMaxCapturePixels (a larger region is shrunk, capture.h); one that does
  // not fit in memory is not saved: returns why, in words ("" when all were saved).
  std::string finish_captures(int drawable_w, int drawable_h, float scale);
  bool has_captures() const { return !captures_.empty(); }
  // The GL context was lost: its textures are gone; upload_texture makes new ones.
  void forget_textures() { textures_.clear(); }

 private:
  struct Capture {
    std::string name;
    float x, y, w, h;
  };
  std::map<int, GLuint> textures_;
  std::vector<Capture> captures_;
};

}  // namespace bloomlab::platform
