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
  // Around each growth of the buckets (the measure's set starts with its final count in libc++).
  for (size_t n :
       {1,  2,  3,  4,   5,   6,   11,  12,  13,  14,   23,   24,   25,   26,   29,   30,   53,
        54, 97, 98, 193, 194, 389, 390, 769, 770, 1543, 1544, 2000, 3079, 3080, 6151, 6152, 9999}) {
    const std::vector<std::string> some(list->words.begin(), list->words.begin() + long(n));
    CHECK_MESSAGE(hash_set_bytes(some) == direct_count(some), n, " words");
  }
#if defined(__GLIBCXX__) && defined(__x86_64__)
  // GCC's library on x86-64: the figure lesson 9 quotes.
  CHECK(hash_set_bytes(list->words) == 562259);
#endif
}

TEST_CASE("the hash set measured a piece at a time: the same bytes, and no frame's worth more") {
  Result<WordList> list = read_word_list_file(BLOOMLAB_PASSWORDS_FILE);
  REQUIRE(list.ok());
  const uint64_t whole = hash_set_bytes(list->words);
  HashSetMeasure measure;
  size_t calls = 0;
  while (measure.advance(list->words, 1000)) {
    ++calls;
    CHECK(measure.done() == calls * 1000);
    CHECK_FALSE(measure.finished());
  }
  CHECK(calls == (list->words.size() + 999) / 1000 - 1);
  CHECK(measure.finished());
  CHECK(measure.bytes() == whole);
  CHECK_FALSE(measure.advance(list->words, 1000));  // done stays done
  CHECK(measure.bytes() == whole);

  SUBCASE("a big list's buckets: their room first written a MB a call, the same bytes") {
    std::vector<std::string> big;
    for (int i = 0; i < 400000; ++i) big.push_back("word-" + std::to_string(i));
    HashSetMeasure m;
    size_t before_words = 0;  // calls that wrote the buckets' room and took no word
    while (m.advance(big, 5000) && m.done() == 0) ++before_words;
    CHECK(before_words >= 1);  // 400,000 words: as many buckets of a pointer at least, over 1 MB
    CHECK(before_words < 10);
    while (m.advance(big, 5000)) {
    }
    CHECK(m.bytes() == hash_set_bytes(big));
  }
  SUBCASE("two measures side by side count their own sets") {
    std::vector<std::string> few(list->words.begin(), list->words.begin() + 500);
    HashSetMeasure a, b;
    while (a.advance(list->words, 700) | b.advance(few, 70)) {
    }
    CHECK(a.bytes() == whole);
    CHECK(b.bytes() == hash_set_bytes(few));
  }
  SUBCASE("words appended between pieces are measured too") {
    std::vector<std::string> growing(list->words.begin(), list->words.begin() + 4000);
    HashSetMeasure m;
    CHECK(m.advance(growing, 3000));
    growing.assign(list->words.begin(), list->words.end());
    while (m.advance(growing, 3000)) {
    }
    CHECK(m.bytes() == whole);
  }
  SUBCASE("a shorter list than the one begun starts again") {
    HashSetMeasure m;
    CHECK(m.advance(list->words, 6000));
    std::vector<std::string> few(list->words.begin(), list->words.begin() + 10);
    CHECK_FALSE(m.advance(few, 6000));
    CHECK(m.bytes() == hash_set_bytes(few));
  }
  SUBCASE("a measure moved or dropped half-way gives its bytes back") {
    const long long before = g_live;
    {
      HashSetMeasure m;
      CHECK(m.advance(list->words, 5000));
      HashSetMeasure moved(std::move(m));
      HashSetMeasure other;
      CHECK(other.advance(list->words, 100));
      other = std::move(moved);
      CHECK(other.advance(list->words, 10));
    }
    CHECK(g_live == before);
  }
}
