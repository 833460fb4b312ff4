#include "loop.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cstdio>

#include "app/actions.h"
#include "app/app.h"
#include "app/fonts.h"
#include "gl.h"

namespace bloomlab::platform {
namespace {

constexpr float kBaseFontPx = 16.0f;  // CSS pixels at font scale 1

#ifdef __EMSCRIPTEN__
constexpr const char* kGlslVersion = "#version 300 es";
#else
constexpr const char* kGlslVersion = "#version 150";
#endif

// The font atlas is rasterized for the screen's density and the presentation scale; rebuild it
// when either changes (a window dragged to another screen, browser zoom, presentation mode).
void refresh_fonts(Loop& loop) {
  int window_w = 0, window_h = 0, drawable_w = 0, drawable_h = 0;
  SDL_GetWindowSize(loop.window, &window_w, &window_h);
  SDL_GL_GetDrawableSize(loop.window, &drawable_w, &drawable_h);
  const float ratio = window_w > 0 ? float(drawable_w) / float(window_w) : 1.0f;
  const float size = kBaseFontPx * loop.state.view.font_scale;
  if (ratio == loop.pixel_ratio && size == loop.font_size) return;
  loop.pixel_ratio = ratio;
  loop.font_size = size;
  app::load_fonts(size, ratio);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace

bool init(Loop& loop, GlHost& host, int width, int height) {
  loop.host = &host;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
    std::fprintf(stderr, "bloomlab: SDL_Init failed: %s\n", SDL_GetError());
    return false;
  }
#ifdef __EMSCRIPTEN__
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#else
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_SetHint(SDL_HINT_IME_SHOW_UI, "1");
  const auto flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  loop.window = SDL_CreateWindow("BloomLab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                                 height, flags);
  if (!loop.window) {
    std::fprintf(stderr, "bloomlab: cannot open a window: %s\n", SDL_GetError());
    return false;
  }
  loop.gl = SDL_GL_CreateContext(loop.window);
  if (!loop.gl) {
    std::fprintf(stderr, "bloomlab: cannot create an OpenGL context: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_MakeCurrent(loop.window, loop.gl);
  SDL_GL_SetSwapInterval(1);  // vsync

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is computed each frame; nothing to persist in a file
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplSDL2_InitForOpenGL(loop.window, loop.gl);
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  app::init(loop.state, host);
  refresh_fonts(loop);
  return true;
}

void frame(Loop& loop) {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) loop.quit = true;
  }
  refresh_fonts(loop);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // ImGui 1.86's SDL backend can report 0 when the browser timer has not advanced; ImGui
  // asserts on a non-positive DeltaTime.
  ImGuiIO& io = ImGui::GetIO();
  if (io.DeltaTime <= 0.0f) io.DeltaTime = 1.0f / 1000.0f;
  ImGui::NewFrame();
  app::frame(loop.state, *loop.host);
  ImGui::Render();

  int w = 0, h = 0;
  SDL_GL_GetDrawableSize(loop.window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++loop.frames;
}

void swap(Loop& loop) { SDL_GL_SwapWindow(loop.window); }

void shutdown(Loop& loop) {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  if (loop.gl) SDL_GL_DeleteContext(loop.gl);
  if (loop.window) SDL_DestroyWindow(loop.window);
  SDL_Quit();
}

}  // namespace bloomlab::platform
