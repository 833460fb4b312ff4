// Fuzzes WordSet with a random sequence of add, remove, query, parameter changes and clear,
// checked against a std::set model after every step: every added word still answers "possibly"
// (a Bloom filter has no false negatives, also after a counting remove and after a rebuild), the
// words and n match the model, and refused operations change nothing. Every scheme (sha256md5
// too), every counting width (4, 8, unbounded) and small cuckoo filters (which fill up: a full
// one refuses the next word, and too small a one refuses the words it is rebuilt for) and binary
// fuse filters of 8 and 16 bits (rebuilt from every word on each add) are drawn.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>

#include "core/word_list.h"
#include "core/word_set.h"

using namespace bloomlab;

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

FilterParams consume_params(FuzzedDataProvider& in) {
  FilterParams p;
  // Small filters: collisions, saturated counters and single blocks are where the bugs live.
  p.m = in.ConsumeIntegralInRange<uint64_t>(kMinBits, 4096);
  p.k = in.ConsumeIntegralInRange<uint32_t>(kMinHashes, kMaxHashes);
  const std::vector<Variant> variants = variant_ids();
  p.variant = variants[in.ConsumeIntegralInRange<size_t>(0, variants.size() - 1)];
  p.scheme = in.PickValueInArray(kAllSchemes);
  p.counting.width = in.PickValueInArray(kAllCounterWidths);  // the counting variant's own
  p.cuckoo.fingerprint_bits = in.ConsumeIntegralInRange<unsigned>(kCuckooMinFingerprintBits, 16);
  p.cuckoo.bucket_size = in.PickValueInArray(kCuckooBucketSizes);
  p.cuckoo.buckets = uint64_t{1} << in.ConsumeIntegralInRange<unsigned>(0, 6);
  p.fuse.fingerprint_bits = in.ConsumeBool() ? 16 : 8;  // the binary fuse filter's own
  return p;
}

void check_model(const WordSet& set, const std::set<std::string>& model) {
  require(set.words().size() == model.size());
  require(set.filter().items_added() == model.size());
  require(set.filter().bits_set() <= set.filter().bit_count());
  for (const std::string& w : set.words()) {
    require(model.count(w) == 1);
    require(set.contains_word(w));
    require(set.filter().contains(w));  // no false negative
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Result<WordSet> created = WordSet::create(consume_params(in));
  require(created.ok());
  WordSet& set = *created;
  std::set<std::string> model;
  for (int step = 0; step < 200 && in.remaining_bytes() > 0; ++step) {
    const uint8_t op = in.ConsumeIntegralInRange<uint8_t>(0, 5);
    if (op == 0 || op == 1) {  // add (twice as often as the rest)
      const std::string word = in.ConsumeRandomLengthString(24);
      const bool fresh = !word.empty() && model.count(word) == 0;
      const AddOutcome outcome = set.add(word);
      require((outcome == AddOutcome::invalid) == word.empty());
      if (outcome == AddOutcome::full) {  // refused: nothing changes
        require(fresh && set.params().variant == Variant::cuckoo && !set.contains_word(word));
        check_model(set, model);
        continue;
      }
      require((outcome == AddOutcome::added) == fresh);
      if (fresh) model.insert(word);
      if (fresh) require(set.filter().contains(word));
      continue;            // the whole model is checked after the operations that can lose a word
    } else if (op == 2) {  // remove a member (counting) or try one (any variant)
      if (model.empty()) continue;
      auto it = model.begin();
      std::advance(it, in.ConsumeIntegralInRange<size_t>(0, model.size() - 1));
      const std::string word = *it;
      const Result<bool> removed = set.remove(word);
      require(removed.ok() == variant_ops(set.params().variant).can_remove);
      if (removed.ok()) model.erase(word);
    } else if (op == 3) {  // query any word
      const std::string word = in.ConsumeRandomLengthString(24);
      const Explained e = set.explain(word);
      require(e.is_member == (model.count(word) == 1));
      // k positions in one array; a filter that grows has k_j in each of its stages.
      // A cuckoo filter's are the 2·b slots of its two buckets.
      if (variant_ops(set.params().variant).grows)
        require(!e.positions.empty() && e.positions.size() <= kMaxPositions);
      else if (set.params().variant == Variant::cuckoo)
        require(e.positions.size() == 2 * set.params().cuckoo.bucket_size);
      else if (set.params().variant == Variant::binary_fuse)  // three slots, whose XOR answers
        require(e.positions.size() == 3 && e.xor_place &&
                (e.verdict == Verdict::possibly) ==
                    (e.xor_place->slots_xor == e.xor_place->fingerprint && !model.empty()));
      else
        require(e.positions.size() == set.params().k);
      if (e.is_member) require(e.verdict == Verdict::possibly);
      // Removing a non-member is refused and changes nothing.
      if (!e.is_member && variant_ops(set.params().variant).can_remove) {
        const uint64_t bits = set.filter().bits_set();
        require(!set.remove(word).ok());
        require(set.filter().bits_set() == bits);
      }
      require(!e.sentence().empty());
    } else if (op == 4) {  // new parameters: rebuilt from the same words
      // Refused only when the words do not fit (a cuckoo filter too small): nothing changes.
      const FilterParams before = set.params();
      const std::optional<Error> refused = set.set_params(consume_params(in));
      if (refused) require(refused->code == ErrorCode::words_do_not_fit && set.params() == before);
    } else {
      set.clear();
      model.clear();
    }
    check_model(set, model);
  }
  check_model(set, model);
  return 0;
}
