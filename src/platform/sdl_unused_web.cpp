// Web build only: two parts of SDL that BloomLab never uses, left out of the download.
//
// Why: the link keeps a function when anything references it, reached or not.
// - Game controllers: Dear ImGui's SDL backend (imgui_impl_sdl.cpp, 1.86) opens controller 0
//   for gamepad navigation, which the app never enables (ImGuiConfigFlags_NavEnableGamepad);
//   that one reference kept SDL's game-controller and joystick code and their mapping database.
// - Software surfaces: SDL_mouse.c (a monochrome cursor) and the emscripten driver's software
//   framebuffer create SDL surfaces, which kept SDL_surface.c's pixel formats, conversions and
//   blitters. BloomLab draws with WebGL2; its cursors are the browser's (SDL_CreateSystemCursor).
// As for Dear ImGui's default font (no_default_font_web.cpp), no third-party source is patched:
// the link wraps the two symbols (-Wl,--wrap=..., src/platform/CMakeLists.txt), every call lands
// here, and each answers what SDL answers when it cannot: no controller, no surface (callers
// handle a null: SDL_SetError-style failure, nothing drawn).
#include <SDL.h>

extern "C" SDL_GameController* __wrap_SDL_GameControllerOpen(int) { return nullptr; }
extern "C" SDL_Surface* __wrap_SDL_CreateRGBSurface(Uint32, int, int, int, Uint32, Uint32, Uint32, Uint32) {
  SDL_SetError("BloomLab's web build has no software surfaces");
  return nullptr;
}
