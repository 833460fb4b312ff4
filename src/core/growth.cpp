#include "growth.h"

#include <algorithm>
#include <cmath>

#include "hashing.h"
#include "theory.h"
#include "zero_steps.h"

namespace bloomlab {
namespace {

// The i of w = "probe-<i>" written as probe_string(i) writes it (no leading zero), if i < probes;
// else probes (w is no probe queried).
uint64_t probe_number(const std::string& w, uint64_t probes) {
  if (w.size() < 7 || w.size() > 25 || w.compare(0, 6, "probe-") != 0) return probes;
  const std::string_view digits = std::string_view(w).substr(6);
  if (digits.size() > 1 && digits[0] == '0') return probes;
  uint64_t i = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return probes;
    i = i * 10 + uint64_t(c - '0');
  }
  return std::min(i, probes);
}

// "probe-41" -> "probe-42", "probe-99" -> "probe-100": the next probe string in place
// (std::to_string in wasm's libc++ goes through snprintf: a third of the curve's time).
void next_probe(std::string& probe) {
  size_t i = probe.size();
  while (i > 6 && probe[i - 1] == '9') probe[--i] = '0';
  if (i > 6)
    ++probe[i - 1];
  else
    probe.insert(probe.begin() + 6, '1');
}

}  // namespace

std::vector<uint64_t> growth_checkpoints(uint64_t words, uint32_t points) {
  std::vector<uint64_t> out;
  const uint64_t count = std::max<uint64_t>(2, points);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t n = uint64_t(std::llround(double(i) * double(words) / double(count - 1)));
    if (out.empty() || n > out.back()) out.push_back(std::min(n, words));
  }
  return out;
}

double design_n(const FilterParams& p) {
  if (variant_ops(p.variant).sizes_itself) return std::nan("");
  return double(p.m) * std::log(2.0) / double(std::max<uint32_t>(p.k, 1));
}

GrowthRun::GrowthRun(const FilterParams& p, const GrowthOptions& o) : params_(p), options_(o) {}

GrowthPoint GrowthRun::point(uint64_t n, uint64_t bits_set, uint64_t fp, uint64_t queried) const {
  GrowthPoint g;
  g.n = n;
  g.bits_set = bits_set;
  g.false_positives = fp;
  g.probes = queried;
  g.measured = queried ? double(fp) / double(queried) : 0;
  g.theory = theoretical_fp_rate(params_, double(n));
  g.fill = double(bits_set) / double(filter_ ? filter_->bit_count() : params_.m);
  g.expected_fill = expected_fill_share(params_, double(n));
  return g;
}

void GrowthRun::note_probe_word(const std::string& w, uint64_t index) {
  const uint64_t i = probe_number(w, options_.probes);
  if (i >= options_.probes) return;
  if (probe_member_.empty()) probe_member_.assign(size_t(options_.probes), 0);
  probe_member_[size_t(i)] = uint32_t(index + 1);
}

GrowthPoint GrowthRun::at(uint64_t n) const {
  if (!done()) return point(n, 0, 0, 0);
  const size_t i = size_t(std::min(n, words_));
  if (by_time_) return point(i, set_by_[i], uint64_t(fp_diff_[i]), options_.probes - skipped_by_[i]);
  n = i;
  GrowthPoint best;
  for (const GrowthPoint& g : points_)
    if (g.n <= n) best = g;
  return best;
}

double GrowthRun::progress() const {
  if (phase_ == Phase::done) return 1;
  return std::min(0.99, work_done_ / work_total_);
}

bool GrowthRun::advance(const std::vector<std::string>& words, uint64_t work) {
  uint64_t budget = work;
  auto spend = [&](uint64_t cost) { return spend_work(budget, work_done_, cost); };
  const uint32_t k = params_.k;
  uint64_t pos[kMaxPositions];
  while (phase_ != Phase::done) {
    switch (phase_) {
      case Phase::start: {
        words_ = words.size();
        checkpoints_ = growth_checkpoints(words_, options_.points);
        if (validate(params_)) {  // no filter to grow
          phase_ = Phase::done;
          return false;
        }
        // The one-pass way needs each word's bits fixed by the word alone: not a filter that
        // grows (a word's stage depends on when it came) nor one of fingerprints (kicks move them).
        const VariantOps& ops = variant_ops(params_.variant);
        by_time_ = options_.by_first_set_time && params_.m <= kGrowthTimeBits && !ops.grows &&
                   !holds_fingerprints(ops);
        i_ = 0;
        if (by_time_) {
          work_total_ = double(words_ + options_.probes) * k + double(words_);
          phase_ = Phase::allocate;
        } else {
          Result<Filter> f = Filter::create(params_);
          if (!f.ok()) {
            phase_ = Phase::done;
            return false;
          }
          filter_.emplace(std::move(*f));
          work_total_ = double(words_) * (k + 1) + double(checkpoints_.size() * options_.probes) * k;
          next_checkpoint_ = 0;
          phase_ = Phase::cp_members;
        }
        break;
      }
      case Phase::cp_members:  // which probes are words, and from which prefix on they are skipped
        while (i_ < words_) {  // in steps: a million words took 20 ms natively, in one frame
          note_probe_word(words[size_t(i_)], i_);
          ++i_;
          if (!spend(1) && i_ < words_) return true;
        }
        i_ = 0;
        phase_ = Phase::cp_query;  // n = 0 first
        break;
      case Phase::allocate: {
        // Reserved whole, then zeroed 1 MB a step (m = 10^7 bits: 40 MB for first_set_ alone):
        // a step of 4 MB was ~10 ms of page faults, and a slice of 6 ms took two of them.
        constexpr size_t kZeroBytes = size_t{1} << 20;
        const auto zero = [&](auto& v, uint64_t n) { return zero_in_steps(v, size_t(n), kZeroBytes); };
        const bool ready = zero(first_set_, params_.m) && zero(set_by_, words_ + 1) &&
                           zero(skipped_by_, words_ + 1) && zero(fp_diff_, words_ + 1);
        if (ready) phase_ = Phase::words;
        return true;  // the caller looks at the clock between the steps
      }
      case Phase::words:
        while (i_ < words_) {
          const std::string& w = words[size_t(i_)];
          const uint64_t t = ++i_;  // this word is in once the first t are
          const size_t count = filter_positions(params_, w, fnv1a64(w), pos);
          for (size_t j = 0; j < count; ++j) {
            uint32_t& first = first_set_[size_t(pos[j])];
            if (first == 0) {
              first = uint32_t(t);
              ++set_by_[size_t(t)];
            }
          }
          note_probe_word(w, t - 1);
          if (!spend(k) && i_ < words_) return true;
        }
        i_ = 0;
        phase_ = Phase::probes;
        break;
      case Phase::probes:
        while (i_ < options_.probes) {
          if (i_++ > 0) next_probe(probe_);
          const std::string& probe = probe_;
          const size_t count = filter_positions(params_, probe, fnv1a64(probe), pos);
          uint64_t t = 0;  // the probe answers "maybe" once the first t words are in
          for (size_t j = 0; j < count && t != UINT64_MAX; ++j) {
            const uint32_t first = first_set_[size_t(pos[j])];
            t = first == 0 ? UINT64_MAX : std::max<uint64_t>(t, first);
          }
          // skipped from the prefix of `member` words on
          const uint64_t member = probe_member_.empty() ? 0 : probe_member_[size_t(i_ - 1)];
          if (member) ++skipped_by_[size_t(member)];
          if (t != UINT64_MAX) {
            ++fp_diff_[size_t(t)];
            if (member) --fp_diff_[size_t(member)];  // t <= member: its own word sets its bits
          }
          if (!spend(k) && i_ < options_.probes) return true;
        }
        phase_ = Phase::finish;
        break;
      case Phase::finish: {
        for (size_t n = 1; n <= words_; ++n) {
          set_by_[n] += set_by_[n - 1];
          skipped_by_[n] += skipped_by_[n - 1];
          fp_diff_[n] += fp_diff_[n - 1];
        }
        spend(words_);
        first_set_ = std::vector<uint32_t>();
        phase_ = Phase::done;
        for (uint64_t n : checkpoints_) points_.push_back(at(n));
        break;
      }
      case Phase::cp_insert: {
        const uint64_t target = checkpoints_[next_checkpoint_];
        if (filter_->ops().rebuilt_on_add && i_ < target) {  // built once per checkpoint, not per word
          std::vector<uint64_t> h;
          h.reserve(size_t(target - i_));
          for (uint64_t at = i_; at < target; ++at) h.push_back(fnv1a64(words[size_t(at)]));
          filter_->add_many(&words[size_t(i_)], h.data(), h.size());
          (void)spend((target - i_) * k);
          i_ = target;
        }
        while (i_ < target) {
          const std::string& w = words[size_t(i_++)];
          filter_->add(w);
          if (!spend(k) && i_ < target) return true;
        }
        phase_ = Phase::cp_query;
        break;
      }
      case Phase::cp_query: {
        uint64_t& j = cp_queried_;  // probes done at this checkpoint
        const uint64_t n = checkpoints_[next_checkpoint_];
        while (j < options_.probes) {
          if (j++ > 0) next_probe(probe_);
          const uint64_t member = probe_member_.empty() ? 0 : probe_member_[size_t(j - 1)];
          if (member == 0 || member > n) cp_fp_ += filter_->contains(probe_);
          if (!spend(k) && j < options_.probes) return true;
        }
        uint64_t skipped = 0;  // the probes among the first n words
        for (uint32_t member : probe_member_) skipped += member != 0 && member <= n;
        points_.push_back(point(n, filter_->bits_set(), cp_fp_, options_.probes - skipped));
        cp_fp_ = 0;
        j = 0;
        probe_ = "probe-0";
        if (++next_checkpoint_ >= checkpoints_.size()) {
          filter_.reset();
          phase_ = Phase::done;
          break;
        }
        phase_ = Phase::cp_insert;
        break;
      }
      case Phase::done: break;
    }
  }
  return false;
}

std::vector<GrowthPoint> growth(const FilterParams& p, const std::vector<std::string>& words,
                                const GrowthOptions& o) {
  GrowthRun run(p, o);
  while (run.advance(words, UINT64_MAX)) {
  }
  return run.points();
}

}  // namespace bloomlab
