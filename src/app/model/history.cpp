#include "history.h"

namespace bloomlab::app {

size_t Change::word_bytes(const std::string& w) {
  return sizeof(std::string) + (w.size() > 15 ? w.size() + 1 : 0);
}

namespace {

size_t words_bytes(const std::vector<std::string>& words) {
  size_t total = 0;
  for (const std::string& w : words) total += Change::word_bytes(w);
  return total;
}

}  // namespace

size_t Change::bytes() const {
  return sizeof(Change) + words_bytes(added) + removed.size() +
         (words_before ? words_bytes(*words_before) : 0);
}

void History::push(Change c) {
  for (const Change& r : redo) bytes -= r.bytes();
  redo.clear();
  c.group = open_group;
  bytes += c.bytes();
  undo.push_back(std::move(c));
  gesture = false;
  growing = false;
  trim();
}

void History::trim() {
  // Always keep the newest step, whatever its size: the change just made can be undone.
  while (undo.size() > 1 && (undo.size() > kMaxSteps || bytes > kMaxBytes)) {
    bytes -= undo.front().bytes();
    undo.pop_front();
  }
}

}  // namespace bloomlab::app
