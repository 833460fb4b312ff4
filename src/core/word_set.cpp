#include "word_set.h"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "hashing.h"
#include "word_list.h"
#include "zero_steps.h"

namespace bloomlab {

namespace {

// A filter bigger than this is released before its replacement is built, if both at once
// do not fit.
constexpr uint64_t kReleaseFirstBytes = uint64_t{16} << 20;

std::string join_bits(const std::vector<uint64_t>& bits) {
  std::string s;
  for (size_t i = 0; i < bits.size(); ++i) {
    if (i > 0) s += i + 1 == bits.size() ? " and " : ", ";
    s += std::to_string(bits[i]);
  }
  return s;
}

// The first `limit` words, and how many there are in all when that is more.
std::string join_words(const std::vector<std::string>& words, uint64_t total, size_t limit = 8) {
  std::string s;
  for (size_t i = 0; i < words.size() && i < limit; ++i) s += (i ? ", " : "") + words[i];
  if (total > limit) s += ", ... (" + std::to_string(total) + " in all)";
  return s;
}
std::string join_words(const std::vector<std::string>& words) { return join_words(words, words.size()); }

bool sorted_contains(const std::vector<uint64_t>& sorted, uint64_t x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

// The arguments of an Error: plain lists, comma-separated, for the app to word.
std::string comma_list(const std::vector<uint64_t>& bits) {
  std::string s;
  for (size_t i = 0; i < bits.size(); ++i) s += (i ? ", " : "") + std::to_string(bits[i]);
  return s;
}
std::string comma_list(const std::vector<std::string>& words, size_t limit = 8) {
  std::string s;
  for (size_t i = 0; i < words.size() && i < limit; ++i) s += (i ? ", " : "") + words[i];
  return s;
}

Error needs_counting(Variant v) {
  if (variant_ops(v).rebuilt_on_add)
    return Error{
        "a binary fuse filter cannot remove a word: it is built from all its words at once, and each of a "
        "word's slots serves other words too",
        ErrorCode::remove_needs_counting,
        {variant_name(v)}};
  return Error{"only the counting and cuckoo filters can remove a word: clearing bits in a " +
                   std::string(variant_name(v)) + " filter would also erase other words that share them",
               ErrorCode::remove_needs_counting,
               {variant_name(v)}};
}

std::vector<uint64_t> sorted_unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

std::optional<std::array<uint64_t, 2>> Explained::buckets() const {
  if (bucket_slots == 0 || positions.size() < 2 * size_t{bucket_slots}) return std::nullopt;
  return std::array<uint64_t, 2>{positions[0] / bucket_slots, positions[bucket_slots] / bucket_slots};
}

std::string Explained::sentence() const {
  return sentence([](std::string_view w) { return std::string(w); });
}

std::string Explained::sentence(const std::function<std::string(std::string_view)>& show) const {
  if (const auto two = buckets()) {
    const std::string b1 = std::to_string((*two)[0]), b2 = std::to_string((*two)[1]);
    if (verdict == Verdict::definitely_not)
      return "definitely not in the set: neither bucket " + b1 + " nor bucket " + b2 +
             " holds its fingerprint" +
             (is_member ? ", yet it was added: a false negative (a remove without checking took its "
                          "fingerprint)"
                        : "");
    if (is_member) return "in the set: it was added";
    return "possibly in the set, but it was never added (a false positive): another word left the same "
           "fingerprint in bucket " +
           b1 + " or " + b2;
  }
  if (xor_place) {
    const std::string slots = "slots " + std::to_string(positions.at(0)) + ", " +
                              std::to_string(positions.at(1)) + " and " + std::to_string(positions.at(2));
    if (verdict == Verdict::definitely_not)
      return "definitely not in the set: " + slots + " XOR to " + std::to_string(xor_place->slots_xor) +
             ", not its fingerprint " + std::to_string(xor_place->fingerprint);
    if (is_member) return "in the set: it was added";
    return "possibly in the set, but it was never added (a false positive): " + slots +
           " XOR to its fingerprint " + std::to_string(xor_place->fingerprint) + " by chance";
  }
  if (verdict == Verdict::definitely_not) {
    return std::string("definitely not in the set: ") + (zero_bits.size() == 1 ? "bit " : "bits ") +
           join_bits(zero_bits) + (zero_bits.size() == 1 ? " is 0" : " are 0") +
           (is_member ? ", yet it was added: a false negative (a remove without checking took "
                        "its counts)"
                      : "");
  }
  if (is_member) return "in the set: it was added";
  std::vector<std::string> shown;
  for (size_t i = 0; i < culprits.size() && i < 8; ++i) shown.push_back(show(culprits[i]));
  std::vector<uint64_t> bits = sorted_unique(positions);
  const std::string set_by = bits.size() == 1 ? " was set by " : " were set by ";
  // No word left explains them: the counting variant's words were removed, but counters that
  // had saturated could not go back down.
  const std::string who = culprits.empty() ? "words removed since (a counter that reaches 15 stays at 15)"
                                           : join_words(shown, culprit_count);
  return "possibly in the set, but it was never added (a false positive): " +
         std::string(bits.size() == 1 ? "bit " : "bits ") + join_bits(bits) + set_by + who;
}

// The index: open addressing over word ids + 1 (0 = empty), linear probing, at most half full;
// a slot comes from the word's FNV hash (kept in hashes_), so growing never hashes a word again.
size_t WordSet::slot_of(uint64_t h) const {
  return static_cast<size_t>((h * 0x9E3779B97F4A7C15u) >> 32) & (slots_.size() - 1);
}

size_t WordSet::find_slot(std::string_view word, uint64_t h) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = slot_of(h);; i = (i + 1) & mask) {
    const uint32_t id = slots_[i];
    if (id == 0 || (hashes_[id - 1] == h && words_[id - 1] == word)) return i;
  }
}

size_t WordSet::index_size(size_t slots) const {
  size_t size = kMinSlots;
  while (size < slots || size < words_.size() * 2) size *= 2;
  return size;
}

void WordSet::rebuild_index(size_t slots) {
  slots_.assign(index_size(slots), 0);
  index_words();
}

void WordSet::index_words() {
  const size_t mask = slots_.size() - 1;
  for (size_t id = 0; id < words_.size(); ++id) {
    size_t i = slot_of(hashes_[id]);
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = static_cast<uint32_t>(id + 1);
  }
}

bool WordSet::contains_word(std::string_view w) const { return index_of(w).has_value(); }

std::optional<size_t> WordSet::index_of(std::string_view w) const {
  const uint32_t id = slots_[find_slot(w, fnv1a64(w))];
  if (id == 0) return std::nullopt;
  return size_t{id} - 1;
}

uint64_t WordSet::Lineage::next() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}

Result<WordSet> WordSet::create(const FilterParams& p) {
  Result<Filter> f = Filter::create(p);
  if (!f.ok()) return f.failure();
  return WordSet(std::move(*f));
}

AddOutcome WordSet::add(std::string_view word, std::string* why) {
  if (word.empty()) {
    if (why) *why = "an empty word cannot be added";
    return AddOutcome::invalid;
  }
  if (word.size() > kMaxLineBytes) {
    if (why) *why = "a word is at most 4096 bytes long; this one has " + std::to_string(word.size());
    return AddOutcome::invalid;
  }
  const uint64_t h = fnv1a64(word);
  const size_t slot = find_slot(word, h);
  if (slots_[slot] != 0) {
    if (why) *why = "\"" + std::string(word) + "\" is already in the set";
    return AddOutcome::duplicate;
  }
  if (filter_.add(word, h) == InsertOutcome::refused_full) {
    if (why) *why = filter_.refusal(word).message;
    return AddOutcome::full;
  }
  slots_[slot] = static_cast<uint32_t>(words_.size() + 1);
  hashes_.push_back(h);
  word_bytes_ += word.size();
  words_.emplace_back(word);
  if (words_.size() * 2 > slots_.size()) rebuild_index(slots_.size() * 2);
  return AddOutcome::added;
}

void WordSet::reserve(size_t more) {
  while (!reserve_in_steps(more, SIZE_MAX)) {
  }
}

bool WordSet::reserve_in_steps(size_t more, size_t step_bytes) {
  // Room for up to kReserveSlack words beyond those asked for: after a million-word load, the
  // next word typed would otherwise move every word to a new array in one frame (130 ms
  // natively, 60 ms in wasm).
  const size_t want = words_.size() + more;
  const size_t room = want + std::min(want / 8, kReserveSlack);
  if (words_.capacity() < want) words_.reserve(room);
  if (hashes_.capacity() < want) hashes_.reserve(room);
  if (want * 2 <= slots_.size()) {
    next_slots_ = std::vector<uint32_t>();
    return true;
  }
  if (!zero_in_steps(next_slots_, index_size(room * 2), step_bytes)) return false;
  slots_.swap(next_slots_);
  next_slots_ = std::vector<uint32_t>();
  index_words();
  return true;
}

uint64_t WordSet::add_all(const std::vector<std::string>& words) {
  uint64_t added = 0;
  reserve(words.size());
  for (const std::string& w : words) added += add(w) == AddOutcome::added;
  return added;
}

Result<bool> WordSet::remove(std::string_view word) {
  const std::string quoted = "\"" + std::string(word) + "\"";
  if (!filter_.ops().can_remove) {
    return needs_counting(params().variant);
  }
  const size_t slot = find_slot(word, fnv1a64(word));
  if (slots_[slot] == 0) {
    const Query q = filter_.query(word);
    if (!q.possibly) {
      return Error{quoted + " was never added: it is definitely not in the set (" +
                       (q.zero_bits.size() == 1 ? "counter " : "counters ") + join_bits(q.zero_bits) +
                       (q.zero_bits.size() == 1 ? " is 0)" : " are 0)"),
                   ErrorCode::remove_absent,
                   {std::string(word), comma_list(q.zero_bits)}};
    }
    const std::vector<std::string> broken = would_break_if_cleared(word);
    std::string msg = quoted + " was never added; it only looks present (a false positive)";
    if (!broken.empty()) msg += ", and removing it would break " + join_words(broken);
    return Error{msg,
                 ErrorCode::remove_false_positive,
                 {std::string(word), comma_list(broken), std::to_string(broken.size())}};
  }
  if (filter_.remove(word) != RemoveOutcome::removed) {
    return Error{quoted + " could not be removed",
                 ErrorCode::remove_failed,
                 {std::string(word)}};  // unreachable: a member's counters are > 0
  }
  const uint32_t id = slots_[slot] - 1;
  word_bytes_ -= words_[id].size();
  words_.erase(words_.begin() + id);
  hashes_.erase(hashes_.begin() + id);
  lineage_.id = Lineage::next();
  rebuild_index(slots_.size());  // the later words' ids moved down by one
  return true;
}

Result<std::vector<std::string>> WordSet::remove_unchecked(std::string_view word) {
  if (contains_word(word)) {
    Result<bool> removed = remove(word);
    if (!removed.ok()) return removed.failure();
    return std::vector<std::string>{};
  }
  if (!filter_.ops().remove_unchecked) {
    return needs_counting(params().variant);
  }
  filter_.remove_unchecked(word);
  unchecked_.emplace_back(word);
  return false_negatives();
}

void WordSet::replay_unchecked(Filter& f) const {
  for (const std::string& w : unchecked_) f.remove_unchecked(w);
}

size_t WordSet::refill(Filter& f) const {
  const size_t added = f.add_many(words_.data(), hashes_.data(), words_.size());
  replay_unchecked(f);
  return added;
}

void WordSet::rebuild_filter() {
  filter_.clear();
  const size_t added = refill(filter_);
  if (added == words_.size()) return;
  for (size_t i = added; i < words_.size(); ++i) word_bytes_ -= words_[i].size();
  words_.resize(added);
  hashes_.resize(added);
  lineage_.id = Lineage::next();
  rebuild_index(slots_.size());
}

void WordSet::set_unchecked_removals(std::vector<std::string> removals) {
  unchecked_ = std::move(removals);
  rebuild_filter();
}

std::vector<std::string> WordSet::false_negatives() const {
  std::vector<std::string> broken;
  if (unchecked_.empty()) return broken;  // a filter has no false negatives otherwise
  for (const std::string& w : words_)
    if (!filter_.contains(w)) broken.push_back(w);
  return broken;
}

std::optional<Error> WordSet::set_params(const FilterParams& p) {
  Result<Filter> f = Filter::create(p);
  const FilterParams old = params();
  bool released = false;
  if (!f.ok() && !validate(p) && filter_.size_in_bytes() > kReleaseFirstBytes) {
    // The old and the new filter together may not fit where memory is bounded (two filters of
    // 2^32 bits, 512 MiB each, in wasm's 1 GiB): let the old one go first. The words stay, so
    // if the new one does not fit either, the old one is rebuilt in the memory it gave back.
    filter_ = Filter(FilterParams{kMinBits, old.k, old.variant, old.scheme});
    released = true;
    f = Filter::create(p);
  }
  std::optional<Error> refused;
  if (f.ok()) {
    const size_t added = refill(*f);
    if (added == words_.size()) {
      filter_ = std::move(*f);
      return std::nullopt;
    }
    // The words do not fit (a cuckoo filter too small): said without naming the word it stopped
    // at (one of a list's, perhaps one the classroom setting hides).
    const std::string n = std::to_string(words_.size()), took = std::to_string(added);
    refused = Error{"the " + n + " words do not fit a filter of these parameters: it was full after " + took +
                        " of them; enlarge it (a cuckoo filter: B or b)",
                    ErrorCode::words_do_not_fit,
                    {n, took}};
  } else {
    refused = f.failure();
  }
  if (released) {
    f = Result<Filter>(Error{""});  // its memory back before the old one is rebuilt
    filter_ = Filter(old);
    refill(filter_);
  }
  return refused;
}

void WordSet::clear() {
  filter_.clear();
  words_.clear();
  unchecked_.clear();
  hashes_.clear();
  lineage_.id = Lineage::next();
  word_bytes_ = 0;
  slots_.assign(kMinSlots, 0);
}

void WordSet::truncate(size_t count) {
  if (count >= words_.size()) return;
  for (size_t i = count; i < words_.size(); ++i) word_bytes_ -= words_[i].size();
  words_.resize(count);
  hashes_.resize(count);
  lineage_.id = Lineage::next();
  rebuild_index(slots_.size());
  rebuild_filter();
}

void WordSet::assign(const std::vector<std::string>& words) {
  clear();
  add_all(words);
}

template <typename F>
void WordSet::for_each_word_positions(F&& f, size_t begin, size_t end) const {
  uint64_t own[kMaxPositions];
  end = std::min(end, words_.size());
  for (size_t id = begin; id < end; ++id) {
    const size_t k = filter_.positions_of(words_[id], hashes_[id], own);
    f(words_[id], own, k);
  }
}

Explained WordSet::explain(std::string_view word, bool with_setters) const {
  ExplainWalk w = begin_explain(word, with_setters);
  advance_explain(w, SIZE_MAX);
  return std::move(w.result);
}

ExplainWalk WordSet::begin_explain(std::string_view word, bool with_setters) const {
  ExplainWalk w;
  Explained& e = w.result;
  const Query q = filter_.query(word);
  e.positions = q.positions;
  e.zero_bits = q.zero_bits;
  e.verdict = q.possibly ? Verdict::possibly : Verdict::definitely_not;
  e.is_member = contains_word(word);
  if (holds_fingerprints(filter_.ops())) e.bucket_slots = filter_.ops().group(filter_.params());
  if (filter_.ops().holds == CellHolds::xor_part) {
    const PositionTrace::FuseTrace t = filter_.trace(word).fuse;
    e.xor_place = Explained::XorPlace{t.fingerprint, t.values[0] ^ t.values[1] ^ t.values[2]};
  }
  e.setters.resize(e.positions.size());
  e.setter_counts.assign(e.positions.size(), 0);
  if (!with_setters && (e.verdict == Verdict::definitely_not || e.is_member)) {
    e.setters_found = false;
    return w;
  }
  w.walking = !words_.empty();
  e.setters_found = !w.walking;
  e.walked = w.walking ? 0.0 : 1.0;
  w.word = std::string(word);
  w.wanted = sorted_unique(e.positions);
  for (uint64_t p : w.wanted) w.mask[(p >> 6) & 63] |= uint64_t{1} << (p & 63);
  w.hit.resize(e.positions.size());
  return w;
}

bool WordSet::advance_explain(ExplainWalk& w, size_t words) const {
  if (!w.walking) return true;
  Explained& e = w.result;
  const size_t end = words >= words_.size() - w.next ? words_.size() : w.next + words;
  for_each_word_positions(
      [&](const std::string& word, const uint64_t* own, size_t k) {
        bool maybe = false;
        for (size_t j = 0; j < k; ++j) maybe |= (w.mask[(own[j] >> 6) & 63] >> (own[j] & 63)) & 1;
        if (!maybe) return;
        std::fill(w.hit.begin(), w.hit.end(), 0);
        bool any = false;
        for (size_t j = 0; j < k; ++j) {
          const uint64_t p = own[j];
          if (!sorted_contains(w.wanted, p)) continue;
          for (size_t i = 0; i < e.positions.size(); ++i) {
            if (e.positions[i] == p && !w.hit[i]) {
              w.hit[i] = 1;
              any = true;
              if (e.setters[i].size() < Explained::kMaxListed) e.setters[i].push_back(word);
              ++e.setter_counts[i];
            }
          }
        }
        // Culprits are the other words: a member trivially explains its own bits.
        if (any && word != w.word && e.culprit_count++ < Explained::kMaxListed) e.culprits.push_back(word);
      },
      w.next, end);
  w.next = end;
  w.walking = end < words_.size();
  e.setters_found = !w.walking;
  e.walked = w.walking ? double(end) / double(words_.size()) : 1.0;
  return !w.walking;
}

std::vector<uint32_t> WordSet::setters_of_bit(uint64_t bit) const {
  std::vector<uint32_t> ids;
  if (!filter_.bit(bit)) return ids;
  uint64_t own[kMaxPositions];
  for (uint32_t id = 0; id < words_.size(); ++id) {
    const size_t k = filter_.positions_of(words_[id], hashes_[id], own);
    if (std::find(own, own + k, bit) != own + k) ids.push_back(id);
  }
  return ids;
}

std::vector<std::string> WordSet::would_break_if_cleared(std::string_view word, bool unchecked) const {
  if (const auto breaks = filter_.ops().breaks) {  // the variant knows (a cuckoo filter's copies)
    std::vector<std::string> broken;
    const uint64_t h = fnv1a64(word);
    for (size_t id = 0; id < words_.size(); ++id)
      if (words_[id] != word && breaks(filter_.s_, h, hashes_[id])) broken.push_back(words_[id]);
    return broken;
  }
  // Which of the word's positions would drop to 0: every one for a bit array; for counters,
  // those at 1 (a removal lowers each distinct position once; 15 is saturated and stays).
  std::vector<uint64_t> cleared;
  const std::vector<uint64_t> mine = sorted_unique(positions(word));
  for (uint64_t p : mine) {
    const uint64_t c = filter_.counter(p);
    if (!holds_counts(filter_.ops())) {
      cleared.push_back(p);
    } else if (c == 0 && unchecked) {
      continue;  // `if counts[i] > 0`: skipped
    } else if (c == 0) {
      return {};  // a counting filter refuses to remove a surely absent word: nothing breaks
    } else if (c == 1) {
      cleared.push_back(p);
    }
  }
  std::vector<std::string> broken;
  if (cleared.empty()) return broken;
  for_each_word_positions([&](const std::string& w, const uint64_t* own, size_t k) {
    if (w == word) return;
    for (size_t j = 0; j < k; ++j) {
      if (sorted_contains(cleared, own[j])) {
        broken.push_back(w);
        break;
      }
    }
  });
  return broken;
}

std::vector<uint64_t> WordSet::positions(std::string_view word) const {
  std::vector<uint64_t> out;
  filter_.positions_of(word, out);
  return out;
}

}  // namespace bloomlab
