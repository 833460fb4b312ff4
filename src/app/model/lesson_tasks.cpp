// The task checkers (the table in assets/lessons/FORMAT.md). Each judges an answer against the
// filter as it is now, with the core's own functions; the feedback is an Outcome (its code and
// numbers; outcome_text.cpp words it).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>

#include "actions.h"
#include "core/experiment.h"
#include "core/parse.h"
#include "core/theory.h"
#include "format.h"
#include "i18n.h"
#include "lessons.h"

namespace bloomlab::app {
namespace {

Outcome right(Code c, std::vector<std::string> args = {}) { return Outcome{c, std::move(args), false}; }
Outcome wrong(Code c, std::vector<std::string> args = {}) { return Outcome{c, std::move(args), true}; }

// A number typed by a student: "0.82%" is a percentage, "0.0082" a fraction when `percent` is
// false; with `percent` (the lesson's answer box says %) a plain number is a percentage too.
std::optional<double> parse_number(std::string text, bool percent) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  std::replace(text.begin(), text.end(), ',', '.');
  bool had_percent = false;
  if (!text.empty() && text.back() == '%') {
    had_percent = true;
    text.pop_back();
  }
  const std::optional<double> v = parse_real(text);  // as every door reads a number (core/parse.h)
  if (!v) return std::nullopt;
  return had_percent || percent ? *v / 100 : *v;
}

// The answer's number: given as a number (the JS API), or typed in the box.
std::optional<double> answer_number(const LessonAnswer& a, bool percent, Outcome* bad) {
  if (a.number) return *a.number;
  if (a.text.empty()) {
    *bad = wrong(Code::task_answer_empty);
    return std::nullopt;
  }
  auto v = parse_number(a.text, percent);
  if (!v) *bad = wrong(Code::task_number_invalid, {a.text});
  return v;
}

std::string joined(const std::vector<std::string>& words, size_t max = 4) {
  std::string out;
  for (size_t i = 0; i < words.size() && i < max; ++i)
    out += (i ? ", " : "") + in_quotes(display_text(words[i], 30));
  if (words.size() > max) out += fill(tr(" and %s more"), {std::to_string(words.size() - max)});
  return out;
}

std::string integer(double v) { return std::to_string(int64_t(std::llround(v))); }

Outcome check_false_positive(const AppState& s, const LessonTask& t, const LessonAnswer& a) {
  const std::string& w = a.text;
  if (w.empty()) return wrong(Code::task_answer_empty);
  for (const std::string& x : t.exclude)
    if (x == w) return wrong(Code::task_fp_excluded, {w});
  if (s.set.contains_word(w)) return wrong(Code::task_fp_member, {w});
  const Explained e = s.set.explain(w);
  if (e.verdict == Verdict::definitely_not)
    return wrong(Code::task_fp_no, {w, e.zero_bits.empty() ? "" : std::to_string(e.zero_bits.front())});
  return right(Code::task_fp_right, {w, joined(e.culprits)});
}

Outcome check_choice(const LessonTask& t, const LessonAnswer& a) {
  size_t index = t.options.size();
  if (a.number && *a.number >= 1 && *a.number <= double(t.options.size()) &&
      std::floor(*a.number) == *a.number)
    index = size_t(*a.number) - 1;
  for (size_t i = 0; i < t.options.size() && index == t.options.size(); ++i)
    if (t.options[i] == a.text) index = i;
  if (index == t.options.size())
    return wrong(Code::task_choice_invalid, {a.number ? integer(*a.number) : a.text});
  return t.right[index] ? right(Code::task_choice_right, {t.options[index]})
                        : wrong(Code::task_choice_wrong, {t.options[index]});
}

// The usual slips on the way from the fill to the error, each named by its own feedback rather
// than "too low": the fill itself, (1 − fill)^k (the share of zero bits), k · fill (the chances
// added, not multiplied), and a fraction where a percentage belongs or the reverse (100 times
// off). `typed`: the answer came from the box, which takes a percentage.
std::optional<Outcome> predict_slip(const AppState& s, double v, double expected, double tol, bool typed) {
  const auto near = [](double x, double target, double rel) {
    return std::fabs(x - target) <= rel * std::fabs(target);
  };
  const std::string yours = format_rate(v);
  // The slips' values come from the theory's fill (the standard and counting filters' formula).
  const FilterParams p = s.set.params();
  const bool standard = variant_ops(p.variant).has_exact_theory;
  const double n = double(s.set.words().size());
  if (standard && n > 0) {
    const double fill = 1 - std::exp(-double(p.k) * n / double(p.m));
    const double zeros = std::pow(1 - fill, double(p.k));
    // Near the best k the fill is about 1/2, and (1 − fill)^k lies close to the right value:
    // named before "right" when it is clearly apart from it, in a window narrower than the gap.
    if (near(v, zeros, 0.02) && !near(zeros, expected, 0.04) && !near(v, expected, 0.02))
      return wrong(Code::task_predict_complement, {yours});
    if (std::fabs(v - expected) <= tol + 1e-12) return std::nullopt;
    for (double x : {v, v * 100}) {  // as typed, and a fraction typed into the percent box
      if (near(x, fill, 0.03)) return wrong(Code::task_predict_fill, {yours});
      if (near(x, double(p.k) * fill, 0.03)) return wrong(Code::task_predict_k_times, {yours});
      if (near(x, zeros, 0.02)) return wrong(Code::task_predict_complement, {yours});
    }
  } else if (std::fabs(v - expected) <= tol + 1e-12) {
    return std::nullopt;
  }
  if (std::fabs(v * 100 - expected) <= tol) return wrong(Code::task_predict_unit, {yours, "fraction"});
  if (std::fabs(v / 100 - expected) <= tol)
    return wrong(Code::task_predict_unit, {yours, typed ? "typed" : "percent"});
  return std::nullopt;
}

Outcome check_predict(AppState& s, const LessonTask& t, const LessonAnswer& a) {
  Outcome bad;
  const auto v = answer_number(a, true, &bad);
  if (!v) return bad;
  double expected;
  if (t.expect_measured) {
    if (!(s.measurement && s.measurement_version == s.version)) s.measurement = measure(s.set, s.probes);
    s.measurement_version = s.version;
    expected = s.measurement->measured_rate;
  } else {
    expected = theoretical_fp_rate(s.set.params(), double(s.set.words().size()));
  }
  const double tol = t.tolerance >= 0 ? t.tolerance : 0.001;
  if (auto slip = predict_slip(s, *v, expected, tol, !a.number)) return *slip;
  if (std::fabs(*v - expected) <= tol + 1e-12)
    return right(Code::task_predict_right,
                 {format_rate(*v), format_rate(expected), t.expect_measured ? "measured" : "theory"});
  return wrong(Code::task_predict_wrong, {format_rate(*v), *v < expected ? "higher" : "lower"});
}

// The measured FP at each k = 1..24 at the current m over the current words (index k - 1).
std::vector<double> measured_by_k(const AppState& s) {
  const FilterParams p = s.set.params();
  const uint64_t n = s.set.words().size();
  std::vector<double> out;
  if (p.variant == FilterParams{}.variant && p.scheme == Scheme::reference && n > 0 && p.m % n == 0 &&
      p.m / n <= 64) {
    SweepGrid g;  // every word and probe hashed once (the sweep's results equal measure()'s)
    g.bits_per_item_min = g.bits_per_item_max = uint32_t(p.m / n);
    g.k_min = 1;
    g.k_max = 24;
    g.probes = s.probes;
    for (const Measurement& r : sweep(s.set.words(), g)) out.push_back(r.measured_rate);
    if (out.size() == 24) return out;
    out.clear();
  }
  for (uint32_t k = 1; k <= 24; ++k) {
    FilterParams q = p;
    q.k = k;
    auto set = WordSet::create(q);
    if (!set) return {};
    WordSet w = std::move(set.value());
    w.add_all(s.set.words());
    out.push_back(measure(w, s.probes).measured_rate);
  }
  return out;
}

Outcome check_best_k(const AppState& s, const LessonTask& t, const LessonAnswer& a) {
  Outcome bad;
  const auto v = answer_number(a, false, &bad);
  if (!v) return bad;
  if (*v < 1 || *v > 24 || std::floor(*v) != *v) return wrong(Code::task_number_invalid, {integer(*v)});
  const std::vector<double> fp = measured_by_k(s);
  if (fp.empty()) return wrong(Code::task_list_loading);
  const size_t best = size_t(std::min_element(fp.begin(), fp.end()) - fp.begin());
  const size_t k = size_t(*v);
  const double tol = t.tolerance >= 0 ? t.tolerance : 0.05;
  if (fp[k - 1] <= fp[best] * (1 + tol) + 1e-12)
    return right(Code::task_bestk_right, {std::to_string(k), format_rate(fp[k - 1]), std::to_string(best + 1),
                                          format_rate(fp[best])});
  return wrong(Code::task_bestk_wrong, {std::to_string(k), format_rate(fp[k - 1])});
}

// How far a wrong m is, in words that say the direction and the size of the miss but not the
// gap itself (a percentage would let the reader solve back for m): within 10%, within a factor
// of 2, or beyond.
const char* miss_size(double ratio) {
  const double r = ratio >= 1 ? ratio : 1 / ratio;
  return r <= 1.1 ? "slightly" : r <= 2 ? "clearly" : "far";
}

Outcome check_sizing(const AppState& s, const LessonTask& t, const LessonAnswer& a) {
  const double m = a.m ? *a.m : double(s.set.params().m);
  const double k = a.k ? *a.k : double(s.set.params().k);
  const double ln2 = std::log(2.0);
  const double ideal = -t.n * std::log(t.p) / (ln2 * ln2);
  const double tol = t.tolerance >= 0 ? t.tolerance : 0.01;
  const auto near = [&](double x, double target) { return std::fabs(x - target) <= tol * target; };
  if (!near(m, ideal)) {
    // The usual slips, each named: m and k swapped, the size in bytes, log10 for ln (in the
    // numerator, or everywhere), ln 2 not squared.
    if (near(k, ideal)) return wrong(Code::task_sizing_swapped, {integer(m), integer(k)});
    if (near(m * 8, ideal)) return wrong(Code::task_sizing_bytes, {integer(m)});
    const double log10p = -std::log10(t.p), log10_2 = std::log10(2.0);
    if (near(m, t.n * log10p / (ln2 * ln2)) || near(m, t.n * log10p / (log10_2 * log10_2)))
      return wrong(Code::task_sizing_log10, {integer(m)});
    if (near(m, -t.n * std::log(t.p) / ln2)) return wrong(Code::task_sizing_not_squared, {integer(m)});
    return wrong(Code::task_sizing_m_wrong,
                 {integer(m), m > ideal ? "larger" : "smaller", miss_size(m / ideal)});
  }
  const uint32_t best = theory::optimal_k(m, t.n);
  if (std::floor(k) != k) return wrong(Code::task_sizing_k_fraction, {format_decimal(k, 2)});
  // The nearest whole numbers to (m/n)·ln 2 both count when their error is the same to 0.1%.
  const double fp_best = theory::standard_fp_rate(t.n, m, best);
  const bool ok = k >= 1 && (uint32_t(k) == best || theory::standard_fp_rate(t.n, m, k) <= fp_best * 1.001);
  if (!ok && k == std::floor(m / t.n * ln2) && k < best)  // cut down, not rounded
    return wrong(Code::task_sizing_k_down, {integer(k)});
  if (!ok) return wrong(Code::task_sizing_k_wrong, {integer(k), integer(m)});
  return right(Code::task_sizing_right, {integer(m), integer(k), with_commas(uint64_t(std::ceil(ideal)))});
}

Outcome check_labels(AppState& s, const LessonAnswer& a) {
  std::vector<Candidate>& cands = s.lessons.task.candidates;
  for (const auto& [word, in_list] : a.labels)
    for (Candidate& c : cands)
      if (c.word == word) c.label = in_list ? 1 : 0;
  size_t missing = 0, correct = 0;
  for (const Candidate& c : cands) {
    if (c.label < 0)
      ++missing;
    else if ((c.label == 1) == c.member)
      ++correct;
  }
  if (cands.empty()) return wrong(Code::task_list_loading);
  if (missing) return wrong(Code::task_labels_missing, {std::to_string(missing)});
  if (correct == cands.size()) return right(Code::task_labels_right, {std::to_string(cands.size())});
  return wrong(Code::task_labels_wrong, {std::to_string(correct), std::to_string(cands.size())});
}

Outcome check_remove(AppState& s, Host& host, const LessonAnswer& a) {
  const std::string& w = a.text;
  if (w.empty()) return wrong(Code::task_answer_empty);
  if (!s.set.filter().ops().can_remove) return wrong(Code::task_remove_variant);
  if (s.set.contains_word(w)) {  // remove it now, through the door (undo brings it back)
    const Outcome o = apply(s, host, act::RemoveWord{w});
    if (o.code != Code::word_removed) return wrong(Code::task_remove_absent, {w});
  } else {
    // Already removed by the student? Then it was in the words once: undo's history knows.
    bool removed = false;
    for (const Change& c : s.history.undo) removed |= c.kind == ChangeKind::remove_word && c.removed == w;
    if (!removed) return wrong(Code::task_remove_absent, {w});
  }
  std::vector<std::string> broken;
  for (const std::string& other : s.set.words())
    if (!s.set.filter().contains(other)) broken.push_back(other);
  if (!broken.empty()) return wrong(Code::task_remove_broke, {w, joined(broken)});
  return right(Code::task_remove_right, {w, std::to_string(s.set.words().size())});
}

// FORMAT.md's simulation: the words dealt round-robin into `files` files, each with a filter of
// m / files bits and the current k; `lookups` absent keys asked of every file. Nothing when the
// files' filters cannot be built (the answer was compared with 0 then).
std::optional<uint64_t> simulated_reads(const AppState& s, const LessonTask& t) {
  FilterParams p = s.set.params();
  p.m = std::max<uint64_t>(1, p.m / t.files);
  std::vector<Filter> files;
  for (uint32_t i = 0; i < t.files; ++i) {
    auto f = Filter::create(p);
    if (!f) return std::nullopt;
    files.push_back(std::move(f.value()));
  }
  const auto& words = s.set.words();
  for (size_t i = 0; i < words.size(); ++i) files[i % t.files].add(words[i]);
  uint64_t reads = 0;
  for (uint64_t i = 0; i < t.lookups; ++i) {
    const std::string key = "absent-" + std::to_string(i);
    if (s.set.contains_word(key)) continue;
    for (const Filter& f : files) reads += f.contains(key) ? 1 : 0;
  }
  return reads;
}

Outcome check_reads(const AppState& s, const LessonTask& t, const LessonAnswer& a) {
  Outcome bad;
  const auto v = answer_number(a, false, &bad);
  if (!v) return bad;
  const std::optional<uint64_t> reads = simulated_reads(s, t);
  if (!reads) {
    FilterParams p = s.set.params();
    return wrong(Code::task_reads_unavailable,
                 {std::to_string(std::max<uint64_t>(1, p.m / t.files)), std::to_string(t.files)});
  }
  const double sim = double(*reads);
  const double tol = t.tolerance >= 0 ? t.tolerance : 0.25;
  if (std::fabs(*v - sim) <= tol * std::max(sim, 1.0))
    return right(Code::task_reads_right,
                 {integer(*v), integer(sim), std::to_string(uint64_t(t.files) * t.lookups)});
  return wrong(Code::task_reads_wrong, {integer(*v), *v < sim ? "higher" : "lower"});
}

// Password-like words for the false-or-real exercise: a syllable or two and a few digits.
std::string made_up_word(std::mt19937_64& rng) {
  static const char* const parts[] = {"sun",   "moon",  "star",   "blue",  "red",   "cat",  "dog",
                                      "fox",   "king",  "love",   "rock",  "ice",   "fire", "tiger",
                                      "angel", "magic", "happy",  "lucky", "super", "cool", "baby",
                                      "dark",  "gold",  "silver", "ninja"};
  const size_t np = std::size(parts);
  std::string w = parts[rng() % np];
  if (rng() % 2) w += parts[rng() % np];
  const int digits = int(rng() % 4);
  for (int i = 0; i < digits; ++i) w += char('0' + rng() % 10);
  return w;
}

}  // namespace

Outcome check_answer(AppState& s, Host& host, const LessonTask& t, const LessonAnswer& a) {
  if (s.pending.active() || s.password_list_loading) return wrong(Code::task_list_loading);
  switch (t.kind) {
    case TaskKind::none: return wrong(Code::task_no_task);
    case TaskKind::false_positive: return check_false_positive(s, t, a);
    case TaskKind::choice: return check_choice(t, a);
    case TaskKind::predict: return check_predict(s, t, a);
    case TaskKind::best_k: return check_best_k(s, t, a);
    case TaskKind::sizing: return check_sizing(s, t, a);
    case TaskKind::false_or_real: return check_labels(s, a);
    case TaskKind::remove_safely: return check_remove(s, host, a);
    case TaskKind::reads: return check_reads(s, t, a);
  }
  return wrong(Code::task_no_task);
}

void draw_candidates(AppState& s, const LessonTask& t) {
  std::vector<Candidate>& out = s.lessons.task.candidates;
  out.clear();
  const auto& words = s.set.words();
  if (words.empty()) return;
  const uint64_t seed = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                        (++s.lessons.draws * 0x9E3779B97F4A7C15ull);
  std::mt19937_64 rng(seed);
  const size_t third = t.candidates / 3;
  std::vector<Candidate> members, fps, negatives;
  for (size_t tries = 0; members.size() < third && tries < 1000; ++tries) {
    const std::string& w = words[rng() % words.size()];
    if (std::none_of(members.begin(), members.end(), [&](const Candidate& c) { return c.word == w; }))
      members.push_back({w, true});
  }
  for (size_t tries = 0; (fps.size() < third || negatives.size() < third) && tries < 200000; ++tries) {
    const std::string w = made_up_word(rng);
    if (s.set.contains_word(w)) continue;
    auto& bucket = s.set.filter().contains(w) ? fps : negatives;
    if (bucket.size() < third &&
        std::none_of(bucket.begin(), bucket.end(), [&](const Candidate& c) { return c.word == w; }))
      bucket.push_back({w, false});
  }
  for (auto* b : {&members, &fps, &negatives}) out.insert(out.end(), b->begin(), b->end());
  std::shuffle(out.begin(), out.end(), rng);
}

}  // namespace bloomlab::app
