# Third-party code, fetched by scripts/setup.sh from Debian source packages into .deps/:
#   Dear ImGui 1.86 (imgui)  compiled here with the SDL2 + OpenGL3 backends
#   SDL 2.26.5 (libsdl2)     web tree only: built for wasm with SDL's own CMake, once per build
#                            tree (its configure takes minutes); the native tree uses libsdl2-dev.
#   QR Code generator 1.8.0  nayuki's C++ library (qr-code-generator): a slide's QR code of its link
set(IMGUI_DIR "${BLOOMLAB_DEPS_DIR}/imgui")
set(SDL2_SOURCE_DIR "${BLOOMLAB_DEPS_DIR}/libsdl2")
set(QRCODEGEN_DIR "${BLOOMLAB_DEPS_DIR}/qr-code-generator")
foreach(_marker "${IMGUI_DIR}/.complete" "${SDL2_SOURCE_DIR}/.complete" "${QRCODEGEN_DIR}/.complete")
  if(NOT EXISTS "${_marker}")
    message(FATAL_ERROR "Missing ${_marker}: the Debian source packages are not fetched. Run scripts/setup.sh first.")
  endif()
endforeach()

if(EMSCRIPTEN)
  include(ExternalProject)
  set(SDL2_WASM_PREFIX "${CMAKE_BINARY_DIR}/sdl2-wasm")
  set(SDL2_WASM_LIB "${SDL2_WASM_PREFIX}/lib/libSDL2.a")
  # SDL's configure asks the compiler ~150 questions (has it abs? strlcpy? -Wshadow?), each an emcc
  # compile and link: ~10 minutes of one core on a fresh tree. cmake/sdl2-wasm-checks.cmake holds
  # the answers Emscripten 3.1.6 gave SDL 2.26.5 (scripts/sdl2-wasm-checks.sh writes it and checks
  # that SDL_config.h comes out the same); another version of either asks the questions again.
  set(SDL2_WASM_CHECKS "${PROJECT_SOURCE_DIR}/cmake/sdl2-wasm-checks.cmake")
  set(SDL2_WASM_SEED "")
  option(BLOOMLAB_SDL2_CHECKS "Give SDL's wasm configure the answers in cmake/sdl2-wasm-checks.cmake" ON)
  if(BLOOMLAB_SDL2_CHECKS)
    file(STRINGS "${SDL2_SOURCE_DIR}/CMakeLists.txt" _sdl_version REGEX "^set\\(SDL_(MAJOR|MINOR|MICRO)_VERSION [0-9]+\\)")
    string(REGEX REPLACE "set\\(SDL_[A-Z]+_VERSION ([0-9]+)\\);?" "\\1." _sdl_version "${_sdl_version}")
    string(REGEX REPLACE "\\.$" "" _sdl_version "${_sdl_version}")
    file(STRINGS "${SDL2_WASM_CHECKS}" _seed_for REGEX "^# For ")
    if(_seed_for STREQUAL "# For Emscripten ${EMSCRIPTEN_VERSION} and SDL ${_sdl_version}")
      set(SDL2_WASM_SEED "-C${SDL2_WASM_CHECKS}")
    else()
      message(STATUS "SDL's wasm configure runs its checks: ${SDL2_WASM_CHECKS} is not for Emscripten ${EMSCRIPTEN_VERSION} and SDL ${_sdl_version}")
    endif()
  endif()
  ExternalProject_Add(sdl2_wasm
    SOURCE_DIR "${SDL2_SOURCE_DIR}"
    BINARY_DIR "${CMAKE_BINARY_DIR}/sdl2-wasm-build"
    INSTALL_DIR "${SDL2_WASM_PREFIX}"
    CMAKE_ARGS
      ${SDL2_WASM_SEED}
      -DCMAKE_TOOLCHAIN_FILE=${CMAKE_TOOLCHAIN_FILE}
      # -Os, not Release's -O3: SDL is event plumbing here, never a hot loop (-6 KB gzip wasm).
      -DCMAKE_BUILD_TYPE=MinSizeRel
      -DCMAKE_INSTALL_PREFIX=<INSTALL_DIR>
      -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_PTHREADS=OFF
      # The app uses video, events, and timers; leaving the rest out keeps the wasm small.
      -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_SENSOR=OFF -DSDL_HIDAPI=OFF
      # The browser only ever gets SDL's emscripten video driver; the offscreen and dummy drivers
      # were linked in through SDL's driver table all the same (-3 KB gzip wasm).
      -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF
      # SDL's own size switch (src/SDL_internal.h): leaves out the optimised software blitters,
      # RLE, YUV and the software renderer (-28 KB gzip wasm). They were reachable only through
      # the emscripten mouse driver's custom-colour-cursor path, which ImGui never takes (it uses
      # SDL_CreateSystemCursor, i.e. CSS cursors); a surface blit would still work through
      # SDL_BlitCopy / SDL_Blit_Slow. We draw with WebGL2, never with SDL surfaces or SDL_Renderer.
      -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1
    BUILD_BYPRODUCTS "${SDL2_WASM_LIB}"
    UPDATE_COMMAND "" PATCH_COMMAND ""
    USES_TERMINAL_CONFIGURE ON
    STEP_TARGETS configure
  )
  file(MAKE_DIRECTORY "${SDL2_WASM_PREFIX}/include/SDL2")
  add_library(SDL2::SDL2 STATIC IMPORTED GLOBAL)
  set_target_properties(SDL2::SDL2 PROPERTIES
    IMPORTED_LOCATION "${SDL2_WASM_LIB}"
    INTERFACE_INCLUDE_DIRECTORIES "${SDL2_WASM_PREFIX}/include/SDL2")
  add_dependencies(SDL2::SDL2 sdl2_wasm)
  set(IMGUI_GL_DEFINES IMGUI_IMPL_OPENGL_ES3)
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  if(NOT TARGET SDL2::SDL2)
    add_library(SDL2::SDL2 INTERFACE IMPORTED)
    target_include_directories(SDL2::SDL2 INTERFACE ${SDL2_INCLUDE_DIRS})
    target_link_libraries(SDL2::SDL2 INTERFACE ${SDL2_LIBRARIES})
  endif()
  set(IMGUI_GL_DEFINES "")
endif()

# Dear ImGui core: what src/app needs (no SDL, no GL).
add_library(imgui STATIC
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp
  ${IMGUI_DIR}/imgui_tables.cpp ${IMGUI_DIR}/imgui_widgets.cpp
  ${IMGUI_DIR}/misc/cpp/imgui_stdlib.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/misc/cpp)
# Our own config: no obsolete functions, 32-bit indices so a large word list never overflows.
# No metrics/debug tool windows (the app never opens them) and no file functions (io.IniFilename
# is null, the font comes from memory): less code in the web download (-1 KB gzip).
target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS ImDrawIdx=unsigned\ int IMGUI_USE_WCHAR32
  IMGUI_DISABLE_METRICS_WINDOW IMGUI_DISABLE_FILE_FUNCTIONS)

# The QR code of a slide's link (src/app only: the view draws it).
add_library(qrcodegen STATIC ${QRCODEGEN_DIR}/cpp/qrcodegen.cpp)
target_include_directories(qrcodegen SYSTEM PUBLIC ${QRCODEGEN_DIR}/cpp)

# The backends: only src/platform links them.
add_library(imgui_backends STATIC
  ${IMGUI_DIR}/backends/imgui_impl_sdl.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui_backends SYSTEM PUBLIC ${IMGUI_DIR}/backends)
target_compile_definitions(imgui_backends PUBLIC ${IMGUI_GL_DEFINES})
target_link_libraries(imgui_backends PUBLIC imgui SDL2::SDL2)
if(NOT EMSCRIPTEN)
  target_link_libraries(imgui_backends PUBLIC OpenGL::GL ${CMAKE_DL_LIBS})
endif()
