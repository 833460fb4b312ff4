// A filter together with the words put into it: what the visualizer and the CLI show.
// It keeps the words so that it can rebuild the filter when m, k, the variant or the scheme
// change, and so that it can say which words set a bit (provenance) and which words explain a
// false positive (the culprits).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "filter.h"
#include "result.h"

namespace bloomlab {

enum class Verdict { definitely_not, possibly };

struct Explained {
  Verdict verdict = Verdict::definitely_not;
  std::vector<uint64_t> positions;  // i = 0..k-1
  std::vector<uint64_t> zero_bits;  // positions whose bit is 0 (ascending)
  // For each hash index i: the added words whose own positions include positions[i].
  // At most kMaxListed words each (a million words in a full filter: every word sets every bit);
  // setter_counts[i] counts them all.
  std::vector<std::vector<std::string>> setters;
  std::vector<uint64_t> setter_counts;
  // Every word in `setters`, each once, in the order first met: who lit this word's bits; the
  // first kMaxListed of them, culprit_count of them in all.
  std::vector<std::string> culprits;
  uint64_t culprit_count = 0;
  static constexpr size_t kMaxListed = 1000;
  // False when explain() was asked to skip the walk over the words where the sentence needs no
  // culprits (a sure miss, a member): setters and culprits are then empty.
  bool setters_found = true;
  bool is_member = false;  // the word itself was added (a true positive)
  // A filter of fingerprints (cuckoo): the slots per bucket; positions are then the slots of the
  // word's two buckets, b each, and the verdict is its fingerprint's. 0 for a filter of bits.
  unsigned bucket_slots = 0;
  // A filter of fingerprints: the word's two buckets, i1 and i2; nullopt for a filter of bits.
  std::optional<std::array<uint64_t, 2>> buckets() const;
  // A binary fuse filter: the word's fingerprint and the XOR of its three slots (positions),
  // equal when it answers "possibly"; nullopt for the others.
  struct XorPlace {
    uint32_t fingerprint = 0, slots_xor = 0;
  };
  std::optional<XorPlace> xor_place;
  // The share of the words walked so far for setters and culprits: below 1 while an
  // ExplainWalk goes on (setters_found is then false), 1 otherwise.
  double walked = 1.0;
  std::string sentence() const;  // "definitely not in the set — bit 32 is 0", ...
  // The same, with each culprit written by `show` (the view masks or shortens words).
  std::string sentence(const std::function<std::string(std::string_view)>& show) const;
};

// explain() a slice of the words at a time: the verdict and positions at once
// (WordSet::begin_explain), the words that set its bits as WordSet::advance_explain() walks the
// words in order, so that the walk over a million words (a false positive's culprits) need not
// hold up one frame. explain() is the same walk in one go.
struct ExplainWalk {
  Explained result;
  bool walking = false;  // words are left to walk
  size_t next = 0;       // the next word's id
  std::string word;
  std::vector<uint64_t> wanted;  // the positions, sorted, unique
  uint64_t mask[64] = {};        // their bits modulo 4096: most words share none of them
  std::vector<char> hit;
};

// full: the filter refused the word (a full cuckoo filter): it stays out of the words, and
// filter().refusal(word) says why.
enum class AddOutcome { added, duplicate, invalid, full };

class WordSet {
 public:
  static Result<WordSet> create(const FilterParams& p);

  // Adds a word (duplicates are counted once). Invalid: empty, or longer than kMaxLineBytes.
  AddOutcome add(std::string_view word, std::string* why = nullptr);
  // Adds many words, e.g. a parsed word list; returns how many were new.
  uint64_t add_all(const std::vector<std::string>& words);
  // Room for `more` words beyond those held, so that adding them one by one (a list loading a
  // slice per frame) never reallocates the words or the index along the way; and for an eighth
  // more (at most kReserveSlack), so that words typed after a big list do not either.
  void reserve(size_t more);
  static constexpr size_t kReserveSlack = 65536;
  // reserve() in steps: each call zeroes at most `step_bytes` more of the new index, and the
  // last one moves the words into it; true once the room is made. A fresh index for a million
  // words is 16 MB, and its first touch took 52 ms in one go in Chromium (page faults).
  bool reserve_in_steps(size_t more, size_t step_bytes);
  // Counting variant: removes a member. Refuses (with a reason) anything else.
  Result<bool> remove(std::string_view word);
  // Counting variant: one article's `remove`, which lowers every counter of `word` above zero
  // without checking that the word was added. A member is removed as by remove(); any other
  // word stays out of the words, and its removal is kept (unchecked_removals) and replayed after
  // the words whenever the filter is rebuilt. Returns the members it broke: those that now
  // answer "definitely not" (false negatives). Refuses other variants.
  Result<std::vector<std::string>> remove_unchecked(std::string_view word);
  const std::vector<std::string>& unchecked_removals() const { return unchecked_; }
  // Sets the kept unchecked removals (undo / redo) and rebuilds the filter.
  void set_unchecked_removals(std::vector<std::string> removals);
  // Members the filter answers "definitely not" for: none, unless unchecked removals broke some.
  std::vector<std::string> false_negatives() const;

  // Rebuilds the filter from the words for new params; on a bad value, or a filter the words
  // do not fit (a cuckoo filter too small for them), nothing changes.
  std::optional<Error> set_params(const FilterParams& p);
  void clear();
  // Keeps the first `count` words (the rest go) and rebuilds the filter from them: undoing
  // additions, in any variant, exactly as if the later words had never been added.
  void truncate(size_t count);
  // Replaces the words (a word list already checked: duplicates and invalid ones are skipped
  // as add() would) and rebuilds the filter once. Undo of a preset, a clear or a removal.
  void assign(const std::vector<std::string>& words);

  // with_setters false: the setters and culprits only where the sentence names them (a false
  // positive); a sure miss or a member then costs O(k), not a walk over every word.
  Explained explain(std::string_view word, bool with_setters = true) const;
  ExplainWalk begin_explain(std::string_view word, bool with_setters = true) const;
  // Walks up to `words` more words (of the same WordSet, unchanged since begin_explain);
  // true when the walk is done.
  bool advance_explain(ExplainWalk& w, size_t words) const;
  // Words (ids into words()) whose positions include bit i.
  std::vector<uint32_t> setters_of_bit(uint64_t bit) const;
  // Standard variant "what if we cleared this word's bits?": the other members that would then
  // answer "definitely not" (false negatives). The reason remove() is not offered there.
  // Counting variant: what removing the word from the counters would break (a counter at 1
  // drops to 0; saturated ones stay): nothing for a member, possibly much for a false positive.
  // unchecked: as remove_unchecked() would do it (counters at 0 are skipped, not a refusal).
  std::vector<std::string> would_break_if_cleared(std::string_view word, bool unchecked = false) const;

  // The word's k positions under the current params (as filter().positions_of).
  std::vector<uint64_t> positions(std::string_view word) const;

  bool contains_word(std::string_view w) const;
  std::optional<size_t> index_of(std::string_view w) const;  // in words()
  // The words' bytes, summed (kept as words come and go: a million words are not summed per frame).
  uint64_t word_bytes() const { return word_bytes_; }
  const std::vector<std::string>& words() const { return words_; }
  // Which history of additions these words are: the same id later means the words then begin
  // with the words now (only added to since). Removing, replacing or truncating words gives a
  // new id, and so does a copy (it may go its own way). A saved session tells by it whether the
  // words it kept are still the start of these, without comparing a million words.
  uint64_t lineage() const { return lineage_.id; }
  const Filter& filter() const { return filter_; }
  const FilterParams& params() const { return filter_.params(); }

 private:
  explicit WordSet(Filter f) : filter_(std::move(f)) {}
  Filter filter_;
  // f(word, positions, k) for every word under the current params, from the hashes kept here:
  // explain() and friends walk all the words, and hashing them again was most of their time.
  template <typename F>
  void for_each_word_positions(F&& f, size_t begin = 0, size_t end = SIZE_MAX) const;
  std::vector<std::string> words_;
  struct Lineage {
    static uint64_t next();
    uint64_t id = next();
    Lineage() = default;
    Lineage(const Lineage&) : id(next()) {}
    Lineage& operator=(const Lineage&) {
      id = next();
      return *this;
    }
    Lineage(Lineage&&) noexcept = default;
    Lineage& operator=(Lineage&&) noexcept = default;
  };
  Lineage lineage_;
  std::vector<std::string> unchecked_;  // remove_unchecked() of non-members, in order
  void replay_unchecked(Filter& f) const;
  // Puts every word into f (cleared), then replays the unchecked removals; how many words went in
  // (fewer only if f refused the rest: a full cuckoo filter).
  size_t refill(Filter& f) const;
  // refill(filter_); words it refused (a cuckoo filter's arrangement after removals differs
  // from a fresh one's, and may hold fewer) leave the words, so that every word stays found.
  void rebuild_filter();
  std::vector<uint64_t> hashes_;  // fnv1a64 of each word, as words_
  uint64_t word_bytes_ = 0;
  // Which words there are: an open-addressing table of ids + 1, sized from the hashes (rather
  // than a std::unordered_map<std::string, ...>, which held a second copy of every word in a
  // node of its own: a million words loaded at half the speed, and looked up with a copy).
  static constexpr size_t kMinSlots = 16;
  std::vector<uint32_t> slots_ = std::vector<uint32_t>(kMinSlots, 0);
  std::vector<uint32_t> next_slots_;  // reserve_in_steps(): the index being zeroed
  size_t slot_of(uint64_t h) const;
  size_t find_slot(std::string_view word, uint64_t h) const;  // its slot, or the empty one to use
  size_t index_size(size_t slots) const;                      // a power of two, at least twice the words
  void rebuild_index(size_t slots);
  void index_words();  // every word into slots_, all zero
};

}  // namespace bloomlab
