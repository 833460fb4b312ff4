// What the application asks of the platform it runs on. The app knows ImGui and the core, and
// nothing of SDL, GL or the browser: src/platform implements this for the desktop and the web.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "i18n.h"

namespace bloomlab::app {

class Host {
 public:
  virtual ~Host() = default;
  // Creates or replaces texture `slot` with RGBA8 pixels (row-major, width*height texels),
  // drawn with nearest filtering. Returns the id to pass to ImDrawList::AddImage (ImTextureID).
  virtual void* upload_texture(int slot, int width, int height, const uint32_t* rgba) = 0;
  // Starts loading the bundled 10k password list. The platform answers later, on the main
  // thread, with the actions PasswordListArrived or PasswordListFailed.
  virtual void request_password_list() = 0;
  // Offers a file to the user (web: a download; desktop: written to the working directory).
  virtual void save_file(const std::string& name, const std::string& mime, std::string_view bytes) = 0;
  // A short text for screen readers (web: an aria-live region). Called when the verdict or
  // the key numbers change.
  virtual void announce(const std::string& text) = 0;

  // Optional services (a test host can ignore them).
  // Puts text on the system clipboard (web: navigator.clipboard, from the click's frame).
  virtual void copy_text(const std::string& /*text*/) {}
  // Asks the user for a text file; it arrives later as the action LoadWordList.
  virtual void open_file() {}
  // Saves the region (CSS pixels from the top-left) of the frame being drawn as a PNG file,
  // once it is rendered.
  virtual void save_png(const std::string& /*name*/, float /*x*/, float /*y*/, float /*w*/, float /*h*/) {}
  // Keeps the lessons' progress between visits (web: localStorage; not in an embed). The
  // platform hands it back at start as the action RestoreLessonProgress.
  virtual void save_lesson_progress(const std::string& /*text*/) {}
  // Keeps the reader's choice of language between visits (web: localStorage; not in an embed).
  virtual void save_language(Lang /*lang*/) {}
  // Starts loading a file served beside the app (web: fetched from the page's folder; the
  // desktop reads it from its data folder). It arrives later, on the main thread, as the action
  // AssetArrived (or AssetFailed). Used for what only some visits need: the lessons' texts,
  // the programs' templates, a language's catalog and font (lang/...: the build's catalog folder).
  virtual void request_asset(const std::string& /*name*/) {}
  // The address a share link starts with (web: the page's own URL without query or fragment).
  virtual std::string page_url() const { return "https://your.site/bloomlab/"; }
};

}  // namespace bloomlab::app
