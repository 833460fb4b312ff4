// What the application asks of the platform it runs on. The app knows ImGui and the core, and
// nothing of SDL, GL or the browser: src/platform implements this for the desktop and the web.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include <imgui.h>

namespace bloomlab::app {

class Host {
 public:
  virtual ~Host() = default;
  // Creates or replaces texture `slot` with RGBA8 pixels (row-major, width*height texels),
  // drawn with nearest filtering. Returns the id to pass to ImDrawList::AddImage.
  virtual ImTextureID upload_texture(int slot, int width, int height, const uint32_t* rgba) = 0;
  // Starts loading the bundled 10k password list. The platform answers later, on the main
  // thread, with actions::word_list_arrived() or actions::word_list_failed().
  virtual void request_password_list() = 0;
  // Offers a file to the user (web: a download; desktop: written to the working directory).
  virtual void save_file(const std::string& name, const std::string& mime, std::string_view bytes) = 0;
  // A short text for screen readers (web: an aria-live region). Called when the verdict or
  // the key numbers change.
  virtual void announce(const std::string& text) = 0;
};

}  // namespace bloomlab::app
