// The main loop both platforms share: SDL window + GL context, ImGui backends, one frame of the app.
// Explicit init / frame / shutdown (after sokol); main_desktop.cpp and main_web.cpp drive it.
#pragma once
#include <SDL.h>
#include <imgui.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/state.h"
#include "gl_host.h"

namespace bloomlab::platform {

struct Loop {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  app::AppState state;
  GlHost* host = nullptr;      // owned by the platform's main
  float pixel_ratio = 0;       // device pixels per CSS pixel the fonts were built for
  float font_size = 0;         // CSS pixels the fonts were built for
  uint64_t fonts_version = 0;  // app::fonts_version() they were built with (the CJK font)
  uint64_t frames = 0;         // frames built (settle() builds some it does not draw)
  uint64_t shown_frames = 0;   // frames drawn
  // Frames still to draw after something happened (input, an action, work ending): ImGui needs
  // a few to settle (a popup sizes itself in its first frame, hover and layout follow a frame
  // late). See frame_wanted.
  int wake_frames = 0;
  double drawn_at = 0;  // SDL_GetTicks64() / 1000 of the last frame drawn
  double app_ms = 0;    // the last frame's app::frame (the UI and the slices of work), without drawing
  bool quit = false;
  bool sdl_composes = false;  // state.composing came from SDL_TEXTEDITING (not the page's input)

  // Touch: a lifted finger leaves SDL's mouse where it was, so hover (and tooltips) would stick;
  // from this frame on the mouse is "nowhere" until it moves again or a finger comes down.
  uint64_t hide_mouse_from = UINT64_MAX;
  std::map<SDL_FingerID, ImVec2> fingers;  // down now, in window coordinates (CSS px)
  float pinch_distance = 0;                // between two fingers last event; 0 = no pinch
  // Keys pressed on the app's behalf (the on-screen keyboard's hidden input), and keys released
  // in the frame they went down: released at the start of the next frame, as ImGui 1.86 reads
  // key states once per frame.
  std::vector<SDL_Scancode> keys_down, keys_to_release;
  // SDL's own keys that went down and up within one frame: up at the next frame's start. Not
  // the page's keys: text the page passes on does not wait for them.
  std::vector<SDL_Scancode> sdl_keys_to_release;
  // The page's keys and text (press_key, type_text) waiting, in order, for a frame of their
  // own: ImGui 1.86 sees one press of a key a frame, and its text field one editing key.
  struct PageInput {
    SDL_Scancode key = SDL_SCANCODE_UNKNOWN;  // or text
    std::string text;
  };
  std::vector<PageInput> page_input;  // a few at most: taken from the front
  // A finger's press is held until the finger shows what it means: a mostly vertical move is a
  // scroll (no control is pressed), a horizontal one or a lift is a press where it started.
  enum class Gesture { none, undecided, scroll, press, pinch } gesture = Gesture::none;
  float gesture_x = 0, gesture_y = 0, gesture_last_y = 0;
  int press_frames = 0;  // frames the press at the finger's start still has to show
  // Text typed while no text field had the keyboard: it goes to the typing box (the open task's
  // answer box, else the word box), which takes the keyboard next frame; the text follows once
  // it has.
  std::string stray_text;
  // A paste the page received (web): the next frame shows ImGui a Ctrl+V, the one after lets it
  // go. The real V never reached SDL (the page kept it so that the browser fires `paste`), and
  // by then Ctrl may be up already.
  bool paste_pending = false, paste_release = false;
};

// Presses and releases a key for ImGui (down one frame, up the next), and types text, for the
// page's on-screen keyboard. A key waits, with whatever comes after it, while another of the
// page's keys is down or went up at this frame's start: two Backspaces in one frame were one
// press to ImGui, and a Backspace and an Enter, one of them.
void press_key(Loop& loop, SDL_Scancode key);
void type_text(Loop& loop, std::string_view utf8);

// Opens the window (CSS-pixel size w x h; the web ignores it and follows the canvas) and
// starts ImGui. Returns false with SDL's message on stderr.
bool init(Loop& loop, GlHost& host, int width, int height);
// Handles events, builds and renders one frame. Does not swap: the caller may read pixels first.
// render false: builds the frame (layout, the app's work) and draws nothing (settle).
void frame(Loop& loop, bool render = true);
// Builds frames without drawing them until the layout rests and the plots' first computation is
// done, or budget_ms has passed: the first frame a reader sees already has its final layout (a
// legend moves into its plot once the measured points leave it a corner; a scrollbar that
// appears narrows its column).
void settle(Loop& loop, double budget_ms);
// Whether anything is happening that wants frames: input, the page's keys, a finger, a capture,
// the app's actions or work (app::wants_frames; without the screen reader's announcement, which
// waits for the text to rest, when `announcement` is false). No side effects (frame_wanted keeps
// the wake frames).
bool busy(Loop& loop, bool announcement = true);
// What keeps it busy, in a word or two ("input", "layout", "list loading" ...), or nullptr: for
// viewState().busy, which says why a test's wait for the page to rest goes on.
const char* busy_reason(Loop& loop, bool announcement = true);
// Whether input is waiting for a frame to take it: SDL's queue, the page's keys and text, a key
// still to release, a finger's press still to show.
bool input_waiting(Loop& loop);
// How long the first frame shown waits at most for its layout to rest and the plots' first
// points (the sweep and the growth curve: ~300 ms on an idle machine). 400 ms was too short on a
// busy one: the growth plot's legend moved under it after the first frame (browser_export).
inline constexpr double kFirstFrameSettleMs = 1500;
// Whether a text field has the keyboard at the end of the frame just drawn (what the page's
// hidden input and viewState's wantTextInput follow: ImGui's io.WantTextInput is a frame late).
bool text_field_has_keyboard();
// Whether to draw a frame now. A page that shows the same thing draws nothing (a phone's
// battery, a laptop projecting a class, an article with three embeds): frames are drawn while
// input comes in, an action's results or background work want them (app::wants_frames), and
// kWakeFrames after the last of these; a frame every kIdleRedrawSeconds besides, should
// anything else change what is on screen.
bool frame_wanted(Loop& loop);
inline constexpr int kWakeFrames = 4;
inline constexpr double kIdleRedrawSeconds = 1.0;
void swap(Loop& loop);
// The GL context was lost and given back (WebGL: webglcontextrestored): every GL object of the
// old one is gone. Restarts ImGui's renderer (its next frame rebuilds shaders, buffers, the font
// atlas)
// and the host's textures (the bit array is uploaded again); the app's state is untouched.
void gl_context_restored(Loop& loop);
void shutdown(Loop& loop);

}  // namespace bloomlab::platform
