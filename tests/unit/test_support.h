// Helpers shared by the unit tests: a deterministic random source and random words.
#pragma once
#include <doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/word_list.h"

namespace bloomlab::test {

// splitmix64 as a stream (Steele, Lea, Flood 2014): fast, reproducible on every platform.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t bound) { return next() % bound; }
  // A word of 1..12 printable bytes, e.g. "k3#Zq".
  std::string word() {
    std::string w(1 + below(12), ' ');
    for (char& c : w) c = static_cast<char>('!' + below(94));
    return w;
  }
};

// The bundled 10k passwords, read once.
inline const std::vector<std::string>& passwords() {
  static const std::vector<std::string> words = [] {
    Result<WordList> l = read_word_list_file(BLOOMLAB_PASSWORDS_FILE);
    REQUIRE(l.ok());
    return l->words;
  }();
  return words;
}

}  // namespace bloomlab::test
