// The desktop program: the same app in a native window (SDL2 + OpenGL 3).
//
//   bloomlab-desktop [--params "preset=tiny&word=dragon"] [--size 1280x800]
//                    [--frames N] [--screenshot out.png] [--data-dir DIR]
//
// --frames/--screenshot make it a test tool: render N frames (under Xvfb or
// SDL_VIDEODRIVER=offscreen), write the last one as a PNG, print a one-line summary, exit.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/model/actions.h"
#include "app/model/url_params.h"
#include "app/view/fonts.h"
#include "loop.h"
#include "png_writer.h"
#include "system_fonts.h"

#ifndef BLOOMLAB_DATA_DIR
#define BLOOMLAB_DATA_DIR "."
#endif

namespace bloomlab::platform {
namespace {

struct Options {
  std::string params, screenshot, data_dir;
  int width = 1280, height = 800;
  long frames = -1;  // run until the window closes
};

class DesktopHost : public GlHost {
 public:
  explicit DesktopHost(std::string data_dir) : data_dir_(std::move(data_dir)) {}
  void request_password_list() override { list_requested_ = true; }
  void request_asset(const std::string& name) override { assets_requested_.push_back(name); }
  void save_file(const std::string& name, const std::string&, std::string_view bytes) override {
    std::ofstream(name, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    std::printf("bloomlab: saved %s\n", name.c_str());
  }
  void announce(const std::string&) override {}  // screen readers read the window title here

  // Answers the requests of the previous frame, as the web does when its fetch completes.
  void deliver(app::AppState& state) {
    for (const std::string& name : std::exchange(assets_requested_, {})) {
      if (auto bytes = read(name))
        (void)app::apply(state, *this, app::act::AssetArrived{name, *bytes});
      else
        (void)app::apply(state, *this, app::act::AssetFailed{name, path_of(name)});
    }
    if (!list_requested_) return;
    list_requested_ = false;
    if (auto bytes = read("passwords-10k.txt"))
      (void)app::apply(state, *this, app::act::PasswordListArrived{*bytes});
    else
      (void)app::apply(state, *this, app::act::PasswordListFailed{data_dir_ + "/passwords-10k.txt"});
  }

 private:
  // Where a requested file is: the data folder, or for lang/... the build's catalogs.
  std::string path_of(const std::string& name) const {
    if (app::is_language_file(name))
      return std::string(BLOOMLAB_CATALOG_DIR) + "/" + name.substr(app::kLanguageDir.size());
    return data_dir_ + "/" + name;
  }
  std::optional<std::string> read(const std::string& name) const {
    std::ifstream in(path_of(name), std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
  }

  std::string data_dir_;
  bool list_requested_ = false;
  std::vector<std::string> assets_requested_;
};

bool parse_args(int argc, char** argv, Options& o) {
  const char* env_dir = std::getenv("BLOOMLAB_DATA_DIR");
  o.data_dir = env_dir ? env_dir : BLOOMLAB_DATA_DIR;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--params" && has_value)
      o.params = argv[++i];
    else if (a == "--screenshot" && has_value)
      o.screenshot = argv[++i];
    else if (a == "--data-dir" && has_value)
      o.data_dir = argv[++i];
    else if (a == "--frames" && has_value)
      o.frames = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--size" && has_value) {
      // Any size draws (a small window gets what fits, scrolled); 16384 is beyond every screen.
      if (std::sscanf(argv[++i], "%dx%d", &o.width, &o.height) != 2 || o.width < 1 || o.height < 1 ||
          o.width > 16384 || o.height > 16384) {
        std::fprintf(stderr, "bloomlab-desktop: --size takes WIDTHxHEIGHT, from 1x1 to 16384x16384\n");
        return false;
      }
    } else {
      std::fprintf(stderr,
                   "usage: bloomlab-desktop [--params QUERY] [--size WxH] [--frames N] "
                   "[--screenshot FILE.png] [--data-dir DIR]\n");
      return false;
    }
  }
  return true;
}

// Reads the back buffer (before the swap) and writes it as a PNG; returns the share of pixels
// that differ from the top-left one, so a test can tell a drawn UI from a blank window.
double write_screenshot(Loop& loop, const std::string& path) {
  int w = 0, h = 0;
  SDL_GL_GetDrawableSize(loop.window, &w, &h);
  std::vector<uint8_t> pixels(size_t(w) * size_t(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<uint8_t> flipped(pixels.size());  // GL's rows go bottom-up
  const size_t row = size_t(w) * 4;
  for (int y = 0; y < h; ++y)
    std::copy_n(pixels.begin() + long(size_t(h - 1 - y) * row), row, flipped.begin() + long(size_t(y) * row));
  uint64_t differing = 0;
  for (size_t i = 0; i < flipped.size(); i += 4)
    if (std::abs(flipped[i] - flipped[0]) + std::abs(flipped[i + 1] - flipped[1]) +
            std::abs(flipped[i + 2] - flipped[2]) >
        24)
      ++differing;
  for (size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  const std::string png = encode_png(w, h, flipped);
  std::ofstream(path, std::ios::binary).write(png.data(), std::streamsize(png.size()));
  return double(differing) / double(size_t(w) * size_t(h));
}

}  // namespace
}  // namespace bloomlab::platform

int main(int argc, char** argv) {
  using namespace bloomlab::platform;
  Options options;
  if (!parse_args(argc, argv, options)) return 2;
  DesktopHost host(options.data_dir);
  bloomlab::app::set_glyph_rasterizer(draw_with_system_fonts);  // words in any script
  Loop loop;
  if (!init(loop, host, options.width, options.height)) return 1;
  for (const std::string& warning : bloomlab::app::apply_url_params(loop.state, host, options.params))
    std::fprintf(stderr, "bloomlab-desktop: %s\n", warning.c_str());
  loop.state.history = bloomlab::app::History{};  // the program as it opens is where undo stops
  loop.state.author_params = options.params;
  // The keyboard starts where typing goes: an open task's answer box, else the word box.
  const bloomlab::app::TypingBox box = bloomlab::app::typing_box(loop.state);
  loop.state.focus_word_box = box == bloomlab::app::TypingBox::word;
  loop.state.focus_answer_box = box == bloomlab::app::TypingBox::answer;
  loop.state.opening_focus = true;

  double drawn_share = 0;
  while (!loop.quit) {
    host.deliver(loop.state);
    // Nothing to draw: wait for input (or, at most a tenth of a second, for what the host
    // delivers). A screenshot run (--frames) draws every frame.
    if (options.frames < 0 && !frame_wanted(loop)) {
      SDL_WaitEventTimeout(nullptr, 100);
      continue;
    }
    if (loop.shown_frames == 0) settle(loop, kFirstFrameSettleMs);  // the first frame shown is laid out
    frame(loop);
    const bool last = options.frames >= 0 && long(loop.shown_frames) >= options.frames;
    if (last && !options.screenshot.empty()) drawn_share = write_screenshot(loop, options.screenshot);
    swap(loop);
    if (last) break;
  }
  if (!options.screenshot.empty())
    std::printf("bloomlab-desktop: %llu frames, screenshot %s, %.1f%% of pixels drawn\n",
                static_cast<unsigned long long>(loop.shown_frames), options.screenshot.c_str(),
                100.0 * drawn_share);
  shutdown(loop);
  return 0;
}
