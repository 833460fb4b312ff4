// Words at the edge: an Outcome (a code and its arguments) in words, for the notes on screen,
// the JS API's error messages and the screen reader. The only place outcome codes become text.
#pragma once
#include <string>

#include "action.h"

namespace bloomlab::app {

// The sentence for an outcome; empty for outcomes with nothing to say (ok, unchanged, ...).
std::string outcome_text(const Outcome& o);
// The stable token of a code, for the JS API and state() ("word_duplicate", "m_invalid", ...).
const char* code_name(Code c);
// What an undoable change was, in words: "Empty", "adding dragon", "the parameters" ...
std::string change_label(ChangeKind kind, const std::string& detail);
// The Share dialog's words when its link leaves words out (url_params.h link_leaves_out).
std::string link_gap_text(size_t left_out, size_t recipient, bool too_long);

}  // namespace bloomlab::app
