// Outcomes in words (see outcome_text.h). English for now; the message catalogs of the
// languages issue replace these literals, keyed by the same codes.
#include "outcome_text.h"

#include "format.h"

namespace bloomlab::app {
namespace {

const std::string& arg(const Outcome& o, size_t i) {
  static const std::string none;
  return i < o.args.size() ? o.args[i] : none;
}

std::string quoted(const std::string& word) { return "\"" + display_text(word, 40) + "\""; }

std::string count(const std::string& digits) {
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return digits;
    v = v * 10 + uint64_t(c - '0');
  }
  return with_commas(v);
}

std::string plural(const std::string& digits, const char* one, const char* many) {
  return count(digits) + " " + (digits == "1" ? one : many);
}

std::string preset_title(const std::string& id) {
  if (id == "tiny") return "Tiny";
  if (id == "passwords") return "10k leaked passwords";
  if (id == "python") return "Article: Python (SHA-256 + MD5)";
  if (id == "empty") return "Empty";
  return id;
}

std::string source_title(const std::string& source) {
  if (source == "passwords") return "10k leaked passwords";
  if (source == "pasted" || source.empty()) return "the pasted list";
  if (source == "session") return "your last session";
  return source;  // a file name
}

}  // namespace

const char* code_name(Code c) {
  switch (c) {
    case Code::ok: return "ok";
    case Code::unchanged: return "unchanged";
    case Code::word_added: return "word_added";
    case Code::word_added_invalid_utf8: return "word_added_invalid_utf8";
    case Code::word_duplicate: return "word_duplicate";
    case Code::word_empty: return "word_empty";
    case Code::word_too_long: return "word_too_long";
    case Code::word_removed: return "word_removed";
    case Code::word_removed_unchecked: return "word_removed_unchecked";
    case Code::remove_needs_counting: return "remove_needs_counting";
    case Code::remove_absent: return "remove_absent";
    case Code::remove_false_positive: return "remove_false_positive";
    case Code::word_input_cut: return "word_input_cut";
    case Code::word_input_invalid_utf8: return "word_input_invalid_utf8";
    case Code::check_input_cut: return "check_input_cut";
    case Code::params_changed: return "params_changed";
    case Code::m_invalid: return "m_invalid";
    case Code::inserted_changed: return "inserted_changed";
    case Code::inserted_invalid: return "inserted_invalid";
    case Code::k_invalid: return "k_invalid";
    case Code::params_refused: return "params_refused";
    case Code::probes_invalid: return "probes_invalid";
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
    case Code::task_predict_right: return "task_predict_right";
    case Code::task_predict_wrong: return "task_predict_wrong";
    case Code::task_bestk_right: return "task_bestk_right";
    case Code::task_bestk_wrong: return "task_bestk_wrong";
    case Code::task_sizing_right: return "task_sizing_right";
    case Code::task_sizing_m_wrong: return "task_sizing_m_wrong";
    case Code::task_sizing_k_wrong: return "task_sizing_k_wrong";
    case Code::task_labels_missing: return "task_labels_missing";
    case Code::task_labels_right: return "task_labels_right";
    case Code::task_labels_wrong: return "task_labels_wrong";
    case Code::task_remove_variant: return "task_remove_variant";
    case Code::task_remove_absent: return "task_remove_absent";
    case Code::task_remove_right: return "task_remove_right";
    case Code::task_remove_broke: return "task_remove_broke";
    case Code::task_reads_right: return "task_reads_right";
    case Code::task_reads_wrong: return "task_reads_wrong";
    case Code::task_answer_shown: return "task_answer_shown";
  }
  return "ok";
}

std::string link_gap_text(size_t left_out, size_t recipient, bool too_long) {
  const std::string why = too_long ? "they would make it longer than 256 KiB, more than a link is read"
                                   : "a link carries at most 200 words beyond its preset";
  return "This link leaves out " + with_commas(left_out) + (left_out == 1 ? " word" : " words") +
         " (" + why + "): whoever opens it gets " + with_commas(recipient) +
         (recipient == 1 ? " word" : " words") + ", not the " + with_commas(left_out + recipient) +
         " on your screen. Your own browser keeps them all.";
}

std::string change_label(ChangeKind kind, const std::string& detail) {
  switch (kind) {
    case ChangeKind::params: return "the parameters";
    case ChangeKind::add_word: return "adding " + quoted(detail);
    case ChangeKind::remove_word: return "removing " + quoted(detail);
    case ChangeKind::preset: return preset_title(detail);
    case ChangeKind::word_list: return "the list of " + plural(detail, "word", "words");
    case ChangeKind::clear_words: return "Clear words";
    case ChangeKind::inserted: return "the words inserted";
  }
  return "";
}

std::string outcome_text(const Outcome& o) {
  switch (o.code) {
    case Code::ok: case Code::unchanged: case Code::params_changed: case Code::view_changed:
    case Code::inserted_changed:
    case Code::word_added: case Code::preset_loaded: case Code::preset_requested:
    case Code::embed_reset:
      return "";
    case Code::word_added_invalid_utf8:
    case Code::word_input_invalid_utf8: return "Not valid UTF-8: hashed as bytes.";
    case Code::word_duplicate: return quoted(arg(o, 0)) + " is already in the set: a word counts once.";
    case Code::word_empty: return "Type a word first.";
    case Code::word_too_long:
      return "That word is " + count(arg(o, 0)) + " bytes; the limit is " + count(arg(o, 1)) + ".";
    case Code::word_removed: return "Removed " + quoted(arg(o, 0)) + ": its counters went down by one.";
    case Code::word_removed_unchecked:
      return "Removed " + quoted(arg(o, 0)) + " without checking (as the article's remove): " +
             quoted(arg(o, 0)) + " was never added, so its counters belonged to other words. " +
             (arg(o, 1).empty() ? std::string("No word broke this time.")
                                : "Now a false negative: " + arg(o, 1) + " answers \"definitely not\" though it was added.");
    case Code::remove_needs_counting:
      return "Only the counting variant can remove a word: clearing bits in a " + arg(o, 0) +
             " filter would also erase other words that share them.";
    case Code::remove_absent:
      return quoted(arg(o, 0)) + " was never added: it is definitely not in the set" +
             (arg(o, 1).empty() ? "." : " (counter " + arg(o, 1) + " is 0).");
    case Code::remove_false_positive:
      return quoted(arg(o, 0)) + " was never added; it only looks present (a false positive)" +
             (arg(o, 1).empty() ? "." : ", and removing it would break " + arg(o, 1) + ".");
    case Code::word_input_cut:
      return "Cut to the first " + count(arg(o, 0)) + " of " + count(arg(o, 1)) +
             " bytes: a word is at most " + count(arg(o, 2)) + " bytes.";
    case Code::check_input_cut: return "Only the first " + count(arg(o, 0)) + " bytes are checked.";
    case Code::m_invalid:
      return "m must be a whole number of bits from 1 to 2^32 (4,294,967,296); " + arg(o, 0) + " is not.";
    case Code::k_invalid: return "k must be a whole number of hashes from 1 to 64; " + arg(o, 0) + " is not.";
    case Code::params_refused: return arg(o, 0);
    case Code::inserted_invalid:
      return "Words inserted must be a whole number from 0 to the list's size; " + arg(o, 0) + " is not.";
    case Code::probes_invalid:
      return "Probes must be a whole number from 1 to 10,000,000; " + arg(o, 0) + " is not.";
    case Code::design_invalid: return "n must be from 1 to 10⁹ and p between 0 and 1 (e.g. 0.01).";
    case Code::preset_unknown:
      return "Unknown preset " + quoted(arg(o, 0)) + ": try tiny, passwords or empty.";
    case Code::list_queued:
      return "Loading " + plural(arg(o, 0), "word", "words") + " from " + source_title(arg(o, 1)) + "…";
    case Code::list_loaded: return source_title(arg(o, 0)) + ": " + arg(o, 1) + ".";
    case Code::list_invalid: return arg(o, 0);
    case Code::list_failed: return "The password list did not load: " + arg(o, 0);
    case Code::paste_empty: return "Paste some words first, one per line.";
    case Code::words_cleared: return "All words cleared. Undo (Ctrl+Z) brings them back.";
    case Code::undone: return "Undone: " + arg(o, 0) + ".";
    case Code::redone: return "Redone: " + arg(o, 0) + ".";
    case Code::nothing_to_undo: return "Nothing to undo.";
    case Code::nothing_to_redo: return "Nothing to redo.";
    case Code::exported: return "Saved " + arg(o, 0);
    case Code::export_refused: return arg(o, 0);
    case Code::plot_not_shown: return "The plot is not on screen: show the plots panel first.";
    case Code::copied:
      return arg(o, 0) == "1" ? "Embed code copied." : arg(o, 0) == "2" ? "Program copied." : "Link copied.";
    case Code::lesson_opened: return "";
    case Code::lesson_unknown: return "There is no lesson " + quoted(arg(o, 0)) + ".";
    case Code::lesson_step_range:
      return "Step " + arg(o, 0) + " does not exist: the lesson has " + plural(arg(o, 1), "step", "steps") + ".";
    case Code::lesson_invalid:
      return arg(o, 0) == "0" ? "This lesson file cannot be used: " + arg(o, 1) + "."
                              : "This lesson file cannot be used: line " + arg(o, 0) + ": " + arg(o, 1) + ".";
    case Code::lesson_loaded: return "Opened the lesson " + quoted(arg(o, 0)) + " (" + plural(arg(o, 1), "step", "steps") + ").";
    case Code::lessons_loading: return "Loading the lessons…";
    case Code::lessons_failed: return "The lessons did not load: " + arg(o, 0) + ". Check the connection and try again.";
    case Code::lesson_state_warning: return "This step could not set everything: " + arg(o, 0);
    case Code::task_list_loading: return "Wait a moment: the word list is still loading.";
    case Code::task_no_task: return "This step has no task to answer.";
    case Code::task_answer_empty: return "Type your answer first.";
    case Code::task_number_invalid: return quoted(arg(o, 0)) + " is not a number.";
    case Code::task_fp_right:
      return "Yes! " + quoted(arg(o, 0)) + " was never added, yet all its bits are set" +
             (arg(o, 1).empty() ? "." : ", by " + arg(o, 1) + ".") + " That is a false positive.";
    case Code::task_fp_member: return quoted(arg(o, 0)) + " is in the set: a \"possibly\" for it is right, not false.";
    case Code::task_fp_no:
      return "The filter says \"definitely not\" for " + quoted(arg(o, 0)) + ": bit " + arg(o, 1) +
             " is 0. Try another word.";
    case Code::task_fp_excluded: return quoted(arg(o, 0)) + " was the example: find another one.";
    case Code::task_choice_right: return "Right: " + arg(o, 0);
    case Code::task_choice_wrong: return "Not quite: " + quoted(arg(o, 0)) + " is not it.";
    case Code::task_choice_invalid: return quoted(arg(o, 0)) + " is not one of the options.";
    case Code::task_predict_right:
      return "Right: you said " + arg(o, 0) + "; the " + (arg(o, 2) == "measured" ? "measured" : "formula's") +
             " value is " + arg(o, 1) + ".";
    case Code::task_predict_wrong:
      return "You said " + arg(o, 0) + ": that is too " + (arg(o, 1) == "higher" ? "low" : "high") + ". Check the formula again.";
    case Code::task_bestk_right:
      return "Right: at k = " + arg(o, 0) + " the measured FP is " + arg(o, 1) + "; the lowest is " + arg(o, 3) +
             " at k = " + arg(o, 2) + ".";
    case Code::task_bestk_wrong:
      return "At k = " + arg(o, 0) + " the measured FP is " + arg(o, 1) + ": some k does clearly better.";
    case Code::task_sizing_right:
      return "Right: m = " + count(arg(o, 0)) + " and k = " + arg(o, 1) + " (the formula gives m = " + arg(o, 2) + ").";
    case Code::task_sizing_m_wrong:
      return "m = " + count(arg(o, 0)) + " is " + arg(o, 2) + " " + (arg(o, 1) == "larger" ? "larger" : "smaller") +
             " than the formula gives. Compute −n·ln p / (ln 2)² again.";
    case Code::task_sizing_k_wrong:
      return "m is right, but k = " + arg(o, 0) + " is not the best k for m = " + count(arg(o, 1)) + ": use k = (m/n)·ln 2.";
    case Code::task_labels_missing:
      return "Label every word first: " + plural(arg(o, 0), "word is", "words are") + " not labelled yet.";
    case Code::task_labels_right:
      return "All " + count(arg(o, 0)) + " right. Only a look into the list itself could tell you which \"possibly\" words are real.";
    case Code::task_labels_wrong:
      return count(arg(o, 0)) + " of " + count(arg(o, 1)) +
             " right. A \"possibly\" looks the same for a member and a false positive.";
    case Code::task_remove_variant: return "Switch to the counting variant first: only it can remove a word.";
    case Code::task_remove_absent: return quoted(arg(o, 0)) + " is not a word of this filter: remove one that was added.";
    case Code::task_remove_right:
      return "Removed " + quoted(arg(o, 0)) + ", and all " + count(arg(o, 1)) + " other words still answer \"possibly\".";
    case Code::task_remove_broke:
      return "Removing " + quoted(arg(o, 0)) + " broke " + arg(o, 1) + ": they now answer \"definitely not\".";
    case Code::task_reads_right:
      return "Right: the simulation read files " + count(arg(o, 1)) + " times (without filters: " + count(arg(o, 2)) + ").";
    case Code::task_reads_wrong:
      return "You said " + count(arg(o, 0)) + ": the simulation read files clearly " +
             (arg(o, 1) == "higher" ? "more" : "less") + " often.";
    case Code::task_answer_shown: return "";
  }
  return "";
}

}  // namespace bloomlab::app
