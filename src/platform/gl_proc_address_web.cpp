// Web build only: a small eglGetProcAddress in place of Emscripten's.
//
// Why: Emscripten 3.1.6's eglGetProcAddress (system/lib/gl/libprocaddr.c) maps *every* GL and
// WebGL entry point by name, so linking it pulls all of library_webgl.js into bloomlab-wasm.js
// and a ~5 KB name table into the wasm: about 14 KB gzip of code nothing calls (Emscripten 3.1.x
// later added -sGL_ENABLE_GET_PROC_ADDRESS=0 for exactly this; 3.1.6 lacks it). Defining the
// symbol here keeps the linker from taking Emscripten's object at all.
//
// Who asks: only SDL2. The app and Dear ImGui's OpenGL ES 3 backend call GL directly (no loader).
// SDL asks for a few GL functions while it creates the context and answers
// SDL_GL_ExtensionSupported / SDL_GL_GetAttribute (SDL_video.c, SDL_egl.c): those are listed
// below and resolve to the real functions, as before. Any other name gets nullptr, which every
// SDL caller treats as "not available". If new code needs SDL_GL_GetProcAddress for another
// function, add it to the table.
#include <EGL/egl.h>
#include <GLES3/gl3.h>

#include <cstring>

namespace {

using Proc = __eglMustCastToProperFunctionPointerType;

struct Entry {
  const char* name;
  Proc proc;
};

const Entry kProcs[] = {
    {"glGetString", reinterpret_cast<Proc>(glGetString)},
    {"glGetStringi", reinterpret_cast<Proc>(glGetStringi)},
    {"glGetIntegerv", reinterpret_cast<Proc>(glGetIntegerv)},
    {"glBindFramebuffer", reinterpret_cast<Proc>(glBindFramebuffer)},
    {"glGetFramebufferAttachmentParameteriv", reinterpret_cast<Proc>(glGetFramebufferAttachmentParameteriv)},
};

}  // namespace

extern "C" Proc eglGetProcAddress(const char* name) {
  if (name == nullptr) return nullptr;
  for (const Entry& e : kProcs)
    if (std::strcmp(name, e.name) == 0) return e.proc;
  return nullptr;
}
