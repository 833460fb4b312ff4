// The word box. Index:
//   panel_word()       the box, Add / Remove / "what if", the verdict, the k positions, the list
//   word_box()         input capped at kMaxLineBytes (a pasted megabyte is cut, with a note);
//                      Enter adds the word, empties the box and keeps the keyboard there
//   verdict()          "definitely not in the set — bit 32 is 0" / "possibly in the set — …"
//   positions_row()    i=0 → 30, i=1 → 1, …: set bits amber, zero bits red
//   word_list()        the added words as chips; hovering one highlights its bits
#include <imgui.h>
#include <imgui_internal.h>  // IsMouseDragPastThreshold: a drag is not a click
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

#include "app.h"
#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "core/word_list.h"
#include "fonts.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr size_t kChipsShown = 300;  // the list shows this many words, then a count
constexpr size_t kSlideChips = 12;   // a slide shows a list this short as chips, else none

struct BoxEdit {
  int pasted_bytes = 0;                  // a paste longer than the limit: its length
  const std::string* replace = nullptr;  // the box's new text, set by an action while it is active
};

// ImGui callback: cuts the text to kMaxLineBytes on a UTF-8 boundary as it is typed or pasted,
// and takes text an action put in the box while the box had the keyboard (Enter emptied it,
// a chip was clicked): an active InputText keeps its own buffer otherwise.
int box_callback(ImGuiInputTextCallbackData* data) {
  auto* edit = static_cast<BoxEdit*>(data->UserData);
  if (edit->replace) {
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, edit->replace->c_str());
    edit->replace = nullptr;
  }
  if (size_t(data->BufTextLen) <= kMaxLineBytes) return 0;
  int end = int(kMaxLineBytes);
  while (end > 0 && (static_cast<unsigned char>(data->Buf[end]) & 0xC0) == 0x80) --end;
  edit->pasted_bytes = data->BufTextLen;
  data->DeleteChars(end, data->BufTextLen - end);
  return 0;
}

void word_box(AppState& s) {
  BoxEdit edit;
  if (s.between_frames.word_box_revision != s.word_input_revision) {
    s.between_frames.word_box_revision = s.word_input_revision;
    edit.replace = &s.word_input;
  }
  std::string text = s.word_input;
  const float chrome = ui_compact() ? 1.0f / ui_scale() : 1.0f;  // a slide's buttons are chrome
  const float buttons =
      (ImGui::CalcTextSize(tr("Add")).x + ImGui::CalcTextSize(tr("What if we cleared its bits?")).x +
       ImGui::CalcTextSize(tr("Step by step")).x + 90 * ui_scale()) *
      chrome;
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool one_row = avail - buttons >= 160 * ui_scale();  // on a phone the buttons wrap below
  ImGui::SetNextItemWidth(one_row ? avail - buttons : -1);
  // The page's own focus as it opens (until the reader acts) waits for the layout to rest, then
  // takes the box only where it is on screen: ImGui scrolls its column to the field it focuses,
  // and the panels a lesson step names above the Word panel (a 1024 x 768 slide of best-k 4)
  // went off the top. Typing still comes to the box (the platform's stray typing).
  const bool page_focus = s.opening_focus;
  if (s.focus_word_box && !(page_focus && (layout_moving(s) || s.pending.active()))) {
    // Ctrl/Cmd+K, a typed key, the page opening, Enter.
    // Not again while it has the keyboard: a second focus would start the box afresh and lose
    // what was just typed into it.
    // Nor from a field the user has just clicked (Enter's refocus is a courtesy; Ctrl+K is not).
    const ImGuiID active = ImGui::GetActiveID();
    const ImRect seen = ImGui::GetCurrentWindowRead()->InnerClipRect;
    const float top = ImGui::GetCursorScreenPos().y;
    const bool on_screen = top >= seen.Min.y && top + ImGui::GetFrameHeight() <= seen.Max.y;
    if (active != ImGui::GetID("##word") && (active == 0 || s.focus_word_box_force) &&
        (on_screen || !page_focus))
      ImGui::SetKeyboardFocusHere();
    s.focus_word_box = s.focus_word_box_force = false;
  }
  const bool enter =
      ImGui::InputTextWithHint("##word", tr("type a word…"), &text,
                               ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackEdit |
                                   ImGuiInputTextFlags_CallbackAlways,
                               box_callback, &edit);
  note_text(text);  // a character the font lacks is drawn by the platform from the next frame
  s.layout.word_box = last_item_rect();
  s.layout.word_box_active = ImGui::IsItemActive();
  if (text != s.word_input || edit.pasted_bytes > 0)
    dispatch(s, act::SetWordInput{text, size_t(edit.pasted_bytes), true});
  ChromeScope small(ui_compact());
  if (one_row) ImGui::SameLine();
  if (ImGui::Button(tr("Add")) || enter) {
    dispatch(s, act::AddWord{text});
    if (enter) dispatch(s, act::FocusWordBox{});  // the next word can be typed at once
  }
  if (s.set.filter().ops().can_remove) {
    const std::string remove =
        with_id(s.remove_unchecked ? tr("Remove (unchecked)") : tr("Remove"), "##remove");
    same_line_if_fits(button_width(remove.c_str()));
    if (ImGui::Button(remove.c_str())) dispatch(s, act::RemoveWord{s.word_input});
    if (ImGui::IsItemHovered() && s.remove_unchecked)
      tooltip(
          tr("As the article's remove: every counter above zero goes down, whether or not\n"
             "the word was added (Parameters: \"remove without checking\")"));
  } else if (s.set.filter().ops().holds !=
             CellHolds::xor_part) {  // a binary fuse filter has no bits to clear
    same_line_if_fits(button_width(tr("What if we cleared its bits?")));
    if (ImGui::Button(tr("What if we cleared its bits?"))) dispatch(s, act::WhatIfCleared{s.word_input});
  }
  same_line_if_fits(button_width(tr("Step by step")));
  if (s.view.show_steps)
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  const bool toggled = ImGui::Button(tr("Step by step"));
  if (s.view.show_steps) ImGui::PopStyleColor();
  if (toggled) dispatch(s, act::ShowSteps{!s.view.show_steps});
  if (ImGui::IsItemHovered())
    tooltip(tr("Follow this word through the hash, a step at a time (Alt+Shift+S)"));
}

void verdict(AppState& s, const Explained& e) {
  const Palette& pal = palette();
  const bool maybe = e.verdict == Verdict::possibly;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const std::string sentence = actions::verdict_sentence(s, e);
  chip_then_text(maybe ? tr("POSSIBLY") : tr("DEFINITELY NOT"), maybe ? pal.set_bit : pal.ok,
                 IM_COL32(20, 20, 24, 255), sentence.c_str());
  const ImVec2 end = ImGui::GetItemRectMax();
  s.layout.verdict = ScreenRect{start.x, start.y, end.x - start.x, end.y - start.y};
}

// While the bit array is off screen (a phone's keyboard open under the word box, a narrow
// column scrolled to the word), a strip under the word shows where its k bits are in the whole
// array: for a small m every bit (the set ones amber), for a large one the array's extent with
// the word's positions as ticks; blue where its bit is 1, red where it is 0.
void bit_strip(AppState& s, const Explained& e) {
  // The bit array as last drawn, where it would be without the strip: the strip pushes an array
  // under it in its column down by its row, and a decision taken on the pushed array flips back
  // and forth (an array 40 px on screen without the strip is 64 px with it).
  ScreenRect b = s.layout.bit_area;
  const ScreenRect shown = s.layout.bit_strip;
  if (shown.h > 0 && b.y > shown.y && b.x < shown.x + shown.w && shown.x < b.x + b.w)
    b.y -= shown.h + ImGui::GetStyle().ItemSpacing.y;
  const float on_screen = std::min(b.y + b.h, s.layout.display_h) - std::max(b.y, 0.0f);
  if (!s.view.shown(Panel::bits) || b.w <= 0 || on_screen >= std::min(b.h, 48 * ui_scale())) {
    s.layout.bit_strip = ScreenRect{};
    return;
  }
  const Filter& f = s.set.filter();
  const uint64_t m = f.bit_count();  // its cells: m bits, or a filter's slots
  const Palette& pal = palette();
  const float width = ImGui::GetContentRegionAvail().x, height = 14 * ui_scale();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float cell = width / float(m);
  if (cell >= 2.0f) {
    for (uint64_t i = 0; i < m; ++i) {
      const float x = p0.x + float(i) * cell;
      dl->AddRectFilled(ImVec2(x, p0.y), ImVec2(x + std::max(cell - 1.0f, 1.0f), p0.y + height),
                        f.bit(i) ? pal.set_bit : pal.unset_bit);
    }
  } else {
    dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), pal.unset_bit);
  }
  const float tick = std::max(cell, 3.0f * ui_scale());
  for (const uint64_t pos : e.positions) {
    const bool zero = std::binary_search(e.zero_bits.begin(), e.zero_bits.end(), pos);
    const float x = p0.x + float(double(pos) / double(m) * double(width));
    dl->AddRectFilled(ImVec2(x, p0.y - 3 * ui_scale()), ImVec2(x + tick, p0.y + height + 3 * ui_scale()),
                      zero ? pal.zero_bit : pal.current);
  }
  ImGui::Dummy(ImVec2(width, height));
  s.layout.bit_strip = last_item_rect();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s",
                      fill(trn("Where this word's %s bit is among all %s (the bit array is further down)",
                               "Where this word's %s bits are among all %s (the bit array is further down)",
                               e.positions.size()),
                           {with_commas(e.positions.size()), with_commas(m)})
                          .c_str());
}

// A filter of fingerprints: the word's fingerprint and its two buckets, amber where the bucket
// holds the fingerprint (the reason for "possibly"), grey where it does not.
void fingerprint_row(const AppState& s) {
  const Palette& pal = palette();
  const Filter& f = shown_set(s).filter();
  const PositionTrace t = f.trace(s.word_input);
  const PositionTrace::FingerprintTrace& fp = t.fingerprint;
  const std::string first = fill(tr("fingerprint %s"), {hex_text(fp.fingerprint)});
  chip(first.c_str(), pal.current, IM_COL32(20, 20, 24, 255));
  const uint64_t bucket[2] = {fp.bucket1, fp.bucket2};
  for (int j = 0; j < 2; ++j) {
    bool holds = false;
    for (unsigned i = 0; i < fp.bucket_size; ++i)
      holds |= f.counter(bucket[j] * fp.bucket_size + i) == fp.fingerprint;
    const std::string label = (j == 0 ? "i1 = " : "i2 = ") + std::to_string(bucket[j]);
    same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + 14 * ui_scale());
    chip(label.c_str(), holds ? pal.set_bit : pal.unset_bit, holds ? IM_COL32(20, 20, 24, 255) : pal.text);
    if (ImGui::IsItemHovered())
      tooltip(
          fill(holds ? tr("bucket %s holds fingerprint %s") : tr("bucket %s does not hold fingerprint %s"),
               {std::to_string(bucket[j]), hex_text(fp.fingerprint)})
              .c_str());
  }
}

// A binary fuse filter: the word's fingerprint, the values in its three slots, and their XOR:
// amber when it equals the fingerprint (the reason for "possibly"), grey when not.
void fuse_row(const AppState& s) {
  const Palette& pal = palette();
  const PositionTrace t = shown_set(s).filter().trace(s.word_input);
  const PositionTrace::FuseTrace& fuse = t.fuse;
  const std::string first = fill(tr("fingerprint %s"), {hex_text(fuse.fingerprint)});
  chip(first.c_str(), pal.current, IM_COL32(20, 20, 24, 255));
  for (size_t i = 0; i < 3 && i < t.positions.size(); ++i) {
    const std::string label = std::to_string(t.positions[i]) + ": " + hex_text(fuse.values[i]);
    same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + 14 * ui_scale());
    chip(label.c_str(), pal.set_bit, IM_COL32(20, 20, 24, 255));
    if (ImGui::IsItemHovered())
      tooltip(fill(tr("slot %s holds %s"), {with_commas(t.positions[i]), hex_text(fuse.values[i])}).c_str());
  }
  const uint32_t x = fuse.values[0] ^ fuse.values[1] ^ fuse.values[2];
  const bool equal = x == fuse.fingerprint;
  const std::string label = fill(tr("XOR %s"), {hex_text(x)});
  same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + 14 * ui_scale());
  chip(label.c_str(), equal ? pal.set_bit : pal.zero_bit, IM_COL32(20, 20, 24, 255));
  if (ImGui::IsItemHovered())
    tooltip(fill(equal ? tr("the three slots XOR to %s, its fingerprint: possibly in the set")
                       : tr("the three slots XOR to %s, not its fingerprint %s: definitely not in the set"),
                 {hex_text(x), hex_text(fuse.fingerprint)})
                .c_str());
}

void positions_row(AppState& s, const Explained& e) {
  const Palette& pal = palette();
  if (holds_fingerprints(shown_set(s).filter().ops())) {
    later(fingerprint_row)(s);
    return;
  }
  if (shown_set(s).filter().ops().holds == CellHolds::xor_part) {
    later(fuse_row)(s);
    return;
  }
  for (size_t i = 0; i < e.positions.size(); ++i) {
    const uint64_t bit = e.positions[i];
    const bool zero = std::binary_search(e.zero_bits.begin(), e.zero_bits.end(), bit);
    const std::string label = "i=" + std::to_string(i) + " → " + std::to_string(bit);
    if (i > 0) same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + 14 * ui_scale());
    chip(label.c_str(), zero ? pal.zero_bit : pal.set_bit, IM_COL32(20, 20, 24, 255));
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      if (zero) {
        ImGui::Text(tr("bit %llu is 0: no word set it"), static_cast<unsigned long long>(bit));
      } else {
        ImGui::Text(tr("bit %llu is 1, set by:"), static_cast<unsigned long long>(bit));
        // The setters are found when first asked for (a walk over every word); e is the cache.
        if (!e.setters_found) (void)actions::current_query_with_setters(s);
        const size_t listed = std::min<size_t>(e.setters[i].size(), 20);
        for (size_t j = 0; j < listed; ++j)
          ImGui::BulletText("%s", actions::shown_word(s, e.setters[i][j]).c_str());
        if (e.setter_counts[i] > listed)
          ImGui::TextDisabled(tr("and %llu more"),
                              static_cast<unsigned long long>(e.setter_counts[i] - listed));
      }
      ImGui::EndTooltip();
    }
  }
}

// The answer to "what if we cleared its bits?", while the box still holds that word.
void what_if(const AppState& s) {
  if (s.what_if_word.empty() || s.what_if_word != s.word_input || s.what_if_version != s.version) return;
  const std::string word = actions::shown_word(s, s.what_if_word);
  if (!s.set.contains_word(s.what_if_word)) {
    hint_text(fill(tr("\"%s\" is not in the set: there is nothing to clear."), {word}).c_str());
  } else if (s.what_if_broken.empty()) {
    hint_text(fill(tr("Clearing the bits of \"%s\" would break no other word — this time."), {word}).c_str());
  } else {
    std::string list;
    for (const auto& w : s.what_if_broken)
      list += (list.empty() ? "" : ", ") + in_quotes(actions::shown_word(s, w));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().zero_bit);
    text_wrapped(fill(trn("Clearing the bits of \"%s\" would make %s other word answer "
                          "\"definitely not\": %s. That is why a standard filter cannot remove.",
                          "Clearing the bits of \"%s\" would make %s other words answer "
                          "\"definitely not\": %s. That is why a standard filter cannot remove.",
                          s.what_if_broken.size()),
                      {word, with_commas(s.what_if_broken.size()), list})
                     .c_str());
    ImGui::PopStyleColor();
  }
}

void word_list(AppState& s) {
  const auto& words = s.set.words();
  // A slide keeps its room for the bits: a short list (the tiny preset's five words, which its
  // lessons name) as one line of small chips, a long one not at all (the Numbers panel has n).
  const bool slide = ui_compact();
  s.layout.word_chips = ScreenRect{};
  if (slide && words.size() > kSlideChips) return;
  ChromeScope small(slide);
  ImGui::Spacing();
  if (!slide) {
    ImGui::TextDisabled(tr("Words in the set: %s"), with_commas(words.size()).c_str());
    if (const size_t masked = actions::masked_count(s); masked > 0) {
      ImGui::SameLine();
      ImGui::TextDisabled(tr("(%s masked for the classroom)"), with_commas(masked).c_str());
    }
  }
  if (words.empty()) return;
  // The article's unchecked remove broke these: added, yet "definitely not" (highlighted).
  const std::vector<std::string>& broken = broken_words(s);
  if (!broken.empty()) {
    std::string list;
    for (const auto& w : broken) list += (list.empty() ? "" : ", ") + in_quotes(actions::shown_word(s, w));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().zero_bit);
    // One word or a list of them: two sentences, not a plural form (ru/uk's "one" serves 21 too).
    text_wrapped(fill(broken.size() == 1
                          ? tr("False negative: %s — added, yet the filter now says \"definitely not\". "
                               "The unchecked remove took counts that were its own. Undo brings them back.")
                          : tr("False negatives: %s — added, yet the filter now says \"definitely not\". "
                               "The unchecked remove took counts that were theirs. Undo brings them back."),
                      {list})
                     .c_str());
    ImGui::PopStyleColor();
  }
  const size_t shown = std::min(words.size(), kChipsShown);
  // A long list scrolls in a box of a few lines; a short one just wraps.
  const bool boxed = words.size() > 40;
  if (boxed) ImGui::BeginChild("words", ImVec2(0, ImGui::GetFrameHeightWithSpacing() * 5.5f), false);
  ImGui::BeginGroup();
  for (size_t i = 0; i < shown; ++i) {
    const std::string label = actions::shown_word(s, words[i], 24) + "##w" + std::to_string(i);
    if (i > 0) same_line_if_fits(button_width(label.c_str()));
    const bool is_broken =
        !broken.empty() && std::find(broken.begin(), broken.end(), words[i]) != broken.end();
    if (is_broken) ImGui::PushStyleColor(ImGuiCol_Button, palette().zero_bit);
    // A chip is chosen by a click released on it (a drag that starts on it chooses nothing).
    if (small_button(label.c_str()) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left))
      dispatch(s, act::SetWordInput{words[i]});
    if (is_broken) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) s.hovered_word = words[i];
  }
  ImGui::EndGroup();
  s.layout.word_chips = last_item_rect();
  if (shown < words.size())
    ImGui::TextDisabled(tr("… and %s more"), with_commas(words.size() - shown).c_str());
  if (boxed) ImGui::EndChild();
}

// A cuckoo filter's Word card: its fingerprint and two buckets.
void fingerprint_word_card() {
  begin_card(tr("Word"),
             tr("Type a word: its fingerprint and two buckets light up before you add it. Enter adds it."),
             tr("A word is hashed as its UTF-8 bytes:\n  h = FNV-1a 64(bytes)\n  fingerprint = ((h >> 32) "
                "mod (2^f − 1)) + 1\n  i1 = (h & 0xffffffff) mod B\n  i2 = (i1 XOR (fingerprint · 0x5bd1e995 "
                "mod 2^32)) mod B\n\"Possibly in the set\" when bucket i1 or i2 holds the fingerprint."));
}

// A binary fuse filter's Word card: what a word's three slots and their XOR say.
void fuse_word_card() {
  begin_card(tr("Word"),
             tr("Type a word: its three slots and their XOR light up before you add it. Enter adds it, "
                "and the filter is built again from all the words."),
             tr("A word is hashed as its UTF-8 bytes:\n  h = FNV-1a 64(bytes)\n  x = murmur64(h + seed)\n"
                "  fingerprint = (x XOR (x >> 32)) mod 2^f\n  three slots, one in each of three consecutive "
                "segments\n\"Possibly in the set\" when the three slots XOR to the fingerprint."));
}

}  // namespace

void panel_word(AppState& s, Host& /*host*/) {
  if (shown_set(s).filter().ops().holds == CellHolds::xor_part)
    later(fuse_word_card)();
  else if (holds_fingerprints(shown_set(s).filter().ops()))
    later(fingerprint_word_card)();
  else
    begin_card(tr("Word"),
               s.view.touch
                   ? tr("Type a word: its k bits light up before you add it. Enter adds it. Tap a word "
                        "in the list to see its bits.")
                   : tr("Type a word: its k bits light up before you add it. Enter adds it. Hover a "
                        "word in the list to see its bits."),
               tr("A word is hashed as its UTF-8 bytes:\n  h = FNV-1a 64(bytes)\n  h1 = h & 0xffffffff,  "
                  "h2 = (h >> 32) | 1\n  pos_i = (h1 + i·h2) mod m,  i = 0 … k−1\n\"Possibly in the set\" "
                  "when all k bits are 1; \"definitely not\" when any is 0."));
  word_box(s);
  const Explained* e = s.word_input.empty() ? nullptr : &actions::current_query(s);
  if (e)
    bit_strip(s, *e);
  else
    s.layout.bit_strip = s.layout.verdict =
        ScreenRect{};  // none drawn: no stale rect (the field kept in view would take it)
  show_note(s.note(NoteSlot::word));
  if (e) {
    verdict(s, *e);
    positions_row(s, *e);
  }
  what_if(s);
  word_list(s);
  end_card();
}

}  // namespace bloomlab::app
