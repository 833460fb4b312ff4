// Speed (issue 11 §4). Index:
//   panel_speed()   what is timed, Measure (a progress bar and Cancel while it runs), then the
//                   bars and what they show, in words
//   speed_chart()   ns per query, standard against blocked (and the cuckoo and binary fuse filters
//                   holding the same words), for words in the set and not, at the filter's own m
//                   and at 2^28 bits; asked 32 at a time or one by one
//   speed_summary() the sentences: how much faster (or not) the blocked filter answered, and why;
//                   what the cuckoo and binary fuse filters read
// The measurement itself is the core's SpeedRun (core/speed.h), run a slice per frame by the app
// (actions::continue_speed): this file only shows it.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/outcome_text.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

std::string ns_text(double ns) { return fill(tr("%s ns"), {format_decimal(ns, 1)}); }

std::string size_label(uint64_t m, uint64_t words) {
  const std::string count = fill(trn("%s word", "%s words", words), {with_commas(words)});
  if (m == kSpeedBigBits)
    return fill(tr("m = 2^28 bits (%s), beyond the processor's caches: %s"), {format_bytes(m / 8), count});
  return fill(tr("This filter's m = %s (%s): %s"), {bits_text(m), format_bytes((m + 7) / 8), count});
}

void speed_chart(AppState& s, const SpeedRun& run) {
  const bool batch = s.speed.batch_chart;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  double longest = 1;
  for (const SpeedRow& r : run.rows())
    if (r.batch == batch) longest = std::max(longest, r.ns_per_query);
  float label_w = 0;
  for (size_t v = 0; v < kFamilyKinds; ++v)
    label_w = std::max(label_w, ImGui::CalcTextSize(family_kind_title(FamilyKind(v))).x);
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float indent = ImGui::GetFontSize();
  float value_w = 0;  // the widest figure after a bar, as written ("25.0 ns", "1 234,5 нс", "25.0 纳秒")
  for (const SpeedRow& r : run.rows())
    value_w = std::max(value_w, ImGui::CalcTextSize(ns_text(r.ns_per_query).c_str()).x);
  const float bar_room = ImGui::GetContentRegionAvail().x - indent - label_w - value_w - 2 * spacing;
  const bool stacked = bar_room < 40.0f * ui_scale();  // a phone or a slide: each bar under its label
  const float bar_w =
      std::max(1.0f, stacked ? ImGui::GetContentRegionAvail().x - indent - value_w - spacing : bar_room);
  uint64_t shown_m = UINT64_MAX;
  for (const SpeedRow& r : run.rows()) {
    if (r.batch != batch || r.kind != FamilyKind::standard) continue;
    if (r.m != shown_m) {
      shown_m = r.m;
      ImGui::Spacing();
      text_wrapped(size_label(r.m, r.words));
      const SpeedRow *c = run.find(FamilyKind::cuckoo, r.m, true, batch),
                     *f = run.find(FamilyKind::binary_fuse, r.m, true, batch);
      if (c && f)
        hint_text(fill(tr("The same words in a cuckoo filter of %s and a binary fuse filter of %s."),
                       {format_bytes((c->bits + 7) / 8), format_bytes((f->bits + 7) / 8)})
                      .c_str());
    }
    ImGui::Indent(indent * 0.5f);
    hint_text(r.present ? tr("words in the set") : tr("words not in the set"));
    for (size_t v = 0; v < kFamilyKinds; ++v) {
      const SpeedRow* row = run.find(FamilyKind(v), r.m, r.present, batch);
      if (!row) continue;
      const float x0 = ImGui::GetCursorScreenPos().x + indent * 0.5f;
      ImGui::SetCursorScreenPos(ImVec2(x0, ImGui::GetCursorScreenPos().y));
      ImGui::TextUnformatted(family_kind_title(FamilyKind(v)));
      if (!stacked) ImGui::SameLine();
      const float bx = stacked ? x0 : x0 + label_w + spacing;
      ImGui::SetCursorScreenPos(ImVec2(bx, ImGui::GetCursorScreenPos().y));
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      const float w = std::max(2.0f, bar_w * float(row->ns_per_query / longest));
      ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + h),
                                                family_kind_colour(FamilyKind(v)), 3);
      ImGui::Dummy(ImVec2(w, h));
      ImGui::SameLine();
      ImGui::TextUnformatted(ns_text(row->ns_per_query).c_str());
    }
    ImGui::Unindent(indent * 0.5f);
  }
  const ImVec2 end = ImGui::GetItemRectMax();
  s.layout.speed_chart = ScreenRect{top.x, top.y, width, end.y - top.y};
}

// "2.4× faster", "1.3× slower" or "about as fast": the blocked filter against the standard one.
std::string compared(double standard_ns, double blocked_ns) {
  const double ratio = standard_ns / std::max(blocked_ns, 1e-9);
  // TRANSLATORS: %s is always a fraction with one decimal ("2.4"): ru "в 2,4 раза", no plural form.
  if (ratio >= 1.1) return fill(tr("%s× faster than the standard one"), {format_decimal(ratio, 1)});
  if (ratio <= 1 / 1.1) return fill(tr("%s× slower than the standard one"), {format_decimal(1 / ratio, 1)});
  return tr("about as fast as the standard one");
}

void speed_summary(const AppState& s, const SpeedRun& run) {
  const bool batch = s.speed.batch_chart;
  // The largest size measured: out of the caches if it could be made.
  uint64_t m = 0;
  for (const SpeedRow& r : run.rows()) m = std::max(m, r.m);
  const SpeedRow *sp = run.find(FamilyKind::standard, m, true, batch),
                 *bp = run.find(FamilyKind::blocked, m, true, batch),
                 *sa = run.find(FamilyKind::standard, m, false, batch),
                 *ba = run.find(FamilyKind::blocked, m, false, batch);
  if (!sp || !bp || !sa || !ba) return;
  const std::string where = m == kSpeedBigBits ? std::string(tr("At 32 MiB, out of the caches,"))
                                               : fill(tr("At m = %s,"), {with_commas(m)});
  // TRANSLATORS: the first %s is "At 32 MiB, out of the caches," or "At m = 100,000,"; the second
  // "2.4× faster than the standard one" (or slower, or about as fast); the third is k.
  text_wrapped(fill(tr("%s the blocked filter answered words in the set %s: it reads one cache line per "
                       "query, the standard filter up to %s."),
                    {where, compared(sp->ns_per_query, bp->ns_per_query), std::to_string(run.options().k)}));
  text_wrapped(
      fill(tr("For words not in the set it was %s: both usually stop at the first 0 bit, one line each."),
           {compared(sa->ns_per_query, ba->ns_per_query)}));
  const SpeedRow *ca = run.find(FamilyKind::cuckoo, m, false, batch),
                 *fa = run.find(FamilyKind::binary_fuse, m, false, batch);
  if (ca && fa)
    // TRANSLATORS: the times per query ("25.0 ns") of the cuckoo and the binary fuse filter.
    text_wrapped(fill(tr("The cuckoo filter took %s, the binary fuse filter %s: for any word they read two "
                         "buckets and three slots, in the set or not."),
                      {ns_text(ca->ns_per_query), ns_text(fa->ns_per_query)}));
  hint_text(batch ? tr("Asked 32 at a time, as a database asks its filter: the lines of 32 queries are "
                       "fetched from memory at once.")
                  : tr("Asked one by one: each query waits for its own lines before the next one starts."));
}

}  // namespace

void panel_speed(AppState& s, Host& /*host*/) {
  begin_card(tr("Speed"),
             tr("Time the standard, blocked, cuckoo and binary fuse filters here, on this device."),
             tr("A query of the standard filter reads k bits from anywhere in the array: up to k cache lines "
                "of 64 bytes. The blocked filter keeps all k bits of a word in one block of 512 bits: one "
                "line. Out of the caches, each line is a trip to memory of about 100 ns."));
  SpeedState& sp = s.speed;
  const FilterParams& p = s.set.params();
  text_wrapped(
      fill(tr("Random words in a standard and a blocked filter with this m and k = %s, filled until half "
              "the bits are set, and in two of 32 MiB with a million words; the same words in a cuckoo and "
              "a binary fuse filter."),
           {std::to_string(p.k)}));
  if (sp.running) {
    const std::string label = fill(tr("Measuring… %s"), {format_whole_percent(sp.run.progress())});
    ImGui::ProgressBar(float(sp.run.progress()), ImVec2(-1, 0), label.c_str());
    if (button_wrapped(with_id(tr("Cancel"), "##speed").c_str())) dispatch(s, act::Speed{act::Speed::cancel});
    s.layout.speed_button = last_item_rect();
  } else {
    if (button_wrapped(with_id(sp.has_result ? tr("Measure again") : tr("Measure"), "##speed").c_str()))
      dispatch(s, act::Speed{act::Speed::measure});
    s.layout.speed_button = last_item_rect();
  }
  if (sp.has_result) {
    const SpeedRun& run = sp.run;
    if (run.skipped()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      text_wrapped(fill(tr("The 32 MiB filters were not measured: %s"), {error_text(*run.skipped())}));
      ImGui::PopStyleColor();
    }
    bool batch = sp.batch_chart;
    if (checkbox_wrapped(tr("asked 32 at a time (else one by one)"), "##speed_batch", &batch))
      dispatch(s, act::Speed{batch ? act::Speed::chart_batch : act::Speed::chart_one});
    hint_text(tr("nanoseconds per query: shorter is faster"));
    speed_chart(s, run);
    if (run.options().m != p.m || run.options().k != p.k)
      hint_text(fill(tr("Measured at m = %s and k = %s: Measure again for the filter as it is now."),
                     {with_commas(run.options().m), std::to_string(run.options().k)})
                    .c_str());
    speed_summary(s, run);
  }
  end_card();
}

}  // namespace bloomlab::app
