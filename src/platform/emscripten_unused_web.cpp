// Web build only: browser features SDL wires up and BloomLab never uses, left out of the glue.
//
// SDL's emscripten video driver registers for fullscreen and pointer-lock changes and for
// beforeunload, and sets the document's title from the window's. Each call imports a JS
// function of Emscripten's library with what it depends on (the fullscreen strategies, the
// canvas's saved styles, the Browser object's pointer lock): 12 KB of bloomlab-wasm.js (2 KB
// brotli) for nothing the app does. Worse, the title: SDL_CreateWindow("BloomLab") replaced the
// page's own title, which web/bloomlab.js sets in the reader's language.
// The link wraps the symbols (-Wl,--wrap=..., src/platform/CMakeLists.txt): every call lands
// here and answers "not supported", which SDL handles (no fullscreen, no pointer lock).
#include <emscripten/html5.h>

extern "C" {
EMSCRIPTEN_RESULT __wrap_emscripten_set_fullscreenchange_callback_on_thread(const char*, void*, EM_BOOL,
                                                                            em_fullscreenchange_callback_func,
                                                                            pthread_t) {
  return EMSCRIPTEN_RESULT_NOT_SUPPORTED;
}
EMSCRIPTEN_RESULT __wrap_emscripten_request_fullscreen_strategy(const char*, EM_BOOL,
                                                                const EmscriptenFullscreenStrategy*) {
  return EMSCRIPTEN_RESULT_NOT_SUPPORTED;
}
EMSCRIPTEN_RESULT __wrap_emscripten_exit_fullscreen() { return EMSCRIPTEN_RESULT_NOT_SUPPORTED; }
EMSCRIPTEN_RESULT __wrap_emscripten_set_pointerlockchange_callback_on_thread(
    const char*, void*, EM_BOOL, em_pointerlockchange_callback_func, pthread_t) {
  return EMSCRIPTEN_RESULT_NOT_SUPPORTED;
}
EMSCRIPTEN_RESULT __wrap_emscripten_request_pointerlock(const char*, EM_BOOL) {
  return EMSCRIPTEN_RESULT_NOT_SUPPORTED;
}
EMSCRIPTEN_RESULT __wrap_emscripten_exit_pointerlock() { return EMSCRIPTEN_RESULT_NOT_SUPPORTED; }
EMSCRIPTEN_RESULT __wrap_emscripten_set_beforeunload_callback_on_thread(void*, em_beforeunload_callback,
                                                                        pthread_t) {
  return EMSCRIPTEN_RESULT_NOT_SUPPORTED;
}
void __wrap_emscripten_set_window_title(const char*) {}
}
