// The browser program: the app on a WebGL2 canvas, and the C side of the JS API that
// web/bloomlab.js wraps as window.bloomlab. Every call goes to the same actions the UI uses.
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>  // PlatformImePos: where the text cursor is, for the hidden input

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "app/model/actions.h"
#include "app/model/format.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "app/model/url_params.h"
#include "app/view/app.h"
#include "app/view/fonts.h"
#include "core/json_writer.h"
#include "core/parse.h"
#include "core/word_list.h"
#include "loop.h"

namespace bloomlab::platform {
namespace {

// Calls into web/bloomlab.js (Module.bloomlab*), which does the browser's part.
// clang-format off
EM_JS(void, js_request_password_list, (), { Module.bloomlabFetchPasswords(); });
EM_JS(void, js_request_asset, (const char* name), { Module.bloomlabFetchAsset(UTF8ToString(name)); });
EM_JS(void, js_save_file, (const char* name, const char* mime, const char* bytes, size_t size), {
  Module.bloomlabSaveFile(UTF8ToString(name), UTF8ToString(mime), HEAPU8.slice(bytes, bytes + size));
});
EM_JS(void, js_announce, (const char* text), { Module.bloomlabAnnounce(UTF8ToString(text)); });
EM_JS(void, js_frame_drawn, (double frames), { Module.bloomlabFrameDrawn(frames); });
EM_JS(void, js_param_warnings, (const char* json), {
  Module.bloomlabParamWarnings(JSON.parse(UTF8ToString(json)));
});
EM_JS(char*, js_location_params, (), {
  // The fragment is the whole state the app kept there (history.replaceState as it changed):
  // when present it replaces the query (the embed's or link's configuration) rather than mixing
  // with it, so a reload restores exactly what was on screen.
  const q = location.search.slice(1);  // without the leading "?"
  const h = location.hash.slice(1);    // without the leading "#"
  return stringToNewUTF8(h || q);
});
EM_JS(int, js_page_preferences, (), { return Module.bloomlabPagePreferences(); });
EM_JS(void, js_keep_state, (const char* params), {
  Module.bloomlabKeepState(UTF8ToString(params));
});
// The sessions kept in the browser's IndexedDB (web/bloomlab.js stores, chooses and offers them).
// The words are bytes (encode_session_words), copied as they are: never decoded as text.
// words null: the words are those saved last (only the parameters or the view changed).
// from >= 0: the bytes are the words after the first `from`, which were saved last (words were
// added): 0 comes back when the page no longer has those (the whole words are sent then).
EM_JS(int, js_save_session, (const char* link, const char* params, const char* words, size_t size,
                             double count, int replaced, double from), {
  return Module.bloomlabSaveSession(UTF8ToString(link), UTF8ToString(params),
                                    words ? HEAPU8.slice(words, words + size) : null, count, !!replaced, from) ? 1 : 0;
});
// Picks the saved session to restore for the page's own parameters (1) or none (0).
EM_JS(int, js_choose_session, (const char* own), {
  return Module.bloomlabChooseSession(UTF8ToString(own)) ? 1 : 0;
});
// Part `which` (0 link, 1 params, 2 words) of the chosen session, as bytes; *size gets its
// length (the words may hold NUL bytes). Null when none was chosen, or the heap is full.
EM_JS(char*, js_chosen_session_part, (int which, size_t* size), {
  const saved = Module.bloomlabChosenSession();
  if (!saved) return 0;
  const part = [saved.link, saved.params, saved.words][which];
  const bytes = typeof part === "string" ? new TextEncoder().encode(part) : part;
  const ptr = _malloc(bytes.length + 1);
  if (!ptr) {  // no room in the heap (a huge filter): start without it rather than write at 0
    console.warn("bloomlab: not enough memory to restore the saved session");
    return 0;
  }
  HEAPU8.set(bytes, ptr);
  HEAPU8[ptr + bytes.length] = 0;
  HEAPU32[size >> 2] = bytes.length;
  return ptr;
});
// The lessons' progress (app::lesson_progress_text), kept apart from the session: a few lines.
EM_JS(void, js_save_lessons, (const char* text), {
  try { localStorage.setItem("bloomlab.lessons", UTF8ToString(text)); } catch (e) { /* no storage: progress is not kept */ }
});
EM_JS(char*, js_load_lessons, (), {
  try { const v = localStorage.getItem("bloomlab.lessons"); return v === null ? 0 : stringToNewUTF8(v.slice(0, 65536)); }
  catch (e) { return 0; }
});
// The UI's language (src/app/model/i18n.h): its files (lang/<code>.mo, for zh its font) come through
// request_asset, only for the language shown; the reader's choice is kept in localStorage.
EM_JS(void, js_save_language, (const char* code), {
  try { localStorage.setItem("bloomlab.lang", UTF8ToString(code)); } catch (e) { /* no storage: not kept */ }
});
// The page's pick before any link: the saved choice, else navigator.languages; "" for none.
// A leading "!" marks a saved choice (the reader chose it once).
EM_JS(char*, js_page_language, (), { return stringToNewUTF8(Module.bloomlabPageLanguage()); });
EM_JS(void, js_install_prefetched_catalog, (), { Module.bloomlabInstallPrefetched(); });
EM_JS(void, js_start_when_language_ready, (), { Module.bloomlabStartWhenLanguageReady(); });
EM_JS(void, js_language_shown, (const char* code), { Module.bloomlabLanguageShown(UTF8ToString(code)); });
EM_JS(void, js_copy_text, (const char* text), { Module.bloomlabCopyText(UTF8ToString(text)); });
EM_JS(void, js_open_file, (), { Module.bloomlabOpenFile(); });
EM_JS(char*, js_page_url, (), { return stringToNewUTF8(location.origin + location.pathname); });
EM_JS(void, js_text_input, (int wanted, double x, double y, double w, double h), {
  Module.bloomlabTextInput(!!wanted, x, y, w, h);
});
// One character drawn by the browser's fonts (fonts.h GlyphRasterizer): its bounding box at
// `em` device pixels per em, white (an emoji in its colours) on a transparent canvas. A character
// with no width of its own (a combining mark) is drawn on a no-break space, so that no dotted
// circle comes with it. The colour emoji fonts come first: a system's sans-serif may have
// black-and-white emoji (DejaVu Sans has 😀). metrics: width, height, advance, left, top,
// coloured. Returns 0 when the box does not fit `capacity` bytes.
EM_JS(int, js_draw_glyph, (unsigned cp, float em, float* metrics, unsigned char* pixels, int capacity), {
  var c = Module.glyphCanvas || (Module.glyphCanvas = document.createElement("canvas"));
  var g = c.getContext("2d", {willReadFrequently: true});
  var ch = String.fromCodePoint(cp), font = em + "px 'Apple Color Emoji','Segoe UI Emoji','Noto Color Emoji',sans-serif";
  g.font = font;
  var base = g.measureText(ch).width ? "" : String.fromCharCode(160);
  var shift = base ? g.measureText(base).width : 0, m = g.measureText(base + ch);
  var left = Math.floor(-m.actualBoundingBoxLeft), top = Math.ceil(m.actualBoundingBoxAscent);
  var w = Math.max(1, Math.ceil(m.actualBoundingBoxRight) - left), h = Math.max(1, top + Math.ceil(m.actualBoundingBoxDescent));
  if (w * h * 4 > capacity) return 0;
  c.width = w; c.height = h;
  g.font = font; g.fillStyle = "#fff";
  g.fillText(base + ch, -left, top);
  var d = g.getImageData(0, 0, w, h).data, colored = 0;
  for (var i = 0; i < d.length && !colored; i += 4)
    colored = d[i + 3] > 64 && (Math.abs(d[i] - d[i + 1]) > 8 || Math.abs(d[i + 1] - d[i + 2]) > 8 || d[i] < 200);
  HEAPU8.set(d, pixels);
  HEAPF32.set([w, h, m.width - shift, left - shift, top, colored], metrics >> 2);
  return 1;
});
EM_JS(void, js_page_scroll, (int embed, int app_scrolls), { Module.bloomlabPageScroll(!!embed, !!app_scrolls); });
// clang-format on

// The page's preferences, as js_page_preferences packs them (web/bloomlab.js).
enum PagePreference {
  kPrefersLight = 1,
  kPrefersContrast = 2,
  kReducedMotion = 4,
  kCoarsePointer = 8,
};
constexpr double kKeepStateEverySeconds = 0.4;  // changes in a row kept at most this often

class WebHost : public GlHost {
 public:
  void request_password_list() override { js_request_password_list(); }
  void request_asset(const std::string& name) override { js_request_asset(name.c_str()); }
  void save_file(const std::string& name, const std::string& mime, std::string_view bytes) override {
    js_save_file(name.c_str(), mime.c_str(), bytes.data(), bytes.size());
  }
  void announce(const std::string& text) override { js_announce(text.c_str()); }
  void copy_text(const std::string& text) override { js_copy_text(text.c_str()); }
  void open_file() override { js_open_file(); }
  void save_lesson_progress(const std::string& text) override { js_save_lessons(text.c_str()); }
  void save_language(app::Lang lang) override { js_save_language(app::lang_code(lang)); }
  std::string page_url() const override {
    char* url = js_page_url();  // null when the heap is full (stringToNewUTF8's malloc)
    if (!url) return app::Host::page_url();
    std::string out = url;
    free(url);
    return out;
  }
};

WebHost g_host;
Loop g_loop;
std::string g_reply;  // the last answer handed to JS; valid until the next call

const char* reply(std::string json) {
  g_reply = std::move(json);
  return g_reply.c_str();
}

const char* error_reply(const std::string& message) {
  JsonWriter j;
  j.begin_object().field("ok", false).field("code", "invalid_argument").field("error", message).end_object();
  return reply(j.str());
}

// A name or a number from the JS API (bloomlab.js withName): its '%' and NUL bytes come written
// %25 and %00, so that a NUL inside ("standard\0x") reaches the judge rather than ending the C
// string there and passing as "standard".
std::string text_arg(const char* text) {
  std::string out;
  for (const char* c = text; *c; ++c) {
    if (c[0] == '%' && c[1] == '0' && c[2] == '0')
      out += '\0', c += 2;
    else if (c[0] == '%' && c[1] == '2' && c[2] == '5')
      out += '%', c += 2;
    else
      out += *c;
  }
  return out;
}

// A number from the JS API as text (bloomlab.js numberText), read as every door reads one
// (core/parse.h): a whole number, or nullopt with `shown` the value as a refusal words it (a
// number such as 64.5 as it is, anything else quoted).
std::optional<double> whole_arg(const std::string& text, std::string& shown) {
  if (const std::optional<uint64_t> v = parse_whole(text)) return double(*v);
  shown = parse_real(text) ? text : app::quoted(text);
  return std::nullopt;
}

// A count the caller may leave out ("" is -1, the action's "not given"), else read by whole_arg;
// nullopt when refused, with `refusal` the reply saying so in `code`'s words.
std::optional<double> count_arg(const char* raw, app::Code code, const char*& refusal) {
  const std::string text = text_arg(raw);
  if (text.empty()) return -1;
  std::string shown;
  if (const std::optional<double> v = whole_arg(text, shown)) return v;
  refusal = reply(app::actions::outcome_json(app::Outcome{code, {shown}, true}));
  return std::nullopt;
}

// Applies an action for the JS API: the same door as the UI. Its outcome as JSON
// ({ok, code, error?}); web/bloomlab.js throws an Error with the message when not ok.
const char* run(const app::Action& action) {
  return reply(app::actions::outcome_json(app::apply(g_loop.state, g_host, action)));
}

std::string warnings_json(const std::vector<std::string>& warnings) {
  JsonWriter w;
  w.begin_array();
  for (const auto& warning : warnings) w.value(warning);
  w.end_array();
  return w.str();
}

// The chosen session's part (js_chosen_session_part); false when there is none.
bool saved_session_part(int which, std::string& out) {
  size_t size = 0;
  char* text = js_chosen_session_part(which, &size);
  if (!text) return false;
  out.assign(text, size);
  free(text);
  return true;
}

// The state is kept in the URL fragment as it changes, so a reload or a copied address
// restores it. Only after a change: opening a link leaves its address as it was.
std::string g_kept_params;
double g_kept_at = 0;  // when a change was last kept
uint64_t g_kept_words_version = 0;
bool g_frames_unkept = true;  // frames were drawn since the state was last looked at
// And in IndexedDB (app::session_for: with every word, even more than a link carries), so
// that the page opened again without parameters, or after a crash, comes back as it was.
// One writer, one version: the fragment and the session change together, or neither does.
std::string g_saved_link;
uint64_t g_saved_words_version = 0;
// The words last saved, as a count and a lineage (WordSet::lineage): are they the start of the
// words now (words appended), or were some replaced or removed (the platform then keeps the old
// ones apart)? A hash over a million words cost 120 ms a save.
size_t g_saved_count = 0;
uint64_t g_saved_lineage = 0;
bool g_saved_apart = false;  // the words last saved travelled apart from the parameters

void remember_saved_words() {
  g_saved_count = g_loop.state.set.words().size();
  g_saved_lineage = g_loop.state.set.lineage();
}

// A save whose words go whole (the first after a list is loaded, or after a removal) and are
// more than kStageFromBytes is prepared over frames: the words are encoded and handed to the page
// a piece of kStagePieceBytes a frame (bloomlabStageWords, ~10 ms; 4 MB pieces took 16-30 ms),
// then written at once.
// Encoding and copying a million words' 16 MB in one frame held the page 300 ms; a 64 MiB list,
// a second. Up to kStageUpToBytes: a larger list is saved in one step as before, so that it is
// stored before a reload a few seconds later (handed over and written in the background, a
// 62.5 MiB list took ~3 s, and data_loss 9a lost it on a reload after 2 s).
constexpr size_t kStageFromBytes = size_t{1} << 20;
constexpr size_t kStageUpToBytes = size_t{24} << 20;
constexpr size_t kStagePieceBytes = size_t{2} << 20;
struct Staging {
  bool active = false;
  uint64_t lineage = 0;
  size_t words = 0;  // words[0, words) are with the page
};
Staging g_staging;
// clang-format off
EM_JS(void, js_stage_words, (const char* bytes, size_t size), {
  Module.bloomlabStageWords(bytes ? HEAPU8.slice(bytes, bytes + size) : null);
});
// clang-format on

// A save that did not need the pieces handed over (the words changed, or only the parameters):
// the page drops them rather than hold up to 24 MiB until the next staging starts.
void drop_staging() {
  if (g_staging.active) js_stage_words(nullptr, 0);
  g_staging.active = false;
}

// Hands the page the next piece of the words (all the rest when `all`); true once all are there.
bool stage_words(bool all) {
  const WordSet& set = g_loop.state.set;
  const auto& words = set.words();
  if (!g_staging.active || g_staging.lineage != set.lineage() || g_staging.words > words.size()) {
    g_staging = Staging{true, set.lineage(), 0};
    js_stage_words(nullptr, 0);  // what the page held is dropped
  }
  size_t end = g_staging.words;
  for (size_t bytes = 0; end < words.size() && (all || bytes < kStagePieceBytes); ++end)
    bytes += 4 + words[end].size();
  if (end > g_staging.words) {
    std::string piece;
    app::append_session_words(piece, words, g_staging.words, end);
    js_stage_words(piece.data(), piece.size());
    g_staging.words = end;
  }
  return end == words.size();
}

// Saves the session for `link` unless it is saved already; false while its words are still
// being handed over (a frame at a time): the address waits with it. now: at once (leaving).
bool save_session(const std::string& link, bool now) {
  const app::AppState& s = g_loop.state;
  if (s.view.embed) return true;  // an article's embed is configured by its address and keeps nothing
  if (link == g_saved_link && s.words_version == g_saved_words_version) return true;
  const auto& words = s.set.words();
  // Only the parameters or the view changed, and the words travelled apart before as now: the
  // bytes saved then are kept (no 64 MiB encoded and copied again for a move of the m slider).
  const bool same_words = s.words_version == g_saved_words_version && g_saved_apart;
  const bool replaced = !same_words && (words.size() < g_saved_count || s.set.lineage() != g_saved_lineage);
  const app::Session session = app::session_for(s, false);  // the words' bytes: below
  const size_t saved_count = g_saved_count;
  const bool saved_apart = g_saved_apart;
  const auto save = [&](const char* bytes, size_t size, double from) {
    g_saved_link = link;
    g_saved_words_version = s.words_version;
    remember_saved_words();
    g_saved_apart = session.words_apart;
    return js_save_session(link.c_str(), session.params.c_str(), bytes, size, double(session.word_count),
                           replaced, from) != 0;
  };
  if (!session.words_apart || same_words) {
    drop_staging();
    // The parameters carry the words, or only they or the view changed (the words saved last stay).
    save(session.words_apart ? nullptr : "", 0, -1);
    return true;
  }
  // Words were added to those saved last (a word typed into a million): only the new ones go,
  // 16 MB were encoded and copied at each save before.
  if (saved_apart && !replaced) {
    std::string added;
    app::append_session_words(added, words, saved_count, words.size());
    if (save(added.data(), added.size(), double(saved_count))) {
      drop_staging();
      return true;
    }
  }
  const uint64_t encoded = s.set.word_bytes() + 4 * uint64_t{words.size()};
  if (encoded > kStageFromBytes && encoded <= kStageUpToBytes) {
    if (!stage_words(now)) return false;
    g_staging.active = false;
    save(nullptr, 0, -2);  // -2: the words handed over
    return true;
  }
  drop_staging();
  const std::string all = app::encode_session_words(words);
  save(all.data(), all.size(), -1);
  return true;
}

// Looked at after each frame drawn (nothing changes without one). A change after a quiet spell
// (Next, a preset) is kept in the frame that shows it: kept up to 0.4 s later, a reload right
// after Next opened the step before. Changes in a row (a slider dragged, words typed) are kept at
// most every kKeepStateEverySeconds, the last of them once the spell has passed.
void keep_state(bool now_or_never) {
  const double now = emscripten_get_now() / 1000.0;
  if (!now_or_never && !g_staging.active && (!g_frames_unkept || now - g_kept_at < kKeepStateEverySeconds))
    return;
  const app::AppState& s = g_loop.state;
  // A list half-way in (loading, or the password list still downloading) is neither saved nor
  // put in the address: the two would disagree after a reload, and the session was dropped.
  // Both keep what was there before the load until it is done.
  if (s.pending.active() || s.password_list_loading) return;
  std::string params = app::url_params_for(s);
  if (!save_session(params, now_or_never)) return;  // the words are on their way: the address waits
  g_frames_unkept = false;
  if (params == g_kept_params && s.words_version == g_kept_words_version) return;
  g_kept_at = now;
  g_kept_words_version = s.words_version;
  if (params == g_kept_params) return;
  g_kept_params = std::move(params);
  js_keep_state(g_kept_params.c_str());
}

// The page opened: its own parameters (fragment or query), or a saved session when the page
// has none, or when its fragment is one that was kept (a reload: the session also has the words
// a link could not carry). web/bloomlab.js chooses, and afterwards offers the words of another
// session when they are more than the page opened with. Returns the warnings as JSON.
std::string open_page() {
  char* own_text = js_location_params();
  const std::string own = own_text ? own_text : "";
  free(own_text);
  std::string link;
  app::Session saved;
  const bool has_saved = js_choose_session(own.c_str()) && saved_session_part(0, link) &&
                         saved_session_part(1, saved.params) && saved_session_part(2, saved.words);
  app::AppState& s = g_loop.state;
  if (char* progress = js_load_lessons()) {  // before the link, which may open a lesson
    (void)app::apply(s, g_host, app::act::RestoreLessonProgress{progress});
    free(progress);
  }
  const std::vector<std::string> warnings =
      has_saved ? app::restore_session(s, g_host, saved, own) : app::apply_url_params(s, g_host, own);
  s.history = app::History{};  // the page as it opens is where undo stops
  s.author_params = own;       // an embed's Reset goes back to what its author wrote
  // The word box has the keyboard as the page opens; an embed never takes it from its article,
  // and a phone would open its on-screen keyboard over the page.
  // (Where typing goes: an open task's answer box, else the word box.)
  const bool take_keyboard = !s.view.embed && !s.view.touch;
  s.focus_word_box = take_keyboard && app::typing_box(s) == app::TypingBox::word;
  s.focus_answer_box = take_keyboard && app::typing_box(s) == app::TypingBox::answer;
  s.opening_focus = take_keyboard;
  g_saved_link = app::url_params_for(s);  // what was opened is saved again only once it changes
  g_saved_words_version = s.words_version;
  g_kept_params = g_saved_link;  // the address as opened is kept as is
  remember_saved_words();
  if (has_saved && !own.empty()) {
    // A reload restored a session whose words travel apart: its state's link now starts from
    // Empty ("preset=empty&..." rather than the "preset=tiny&..." in the address). The address
    // and the session are written again together, so the next reload finds them one version.
    g_kept_params = own;
    g_saved_link.clear();
  }
  return warnings_json(warnings);
}

// On-screen keyboards open only for a focused text element: while ImGui wants text, the page
// focuses a hidden <input> over the field (the word box, or a small box at the text cursor)
// and feeds what is typed into it back through bl_text_input / bl_key.
// Every frame while text is wanted (a click on the canvas takes the focus from the input; the
// field may move), once when it no longer is.
bool g_text_wanted = false;
void sync_text_input() {
  const bool wanted = text_field_has_keyboard();
  if (!wanted && !g_text_wanted) return;
  g_text_wanted = wanted;
  const ImVec2 caret = GImGui->PlatformImePos;
  const app::ScreenRect box = g_loop.state.layout.word_box;
  const bool in_word_box = caret.y >= box.y && caret.y <= box.y + box.h;
  const float line = ImGui::GetFontSize();
  if (in_word_box)
    js_text_input(wanted, box.x, box.y, box.w, box.h);
  else
    js_text_input(wanted, caret.x, caret.y, 4 * line, line);
}

// An embed whose columns all fit lets a vertical swipe scroll the article (the page sets the
// canvas's touch-action); its wheel is checked per event (bl_can_scroll).
int g_page_scroll = -1;
void sync_page_scroll() {
  const app::AppState& s = g_loop.state;
  const int now = (s.view.embed ? 1 : 0) | (app::can_scroll_anywhere(s) ? 2 : 0);
  if (now == g_page_scroll) return;
  g_page_scroll = now;
  js_page_scroll(now & 1, now & 2);
}

// Time spent in each frame's work (events, UI, draw calls), for tests/bench/browser_perf.mjs:
// rAF intervals in headless Chromium say more about its scheduler than about the app.
// app_*: the app's own part (app::frame: the UI and the slices of work), without the drawing,
// which headless Chromium's software GL makes slow and the machine's load makes uneven.
struct FrameStats {
  double total_ms = 0, max_ms = 0, app_total_ms = 0, app_max_ms = 0;
  uint64_t frames = 0;
};
FrameStats g_stats;

// Set by bl_gl_context_restored: the next frame recreates the GL objects first.
bool g_gl_restored = false;

// <html lang>, the page's own texts and setLanguage()'s promises follow the language shown.
app::Lang g_shown_lang = app::Lang::en;
bool g_lang_told = false;
void sync_language() {
  const app::Lang now = g_loop.state.view.lang;
  if (g_lang_told && now == g_shown_lang) return;
  g_lang_told = true;
  g_shown_lang = now;
  js_language_shown(app::lang_code(now));
}

void main_loop_step() {
  const double start = emscripten_get_now();
  if (g_gl_restored) {
    g_gl_restored = false;
    gl_context_restored(g_loop);
    g_loop.wake_frames = kWakeFrames;
  }
  if (!frame_wanted(g_loop)) {  // the canvas keeps showing the last frame
    keep_state(false);
    return;
  }
  if (g_loop.shown_frames == 0) settle(g_loop, kFirstFrameSettleMs);
  frame(g_loop);
  swap(g_loop);
  sync_text_input();
  sync_page_scroll();
  sync_language();
  g_frames_unkept = true;
  keep_state(false);
  const double ms = emscripten_get_now() - start;
  g_stats.total_ms += ms;
  g_stats.max_ms = std::max(g_stats.max_ms, ms);
  g_stats.app_total_ms += g_loop.app_ms;
  g_stats.app_max_ms = std::max(g_stats.app_max_ms, g_loop.app_ms);
  ++g_stats.frames;
  if (g_loop.shown_frames <= 2) js_frame_drawn(double(g_loop.shown_frames));
}

}  // namespace
}  // namespace bloomlab::platform

using namespace bloomlab;
using namespace bloomlab::platform;

extern "C" {

// The core's input limits, the one source of bloomlab.js's checks: {wordBytes, listBytes}.
EMSCRIPTEN_KEEPALIVE const char* bl_limits() {
  JsonWriter j;
  j.begin_object()
      .field("wordBytes", uint64_t{kMaxLineBytes})
      .field("listBytes", uint64_t{kMaxFileBytes})
      .end_object();
  return reply(j.str());
}

// Frame work since the last call: {frames, meanMs, maxMs, appMeanMs, appMaxMs}; resets the
// counters.
EMSCRIPTEN_KEEPALIVE const char* bl_frame_stats() {
  JsonWriter j;
  const double frames = double(std::max<uint64_t>(g_stats.frames, 1));
  j.begin_object().field("frames", g_stats.frames);
  j.field("meanMs", g_stats.total_ms / frames).field("maxMs", g_stats.max_ms);
  j.field("appMeanMs", g_stats.app_total_ms / frames).field("appMaxMs", g_stats.app_max_ms).end_object();
  g_stats = FrameStats{};
  return reply(j.str());
}

EMSCRIPTEN_KEEPALIVE const char* bl_state() {
  // state() tells the word box's setters and culprits: found once per change and kept in the
  // cache the frames read (a walk over every word; a benchmark polls state() every frame: with
  // a slice here and the rest walked again uncached, each call took 60-120 ms with 1M words).
  // Not while a list loads: the words change every frame, and state() polled at each frame
  // walked them all each time (a 4M-word load took 19 s instead of 9).
  if (!g_loop.state.word_input.empty() && !g_loop.state.pending.active())
    (void)app::actions::finished_query_with_setters(g_loop.state);
  return reply(app::actions::state_json(g_loop.state));
}

EMSCRIPTEN_KEEPALIVE const char* bl_query(const char* bytes, int size) {
  return reply(app::actions::query_json(g_loop.state, std::string_view(bytes, size_t(size))));
}

EMSCRIPTEN_KEEPALIVE const char* bl_add(const char* bytes, int size) {
  return run(app::act::AddWord{std::string(bytes, size_t(size))});
}

EMSCRIPTEN_KEEPALIVE const char* bl_remove(const char* bytes, int size) {
  return run(app::act::RemoveWord{std::string(bytes, size_t(size))});
}

// setParams({key: value, ...}) as "key=value&..." (percent-encoded): each read by the schema's
// row for its key (core/params.h), as a link's and the CLI's are; one bad key or value refuses
// the whole call.
EMSCRIPTEN_KEEPALIVE const char* bl_set_params(const char* query) {
  return reply(app::actions::outcome_json(app::set_params_text(g_loop.state, g_host, text_arg(query))));
}

EMSCRIPTEN_KEEPALIVE const char* bl_load_preset(const char* name) {
  return run(app::act::LoadPreset{text_arg(name)});
}

// The Code panel's program for the current filter (the text itself, not JSON), or an error reply.
EMSCRIPTEN_KEEPALIVE const char* bl_code(const char* language_text) {
  const std::string language = text_arg(language_text);
  const std::optional<Language> l = parse_language(language);
  if (!l) return error_reply("unknown language " + app::quoted(language) + " (python, go, javascript, cpp)");
  const std::optional<std::string> text = app::actions::code_program(g_loop.state, *l);
  if (!text) return error_reply("the programs' templates are not here yet (bloomlab.code() waits for them)");
  return reply(*text);
}
// Asks for the Code panel's templates (bloomlab.code() does, then waits on state().codeTexts).
EMSCRIPTEN_KEEPALIVE void bl_load_code() { (void)app::apply(g_loop.state, g_host, app::act::LoadCode{}); }

// The probes as text ("" for the current count), read as every door reads a count.
EMSCRIPTEN_KEEPALIVE const char* bl_measure(const char* probes_text) {
  const char* refusal = nullptr;
  const std::optional<double> probes = count_arg(probes_text, app::Code::probes_invalid, refusal);
  if (!probes) return refusal;
  const app::Outcome o = app::apply(g_loop.state, g_host, app::act::Measure{*probes});
  if (!o.ok()) return reply(app::actions::outcome_json(o));
  return reply(app::actions::measurement_json(*g_loop.state.measurement));
}

// The growth slider (a whole number as text; "": all the words), the growth curve and the memory figures.
EMSCRIPTEN_KEEPALIVE const char* bl_set_inserted(const char* n_text) {
  const char* refusal = nullptr;
  const std::optional<double> n = count_arg(n_text, app::Code::inserted_invalid, refusal);
  return n ? run(app::act::SetInserted{*n}) : refusal;
}
EMSCRIPTEN_KEEPALIVE const char* bl_growth() { return reply(app::actions::growth_json(g_loop.state)); }
EMSCRIPTEN_KEEPALIVE const char* bl_memory() { return reply(app::actions::memory_json(g_loop.state)); }
// The Speed panel's measurement (queries, rounds as text: "" the defaults), run a slice per
// frame; its state and, once done, its rows.
EMSCRIPTEN_KEEPALIVE const char* bl_speed_start(int out_of_cache, const char* queries_text,
                                                const char* rounds_text) {
  const char* refusal = nullptr;
  const std::optional<double> queries = count_arg(queries_text, app::Code::speed_invalid, refusal);
  if (!queries) return refusal;
  const std::optional<double> rounds = count_arg(rounds_text, app::Code::speed_invalid, refusal);
  if (!rounds) return refusal;
  return run(app::act::Speed{app::act::Speed::measure, out_of_cache != 0, *queries, *rounds});
}
EMSCRIPTEN_KEEPALIVE const char* bl_speed_cancel() { return run(app::act::Speed{app::act::Speed::cancel}); }
EMSCRIPTEN_KEEPALIVE const char* bl_speed() { return reply(app::actions::speed_json(g_loop.state)); }
// The family panel's measurement (probes as text: "" the default), a slice per frame; its state
// and, once done, its rows.
EMSCRIPTEN_KEEPALIVE const char* bl_family_start(const char* probes_text) {
  const char* refusal = nullptr;
  const std::optional<double> probes = count_arg(probes_text, app::Code::probes_invalid, refusal);
  return probes ? run(app::act::Family{app::act::Family::measure, *probes}) : refusal;
}
EMSCRIPTEN_KEEPALIVE const char* bl_family_cancel() {
  return run(app::act::Family{app::act::Family::cancel});
}
EMSCRIPTEN_KEEPALIVE const char* bl_family() { return reply(app::actions::family_json(g_loop.state)); }

// bloomlab.loadWords(): the page writes the list straight into the string that the action and
// then the list's reader keep (one copy of up to 64 MiB into the heap, not three: each fresh
// copy of a million words cost ~30 ms of page faults). bl_list_buffer(size) gives its bytes, or
// 0 when the heap cannot hold them (asked of malloc first: a failed std::string aborts, as
// this build has no exceptions); bl_load_list(source) hands it over; bl_drop_list_buffer()
// frees what was not handed over.
std::string g_list_buffer;
EMSCRIPTEN_KEEPALIVE char* bl_list_buffer(int size) {
  g_list_buffer = std::string();
  void* room = std::malloc(size_t(size) + 1);
  if (!room) return nullptr;
  std::free(room);
  g_list_buffer.resize(size_t(size));
  return g_list_buffer.data();
}
EMSCRIPTEN_KEEPALIVE void bl_drop_list_buffer() { g_list_buffer = std::string(); }
EMSCRIPTEN_KEEPALIVE const char* bl_load_list(const char* source) {
  std::string bytes = std::move(g_list_buffer);
  g_list_buffer = std::string();
  std::string name = text_arg(source);
  const app::ListSource from = name.empty() ? app::ListSource::pasted : app::ListSource::file;
  return run(app::act::LoadWordList{std::move(bytes), std::move(name), from});
}

EMSCRIPTEN_KEEPALIVE void bl_password_list_arrived(const char* bytes, int size) {
  (void)app::apply(g_loop.state, g_host, app::act::PasswordListArrived{std::string(bytes, size_t(size))});
}

EMSCRIPTEN_KEEPALIVE void bl_password_list_failed(const char* why) {
  (void)app::apply(g_loop.state, g_host, app::act::PasswordListFailed{why});
}

// bloomlab.setLanguage(code): the reader's choice, as the header's selector makes it.
EMSCRIPTEN_KEEPALIVE const char* bl_set_language(const char* code_text) {
  const std::string code = text_arg(code_text);
  app::Lang lang;
  if (code.find('\0') != std::string::npos || !app::parse_lang(code, &lang))
    return error_reply("setLanguage: " + app::quoted(code) + " is not en, ru, uk or zh");
  return run(app::act::SetLanguage{lang, true});
}
// A file the app asked for (Host::request_asset), or why it did not come.
EMSCRIPTEN_KEEPALIVE void bl_asset_arrived(const char* name, const char* bytes, int size) {
  (void)app::apply(g_loop.state, g_host, app::act::AssetArrived{name, std::string(bytes, size_t(size))});
}
EMSCRIPTEN_KEEPALIVE void bl_asset_failed(const char* name, const char* why) {
  (void)app::apply(g_loop.state, g_host, app::act::AssetFailed{name, why});
}
EMSCRIPTEN_KEEPALIVE void bl_load_lessons() {
  (void)app::apply(g_loop.state, g_host, app::act::LoadLessons{});
}

EMSCRIPTEN_KEEPALIVE const char* bl_undo() { return run(app::act::Undo{}); }
EMSCRIPTEN_KEEPALIVE const char* bl_redo() { return run(app::act::Redo{}); }
EMSCRIPTEN_KEEPALIVE int bl_can_undo() { return g_loop.state.history.can_undo(); }
EMSCRIPTEN_KEEPALIVE int bl_can_redo() { return g_loop.state.history.can_redo(); }

// Lessons (web/bloomlab.js: lessons(), openLesson(), lesson(), answer()).
EMSCRIPTEN_KEEPALIVE const char* bl_lessons() { return reply(app::lessons_json(g_loop.state)); }
EMSCRIPTEN_KEEPALIVE const char* bl_lesson() { return reply(app::lesson_json(g_loop.state)); }
// The step (1-based) as text, read as every door reads a count: 2^32 + 2 is not step 2.
EMSCRIPTEN_KEEPALIVE const char* bl_open_lesson(const char* id, const char* step_text) {
  const std::string text = text_arg(step_text);
  std::string shown;
  const std::optional<double> step = whole_arg(text, shown);
  return run(app::act::OpenLesson{text_arg(id), step ? int64_t(std::min(*step, 1e15)) : 0, false,
                                  step ? "" : shown});
}
// An answer is given in parts: the labels of false-or-real first (bl_answer_label), then
// bl_answer with the kind of value: 0 text, 1 number, 2 {m, k}, 3 the labels.
static app::LessonAnswer g_answer;
EMSCRIPTEN_KEEPALIVE void bl_answer_label(const char* bytes, int size, int in_list) {
  g_answer.labels.emplace_back(std::string(bytes, size_t(size)), in_list != 0);
}
EMSCRIPTEN_KEEPALIVE const char* bl_answer(int kind, const char* bytes, int size, double a, double b) {
  app::LessonAnswer answer = std::move(g_answer);
  g_answer = app::LessonAnswer{};
  if (kind == 0) answer.text.assign(bytes, size_t(size));
  if (kind == 1) answer.number = a;
  if (kind == 2) answer.m = a, answer.k = b;
  const app::Outcome o = app::apply(g_loop.state, g_host, app::act::AnswerTask{answer});
  JsonWriter j;
  j.begin_object()
      .field("correct", o.ok())
      .field("feedback", app::outcome_text(o))
      .field("code", app::code_name(o.code));
  j.end_object();
  return reply(j.str());
}

EMSCRIPTEN_KEEPALIVE const char* bl_apply_params(const char* query) {
  return reply(warnings_json(app::apply_url_params(g_loop.state, g_host, text_arg(query))));
}

// Restores the session web/bloomlab.js chose (the page's "Restore your previous words"): as
// any change, undoable, and saved in this tab's own record. The warnings as JSON.
EMSCRIPTEN_KEEPALIVE const char* bl_restore_chosen() {
  std::string link;
  app::Session saved;
  if (!(saved_session_part(0, link) && saved_session_part(1, saved.params) &&
        saved_session_part(2, saved.words)))
    return error_reply("the previous words could not be read back");
  const std::vector<std::string> warnings = app::restore_session(g_loop.state, g_host, saved);
  JsonWriter j;
  j.begin_object().field("ok", true).field("code", "restored");
  j.key("warnings").begin_array();
  for (const auto& w : warnings) j.value(w);
  j.end_array().end_object();
  return reply(j.str());
}

EMSCRIPTEN_KEEPALIVE const char* bl_share_params() { return reply(app::share_params_for(g_loop.state)); }

// The browser gave the WebGL context back after losing it (web/bloomlab.js, on
// webglcontextrestored): the GL objects are recreated before the next frame.
EMSCRIPTEN_KEEPALIVE void bl_gl_context_restored() { g_gl_restored = true; }

// Whether the column under (x, y) (CSS px) can scroll towards dy: else an embed's wheel is the
// article's (web/bloomlab.js).
EMSCRIPTEN_KEEPALIVE int bl_can_scroll(double x, double y, double dy) {
  return app::can_scroll(g_loop.state, float(x), float(y), float(dy)) ? 1 : 0;
}

// The page is going away (web/bloomlab.js, on pagehide): keep the state now, not at the next tick.
EMSCRIPTEN_KEEPALIVE void bl_keep_state_now() { keep_state(true); }

// Text the page passes on (UTF-8): what is typed into the hidden input of the on-screen keyboard,
// committed IME text included, and a character outside the BMP typed on the canvas. It joins
// SDL's event queue as SDL_TEXTINPUT, behind the text SDL already queued from earlier keys and
// after the page's keys typed before it (loop.h, type_text), so the characters keep their order.
EMSCRIPTEN_KEEPALIVE void bl_text_input(const char* utf8) { type_text(g_loop, utf8); }

// What the page's input method is composing in the hidden input ("" once it commits or stops):
// the app shows it at the caret (the canvas has no composition of its own to show).
EMSCRIPTEN_KEEPALIVE void bl_composing(const char* utf8) {
  g_loop.state.composing = utf8;
  g_loop.wake_frames = kWakeFrames;
}

// Text the page's `paste` event carried (the system clipboard, web/bloomlab.js): it becomes SDL's
// clipboard and ImGui gets a Ctrl+V, so the active text field pastes it. SDL's clipboard on the
// web is a buffer of its own, and SDL cancelled Ctrl+V's keydown, so no paste event ever fired:
// Ctrl+V pasted only what the app itself had copied.
EMSCRIPTEN_KEEPALIVE void bl_paste(const char* utf8) {
  SDL_SetClipboardText(utf8);
  g_loop.paste_pending = true;
}

// An editing key from the hidden input: 0 Backspace, 1 Enter, 2 Left, 3 Right, 4 Home, 5 End,
// 6 Delete, 7 Tab, 8 Escape.
EMSCRIPTEN_KEEPALIVE void bl_key(int key) {
  static const SDL_Scancode codes[] = {SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_RETURN, SDL_SCANCODE_LEFT,
                                       SDL_SCANCODE_RIGHT,     SDL_SCANCODE_HOME,   SDL_SCANCODE_END,
                                       SDL_SCANCODE_DELETE,    SDL_SCANCODE_TAB,    SDL_SCANCODE_ESCAPE};
  if (key >= 0 && key < int(sizeof codes / sizeof codes[0])) press_key(g_loop, codes[key]);
}

// The word box's rect in CSS px, "[x,y,w,h]": the page focuses its hidden input inside a tap on it.
EMSCRIPTEN_KEEPALIVE const char* bl_word_box() {
  const app::ScreenRect& r = g_loop.state.layout.word_box;
  JsonWriter w;
  w.begin_array().value(double(r.x)).value(double(r.y)).value(double(r.w)).value(double(r.h)).end_array();
  return reply(w.str());
}

// Tests only (bloomlab._test.holdLoading): a list being loaded waits while held.
EMSCRIPTEN_KEEPALIVE void bl_test_hold_loading(int held) { g_loop.state.loading_held = held != 0; }

// Whether the state on screen is kept: in the address, and handed to the page's session store
// (the page then says when its write is done: bloomlab.kept()). keep_state keeps a change at
// once, changes in a row every kKeepStateEverySeconds; a list half-way in is never kept.
EMSCRIPTEN_KEEPALIVE int bl_state_kept() {
  const app::AppState& s = g_loop.state;
  if (s.pending.active() || s.password_list_loading || g_staging.active) return 0;
  const std::string params = app::url_params_for(s);
  const bool saved = s.view.embed || (g_saved_link == params && g_saved_words_version == s.words_version);
  return params == g_kept_params && saved ? 1 : 0;
}

// The view and classroom state the browser tests look at (the rest is in bl_state).
EMSCRIPTEN_KEEPALIVE const char* bl_view_state() {
  // Settled: no input, action or work waiting to be shown, and the last frame placed everything
  // (the windows, popups and tooltips too) where the one before did. Tests wait on it, never on
  // a count of frames. (The screen reader's announcement, which waits for the text to rest, is
  // not waited for.)
  app::actions::PlatformView platform;
  platform.wants_text_input = g_text_wanted;
  platform.pixel_ratio = g_loop.pixel_ratio;
  platform.font_size = g_loop.font_size;
  const char* busy = busy_reason(g_loop, false);
  if (!busy) busy = app::awaited_reason(g_loop.state);
  platform.busy = busy ? busy : app::layout_settled(g_loop.state) ? "" : "layout";
  platform.settled = platform.busy.empty();
  platform.input_waiting = input_waiting(g_loop);
  return reply(app::actions::view_state_json(g_loop.state, platform));
}

}  // extern "C"

bool draw_glyph(uint32_t codepoint, float em, app::GlyphBitmap& out) {
  const int side = int(std::ceil(em * 4)) + 8;  // an emoji or a wide letter fits 4 em
  std::vector<unsigned char> pixels(size_t(side) * side * 4);
  float metrics[6] = {};
  if (!js_draw_glyph(codepoint, em, metrics, pixels.data(), int(pixels.size()))) return false;
  out.width = int(metrics[0]);
  out.height = int(metrics[1]);
  out.advance = metrics[2];
  out.left = metrics[3];
  out.top = metrics[4];
  out.colored = metrics[5] != 0;
  out.rgba.resize(size_t(out.width) * out.height);
  std::memcpy(out.rgba.data(), pixels.data(), out.rgba.size() * 4);
  return true;
}

int main() {
  app::set_glyph_rasterizer(draw_glyph);
  // The canvas is sized by CSS; SDL follows it (and devicePixelRatio) on resize events.
  // The page's preferences first; the URL may then override the theme.
  const int prefs = js_page_preferences();
  app::ViewOptions& view = g_loop.state.view;
  view.page_theme = (prefs & kPrefersContrast) ? app::Theme::high_contrast
                    : (prefs & kPrefersLight)  ? app::Theme::light
                                               : app::Theme::dark;
  view.theme = view.page_theme;
  view.reduced_motion = prefs & kReducedMotion;
  view.touch = prefs & kCoarsePointer;
  if (!init(g_loop, g_host, 960, 640)) return 1;
  js_start_when_language_ready();  // bl_start: now, or once the page language's files are in
  return 0;
}

extern "C" {

// The rest of main, once the page language's files have come (or failed): a link's warnings,
// the first frame and every text after it are in that language from the start.
EMSCRIPTEN_KEEPALIVE void bl_start() {
  js_install_prefetched_catalog();
  if (char* page_lang = js_page_language()) {  // a link's lang= (open_page) then overrides it
    const std::string pick = page_lang;
    free(page_lang);
    const bool saved = !pick.empty() && pick[0] == '!';
    app::Lang lang;
    if (app::parse_lang(saved ? pick.substr(1) : pick, &lang))
      (void)app::apply(g_loop.state, g_host, app::act::SetLanguage{lang, saved, false});
  }
  const std::string warnings = open_page();
  js_param_warnings(warnings.c_str());
  emscripten_set_main_loop(main_loop_step, 0, false);
}

}  // extern "C"
