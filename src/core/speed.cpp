#include "speed.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "hash_detail.h"

namespace bloomlab {
namespace {

using Clock = std::chrono::steady_clock;

// The measurement's own steps are bookkeeping around the calls it times (Filter::add, contains and
// contains_many, compiled for speed in their files): in the web tree, where the core is compiled
// -O2, they are made for size (clang's minsize: -2.7 KB of the download).
#if defined(__clang__)
#define BLOOMLAB_MINSIZE __attribute__((minsize))
#else
#define BLOOMLAB_MINSIZE
#endif
constexpr size_t kWordBytes = 13;  // "p" or "a" and 12 hexadecimal digits
constexpr double kPieceNs = 2e6;   // a timed piece: ~2 ms (a coarse browser clock still reads it)
constexpr uint64_t kMinPiece = 1024, kMaxPiece = 1 << 18;
constexpr size_t kFilters = 3;          // standard, blocked, cuckoo (Filters); then the binary fuse
constexpr double kFuseWorkPerWord = 4;  // its build, against one add
static_assert(size_t(FamilyKind::binary_fuse) == kFilters, "the cells' index is the row's kind");

// The cuckoo filter of a size: f = 12, b = 4, the largest power of two of buckets whose slots
// take no more memory than the Bloom filters' m bits (a slot is kept in 32 bits: at 2^28, 32 MiB,
// beyond the caches too), or the fewest that hold the size's words (core/family.h's sizing) if more.
CuckooParams speed_cuckoo(uint64_t m, uint64_t words) {
  CuckooParams p;
  p.fingerprint_bits = kSpeedCuckooBits;
  p.bucket_size = kFamilyCuckooBucket;
  uint64_t in_memory = 1;
  while (in_memory * 2 * p.bucket_size * 32 <= m && in_memory * 2 <= kCuckooMaxBuckets) in_memory *= 2;
  p.buckets = std::max(in_memory, cuckoo_buckets_for(words));
  return p;
}

double ns_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::nano>(b - a).count();
}

// count words: the letter and 12 hex digits of splitmix64(seed + i), end to end.
BLOOMLAB_MINSIZE std::string make_words(char letter, uint64_t seed, uint64_t count) {
  static const char kHex[] = "0123456789abcdef";
  std::string out(static_cast<size_t>(count) * kWordBytes, letter);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t x = detail::splitmix64(seed + i);
    char* w = &out[static_cast<size_t>(i) * kWordBytes];
    for (size_t d = kWordBytes - 1; d >= 1; --d, x >>= 4) w[d] = kHex[x & 15];
  }
  return out;
}

}  // namespace

SpeedRun::SpeedRun(const SpeedOptions& o) : options_(o) {
  options_.k = std::max<uint32_t>(1, o.k);
  options_.queries = std::max<uint64_t>(kBatch, o.queries);
  options_.rounds = std::max<uint32_t>(1, o.rounds);
  options_.big_words = std::max<uint64_t>(1, o.big_words);
}

std::string_view SpeedRun::word(bool present, uint64_t i) const {
  const std::string& all = present ? present_words_ : absent_words_;
  return std::string_view(all.data() + static_cast<size_t>(i) * kWordBytes, kWordBytes);
}

double SpeedRun::progress() const {
  if (phase_ == Phase::done) return 1;
  return std::min(1.0, work_done_ / work_total_);
}

const SpeedRow* SpeedRun::find(FamilyKind kind, uint64_t m, bool present, bool batch) const {
  for (const SpeedRow& r : rows_)
    if (r.kind == kind && r.m == m && r.present == present && r.batch == batch) return &r;
  return nullptr;
}

bool SpeedRun::advance(double budget_ms) {
  const auto start = Clock::now();
  while (step()) {
    if (budget_ms >= 0 && ns_between(start, Clock::now()) >= budget_ms * 1e6) return true;
  }
  return false;
}

BLOOMLAB_MINSIZE bool SpeedRun::step() {
  switch (phase_) {
    case Phase::start: {
      // The filter's own size, filled to its design n (half its bits set), and 2^28 bits.
      const double design = double(options_.m) * std::log(2.0) / double(options_.k);
      const uint64_t own = std::clamp<uint64_t>(uint64_t(std::llround(design)), 1, options_.big_words);
      sizes_.push_back(Size{options_.m, own, {}, nullptr});
      if (options_.out_of_cache && options_.m < kSpeedBigBits)
        sizes_.push_back(Size{kSpeedBigBits, options_.big_words, {}, nullptr});
      work_total_ = 1;
      for (const Size& size : sizes_)
        work_total_ += (kFilters + kFuseWorkPerWord) * double(size.words) + 3.0 * double(size.m / 64 / 1024);
      phase_ = Phase::filters;
      return true;
    }
    case Phase::filters: {  // one filter a step: a 32 MiB one takes a few ms to clear
      for (size_t i = 0; i < sizes_.size(); ++i) {
        Size& size = sizes_[i];
        if (size.filters.size() == kFilters) continue;
        static constexpr Variant kVariants[kFilters] = {Variant::standard, Variant::blocked, Variant::cuckoo};
        FilterParams params{size.m, options_.k, kVariants[size.filters.size()], Scheme::reference};
        params.cuckoo = speed_cuckoo(size.m, size.words);
        Result<Filter> f = Filter::create(params);
        if (!f.ok()) {  // no memory for it: the sizes measured are the ones before
          skipped_ = f.failure();
          sizes_.resize(i);
          break;
        }
        size.filters.push_back(std::move(*f));
        work_done_ += double(size.m / 64 / 1024);
        return true;
      }
      for (const Size& size : sizes_) present_needed_ = std::max(present_needed_, size.words);
      present_words_.reserve(static_cast<size_t>(present_needed_ * kWordBytes));
      absent_words_.reserve(static_cast<size_t>(options_.queries * kWordBytes));
      for (size_t sz = 0; sz < sizes_.size(); ++sz)
        for (size_t v = 0; v < kFilters + 1; ++v)  // the binary fuse filter last
          for (bool present : {true, false})
            for (bool batch : {false, true}) cells_.push_back(Cell{sz, v, present, batch});
      work_total_ += double(options_.rounds) * double(cells_.size()) * double(options_.queries) +
                     double(present_needed_ + options_.queries) / 4;
      phase_ = sizes_.empty() ? Phase::done : Phase::words;
      return phase_ != Phase::done;
    }
    case Phase::words: {  // 65,536 words a step
      uint64_t budget = 65536;
      const auto more = [&](std::string& into, char letter, uint64_t seed, uint64_t& made, uint64_t needed) {
        const uint64_t n = std::min(budget, needed - made);
        into += make_words(letter, seed + made, n);
        made += n;
        budget -= n;
        work_done_ += double(n) / 4;
      };
      more(present_words_, 'p', 0x5eed, present_made_, present_needed_);
      more(absent_words_, 'a', 0xab5e17, absent_made_, options_.queries);
      if (present_made_ == present_needed_ && absent_made_ == options_.queries) phase_ = Phase::fill;
      return true;
    }
    case Phase::fill: {
      Size& size = sizes_[fill_size_];
      if (fill_filter_ == kFilters) {  // the binary fuse filter: built from all the words in one step
        std::vector<uint64_t> hashes(static_cast<size_t>(size.words));
        for (uint64_t i = 0; i < size.words; ++i) hashes[size_t(i)] = fnv1a64(word(true, i));
        size.fuse = std::make_shared<const BinaryFuseFilter>(std::move(hashes), kSpeedFuseBits);
        work_done_ += kFuseWorkPerWord * double(size.words);
        fill_filter_ = 0;
        if (++fill_size_ == sizes_.size()) phase_ = Phase::measure;
        return true;
      }
      Filter& f = size.filters[fill_filter_];
      const uint64_t begin = next_, end = std::min(size.words, next_ + 16384);
      for (; next_ < end; ++next_) f.add(word(true, next_));
      work_done_ += double(end - begin);
      if (next_ == size.words) {
        next_ = 0;
        ++fill_filter_;  // after the last Filter: the binary fuse filter
      }
      return true;
    }
    case Phase::measure: {
      Cell& c = cells_[cell_];
      const Size& size = sizes_[c.size];
      const size_t n = static_cast<size_t>(std::min(piece_, options_.queries - next_));
      // The words of this piece, found before the clock starts.
      std::vector<std::string_view> views(n);
      const uint64_t pool = c.present ? size.words : options_.queries;
      for (size_t j = 0; j < n; ++j) views[j] = word(c.present, (next_ + j) % pool);
      std::vector<uint8_t> answers(c.batch ? static_cast<size_t>(n) : 0);
      uint64_t maybes = 0;
      const auto t0 = Clock::now();
      if (c.variant == kFilters) {
        if (c.batch)
          size.fuse->contains_many(views.data(), views.size(), answers.data());
        else
          for (std::string_view w : views) maybes += size.fuse->contains(w);
      } else if (c.batch) {
        size.filters[c.variant].contains_many(views.data(), views.size(), answers.data());
      } else {
        for (std::string_view w : views) maybes += size.filters[c.variant].contains(w);
      }
      const double ns = ns_between(t0, Clock::now());
      for (uint8_t a : answers) maybes += a;
      pass_ns_ += ns;
      pass_maybes_ += maybes;
      next_ += n;
      work_done_ += double(n);
      // The next piece ~2 ms (a clock that read 0 doubles it).
      const double scale = ns > 0 ? kPieceNs / ns : 2.0;
      piece_ = std::clamp<uint64_t>(uint64_t(double(piece_) * std::clamp(scale, 0.25, 4.0)), kMinPiece,
                                    kMaxPiece) &
               ~uint64_t{kBatch - 1};
      if (next_ == options_.queries) {
        const double per_query = pass_ns_ / double(options_.queries);
        if (per_query < c.best_ns) {
          c.best_ns = per_query;
          c.maybes = pass_maybes_;
        }
        next_ = 0;
        pass_ns_ = 0;
        pass_maybes_ = 0;
        if (++cell_ == cells_.size()) {
          cell_ = 0;
          if (++round_ == options_.rounds) {
            for (const Cell& done : cells_) {
              const Size& s = sizes_[done.size];
              const uint64_t bits =
                  done.variant == kFilters ? s.fuse->size_in_bits() : s.filters[done.variant].size_in_bits();
              rows_.push_back(SpeedRow{FamilyKind(done.variant), s.m, bits, s.words, done.present, done.batch,
                                       done.best_ns, done.maybes, options_.queries});
            }
            sizes_.clear();  // the filters (64 MiB at 2^28) and the words go
            present_words_ = std::string();
            absent_words_ = std::string();
            phase_ = Phase::done;
            return false;
          }
        }
      }
      return true;
    }
    case Phase::done: return false;
  }
  return false;
}

SpeedRun measure_speed(const SpeedOptions& o) {
  SpeedRun run(o);
  while (run.advance(-1)) {
  }
  return run;
}

}  // namespace bloomlab
