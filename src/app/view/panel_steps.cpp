// Step-through of one insert or query, for a class: the word → its bytes → the 64-bit hash h →
// h1, h2 → each position in turn → the bits. ← and → (or the buttons) move a step; the steps so
// far stay on screen, the current one is marked. Index:
//   panel_steps()   the card: Back / Next, the step counter, the steps up to the current one
//   step_line()     one step: a marker, a sentence, and the values in hex and decimal
#include <imgui_internal.h>  // PushItemFlag: buttons outside keyboard navigation

#include <algorithm>
#include <cstdio>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "core/filter.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr size_t kBytesShown = 24;

std::string hex64(uint64_t v) { return hex_text(v, 16); }
std::string hex32(uint64_t v) { return hex_text(v, 8); }

std::string bytes_hex(std::string_view bytes) {
  std::string out;
  char buf[4];
  for (size_t i = 0; i < bytes.size() && i < kBytesShown; ++i) {
    std::snprintf(buf, sizeof buf, "%02X", static_cast<unsigned char>(bytes[i]));
    out += (i ? " " : "") + std::string(buf);
  }
  if (bytes.size() > kBytesShown) out += " …";
  return out;
}

// Done steps in the normal text colour, the current one in the accent colour with a marker.
void step_line(AppState& s, int index, int current, const std::string& text) {
  if (index > current) return;
  s.steps.shown += text + "\n";
  const bool now = index == current;
  ImGui::PushStyleColor(ImGuiCol_Text, now ? palette().current : palette().text);
  ImGui::TextUnformatted(now ? "▶" : "•");
  ImGui::SameLine();
  text_wrapped(text.c_str());
  ImGui::PopStyleColor();
}

void add_steps(AppState& s, const PositionTrace::FingerprintTrace& c, int current);

// A cuckoo filter's steps after the hash (2 ..): the fingerprint, the two buckets, what each
// holds, the verdict; the current one marked, as the bit array's steps.
void fingerprint_steps(AppState& s, const PositionTrace& t, int current, const std::string& shown) {
  const PositionTrace::FingerprintTrace& c = t.fingerprint;
  const Filter& f = shown_set(s).filter();
  step_line(s, 2, current,
            fill(tr("fingerprint = ((h >> 32) mod (2^%s − 1)) + 1 = %s (never 0: 0 marks an empty slot)"),
                 {std::to_string(c.bits), hex32(c.fingerprint)}));
  step_line(
      s, 3, current,
      fill(tr("bucket i1 = (h & 0xffffffff) mod %s = %s"), {with_commas(c.buckets), with_commas(c.bucket1)}));
  step_line(s, 4, current,
            fill(tr("bucket i2 = (i1 XOR (fingerprint · 0x5bd1e995 mod 2^32)) mod %s = %s (and i2's other "
                    "bucket is i1 again)"),
                 {with_commas(c.buckets), with_commas(c.bucket2)}));
  bool found = false;
  for (int j = 0; j < 2; ++j) {
    const uint64_t bucket = j == 0 ? c.bucket1 : c.bucket2;
    std::string slots;
    bool here = false;
    for (unsigned i = 0; i < c.bucket_size; ++i) {
      const uint64_t fp = f.counter(bucket * c.bucket_size + i);
      slots += (i ? " " : "") + (fp ? hex_text(fp) : std::string("·"));
      here |= fp == c.fingerprint;
    }
    found |= here;
    step_line(s, 5 + j, current,
              fill(here ? tr("bucket %s holds %s: the fingerprint is there")
                        : tr("bucket %s holds %s: not the fingerprint"),
                   {with_commas(bucket), slots}));
  }
  // The victim slot of a full filter counts as well (CuckooFilter::contains).
  const bool possibly = f.contains(s.word_input);
  std::string verdict;
  if (possibly && shown_set(s).contains_word(s.word_input))
    verdict = fill(tr("%s is possibly in the set (it was added)."), {shown});
  else if (possibly)
    verdict = fill(tr("%s is possibly in the set — yet it was never added: another word left the same "
                      "fingerprint in one of its buckets, a false positive."),
                   {shown});
  else
    verdict = fill(tr("Neither bucket holds the fingerprint: %s is definitely not in the set."), {shown});
  if (possibly && !found)
    verdict = std::string(tr("The fingerprint waits in the victim slot.")) + " " + verdict;
  step_line(s, 7, current, verdict);
  add_steps(s, c, current);
}

// After the verdict, the word box's add foretold (actions::planned_add): where the fingerprint
// goes, or each kick (which fingerprint moves from which bucket to which), and how it ends.
void add_steps(AppState& s, const PositionTrace::FingerprintTrace& c, int current) {
  const actions::AddPlan plan = actions::planned_add(s);
  if (!plan.shown) return;
  int at = 8;
  if (plan.outcome == CuckooInsert::refused_full) {
    step_line(s, at, current,
              tr("To add it: the filter is full, so the add is refused and nothing changes."));
    return;
  }
  if (plan.kicks.empty()) {
    step_line(s, at, current,
              fill(tr("To add it: bucket %s has an empty slot, and %s goes there."),
                   {with_commas(plan.bucket), hex_text(c.fingerprint)}));
    return;
  }
  step_line(s, at++, current,
            fill(tr("To add it: buckets %s and %s are full, so %s takes a slot of one of them, and the "
                    "fingerprint that was there moves to its own other bucket."),
                 {with_commas(c.bucket1), with_commas(c.bucket2), hex_text(c.fingerprint)}));
  const size_t shown = std::min(plan.kicks.size(), actions::kMaxKickSteps);
  for (size_t i = 0; i < shown; ++i) {
    const CuckooKick& k = plan.kicks[i];
    // TRANSLATORS: kick 1: fingerprint 3f leaves slot 0 of bucket 6 for bucket 2.
    step_line(s, at++, current,
              fill(tr("kick %s: fingerprint %s leaves slot %s of bucket %s for bucket %s"),
                   {std::to_string(i + 1), hex_text(k.fingerprint), std::to_string(k.slot),
                    with_commas(k.from), with_commas(k.to)}));
  }
  if (plan.kicks.size() > shown) {
    const size_t more = plan.kicks.size() - shown;
    step_line(s, at++, current,
              fill(trn("… and %s more kick", "… and %s more kicks", more), {with_commas(more)}));
  }
  const size_t n = plan.kicks.size();
  step_line(
      s, at, current,
      plan.outcome == CuckooInsert::placed
          ? fill(trn("The last one moved lands in an empty slot of bucket %s: the add takes %s kick.",
                     "The last one moved lands in an empty slot of bucket %s: the add takes %s kicks.", n),
                 {with_commas(plan.kicks.back().to), with_commas(n)})
          : fill(trn("After %s kick, fingerprint %s has no slot: it waits in the victim slot, and the "
                     "filter is full.",
                     "After %s kicks, fingerprint %s has no slot: it waits in the victim slot, and the "
                     "filter is full.",
                     n),
                 {with_commas(n), hex_text(plan.kicks.back().fingerprint)}));
}

}  // namespace

// The steps read the filter's trace() (trace_positions, the function its own positions come
// from), so they show what this filter does for any variant and scheme.
// A binary fuse filter's steps after the hash (2 ..): h mixed with the build's seed, the
// fingerprint, each of the three slots and its value, the XOR and the verdict.
void fuse_steps(AppState& s, const PositionTrace& t, int current, const std::string& shown) {
  const PositionTrace::FuseTrace& u = t.fuse;
  step_line(s, 2, current,
            fill(tr("x = murmur64(h + seed) = %s, with the seed %s that this build peeled with; a segment's "
                    "length: %s"),
                 {hex64(u.mixed), hex64(u.seed), with_commas(u.segment_length)}));
  step_line(s, 3, current,
            fill(tr("fingerprint = (x XOR (x >> 32)) mod 2^%s = %s"),
                 {std::to_string(u.bits), hex_text(u.fingerprint)}));
  for (int i = 0; i < 3 && size_t(i) < t.positions.size(); ++i)
    step_line(
        s, 4 + i, current,
        fill(
            i == 0   ? tr("slot 1, from x's high bits (in slots 0 … %s): %s, holding %s")
            : i == 1 ? tr("slot 2, in the next segment: %s, holding %s")
                     : tr("slot 3, in the segment after: %s, holding %s"),
            i == 0
                ? std::initializer_list<std::string_view>{with_commas(u.segment_count * u.segment_length - 1),
                                                          with_commas(t.positions[0]), hex_text(u.values[0])}
                : std::initializer_list<std::string_view>{with_commas(t.positions[size_t(i)]),
                                                          hex_text(u.values[i])}));
  const uint32_t x = u.values[0] ^ u.values[1] ^ u.values[2];
  std::string verdict = fill(tr("%s XOR %s XOR %s = %s"), {hex_text(u.values[0]), hex_text(u.values[1]),
                                                           hex_text(u.values[2]), hex_text(x)}) +
                        ": ";
  if (x != u.fingerprint || u.keys == 0)
    verdict += fill(tr("not the fingerprint %s: %s is definitely not in the set."),
                    {hex_text(u.fingerprint), shown});
  else if (shown_set(s).contains_word(s.word_input))
    verdict += fill(tr("the fingerprint: %s is possibly in the set (it was added)."), {shown});
  else
    verdict += fill(tr("the fingerprint, by chance (1 in 2^f): %s is possibly in the set, yet it was never "
                       "added, a false positive."),
                    {shown});
  step_line(s, 7, current, verdict);
}

void panel_steps(AppState& s, Host& /*host*/) {
  begin_card(
      tr("Step by step"),
      tr("One word through the filter, a step at a time: ← and → or Space (or Back / Next)."),
      tr("h = FNV-1a 64(bytes): start 0xcbf29ce484222325; per byte h ^= byte, h *= 0x100000001b3\n"
         "h1 = h & 0xffffffff,  h2 = (h >> 32) | 1\npos_i = (h1 + i·h2) mod m\n"
         "blocked: g = splitmix64(h) picks a 512-bit block; h1, h2 come from g, mod the block's width"));
  if (s.word_input.empty()) {
    hint_text(tr("Type a word in the word box to follow it through the filter."));
    end_card();
    return;
  }
  s.steps.shown.clear();
  const int count = actions::step_count(s);
  const int current = actions::current_step(s);
  // Buttons that never take the keyboard: ← → and Space keep moving the steps.
  ImGui::PushItemFlag(ImGuiItemFlags_NoNav, true);
  if (ImGui::Button(tr("◀ Back"))) dispatch(s, act::Step{-1});
  same_line_if_fits(button_width(tr("Next ▶")));  // a slide's large text: the next line
  if (ImGui::Button(tr("Next ▶"))) dispatch(s, act::Step{+1});
  ImGui::PopItemFlag();
  s.layout.step_next_button = last_item_rect();
  const std::string of_count =
      fill(tr("step %s of %s"), {std::to_string(current + 1), std::to_string(count)});
  same_line_if_fits(ImGui::CalcTextSize(of_count.c_str()).x);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s", of_count.c_str());

  const FilterParams& p = s.set.params();
  const std::string& word = s.word_input;
  const PositionTrace t = shown_set(s).filter().trace(word);
  const std::string shown = in_quotes(actions::shown_word(s, word, 32));
  step_line(s, 0, current,
            fill(trn("%s is %s UTF-8 byte: %s", "%s is %s UTF-8 bytes: %s", word.size()),
                 {shown, std::to_string(word.size()), bytes_hex(word)}));
  std::string hash_step = fill(tr("h = FNV-1a 64 of the bytes = %s"), {hex64(t.h)});
  if (t.blocked)
    hash_step += "\n" + fill(tr("blocked: g = splitmix64(h) = %s; block %s = bits %s … %s"),
                             {hex64(t.mixed), with_commas(t.block), with_commas(t.block_start),
                              with_commas(t.block_start + t.block_bits - 1)});
  step_line(s, 1, current, hash_step);
  if (t.fingerprint.used) {
    fingerprint_steps(s, t, current, shown);
    end_card();
    return;
  }
  if (t.fuse.used) {
    later(fuse_steps)(s, t, current, shown);
    end_card();
    return;
  }
  const char* of = t.blocked ? "g" : "h";
  std::string halves;
  if (t.blocked) {
    halves = "x_0 = g & 0xffffffff = " + hex32(t.h1) + "; x_i = x_(i−1) · 0x9e3779b9 mod 2^32 " +
             tr("(one hash for all k bits, no division: RocksDB's cache-local filter)");
  } else
    switch (p.scheme) {
      case Scheme::independent:
        halves =
            fill(tr("independent scheme: position i is FNV-1a 64 with seed i, mod %s (seed 0 is h itself)"),
                 {with_commas(t.range)});
        break;
      case Scheme::weak:
        halves = std::string("h1 = ") + of + " & 0xffffffff = " + hex32(t.h1) + " = " + std::to_string(t.h1) +
                 "\nh2 = " + of + " >> 32 = " + hex32(t.h2) + " = " + std::to_string(t.h2) +
                 tr(" (weak: not forced odd)");
        break;
      default:
        halves = std::string("h1 = ") + of + " & 0xffffffff = " + hex32(t.h1) + " = " + std::to_string(t.h1) +
                 "\nh2 = (" + of + " >> 32) | 1 = " + hex32(t.h2) + " = " + std::to_string(t.h2);
    }
  step_line(s, 2, current, halves);
  // A scalable filter: every stage's positions in turn (a query asks every stage), each stage's
  // first one under a line saying which bits the stage holds and the hash it uses.
  const bool staged = !t.stages.empty();
  const size_t shown_positions = staged ? t.positions.size() : std::min<size_t>(p.k, t.positions.size());
  std::vector<uint64_t> zero;
  size_t full_stage = t.stages.size(), zeros_before = 0;  // the first stage with all bits set
  size_t stage = 0;
  for (size_t n = 0; n < shown_positions; ++n) {
    while (staged && stage + 1 < t.stages.size() && n >= t.stages[stage + 1].first) {
      if (full_stage == t.stages.size() && zeros_before == zero.size()) full_stage = stage;
      zeros_before = zero.size();
      ++stage;
    }
    const PositionTrace::StageTrace* st = staged ? &t.stages[stage] : nullptr;
    const size_t i = st ? n - st->first : n;
    const uint64_t pos = t.positions[n];
    const bool set = shown_set(s).filter().bit(pos);
    if (!set) zero.push_back(pos);
    const std::string range = with_commas(st ? st->m : t.range);
    std::string formula;
    if (t.blocked && i < t.block_hashes.size()) {
      formula = "(x_" + std::to_string(i) + " · " + range + ") >> 32" +
                fill(tr(" with %s"), {"x_" + std::to_string(i) + " = " + hex32(t.block_hashes[i])});
    } else
      switch (p.scheme) {
        case Scheme::enhanced:
          formula = "(h1 + " + std::to_string(i) + "·h2 + (" + std::to_string(i) + "³ − " +
                    std::to_string(i) + ")/6) mod " + range;
          break;
        case Scheme::independent: formula = "FNV-1a 64 seed " + std::to_string(i) + " mod " + range; break;
        default: formula = "(h1 + " + std::to_string(i) + "·h2) mod " + range;
      }
    std::string where;  // the bit inside the word's block, or inside the stage
    if (t.blocked || st) {
      const uint64_t first = st ? st->offset : t.block_start;
      where = fill(tr(" → bit %s + %s"), {with_commas(first), with_commas(pos - first)});
    }
    std::string head;
    if (st && i == 0) {
      head = fill(trn("stage %s: bits %s … %s, %s hash", "stage %s: bits %s … %s, %s hashes", st->k),
                  {std::to_string(stage), with_commas(st->offset), with_commas(st->offset + st->m - 1),
                   std::to_string(st->k)});
      if (stage > 0) {
        const std::string j = std::to_string(stage);
        head += "\nh_" + j + " = splitmix64(h + " + j + ") = " + hex64(st->h);
        if (p.scheme == Scheme::reference || p.scheme == Scheme::enhanced || p.scheme == Scheme::weak)
          head += ": h1 = " + hex32(st->h1) + ", h2 = " + hex32(st->h2);
      }
      head += "\n";
    }
    step_line(s, 3 + int(n), current,
              head + "pos_" + std::to_string(i) + " = " + formula + where + " = " + with_commas(pos) + ": " +
                  fill(set ? tr("bit %s is 1") : tr("bit %s is 0"), {with_commas(pos)}));
  }
  if (staged && full_stage == t.stages.size() && zeros_before == zero.size())
    full_stage = stage;  // the last one
  std::sort(zero.begin(), zero.end());
  zero.erase(std::unique(zero.begin(), zero.end()), zero.end());
  // A scalable filter: "possibly" when one stage has all its bits set (named before the usual
  // sentence, with that stage's k), "definitely not" when every stage has a 0 bit.
  std::string verdict;
  const bool full = staged ? full_stage < t.stages.size() : zero.empty();
  const uint32_t k = staged && full ? t.stages[full_stage].k : p.k;
  if (full) {
    verdict =
        shown_set(s).contains_word(word)
            ? fill(trn("All %s bit is 1: %s is possibly in the set (it was added).",
                       "All %s bits are 1: %s is possibly in the set (it was added).", k),
                   {std::to_string(k), shown})
            : fill(
                  trn("All %s bit is 1: %s is possibly in the set — yet it was never added: a false positive.",
                      "All %s bits are 1: %s is possibly in the set — yet it was never added: a false positive.",
                      k),
                  {std::to_string(k), shown});
    if (staged) verdict = fill(tr("stage %s"), {std::to_string(full_stage)}) + ": " + verdict;
  } else if (staged) {
    // One stage or several: two sentences (a plural form is grammar, not "one or many").
    verdict = t.stages.size() == 1
                  ? fill(tr("Its only stage has a 0 bit: %s is definitely not in the set."), {shown})
                  : fill(trn("Each of its %s stage has a 0 bit: %s is definitely not in the set.",
                             "Each of its %s stages has a 0 bit: %s is definitely not in the set.",
                             t.stages.size()),
                         {std::to_string(t.stages.size()), shown});
  } else {
    verdict = fill(
        trn("Bit %s is 0: %s is definitely not in the set. Adding it would set %s more bit.",
            "Bit %s is 0: %s is definitely not in the set. Adding it would set %s more bits.", zero.size()),
        {with_commas(zero.front()), shown, std::to_string(zero.size())});
  }
  step_line(s, 3 + int(shown_positions), current, verdict);
  end_card();
}

}  // namespace bloomlab::app
