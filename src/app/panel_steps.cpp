// Step-through of one insert or query, for a class: the word → its bytes → the 64-bit hash h →
// h1, h2 → each position in turn → the bits. ← and → (or the buttons) move a step; the steps so
// far stay on screen, the current one is marked. Index:
//   panel_steps()   the card: Back / Next, the step counter, the steps up to the current one
//   step_line()     one step: a marker, a sentence, and the values in hex and decimal
#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "actions.h"
#include "core/hashing.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr size_t kBytesShown = 24;

std::string hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
  return buf;
}
std::string hex32(uint64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08" PRIx64, v);
  return buf;
}

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
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void panel_steps(AppState& s, Host& /*host*/) {
  begin_card("Step by step",
             "One word through the filter, a step at a time: ← and → (or Back / Next).",
             "h = FNV-1a 64(bytes): start 0xcbf29ce484222325; per byte h ^= byte, h *= 0x100000001b3\n"
             "h1 = h & 0xffffffff,  h2 = (h >> 32) | 1\npos_i = (h1 + i·h2) mod m");
  if (s.word_input.empty()) {
    hint_text("Type a word in the word box to follow it through the filter.");
    end_card();
    return;
  }
  if (s.steps.word != s.word_input) actions::step(s, 0);  // a new word starts at step 0
  s.steps.shown.clear();
  const int count = actions::step_count(s);
  const int current = s.steps.step;
  if (ImGui::Button("◀ Back")) actions::step(s, -1);
  ImGui::SameLine();
  if (ImGui::Button("Next ▶")) actions::step(s, +1);
  s.layout.step_next_button = last_item_rect();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("step %d of %d", current + 1, count);

  const FilterParams& p = s.set.params();
  if (p.scheme != Scheme::reference)
    hint_text(("These steps follow the reference scheme; this filter uses the " +
               std::string(scheme_name(p.scheme)) + " scheme, whose positions differ.")
                  .c_str());
  const std::string& word = s.word_input;
  const uint64_t h = fnv1a64(word);
  const uint64_t h1 = h & 0xffffffffu, h2 = (h >> 32) | 1u;
  const std::string shown = "\"" + display_text(word, 32) + "\"";
  step_line(s, 0, current, shown + " is " + std::to_string(word.size()) + " UTF-8 byte" +
                            (word.size() == 1 ? "" : "s") + ": " + bytes_hex(word));
  step_line(s, 1, current, "h = FNV-1a 64 of the bytes = " + hex64(h));
  step_line(s, 2, current, "h1 = h & 0xffffffff = " + hex32(h1) + " = " + std::to_string(h1) +
                            "\nh2 = (h >> 32) | 1 = " + hex32(h2) + " = " + std::to_string(h2));
  std::vector<uint64_t> zero;
  for (uint32_t i = 0; i < p.k; ++i) {
    const uint64_t pos = reference_position(h, i, p.m);
    const bool set = s.set.filter().bit(pos);
    if (!set) zero.push_back(pos);
    step_line(s, 3 + int(i), current,
              "pos_" + std::to_string(i) + " = (h1 + " + std::to_string(i) + "·h2) mod " +
                  with_commas(p.m) + " = " + with_commas(pos) + ": bit " + with_commas(pos) +
                  (set ? " is 1" : " is 0"));
  }
  std::sort(zero.begin(), zero.end());
  zero.erase(std::unique(zero.begin(), zero.end()), zero.end());
  std::string verdict;
  if (zero.empty()) {
    verdict = "All " + std::to_string(p.k) + " bits are 1: " + shown + " is possibly in the set" +
              (s.set.contains_word(word) ? " (it was added)." : " — yet it was never added: a false positive.");
  } else {
    verdict = "Bit " + with_commas(zero.front()) + " is 0: " + shown +
              " is definitely not in the set. Adding it would set " + std::to_string(zero.size()) +
              " more bit" + (zero.size() == 1 ? "" : "s") + ".";
  }
  step_line(s, 3 + int(p.k), current, verdict);
  end_card();
}

}  // namespace bloomlab::app
