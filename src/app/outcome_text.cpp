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
    case Code::remove_needs_counting: return "remove_needs_counting";
    case Code::remove_absent: return "remove_absent";
    case Code::remove_false_positive: return "remove_false_positive";
    case Code::word_input_cut: return "word_input_cut";
    case Code::word_input_invalid_utf8: return "word_input_invalid_utf8";
    case Code::check_input_cut: return "check_input_cut";
    case Code::params_changed: return "params_changed";
    case Code::m_invalid: return "m_invalid";
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
  }
  return "";
}

std::string outcome_text(const Outcome& o) {
  switch (o.code) {
    case Code::ok: case Code::unchanged: case Code::params_changed: case Code::view_changed:
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
    case Code::copied: return arg(o, 0) == "1" ? "Embed code copied." : "Link copied.";
  }
  return "";
}

}  // namespace bloomlab::app
