// What the words take in memory, beside the filter (issue 11 §3): the list as text, the list as
// a C++ hash set measured here (every byte the set asks for, counted by its allocator), and the
// article's figure for a Python set of the 10k list.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bloomlab {

// The list as text: every word's UTF-8 bytes and one separator (a newline) each.
uint64_t list_text_bytes(const std::vector<std::string>& words);

// A std::unordered_set of the words (inserted in list order, no reserve, as a program would),
// its strings allocating through the set's allocator: the bytes its buckets, its nodes and the
// strings' heap buffers (words longer than the small-string buffer) ask for and still hold once
// every word is in, plus the set object itself. The allocator's own overhead (malloc headers) is not
// counted. Depends on the standard library and the pointer size: libstdc++ on x86-64 and
// libc++ on wasm32 give different figures for the same words.
uint64_t hash_set_bytes(const std::vector<std::string>& words);

// The same set built a piece at a time, so that a million words (a second of inserting in the
// page) never block one frame: advance() inserts up to `count` more of `words`, from where it
// stopped, and says whether some are left; bytes() is then hash_set_bytes(words). The words must
// be the same list (or that list with words appended) from one call to the next. Each measure
// counts only its own set's bytes, so two may run side by side. The set is freed when done, or
// with the measure, all at once (it lives in chunks of its own).
class HashSetMeasure {
 public:
  HashSetMeasure();
  ~HashSetMeasure();
  HashSetMeasure(HashSetMeasure&&) noexcept;
  HashSetMeasure& operator=(HashSetMeasure&&) noexcept;
  bool advance(const std::vector<std::string>& words, size_t count);
  size_t done() const { return done_; }
  bool finished() const { return finished_; }
  uint64_t bytes() const { return bytes_; }  // once finished()

  struct Arena;

 private:
  struct Set;
  std::unique_ptr<Arena> arena_;
  Set* set_ = nullptr;  // in the arena
  int64_t live_ = 0;    // bytes the set holds now (its own counting allocator's tally)
  size_t done_ = 0;
  size_t buckets_ = 0;    // the set's final bucket count, where the library's is known
  bool rehashed_ = true;  // the set has them (after its room was first written, in steps)
  bool finished_ = false;
  uint64_t bytes_ = 0;
};

// The article's figure for the 10k passwords as a Python set: sys.getsizeof(the set) + the sum of
// sys.getsizeof(w) over its strings, on CPython 3.12 or later (64-bit), where an ASCII str takes
// 41 + len bytes (3.11 and earlier: 49 + len, the wstr pointer PEP 623 removed) and the set
// 216 + 16 bytes per slot (32,768 slots for 10,000 words). On the list bundled here that method
// gives 997,521 on 3.12 (1,077,521 on 3.11): the article's 997,570 is 49 bytes more, one
// 8-character word more than this copy of the list holds. tests/unit/python_set_size.py
// recomputes it with the installed python3.
inline constexpr uint64_t kArticlePythonSetBytes = 997570;
inline constexpr const char* kArticlePythonVersion = "3.12";

}  // namespace bloomlab
