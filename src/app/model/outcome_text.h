// Words at the edge: an Outcome (a code and its arguments) in words, for the notes on screen,
// the JS API's error messages and the screen reader. The only place outcome codes become text.
#pragma once
#include <string>
#include <vector>

#include "action.h"
#include "core/result.h"
#include "lesson.h"

namespace bloomlab::app {

// The sentence for an outcome; empty for outcomes with nothing to say (ok, unchanged, ...).
std::string outcome_text(const Outcome& o);
// A core error (core/result.h) in the reader's language, from its code and arguments (the
// core's `message` is English, for the CLI).
std::string error_text(const Error& e);
// The arguments of an outcome that reports a core error (params_refused, list_invalid,
// list_failed): {the code's token (error_code_name), its arguments...}; error_text words them.
std::vector<std::string> error_args(const Error& e);
// Why a file did not come, as outcomes and the state keep it: {"download", the platform's
// detail (the browser's error, the desktop's path)}, {"damaged"} (it came, unreadable), or a
// core error (error_args). Empty: no failure.
std::vector<std::string> download_failure(const std::string& detail);
std::vector<std::string> damaged_failure();
std::string failure_text(const std::vector<std::string>& failure);
// What is wrong with a lesson file (lesson.h), in words: a clause without its line ("\"bogus:\"
// is not a key of the format (see FORMAT.md)"); the format's keys and names as they are typed.
std::string lesson_error_text(const LessonError& e);
// The arguments of lesson_invalid: {line, the code's token (lesson_error_name), its arguments...}.
std::vector<std::string> lesson_error_args(const LessonError& e);
// The stable token of a code, for the JS API and state() ("word_duplicate", "m_range", ...).
const char* code_name(Code c);
// A variant as the reader's language names it ("binary fuse", «кукушкин»).
const char* variant_title(Variant v);
// A preset's name on its button ("Tiny", "10k leaked passwords"); an unknown id as it is.
std::string preset_title(const std::string& id);
// What an undoable change was, in words: "Empty", "adding dragon", "the parameters" ...
std::string change_label(ChangeKind kind, const std::string& detail);
// The Share dialog's words when its link leaves words out (url_params.h link_leaves_out).
std::string link_gap_text(size_t left_out, size_t recipient, bool too_long);

}  // namespace bloomlab::app
