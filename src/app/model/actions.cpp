// The one door (action.h): apply() changes the state, and nothing else does. No ImGui here:
// the panels, the keys, the URL, the JS API and the unit tests all come through apply().
// Index:
//   parameters       a slider's drag is one undo step; check_params, the one judge of them
//   text boxes       the word box, the check box, the probes
//   the view         presentation, step-through, panels, zoom, exports
//   languages, code  files fetched when first used
//   apply            the dispatch over the action's type (the notes: actions_detail.h)
// The words and lists are in actions_words.cpp, undo and redo in actions_history.cpp.
#include "actions.h"

#include <algorithm>
#include <cmath>

#include "actions_detail.h"
#include "core/params.h"
#include "core/word_list.h"
#include "lessons.h"
#include "outcome_text.h"
#include "url_params.h"

namespace bloomlab::app {
using namespace detail;
namespace {

constexpr uint64_t kMaxProbes = 10000000;  // ~1 s of hashing in the browser: more is refused
constexpr float kPresentationScale = 2.0f;
constexpr float kMaxZoom = 4096.0f;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Longest prefix of `text` of at most `limit` bytes that does not cut a UTF-8 sequence.
std::string_view utf8_prefix(std::string_view text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t end = limit;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut sequence.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

// ---- parameters -------------------------------------------------------------------------------

// A slider's change: one drag (continues_gesture) is one undo step, whose "after" the drag
// keeps moving; `after` writes it into a change.
template <typename After>
void record_gesture(History& h, Change c, bool continues_gesture, After&& after) {
  if (continues_gesture && h.gesture && !h.undo.empty() && h.undo.back().kind == c.kind) {
    after(h.undo.back());
  } else {
    after(c);
    h.push(std::move(c));
    h.gesture = true;
  }
}

Outcome do_set_params(AppState& s, const act::SetParams& a) {
  FilterParams p;
  if (Outcome bad = check_params(a.request, s.set.params(), p); !bad.ok()) return bad;
  if (p == s.set.params()) return make(Code::unchanged);
  Change c = begin_change(s, ChangeKind::params);
  if (auto refused = s.set.set_params(p)) return fail(Code::params_refused, error_args(*refused));
  changed(s, What::params);
  record_gesture(s.history, std::move(c), a.continues_gesture, [&](Change& top) { top.params_after = p; });
  return make(Code::params_changed);
}

// ---- the growth slider ------------------------------------------------------------------------

Outcome do_set_inserted(AppState& s, const act::SetInserted& a) {
  const uint64_t size = s.set.words().size();
  if (std::isnan(a.n) || (a.n >= 0 && std::floor(a.n) != a.n))
    return fail(Code::inserted_invalid, {param_number_text(a.n)});
  std::optional<uint64_t> n;  // all
  if (a.n >= 0 && a.n < double(size)) n = uint64_t(a.n);
  if (n == s.inserted) return make(Code::unchanged);
  Change c = begin_change(s, ChangeKind::inserted);
  s.inserted = n;
  changed(s, What::params);
  record_gesture(s.history, std::move(c), a.continues_gesture, [&](Change& top) { top.inserted_after = n; });
  return make(Code::inserted_changed, {std::to_string(n.value_or(size)), std::to_string(size)});
}

// ---- text boxes and questions -----------------------------------------------------------------

Outcome do_set_word_input(AppState& s, const act::SetWordInput& a) {
  const std::string_view kept = utf8_prefix(a.text, kMaxLineBytes);
  s.word_input.assign(kept.data(), kept.size());
  if (!a.from_box) ++s.word_input_revision;
  s.note(NoteSlot::word) = Outcome{};
  const size_t total = std::max(a.typed_bytes, a.text.size());
  if (kept.size() < total)
    return s.note(NoteSlot::word) =
               fail(Code::word_input_cut,
                    {std::to_string(kept.size()), std::to_string(total), std::to_string(kMaxLineBytes)});
  if (!is_valid_utf8(s.word_input)) return s.note(NoteSlot::word) = make(Code::word_input_invalid_utf8);
  return make(Code::ok);
}

Outcome do_measure(AppState& s, double probes) {
  uint64_t count = s.probes;
  if (probes != -1) {
    if (!std::isfinite(probes) || probes < 1 || probes > double(kMaxProbes) || std::floor(probes) != probes)
      return fail(Code::probes_invalid, {param_number_text(probes)});
    count = uint64_t(probes);
  }
  s.measurement = bloomlab::measure(shown_set(s), count);
  s.measurement_version = s.version;
  return make(Code::ok);
}

// ---- the view ---------------------------------------------------------------------------------

void set_presentation(AppState& s, bool on) {
  ViewOptions& v = s.view;
  if (on == v.presentation) return;
  if (on) {
    v.theme_before_presentation = v.theme;
    v.scale_before_presentation = v.font_scale;
    v.theme = Theme::high_contrast;
    // Text as large as a slide of about 640 × 440 text-size-1 pixels allows (1.6× on a 1024 × 768
    // projector, 1.8× at 1280 × 800, 2.45× at 1920 × 1080), never smaller than chosen.
    const float w = s.layout.display_w, h = s.layout.display_h;
    const float fit = w > 0 && h > 0 ? std::min(w / 640.0f, h / 440.0f) : kPresentationScale;
    v.font_scale = s.present_scale ? *s.present_scale : std::max(v.font_scale, std::clamp(fit, 1.5f, 2.5f));
    s.present_scale.reset();
    v.show_shortcuts = false;  // the slide keeps its room; the keys list is a button away
  } else {
    v.theme = v.theme_before_presentation;
    v.font_scale = v.scale_before_presentation;
  }
  v.presentation = on;
}

void step(AppState& s, int delta) {
  if (s.steps.word != s.word_input) {
    s.steps.word = s.word_input;
    s.steps.step = 0;
  }
  s.steps.step = std::clamp(s.steps.step + delta, 0, actions::step_count(s) - 1);
}

void show_steps(AppState& s, bool on) {
  s.view.show_steps = on;
  if (on) {
    step(s, 0);
    s.release_focus = true;  // ← → and Space go to the steps, not to a text field
  }
}

// The bit array's view: pan is the top-left corner in texture coordinates (0 .. 1 − 1/zoom).
void clamp_pan(BitView& b) {
  b.pan_x = std::clamp(b.pan_x, 0.0f, 1.0f - 1.0f / b.zoom);
  b.pan_y = std::clamp(b.pan_y, 0.0f, 1.0f - 1.0f / b.zoom);
}

// Zooms about a point of the visible area (fractions 0..1), which stays where it is.
void zoom_bits(AppState& s, float factor, float about_x, float about_y) {
  BitView& b = s.bits;
  const float fx = std::clamp(about_x, 0.0f, 1.0f), fy = std::clamp(about_y, 0.0f, 1.0f);
  const float u = b.pan_x + fx / b.zoom, w = b.pan_y + fy / b.zoom;
  b.zoom = std::clamp(b.zoom * factor, 1.0f, kMaxZoom);
  b.pan_x = u - fx / b.zoom;
  b.pan_y = w - fy / b.zoom;
  clamp_pan(b);
}

Outcome apply_view(AppState& s, Host& host, const Action& action) {
  std::visit(Overloaded{
                 [&](const act::SetPresentation& a) { set_presentation(s, a.on); },
                 [&](const act::ShowSteps& a) { show_steps(s, a.on); },
                 [&](const act::Step& a) { step(s, a.delta); },
                 [&](const act::ShowShortcuts& a) { s.view.show_shortcuts = a.on; },
                 [&](const act::ShowShare& a) { s.view.share_open = a.on; },
                 [&](const act::ShowQrCode& a) { s.view.qr_open = a.on; },
                 [&](const act::SetTheme& a) { s.view.theme = a.theme; },
                 [&](const act::SetFontScale& a) { s.view.font_scale = std::clamp(a.scale, 1.0f, 3.0f); },
                 [&](const act::SetSizeUnit& a) { s.size_unit = a.unit; },
                 [&](const act::ShowExactCurve& a) { s.view.show_exact_curve = a.on; },
                 [&](const act::SetSafeWords& a) { s.view.safe_words_chosen = a.on; },
                 [&](const act::SetPanels& a) {
                   s.view.panels = a.order;
                   s.view.panels_chosen = true;
                 },
                 [&](const act::FocusWordBox& a) {
                   s.focus_word_box = s.view.shown(Panel::words);
                   s.focus_word_box_force = a.force;
                 },
                 [&](const act::FocusAnswerBox&) { s.focus_answer_box = typing_box(s) == TypingBox::answer; },
                 [&](const act::ZoomBits& a) { zoom_bits(s, a.factor, a.about_x, a.about_y); },
                 [&](const act::PanBits& a) {
                   s.bits.pan_x += a.dx;
                   s.bits.pan_y += a.dy;
                   clamp_pan(s.bits);
                 },
                 [&](const act::ResetBitsView&) { s.bits = BitView{}; },
                 [&](const act::PinBit& a) { s.bits.pinned_bit = a.bit; },
                 [&](const act::OpenFile&) { host.open_file(); },
                 [&](const auto&) {},
             },
             action);
  return make(Code::view_changed);
}

Outcome do_export_png(AppState& s, Host& host) {
  const ScreenRect& r = s.layout.plot_bits;
  if (r.w <= 0 || r.h <= 0) return fail(Code::plot_not_shown);
  host.save_png("bloomlab-plot.png", r.x, r.y, r.w, r.h);
  return make(Code::exported, {"bloomlab-plot.png"});
}

Outcome do_export_csv(AppState& s, Host& host) {
  if (!(s.measurement && s.measurement_version == s.version)) (void)do_measure(s, -1);
  actions::refresh_sweep(s, -1);  // the sweep to the end, whether or not its plot was drawn
  host.save_file("bloomlab-measurements.csv", "text/csv", actions::measurements_csv(s));
  return make(Code::exported, {"bloomlab-measurements.csv"});
}

}  // namespace

const std::vector<std::string>& broken_words(AppState& s) {
  if (s.broken_version != s.version) {
    s.broken_words = s.set.false_negatives();
    s.broken_version = s.version;
  }
  return s.broken_words;
}

// ---- the one judge of parameters --------------------------------------------------------------

Outcome param_refusal(const Error& e) {
  if (e.code == ErrorCode::m_range) return fail(Code::m_range, e.args);
  if (e.code == ErrorCode::k_range) return fail(Code::k_range, e.args);
  return fail(Code::params_refused, error_args(e));
}

// Every value goes through the schema's rows (core/params.h), the sliders' numbers as text too:
// one reader, one set of words, whichever door a value came in by.
Outcome check_params(const ParamsRequest& r, const FilterParams& current, FilterParams& out) {
  out = current;
  std::optional<Error> bad;
  if (r.m && !bad) bad = apply_param(out, "m", param_number_text(*r.m));
  if (r.k && !bad) bad = apply_param(out, "k", param_number_text(*r.k));
  if (r.variant) out.variant = *r.variant;
  if (r.scheme) out.scheme = *r.scheme;
  for (const auto& [key, text] : r.values)
    if (!bad) bad = apply_param(out, key, text);
  // Then the whole filter, as the variant judges it.
  if (!bad) bad = validate(out);
  if (bad) return param_refusal(*bad);
  return make(Code::ok);
}

// ---- the language -----------------------------------------------------------------------------

namespace {

// Switches at once when the catalog is in (or for English); else asks the platform for the
// language's files (Chinese: its font first, then the catalog) and keeps the current language
// until they are in (language_file switches then).
Outcome set_language(AppState& s, Host& host, Lang lang, bool chosen) {
  if (!use_language(lang)) {
    const bool asked = s.view.lang_loading == lang && s.view.lang_files_pending > 0;
    s.view.lang_loading = lang;
    s.view.lang_loading_chosen = chosen;
    if (!asked) {
      if (lang == Lang::zh && script_font().empty()) {
        ++s.view.lang_files_pending;
        host.request_asset(kScriptFontFile);
      }
      ++s.view.lang_files_pending;
      host.request_asset(catalog_file(lang));
    }
    lessons_follow_language(s, host);  // the lessons' texts come meanwhile
    return make(Code::language_loading, {lang_code(lang)});
  }
  s.view.lang_loading.reset();
  s.view.lang = lang;
  s.view.lang_chosen = s.view.lang_chosen || chosen;
  lessons_follow_language(s, host);
  return make(Code::view_changed);
}

// A language's file has come (bytes) or not (why): a catalog is installed, the CJK font kept;
// the language asked for is shown once none of its files is pending and its catalog is in.
// Without its font Chinese still comes, its characters as boxes.
Outcome language_file(AppState& s, Host& host, const std::string& name, const std::string* bytes,
                      const std::string& why) {
  Lang lang = Lang::en;
  const bool catalog = catalog_file_lang(name, &lang);
  if (s.view.lang_loading && s.view.lang_files_pending > 0) --s.view.lang_files_pending;
  if (catalog && !bytes) {
    if (s.view.lang_loading == lang) s.view.lang_loading.reset();
    std::vector<std::string> args = download_failure(why);
    args.insert(args.begin(), lang_code(lang));
    return noted(s, NoteSlot::history, fail(Code::language_failed, args));
  }
  if (catalog && !set_catalog(lang, *bytes)) {
    if (s.view.lang_loading == lang) s.view.lang_loading.reset();
    return noted(s, NoteSlot::history, fail(Code::language_failed, {lang_code(lang), "catalog"}));
  }
  if (!catalog && bytes)
    set_script_font(*bytes);  // the CJK font (without it: boxes, and the page's console says why)
  if (!s.view.lang_loading || s.view.lang_files_pending > 0 || !has_catalog(*s.view.lang_loading))
    return make(Code::ok);
  const Lang shown = *std::exchange(s.view.lang_loading, std::nullopt);
  return set_language(s, host, shown, s.view.lang_loading_chosen);
}

}  // namespace

// ---- the Code panel's templates ----------------------------------------------------------------

namespace {

// Asks the platform for the programs' templates where they are fetched, once (again after a
// failure); says whether they are here, coming, or why not.
Outcome load_code(AppState& s, Host& host) {
  if (actions::program_templates(s)) return make(Code::unchanged);
  if (!s.code_templates_requested || !s.code_templates_error.empty()) {
    s.code_templates_requested = true;
    s.code_templates_error.clear();
    host.request_asset(kProgramBundleName);
  }
  return make(Code::code_loading);
}

// The programs' templates arrived (bytes), or did not (why: the platform's detail). Once they
// are here, a late answer to an earlier request changes nothing.
Outcome code_file(AppState& s, const std::string* bytes, const std::string& why) {
  if (actions::program_templates(s)) return make(Code::unchanged);
  if (bytes) s.code_templates = parse_program_templates(*bytes);
  if (s.code_templates) {
    s.code_templates_error.clear();
    return make(Code::view_changed);
  }
  s.code_templates_error = bytes ? damaged_failure() : download_failure(why);
  return fail(Code::code_failed, s.code_templates_error);
}

// The Speed panel's measurement at the filter's m and k (core/speed.h); the JS API may ask for
// fewer queries or rounds (a test), within the CLI's limits.
Outcome start_speed(AppState& s, const act::Speed& a) {
  SpeedOptions o;
  o.m = s.set.params().m;
  o.k = s.set.params().k;
  o.out_of_cache = a.out_of_cache;
  const auto read = [](double v, double lo, double hi, auto& into) {
    if (v == -1) return true;
    if (!std::isfinite(v) || v < lo || v > hi || std::floor(v) != v) return false;
    into = static_cast<std::decay_t<decltype(into)>>(v);
    return true;
  };
  if (!read(a.queries, double(kSpeedMinQueries), double(kSpeedMaxQueries), o.queries))
    return fail(Code::speed_invalid, {param_number_text(a.queries)});
  if (!read(a.rounds, 1, kSpeedMaxRounds, o.rounds))
    return fail(Code::speed_invalid, {param_number_text(a.rounds)});
  SpeedState& sp = s.speed;
  sp.run = SpeedRun(o);
  sp.running = true;
  sp.has_result = false;
  sp.ms = 0;
  ++sp.started;
  return make(Code::speed_started);
}

// The family panel's measurement on the words as they are (core/family.h).
Outcome start_family(AppState& s, double probes) {
  uint64_t count = kFamilyDefaultProbes;
  if (probes != -1) {
    if (!std::isfinite(probes) || probes < 1 || probes > double(kMaxProbes) || std::floor(probes) != probes)
      return fail(Code::probes_invalid, {param_number_text(probes)});
    count = uint64_t(probes);
  }
  if (s.set.words().empty()) return fail(Code::family_no_words);
  FamilyState& f = s.family;
  f.run = FamilyRun(&s.set.words(), count);
  f.running = true;
  f.has_result = false;
  f.words_version = s.words_version;
  f.words = s.set.words().size();
  f.ms = 0;
  ++f.started;
  return make(Code::family_started);
}

}  // namespace

// ---- the door ---------------------------------------------------------------------------------

// The dispatch over the action's type (apply() below keeps the shown filter after it).
Outcome apply_one(AppState& s, Host& host, const Action& action) {
  return std::visit(
      Overloaded{
          [&](const act::SetParams& a) { return noted(s, NoteSlot::params, do_set_params(s, a)); },
          [&](const act::SetInserted& a) { return noted(s, NoteSlot::params, do_set_inserted(s, a)); },
          [&](const act::AddWord& a) {
            // The word box keeps what was typed when the word is refused; it empties once added.
            // (Enter in the box also keeps the keyboard there: the panel asks for FocusWordBox.)
            Outcome o = noted(s, NoteSlot::word, do_add_word(s, a.word));
            if (o.code == Code::word_added || o.code == Code::word_added_invalid_utf8) {
              if (s.word_input == a.word) {
                s.word_input.clear();
                ++s.word_input_revision;
              }
            }
            return o;
          },
          [&](const act::RemoveWord& a) { return noted(s, NoteSlot::word, do_remove_word(s, a.word)); },
          [&](const act::SetRemoveUnchecked& a) {
            if (s.remove_unchecked == a.on) return make(Code::unchanged);
            s.remove_unchecked = a.on;
            return make(Code::view_changed);
          },
          [&](const act::LoadPreset& a) { return noted(s, NoteSlot::list, do_load_preset(s, host, a.name)); },
          [&](const act::LoadWordList& a) {
            if (a.source == ListSource::file && is_lesson_file(a.name, a.bytes))  // a teacher's lesson file
              return apply_lesson(s, host, act::LoadLesson{a.bytes.str(), a.name});
            return noted(s, NoteSlot::list, do_load_word_list(s, a, a.source));
          },
          [&](const act::ClearWords&) { return noted(s, NoteSlot::list, do_clear_words(s)); },
          [&](const act::Undo&) { return noted(s, NoteSlot::history, do_undo(s)); },
          [&](const act::Redo&) { return noted(s, NoteSlot::history, do_redo(s)); },
          [&](const act::PasswordListArrived& a) {
            password_list_arrived(s, a.bytes);
            return make(Code::ok);
          },
          [&](const act::SetLanguage& a) {
            if (a.chosen && a.keep && !s.view.embed) host.save_language(a.lang);
            return set_language(s, host, a.lang, a.chosen);
          },
          [&](const act::PasswordListFailed& a) {
            s.password_list_loading = false;
            s.password_list_error = download_failure(a.why);
            return noted(s, NoteSlot::list, fail(Code::list_failed, s.password_list_error));
          },
          [&](const act::SetWordInput& a) {
            if (s.what_if_word != a.text) s.what_if_word.clear();  // its answer was about another word
            return do_set_word_input(s, a);
          },
          [&](const act::SetCheckInput& a) {
            const std::string_view kept = utf8_prefix(a.text, kMaxLineBytes);
            s.check_input.assign(kept.data(), kept.size());
            return s.note(NoteSlot::check) =
                       kept.size() < a.text.size()
                           ? fail(Code::check_input_cut, {std::to_string(kMaxLineBytes)})
                           : Outcome{};
          },
          [&](const act::SetPasteInput& a) {
            s.paste_input = a.text;
            return make(Code::ok);
          },
          [&](const act::AddPastedList&) {
            if (s.paste_input.empty()) return noted(s, NoteSlot::list, fail(Code::paste_empty));
            Outcome o = noted(s, NoteSlot::list,
                              do_load_word_list(s, act::LoadWordList{s.paste_input, "", ListSource::pasted},
                                                ListSource::pasted));
            if (o.ok()) s.paste_input.clear();
            return o;
          },
          [&](const act::WhatIfCleared& a) {
            s.what_if_word = a.word;
            s.what_if_version = s.version;
            s.what_if_broken = s.set.would_break_if_cleared(a.word);
            return noted(s, NoteSlot::word, make(Code::ok));
          },
          [&](const act::Measure& a) { return do_measure(s, a.probes); },
          [&](const act::Speed& a) {
            if (a.what == act::Speed::measure) return start_speed(s, a);
            if (a.what != act::Speed::cancel) {
              s.speed.batch_chart = a.what == act::Speed::chart_batch;
              return make(Code::view_changed);
            }
            if (!s.speed.running) return make(Code::unchanged);
            s.speed.run = SpeedRun();  // its filters (64 MiB at 2^28) go now
            s.speed.running = false;
            return make(Code::speed_cancelled);
          },
          [&](const act::Family& a) {
            if (a.what == act::Family::measure) return noted(s, NoteSlot::family, start_family(s, a.probes));
            if (!s.family.running) return make(Code::unchanged);
            s.family.run = FamilyRun();
            s.family.running = false;
            return make(Code::family_cancelled);
          },
          [&](const act::SetProbes& a) {
            if (!std::isfinite(a.probes) || a.probes < 1 || a.probes > double(kMaxProbes) ||
                std::floor(a.probes) != a.probes)
              return noted(s, NoteSlot::params, fail(Code::probes_invalid, {param_number_text(a.probes)}));
            s.probes = uint64_t(a.probes);
            return make(Code::ok);
          },
          [&](const act::SetDesignMemory& a) {
            s.design_memory = a.text.substr(0, 64);
            return make(Code::ok);
          },
          [&](const act::SetDesign& a) {
            s.design_n = a.n;
            s.design_p = a.p;
            return make(Code::ok);
          },
          [&](const act::ExportRefused& a) {
            return noted(s, NoteSlot::exports, fail(Code::export_refused, {a.why}));
          },
          [&](const act::ExportCsv&) { return noted(s, NoteSlot::exports, do_export_csv(s, host)); },
          [&](const act::ExportPng&) { return noted(s, NoteSlot::exports, do_export_png(s, host)); },
          [&](const act::SetCodeLanguage& a) {
            s.view.code_language = a.language;
            return make(Code::view_changed);
          },
          [&](const act::SaveCode&) {
            const char* name = language_file_name(s.view.code_language);
            const std::optional<std::string> text = actions::code_program(s, s.view.code_language);
            if (!text) return noted(s, NoteSlot::exports, load_code(s, host));
            host.save_file(name, "text/plain", *text);
            return noted(s, NoteSlot::exports, make(Code::exported, {name}));
          },
          [&](const act::LoadCode&) { return load_code(s, host); },
          // A fetched file: a language's, the programs' templates, else the lessons'.
          [&](const act::AssetArrived& a) {
            if (is_language_file(a.name)) return language_file(s, host, a.name, &a.bytes, "");
            if (a.name == kProgramBundleName) return code_file(s, &a.bytes, "");
            return apply_lesson(s, host, action);
          },
          [&](const act::AssetFailed& a) {
            if (is_language_file(a.name)) return language_file(s, host, a.name, nullptr, a.why);
            if (a.name == kProgramBundleName) return code_file(s, nullptr, a.why);
            return apply_lesson(s, host, action);
          },
          [&](const act::CopyText& a) {
            host.copy_text(a.text);
            return s.note(NoteSlot::exports) = make(Code::copied, {std::to_string(a.what)});
          },
          [&](const act::ResetEmbed&) {
            const std::string query = s.author_params;
            (void)apply_url_params(s, host, query);
            s.history = History{};
            return make(Code::embed_reset);
          },
          [&](const auto& a) {
            if constexpr (is_lesson_action<std::decay_t<decltype(a)>>)
              return apply_lesson(s, host, action);
            else
              return apply_view(s, host, action);
          },
      },
      action);
}

// The filter after the first `inserted` words, kept up to date with the state: made again when
// the words or params changed, grown word by word when the slider moved right.
void sync_inserted(AppState& s) {
  if (!s.inserted) {
    s.inserted_set.reset();
    s.inserted_set_version = UINT64_MAX;
    return;
  }
  if (s.inserted_set_version == s.version) return;
  const auto& words = s.set.words();
  const size_t n = size_t(std::min<uint64_t>(*s.inserted, words.size()));
  WordSet* shown = s.inserted_set ? &*s.inserted_set : nullptr;
  // Only the slider moved (same params; the words can only have changed through the list,
  // which resets the slider): keep the filter when it is a prefix of the one wanted.
  const bool reuse = shown && shown->params() == s.set.params() && shown->words().size() <= n &&
                     s.inserted_set_words == s.words_version;
  if (!reuse) {
    Result<WordSet> fresh = WordSet::create(s.set.params());
    if (!fresh.ok()) {
      s.inserted.reset();
      s.inserted_set.reset();
      return;
    }
    s.inserted_set.emplace(std::move(*fresh));
    shown = &*s.inserted_set;
  }
  shown->reserve(n - shown->words().size());
  for (size_t i = shown->words().size(); i < n; ++i) shown->add(words[i]);
  s.inserted_set_version = s.version;
  s.inserted_set_words = s.words_version;
}

void actions::keep_measured(AppState& s) {
  if (s.measurement && s.measurement_version == s.version) return;
  if (s.pending.active() || double(s.probes) * double(s.set.params().k) > actions::kAutoMeasureWork) return;
  (void)do_measure(s, -1);
}

Outcome apply(AppState& s, Host& host, const Action& action) {
  s.next_frame_wanted = true;  // its results drawn, even when it came from the page between frames
  Outcome o = apply_one(s, host, action);
  sync_inserted(s);
  return o;
}

void apply_inbox(AppState& s, Host& host) {
  std::vector<Action> actions;
  actions.swap(s.inbox);
  for (const Action& a : actions) (void)apply(s, host, a);
}

TypingBox typing_box(const AppState& s) {
  if (task_open(s)) return task_has_answer_box(s) ? TypingBox::answer : TypingBox::none;
  return s.view.shown(Panel::words) ? TypingBox::word : TypingBox::none;
}

std::optional<Action> shortcut_action(const AppState& s, Shortcut key) {
  switch (key) {
    case Shortcut::focus_word: return act::FocusWordBox{true};
    case Shortcut::stray_typing:
      switch (typing_box(s)) {
        case TypingBox::answer: return act::FocusAnswerBox{};
        case TypingBox::word: return act::FocusWordBox{true};
        case TypingBox::none: return std::nullopt;
      }
      return std::nullopt;
    case Shortcut::preset_tiny: return act::LoadPreset{"tiny"};
    case Shortcut::preset_passwords: return act::LoadPreset{"passwords"};
    case Shortcut::preset_empty: return act::LoadPreset{"empty"};
    case Shortcut::presentation: return act::SetPresentation{!s.view.presentation};
    // The step-through has the step keys while it is shown; else an open lesson (a presenter's
    // clicker sends PageUp / PageDown).
    case Shortcut::step_back:
      if (s.view.show_steps) return act::Step{-1};
      if (s.view.show_lessons && s.lessons.current >= 0) return act::LessonGo{-1};
      return std::nullopt;
    case Shortcut::step_forward:
      if (s.view.show_steps) return act::Step{+1};
      if (s.view.show_lessons && s.lessons.current >= 0) return act::LessonGo{+1};
      if (s.view.show_lessons) {  // the list: a presenter's clicker starts the first lesson
        const auto lessons = all_lessons(s);
        if (!lessons.empty()) return act::OpenLesson{lessons.front()->id, 1};
      }
      return std::nullopt;
    case Shortcut::toggle_steps: return act::ShowSteps{!s.view.show_steps};
    case Shortcut::toggle_shortcuts: return act::ShowShortcuts{!s.view.show_shortcuts};
    case Shortcut::undo: return act::Undo{};
    case Shortcut::redo: return act::Redo{};
  }
  return std::nullopt;
}

}  // namespace bloomlab::app
