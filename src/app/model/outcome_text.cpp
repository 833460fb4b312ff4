// Outcomes in words (see outcome_text.h), from the message catalog (i18n.h): the codes and
// their arguments stay the same in every language.
#include "outcome_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/params.h"
#include "core/parse.h"
#include "core/speed.h"
#include "format.h"
#include "i18n.h"

namespace bloomlab::app {
namespace {

const std::string& arg(const Outcome& o, size_t i) {
  static const std::string none;
  return i < o.args.size() ? o.args[i] : none;
}

uint64_t number(const std::string& digits) {
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + uint64_t(c - '0');
  }
  return v;
}

std::string count(const std::string& digits) {
  for (char c : digits)
    if (c < '0' || c > '9') return digits;
  return with_commas(number(digits));
}

// A count with its noun in the language's plural form: "1 word", "5 words", "5 слов".
std::string words_count(const std::string& digits) {
  return fill(trn("%s word", "%s words", number(digits)), {count(digits)});
}
std::string lines_count(const std::string& digits) {
  return fill(trn("%s line", "%s lines", number(digits)), {count(digits)});
}
std::string steps_count(const std::string& digits) {
  return fill(trn("%s step", "%s steps", number(digits)), {count(digits)});
}

std::string bytes_count(const std::string& digits) {
  return fill(trn("%s byte", "%s bytes", number(digits)), {count(digits)});
}

// A number the core wrote plainly ("0.000001", "2.5", "1e+07") in the language's own way.
std::string plain_number(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return text;
  const double size = std::fabs(v);
  if (size < 1e15 && size == double(uint64_t(size)))
    return (v < 0 ? "-" : "") + with_commas(uint64_t(size));  // "-2", not "-2.0"
  for (int places = 1; places < 9; ++places) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", places, v);
    if (std::strtod(buf, nullptr) == v) return format_decimal(v, places);
  }
  return format_decimal(v, 9);
}

// A parameter's value as a refusal shows it: a number written plainly in the language's way
// ("4,294,967,297", ru "0,9"); a number written otherwise as typed ("1e1", "3.0": the form is
// the fault); anything else quoted ("abc", "0x10", "").
std::string value_shown(const std::string& text) {
  const std::optional<double> x = parse_real(text);
  if (!x) return quoted(text);
  return param_number_text(*x) == text && std::fabs(*x) < 1e15 ? plain_number(text) : text;
}

// A sentence without its closing full stop, to go inside another ("…: the filter is full — x.").
std::string without_full_stop(std::string text) {
  for (const std::string_view stop : {std::string_view("."), std::string_view("。")})
    if (text.size() >= stop.size() && std::string_view(text).substr(text.size() - stop.size()) == stop)
      text.resize(text.size() - stop.size());
  return text;
}

// A core error's arguments (after its token), worded.
std::string core_error_text(ErrorCode code, const std::vector<std::string>& a) {
  const auto at = [&](size_t i) -> const std::string& {
    static const std::string none;
    return i < a.size() ? a[i] : none;
  };
  switch (code) {
    case ErrorCode::other: return at(0);
    case ErrorCode::list_too_large:
      return fill(tr("The word list is %s; the limit is %s (64 MiB)."),
                  {bytes_count(at(0)), bytes_count(at(1))});
    case ErrorCode::list_line_too_long:
      return fill(tr("Line %s of the word list is %s long; the limit is %s."),
                  {count(at(0)), bytes_count(at(1)), bytes_count(at(2))});
    case ErrorCode::list_empty: return tr("The word list is empty.");
    case ErrorCode::list_only_empty_lines:
      return fill(trn("The word list has no words, only %s empty line.",
                      "The word list has no words, only %s empty lines.", number(at(0))),
                  {count(at(0))});
    case ErrorCode::list_damaged: return tr("The saved words are damaged.");
    case ErrorCode::file_open_failed: return fill(tr("Cannot open %s: %s."), {at(0), at(1)});
    case ErrorCode::file_read_failed: return fill(tr("Cannot read %s: %s."), {at(0), at(1)});
    case ErrorCode::file_too_large:
      return fill(tr("%s is larger than %s, the limit for a word list."), {at(0), bytes_count(at(1))});
    case ErrorCode::filter_memory:
      return fill(tr("Not enough memory for a filter of %s (about %s MiB)."),
                  {bits_text(number(at(0))), count(at(1))});
    case ErrorCode::m_range:
      return fill(tr("m must be a whole number of bits from 1 to 2^32 (%s); %s is not."),
                  {with_commas(4294967296ull), value_shown(at(0))});
    case ErrorCode::k_range:
      return fill(tr("k must be a whole number of hashes from 1 to 64; %s is not."), {value_shown(at(0))});
    case ErrorCode::scalable_n0_range:
      return fill(tr("n0 (the first stage's words) must be from 1 to %s; %s is not."),
                  {with_commas(10000000), value_shown(at(0))});
    case ErrorCode::scalable_p0_range:
      return fill(tr("p0 (the first stage's FP rate) must be from %s to %s; %s is not."),
                  {plain_number("0.000001"), plain_number("0.5"), value_shown(at(0))});
    case ErrorCode::scalable_growth_range:
      return fill(tr("s (growth) must be from 1 to 16; %s is not."), {value_shown(at(0))});
    case ErrorCode::scalable_tightening_range:
      return fill(tr("r (tightening) must be from %s to %s; %s is not."),
                  {plain_number("0.05"), plain_number("0.99"), value_shown(at(0))});
    case ErrorCode::memory_size_form:
      return fill(tr("A memory size is a number and a unit (e.g. 4GiB); %s is not."), {quoted(at(0))});
    case ErrorCode::memory_size_number:
      return fill(tr("A memory size starts with a number (e.g. 4GiB); %s does not."), {quoted(at(0))});
    case ErrorCode::memory_size_unit:
      return fill(tr("The unit in %s must be one of bits, bytes (B), KiB, MiB, GiB, TiB, KB, MB, GB, TB."),
                  {quoted(at(0))});
    case ErrorCode::memory_size_too_small:
      return fill(tr("A memory size is at least 1 bit; %s is less."), {quoted(at(0))});
    case ErrorCode::memory_size_too_large:
      return fill(tr("A memory size is at most 2^63 bits (1,048,576 TiB); %s is more."), {quoted(at(0))});
    case ErrorCode::remove_needs_counting:
      return outcome_text(Outcome{Code::remove_needs_counting, {at(0)}, true});
    case ErrorCode::remove_absent: return outcome_text(Outcome{Code::remove_absent, {at(0), at(1)}, true});
    case ErrorCode::remove_false_positive:
      return outcome_text(Outcome{Code::remove_false_positive, {at(0), at(1)}, true});
    case ErrorCode::remove_failed: return fill(tr("%s could not be removed."), {quoted(at(0))});
    case ErrorCode::cuckoo_fingerprint_range:
      return fill(tr("f (the fingerprint's bits) must be a whole number from 4 to 32; %s is not."),
                  {value_shown(at(0))});
    case ErrorCode::cuckoo_bucket_size:
      return fill(tr("b (slots per bucket) must be 1, 2, 4 or 8; %s is not."), {value_shown(at(0))});
    case ErrorCode::cuckoo_buckets_range:
      return fill(tr("B (buckets) must be a power of two from 1 to 2^24 (%s); %s is not."),
                  {with_commas(16777216), value_shown(at(0))});
    case ErrorCode::fuse_fingerprint_bits:
      return fill(tr("f (the binary fuse filter's fingerprint bits) must be 8 or 16; %s is not."),
                  {value_shown(at(0))});
    case ErrorCode::cuckoo_full:
      // TRANSLATORS: the word, the fingerprints in the buckets, the slots.
      return fill(tr("The cuckoo filter is full (%s of %s slots hold a fingerprint and one more waits in "
                     "its victim slot): %s was not added. Enlarge B or b, or remove a word."),
                  {count(at(1)), count(at(2)), quoted(at(0))});
    case ErrorCode::words_do_not_fit:
      // TRANSLATORS: the words in the set; how many the new filter took before it was full.
      return fill(
          tr("The words do not fit: these parameters' filter was full after %s of %s. Nothing changed."),
          {count(at(1)), count(at(0))});
    case ErrorCode::param_choice:
      // TRANSLATORS: a parameter (variant, scheme, counters), the value given, the choices.
      return fill(tr("%s = %s is not one of %s."), {at(0), quoted(at(1)), at(2)});
    case ErrorCode::param_unknown:
      // TRANSLATORS: the name given, then the parameters' names (m, k, variant, …).
      return fill(tr("%s is not a parameter; they are %s."), {quoted(at(0)), at(1)});
    case ErrorCode::count_: break;
  }
  return at(0);
}

// The words of outcome arguments made by error_args (or a download's failure).
std::string error_args_text(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "download")
    return fill(tr("it could not be downloaded (%s)"), {args.size() > 1 ? args[1] : ""});
  if (!args.empty() && args[0] == "damaged") return tr("the file arrived damaged");
  ErrorCode code = ErrorCode::other;
  if (args.empty() || !parse_error_code(args[0], &code)) return args.empty() ? "" : args[0];
  return core_error_text(code, std::vector<std::string>(args.begin() + 1, args.end()));
}

std::string source_title(const std::string& source) {
  if (source == "passwords") return tr("10k leaked passwords");
  if (source == "pasted" || source.empty()) return tr("the pasted list");
  if (source == "session") return tr("your last session");
  return source;  // a file name
}

// A lesson file's value (an id, a task's kind, a step's title) in the language's quotation marks.
// The format's own keys are quoted by the messages themselves, as they must be typed.
std::string lesson_error_words(LessonErrorCode code, const std::vector<std::string>& a) {
  const auto at = [&](size_t i) -> const std::string& {
    static const std::string none;
    return i < a.size() ? a[i] : none;
  };
  const auto key = [&](size_t i) { return display_text(at(i), 40); };
  using E = LessonErrorCode;
  switch (code) {
    case E::none:
    case E::count_: break;
    case E::too_large:
      // TRANSLATORS: this and the next messages (to "the "sizing" task of step %s ...") say what
      // is wrong in a lesson file (assets/lessons/FORMAT.md); each follows "This lesson file
      // cannot be used: line N:", so it starts in lowercase and has no final period. Keys
      // (lesson:, step:, task: ...), task kinds, panel names and the values listed (design,
      // truth, ...) are typed by the author as they are: keep them untranslated, in the
      // language's quotation marks where the English quotes them.
      return fill(tr("the file is %s; a lesson may have at most %s"),
                  {bytes_count(at(0)), bytes_count(at(1))});
    case E::not_utf8: return tr("the file is not UTF-8 text");
    case E::nul_bytes: return tr("the file holds NUL bytes: it is not a text file");
    case E::no_id: return tr("there is no \"lesson:\" line (the lesson's id)");
    case E::no_title: return tr("there is no \"title:\" line");
    case E::no_steps: return tr("the lesson has no \"step:\" line");
    case E::text_before_step: return tr("text comes before the first \"step:\"");
    case E::text_in_task:
      return tr(
          "text inside a task (its lines are \"prompt:\", \"hint:\", \"answer:\" and the like); "
          "put the step's text before \"task:\"");
    case E::second_id: return tr("a second \"lesson:\" line (a file holds one lesson)");
    case E::bad_id:
      return fill(tr("the id %s may use only a-z, 0-9 and - (at most 40 characters)"), {quoted(at(0))});
    // TRANSLATORS: ID stands for the lesson's id the author writes; %s is the key found first.
    case E::id_not_first: return fill(tr("the first line must be \"lesson: ID\" (found \"%s:\")"), {key(0)});
    // TRANSLATORS: %s is "title" or "summary", keys of the file.
    case E::header_after_step:
      return fill(tr("\"%s:\" of the lesson belongs before the first step"), {key(0)});
    case E::header_empty: return fill(tr("\"%s:\" is empty"), {key(0)});
    // TRANSLATORS: "Title" stands for the step's title the author writes (it may be translated).
    case E::step_untitled: return tr("a step needs a title: \"step: Title\"");
    case E::too_many_steps:
      return fill(
          trn("a lesson may have at most %s step", "a lesson may have at most %s steps", number(at(0))),
          {count(at(0))});
    case E::key_before_step: return fill(tr("\"%s:\" comes before the first \"step:\""), {key(0)});
    case E::second_task: return tr("a step has at most one task");
    // TRANSLATORS: the first %s is the kind the file wrote, the second the kinds there are.
    case E::unknown_task: return fill(tr("unknown task %s: the kinds are %s"), {quoted(at(0)), at(1)});
    // TRANSLATORS: KIND stands for a task's kind (false-positive, choice, ...).
    case E::key_outside_task:
      return fill(tr("\"%s:\" belongs to a task: write \"task: KIND\" first"), {key(0)});
    case E::unknown_key: return fill(tr("\"%s:\" is not a key of the format (see FORMAT.md)"), {key(0)});
    case E::second_state: return tr("a step has at most one \"state:\" line");
    // TRANSLATORS: the first %s is the key the file wrote, the second the keys a step may set.
    case E::state_key: return fill(tr("state: %s is not a key a step sets (%s)"), {quoted(at(0)), at(1)});
    // TRANSLATORS: the first %s is the name the file wrote, the second the panels' names.
    case E::not_a_panel: return fill(tr("highlight: %s is not a panel (%s)"), {quoted(at(0)), at(1)});
    case E::highlight_word_empty: return tr("\"highlight: word\" needs the word after it");
    // TRANSLATORS: NAME and WORD stand for what the author writes after "panel" and "word".
    case E::highlight_kind:
      return fill(tr("highlight: %s is not \"panel NAME\" or \"word WORD\""), {quoted(at(0))});
    case E::hide_value: return fill(tr("hide: %s is not design, truth, measured or theory"), {quoted(at(0))});
    // TRANSLATORS: the first %s is a key (n, p, tolerance, files, lookups, candidates), the second
    // the value the file wrote, then the lowest and highest values as the file must write them.
    case E::not_a_number:
      return fill(tr("%s: %s is not a number from %s to %s"), {key(0), quoted(at(1)), at(2), at(3)});
    case E::candidates_multiple:
      return tr(
          "candidates: the number must be a multiple of 3 (a third each: members, false positives and true "
          "negatives)");
    case E::option_outside_choice: return tr("\"option:\" belongs to a \"choice\" task");
    case E::option_empty: return tr("the option is empty");
    case E::expect_value: return fill(tr("expect: %s is not theory or measured"), {quoted(at(0))});
    // TRANSLATORS: %s is the step's title, as the file wrote it.
    case E::no_prompt: return fill(tr("the task of step %s has no \"prompt:\""), {quoted(at(0))});
    case E::choice_few_options:
      return fill(tr("the \"choice\" task of step %s needs at least two options"), {quoted(at(0))});
    case E::choice_no_right:
      return fill(tr("the \"choice\" task of step %s has no right option (\"option*:\")"), {quoted(at(0))});
    case E::sizing_needs_n_p:
      return fill(tr("the \"sizing\" task of step %s needs \"n:\" and \"p:\""), {quoted(at(0))});
    // TRANSLATORS: "state:" is the format's key, typed as it is; %s is the warning a link gets for
    // the same value (a whole sentence).
    case E::state_value: return fill(tr("\"state:\" has a value a link would refuse: %s"), {at(0)});
    // TRANSLATORS: %s is the m the formula gives, in bits, as the file would write it.
    case E::sizing_too_large:
      return fill(tr("the sizing task's answer would be m = %s, more bits than a filter can have (2^32): "
                     "choose a smaller n or a larger p"),
                  {at(0)});
    // TRANSLATORS: "files × lookups" names the task's two keys; the %s are numbers as the file writes them.
    case E::reads_too_large:
      return fill(tr("files × lookups is %s; the limit of a \"reads\" task is %s"), {at(0), at(1)});
  }
  return "";
}

}  // namespace

std::string preset_title(const std::string& id) {
  if (id == "tiny") return tr("Tiny");
  if (id == "passwords") return tr("10k leaked passwords");
  if (id == "python") return tr("Article: Python (SHA-256 + MD5)");
  if (id == "empty") return tr("Empty");
  return id;
}

std::string lesson_error_text(const LessonError& e) { return lesson_error_words(e.code, e.args); }

std::vector<std::string> lesson_error_args(const LessonError& e) {
  std::vector<std::string> args{std::to_string(e.line), lesson_error_name(e.code)};
  args.insert(args.end(), e.args.begin(), e.args.end());
  return args;
}

std::vector<std::string> error_args(const Error& e) {
  std::vector<std::string> args{error_code_name(e.code)};
  if (e.code == ErrorCode::other) args.push_back(e.message);
  args.insert(args.end(), e.args.begin(), e.args.end());
  return args;
}

std::string error_text(const Error& e) { return error_args_text(error_args(e)); }

std::vector<std::string> download_failure(const std::string& detail) { return {"download", detail}; }
std::vector<std::string> damaged_failure() { return {"damaged"}; }
std::string failure_text(const std::vector<std::string>& failure) { return error_args_text(failure); }

const char* variant_title(Variant v) { return trc("variant", variant_title_text(v)); }

const char* code_name(Code c) {
  switch (c) {
    case Code::ok: return "ok";
    case Code::unchanged: return "unchanged";
    case Code::word_added: return "word_added";
    case Code::word_added_invalid_utf8: return "word_added_invalid_utf8";
    case Code::word_duplicate: return "word_duplicate";
    case Code::word_empty: return "word_empty";
    case Code::word_too_long: return "word_too_long";
    case Code::word_refused: return "word_refused";
    case Code::word_removed: return "word_removed";
    case Code::word_removed_unchecked: return "word_removed_unchecked";
    case Code::remove_needs_counting: return "remove_needs_counting";
    case Code::remove_absent: return "remove_absent";
    case Code::remove_false_positive: return "remove_false_positive";
    case Code::word_input_cut: return "word_input_cut";
    case Code::word_input_invalid_utf8: return "word_input_invalid_utf8";
    case Code::check_input_cut: return "check_input_cut";
    case Code::params_changed: return "params_changed";
    case Code::m_range: return "m_range";
    case Code::inserted_changed: return "inserted_changed";
    case Code::inserted_invalid: return "inserted_invalid";
    case Code::k_range: return "k_range";
    case Code::params_refused: return "params_refused";
    case Code::probes_invalid: return "probes_invalid";
    case Code::speed_invalid: return "speed_invalid";
    case Code::speed_started: return "speed_started";
    case Code::speed_cancelled: return "speed_cancelled";
    case Code::family_started: return "family_started";
    case Code::family_cancelled: return "family_cancelled";
    case Code::family_no_words: return "family_no_words";
    case Code::design_invalid: return "design_invalid";
    case Code::preset_loaded: return "preset_loaded";
    case Code::preset_requested: return "preset_requested";
    case Code::preset_unknown: return "preset_unknown";
    case Code::list_queued: return "list_queued";
    case Code::list_loaded: return "list_loaded";
    case Code::list_invalid: return "list_invalid";
    case Code::list_failed: return "list_failed";
    case Code::paste_empty: return "paste_empty";
    case Code::words_cleared: return "words_cleared";
    case Code::undone: return "undone";
    case Code::redone: return "redone";
    case Code::nothing_to_undo: return "nothing_to_undo";
    case Code::nothing_to_redo: return "nothing_to_redo";
    case Code::view_changed: return "view_changed";
    case Code::exported: return "exported";
    case Code::export_refused: return "export_refused";
    case Code::plot_not_shown: return "plot_not_shown";
    case Code::copied: return "copied";
    case Code::embed_reset: return "embed_reset";
    case Code::lesson_opened: return "lesson_opened";
    case Code::lesson_unknown: return "lesson_unknown";
    case Code::lesson_step_range: return "lesson_step_range";
    case Code::lesson_invalid: return "lesson_invalid";
    case Code::lesson_loaded: return "lesson_loaded";
    case Code::lessons_loading: return "lessons_loading";
    case Code::lessons_failed: return "lessons_failed";
    case Code::code_loading: return "code_loading";
    case Code::code_failed: return "code_failed";
    case Code::lesson_state_warning: return "lesson_state_warning";
    case Code::task_list_loading: return "task_list_loading";
    case Code::task_no_task: return "task_no_task";
    case Code::task_answer_empty: return "task_answer_empty";
    case Code::task_number_invalid: return "task_number_invalid";
    case Code::task_fp_right: return "task_fp_right";
    case Code::task_fp_member: return "task_fp_member";
    case Code::task_fp_no: return "task_fp_no";
    case Code::task_fp_excluded: return "task_fp_excluded";
    case Code::task_choice_right: return "task_choice_right";
    case Code::task_choice_wrong: return "task_choice_wrong";
    case Code::task_choice_invalid: return "task_choice_invalid";
    case Code::task_choice_spent: return "task_choice_spent";
    case Code::task_choice_closed: return "task_choice_closed";
    case Code::task_predict_right: return "task_predict_right";
    case Code::task_predict_wrong: return "task_predict_wrong";
    case Code::task_predict_unit: return "task_predict_unit";
    case Code::task_predict_fill: return "task_predict_fill";
    case Code::task_predict_complement: return "task_predict_complement";
    case Code::task_predict_k_times: return "task_predict_k_times";
    case Code::task_bestk_right: return "task_bestk_right";
    case Code::task_bestk_wrong: return "task_bestk_wrong";
    case Code::task_sizing_right: return "task_sizing_right";
    case Code::task_sizing_m_wrong: return "task_sizing_m_wrong";
    case Code::task_sizing_k_wrong: return "task_sizing_k_wrong";
    case Code::task_sizing_swapped: return "task_sizing_swapped";
    case Code::task_sizing_bytes: return "task_sizing_bytes";
    case Code::task_sizing_log10: return "task_sizing_log10";
    case Code::task_sizing_not_squared: return "task_sizing_not_squared";
    case Code::task_sizing_k_fraction: return "task_sizing_k_fraction";
    case Code::task_sizing_k_down: return "task_sizing_k_down";
    case Code::task_labels_missing: return "task_labels_missing";
    case Code::task_labels_right: return "task_labels_right";
    case Code::task_labels_wrong: return "task_labels_wrong";
    case Code::task_remove_variant: return "task_remove_variant";
    case Code::task_remove_absent: return "task_remove_absent";
    case Code::task_remove_right: return "task_remove_right";
    case Code::task_remove_broke: return "task_remove_broke";
    case Code::task_reads_right: return "task_reads_right";
    case Code::task_reads_wrong: return "task_reads_wrong";
    case Code::task_reads_unavailable: return "task_reads_unavailable";
    case Code::task_answer_shown: return "task_answer_shown";
    case Code::language_loading: return "language_loading";
    case Code::language_failed: return "language_failed";
  }
  return "ok";
}

std::string link_gap_text(size_t left_out, size_t recipient, bool too_long) {
  const std::string why = too_long ? tr("they would make it longer than 256 KiB, more than a link is read")
                                   : tr("a link carries at most 200 words beyond its preset");
  return fill(
      trn("This link leaves out %s word (%s): whoever opens it gets %s, not the %s on your screen. Your own browser keeps them all.",
          "This link leaves out %s words (%s): whoever opens it gets %s, not the %s on your screen. Your own browser keeps them all.",
          left_out),
      {with_commas(left_out), why, words_count(std::to_string(recipient)),
       with_commas(left_out + recipient)});
}

std::string change_label(ChangeKind kind, const std::string& detail) {
  switch (kind) {
    case ChangeKind::params: return tr("the parameters");
    case ChangeKind::add_word: return fill(tr("adding %s"), {quoted(detail)});
    case ChangeKind::remove_word: return fill(tr("removing %s"), {quoted(detail)});
    case ChangeKind::preset: return preset_title(detail);
    case ChangeKind::word_list: return fill(tr("the list of %s"), {words_count(detail)});
    case ChangeKind::clear_words: return tr("Clear words");
    case ChangeKind::inserted: return tr("the words inserted");
  }
  return "";
}

std::string outcome_text(const Outcome& o) {
  const std::string a0 = arg(o, 0), a1 = arg(o, 1), a2 = arg(o, 2), a3 = arg(o, 3);
  switch (o.code) {
    case Code::ok:
    case Code::unchanged:
    case Code::params_changed:
    case Code::view_changed:
    case Code::inserted_changed:
    case Code::word_added:
    case Code::preset_loaded:
    case Code::preset_requested:
    case Code::embed_reset:
    case Code::speed_started:
    case Code::speed_cancelled:
    case Code::family_started:
    case Code::family_cancelled: return "";
    case Code::family_no_words: return tr("No words to measure: add some or load a list first.");
    case Code::word_added_invalid_utf8:
    case Code::word_input_invalid_utf8: return tr("Not valid UTF-8: hashed as bytes.");
    case Code::word_duplicate: return fill(tr("%s is already in the set: a word counts once."), {quoted(a0)});
    case Code::word_empty: return tr("Type a word first.");
    case Code::word_too_long:
      return fill(tr("That word is %s; the limit is %s."), {bytes_count(a0), count(a1)});
    case Code::word_removed: return fill(tr("Removed %s: its counters went down by one."), {quoted(a0)});
    case Code::word_removed_unchecked:
      return fill(
                 tr("Removed %1$s without checking (as the article's remove): %1$s was never added, so its counters belonged to other words."),
                 {quoted(a0)}) +
             " " +
             (a1.empty()
                  ? std::string(tr("No word broke this time."))
                  : fill(tr("Now a false negative: %s answers \"definitely not\" though it was added."),
                         {a1}));
    case Code::remove_needs_counting:
      if (const auto v = parse_variant(a0); v && variant_ops(*v).rebuilt_on_add)
        return tr(
            "A binary fuse filter cannot remove a word: it is built from all its words at once, and each "
            "of a word's slots serves other words too.");
      return fill(
          tr("Only the counting and cuckoo filters can remove a word: clearing bits in a %s filter would also erase other words that share them."),
          {variant_title(parse_variant(a0).value_or(Variant::standard))});
    case Code::remove_absent:
      return a1.empty() ? fill(tr("%s was never added: it is definitely not in the set."), {quoted(a0)})
                        : fill(tr("%s was never added: it is definitely not in the set (counter %s is 0)."),
                               {quoted(a0), a1});
    case Code::remove_false_positive:
      return a1.empty()
                 ? fill(tr("%s was never added; it only looks present (a false positive)."), {quoted(a0)})
                 : fill(
                       tr("%s was never added; it only looks present (a false positive), and removing it would break %s."),
                       {quoted(a0), a1});
    case Code::word_input_cut:
      return fill(tr("Cut to its first %s (it had %s): a word is at most %s."),
                  {bytes_count(a0), bytes_count(a1), bytes_count(a2)});
    case Code::check_input_cut:
      return fill(
          trn("Only the first %s byte is checked.", "Only the first %s bytes are checked.", number(a0)),
          {count(a0)});
    case Code::m_range:
      return fill(tr("m must be a whole number of bits from 1 to 2^32 (%s); %s is not."),
                  {with_commas(4294967296ull), value_shown(a0)});
    case Code::k_range:
      return fill(tr("k must be a whole number of hashes from 1 to 64; %s is not."), {value_shown(a0)});
    case Code::params_refused: return error_args_text(o.args);
    case Code::word_refused: return error_args_text(o.args);
    case Code::inserted_invalid:
      return fill(tr("Words inserted must be a whole number from 0 to the list's size; %s is not."), {a0});
    case Code::probes_invalid:
      return fill(tr("Probes must be a whole number from 1 to %s; %s is not."), {with_commas(10000000), a0});
    case Code::speed_invalid:
      return fill(trn("A speed measurement takes %s to %s query per pass and 1 to 100 rounds; %s is not.",
                      "A speed measurement takes %s to %s queries per pass and 1 to 100 rounds; %s is not.",
                      kSpeedMaxQueries),
                  {with_commas(kSpeedMinQueries), with_commas(kSpeedMaxQueries), a0});
    case Code::design_invalid:
      return fill(tr("n must be from 1 to 10⁹ and p between 0 and 1 (e.g. %s)."), {format_decimal(0.01, 2)});
    case Code::preset_unknown:
      return fill(tr("Unknown preset %s: try tiny, passwords or empty."), {quoted(a0)});
    case Code::list_queued:
      return fill(tr("Loading %s from %s…"),
                  {arg(o, 2) == "lines" ? lines_count(a0) : words_count(a0), source_title(a1)});
    case Code::list_loaded: {
      // The parse report in the reader's language, each count with its own plural form (the
      // core's English summary is the CLI's).
      const std::string& lines = arg(o, 2);
      std::string text = fill(trn("%2$s from %1$s line", "%2$s from %1$s lines", number(lines)),
                              {count(lines), words_count(a1)});
      text += "; " + fill(trn("%s duplicate dropped", "%s duplicates dropped", number(arg(o, 3))),
                          {count(arg(o, 3))});
      if (number(arg(o, 4)) > 0)
        text += "; " + fill(trn("%s empty line skipped", "%s empty lines skipped", number(arg(o, 4))),
                            {count(arg(o, 4))});
      if (!arg(o, 7).empty()) {
        text +=
            "; " +
            fill(arg(o, 8) == "1"
                     ? tr("read as %s (byte order mark) and converted to UTF-8")
                     : tr("read as %s (no byte order mark: told by its NUL bytes) and converted to UTF-8"),
                 {arg(o, 7)});
        if (number(arg(o, 9)) > 0)
          text += "; " + fill(trn("%s invalid UTF-16 unit replaced by U+FFFD",
                                  "%s invalid UTF-16 units replaced by U+FFFD", number(arg(o, 9))),
                              {count(arg(o, 9))});
      } else if (arg(o, 8) == "1") {
        text += "; " + std::string(tr("byte order mark dropped"));
      }
      if (const uint64_t invalid = number(arg(o, 5)); invalid > 0) {
        // The first lines named (at most 10 of them), "…" after them when there are more.
        std::string listed, digits;
        size_t named = 0;
        for (const char c : arg(o, 10) + ",") {
          if (c != ',') {
            digits += c;
            continue;
          }
          if (!digits.empty()) listed += (named++ ? ", " : "") + count(digits);
          digits.clear();
        }
        if (invalid > named) listed += ", …";
        // One line or several: two sentences (ru/uk's "one" form also serves 21 lines and a list).
        text +=
            "; " + (invalid == 1
                        ? fill(tr("1 line is not valid UTF-8, hashed as raw bytes (line %s)"), {listed})
                        : fill(trn("%s line is not valid UTF-8, hashed as raw bytes (lines %s)",
                                   "%s lines are not valid UTF-8, hashed as raw bytes (lines %s)", invalid),
                               {count(arg(o, 5)), listed}));
      }
      if (number(arg(o, 6)) > 0)
        text +=
            "; " + fill(trn("%s line contains NUL bytes", "%s lines contain NUL bytes", number(arg(o, 6))),
                        {count(arg(o, 6))});
      if (const uint64_t refused = number(arg(o, 11)); refused > 0)
        text +=
            "; " + fill(trn("%s word not added", "%s words not added", refused), {count(arg(o, 11))}) +
            " — " +
            without_full_stop(error_args_text(std::vector<std::string>(o.args.begin() + 12, o.args.end())));
      return source_title(a0) + ": " + text + ".";
    }
    case Code::list_invalid: return error_args_text(o.args);
    case Code::list_failed: return fill(tr("The password list did not load: %s"), {error_args_text(o.args)});
    case Code::paste_empty: return tr("Paste some words first, one per line.");
    case Code::words_cleared: return tr("All words cleared. Undo (Ctrl+Z) brings them back.");
    case Code::undone: return fill(tr("Undone: %s."), {a0});
    case Code::redone: return fill(tr("Redone: %s."), {a0});
    case Code::nothing_to_undo: return tr("Nothing to undo.");
    case Code::nothing_to_redo: return tr("Nothing to redo.");
    case Code::exported: return fill(tr("Saved %s"), {a0});
    case Code::export_refused: return a0;
    case Code::plot_not_shown: return tr("The plot is not on screen: show the plots panel first.");
    case Code::copied:
      return a0 == "1" ? tr("Embed code copied.") : a0 == "2" ? tr("Program copied.") : tr("Link copied.");
    case Code::lesson_opened: return "";
    case Code::lesson_unknown: return fill(tr("There is no lesson %s."), {quoted(a0)});
    case Code::lesson_step_range:
      return fill(tr("Step %s does not exist: the lesson has %s."), {a0, steps_count(a1)});
    case Code::lesson_invalid: {
      const auto code = parse_lesson_error_name(a1);
      const std::string what =
          code ? lesson_error_words(*code, std::vector<std::string>(o.args.begin() + 2, o.args.end())) : a1;
      return a0 == "0" ? fill(tr("This lesson file cannot be used: %s."), {what})
                       : fill(tr("This lesson file cannot be used: line %s: %s."), {count(a0), what});
    }
    case Code::lesson_loaded: return fill(tr("Opened the lesson %s (%s)."), {quoted(a0), steps_count(a1)});
    case Code::lessons_loading: return tr("Loading the lessons…");
    case Code::code_loading: return tr("Loading the programs…");
    case Code::code_failed:
      return fill(tr("The programs did not load: %s. Check the connection and try again."),
                  {failure_text(o.args)});
    case Code::lessons_failed:
      return fill(tr("The lessons did not load: %s. Check the connection and try again."),
                  {failure_text(o.args)});
    case Code::lesson_state_warning: return fill(tr("This step could not set everything: %s"), {a0});
    case Code::task_list_loading: return tr("Wait a moment: the word list is still loading.");
    case Code::task_no_task: return tr("This step has no task to answer.");
    case Code::task_answer_empty: return tr("Type your answer first.");
    case Code::task_number_invalid: return fill(tr("%s is not a number."), {quoted(a0)});
    case Code::task_fp_right:
      return a1.empty()
                 ? fill(tr("Yes! %s was never added, yet all its bits are set. That is a false positive."),
                        {quoted(a0)})
                 : fill(
                       tr("Yes! %s was never added, yet all its bits are set, by %s. That is a false positive."),
                       {quoted(a0), a1});
    case Code::task_fp_member:
      return fill(tr("%s is in the set: a \"possibly\" for it is right, not false."), {quoted(a0)});
    case Code::task_fp_no:
      return fill(tr("The filter says \"definitely not\" for %s: bit %s is 0. Try another word."),
                  {quoted(a0), a1});
    case Code::task_fp_excluded: return fill(tr("%s was the example: find another one."), {quoted(a0)});
    case Code::task_choice_right: return fill(tr("Right: %s"), {a0});
    case Code::task_choice_wrong: return fill(tr("Not quite: %s is not it."), {quoted(a0)});
    case Code::task_choice_invalid: return fill(tr("%s is not one of the options."), {quoted(a0)});
    case Code::task_choice_spent:
      return fill(
          tr("%s is not it either. Two tries are spent: the answer is below, and this task counts as shown, not solved."),
          {quoted(a0)});
    case Code::task_choice_closed:
      return tr("The answer to this choice was shown: it counts as shown, not solved.");
    case Code::task_predict_right:
      return a2 == "measured" ? fill(tr("Right: you said %s; the measured value is %s."), {a0, a1})
                              : fill(tr("Right: you said %s; the formula's value is %s."), {a0, a1});
    case Code::task_predict_wrong:
      return a1 == "higher" ? fill(tr("You said %s: that is too low. Check the formula again."), {a0})
                            : fill(tr("You said %s: that is too high. Check the formula again."), {a0});
    case Code::task_predict_unit:
      return a1 == "fraction"
                 ? fill(
                       tr("You said %s: a hundred times too small. It looks like a fraction typed as a percentage: a fraction of 0.05 is 5%%."),
                       {a0})
             : a1 == "percent"
                 ? fill(
                       tr("You gave %s: a hundred times too large. It looks like a percentage given as a fraction: 5%% is the fraction 0.05."),
                       {a0})
                 : fill(
                       tr("You said %s: a hundred times too large. The box takes a percentage: for 5%%, type 5."),
                       {a0});
    case Code::task_predict_fill:
      return fill(
          tr("You said %s: that is the fill, the share of bits set, not the error. A stranger passes only when all k of its bits are set."),
          {a0});
    case Code::task_predict_complement:
      return fill(
          tr("You said %s: that is the chance that all k bits are 0, from e^(−kn/m). A stranger passes when its bits are set: start from the fill, 1 − e^(−kn/m)."),
          {a0});
    case Code::task_predict_k_times:
      return fill(
          tr("You said %s: that is k times the fill. All k bits must be set at once, so the chances multiply (fill · fill · …); they do not add up."),
          {a0});
    case Code::task_bestk_right:
      return fill(tr("Right: at k = %s the measured FP is %s; the lowest is %s at k = %s."),
                  {a0, a1, a3, a2});
    case Code::task_bestk_wrong:
      return fill(tr("At k = %s the measured FP is %s: some k does clearly better."), {a0, a1});
    case Code::task_sizing_right:
      return fill(tr("Right: m = %s and k = %s (the formula gives m = %s)."), {count(a0), a1, a2});
    case Code::task_sizing_m_wrong: {
      // The direction and the size of the miss, never the gap itself: a percentage would let the
      // reader solve back for m.
      const bool larger = a1 == "larger";
      const std::string m = count(a0);
      if (a2 == "slightly")
        return fill(
            larger
                ? tr("m = %s is slightly larger than the formula gives (within 10%%). Compute −n·ln p / (ln 2)² more precisely.")
                : tr("m = %s is slightly smaller than the formula gives (within 10%%). Compute −n·ln p / (ln 2)² more precisely."),
            {m});
      if (a2 == "clearly")
        return fill(
            larger
                ? tr("m = %s is clearly larger than the formula gives, but less than twice it. Compute −n·ln p / (ln 2)² again.")
                : tr("m = %s is clearly smaller than the formula gives, but more than half of it. Compute −n·ln p / (ln 2)² again."),
            {m});
      return fill(
          larger ? tr("m = %s is more than twice what the formula gives. Compute −n·ln p / (ln 2)² again.")
                 : tr("m = %s is less than half of what the formula gives. Compute −n·ln p / (ln 2)² again."),
          {m});
    }
    case Code::task_sizing_k_wrong:
      return fill(tr("m is right, but k = %s is not the best k for m = %s: use k = (m/n)·ln 2."),
                  {a0, count(a1)});
    case Code::task_sizing_swapped:
      return fill(
          tr("m = %s and k = %s look swapped: m is the number of bits (large), k the number of hashes (small)."),
          {count(a0), count(a1)});
    case Code::task_sizing_bytes:
      return fill(tr("m = %s looks like the size in bytes: m counts bits, 8 to a byte."), {count(a0)});
    case Code::task_sizing_log10:
      return fill(
          tr("m = %s looks like log10 where the formula has ln, the natural logarithm: ln p, and (ln 2)²."),
          {count(a0)});
    case Code::task_sizing_not_squared:
      return fill(
          tr("m = %s looks like −n·ln p divided by ln 2 once: the formula divides by (ln 2)², ln 2 squared."),
          {count(a0)});
    case Code::task_sizing_k_fraction:
      return fill(
          tr("m is right, but k = %s is not a whole number: a filter has a whole number of hashes. Round (m/n)·ln 2."),
          {a0});
    case Code::task_sizing_k_down:
      return fill(
          tr("m is right, but k = %s is (m/n)·ln 2 cut down to a whole number: round it to the nearest instead."),
          {a0});
    case Code::task_labels_missing:
      return fill(trn("Label every word first: %s word is not labelled yet.",
                      "Label every word first: %s words are not labelled yet.", number(a0)),
                  {count(a0)});
    case Code::task_labels_right:
      return fill(
          tr("All %s right. Only a look into the list itself could tell you which \"possibly\" words are real."),
          {count(a0)});
    case Code::task_labels_wrong:
      return fill(tr("%s of %s right. A \"possibly\" looks the same for a member and a false positive."),
                  {count(a0), count(a1)});
    case Code::task_remove_variant:
      return tr("Switch to the counting variant first: only it can remove a word.");
    case Code::task_remove_absent:
      return fill(tr("%s is not a word of this filter: remove one that was added."), {quoted(a0)});
    case Code::task_remove_right:
      return fill(trn("Removed %s, and the %s other word still answers \"possibly\".",
                      "Removed %s, and all %s other words still answer \"possibly\".", number(a1)),
                  {quoted(a0), count(a1)});
    case Code::task_remove_broke:
      return fill(tr("Removing %s broke %s: they now answer \"definitely not\"."), {quoted(a0), a1});
    case Code::task_reads_right:
      return fill(trn("Right: the simulation read a file %s time (without filters: %s).",
                      "Right: the simulation read files %s times (without filters: %s).", number(a1)),
                  {count(a1), count(a2)});
    // TRANSLATORS: the files' filters (each m / files bits) cannot be built in this page or program.
    case Code::task_reads_unavailable:
      return fill(
          trn("This step cannot be simulated here: its %s filter of %s bits does not fit in memory. Try a smaller m.",
              "This step cannot be simulated here: its %s filters of %s bits each do not fit in memory. Try a "
              "smaller m.",
              number(a1)),
          {count(a1), count(a0)});
    case Code::task_reads_wrong:
      return a1 == "higher"
                 ? fill(tr("You said %s: the simulation read files clearly more often."), {count(a0)})
                 : fill(tr("You said %s: the simulation read files clearly less often."), {count(a0)});
    case Code::task_answer_shown: return "";
    case Code::language_loading: return "";
    case Code::language_failed:
      return fill(
          tr("The texts in %s did not load (%s)."),
          {a0, a1 == "catalog" ? std::string(tr("not a compiled catalog"))
                               : failure_text(std::vector<std::string>(o.args.begin() + 1, o.args.end()))});
  }
  return "";
}

}  // namespace bloomlab::app
