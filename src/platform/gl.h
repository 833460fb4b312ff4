// The one place that picks the OpenGL header: WebGL2 (GLES 3) in the browser, GL 3 on the desktop.
#pragma once
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <SDL_opengl.h>
#endif
