// Undo and redo: a Change (history.h) replayed backwards or forwards; a group of changes (a
// lesson step's state) as one.
#include <algorithm>
#include <string>
#include <vector>

#include "actions_detail.h"
#include "outcome_text.h"

namespace bloomlab::app {
using namespace detail;
namespace {

std::string change_detail(const Change& c) {
  switch (c.kind) {
    case ChangeKind::add_word: return c.added.empty() ? "" : c.added.front();
    case ChangeKind::remove_word: return c.removed;
    case ChangeKind::preset: return c.mark_after.preset;
    case ChangeKind::word_list: return std::to_string(c.added.size());
    default: return "";
  }
}

Outcome undo_one(AppState& s) {
  if (s.pending.active()) s.history.growing = false;  // a list half-way in: undo what came
  s.pending = PendingWords{};
  s.password_list_loading = false;
  History& h = s.history;
  if (h.undo.empty()) return make(Code::nothing_to_undo);
  Change c = std::move(h.undo.back());
  h.undo.pop_back();
  h.gesture = false;
  if (c.kind == ChangeKind::inserted) {  // the words and params stay
    s.inserted = c.inserted_before;
    changed(s, What::params);
    const std::string label = change_label(c.kind, "");
    h.redo.push_back(std::move(c));
    return make(Code::undone, {label});
  }
  if (c.replaced) {
    s.set.clear();
    if (auto refused = s.set.set_params(c.params_before))
      return fail(Code::params_refused, error_args(*refused));
    s.set.assign(*c.words_before);
    s.set.set_unchecked_removals(c.unchecked_before);
  } else if (c.kind == ChangeKind::remove_word && c.unchecked) {
    std::vector<std::string> removals = s.set.unchecked_removals();
    if (!removals.empty()) removals.pop_back();  // this change's: the last one made
    s.set.set_unchecked_removals(std::move(removals));
  } else if (c.kind == ChangeKind::remove_word) {
    std::vector<std::string> words = s.set.words();
    std::vector<std::string> removals = s.set.unchecked_removals();
    words.insert(words.begin() + long(std::min(c.removed_index, words.size())), c.removed);
    s.set.clear();
    if (auto refused = s.set.set_params(c.params_before))
      return fail(Code::params_refused, error_args(*refused));
    s.set.assign(words);
    s.set.set_unchecked_removals(std::move(removals));
  } else {
    s.set.truncate(c.count_before);
    if (auto refused = s.set.set_params(c.params_before))
      return fail(Code::params_refused, error_args(*refused));
  }
  set_mark(s, c.mark_before);
  changed(s, What::words);
  s.inserted = c.inserted_before;
  const std::string label = change_label(c.kind, change_detail(c));
  h.redo.push_back(std::move(c));
  return make(Code::undone, {label});
}

Outcome redo_one(AppState& s) {
  History& h = s.history;
  if (h.redo.empty()) return make(Code::nothing_to_redo);
  stop_loading(s);
  Change c = std::move(h.redo.back());
  h.redo.pop_back();
  if (c.kind == ChangeKind::inserted) {
    s.inserted = c.inserted_after;
    changed(s, What::params);
    const std::string label = change_label(c.kind, "");
    h.undo.push_back(std::move(c));
    h.gesture = h.growing = false;
    return make(Code::redone, {label});
  }
  if (c.replaced) s.set.clear();
  if (auto refused = s.set.set_params(c.params_after))
    return fail(Code::params_refused, error_args(*refused));
  if (c.kind == ChangeKind::remove_word && c.unchecked)
    (void)s.set.remove_unchecked(c.removed);
  else if (c.kind == ChangeKind::remove_word)
    (void)s.set.remove(c.removed);
  else
    s.set.add_all(c.added);
  set_mark(s, c.mark_after);
  changed(s, What::words);
  s.inserted = c.inserted_after;
  const std::string label = change_label(c.kind, change_detail(c));
  h.undo.push_back(std::move(c));  // its bytes are already counted
  h.gesture = h.growing = false;
  return make(Code::redone, {label});
}

// One change moved from one stack to the other (undo_one, redo_one), then the rest of its group:
// a group of changes (a lesson step's state) is undone and redone as one.
Outcome replay_group(AppState& s, Outcome (*one)(AppState&), Code done, std::deque<Change> History::*from,
                     std::deque<Change> History::*to) {
  Outcome o = one(s);
  History& h = s.history;
  const uint64_t group = o.code == done && !(h.*to).empty() ? (h.*to).back().group : 0;
  while (group != 0 && o.ok() && !(h.*from).empty() && (h.*from).back().group == group) o = one(s);
  return o;
}

}  // namespace

namespace detail {

Outcome do_undo(AppState& s) {
  return replay_group(s, undo_one, Code::undone, &History::undo, &History::redo);
}
Outcome do_redo(AppState& s) {
  return replay_group(s, redo_one, Code::redone, &History::redo, &History::undo);
}

}  // namespace detail
}  // namespace bloomlab::app
