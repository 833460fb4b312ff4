// The main loop both platforms share: SDL window + GL context, ImGui backends, one frame of the app.
// Explicit init / frame / shutdown (after sokol); main_desktop.cpp and main_web.cpp drive it.
#pragma once
#include <SDL.h>

#include <memory>

#include "app/state.h"
#include "gl_host.h"

namespace bloomlab::platform {

struct Loop {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  app::AppState state;
  GlHost* host = nullptr;     // owned by the platform's main
  float pixel_ratio = 0;      // device pixels per CSS pixel the fonts were built for
  float font_size = 0;        // CSS pixels the fonts were built for
  uint64_t frames = 0;
  bool quit = false;
};

// Opens the window (CSS-pixel size w x h; the web ignores it and follows the canvas) and
// starts ImGui. Returns false with SDL's message on stderr.
bool init(Loop& loop, GlHost& host, int width, int height);
// Handles events, builds and renders one frame. Does not swap: the caller may read pixels first.
void frame(Loop& loop);
void swap(Loop& loop);
void shutdown(Loop& loop);

}  // namespace bloomlab::platform
