#include "memory.h"

#include <cstddef>
#include <functional>
#include <new>
#include <string_view>
#include <unordered_set>

namespace bloomlab {
namespace {

// Bytes handed out by CountingAllocator and not yet given back. One counter for all: a stateful
// allocator would make each string 8 bytes larger than a std::string (it keeps its allocator),
// and the set would no longer be the one measured.
int64_t g_live = 0;

// An allocator that adds what it hands out to g_live and takes back what returns.
template <typename T>
struct CountingAllocator {
  using value_type = T;
  CountingAllocator() = default;
  template <typename U>
  CountingAllocator(const CountingAllocator<U>&) {}
  T* allocate(size_t count) {
    g_live += int64_t(count * sizeof(T));
    return static_cast<T*>(::operator new(count * sizeof(T)));
  }
  void deallocate(T* p, size_t count) {
    g_live -= int64_t(count * sizeof(T));
    ::operator delete(p);
  }
  template <typename U>
  bool operator==(const CountingAllocator<U>&) const { return true; }
  template <typename U>
  bool operator!=(const CountingAllocator<U>&) const { return false; }
};

using CountedString = std::basic_string<char, std::char_traits<char>, CountingAllocator<char>>;

struct CountedHash {
  size_t operator()(const CountedString& s) const {
    return std::hash<std::string_view>{}(std::string_view(s.data(), s.size()));
  }
};

}  // namespace

uint64_t list_text_bytes(const std::vector<std::string>& words) {
  uint64_t total = 0;
  for (const std::string& w : words) total += w.size() + 1;
  return total;
}

uint64_t hash_set_bytes(const std::vector<std::string>& words) {
  using Set = std::unordered_set<CountedString, CountedHash, std::equal_to<CountedString>,
                                 CountingAllocator<CountedString>>;
  const int64_t before = g_live;
  Set set;
  for (const std::string& w : words) set.emplace(w.data(), w.size());
  // The set object too (a program holds it somewhere): what a `new` of the set would ask for.
  return uint64_t(g_live - before) + sizeof(Set);
}

}  // namespace bloomlab
