// Undo and redo of the filter's words and parameters. A change is stored as a diff, not as a
// copy of the filter: parameters before and after; words appended (undo truncates, redo adds
// them again); a removed word and where it was; and only for changes that replace the words
// wholesale (a preset, Clear, the password list) the words that were there before. The history
// is bounded in steps and in the bytes of the words it holds; the oldest steps go first.
#pragma once
#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "action.h"

namespace bloomlab::app {

// What a preset put in, which travels with the words (a share link says "preset + words").
struct PresetMark {
  std::string preset = "tiny";
  size_t word_count = 0;
  bool intact = true;
  std::vector<std::string> removed;  // AppState::preset_removed
};

struct Change {
  ChangeKind kind = ChangeKind::params;
  FilterParams params_before, params_after;
  PresetMark mark_before, mark_after;
  bool replaced = false;  // the words were replaced: words_before holds the old ones
  std::shared_ptr<const std::vector<std::string>> words_before;
  size_t count_before = 0;         // words before (appended changes: undo keeps this many)
  std::vector<std::string> added;  // words this change appended (after replacing, if it did)
  std::string removed;             // remove_word: the word and where it was
  size_t removed_index = 0;
  // The growth slider (AppState::inserted) before and after: a change of the words shows all of
  // them again, and undo brings the slider back.
  std::optional<uint64_t> inserted_before, inserted_after;
  bool unchecked = false;                     // remove_word of a non-member without checking (the article's)
  std::vector<std::string> unchecked_before;  // the set's unchecked removals before (replaced words)
  uint64_t group = 0;  // changes made together (a lesson step's state) undo as one; 0: alone
  size_t bytes() const;
  // One word's share of bytes(): a list loading adds to History::bytes word by word, rather
  // than summing its million words again each frame.
  static size_t word_bytes(const std::string& w);
};

struct History {
  static constexpr size_t kMaxSteps = 200;               // at least the 100 the issue asks
  static constexpr size_t kMaxBytes = size_t{64} << 20;  // words held by the steps
  std::deque<Change> undo, redo;
  size_t bytes = 0;                         // of undo + redo
  bool gesture = false;                     // the top params change is a slider drag still going on
  bool growing = false;                     // the top change still receives words (a list loading in slices)
  uint64_t open_group = 0, last_group = 0;  // begin_group .. end_group: one step of undo
  bool can_undo() const { return !undo.empty(); }
  bool can_redo() const { return !redo.empty(); }
  // Records a new change: the redo steps go, the oldest steps go beyond the bounds.
  void push(Change c);
  void trim();
  // The changes pushed between these two undo and redo together.
  void begin_group() { open_group = ++last_group; }
  void end_group() { open_group = 0; }
};

}  // namespace bloomlab::app
