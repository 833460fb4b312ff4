// URL parameters -> actions, and the current state -> a share link (see url_params.h).
#include "url_params.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <optional>
#include <utility>

#include "actions.h"
#include "core/params.h"
#include "core/parse.h"
#include "format.h"
#include "i18n.h"
#include "lessons.h"
#include "outcome_text.h"

namespace bloomlab::app {
namespace {

constexpr size_t kMaxUrlWords = 1000;
constexpr size_t kMaxWordsInLink = 200;  // a link with more words falls back to the preset only
constexpr uint64_t kMaxUrlProbes = 10000000;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A panel the link names that is not one: the warning lists every panel there is.
std::string panels_warning(const std::string& name) {
  std::string names;
  for (const char* n : kPanelNames) names += std::string(n) + ", ";
  return fill(tr("panels: %s is not one of %s."), {quoted(name), names + "presets"});
}

// The font scale: a number as every door reads one (core/parse.h), from 1 to 3.
std::optional<float> parse_scale(const std::string& text) {
  const std::optional<double> v = parse_real(text);
  if (!v || *v < 1.0 || *v > 3.0) return std::nullopt;
  return static_cast<float>(*v);
}

// The parameters after decoding: raw (still encoded) values, the last of each key; what was
// wrong with the query itself, worded once the link's language is set (parse_warnings).
struct Parsed {
  std::map<std::string, std::string> values;
  size_t refused_bytes = 0;  // the query was this long, over kMaxQueryBytes: nothing read
  // Keys given more than once, in the order they were first repeated, with how many times.
  std::vector<std::pair<std::string, size_t>> repeated;
  // Keys whose value has a '%' that starts no escape, with the value (words= and removed= say
  // it themselves, per word).
  std::vector<std::pair<std::string, std::string>> malformed;
  std::optional<std::string> get(const char* key) const {
    auto it = values.find(key);
    if (it == values.end()) return std::nullopt;
    return it->second;
  }
};

// The key=value pairs of a query in the order written, the key decoded, the value as written
// (a link's values are decoded where they are read: words= says its bad escapes per word).
std::vector<std::pair<std::string, std::string_view>> query_pairs(std::string_view query) {
  std::vector<std::pair<std::string, std::string_view>> pairs;
  for (std::string_view pair : split(query, '&')) {
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    pairs.emplace_back(percent_decode(pair.substr(0, eq)),
                       eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
  }
  return pairs;
}

Parsed parse_query(std::string_view query) {
  Parsed out;
  if (!query.empty() && (query[0] == '?' || query[0] == '#')) query.remove_prefix(1);
  if (query.size() > kMaxQueryBytes) {
    out.refused_bytes = query.size();
    return out;
  }
  std::map<std::string, size_t> given;  // key -> its index in `repeated` once repeated
  for (const auto& [key, raw] : query_pairs(query)) {
    if (out.values.count(key)) {
      auto [at, first] = given.emplace(key, out.repeated.size());
      if (first) out.repeated.push_back({key, 1});
      ++out.repeated[at->second].second;
    }
    out.values[key] = std::string(raw);
  }
  for (const auto& [key, raw] : out.values) {
    bool bad = false;
    (void)percent_decode(raw, &bad);
    if (bad && key != "words" && key != "removed") out.malformed.push_back({key, raw});
  }
  return out;
}

std::vector<std::string> parse_warnings(const Parsed& in) {
  std::vector<std::string> warn;
  if (in.refused_bytes)
    warn.push_back(fill(tr("The link's parameters are %s long; more than %s is refused."),
                        {format_bytes(in.refused_bytes), format_bytes(kMaxQueryBytes)}));
  // One warning a key, however often it is given (30,000 "a=b&" gave 30,000 warnings).
  for (const auto& [key, times] : in.repeated)
    warn.push_back(fill(trn("%s is given %s time; the last value is used.",
                            "%s is given %s times; the last value is used.", times),
                        {quoted(key), with_commas(times)}));
  // A '%' that starts no escape, in any value, is said as words= says it. The key is shown as
  // any text from a link is: an unknown one may be 256 KB of bytes that are not UTF-8.
  for (const auto& [key, raw] : in.malformed)
    // TRANSLATORS: the first %s is the link's parameter (any key), the second its value (for
    // words and removed, one word of it).
    warn.push_back(fill(tr("%s: %s has a \"%%\" not followed by two hexadecimal digits (a \"%%\" itself is "
                           "written %%25); it is taken as written."),
                        {display_text(key), quoted(raw)}));
  return warn;
}

// A count as the URL gives it: a whole number (core/parse.h: digits only, no sign, exponent or
// hex), as a double for the judges, which word its range as every other door does.
std::optional<double> parse_count(std::string_view text) {
  const std::optional<uint64_t> v = parse_whole(text);
  return v ? std::optional<double>(double(*v)) : std::nullopt;
}

}  // namespace

Outcome set_params_text(AppState& s, Host& host, std::string_view query) {
  // The values in the order written: check_params reads them through their rows in that order
  // (a key that is no parameter is refused there, not ignored as a link's is), then the whole.
  ParamsRequest r;
  for (const auto& [key, raw] : query_pairs(query)) r.values.push_back({key, percent_decode(raw)});
  return apply(s, host, act::SetParams{r});
}

std::optional<std::string> state_value_problem(std::string_view key, const std::string& value) {
  if (key == "preset") {
    if (value == "empty" || preset_params(value)) return std::nullopt;
    return outcome_text(Outcome{Code::preset_unknown, {value}, true});
  }
  if (find_param(key)) {  // the filter's parameters: their rows judge (core/params.h)
    FilterParams ignored;
    if (auto bad = apply_param(ignored, key, value)) return outcome_text(param_refusal(*bad));
    return std::nullopt;
  }
  if (key == "probes") {
    if (auto n = parse_count(value); n && *n >= 1 && *n <= double(kMaxUrlProbes)) return std::nullopt;
    return fill(tr("probes = %s is not a number from 1 to 10,000,000."), {quoted(value)});
  }
  if (key == "panels") {
    for (std::string_view item : split(value, ','))
      if (!item.empty() && item != "presets" && !parse_panel(item)) return panels_warning(std::string(item));
    return std::nullopt;
  }
  return std::nullopt;  // words and word: any text
}

namespace {

void apply_params(AppState& s, Host& host, const Parsed& in, std::vector<std::string>& warn) {
  // Each value is judged on its own by its row (core/params.h: the CLI's and the JS API's
  // reader), so that a bad m does not take a good k with it and every bad value is named.
  ParamsRequest r;
  for (const ParamRow* row : param_rows()) {
    const auto v = in.get(row->key);
    if (!v) continue;
    const std::string text = percent_decode(*v);
    FilterParams probe = s.set.params();
    if (auto bad = row->set(probe, text))
      warn.push_back(outcome_text(param_refusal(*bad)));
    else
      r.values.push_back({row->key, text});
  }
  if (r.values.empty()) return;
  const Outcome o = apply(s, host, act::SetParams{r});
  if (!o.ok()) warn.push_back(outcome_text(o));
}

// words= adds each word; removed= (remove true) removes each (a counting filter's preset words).
void apply_words(AppState& s, Host& host, const std::string& raw, std::vector<std::string>& warn,
                 bool remove = false) {
  const auto items = split(raw, ',');
  size_t added = 0, malformed = 0;
  std::string_view first_malformed;
  for (std::string_view item : items) {
    if (item.empty()) continue;
    if (added == kMaxUrlWords) {
      warn.push_back(fill(remove ? trn("Only the first %s word of \"removed\" was removed.",
                                       "Only the first %s words of \"removed\" were removed.", kMaxUrlWords)
                                 : trn("Only the first %s word of \"words\" was added.",
                                       "Only the first %s words of \"words\" were added.", kMaxUrlWords),
                          {with_commas(kMaxUrlWords)}));
      break;
    }
    bool bad_escape = false;
    const std::string word = percent_decode(item, &bad_escape);
    if (bad_escape && malformed++ == 0) first_malformed = item;
    const Outcome o = remove ? apply(s, host, act::RemoveWord{word}) : apply(s, host, act::AddWord{word});
    // A word written twice ("removed=x,x") is told once, not once per repeat.
    if (!o.ok()) {
      std::string text = outcome_text(o);
      if (std::find(warn.begin(), warn.end(), text) == warn.end()) warn.push_back(std::move(text));
    }
    ++added;
  }
  // A '%' that starts no escape ("ab%A", "%ZZ": a link cut short, or a '%' not written %25):
  // the word is taken as written, and the link's reader is told.
  const char* key = remove ? "removed" : "words";
  if (malformed == 1)
    // TRANSLATORS: the first %s is the link's parameter (words or removed), the second a word of it.
    warn.push_back(fill(tr("%s: %s has a \"%%\" not followed by two hexadecimal digits (a \"%%\" itself is "
                           "written %%25); it is taken as written."),
                        {key, quoted(first_malformed)}));
  else if (malformed > 1)
    // TRANSLATORS: the link's parameter (words or removed), how many words, the first of them.
    warn.push_back(
        fill(trn("%s: %s word has a \"%%\" not followed by two hexadecimal digits (the first: %s; a "
                 "\"%%\" itself is written %%25); it is taken as written.",
                 "%s: %s words have a \"%%\" not followed by two hexadecimal digits (the first: %s; a "
                 "\"%%\" itself is written %%25); they are taken as written.",
                 malformed),
             {key, with_commas(malformed), quoted(first_malformed)}));
}

// The panels named, in the author's order (each once).
void apply_panels(AppState& s, Host& host, const std::string& raw, std::vector<std::string>& warn) {
  std::vector<Panel> order;
  bool presets = false;
  for (std::string_view item : split(raw, ',')) {
    const std::string name = percent_decode(item);
    if (name == "presets") {
      s.view.embed_presets = presets = true;  // the preset buttons, which an embed hides unless asked
    } else if (auto p = parse_panel(name)) {
      if (std::find(order.begin(), order.end(), *p) == order.end()) order.push_back(*p);
    } else if (!name.empty()) {
      warn.push_back(panels_warning(name));
    }
  }
  if (!order.empty())
    (void)apply(s, host, act::SetPanels{order});
  else if (!presets)  // "panels=presets" alone: every panel, and the preset buttons
    warn.push_back(tr("panels: no known panel named; all panels stay."));
}

std::optional<bool> parse_flag(const std::string& value) {
  if (value == "1" || value == "true" || value.empty()) return true;
  if (value == "0" || value == "false") return false;
  return std::nullopt;
}

// A 1/0 parameter of the link: its value when given and valid; `bad` (its own sentence, with %s
// for the value) is the warning when it is neither.
std::optional<bool> flag_param(const Parsed& in, const char* key, const char* bad,
                               std::vector<std::string>& warn) {
  const std::optional<std::string> v = in.get(key);
  if (!v) return std::nullopt;
  const std::string value = percent_decode(*v);
  const std::optional<bool> on = parse_flag(value);
  if (!on) warn.push_back(fill(bad, {quoted(value)}));
  return on;
}

void apply_view(AppState& s, Host& host, const Parsed& in, std::vector<std::string>& warn) {
  if (auto v = in.get("panels")) apply_panels(s, host, *v, warn);
  if (auto v = in.get("theme")) {
    const std::string name = percent_decode(*v);
    if (name == "dark")
      (void)apply(s, host, act::SetTheme{Theme::dark});
    else if (name == "light")
      (void)apply(s, host, act::SetTheme{Theme::light});
    else if (name == "contrast" || name == "high-contrast")
      (void)apply(s, host, act::SetTheme{Theme::high_contrast});
    else
      warn.push_back(fill(tr("theme = %s is not dark, light or contrast."), {quoted(name)}));
  }
  std::optional<float> scale;
  if (auto v = in.get("scale")) {
    scale = parse_scale(percent_decode(*v));
    if (!scale) warn.push_back(fill(tr("scale = %s is not a number from 1 to 3."), {quoted(*v)}));
  }
  // embed: what the page is, not a change of it; present: once the screen's size is known.
  if (auto on = flag_param(in, "embed", tr("embed = %s is not 1 or 0."), warn)) s.view.embed = *on;
  if (auto on = flag_param(in, "nav", tr("nav = %s is not 1 or 0."), warn)) s.view.lesson_nav = *on;
  if (auto on = flag_param(in, "present", tr("present = %s is not 1 or 0."), warn)) s.present_on_open = *on;
  // With present=1, scale= is the slide's text size (the reader's own comes back after it).
  if (scale && s.present_on_open && !s.view.presentation)
    s.present_scale = scale;
  else if (scale)
    (void)apply(s, host, act::SetFontScale{*scale});
  if (auto on = flag_param(in, "safe", tr("safe = %s is not 1 or 0."), warn))
    (void)apply(s, host, act::SetSafeWords{*on});
  if (auto v = in.get("probes")) {
    if (auto probes = parse_count(percent_decode(*v));
        probes && *probes >= 1 && *probes <= double(kMaxUrlProbes))
      (void)apply(s, host, act::SetProbes{*probes});
    else
      warn.push_back(fill(tr("probes = %s is not a number from 1 to 10,000,000."), {quoted(*v)}));
  }
}

std::string panels_value(const ViewOptions& v) {
  std::string out;
  for (Panel p : v.panels) out += (out.empty() ? "" : ",") + std::string(panel_name(p));
  if (v.embed_presets) out += ",presets";
  return out;
}

void apply_filter_and_words(AppState& s, Host& host, const Parsed& in, std::vector<std::string>& warn) {
  apply_params(s, host, in, warn);
  // The preset's words removed first: a removed word added again comes after the others.
  if (auto v = in.get("removed")) apply_words(s, host, *v, warn, true);
  if (auto v = in.get("words")) apply_words(s, host, *v, warn);
  // The growth slider: once the words are all in (a list loads over frames, and new words show
  // all of them), apply_deferred_url_params sets it.
  if (auto v = in.get("inserted")) {
    if (auto n = parse_count(percent_decode(*v)))
      s.url_inserted = *n;
    else
      warn.push_back(fill(tr("inserted = %s is not a number of words."), {quoted(*v)}));
  }
}

}  // namespace

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::string percent_decode(std::string_view text, bool* malformed) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
               hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      if (c == '%' && malformed) *malformed = true;
      out += c;
    }
  }
  return out;
}

std::string percent_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                            c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

void apply_deferred_url_params(AppState& s, Host& host) {
  if (s.url_inserted && !s.password_list_loading && !s.pending.active() && s.url_after_list.empty()) {
    const double n = *std::exchange(s.url_inserted, std::nullopt);
    const Outcome o = apply(s, host, act::SetInserted{n});
    if (!o.ok()) s.url_warnings.push_back(outcome_text(o));
    s.note(NoteSlot::params) = Outcome{};
  }
  // After the list's words are all in: removed= and words= are changes of the preset's words.
  if (s.url_after_list.empty() || s.password_list_loading || s.pending.active()) return;
  const Parsed in = parse_query(std::exchange(s.url_after_list, std::string()));
  apply_filter_and_words(s, host, in, s.url_warnings);  // the parse warnings were given the first time
}

void cap_warnings(std::vector<std::string>& warn) {
  if (warn.size() <= kMaxLinkWarnings) return;
  const size_t more = warn.size() - (kMaxLinkWarnings - 1);
  warn.resize(kMaxLinkWarnings - 1);
  warn.push_back(fill(trn("… and %s more warning.", "… and %s more warnings.", more), {with_commas(more)}));
}

namespace {

// apply_url_params before its warnings are capped: restore_session adds the saved words' own
// first (added after the cap, it made kMaxLinkWarnings + 1, after "… and N more warnings.").
std::vector<std::string> apply_query(AppState& s, Host& host, std::string_view query) {
  const Parsed in = parse_query(query);
  // The language first: every warning is in it (its catalog is usually in already).
  std::optional<std::string> bad_lang;
  if (auto v = in.get("lang")) {
    const std::string code = percent_decode(*v);
    Lang lang;
    if (parse_lang(code, &lang))
      (void)apply(s, host, act::SetLanguage{lang, true, false});
    else
      bad_lang = code;
  }
  std::vector<std::string> warn = parse_warnings(in);
  if (bad_lang)
    warn.push_back(fill(tr("lang = %s is not en, ru, uk or zh: the page stays in %s."),
                        {quoted(*bad_lang), lang_endonym(s.view.lang_loading.value_or(s.view.lang))}));
  // The link's own keys; the filter's parameters are the schema's rows (core/params.h).
  static const char* const kKnown[] = {"preset",  "words", "word",    "panels", "theme", "scale",    "probes",
                                       "embed",   "safe",  "present", "lesson", "step",  "inserted", "remove",
                                       "removed", "lang",  "nav",     "start"};  // start=click: the page's
                                                                                 // poster (web/bloomlab.js)
  for (const auto& [key, value] : in.values) {
    bool known = find_param(key) != nullptr;
    for (const char* k : kKnown) known |= key == k;
    if (!known) warn.push_back(fill(tr("Unknown parameter %s ignored."), {quoted(key)}));
  }
  if (auto v = in.get("remove")) {
    const std::string how = percent_decode(*v);
    if (how == "unchecked" || how == "checked")
      (void)apply(s, host, act::SetRemoveUnchecked{how == "unchecked"});
    else
      warn.push_back(fill(tr("remove = %s is not checked or unchecked."), {quoted(*v)}));
  }
  // A lesson's step sets its own state first; what else the link says refines it (a shared
  // step carries the state the student had).
  if (auto v = in.get("lesson")) {
    int step = 1;
    if (auto t = in.get("step")) {
      if (auto n = parse_count(percent_decode(*t)); n && *n >= 1 && *n <= double(kMaxLessonSteps))
        step = int(*n);
      else
        warn.push_back(fill(tr("step = %s is not a step number; the lesson opens at step 1."), {quoted(*t)}));
    }
    const Outcome o = apply(s, host, act::OpenLesson{percent_decode(*v), step});
    if (!o.ok()) warn.push_back(outcome_text(o));
  } else if (in.get("step")) {
    warn.push_back(tr("step = … needs lesson = …; ignored."));
  }
  // Order matters: a preset sets m, k and words; the explicit values then refine it. Words
  // without a preset start from an empty filter: the link's words, exactly.
  if (auto v = in.get("preset")) {
    const std::string name = percent_decode(*v);
    const Outcome o = apply(s, host, act::LoadPreset{name});
    if (!o.ok()) warn.push_back(outcome_text(o));
    if (s.password_list_loading) s.quiet_list = true;  // no load report on a link's first screen
  } else if (in.get("words")) {
    (void)apply(s, host, act::LoadPreset{"empty"});
  }
  if (s.password_list_loading) {
    // The list resets m, k and the words when it arrives: what the link says about them must
    // come after that, or the link would be overruled. A lesson step's state (applied above, its
    // preset the list) waits there already: the link's own values follow it and refine it.
    s.url_after_list =
        s.url_after_list.empty() ? std::string(query) : s.url_after_list + "&" + std::string(query);
  } else {
    apply_filter_and_words(s, host, in, warn);
  }
  if (auto v = in.get("word")) {
    const std::string word = percent_decode(*v);
    (void)apply(s, host, act::SetWordInput{word});
    if (word.size() > kMaxLineBytes)
      warn.push_back(fill(trn("word: cut to %s byte.", "word: cut to %s bytes.", kMaxLineBytes),
                          {with_commas(kMaxLineBytes)}));
  }
  apply_view(s, host, in, warn);
  // A slide opens on its question, not on an answer: the word box is empty unless the link (or
  // its lesson step) puts a word there.
  if (s.present_on_open && !in.get("word") && !in.get("lesson") && !s.word_input.empty())
    (void)apply(s, host, act::SetWordInput{""});
  // A link's own changes leave no messages under the controls (its warnings show at the top).
  const Outcome word_note = s.note(NoteSlot::word);
  for (Outcome& n : s.notes) n = Outcome{};
  if (word_note.code == Code::word_input_cut || word_note.code == Code::word_input_invalid_utf8)
    s.note(NoteSlot::word) = word_note;
  return warn;
}

// The warnings as the page shows them, at most kMaxLinkWarnings.
std::vector<std::string> shown_warnings(AppState& s, std::vector<std::string> warn) {
  cap_warnings(warn);
  s.url_warnings = warn;
  return warn;
}

}  // namespace

std::vector<std::string> apply_url_params(AppState& s, Host& host, std::string_view query) {
  return shown_warnings(s, apply_query(s, host, query));
}

namespace {

// The preset's words still there, in order, before any others: a link says "the preset minus
// these words (removed=), plus these (words=)".
// Removed words need a filter that removes them (the recipient's removes them as the user's
// did); after a change to another variant the link lists every word instead.
bool on_preset(const AppState& s) {
  return (s.preset == "tiny" || s.preset == "passwords" || s.preset == "python") &&
         (s.preset_removed.empty() || variant_ops(s.set.params().variant).can_remove) &&
         s.preset_removed.size() <= s.preset_word_count &&
         s.preset_word_count - s.preset_removed.size() <= s.set.words().size();
}
size_t first_extra_word(const AppState& s) {
  return on_preset(s) ? s.preset_word_count - s.preset_removed.size() : 0;
}

// The preset's words removed and the words beyond it as a link gives them
// ("&removed=a&words=b,c", "" when there are none), or nullopt when they are more than a link
// carries: kMaxWordsInLink together, or more bytes than leave the reader's limit room for the
// other parameters (the word box's 4 KiB percent-encoded, the view: under 16 KiB together).
constexpr size_t kRoomForOtherParams = 16 * 1024;
std::optional<std::string> word_lists(const AppState& s) {
  const auto& words = s.set.words();
  const size_t first = first_extra_word(s);
  static const std::vector<std::string> kNone;
  const std::vector<std::string>& removed = on_preset(s) ? s.preset_removed : kNone;
  if (words.size() - first + removed.size() > kMaxWordsInLink) return std::nullopt;
  std::string out;
  const auto list = [&](const char* key, const std::string* begin, const std::string* end) {
    for (const std::string* w = begin; w != end; ++w) {
      out += w == begin ? key : ",";
      out += percent_encode(*w);
    }
  };
  list("&removed=", removed.data(), removed.data() + removed.size());
  list("&words=", words.data() + first, words.data() + words.size());
  if (out.size() > kMaxQueryBytes - kRoomForOtherParams)
    return std::nullopt;  // the reader would refuse it whole
  return out;
}

bool link_carries_words(const AppState& s) { return word_lists(s).has_value(); }

// with_words false: the filter and view only, from an empty preset (the words travel apart).
// with_view_mode false: a share link, which opens the app as the reader has it, not the slide.
// The theme is the reader's own (presentation's contrast comes with present=1); the text size
// the slide's in the address (present=1&scale= is the slide's), the reader's in a share link.
std::string query_for(const AppState& s, bool with_words, bool with_view_mode = true) {
  const bool slide = s.view.presentation && !with_view_mode;
  const Theme theme = s.view.presentation ? s.view.theme_before_presentation : s.view.theme;
  // (present=1&scale=X before the first frame: X waits in present_scale, and the address keeps it.)
  const float font_scale = slide                               ? s.view.scale_before_presentation
                           : with_view_mode && s.present_scale ? *s.present_scale
                                                               : s.view.font_scale;
  const FilterParams& p = s.set.params();
  // The preset and its words' changes; when they are too many, the preset alone if none of
  // its words was removed, else the empty preset (link_leaves_out says what is left out).
  const std::optional<std::string> lists = with_words ? word_lists(s) : std::nullopt;
  const bool named = with_words && on_preset(s) && (lists || s.preset_removed.empty());
  std::string q = "preset=" + std::string(named ? s.preset : "empty");
  q += "&m=" + std::to_string(p.m) + "&k=" + std::to_string(p.k);
  // Every parameter that is not its default (also one set for another variant: a link keeps
  // all it was told), the variant's own right after the variant. The schema's rows write them
  // (core/params.h).
  const auto put = [&](const ParamRow& row) {
    q += std::string("&") + row.key + "=" + percent_encode(row.get(p));
  };
  const VariantOps& ops = variant_ops(p.variant);
  const ParamRow* const* own_end = ops.params + ops.param_count;
  for (const ParamRow* row : param_rows()) {
    const std::string_view key = row->key;
    if (key == "m" || key == "k" || std::find(ops.params, own_end, row) != own_end) continue;
    if (param_differs_from_default(p, *row)) put(*row);
    if (key == "variant")
      std::for_each(ops.params, own_end, [&](const ParamRow* r) {
        if (param_differs_from_default(p, *r)) put(*r);
      });
  }
  if (s.remove_unchecked) q += "&remove=unchecked";
  if (lists) q += *lists;
  if (s.inserted) q += "&inserted=" + std::to_string(*s.inserted);
  // The word box as it is, also emptied or changed from the word the preset puts there (the
  // Python article's "слон": fuzz_url_params found a link that brought it back).
  if (s.word_input != preset_word(named ? s.preset : "empty")) q += "&word=" + percent_encode(s.word_input);
  if (s.view.panels_chosen)
    q += "&panels=" + panels_value(s.view);
  else if (s.view.embed_presets)
    q += "&panels=presets";  // every panel, and the preset buttons (fuzz_url_params found it lost)
  // The page's own default (its prefers-color-scheme) is left out: the reader's preference wins.
  if (theme != s.view.page_theme) q += std::string("&theme=") + theme_name(theme);
  // The language when the reader chose it (else the recipient's own preference wins).
  if (s.view.lang_chosen) q += std::string("&lang=") + lang_code(s.view.lang_loading.value_or(s.view.lang));
  // Eight significant digits: a float from 1 to 3 (parse_scale's range) reads back as itself
  // (%g's six did not: fuzz_url_params found scale=1.299599 coming back as 1.2996), and
  // %g still drops the trailing zeros (1.3, not 1.29999995).
  if (font_scale != 1.0f) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.8g", double(font_scale));
    q += std::string("&scale=") + buf;
  }
  if (s.probes != kDefaultProbes) q += "&probes=" + std::to_string(s.probes);
  // Classroom-safe words as chosen, on or off (not merely on by a lesson or presentation mode,
  // which links leave out): fuzz_url_params found links dropping it.
  if (s.view.safe_words_chosen) q += *s.view.safe_words_chosen ? "&safe=1" : "&safe=0";
  if (s.view.embed) q += "&embed=1";
  if (!s.view.lesson_nav) q += "&nav=0";
  // A slide stays a slide after a reload (the address and the session); a link shared from it
  // opens the app, not the slide (share_params_for).
  if (with_view_mode && (s.view.presentation || s.present_on_open)) q += "&present=1";
  // The lesson step on screen (a built-in one: a teacher's own file is not on the reader's page).
  if (const Lesson* l = s.view.show_lessons ? current_lesson(s) : nullptr;
      l && size_t(s.lessons.current) < builtin_lessons().size())
    q += "&lesson=" + l->id + "&step=" + std::to_string(s.lessons.step + 1);
  return q;
}

}  // namespace

std::string url_params_for(const AppState& s) { return query_for(s, true); }
std::string share_params_for(const AppState& s) { return query_for(s, true, false); }

LinkGap link_leaves_out(const AppState& s) {
  LinkGap gap;
  if (link_carries_words(s)) return gap;
  const size_t n = s.set.words().size();
  const size_t first = first_extra_word(s);
  const bool named = on_preset(s) && s.preset_removed.empty();  // query_for's choice
  gap.recipient = named ? first : 0;
  gap.left_out = n - gap.recipient;
  gap.too_long = n - first + (on_preset(s) ? s.preset_removed.size() : 0) <= kMaxWordsInLink;
  return gap;
}

void append_session_words(std::string& out, const std::vector<std::string>& words, size_t from, size_t to) {
  size_t total = 0;
  for (size_t i = from; i < to; ++i) total += 4 + words[i].size();
  // Sized once and written in place: appending byte by byte took 100 ms for a million words.
  size_t at = out.size();
  out.resize(at + total);
  for (size_t i = from; i < to; ++i) {
    const std::string& w = words[i];
    const uint32_t n = uint32_t(w.size());
    for (int b = 0; b < 4; ++b) out[at + b] = char((n >> (8 * b)) & 0xFF);
    std::memcpy(out.data() + at + 4, w.data(), n);
    at += 4 + n;
  }
}

std::string encode_session_words(const std::vector<std::string>& words) {
  std::string out;
  append_session_words(out, words, 0, words.size());
  return out;
}

namespace {

// Each item of saved words in turn (each(word)); false when the bytes end inside one.
template <class Each>
bool walk_session_words(std::string_view bytes, Each&& each) {
  size_t at = 0;
  while (at < bytes.size()) {
    if (bytes.size() - at < 4) return false;
    uint32_t n = 0;
    for (int i = 0; i < 4; ++i) n |= uint32_t(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    at += 4;
    if (n > bytes.size() - at) return false;
    each(bytes.substr(at, n));
    at += n;
  }
  return true;
}

bool holdable(std::string_view word) { return !word.empty() && word.size() <= kMaxLineBytes; }

}  // namespace

bool decode_session_words(std::string_view bytes, std::vector<std::string>& out) {
  return walk_session_words(bytes, [&](std::string_view w) {
    if (holdable(w)) out.emplace_back(w);
  });
}

SessionWordsCheck check_session_words(std::string_view bytes) {
  SessionWordsCheck c;
  c.whole = walk_session_words(bytes, [&](std::string_view w) { holdable(w) ? ++c.words : ++c.dropped; });
  return c;
}

Session session_for(const AppState& s, bool word_bytes) {
  const size_t n = s.set.words().size();
  if (link_carries_words(s)) return Session{url_params_for(s), {}, n, false};
  return Session{query_for(s, false), word_bytes ? encode_session_words(s.set.words()) : std::string(), n,
                 true};
}

std::string with_view_of(std::string_view params, std::string_view view_from) {
  static const char* const kViewKeys[] = {"embed", "present", "nav"};
  const auto is_view = [](std::string_view pair) {
    const std::string key = percent_decode(pair.substr(0, pair.find('=')));
    for (const char* k : kViewKeys)
      if (key == k) return true;
    return false;
  };
  std::string out;
  const auto keep = [&](std::string_view query, bool view) {
    if (!query.empty() && (query[0] == '?' || query[0] == '#')) query.remove_prefix(1);
    for (std::string_view pair : split(query, '&')) {
      if (pair.empty() || is_view(pair) != view) continue;
      if (!out.empty()) out += '&';
      out += pair;
    }
  };
  keep(params, false);
  keep(view_from, true);
  return out;
}

std::vector<std::string> restore_session(AppState& s, Host& host, const Session& saved,
                                         std::string_view view_from) {
  std::vector<std::string> warn = apply_query(s, host, with_view_of(saved.params, view_from));
  if (!saved.words.empty()) {
    const SessionWordsCheck check = check_session_words(saved.words);
    const Outcome o = apply(s, host, act::LoadWordList{saved.words, "", ListSource::session});
    if (!o.ok()) {
      warn.push_back(fill(tr("The saved words could not be restored: %s"), {outcome_text(o)}));
    } else {
      if (check.dropped)
        warn.push_back(
            fill(trn("%s saved word could not be restored: a word is 1 to %s bytes.",
                     "%s saved words could not be restored: a word is 1 to %s bytes.", check.dropped),
                 {with_commas(check.dropped), with_commas(kMaxLineBytes)}));
      if (!check.whole)
        warn.push_back(tr("The saved words end in the middle of a word: the words before it are restored."));
    }
  }
  return shown_warnings(s, std::move(warn));
}

}  // namespace bloomlab::app
