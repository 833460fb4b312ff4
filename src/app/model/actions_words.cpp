// The words: add, remove, presets, lists and clear, each recorded as a Change (history.h), and
// a list's words going in a slice per frame (continue_loading).
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "actions_detail.h"
#include "core/word_list.h"
#include "outcome_text.h"
#include "url_params.h"

namespace bloomlab::app {
using namespace detail;
namespace {

// The words of the "Tiny" preset: at m = 64, k = 3, "letmein" sets the bits of "Qwerty".
const char* const kTinyWords[] = {"password", "12345", "qwerty", "dragon", "letmein"};
constexpr FilterParams kTinyParams{64, 3};
constexpr FilterParams kPasswordParams{100000, 7};
// One article's Python filter: BloomFilter(1000, 0.01) sizes with floors to m = 9585, k = 6
// (theory::floor_sizing), hashes with SHA-256 + MD5, adds three Russian animals and asks about
// a fourth.
const char* const kPythonWords[] = {"кот", "пёс", "ёж"};
constexpr const char* kPythonQuestion = "слон";
constexpr FilterParams kPythonParams{9585, 6, FilterParams{}.variant, Scheme::sha256md5};

// A list's source as an outcome argument (outcome_text words it): a file's name, or its kind.
std::string source_arg(ListSource source, const std::string& file_name) {
  switch (source) {
    case ListSource::file: return file_name;
    case ListSource::passwords: return "passwords";
    case ListSource::session: return "session";
    case ListSource::pasted: return "pasted";
  }
  return "pasted";
}

// Queues words (apart, or a reader's lines), added a slice per frame (continue_loading) as part
// of change `c`.
void queue_words(AppState& s, PendingWords pending, Change c) {
  s.pending = std::move(pending);
  s.pending.set_size_before = s.set.words().size();
  s.history.push(std::move(c));
  s.history.growing = true;
}

void queue_words(AppState& s, std::vector<std::string> words, ListSource source, std::string file_name,
                 const WordListReport& report, Change c, bool quiet) {
  PendingWords p;
  p.words = std::move(words);
  p.source = source;
  p.file_name = std::move(file_name);
  p.report = report;
  p.quiet = quiet;
  queue_words(s, std::move(p), std::move(c));
}

// A saved session's words are stored exactly (encode_session_words): no line splitting, no
// BOM or CR dropped, no UTF-8 decoding, so a word comes back as the bytes it was.
Result<WordList> session_words(std::string_view bytes) {
  WordList list;
  if (!decode_session_words(bytes, list.words) && list.words.empty())
    return Error{"the saved words are damaged", ErrorCode::list_damaged, {}};
  list.report.lines = list.words.size();
  return list;
}

}  // namespace

namespace detail {

Outcome do_add_word(AppState& s, std::string_view word) {
  if (word.empty()) return fail(Code::word_empty);
  if (word.size() > kMaxLineBytes)
    return fail(Code::word_too_long, {std::to_string(word.size()), std::to_string(kMaxLineBytes)});
  if (s.set.contains_word(word)) return make(Code::word_duplicate, {std::string(word)});
  Change c = begin_change(s, ChangeKind::add_word);
  const AddOutcome added = s.set.add(word);
  if (added == AddOutcome::full) return fail(Code::word_refused, error_args(s.set.filter().refusal(word)));
  if (added != AddOutcome::added) return fail(Code::word_empty);  // checked above
  c.added.emplace_back(word);
  s.history.push(std::move(c));
  changed(s, What::words);
  return make(is_valid_utf8(word) ? Code::word_added : Code::word_added_invalid_utf8, {std::string(word)});
}

Outcome do_remove_word(AppState& s, std::string_view word) {
  const FilterParams& p = s.set.params();
  if (!variant_ops(p.variant).can_remove) return fail(Code::remove_needs_counting, {variant_name(p.variant)});
  const auto& words = s.set.words();
  const auto it = std::find(words.begin(), words.end(), word);
  if (it == words.end() && s.remove_unchecked) {
    Change c = begin_change(s, ChangeKind::remove_word);
    c.removed = std::string(word);
    c.unchecked = true;
    Result<std::vector<std::string>> broken = s.set.remove_unchecked(word);
    if (!broken.ok()) return fail(Code::remove_needs_counting, {variant_name(p.variant)});
    s.history.push(std::move(c));
    changed(s, What::words);
    std::string names;
    for (const std::string& w : *broken) names += (names.empty() ? "" : ", ") + w;
    return make(Code::word_removed_unchecked, {std::string(word), names});
  }
  if (it == words.end()) {
    const Explained e = s.set.explain(word);
    if (e.verdict == Verdict::definitely_not) {
      std::string zeros;
      for (uint64_t b : e.zero_bits) zeros += (zeros.empty() ? "" : ", ") + std::to_string(b);
      return fail(Code::remove_absent, {std::string(word), zeros});
    }
    std::string broken;
    for (const std::string& w : s.set.would_break_if_cleared(word))
      broken += (broken.empty() ? "" : ", ") + w;
    return fail(Code::remove_false_positive, {std::string(word), broken});
  }
  const size_t index = size_t(it - words.begin());
  Change c = begin_change(s, ChangeKind::remove_word);
  c.removed = std::string(word);
  c.removed_index = index;
  if (!s.set.remove(word)) return fail(Code::remove_absent, {std::string(word), ""});
  if (index < s.preset_word_count - std::min(s.preset_word_count, s.preset_removed.size())) {
    s.preset_intact = false;  // one of the preset's words (they come first, in order)
    s.preset_removed.push_back(std::string(word));
  }
  c.mark_after = mark_of(s);
  s.history.push(std::move(c));
  changed(s, What::words);
  return make(Code::word_removed, {std::string(word)});
}

Outcome do_load_preset(AppState& s, Host& host, std::string_view name) {
  // Refused before anything changes: the words, a list loading, what the preset put in.
  if (name != "tiny" && name != "passwords" && name != "10k" && name != "python" && name != "empty")
    return fail(Code::preset_unknown, {std::string(name)});
  stop_loading(s);
  s.password_list_loading = false;
  s.password_list_error.clear();
  if (name == "passwords" || name == "10k") {
    // The words on screen stay until the list has arrived: if it never does, nothing is lost.
    // So does what the current preset put in, which a share link made meanwhile relies on.
    s.password_list_loading = true;
    host.request_password_list();
    return make(Code::preset_requested, {"passwords"});
  }
  Change c = begin_change(s, ChangeKind::preset);
  keep_words_before(c, s);
  s.set.clear();
  if (name == "tiny") {
    if (auto refused = s.set.set_params(kTinyParams)) return fail(Code::params_refused, error_args(*refused));
    for (const char* w : kTinyWords) {
      s.set.add(w);
      c.added.emplace_back(w);
    }
  }
  if (name == "python") {
    if (auto refused = s.set.set_params(kPythonParams))
      return fail(Code::params_refused, error_args(*refused));
    for (const char* w : kPythonWords) {
      s.set.add(w);
      c.added.emplace_back(w);
    }
    s.word_input = std::string(preset_word(name));  // the article's question, in the word box
    ++s.word_input_revision;
  }
  set_mark(s, PresetMark{std::string(name), s.set.words().size(), true, {}});
  c.params_after = s.set.params();
  c.mark_after = mark_of(s);
  s.history.push(std::move(c));
  changed(s, What::words);
  return make(Code::preset_loaded, {std::string(name)});
}

Outcome do_load_word_list(AppState& s, const act::LoadWordList& a, ListSource source) {
  if (source == ListSource::session) {
    auto list = session_words(a.bytes);
    if (!list) return fail(Code::list_invalid, error_args(list.failure()));
    s.last_report = list->report;
    s.has_report = true;
    stop_loading(s);
    const size_t count = list->words.size();
    queue_words(s, std::move(list->words), source, a.name, list->report,
                begin_change(s, ChangeKind::word_list), true);
    return make(Code::list_queued, {std::to_string(count), source_arg(source, a.name)});
  }
  // A list's lines are read as they go in; what would refuse it is known now, before any change.
  auto reader = WordListReader::start(a.bytes);
  if (!reader) return fail(Code::list_invalid, error_args(reader.failure()));
  stop_loading(s);
  const uint64_t lines = reader->lines_total();
  PendingWords p;
  p.reader.emplace(std::move(*reader));
  p.source = source;
  p.file_name = a.name;
  queue_words(s, std::move(p), begin_change(s, ChangeKind::word_list));
  return make(Code::list_queued, {std::to_string(lines), source_arg(source, a.name), "lines"});
}

void password_list_arrived(AppState& s, std::string_view bytes) {
  if (!s.password_list_loading) return;  // another preset was chosen meanwhile
  s.password_list_loading = false;
  s.password_list_error.clear();
  auto list = parse_word_list(bytes);
  if (!list) {
    s.password_list_error = error_args(list.failure());
    (void)noted(s, NoteSlot::list, fail(Code::list_failed, s.password_list_error));
    return;
  }
  Change c = begin_change(s, ChangeKind::preset);
  keep_words_before(c, s);
  s.set.clear();
  if (auto refused = s.set.set_params(kPasswordParams)) {
    (void)noted(s, NoteSlot::params, fail(Code::params_refused, error_args(*refused)));
    s.set.assign(*c.words_before);  // nothing lost
    return;
  }
  set_mark(s, PresetMark{"passwords", list->words.size(), true, {}});
  c.params_after = s.set.params();
  c.mark_after = mark_of(s);
  changed(s, What::words);
  s.last_report = list->report;
  s.has_report = true;
  queue_words(s, std::move(list->words), ListSource::passwords, "", list->report, std::move(c), s.quiet_list);
  s.quiet_list = false;
}

Outcome do_clear_words(AppState& s) {
  Change c = begin_change(s, ChangeKind::clear_words);
  keep_words_before(c, s);
  stop_loading(s);
  s.set.clear();
  set_mark(s, PresetMark{"empty", 0, true, {}});
  c.mark_after = mark_of(s);
  s.history.push(std::move(c));
  changed(s, What::words);
  return make(Code::words_cleared);
}

}  // namespace detail

std::optional<FilterParams> preset_params(std::string_view name) {
  if (name == "tiny") return kTinyParams;
  if (name == "python") return kPythonParams;
  if (name == "passwords" || name == "10k") return kPasswordParams;
  return std::nullopt;
}

std::string_view preset_word(std::string_view name) { return name == "python" ? kPythonQuestion : ""; }

bool continue_loading(AppState& s, double budget_ms) {
  if (!s.pending.active() || s.loading_held) return false;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double, std::milli>(budget_ms);
  Change* change = s.history.growing && !s.history.undo.empty() ? &s.history.undo.back() : nullptr;
  bool any = false;
  PendingWords& p = s.pending;
  if (!p.reserved) {
    // Room for every word at once, so that nothing reallocates a million words mid-load: the
    // first slices' work, not the call's that queued the list. A MB of new index at a time (a
    // million words' 16 MB took 52 ms in one go in Chromium, all on first touch).
    const size_t most = p.reader ? size_t(p.reader->words_at_most()) : p.words.size() - p.next;
    while (!s.set.reserve_in_steps(most, size_t{1} << 20))
      if (Clock::now() - start >= budget) return true;  // the next slice goes on
    if (change) change->added.reserve(most);
    p.reserved = true;
    if (Clock::now() - start >= budget) return true;  // the words go in from the next slice
  }
  const auto add = [&](std::string_view w) {
    const AddOutcome o = s.set.add(w);
    if (o == AddOutcome::added) {
      any = true;
      if (change) {
        change->added.emplace_back(w);
        s.history.bytes += Change::word_bytes(change->added.back());
      }
    } else if (o == AddOutcome::duplicate && p.reader && *s.set.index_of(w) >= p.set_size_before) {
      ++p.reader->report().duplicates;  // the list's own (a word the set had before is not)
    } else if (o == AddOutcome::full) {
      if (p.refused++ == 0) p.refusal = error_args(s.set.filter().refusal(w));
    }
  };
  // Check the clock every 64 words: cheap, and a slice never overshoots by much.
  while (p.active()) {
    if (p.reader) {
      std::string_view w;
      for (int i = 0; i < 64 && p.reader->next(w); ++i) add(w);
    } else {
      const size_t end = std::min(p.words.size(), p.next + 64);
      for (; p.next < end; ++p.next) add(p.words[p.next]);
    }
    if (Clock::now() - start >= budget) break;
  }
  if (change) change->params_after = s.set.params();
  if (any) {
    changed(s, What::words);
    s.inserted_set.reset();
  }
  if (s.pending.active()) return true;
  if (s.preset == "passwords" && s.pending.source == ListSource::passwords)
    s.preset_word_count = s.set.words().size();
  if (change) {
    change->mark_after = mark_of(s);
    s.history.trim();
  }
  s.history.growing = false;
  if (s.pending.reader) {
    s.last_report = s.pending.reader->report();
    s.has_report = true;
  }
  if (!s.pending.quiet) {
    const WordListReport& r = s.pending.final_report();
    const std::string source = source_arg(s.pending.source, s.pending.file_name);
    // The report's numbers: outcome_text words them in the reader's language (the core's
    // English summary is the CLI's).
    const uint64_t words = r.lines - r.empty_lines - r.duplicates - s.pending.refused;
    std::string first_invalid;
    for (uint64_t line : r.first_invalid_lines)
      first_invalid += (first_invalid.empty() ? "" : ",") + std::to_string(line);
    std::vector<std::string> args{source,
                                  std::to_string(words),
                                  std::to_string(r.lines),
                                  std::to_string(r.duplicates),
                                  std::to_string(r.empty_lines),
                                  std::to_string(r.invalid_utf8_lines),
                                  std::to_string(r.nul_lines),
                                  r.encoding,
                                  r.had_bom ? "1" : "0",
                                  std::to_string(r.utf16_replaced),
                                  first_invalid,
                                  std::to_string(s.pending.refused)};
    args.insert(args.end(), s.pending.refusal.begin(), s.pending.refusal.end());
    (void)noted(s, NoteSlot::list, make(Code::list_loaded, std::move(args)));
  }
  s.pending = PendingWords{};
  return false;
}

}  // namespace bloomlab::app
