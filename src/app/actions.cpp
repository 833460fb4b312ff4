// Every change of the application state (see actions.h). No ImGui calls here: the panels and the
// JS API both come through these functions, and the unit tests run them without a window.
#include "actions.h"

#include <algorithm>
#include <chrono>
#include <iterator>

#include "core/theory.h"
#include "core/word_list.h"

namespace bloomlab::app::actions {
namespace {

// The words of the "Tiny" preset: at m = 64, k = 3, "letmein" sets the bits of "Qwerty".
const char* const kTinyWords[] = {"password", "12345", "qwerty", "dragon", "letmein"};
constexpr FilterParams kTinyParams{64, 3, Variant::standard, Scheme::reference};
constexpr FilterParams kPasswordParams{100000, 7, Variant::standard, Scheme::reference};
constexpr uint64_t kMaxProbes = 10000000;  // ~1 s of hashing in the browser: more is refused
constexpr size_t kStateJsonWords = 1000;   // state() lists the first words, then a count

// Sets a note and returns its text: actions report in words, beside the control that caused it.
std::string report(Note& note, std::string text, bool is_error) {
  note.text = text;
  note.is_error = is_error;
  note.shown_at = 0;
  return is_error ? text : std::string();
}

enum class What { params, words };
void changed(AppState& s, What what) {
  ++s.version;
  if (what == What::words) ++s.words_version;
  s.measurement.reset();
}

// Longest prefix of `text` of at most `limit` bytes that does not cut a UTF-8 sequence.
std::string_view utf8_prefix(std::string_view text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t end = limit;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut sequence.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

void write_note(JsonWriter& w, std::string_view name, const Note& n) {
  w.key(name).begin_object().field("text", n.text).field("isError", n.is_error).end_object();
}

void write_query(JsonWriter& w, std::string_view word, const Explained& e) {
  w.begin_object();
  w.field("word", word);
  w.field("verdict", e.verdict == Verdict::possibly ? "possibly" : "definitely not");
  w.array("positions", e.positions);
  w.array("zeroBits", e.zero_bits);
  w.array("culprits", e.culprits);
  w.field("isMember", e.is_member);
  w.field("validUtf8", is_valid_utf8(word));
  w.field("sentence", e.sentence());
  w.end_object();
}

void write_measurement(JsonWriter& w, const Measurement& m) {
  w.begin_object()
      .field("falsePositives", m.false_positives)
      .field("probes", m.probes)
      .field("skipped", m.skipped)
      .field("rate", m.measured_rate)
      .field("theory", m.theory_rate)
      .field("n", m.n)
      .field("m", m.m)
      .field("k", m.k)
      .field("bitsSet", m.bits_set)
      .end_object();
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
  write_rect(w, "bitArea", l.bit_area);
  w.field("bitCells", l.bit_cells);
  w.field("cellsX", double(l.cells_x)).field("cellsY", double(l.cells_y));
  w.field("cell", double(l.cell)).field("cellsCols", l.cells_cols);
  w.end_object();
}

}  // namespace

std::string set_params(AppState& s, const FilterParams& p) {
  if (auto bad = validate(p)) return report(s.params_note, bad->message, true);
  if (p == s.set.params()) return report(s.params_note, "", false);
  if (auto bad = s.set.set_params(p)) return report(s.params_note, bad->message, true);
  changed(s, What::params);
  return report(s.params_note, "", false);
}

std::string add_word(AppState& s, std::string_view word) {
  if (word.empty()) return report(s.word_note, "Type a word first.", true);
  if (word.size() > kMaxLineBytes)
    return report(s.word_note,
                  "That word is " + std::to_string(word.size()) + " bytes; the limit is " +
                      std::to_string(kMaxLineBytes) + ".",
                  true);
  std::string why;
  switch (s.set.add(word, &why)) {
    case AddOutcome::duplicate:
      return report(s.word_note, "Already in the set: a word counts once.", false);
    case AddOutcome::invalid:
      return report(s.word_note, why.empty() ? "That word cannot be added." : why, true);
    case AddOutcome::added: break;
  }
  changed(s, What::words);
  return report(s.word_note, is_valid_utf8(word) ? "" : "Not valid UTF-8: hashed as bytes.", false);
}

std::string remove_word(AppState& s, std::string_view word) {
  const size_t index = static_cast<size_t>(
      std::find(s.set.words().begin(), s.set.words().end(), word) - s.set.words().begin());
  auto removed = s.set.remove(word);
  if (!removed) return report(s.word_note, removed.error(), true);
  if (index < s.preset_word_count) s.preset_intact = false;
  changed(s, What::words);
  return report(s.word_note, "", false);
}

std::string load_preset(AppState& s, Host& host, std::string_view name) {
  // Refused before anything changes: the words, a list loading, what the preset put in.
  if (name != "tiny" && name != "passwords" && name != "10k" && name != "empty")
    return report(s.list_note,
                  "Unknown preset \"" + std::string(name) + "\": try tiny, passwords or empty.",
                  true);
  s.pending = PendingWords{};
  s.password_list_loading = false;
  s.password_list_error.clear();
  s.list_note = Note{};
  if (name == "passwords" || name == "10k") {
    // The words on screen stay until the list has arrived: if it never does, nothing is lost.
    // So does what the current preset put in, which a share link made meanwhile relies on.
    s.password_list_loading = true;
    host.request_password_list();
    return "";
  }
  s.preset_intact = true;
  s.preset_word_count = 0;
  if (name == "tiny") {
    s.set.clear();
    set_params(s, kTinyParams);
    for (const char* w : kTinyWords) s.set.add(w);
    s.preset_word_count = std::size(kTinyWords);
  } else {
    s.set.clear();  // "empty"
  }
  s.preset = std::string(name);
  changed(s, What::words);
  return "";
}

std::string load_word_list(AppState& s, std::string_view bytes, std::string_view source) {
  auto list = parse_word_list(bytes);
  if (!list) return report(s.list_note, list.error(), true);
  s.last_report = list->report;
  s.has_report = true;
  s.pending.words = std::move(list->words);
  s.pending.next = 0;
  s.pending.source = std::string(source);
  s.pending.report = s.last_report;
  report(s.list_note, "Loading " + std::to_string(s.pending.words.size()) + " words from " +
                          s.pending.source + "…",
         false);
  return "";
}

void word_list_arrived(AppState& s, std::string_view bytes) {
  if (!s.password_list_loading) return;  // another preset was chosen meanwhile
  s.password_list_loading = false;
  s.password_list_error.clear();
  auto list = parse_word_list(bytes);
  if (!list) {
    word_list_failed(s, list.error());
    return;
  }
  s.set.clear();
  set_params(s, kPasswordParams);
  s.preset = "passwords";
  s.preset_intact = true;
  s.preset_word_count = list->words.size();
  changed(s, What::words);
  load_word_list(s, bytes, "10k leaked passwords");
}

void word_list_failed(AppState& s, std::string_view why) {
  s.password_list_loading = false;
  s.password_list_error = "The password list did not load: " + std::string(why);
  report(s.list_note, s.password_list_error, true);
}

bool step_pending(AppState& s, double budget_ms) {
  if (!s.pending.active()) return false;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double, std::milli>(budget_ms);
  bool any = false;
  // Check the clock every 64 words: cheap, and a slice never overshoots by much.
  while (s.pending.active()) {
    const size_t end = std::min(s.pending.words.size(), s.pending.next + 64);
    for (; s.pending.next < end; ++s.pending.next)
      any |= s.set.add(s.pending.words[s.pending.next]) == AddOutcome::added;
    if (Clock::now() - start >= budget) break;
  }
  if (any) changed(s, What::words);
  if (s.pending.active()) return true;
  if (s.preset == "passwords" && s.pending.source == "10k leaked passwords")
    s.preset_word_count = s.set.words().size();
  report(s.list_note, s.pending.source + ": " + s.pending.report.summary() + ".", false);
  s.pending = PendingWords{};
  return false;
}

void clear_words(AppState& s) {
  s.pending = PendingWords{};
  s.set.clear();
  s.preset = "empty";
  s.preset_word_count = 0;
  s.preset_intact = true;
  changed(s, What::words);
}

Explained query(const AppState& s, std::string_view word) { return s.set.explain(word); }

const Explained& current_query(AppState& s) {
  QueryCache& c = s.query_cache;
  if (c.version != s.version || c.word != s.word_input) {
    c.word = s.word_input;
    c.version = s.version;
    c.result = s.set.explain(s.word_input);
  }
  return c.result;
}

void set_word_input(AppState& s, std::string_view text) {
  const std::string_view kept = utf8_prefix(text, kMaxLineBytes);
  s.word_input.assign(kept.data(), kept.size());
  if (kept.size() < text.size())
    report(s.word_note,
           "Cut to the first " + std::to_string(kept.size()) + " of " +
               std::to_string(text.size()) + " bytes: a word is at most " +
               std::to_string(kMaxLineBytes) + " bytes.",
           true);
  else if (!is_valid_utf8(s.word_input))
    report(s.word_note, "Not valid UTF-8: hashed as bytes.", false);
  else if (s.word_note.text.rfind("Cut to", 0) == 0 || s.word_note.text.rfind("Not valid", 0) == 0)
    s.word_note = Note{};
}

void what_if_cleared(AppState& s, std::string_view word) {
  s.what_if_word = std::string(word);
  s.what_if_version = s.version;
  s.what_if_broken = s.set.would_break_if_cleared(word);
}

Measurement measure(AppState& s, uint64_t probes) {
  probes = std::clamp<uint64_t>(probes, 1, kMaxProbes);
  s.measurement = bloomlab::measure(s.set, probes);
  s.measurement_version = s.version;
  return *s.measurement;
}

std::string state_json(const AppState& s) {
  const Filter& f = s.set.filter();
  const FilterParams& p = s.set.params();
  const double n = double(f.items_added()), m = double(p.m), k = double(p.k);
  const double x = double(f.bits_set());
  uint64_t list_bytes = 0;
  for (const auto& w : s.set.words()) list_bytes += w.size() + 1;  // + one separator each

  JsonWriter w;
  w.begin_object();
  w.key("params").begin_object();
  w.field("m", p.m).field("k", p.k).field("variant", variant_name(p.variant));
  w.field("scheme", scheme_name(p.scheme)).end_object();
  w.field("n", f.items_added());
  const auto& words = s.set.words();
  const size_t shown = std::min(words.size(), kStateJsonWords);
  w.array("words", std::vector<std::string>(words.begin(), words.begin() + long(shown)));
  w.field("wordCount", uint64_t{words.size()});
  w.field("wordsTruncated", shown < words.size());
  w.field("bitsSet", f.bits_set());
  w.field("fill", x / m);
  w.field("expectedFill", theory::expected_fill(n, m, k));
  w.field("estimatedN", theory::estimate_cardinality(x, m, k));
  w.field("bitsPerItem", n > 0 ? m / n : 0.0);
  w.field("theoryFp", theoretical_fp_rate(p, n));
  w.field("fillFp", theory::fp_rate_from_fill(x, m, k));
  w.field("filterBytes", f.size_in_bytes());
  w.field("listBytes", list_bytes);
  w.key("measured");
  if (s.measurement && s.measurement_version == s.version) write_measurement(w, *s.measurement);
  else w.null();
  w.field("wordInput", s.word_input);
  w.key("query");
  if (s.word_input.empty()) w.null();
  else write_query(w, s.word_input, s.set.explain(s.word_input));
  w.key("notes").begin_object();
  write_note(w, "word", s.word_note);
  write_note(w, "params", s.params_note);
  write_note(w, "list", s.list_note);
  write_note(w, "check", s.check_note);
  w.end_object();
  std::vector<std::string> errors;
  for (const Note* n_ : {&s.word_note, &s.params_note, &s.list_note, &s.check_note})
    if (n_->is_error && !n_->text.empty()) errors.push_back(n_->text);
  w.array("errors", errors);
  w.array("urlWarnings", s.url_warnings);
  w.field("preset", s.preset);
  w.key("loading").begin_object();
  w.field("active", s.pending.active() || s.password_list_loading);
  w.field("passwordListRequested", s.password_list_loading);
  w.field("progress", double(s.pending.progress()));
  w.field("done", uint64_t{s.pending.next});
  w.field("total", uint64_t{s.pending.words.size()});
  w.field("source", s.pending.source);
  w.field("error", s.password_list_error);
  w.end_object();
  const ViewOptions& v = s.view;
  w.key("view").begin_object();
  w.field("theme", theme_name(v.theme)).field("fontScale", double(v.font_scale));
  w.field("showExactCurve", v.show_exact_curve);
  w.key("panels").begin_object();
  w.field("words", v.show_words).field("bits", v.show_bits).field("params", v.show_params);
  w.field("plots", v.show_plots).field("numbers", v.show_numbers).field("check", v.show_check);
  w.end_object().end_object();
  w.field("probes", s.probes);
  w.field("version", s.version);
  write_layout(w, s.layout);
  w.end_object();
  return w.str();
}

std::string view_state_json(AppState& s, bool wants_text_input, float pixel_ratio,
                            float font_size) {
  JsonWriter w;
  w.begin_object();
  w.field("presentation", s.view.presentation).field("fontScale", double(s.view.font_scale));
  w.field("theme", theme_name(s.view.theme));
  w.field("reducedMotion", s.view.reduced_motion).field("touch", s.view.touch);
  w.field("embed", s.view.embed).field("steps", s.view.show_steps);
  w.field("stepText", s.steps.shown);
  w.field("step", int64_t{s.steps.step}).field("stepCount", int64_t{step_count(s)});
  w.field("shortcuts", s.view.show_shortcuts).field("shareOpen", s.view.share_open);
  w.field("wantTextInput", wants_text_input);
  w.field("hoveredBit", s.bits.hovered_bit).field("pinnedBit", s.bits.pinned_bit);
  w.field("zoom", double(s.bits.zoom));
  const std::pair<const char*, const ScreenRect*> rects[] = {
      {"plot", &s.layout.plot_bits},           {"shareButton", &s.layout.share_button},
      {"copyLinkButton", &s.layout.copy_link_button}, {"copyEmbedButton", &s.layout.copy_embed_button},
      {"savePngButton", &s.layout.save_png_button}, {"saveCsvButton", &s.layout.save_csv_button},
      {"stepNextButton", &s.layout.step_next_button}, {"openFileButton", &s.layout.open_file_button},
      {"pasteBox", &s.layout.paste_box},               {"addListButton", &s.layout.add_list_button}};
  for (const auto& [name, r] : rects) write_rect(w, name, *r);
  w.field("pixelRatio", double(pixel_ratio)).field("fontSize", double(font_size));
  w.field("announcement", announcement(s));
  w.end_object();
  return w.str();
}

std::string query_json(const AppState& s, std::string_view word) {
  JsonWriter w;
  write_query(w, word, s.set.explain(word));
  return w.str();
}

std::string measurement_json(const Measurement& m) {
  JsonWriter w;
  write_measurement(w, m);
  return w.str();
}

}  // namespace bloomlab::app::actions
