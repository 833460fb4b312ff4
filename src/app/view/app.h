// The application: init / frame / cleanup, called by the platform's main loop (after sokol).
#pragma once
#include "app/model/host.h"
#include "app/model/state.h"

namespace bloomlab::app {

// Sets styles and fonts' scale from the view options; call after ImGui::CreateContext().
void init(AppState& s, Host& host);
// Builds one frame of UI: every panel, in a window filling the display.
void frame(AppState& s, Host& host);
// Theme colours for the current options (applied when they change).
void apply_theme(const ViewOptions& v);
// Whether the column under (x, y) (CSS px) can scroll towards dy (> 0: down; 0: either way),
// as last drawn: a wheel or a swipe it cannot use belongs to the page around an embed.
bool can_scroll(const AppState& s, float x, float y, float dy);
// Whether any column has more than fits.
bool can_scroll_anywhere(const AppState& s);
// Whether the next frame has something to draw or do: an action applied since the last frame,
// background work with more to do (a list loading, the plots' measurement, the speed run), a
// screen reader's announcement waiting for the text to rest. Between such frames and the
// user's input an idle page draws nothing (platform/loop.h, frame_wanted).
bool wants_frames(const AppState& s);
// wants_frames, but for the screen reader's announcement (which waits for the text to rest
// 0.7 s): an action, input or work still to show.
bool working(const AppState& s);
// What it is working on, in a word or two ("layout", "list loading" ...), or nullptr.
const char* work_reason(const AppState& s);
// Whether the last frame placed everything where the frame before did (Layout::signature).
bool layout_settled(const AppState& s);
// Whether the layout still moves and the page should draw on until it rests (for a few dozen
// frames at most).
bool layout_moving(const AppState& s);
// Whether the plots' background work (the sweep, the growth curve, the exact curve) is still
// computing what they show.
bool plots_computing(const AppState& s);

}  // namespace bloomlab::app
