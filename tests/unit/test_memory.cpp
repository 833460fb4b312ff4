// Memory figures (core/memory.h): the hash set's bytes against a direct count of what a plain
// std::unordered_set<std::string> asks operator new for (this file replaces the global
// operator new and delete of the unit tests to count them).
#include <doctest.h>

#include <cstdlib>
#include <new>
#include <string>
#include <unordered_set>

#include "core/memory.h"
#include "core/word_list.h"
#include "test_support.h"

using namespace bloomlab;

namespace {
// Bytes handed out by operator new and not yet given back; each block carries its size in a
// header in front of it.
long long g_live = 0;
constexpr size_t kHeader = 16;
}  // namespace

void* operator new(size_t size) {
  void* p = std::malloc(size + kHeader);
  if (!p) throw std::bad_alloc();
  *static_cast<size_t*>(p) = size;
  g_live += (long long)size;
  return static_cast<char*>(p) + kHeader;
}
void operator delete(void* p) noexcept {
  if (!p) return;
  char* block = static_cast<char*>(p) - kHeader;
  g_live -= (long long)*reinterpret_cast<size_t*>(block);
  std::free(block);
}
void operator delete(void* p, size_t) noexcept { operator delete(p); }

namespace {

// What a plain set of the words holds, counted by the operator new above.
uint64_t direct_count(const std::vector<std::string>& words) {
  const long long before = g_live;
  auto* set = new std::unordered_set<std::string>();  // the set object counted too
  for (const std::string& w : words) set->insert(w);
  const long long held = g_live - before;
  delete set;
  return uint64_t(held);
}

}  // namespace

TEST_CASE("the list as text: bytes and one separator each") {
  CHECK(list_text_bytes({"ab", "cde"}) == 7);
  CHECK(list_text_bytes({}) == 0);
}

TEST_CASE("the hash set's bytes match a direct count") {
  Result<WordList> list = read_word_list_file(BLOOMLAB_PASSWORDS_FILE);
  REQUIRE(list.ok());
  CHECK(hash_set_bytes(list->words) == direct_count(list->words));
  test::Random r(11);
  std::vector<std::string> words;
  for (int i = 0; i < 3000; ++i) words.push_back(r.word() + r.word() + r.word());  // some past SSO
  CHECK(hash_set_bytes(words) == direct_count(words));
  CHECK(hash_set_bytes({}) == direct_count({}));
#if defined(__GLIBCXX__) && defined(__x86_64__)
  // GCC's library on x86-64: the figure lesson 9 quotes.
  CHECK(hash_set_bytes(list->words) == 562259);
#endif
}
