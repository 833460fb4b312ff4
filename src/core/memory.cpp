#include "memory.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <new>
#include <string_view>
#include <unordered_set>

namespace bloomlab {

// Where a measure's set lives: blocks taken in turn from chunks, never given back one by one.
// The set is dropped with its chunks (a few frees) rather than node by node: a million nodes
// freed one at a time took a frame of 100-270 ms in the page.
struct HashSetMeasure::Arena {
  struct Chunk {
    Chunk* before;
  };
  Chunk* last = nullptr;
  char* at = nullptr;
  size_t left = 0, next = 16 * 1024;  // the next chunk's size: doubling up to 4 MiB
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    while (last) {
      Chunk* gone = last;
      last = gone->before;
      ::operator delete(gone);
    }
  }
  void new_chunk(size_t size) {
    Chunk* chunk = static_cast<Chunk*>(::operator new(size));  // not zeroed: 40 ms a million words
    chunk->before = last;
    last = chunk;
    at = reinterpret_cast<char*>(chunk + 1);
    left = size - sizeof(Chunk);
    touched = 0;
  }
  // Room for a block of `bytes` now, first written a step at a time (touch()) before the block is
  // taken: the first write to fresh memory is what costs (a million words' bucket array, zeroed
  // at once by the set, held Chromium's first measure 45 ms in one piece).
  void open(size_t bytes) { new_chunk(sizeof(Chunk) + bytes + 64); }
  size_t touched = 0;
  bool touch(size_t step) {  // true once the open room has all been written
    const size_t n = std::min(step, left - touched);
    std::memset(at + touched, 0, n);
    touched += n;
    return touched == left;
  }
  void* take(size_t bytes, size_t align) {
    size_t pad = (align - reinterpret_cast<uintptr_t>(at) % align) % align;
    if (pad + bytes > left) {
      new_chunk(std::max(sizeof(Chunk) + bytes + align, next));
      next = std::min<size_t>(next * 2, 4 << 20);
      pad = (align - reinterpret_cast<uintptr_t>(at) % align) % align;
    }
    void* p = at + pad;
    at += pad + bytes;
    left -= pad + bytes;
    return p;
  }
};

namespace {

// The measure working now: where CountingAllocator takes its blocks and counts their bytes
// (and takes back what returns). A stateful allocator would make each string 8 bytes larger
// than a std::string (it keeps its allocator), and the set would no longer be the one measured.
struct Working {
  int64_t* live = nullptr;
  HashSetMeasure::Arena* arena = nullptr;
};
thread_local Working g_working;

// Points g_working at one measure while it works on its set (and back after).
class Counting {
 public:
  Counting(int64_t& live, HashSetMeasure::Arena& arena) : before_(g_working) { g_working = {&live, &arena}; }
  ~Counting() { g_working = before_; }
  Counting(const Counting&) = delete;
  Counting& operator=(const Counting&) = delete;

 private:
  Working before_;
};

// An allocator that counts what it hands out and what returns: the set's bytes held are the
// difference. The blocks come from the measure's arena; one given back stays there, unused,
// until the whole arena goes (a rehash's old bucket array: counted as returned all the same).
template <typename T>
struct CountingAllocator {
  using value_type = T;
  CountingAllocator() = default;
  template <typename U>
  CountingAllocator(const CountingAllocator<U>&) {}
  T* allocate(size_t count) {
    *g_working.live += int64_t(count * sizeof(T));
    return static_cast<T*>(g_working.arena->take(count * sizeof(T), alignof(T)));
  }
  void deallocate(T*, size_t count) { *g_working.live -= int64_t(count * sizeof(T)); }
  template <typename U>
  bool operator==(const CountingAllocator<U>&) const {
    return true;
  }
  template <typename U>
  bool operator!=(const CountingAllocator<U>&) const {
    return false;
  }
};

using CountedString = std::basic_string<char, std::char_traits<char>, CountingAllocator<char>>;

struct CountedHash {
  size_t operator()(const CountedString& s) const {
    return std::hash<std::string_view>{}(std::string_view(s.data(), s.size()));
  }
};

using CountedSet = std::unordered_set<CountedString, CountedHash, std::equal_to<CountedString>,
                                      CountingAllocator<CountedString>>;

// The bucket count a set of `n` distinct words ends with when they are inserted one by one
// without a reserve. For libc++'s (the page's) growth: before an insertion that would put more
// than max_load_factor (1) words per bucket, or into no bucket, it rehashes to
// max(2 * buckets + !power_of_2(buckets), size + 1), which rehash() makes 2 for 1, and a prime
// (its own __next_prime) unless a power of 2. A measure's set starts with that many buckets:
// its rehashes, a walk over every node inserted so far, took one frame ~100 ms at a million.
// The bytes counted are the same: the smaller bucket arrays of the way are given back anyway.
// tests/unit/test_memory.cpp checks it against a plain set in the wasm build.
#if defined(_LIBCPP_VERSION)
#define BLOOMLAB_FINAL_BUCKETS 1
size_t final_bucket_count(size_t n) {
  size_t buckets = 0;
  for (size_t size = 0; size < n; ++size) {
    if (size + 1 <= buckets && buckets != 0) continue;
    const bool power2 = buckets > 2 && !(buckets & (buckets - 1));
    const size_t wanted = std::max<size_t>(2 * buckets + !power2, size + 1);
    buckets = wanted == 1 ? 2 : (wanted & (wanted - 1)) ? std::__next_prime(wanted) : wanted;
  }
  return buckets;
}
#elif defined(__GLIBCXX__)
// GCC's library (the desktop build and bench_app): its _Prime_rehash_policy, asked before each
// insertion as the set asks it, from a new set's single bucket. tests/unit/test_memory.cpp
// checks it against a plain set natively.
#define BLOOMLAB_FINAL_BUCKETS 1
size_t final_bucket_count(size_t n) {
  std::__detail::_Prime_rehash_policy policy;
  size_t buckets = 1;
  for (size_t size = 0; size < n; ++size) {
    const std::pair<bool, size_t> grow = policy._M_need_rehash(buckets, size, 1);
    if (grow.first) buckets = grow.second;
  }
  return buckets;
}
#endif

}  // namespace

// The set is built in the arena and never destroyed: its memory goes with the arena's chunks.
struct HashSetMeasure::Set {
  CountedSet set;
};

HashSetMeasure::HashSetMeasure() = default;
HashSetMeasure::~HashSetMeasure() = default;
HashSetMeasure::HashSetMeasure(HashSetMeasure&&) noexcept = default;
HashSetMeasure& HashSetMeasure::operator=(HashSetMeasure&&) noexcept = default;

bool HashSetMeasure::advance(const std::vector<std::string>& words, size_t count) {
  if (finished_) return false;
  if (done_ > words.size()) {  // not the list it began with: begin again
    *this = HashSetMeasure();
  }
  if (!arena_) {
    arena_ = std::make_unique<Arena>();
    set_ = new (arena_->take(sizeof(Set), alignof(Set))) Set();
#ifdef BLOOMLAB_FINAL_BUCKETS
    if (!words.empty()) {
      buckets_ = final_bucket_count(words.size());
      arena_->open((buckets_ + 1) * sizeof(void*));  // a bucket is a pointer
      rehashed_ = false;
    }
#endif
  }
  if (!rehashed_) {  // the buckets' room written a MB a call, then the set takes it
    if (!arena_->touch(size_t{1} << 20)) return true;
    Counting counting(live_, *arena_);
    set_->set.rehash(buckets_);
    rehashed_ = true;
  }
  Counting counting(live_, *arena_);
  const size_t end = words.size() - done_ > count ? done_ + count : words.size();
  for (; done_ < end; ++done_) set_->set.emplace(words[done_].data(), words[done_].size());
  if (done_ < words.size()) return true;
  // The set object too (a program holds it somewhere): what a `new` of the set would ask for.
  bytes_ = uint64_t(live_) + sizeof(CountedSet);
  finished_ = true;
  set_ = nullptr;
  arena_.reset();
  return false;
}

uint64_t list_text_bytes(const std::vector<std::string>& words) {
  uint64_t total = 0;
  for (const std::string& w : words) total += w.size() + 1;
  return total;
}

uint64_t hash_set_bytes(const std::vector<std::string>& words) {
  HashSetMeasure measure;
  while (measure.advance(words, words.size())) {
  }
  return measure.bytes();
}

}  // namespace bloomlab
