#include "loop.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/view/app.h"
#include "app/view/fonts.h"
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
  if (ratio == loop.pixel_ratio && size == loop.font_size && app::fonts_version() == loop.fonts_version)
    return;
  loop.pixel_ratio = ratio;
  loop.font_size = size;
  loop.fonts_version = app::fonts_version();
  app::load_fonts(size, ratio);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

// A key ImGui acts on by its state rather than by a character: Enter, Tab, Escape, the caret's
// moves and deletions, and any key with Ctrl or Cmd (copy, paste, undo).
bool editing_key(const SDL_KeyboardEvent& key) {
  switch (key.keysym.scancode) {
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER:
    case SDL_SCANCODE_TAB:
    case SDL_SCANCODE_ESCAPE:
    case SDL_SCANCODE_BACKSPACE:
    case SDL_SCANCODE_DELETE:
    case SDL_SCANCODE_INSERT:
    case SDL_SCANCODE_LEFT:
    case SDL_SCANCODE_RIGHT:
    case SDL_SCANCODE_UP:
    case SDL_SCANCODE_DOWN:
    case SDL_SCANCODE_HOME:
    case SDL_SCANCODE_END:
    case SDL_SCANCODE_PAGEUP:
    case SDL_SCANCODE_PAGEDOWN: return true;
    default: return (key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  }
}

bool any_key_down(const ImGuiIO& io) {
  return std::any_of(std::begin(io.KeysDown), std::end(io.KeysDown), [](bool d) { return d; });
}

// Keys the app gives a meaning to (app::Shortcut). No plain key changes the words, the filter
// or the preset: those shortcuts take Alt+Shift (Ctrl/Cmd for undo, redo and the word box), so
// typing stays typing. Returns true when the key is the app's: ImGui does not see it (Ctrl+Z
// would otherwise undo text in a field, and ← → Space would move keyboard navigation or press
// a button under the step-through).
bool map_shortcut(Loop& loop, const SDL_KeyboardEvent& key) {
  const Uint16 mods = key.keysym.mod;
  const bool command = (mods & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (mods & KMOD_SHIFT) != 0, alt = (mods & KMOD_ALT) != 0;
  auto& queue = loop.state.shortcuts;
  const SDL_Scancode code = key.keysym.scancode;
  const auto take = [&](app::Shortcut s) {
    if (!key.repeat || s == app::Shortcut::step_back || s == app::Shortcut::step_forward ||
        s == app::Shortcut::undo || s == app::Shortcut::redo)
      queue.push_back(s);
    return true;
  };
  if (command && !alt) {
    if (code == SDL_SCANCODE_K) return take(app::Shortcut::focus_word);
    if (code == SDL_SCANCODE_Z) return take(shift ? app::Shortcut::redo : app::Shortcut::undo);
    if (code == SDL_SCANCODE_Y && !shift) return take(app::Shortcut::redo);
    return false;
  }
  if (alt && shift && !command) {
    switch (code) {
      case SDL_SCANCODE_1: return take(app::Shortcut::preset_tiny);
      case SDL_SCANCODE_2: return take(app::Shortcut::preset_passwords);
      case SDL_SCANCODE_3: return take(app::Shortcut::preset_empty);
      case SDL_SCANCODE_P: return take(app::Shortcut::presentation);
      case SDL_SCANCODE_S: return take(app::Shortcut::toggle_steps);
      case SDL_SCANCODE_H: return take(app::Shortcut::toggle_shortcuts);
      default: return false;
    }
  }
  if (mods & (KMOD_CTRL | KMOD_GUI | KMOD_ALT)) return false;
  // The step-through (and a presentation clicker's PageUp / PageDown) while no text field has
  // the keyboard: these keys move the steps and nothing else.
  if (loop.state.view.show_steps && !text_field_has_keyboard()) {
    switch (code) {
      case SDL_SCANCODE_LEFT:
      case SDL_SCANCODE_PAGEUP: return take(app::Shortcut::step_back);
      case SDL_SCANCODE_RIGHT:
      case SDL_SCANCODE_PAGEDOWN:
      case SDL_SCANCODE_SPACE: return take(app::Shortcut::step_forward);
      default: break;
    }
  }
  // An open lesson: a clicker's PageUp / PageDown move its steps even while the word box has the
  // keyboard (they mean nothing in a one-line box); ← → when no text field has it.
  if (loop.state.view.show_lessons && loop.state.lessons.current >= 0) {
    const bool typing = text_field_has_keyboard();
    switch (code) {
      case SDL_SCANCODE_PAGEUP: return take(app::Shortcut::step_back);
      case SDL_SCANCODE_PAGEDOWN: return take(app::Shortcut::step_forward);
      case SDL_SCANCODE_LEFT: return !typing && take(app::Shortcut::step_back);
      case SDL_SCANCODE_RIGHT: return !typing && take(app::Shortcut::step_forward);
      default: break;
    }
  }
  // The lessons' list: the clicker's PageDown starts the first lesson.
  if (loop.state.view.show_lessons && code == SDL_SCANCODE_PAGEDOWN) return take(app::Shortcut::step_forward);
  // Nothing to step, no text field: PageDown / PageUp scroll the column under the mouse by most
  // of a screen, as on a web page. ImGui's keyboard navigation would take them and show its
  // focus ring, and a presenter's next Space would start editing the control it had reached.
  if ((code == SDL_SCANCODE_PAGEDOWN || code == SDL_SCANCODE_PAGEUP) && !text_field_has_keyboard()) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool mouse = ImGui::IsMousePosValid(&io.MousePos);
    const float page = io.DisplaySize.y * 0.8f;
    loop.state.touch_scroll = app::TouchScroll{code == SDL_SCANCODE_PAGEDOWN ? -page : page,
                                               mouse ? io.MousePos.x : io.DisplaySize.x / 2,
                                               mouse ? io.MousePos.y : io.DisplaySize.y / 2};
    return true;
  }
  return false;
}

// Text typed while no text field has the keyboard goes to the typing box (app::typing_box: the
// open task's answer box, else the word box; nowhere while a task without a box is open, so a
// click beside a task and typing never adds a word). A plain key never presses a button: Space
// does only while keyboard navigation shows its focus ring. (So does text typed while the box is
// taking the keyboard back, after Enter: it waits.)
bool take_stray_text(Loop& loop, const SDL_TextInputEvent& text) {
  const ImGuiIO& io = ImGui::GetIO();
  const app::AppState& s = loop.state;
  const bool typing = text_field_has_keyboard();
  const bool focus_coming = s.focus_word_box || s.focus_answer_box;
  const bool box_coming = focus_coming || !loop.stray_text.empty();
  const bool box_active = s.layout.word_box_active || s.layout.answer_box_active;
  // Typing into another field (the paste box, the password check) stays there. (Not the typing
  // box itself between its Enter and its refocus.)
  const bool other_field = typing && !box_active && !focus_coming;
  if ((typing && !box_coming) || (other_field && loop.stray_text.empty()) ||
      app::typing_box(s) == app::TypingBox::none)
    return false;
  if (!box_coming && text.text[0] == ' ' && text.text[1] == 0 && (io.NavVisible || s.view.show_steps))
    return false;
  if (!box_coming) loop.state.shortcuts.push_back(app::Shortcut::stray_typing);  // once
  loop.stray_text += text.text;
  return true;
}

// Fingers: a lift hides the mouse two frames later (the release must still land on the button
// it pressed); two fingers pinch the bit array's zoom.
void track_touch(Loop& loop, const SDL_Event& e) {
  int w = 0, h = 0;
  SDL_GetWindowSize(loop.window, &w, &h);
  const SDL_TouchFingerEvent& f = e.tfinger;
  if (e.type == SDL_FINGERUP) {
    loop.fingers.erase(f.fingerId);
    if (loop.fingers.empty()) loop.hide_mouse_from = loop.frames + 2;
    // The last finger of a pinch is up: the pinch is over (the emulated mouse's release can come
    // while both fingers were still down, and be swallowed as part of it: the page then stayed
    // "in a pinch", drawing every frame).
    if (loop.fingers.empty() && loop.gesture == Loop::Gesture::pinch) loop.gesture = Loop::Gesture::none;
  } else {
    loop.fingers[f.fingerId] = ImVec2(f.x * float(w), f.y * float(h));
    if (e.type == SDL_FINGERDOWN) loop.hide_mouse_from = UINT64_MAX;
  }
  if (loop.fingers.size() != 2) {
    loop.pinch_distance = 0;
    return;
  }
  const ImVec2 a = loop.fingers.begin()->second, b = std::next(loop.fingers.begin())->second;
  const float d = std::hypot(a.x - b.x, a.y - b.y);
  app::BitView& bits = loop.state.bits;
  if (loop.pinch_distance > 0 && d > 0) {
    bits.pinch_zoom *= d / loop.pinch_distance;
    bits.pinch_x = (a.x + b.x) / 2;
    bits.pinch_y = (a.y + b.y) / 2;
  }
  loop.pinch_distance = d;
}

// A finger (SDL's touch-emulated mouse) decides before ImGui sees a press: 10 CSS px of travel,
// mostly vertical, is a scroll of the column under it; mostly horizontal, or a lift, is a press
// at the start. ImGui 1.86's SDL backend polls the button and the position (SDL_GetMouseState),
// so the decision is applied to io after the backend's NewFrame (apply_touch_gesture). Returns
// true when the event is consumed here.
constexpr float kGestureSlop = 10.0f;
bool arbitrate_touch(Loop& loop, const SDL_Event& e) {
  using G = Loop::Gesture;
  const bool from_touch = (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP)
                              ? e.button.which == SDL_TOUCH_MOUSEID
                              : e.type == SDL_MOUSEMOTION && e.motion.which == SDL_TOUCH_MOUSEID;
  if (!from_touch) return false;
  if (loop.fingers.size() > 1) {  // a pinch: no press, no scroll
    if (loop.gesture == G::undecided || loop.gesture == G::scroll) loop.gesture = G::pinch;
    return true;
  }
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
      if (e.button.button != SDL_BUTTON_LEFT) return false;
      loop.gesture = G::undecided;
      loop.gesture_x = float(e.button.x);
      loop.gesture_y = loop.gesture_last_y = float(e.button.y);
      return true;  // held: the finger has not said yet
    case SDL_MOUSEMOTION: {
      if (loop.gesture == G::scroll) {
        loop.state.touch_scroll.dy += float(e.motion.y) - loop.gesture_last_y;
        loop.state.touch_scroll.x = loop.gesture_x;
        loop.state.touch_scroll.y = loop.gesture_y;
        loop.gesture_last_y = float(e.motion.y);
        return true;
      }
      if (loop.gesture == G::pinch) return true;
      if (loop.gesture != G::undecided) return false;
      const float dx = float(e.motion.x) - loop.gesture_x, dy = float(e.motion.y) - loop.gesture_y;
      if (std::hypot(dx, dy) < kGestureSlop) return true;
      if (std::abs(dy) > std::abs(dx)) {
        loop.gesture = G::scroll;
        loop.state.touch_scroll = app::TouchScroll{dy, loop.gesture_x, loop.gesture_y};
        loop.gesture_last_y = float(e.motion.y);
        return true;
      }
      loop.gesture = G::press;  // sideways: a slider's drag, the bit array's pan
      loop.press_frames = 1;    // down at the start for a frame, then the finger leads
      return false;
    }
    case SDL_MOUSEBUTTONUP:
      if (loop.gesture == G::undecided) {  // a tap: down at the start for a frame, then up
        loop.gesture = G::none;
        loop.press_frames = 2;
        return true;
      }
      if (loop.gesture == G::press && loop.press_frames > 0) {  // lifted before the press showed
        loop.gesture = G::none;
        loop.press_frames = 2;
        return true;
      }
      loop.gesture = G::none;
      return true;
    default: return false;
  }
}

// After the backend's NewFrame: a finger that has not decided (or scrolls, or pinches) presses
// nothing; a decided press starts where the finger came down.
void apply_touch_gesture(Loop& loop, ImGuiIO& io) {
  using G = Loop::Gesture;
  if (loop.press_frames > 0) {
    const bool tap_release = loop.gesture == G::none && loop.press_frames == 1;
    io.MouseDown[0] = !tap_release;
    io.MousePos = ImVec2(loop.gesture_x, loop.gesture_y);
    --loop.press_frames;
    return;
  }
  if (loop.gesture == G::undecided || loop.gesture == G::scroll || loop.gesture == G::pinch)
    io.MouseDown[0] = false;
}

void set_modifiers(ImGuiIO& io, Uint16 mods) {
  io.KeyCtrl = (mods & KMOD_CTRL) != 0;
  io.KeyShift = (mods & KMOD_SHIFT) != 0;
  io.KeyAlt = (mods & KMOD_ALT) != 0;
  io.KeySuper = (mods & KMOD_GUI) != 0;
}

void push_key_event(SDL_Scancode key, bool down) {
  SDL_Event e{};
  e.key.keysym.mod = static_cast<Uint16>(SDL_GetModState());
  e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
  e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
  e.key.keysym.scancode = key;
  e.key.keysym.sym = SDL_GetKeyFromScancode(key);
  SDL_PushEvent(&e);
}

// SDL_TEXTINPUT events of at most 31 bytes each, cut between characters.
void push_text_events(Loop& loop, std::string_view utf8) {
  SDL_Event e{};
  const size_t room = sizeof e.text.text - 1;
  while (!utf8.empty()) {
    size_t take = std::min(utf8.size(), room);
    while (take > 0 && take < utf8.size() && (static_cast<unsigned char>(utf8[take]) & 0xC0) == 0x80) --take;
    if (take == 0) take = std::min(utf8.size(), room);  // no character boundary in reach (not UTF-8)
    e = SDL_Event{};
    e.type = SDL_TEXTINPUT;
    e.text.windowID = SDL_GetWindowID(loop.window);
    std::memcpy(e.text.text, utf8.data(), take);
    SDL_PushEvent(&e);
    utf8.remove_prefix(take);
  }
}

// Hands SDL the page's input that waits, in order, up to what must wait for a later frame. A
// key waits while another of the page's keys is down or went up at this frame's start (a key up
// and down again within one frame is no press to ImGui, and its text field takes one editing key
// a frame). Text waits while a key is about to be seen: ImGui reads a frame's characters before
// its keys, so "x" after a Backspace would come before it. frame_start: called as the frame
// begins (keys_to_release: the keys this frame sees), else between frames (keys_down: the next
// frame's).
void hand_over_page_input(Loop& loop, const std::vector<SDL_Scancode>& released_now, bool frame_start) {
  std::vector<SDL_Scancode>& pressed = frame_start ? loop.keys_to_release : loop.keys_down;
  size_t taken = 0;
  for (; taken < loop.page_input.size(); ++taken) {
    const Loop::PageInput& in = loop.page_input[taken];
    const bool key_coming = !loop.keys_down.empty() || !loop.keys_to_release.empty();
    if (in.key != SDL_SCANCODE_UNKNOWN) {
      if (key_coming || !released_now.empty()) break;
      push_key_event(in.key, true);
      pressed.push_back(in.key);
    } else {
      if (key_coming) break;
      push_text_events(loop, in.text);
    }
  }
  loop.page_input.erase(loop.page_input.begin(), loop.page_input.begin() + long(taken));
}

}  // namespace

// A text field has the keyboard: one is active at the end of the frame just drawn. (ImGui's
// io.WantTextInput is a frame older: NewFrame sets it from the frame before, so typing right
// after the click that gave the paste box the keyboard went to the word box as stray text. And
// WantTextInputNextFrame alone is not enough: a field that a click elsewhere deactivates still
// sets it in that frame, so the keys typed right after the click went to a field that no longer
// had the keyboard and were lost: "abc" became "bc".)
bool text_field_has_keyboard() {
  const ImGuiContext& g = *GImGui;
  return g.WantTextInputNextFrame == 1 && g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID;
}

void press_key(Loop& loop, SDL_Scancode key) {
  loop.page_input.push_back({key, {}});
  hand_over_page_input(loop, {}, false);
}

void type_text(Loop& loop, std::string_view utf8) {
  loop.page_input.push_back({SDL_SCANCODE_UNKNOWN, std::string(utf8)});
  hand_over_page_input(loop, {}, false);
}

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
  // ImGui draws in 2D with blending only: no depth or stencil buffer to allocate and clear
  // (SDL asks for a 16-bit depth buffer by default).
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  SDL_SetHint(SDL_HINT_IME_SHOW_UI, "1");
  const auto flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  loop.window =
      SDL_CreateWindow("BloomLab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
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
  // A steady caret: a blinking one would need frames drawn all the time the word box has the
  // keyboard (frame_wanted), and a steady one is easier on readers (WCAG 2.2.2).
  io.ConfigInputTextCursorBlink = false;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplSDL2_InitForOpenGL(loop.window, loop.gl);
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  app::init(loop.state, host);
  refresh_fonts(loop);
  return true;
}

void frame(Loop& loop, bool render) {
  // Keys pressed for the on-screen keyboard last frame go up now; what waited comes in.
  std::vector<SDL_Scancode> released_now;
  released_now.swap(loop.keys_to_release);
  for (SDL_Scancode key : released_now) push_key_event(key, false);
  loop.keys_to_release.swap(loop.keys_down);
  for (SDL_Scancode key : loop.sdl_keys_to_release) push_key_event(key, false);
  loop.sdl_keys_to_release.clear();
  hand_over_page_input(loop, released_now, true);
  // ImGui 1.86 reads key states once per frame: a key that went down and up within one frame
  // (a quick tap, an on-screen keyboard, a test) would never be seen. Its release waits a frame.
  // Likewise a key that went up in this frame and down again: ImGui would see it held, not
  // pressed twice (two quick Backspaces deleted one character). The second press waits, with
  // what comes after it, for the next frame.
  std::vector<SDL_Scancode> pressed_now, lifted_now;
  const auto in = [](const std::vector<SDL_Scancode>& keys, SDL_Scancode key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  SDL_Event event;
  SDL_PumpEvents();
  while (SDL_PeepEvents(&event, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1) {
    if (event.type == SDL_KEYDOWN && in(lifted_now, event.key.keysym.scancode)) break;
    if (SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) != 1) break;
    if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION || event.type == SDL_FINGERUP)
      track_touch(loop, event);
    if (arbitrate_touch(loop, event)) continue;
    if (event.type == SDL_KEYUP && in(pressed_now, event.key.keysym.scancode)) {
      loop.sdl_keys_to_release.push_back(event.key.keysym.scancode);  // released at the next frame's start
      continue;
    }
    if (event.type == SDL_KEYUP) lifted_now.push_back(event.key.keysym.scancode);
    // The app's own keys and stray typing never reach ImGui (their key-up does: harmless).
    if (event.type == SDL_KEYDOWN && map_shortcut(loop, event.key)) continue;
    if (event.type == SDL_TEXTINPUT && take_stray_text(loop, event.text)) continue;
    if (event.type == SDL_KEYDOWN) pressed_now.push_back(event.key.keysym.scancode);
    ImGui_ImplSDL2_ProcessEvent(&event);
    // The modifiers as they were at this key (the SDL backend reads SDL_GetModState(), which is
    // already past the keys still queued: Ctrl+A typed quickly reached ImGui with Ctrl already
    // up, and the word box's text was not selected).
    if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP)
      set_modifiers(ImGui::GetIO(), event.key.keysym.mod);
    // ImGui 1.86 reads a frame's input all at once, characters before keys and clicks: a
    // character typed in the same frame after an Enter would join the word just added (or be
    // lost when the box is emptied), one typed right after End would go where the caret was
    // before it, and one typed right after a click on a text field would go where the keyboard
    // was before the click. What comes after an editing key or a press stays in SDL's queue for
    // the next frame. (An idle page draws no frames, so a quick End and "s" reach it together.)
    if ((event.type == SDL_KEYDOWN && editing_key(event.key)) || event.type == SDL_MOUSEBUTTONDOWN) break;
    switch (event.type) {
      case SDL_QUIT: loop.quit = true; break;
      // An input method's text so far, gone once committed. Only SDL's own composition (the
      // desktop's): on the web the page's hidden input composes (bl_composing), and a key typed
      // just before the composition began may still be queued here as text.
      case SDL_TEXTEDITING:
        loop.state.composing = event.edit.text;
        loop.sdl_composes = !loop.state.composing.empty();
        break;
      case SDL_TEXTINPUT:
        if (loop.sdl_composes) loop.state.composing.clear();
        loop.sdl_composes = false;
        break;
      case SDL_MOUSEMOTION:  // a real mouse (not a finger SDL turned into one) shows again
        if (event.motion.which != SDL_TOUCH_MOUSEID) loop.hide_mouse_from = UINT64_MAX;
        break;
      default: break;
    }
  }
  // Stray text waits until the typing box has the keyboard (it asked for it last frame).
  const app::Layout& layout = loop.state.layout;
  if (!loop.stray_text.empty() && (layout.word_box_active || layout.answer_box_active) &&
      !loop.state.focus_word_box && !loop.state.focus_answer_box) {
    ImGui::GetIO().AddInputCharactersUTF8(loop.stray_text.c_str());
    loop.stray_text.clear();
  }
  refresh_fonts(loop);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // ImGui 1.86's SDL backend can report 0 when the browser timer has not advanced; ImGui
  // asserts on a non-positive DeltaTime.
  ImGuiIO& io = ImGui::GetIO();
  if (io.DeltaTime <= 0.0f) io.DeltaTime = 1.0f / 1000.0f;
  // A slow frame (a list loading, a busy machine) must not count as a key held down: a key
  // pressed just before it would repeat (an Enter in the list box made two lines). ImGui's
  // repeat starts after 0.275 s of frames, so no frame counts for more than 0.1 s while a key
  // is down. Otherwise the time is real: after a pause with no frames drawn, two clicks a
  // second apart are not a double click.
  if (any_key_down(io)) io.DeltaTime = std::min(io.DeltaTime, 0.1f);
  apply_touch_gesture(loop, io);
  // A capture (Save PNG) asked for last frame is taken from this frame, drawn with the mouse
  // "nowhere" so that no hover or tooltip (the button's own) lands in the image.
  const bool capturing = loop.host->has_captures();
  if (loop.frames >= loop.hide_mouse_from || capturing) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  if (loop.paste_release) {  // the modifiers as they really are (the SDL backend sets them only on key
                             // events)
    loop.paste_release = false;
    io.KeysDown[SDL_SCANCODE_V] = false;
    set_modifiers(io, static_cast<Uint16>(SDL_GetModState()));
  }
  if (loop.paste_pending) {  // ImGui pastes (from SDL's clipboard) on Ctrl+V: give it one
    loop.paste_pending = false;
    loop.paste_release = true;
    io.KeysDown[SDL_SCANCODE_V] = true;
    io.KeyCtrl = true;
    io.KeyShift = io.KeyAlt = io.KeySuper = false;
  }
  ImGui::NewFrame();
  const auto app_start = std::chrono::steady_clock::now();
  app::frame(loop.state, *loop.host);
  loop.app_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - app_start).count();
  loop.state.bits.pinch_zoom = 1.0f;  // a pinch and a scroll are consumed by the frame they came for
  loop.state.touch_scroll = app::TouchScroll{};
  ImGui::Render();

  ++loop.frames;
  if (!render) return;
  int w = 0, h = 0;
  SDL_GL_GetDrawableSize(loop.window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  // Region captures (Save PNG) read this frame's back buffer, before the swap.
  if (capturing) {
    const std::string refused = loop.host->finish_captures(w, h, io.DisplayFramebufferScale.x);
    if (!refused.empty()) (void)app::apply(loop.state, *loop.host, app::act::ExportRefused{refused});
  }
  ++loop.shown_frames;
  loop.drawn_at = double(SDL_GetTicks64()) / 1000.0;
  if (loop.wake_frames > 0) --loop.wake_frames;
}

void settle(Loop& loop, double budget_ms) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&start] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  do {
    frame(loop, false);
  } while ((!app::layout_settled(loop.state) || app::plots_computing(loop.state)) && elapsed() < budget_ms);
}

bool input_waiting(Loop& loop) {
  SDL_PumpEvents();
  return SDL_PeepEvents(nullptr, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) > 0 ||
         !loop.page_input.empty() || !loop.keys_down.empty() || !loop.keys_to_release.empty() ||
         !loop.sdl_keys_to_release.empty() || !loop.stray_text.empty() || loop.paste_pending ||
         loop.paste_release || loop.press_frames > 0;
}

const char* busy_reason(Loop& loop, bool announcement) {
  const ImGuiIO& io = ImGui::GetIO();
  int w = 0, h = 0;
  SDL_GetWindowSize(loop.window, &w, &h);
  if (input_waiting(loop)) return "input";
  if (loop.gesture != Loop::Gesture::none || !loop.fingers.empty()) return "finger";
  if (loop.hide_mouse_from != UINT64_MAX && loop.frames <= loop.hide_mouse_from) return "finger lifted";
  if (loop.host->has_captures()) return "capture";
  if (any_key_down(io)) return "key down";
  if (std::any_of(std::begin(io.MouseDown), std::end(io.MouseDown), [](bool d) { return d; }))
    return "button down";
  if (app::fonts_version() != loop.fonts_version) return "fonts";
  if (float(w) != io.DisplaySize.x || float(h) != io.DisplaySize.y) return "resized";
  if (const char* why = app::work_reason(loop.state)) return why;
  if (announcement && app::wants_frames(loop.state)) return "announcement";
  return nullptr;
}

bool busy(Loop& loop, bool announcement) { return busy_reason(loop, announcement) != nullptr; }

bool frame_wanted(Loop& loop) {
  if (busy(loop)) loop.wake_frames = kWakeFrames;
  return loop.wake_frames > 0 || double(SDL_GetTicks64()) / 1000.0 - loop.drawn_at >= kIdleRedrawSeconds;
}

void swap(Loop& loop) { SDL_GL_SwapWindow(loop.window); }

void gl_context_restored(Loop& loop) {
  // A fresh backend: its buffer sizes must start from 0 too (glBufferSubData into the new,
  // empty buffers overflowed). Deleting the old objects is a no-op with a WebGL warning.
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  loop.host->forget_textures();
  loop.state.bit_cache.texture_version = UINT64_MAX;
}

void shutdown(Loop& loop) {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  if (loop.gl) SDL_GL_DeleteContext(loop.gl);
  if (loop.window) SDL_DestroyWindow(loop.window);
  SDL_Quit();
}

}  // namespace bloomlab::platform
