// What the files of the one door share (actions.cpp: the dispatch, parameters, the view;
// actions_words.cpp: the words and lists; actions_history.cpp: undo and redo): outcomes, notes,
// the version counters, a change's before and after. Not for the views: they call apply().
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "actions.h"
#include "history.h"

namespace bloomlab::app::detail {

inline Outcome make(Code code, std::vector<std::string> args = {}, bool error = false) {
  return Outcome{code, std::move(args), error};
}
inline Outcome fail(Code code, std::vector<std::string> args = {}) {
  return make(code, std::move(args), true);
}

// ---- notes ------------------------------------------------------------------------------------

// The outcome becomes its control's note; every other note clears: a message belongs to the
// action that made it.
inline Outcome noted(AppState& s, NoteSlot slot, Outcome o) {
  for (Outcome& n : s.notes) n = Outcome{};
  s.note(slot) = o;
  return o;
}

// ---- the version counters, a change's before and after ------------------------------------------

enum class What { params, words };
inline void changed(AppState& s, What what) {
  ++s.version;
  if (what == What::words) {
    ++s.words_version;
    s.inserted.reset();  // new words: the filter shows them all again
  }
  s.measurement.reset();
}

inline PresetMark mark_of(const AppState& s) {
  return PresetMark{s.preset, s.preset_word_count, s.preset_intact, s.preset_removed};
}
inline void set_mark(AppState& s, const PresetMark& m) {
  s.preset = m.preset;
  s.preset_word_count = m.word_count;
  s.preset_intact = m.intact;
  s.preset_removed = m.removed;
}

// A change about to be made, with what is there now as its "before".
inline Change begin_change(const AppState& s, ChangeKind kind) {
  Change c;
  c.kind = kind;
  c.params_before = c.params_after = s.set.params();
  c.mark_before = c.mark_after = mark_of(s);
  c.count_before = s.set.words().size();
  c.inserted_before = s.inserted;  // a change of the words shows all of them after (_after empty)
  if (kind == ChangeKind::params) c.inserted_after = s.inserted;
  return c;
}

// A change that replaces the words keeps the old ones (shared, not copied again by redo).
inline void keep_words_before(Change& c, const AppState& s) {
  c.replaced = true;
  c.unchecked_before = s.set.unchecked_removals();
  c.words_before = std::make_shared<const std::vector<std::string>>(s.set.words());
}

inline void stop_loading(AppState& s) {
  s.pending = PendingWords{};
  s.history.growing = false;
}

// ---- the words (actions_words.cpp) -------------------------------------------------------------

Outcome do_add_word(AppState& s, std::string_view word);
Outcome do_remove_word(AppState& s, std::string_view word);
Outcome do_load_preset(AppState& s, Host& host, std::string_view name);
Outcome do_load_word_list(AppState& s, const act::LoadWordList& a, ListSource source);
void password_list_arrived(AppState& s, std::string_view bytes);
Outcome do_clear_words(AppState& s);

// ---- undo / redo (actions_history.cpp) ---------------------------------------------------------

Outcome do_undo(AppState& s);  // a group of changes (a lesson step's state) as one
Outcome do_redo(AppState& s);

}  // namespace bloomlab::app::detail
