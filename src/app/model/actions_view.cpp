// What the action layer reads out of the state (see actions.h): the word box's verdict, the
// step-through's length, share links and embed snippets, the CSV, the screen-reader summary
// and the JSON of the JS API. None of these changes the state (the caches aside).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "actions.h"
#include "core/hashing.h"
#include "core/memory.h"
#include "core/result_json.h"
#include "core/theory.h"
#include "format.h"
#include "i18n.h"
#include "later.h"
#include "lessons.h"
#include "outcome_text.h"
#include "safe_words.h"
#include "url_params.h"

namespace bloomlab::app::actions {
namespace {

constexpr size_t kStateJsonWords = 1000;  // state() lists the first words, then a count
// The sweep's clock is read every kSweepPiece steps (~0.1 ms).
constexpr uint64_t kSweepPiece = 20000;
// theory::exact_fp_rate sums over m terms: the exact curves are drawn for small m only.
constexpr uint64_t kMaxExactBits = 2048;
constexpr uint64_t kMaxExactWork = 200000;

// Every CSV field is a number or a fixed word: none needs quoting (RFC 4180).
std::string csv_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// Text for an HTML attribute value in double quotes: the link is percent-encoded already, but
// the page URL comes from the browser, so escape what would end the attribute.
std::string attribute_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

void write_note(JsonWriter& w, std::string_view name, const Outcome& n) {
  w.key(name).begin_object().field("text", outcome_text(n)).field("isError", n.error);
  w.field("code", code_name(n.code)).end_object();
}

void write_rect(JsonWriter& w, std::string_view name, const ScreenRect& r) {
  w.key(name).begin_object();
  w.field("x", double(r.x)).field("y", double(r.y)).field("w", double(r.w)).field("h", double(r.h));
  w.end_object();
}

void write_layout(JsonWriter& w, const Layout& l) {
  w.key("layout").begin_object();
  write_rect(w, "wordBox", l.word_box);
  write_rect(w, "kSlider", l.k_slider);
  write_rect(w, "mSlider", l.m_slider);
  write_rect(w, "bitArea", l.bit_area);
  write_rect(w, "bitStrip", l.bit_strip);
  write_rect(w, "verdict", l.verdict);
  write_rect(w, "undoButton", l.undo_button);
  w.field("bitCells", l.bit_cells);
  w.field("cellsX", double(l.cells_x)).field("cellsY", double(l.cells_y));
  w.field("cell", double(l.cell)).field("cellsCols", l.cells_cols).field("cellText", double(l.cell_text));
  w.key("overflowing").begin_array();
  for (const std::string& title : l.overflowing) w.value(title);
  w.end_array();
  w.end_object();
}

}  // namespace

Explained query(const AppState& s, std::string_view word) { return shown_set(s).explain(word); }

namespace {
// The screen reader's summary of a cuckoo filter: its words and how full its slots are.
std::string fingerprint_summary(const Filter& f) {
  return fill(trn("%s word, %s of slots full, theoretical false-positive rate %s.",
                  "%s words, %s of slots full, theoretical false-positive rate %s.", f.items_added()),
              {with_commas(f.items_added()), format_percent(double(f.bits_set()) / double(f.bit_count())),
               format_rate(theoretical_fp_rate(f.params(), double(f.items_added())))});
}

// The screen reader's summary of a binary fuse filter: its words, slots and f.
std::string fuse_summary(const Filter& f) {
  const FilterParams& p = f.params();
  return fill(
      trn("%s word in %s slots of %s bits, theoretical false-positive rate %s.",
          "%s words in %s slots of %s bits, theoretical false-positive rate %s.", f.items_added()),
      {with_commas(f.items_added()), with_commas(f.bit_count()), std::to_string(p.fuse.fingerprint_bits),
       format_rate(theoretical_fp_rate(p, double(f.items_added())))});
}

// The cached verdict of `word` stands: it is for the current words, or a list is loading. While a
// list loads the words change every frame: the same word's verdict is worked out again once they
// are all in. A false positive's culprits walk every word: with 4M words loading, 9.7 s of the
// load's 17 s went there, a little more with each slice.
bool cached_verdict_stands(const AppState& s, const QueryCache& c, const std::string& word) {
  return c.word == word && c.version != UINT64_MAX && (c.version == s.version || s.pending.active());
}

const Explained& cached_query(const AppState& s, QueryCache& c, const std::string& word, bool with_setters) {
  const WordSet& set = shown_set(s);
  if (!cached_verdict_stands(s, c, word) || (with_setters && !c.result().setters_found && !c.walk.walking)) {
    c.word = word;
    c.version = s.version;
    c.walk = set.begin_explain(word, with_setters);
    c.walked_frame = UINT64_MAX;
  }
  // The walk's slice: a few ms of one frame (10k words take well under one slice, all at once).
  if (c.walk.walking && c.walked_frame != s.frame_number && !s.pending.active()) {
    c.walked_frame = s.frame_number;
    const auto start = std::chrono::steady_clock::now();
    while (!set.advance_explain(c.walk, 4096) &&
           std::chrono::steady_clock::now() - start <
               std::chrono::duration<double, std::milli>(kExplainSliceMs)) {
    }
  }
  return c.result();
}
}  // namespace

const Explained& current_query(AppState& s) { return cached_query(s, s.query_cache, s.word_input, false); }
const Explained& current_query_with_setters(AppState& s) {
  return cached_query(s, s.query_cache, s.word_input, true);
}
const Explained& finished_query_with_setters(AppState& s) {
  QueryCache& c = s.query_cache;
  (void)cached_query(s, c, s.word_input, true);
  if (!s.pending.active())
    while (c.walk.walking && !shown_set(s).advance_explain(c.walk, size_t{1} << 16)) {
    }
  return c.result();
}
const Explained& checked_query(AppState& s) { return cached_query(s, s.check_cache, s.check_input, false); }

// Steps: 0 the word's bytes, 1 h = FNV-1a 64 (blocked: and its block), 2 h1 and h2,
// 3 .. 3+k-1 each position, 3+k the verdict from the bits. A scalable filter: every stage's
// positions (each stage its own k), as a query asks every stage.
// A cuckoo filter: 0 the bytes, 1 h, 2 the fingerprint, 3 bucket i1, 4 bucket i2, 5 and 6 what
// each holds, 7 the verdict, then the add foretold (planned_add).
// A binary fuse filter: 0 the bytes, 1 h, 2 h mixed with the build's seed, 3 the fingerprint,
// 4, 5, 6 each slot and its value, 7 their XOR and the verdict.
int step_count(const AppState& s) {
  const Filter& f = shown_set(s).filter();
  if (holds_fingerprints(f.ops())) return 8 + add_plan_steps(planned_add(s));
  if (f.ops().holds == CellHolds::xor_part) return 8;
  if (!variant_ops(f.params().variant).grows) return 4 + int(s.set.params().k);
  int positions = 0;
  for (const Stage& st : f.stages()) positions += int(st.k);
  return 4 + std::min(positions, int(kMaxPositions));
}

AddPlan planned_add(const AppState& s) {
  AddPlan plan;
  const WordSet& set = shown_set(s);
  const auto* cuckoo = std::any_cast<CuckooFilter>(&set.filter().own());
  if (!cuckoo || s.word_input.empty() || set.contains_word(s.word_input)) return plan;
  plan.shown = true;
  plan.outcome = cuckoo->plan_insert(fnv1a64(s.word_input), &plan.kicks, &plan.bucket);
  return plan;
}

int add_plan_steps(const AddPlan& plan) {
  if (!plan.shown) return 0;
  if (plan.kicks.empty()) return 1;  // the empty slot it takes, or "full: refused"
  // "both buckets full", a step per kick (the rest as one), where it ends.
  return 2 + int(std::min(plan.kicks.size(), kMaxKickSteps)) + (plan.kicks.size() > kMaxKickSteps);
}

int current_step(const AppState& s) {
  return s.steps.word == s.word_input ? std::clamp(s.steps.step, 0, step_count(s) - 1) : 0;
}

std::string share_link(const AppState& s, const Host& host) {
  const std::string params = share_params_for(s);
  return host.page_url() + (params.size() > kMaxShareQueryBytes ? "#" : "?") + params;
}

std::string embed_snippet(const AppState& s, const Host& host) {
  // embed=1 gives the iframe the compact header (url_params.h).
  std::string link = share_link(s, host);
  if (!s.view.embed) link += "&embed=1";
  // The sandbox lets the app run (scripts), keep the reader's words (same-origin: IndexedDB)
  // and save its PNG and CSV (downloads); never navigate the article's page or open windows.
  return "<iframe src=\"" + attribute_text(link) +
         "\" title=\"BloomLab: a Bloom filter you can play with\" "
         "style=\"width:100%;height:560px;border:0\" loading=\"lazy\" "
         "sandbox=\"allow-scripts allow-same-origin allow-downloads\"></iframe>";
}

std::optional<PlotPoint> here_on_bits_plot(const AppState& s) {
  const Filter& f = shown_set(s).filter();
  if (f.items_added() == 0) return std::nullopt;
  return PlotPoint{bits_per_word(f), theoretical_fp_rate(f.params(), double(f.items_added()))};
}

std::string measurements_csv(const AppState& s) {
  const FilterParams& p = s.set.params();
  const double n = double(shown_set(s).filter().items_added());
  std::string out = "kind,n,m,k,bits_per_word,measured_fp,theory_fp\n";
  for (const MeasuredPoint& mp : s.plots.measured_vs_bits) {
    out += "sweep," + csv_number(n) + "," + csv_number(mp.bits_per_item * n) + "," + std::to_string(mp.k) +
           "," + csv_number(mp.bits_per_item) + "," + csv_number(mp.rate) + "," +
           csv_number(theory::standard_fp_rate(1, mp.bits_per_item, double(mp.k))) + "\n";
  }
  const bool measured = s.measurement && s.measurement_version == s.version;
  const std::optional<PlotPoint> here = here_on_bits_plot(s);  // the plot's "you are here"
  out += "current," + csv_number(n) + "," + std::to_string(shown_set(s).filter().bit_count()) + "," +
         std::to_string(p.k) + "," + csv_number(here ? here->x : 0.0) + "," +
         (measured ? csv_number(s.measurement->measured_rate) : std::string()) + "," +
         csv_number(theoretical_fp_rate(p, n)) + "\n";
  return out;
}

std::string announcement(AppState& s) {
  const Filter& f = shown_set(s).filter();
  const FilterParams& p = s.set.params();
  const double n = double(f.items_added()), m = double(p.m);
  std::string text;
  if (!s.word_input.empty())
    text = shown_word(s, s.word_input) + ": " + verdict_sentence(s, current_query(s)) + ". ";
  // The same theoretical FP as the Numbers panel: the variant's own formula. A filter of
  // fingerprints has no m or k of bits: how full its slots are.
  if (holds_fingerprints(f.ops())) return text + later(fingerprint_summary)(f);  // a cuckoo filter
  if (holds_fingerprint_values(f.ops())) return text + later(fuse_summary)(f);   // a binary fuse filter
  // TRANSLATORS: the second %s is a size with its unit ("64 bits", «64 бита»).
  text += fill(
      trn("%s word, m = %s, k = %s, %s of bits set, theoretical false-positive rate %s.",
          "%s words, m = %s, k = %s, %s of bits set, theoretical false-positive rate %s.", f.items_added()),
      {with_commas(f.items_added()), bits_text(p.m), std::to_string(p.k),
       format_percent(double(f.bits_set()) / m), format_rate(theoretical_fp_rate(p, n))});
  return text;
}

bool safe_words_on(const AppState& s) {
  if (s.view.safe_words_chosen) return *s.view.safe_words_chosen;
  return s.view.presentation || (s.view.show_lessons && s.lessons.current >= 0);
}

std::string shown_word(const AppState& s, std::string_view word, size_t max_chars) {
  if (safe_words_on(s) && is_unsafe_word(word)) return mask_word(word);
  return display_text(word, max_chars);
}

size_t masked_count(const AppState& s) {
  if (!safe_words_on(s)) return 0;
  AppState::UnsafeCount& c = s.unsafe_words;
  if (c.words_version != s.words_version && !s.pending.active()) {  // a list coming in: counted once in
    c.count = size_t(std::count_if(s.set.words().begin(), s.set.words().end(),
                                   [](const std::string& w) { return is_unsafe_word(w); }));
    c.words_version = s.words_version;
  }
  return c.count;
}

ProgramSpec code_spec(const AppState& s) {
  ProgramSpec spec;
  spec.params = s.set.params();
  if (!program_supports(spec.params.scheme)) spec.params.scheme = Scheme::reference;
  spec.params.variant = FilterParams{}.variant;  // the programs build the article's filter
  spec.probes = s.probes;
  const auto& words = s.set.words();
  const bool passwords = s.preset == "passwords" && s.preset_intact && words.size() == s.preset_word_count;
  if (passwords)
    spec.words_file = "passwords-10k.txt";
  else if (words.size() > kMaxEmbeddedWords)
    spec.words_file = "words.txt";
  else
    spec.words = words;
  if (!s.word_input.empty() && !s.set.contains_word(s.word_input)) spec.questions.push_back(s.word_input);
  return spec;
}

const ProgramTemplates* program_templates(const AppState& s) {
  if (const ProgramTemplates* t = builtin_program_templates()) return t;
  return s.code_templates ? &*s.code_templates : nullptr;
}

std::optional<std::string> code_program(const AppState& s, Language l) {
  const ProgramTemplates* t = program_templates(s);
  if (!t) return std::nullopt;
  return program(l, code_spec(s), *t);
}

std::string code_differs(const AppState& s) {
  const FilterParams& p = s.set.params();
  std::string why;
  if (!program_supports(p.scheme))
    why += fill(tr("The program hashes with the reference scheme, not %s."), {scheme_name(p.scheme)}) + " ";
  if (p.variant != FilterParams{}.variant)
    why +=
        fill(
            variant_ops(p.variant).can_remove
                ? tr("It builds a standard filter, not a %s one (the same answers while nothing is removed).")
                : tr("It builds a standard filter, not a %s one."),
            {variant_title(p.variant)}) +
        " ";
  if (!s.set.unchecked_removals().empty())
    why += std::string(tr("It has none of the unchecked removals.")) + " ";
  return why;
}

std::string state_json(const AppState& s) {
  const Filter& f = shown_set(s).filter();
  const FilterParams& p = s.set.params();
  const double n = double(f.items_added()), x = double(f.bits_set());
  const uint64_t list_bytes = s.set.word_bytes() + s.set.words().size();  // + one separator each

  JsonWriter w;
  w.begin_object();
  w.field("lang", lang_code(s.view.lang));  // the UI's language (i18n.h)
  w.key("params");
  write_params(w, p);
  w.field("n", f.items_added());
  const auto& words = s.set.words();
  const size_t shown = std::min(words.size(), kStateJsonWords);
  w.array("words", std::vector<std::string>(words.begin(), words.begin() + long(shown)));
  w.field("wordCount", uint64_t{words.size()});
  w.field("wordsTruncated", shown < words.size());
  w.key("inserted");  // the growth slider: the filter after the first n words (null: all)
  if (s.inserted)
    w.value(*s.inserted);
  else
    w.null();
  w.field("bitsSet", f.bits_set());
  // Of its cells: bits, counters, or a cuckoo filter's slots (its load).
  w.field("fill", x / double(f.bit_count()));
  w.field("expectedFill", expected_fill_share(p, n));
  w.field("estimatedN", estimated_items(p, x));
  w.key("bitsPerItem");
  if (n > 0)
    w.value(bits_per_word(f));
  else
    w.null();
  w.field("theoryFp", theoretical_fp_rate(p, n));
  w.field("fillFp", fp_from_fill(p, x));
  w.field("filterBytes", f.size_in_bytes());
  w.field("listBytes", list_bytes);
  w.key("measured");
  if (s.measurement && s.measurement_version == s.version)
    write_measurement(w, *s.measurement);
  else
    w.null();
  // The plot's sweep (measured FP over bits per word at this k): in slices over frames.
  w.key("sweep").begin_object();
  w.field("current", sweep_current(s) && s.plots.valid);
  w.field("running", sweep_current(s) && s.plots.running);
  w.field("progress", double(s.plots.progress));
  w.field("points", uint64_t{s.plots.measured_vs_bits.size()});
  w.end_object();
  w.field("wordInput", s.word_input).field("composing", s.composing);
  w.field("pasteInput", s.paste_input);
  // The built-in lessons' texts (fetched by the web build when first wanted).
  // The texts of the language the lessons are wanted in (lessons_lang: the one being switched to).
  const LessonState::Texts& texts = lesson_texts(s);
  w.key("lessonTexts").begin_object().field("ready", builtin_lessons_ready(lessons_lang(s)));
  w.field("requested", texts.requested).field("error", failure_text(texts.error)).end_object();
  // The Code panel's templates (likewise).
  w.key("codeTexts").begin_object().field("ready", actions::program_templates(s) != nullptr);
  w.field("requested", s.code_templates_requested)
      .field("error", failure_text(s.code_templates_error))
      .end_object();
  // Which of those (or the password list's download) the page still waits for, "" for none:
  // bloomlab.idle() and viewState().busy both read it (actions.h awaited_reason).
  const char* awaited = awaited_reason(s);
  w.field("awaiting", awaited ? awaited : "");
  w.key("query");
  if (s.word_input.empty())
    w.null();
  else if (cached_verdict_stands(s, s.query_cache, s.word_input) &&
           (s.query_cache.result().setters_found || s.pending.active()))
    write_explained(w, s.word_input, s.query_cache.result(),
                    verdict_sentence(s, s.query_cache.result()));  // explain() walks every word
  else {
    const Explained e = shown_set(s).explain(s.word_input);
    write_explained(w, s.word_input, e, verdict_sentence(s, e));
  }
  // The notes on screen: each control's, and the one message of the last action.
  w.key("notes").begin_object();
  write_note(w, "word", s.note(NoteSlot::word));
  write_note(w, "params", s.note(NoteSlot::params));
  write_note(w, "list", s.note(NoteSlot::list));
  write_note(w, "check", s.note(NoteSlot::check));
  write_note(w, "exports", s.note(NoteSlot::exports));
  write_note(w, "history", s.note(NoteSlot::history));
  write_note(w, "family", s.note(NoteSlot::family));
  w.end_object();
  std::vector<std::string> errors;
  for (const Outcome& o : s.notes)
    if (o.error) errors.push_back(outcome_text(o));
  w.array("errors", errors);
  w.array("urlWarnings", s.url_warnings);
  w.field("preset", s.preset);
  w.field("removeUnchecked", s.remove_unchecked);
  w.array("uncheckedRemovals", s.set.unchecked_removals());
  w.array("falseNegatives", s.set.false_negatives());  // members the unchecked removals broke
  {
    // What the share link leaves out, and the Share dialog's words for it ("" when nothing).
    const LinkGap gap = link_leaves_out(s);
    w.key("share").begin_object();
    w.field("leavesOut", uint64_t{gap.left_out}).field("recipientWords", uint64_t{gap.recipient});
    w.field("note", gap.left_out ? link_gap_text(gap.left_out, gap.recipient, gap.too_long) : std::string());
    w.end_object();
  }
  w.key("history").begin_object();
  w.field("canUndo", s.history.can_undo()).field("canRedo", s.history.can_redo());
  w.field("undoSteps", uint64_t{s.history.undo.size()}).field("redoSteps", uint64_t{s.history.redo.size()});
  w.field("bytes", uint64_t{s.history.bytes});
  w.end_object();
  w.key("loading").begin_object();
  w.field("active", s.pending.active() || s.password_list_loading);
  w.field("passwordListRequested", s.password_list_loading);
  w.field("progress", double(s.pending.progress()));
  // Lines of a list read as it goes in (unit "lines"), or words of a saved session's.
  w.field("done", s.pending.done());
  w.field("total", s.pending.total());
  w.field("unit", s.pending.counts_lines() ? "lines" : "words");
  w.field("error", failure_text(s.password_list_error));
  w.end_object();
  const ViewOptions& v = s.view;
  w.key("view").begin_object();
  w.field("theme", theme_name(v.theme)).field("fontScale", double(v.font_scale));
  w.field("langChosen", v.lang_chosen);
  w.field("langLoading", v.lang_loading ? lang_code(*v.lang_loading) : "");
  w.field("showExactCurve", v.show_exact_curve);
  w.field("safeWords", safe_words_on(s)).field("maskedWords", uint64_t{masked_count(s)});
  w.key("panels").begin_object();
  for (size_t i = 0; i < kPanelCount; ++i) w.field(panel_name(Panel(i)), v.shown(Panel(i)));
  w.end_object();
  std::vector<std::string> order;
  for (Panel p_ : v.panels) order.push_back(panel_name(p_));
  w.array("panelOrder", order);
  w.end_object();
  w.field("probes", s.probes);
  w.field("version", s.version);
  write_layout(w, s.layout);
  w.end_object();
  return w.str();
}

std::string view_state_json(AppState& s, const PlatformView& platform) {
  JsonWriter w;
  w.begin_object();
  w.field("presentation", s.view.presentation).field("fontScale", double(s.view.font_scale));
  w.field("theme", theme_name(s.view.theme));
  w.field("reducedMotion", s.view.reduced_motion).field("touch", s.view.touch);
  w.field("embed", s.view.embed).field("steps", s.view.show_steps);
  w.field("stepText", s.steps.shown);
  w.field("step", int64_t{current_step(s)}).field("stepCount", int64_t{step_count(s)});
  w.field("shortcuts", s.view.show_shortcuts)
      .field("shareOpen", s.view.share_open)
      .field("qrOpen", s.view.qr_open);
  w.field("wantTextInput", platform.wants_text_input).field("focusRing", s.layout.focus_ring);
  w.field("hoveredBit", s.bit_cache.hovered_bit).field("pinnedBit", s.bits.pinned_bit);
  w.field("zoom", double(s.bits.zoom));
  for (const LayoutRect& r : kLayoutRects) write_rect(w, r.name, s.layout.*r.rect);
  w.field("settled", platform.settled)
      .field("inputWaiting", platform.input_waiting)
      .field("busy", platform.busy);
  w.key("plotLabels").begin_array();
  for (const Layout::PlacedLabel& l : s.layout.plot_labels) {
    w.begin_object().field("plot", l.plot).field("text", l.text);
    w.field("x", double(l.rect.x))
        .field("y", double(l.rect.y))
        .field("w", double(l.rect.w))
        .field("h", double(l.rect.h));
    w.end_object();
  }
  w.end_array();
  // Each panel's card, whole and as much of it as its column shows (Layout::cards).
  w.key("cards").begin_object();
  for (size_t i = 0; i < kPanelCount; ++i) {
    w.key(panel_name(Panel(i))).begin_object();
    write_rect(w, "whole", s.layout.cards[i].whole);
    write_rect(w, "seen", s.layout.cards[i].seen);
    w.end_object();
  }
  w.end_object();
  w.key("languageItems").begin_object();
  for (Lang l : kLangs) write_rect(w, lang_code(l), s.layout.language_items[size_t(l)]);
  w.end_object();
  w.field("lang", lang_code(s.view.lang));
  w.field("pixelRatio", double(platform.pixel_ratio)).field("fontSize", double(platform.font_size));
  w.field("announcement", announcement(s));
  w.end_object();
  return w.str();
}

// The sentence in the page's language, as the word box says it (the CLI keeps the core's English).
std::string query_json(const AppState& s, std::string_view word) {
  // Refused as add() and remove() refuse it: a 63 MiB query was explained whole and aborted the
  // page after 15 s (issue 37).
  if (word.size() > kMaxLineBytes)
    return outcome_json(
        Outcome{Code::word_too_long, {std::to_string(word.size()), std::to_string(kMaxLineBytes)}, true});
  JsonWriter w;
  const WordSet& set = shown_set(s);
  const Explained e = set.explain(word);
  write_explained(w, word, e, verdict_sentence(s, e), &set.filter());
  return w.str();
}

std::string measurement_json(const Measurement& m) {
  JsonWriter w;
  write_measurement(w, m);
  return w.str();
}

std::string outcome_json(const Outcome& o) {
  // A refusal of the core's (parameters, a word list) has the core's code and arguments, as the
  // CLI's --json gives them: the same code for the same fault (m_range for m = 0 everywhere).
  const bool core =
      (o.code == Code::params_refused || o.code == Code::list_invalid || o.code == Code::word_refused) &&
      !o.args.empty();
  const size_t skip = !core ? 0 : o.args[0] == error_code_name(ErrorCode::other) ? 2 : 1;  // its sentence
  JsonWriter j;
  j.begin_object().field("ok", o.ok()).field("code", core ? o.args[0] : std::string(code_name(o.code)));
  if (o.error) {
    j.key("args").begin_array();
    for (size_t i = std::min(skip, o.args.size()); i < o.args.size(); ++i) j.value(o.args[i]);
    j.end_array();
    j.field("error", outcome_text(o));
  }
  j.end_object();
  return j.str();
}

// The verdict in words of the current language: the same facts as the core's English
// Explained::sentence (which the CLI and the JSON keep), from the same fields.
namespace {
std::string join_numbers(const std::vector<uint64_t>& bits) {
  std::string out;
  for (size_t i = 0; i < bits.size(); ++i) {
    // TRANSLATORS: between the bit numbers of a list ("3, 17 and 40"; zh "3、17 和 40").
    if (i > 0) out += i + 1 == bits.size() ? tr(" and ") : tr(", ");
    out += std::to_string(bits[i]);
  }
  return out;
}

// A cuckoo filter's verdict: its positions are the slots of two buckets, b each; the verdict is
// the fingerprint's, not bits'.
std::string fingerprint_verdict(const Explained& e) {
  const auto two = e.buckets();
  const std::string b1 = with_commas((*two)[0]), b2 = with_commas((*two)[1]);
  if (e.verdict == Verdict::definitely_not)
    return fill(e.is_member
                    ? tr("definitely not in the set: neither bucket %s nor bucket %s holds its "
                         "fingerprint, yet it was added: a false negative (a remove without checking "
                         "took its fingerprint)")
                    : tr("definitely not in the set: neither bucket %s nor bucket %s holds its fingerprint"),
                {b1, b2});
  if (e.is_member) return tr("in the set: it was added");
  return fill(tr("possibly in the set, but it was never added (a false positive): another word left the same "
                 "fingerprint in bucket %s or %s"),
              {b1, b2});
}

// A binary fuse filter's verdict: the XOR of its three slots against its fingerprint.
std::string fuse_verdict(const Explained& e) {
  const std::string slots[3] = {with_commas(e.positions[0]), with_commas(e.positions[1]),
                                with_commas(e.positions[2])};
  if (e.verdict == Verdict::definitely_not)
    return fill(
        tr("definitely not in the set: slots %s, %s and %s XOR to %s, not its fingerprint %s"),
        {slots[0], slots[1], slots[2], hex_text(e.xor_place->slots_xor), hex_text(e.xor_place->fingerprint)});
  if (e.is_member) return tr("in the set: it was added");
  return fill(
      tr("possibly in the set, but it was never added (a false positive): slots %s, %s and %s XOR to its "
         "fingerprint %s by chance"),
      {slots[0], slots[1], slots[2], hex_text(e.xor_place->fingerprint)});
}
}  // namespace

std::string verdict_sentence(const AppState& s, const Explained& e) {
  const size_t k = e.positions.size();
  if (e.verdict == Verdict::possibly && lesson_hides(s, hide_truth))
    return fill(
        trn("possibly in the set: all %s of its bits are set. Added, or a false positive? The filter cannot tell.",
            "possibly in the set: all %s of its bits are set. Added, or a false positive? The filter cannot tell.",
            k),
        {std::to_string(k)});
  // A filter of fingerprints (the cuckoo filter): its positions are the slots of two buckets, b
  // each; the verdict is the fingerprint's, not bits'.
  if (e.buckets()) return later(fingerprint_verdict)(e);
  // A binary fuse filter: the XOR of its three slots against its fingerprint.
  if (e.xor_place && e.positions.size() == 3) return later(fuse_verdict)(e);
  // One bit or a list of them: two sentences (a plural form is grammar, and ru/uk's "one" form
  // also serves 21, 31 …: a list of 21 bits must not get the one-bit sentence).
  if (e.verdict == Verdict::definitely_not) {
    const std::string bits = join_numbers(e.zero_bits);
    const bool one = e.zero_bits.size() == 1;
    if (e.is_member)
      return fill(
          one ? tr("definitely not in the set: bit %s is 0, yet it was added: a false negative (a remove without checking took its counts)")
              : tr("definitely not in the set: bits %s are 0, yet it was added: a false negative (a remove without checking took its counts)"),
          {bits});
    return fill(
        one ? tr("definitely not in the set: bit %s is 0") : tr("definitely not in the set: bits %s are 0"),
        {bits});
  }
  if (e.is_member) return tr("in the set: it was added");
  std::vector<uint64_t> bits = e.positions;
  std::sort(bits.begin(), bits.end());
  bits.erase(std::unique(bits.begin(), bits.end()), bits.end());
  std::string who;
  if (e.walked < 1) {  // the words are being walked a slice per frame (a big set)
    who = fill(tr("other words of the set (finding them: %s of the words checked)"),
               {format_whole_percent(e.walked)});
  } else if (e.culprits.empty()) {
    who = tr("words removed since (a counter that reaches 15 stays at 15)");
  } else {
    for (size_t i = 0; i < e.culprits.size() && i < 8; ++i)
      who += (i ? ", " : "") + in_quotes(shown_word(s, e.culprits[i], 24));
    if (e.culprit_count > 8) who += fill(tr(", ... (%s in all)"), {with_commas(e.culprit_count)});
  }
  return fill(
      bits.size() == 1
          ? tr("possibly in the set, but it was never added (a false positive): bit %s was set by %s")
          : tr("possibly in the set, but it was never added (a false positive): bits %s were set by %s"),
      {join_numbers(bits), who});
}

bool growth_current(const AppState& s) {
  const GrowthCache& g = s.growth;
  return g.words_version == s.words_version && g.params == s.set.params() && g.probes == s.probes;
}

void refresh_growth(AppState& s, double budget_ms) {
  GrowthCache& g = s.growth;
  if (g.valid && growth_current(s)) return;
  if (s.pending.active()) return;
  if (!g.running || !growth_current(s)) {  // a change cancels the run in progress
    GrowthOptions o;
    o.points = 41;
    o.probes = s.probes;
    g.run = GrowthRun(s.set.params(), o);
    g.running = true;
    g.valid = false;
    g.words_version = s.words_version;
    g.params = s.set.params();
    g.probes = s.probes;
    g.ms = 0;
  }
  const std::optional<double> budget = background_slice(s, budget_ms);
  if (!budget) return;  // the frame has had its share: next frame
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto slice = std::chrono::duration<double, std::milli>(*budget);
  constexpr uint64_t kPiece = 20000;  // steps between looks at the clock (~0.1 ms)
  while (g.run.advance(s.set.words(), kPiece) && (*budget < 0 || Clock::now() - start < slice)) {
  }
  g.ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (g.run.done()) {
    g.running = false;
    g.valid = true;
  }
}

bool sweep_current(const AppState& s) {
  return s.plots.words_version == s.words_version && s.plots.params.k == s.set.params().k;
}

bool exact_curve_possible(const AppState& s) { return s.set.params().m <= kMaxExactBits; }

void refresh_sweep(AppState& s, double budget_ms) {
  PlotCache& c = s.plots;
  const FilterParams p = s.set.params();
  const bool current = sweep_current(s);
  if (c.valid && current) return;
  if (s.pending.active()) return;
  if (!c.running || !current) {  // a change cancels the run in progress
    SweepGrid grid;
    grid.bits_per_item_min = 1;
    grid.bits_per_item_max = 32;
    grid.k_min = grid.k_max = p.k;
    c.run = SweepRun(grid);
    c.running = true;
    c.valid = false;
    c.measured_vs_bits.clear();
    c.words_version = s.words_version;
    c.params = p;
  }
  const std::optional<double> budget = background_slice(s, budget_ms);
  if (!budget) return;  // the frame has had its share: next frame
  const WordSet& set = s.set;
  const SweepRun::IsMember is_member = [&set](std::string_view w) { return set.contains_word(w); };
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto slice = std::chrono::duration<double, std::milli>(*budget);
  while (c.run.advance(set.words(), is_member, kSweepPiece) &&
         (*budget < 0 || Clock::now() - start < slice)) {
  }
  const auto& rows = c.run.rows();
  for (size_t i = c.measured_vs_bits.size(); i < rows.size(); ++i) {
    const Measurement& r = rows[i];
    c.measured_vs_bits.push_back({double(r.m) / double(std::max<uint64_t>(r.n, 1)), r.k, r.measured_rate});
  }
  c.progress = float(c.run.progress());
  if (c.run.done()) {
    c.run = SweepRun();  // its tables go
    c.running = false;
    c.valid = true;
  }
}

void refresh_exact(AppState& s) {
  PlotCache& c = s.plots;
  const uint64_t n = shown_set(s).filter().items_added(), m = s.set.params().m;
  const uint32_t k = s.set.params().k;
  if (c.exact_n == n && c.exact_m == m && c.exact_k == k && !c.exact_vs_k.empty()) return;
  c.exact_n = n, c.exact_m = m, c.exact_k = k;
  c.exact_vs_bits.assign(32, NAN);
  c.exact_vs_k.assign(24, NAN);
  if (n == 0) return;
  for (uint64_t b = 1; b <= 32; ++b)
    if (b * n <= kMaxExactBits && b * n * n * k <= kMaxExactWork)
      c.exact_vs_bits[size_t(b - 1)] = theory::exact_fp_rate(n, b * n, k);
  for (uint32_t j = 1; j <= 24; ++j)
    if (m <= kMaxExactBits && m * n * j <= kMaxExactWork)
      c.exact_vs_k[j - 1] = theory::exact_fp_rate(n, m, j);
}

std::string growth_json(AppState& s) {
  refresh_growth(s, -1);
  JsonWriter w;
  w.begin_object();
  w.key("params");
  write_params(w, s.set.params());
  write_growth_fields(w, s.growth.run.points(), design_n(s.set.params()));
  w.field("probes", s.growth.probes).field("words", uint64_t{s.set.words().size()});
  w.key("inserted");
  if (s.inserted)
    w.value(*s.inserted);
  else
    w.null();
  w.field("ms", s.growth.ms).end_object();
  return w.str();
}

std::optional<double> background_slice(AppState& s, double slice_ms) {
  s.next_frame_wanted = true;  // this slice's work, or the next: the frame after it goes on
  if (slice_ms < 0 || s.frame_started == std::chrono::steady_clock::time_point{}) return slice_ms;
  const double spent =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s.frame_started).count();
  const bool change_frame = s.change_frame == s.frame_number;
  const double limit = change_frame ? kChangeFrameBackgroundMs : kFrameBackgroundMs;
  if (spent < limit) return std::min(slice_ms, limit - spent);
  if (s.background_granted == s.frame_number) return std::nullopt;    // one piece a frame at most
  if (s.background_skipped + 1 == s.frame_number && !change_frame) {  // none the frame before: one piece
    s.background_granted = s.frame_number;
    return 0.0;
  }
  s.background_skipped = s.frame_number;
  return std::nullopt;
}

MemoryFigures memory_figures(AppState& s, double budget_ms) {
  HashSetCache& c = s.hash_set;
  const auto& words = s.set.words();
  if (c.words_version != s.words_version && !s.pending.active()) {  // a change starts the measure over
    c.run = HashSetMeasure();
    c.words_version = s.words_version;
  }
  // A list half-way in is measured once it is all in; a finished measure asks for no time.
  const bool work = !s.pending.active() && !c.run.finished();
  if (const std::optional<double> budget = work ? background_slice(s, budget_ms) : std::nullopt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto slice = std::chrono::duration<double, std::milli>(*budget);
    constexpr size_t kPiece = 2000;  // words between looks at the clock (~0.1-0.3 ms)
    while (c.run.advance(words, kPiece) && (*budget < 0 || Clock::now() - start < slice)) {
    }
    if (c.run.finished()) {
      c.hash_set_bytes = c.run.bytes();
      c.measured = true;
    }
  }
  MemoryFigures m;
  m.hash_set_current = c.run.finished() && c.words_version == s.words_version;
  m.hash_set_progress =
      m.hash_set_current || words.empty() ? 1.0 : double(c.run.done()) / double(words.size());
  m.filter_bytes = s.set.filter().size_in_bytes();
  m.list_text_bytes = s.set.word_bytes() + s.set.words().size();  // list_text_bytes(), kept as words come
  m.hash_set_bytes = c.hash_set_bytes;
  m.python_set_bytes = kArticlePythonSetBytes;
  m.python_version = kArticlePythonVersion;
  return m;
}

namespace {
// A measurement run a slice per frame (SpeedState, FamilyState): its time summed, done when the
// core's run says no more remains.
template <typename State>
bool continue_run(State& st, double budget_ms) {
  if (!st.running) return false;
  const auto start = std::chrono::steady_clock::now();
  const bool more = st.run.advance(budget_ms);
  st.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!more) {
    st.running = false;
    st.has_result = true;
  }
  return more;
}
}  // namespace

bool continue_speed(AppState& s, double budget_ms) { return continue_run(s.speed, budget_ms); }

bool continue_family(AppState& s, double budget_ms) {
  FamilyState& f = s.family;
  if (f.running && f.words_version != s.words_version) {  // its words are gone: it cannot read them
    f.run = FamilyRun();
    f.running = false;
  }
  return continue_run(f, budget_ms);
}

std::string family_json(const AppState& s) {
  const FamilyState& f = s.family;
  JsonWriter w;
  w.begin_object().field("running", f.running).field("progress", f.run.progress());
  w.field("started", f.started).field("ms", f.ms);
  w.field("current", f.has_result && f.words_version == s.words_version);
  write_family_fields(w, f.run, f.words);
  w.end_object();
  return w.str();
}

std::string speed_json(const AppState& s) {
  const SpeedState& sp = s.speed;
  JsonWriter w;
  w.begin_object().field("running", sp.running).field("progress", sp.run.progress());
  w.field("started", sp.started).field("ms", sp.ms).field("m", sp.run.options().m);
  w.field("k", uint64_t{sp.run.options().k});
  write_speed_fields(w, sp.run);
  w.end_object();
  return w.str();
}

std::string memory_comparison(const AppState& s, const MemoryFigures& m) {
  // "80× smaller than": each ratio with its own plural form (ru "в 80 раз меньше", "в 32 раза
  // меньше"; zh "只有 … 的 1/80"), the sentence around them.
  const auto times = [&](uint64_t bytes) {
    const uint64_t r = uint64_t(std::llround(double(bytes) / double(std::max<uint64_t>(m.filter_bytes, 1))));
    // TRANSLATORS: a ratio before what the filter is compared with, in the sentences "The filter
    // is %s the Python set, …": ru "в %s раз меньше" (then the genitive), zh "只有 … 的 1/%s"
    // is made of this ("的 1/%s") after the compared thing.
    return fill(trn("%s× smaller than", "%s× smaller than", r), {with_commas(r)});
  };
  const std::string of_text =
      format_whole_percent(double(m.filter_bytes) / double(std::max<uint64_t>(m.list_text_bytes, 1)));
  const bool article_list = s.preset == "passwords" && s.preset_intact &&
                            s.set.words().size() == s.preset_word_count && s.preset_word_count == 10000;
  // TRANSLATORS: the last %s is a percentage with its sign ("31%", "31 %").
  if (article_list)
    return fill(tr("The filter is %s the Python set, %s the C++ hash set, and %s of "
                   "the list as text; it cannot give a word back."),
                {times(m.python_set_bytes), times(m.hash_set_bytes), of_text});
  return fill(tr("The filter is %s the C++ hash set of the same words and %s of the list as "
                 "text; it cannot give a word back. (The Python figure is the article's, for its 10k "
                 "passwords.)"),
              {times(m.hash_set_bytes), of_text});
}

std::string memory_json(AppState& s) {
  const MemoryFigures m = memory_figures(s, -1);  // the hash set measured to the end first
  JsonWriter w;
  write_memory(w, m.filter_bytes, m.list_text_bytes, m.hash_set_bytes);
  return w.str();
}

}  // namespace bloomlab::app::actions

namespace bloomlab::app {

const char* awaited_reason(const AppState& s) {
  if (s.password_list_loading) return "list download";
  const LessonState::Texts& texts = lesson_texts(s);
  if (texts.requested && texts.error.empty() && !builtin_lessons_ready(lessons_lang(s)))
    return "lesson texts";
  if (s.code_templates_requested && s.code_templates_error.empty() && !actions::program_templates(s))
    return "program templates";
  return nullptr;
}

}  // namespace bloomlab::app
