// Parameters. Index:
//   panel_params()   m (typed, in bits / bytes / KiB, or dragged on a log slider), k, the variant,
//                    the hash scheme; a bad value gets a message beside it and the words stay
//   design_helper()  n and a target p give m = ceil(−n ln p / (ln 2)²), k = round((m/n) ln 2),
//                    beside the article's floors; n and a memory budget give the best k
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "app/model/outcome_text.h"
#include "core/design.h"
#include "core/params.h"
#include "core/parse.h"
#include "core/theory.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr uint64_t kSliderMinBits = 8, kSliderMaxBits = uint64_t{1} << 24;

double unit_bits(SizeUnit u) { return u == SizeUnit::bytes ? 8.0 : u == SizeUnit::kib ? 8192.0 : 1.0; }

// The labels' column: as wide as the longest label in this language; on a narrow card (a
// slide's column, a phone) only as wide as the one-letter names, so that m's and k's rows keep
// their room, and a longer label ("variant") pushes its own row's control alone.
float label_width() {
  float w = 0;
  for (const char* label : {"m", "k", "n0", "p0", "s", "r"}) w = std::max(w, ImGui::CalcTextSize(label).x);
  const bool narrow = ImGui::GetContentRegionAvail().x < 28 * ImGui::GetFontSize();
  if (!narrow)
    for (const char* label : {tr("variant"), tr("scheme"), tr("counters")})
      w = std::max(w, ImGui::CalcTextSize(label).x);
  return w + 16 * ui_scale();
}

// Every control asks for parameters by one action; check_params judges the values.
void ask(AppState& s, ParamsRequest r, bool continues_gesture = false) {
  dispatch(s, act::SetParams{r, continues_gesture});
}

void size_control(AppState& s, FilterParams p) {
  // TRANSLATORS: the unit of m's field, beside "bits" and "bytes": kibibytes (ru "КиБ").
  const char* const units[] = {tr("bits"), tr("bytes"), tr("KiB")};
  const float label_w = label_width();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("m");
  ImGui::SameLine(label_w);
  const double unit = unit_bits(s.size_unit);
  double value = double(p.m) / unit;
  // Room for 14 digits, less when the unit beside it would not fit (a slide, a phone, a longer
  // language's label column); never under 5 (a longer value scrolls in the field).
  // The unit's combo: its longest name, the padding and the arrow button (measured, not guessed).
  const float unit_w = std::max({ImGui::CalcTextSize(units[0]).x, ImGui::CalcTextSize(units[1]).x,
                                 ImGui::CalcTextSize(units[2]).x}) +
                       2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float room = avail - unit_w - ImGui::GetStyle().ItemSpacing.x;
  const float widest = ImGui::CalcTextSize("00000000000000").x;
  // Where not even 5 digits fit beside the unit (a slide in Ukrainian: its labels are long),
  // the unit goes under the field instead of past the card's edge.
  const bool unit_below = room < ImGui::CalcTextSize("00000").x + 2 * ImGui::GetStyle().FramePadding.x;
  ImGui::SetNextItemWidth(unit_below ? std::min(avail, widest)
                                     : std::clamp(room, ImGui::CalcTextSize("00000").x, widest));
  input_number("##m", &value, s.size_unit == SizeUnit::bits ? "%.0f" : "%.3f");
  s.layout.m_field = last_item_rect();
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    ParamsRequest r;
    r.m = std::round(value * unit);
    ask(s, r);
  }
  if (unit_below) {
    ImGui::Dummy(ImVec2(label_w - ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::SameLine(label_w);
  } else {
    ImGui::SameLine();
  }
  int unit_index = int(s.size_unit);
  ImGui::SetNextItemWidth(unit_w);
  if (combo("##unit", &unit_index, units, 3)) dispatch(s, act::SetSizeUnit{SizeUnit(unit_index)});
  // The slider: a log scale, live while dragged. Beyond its range it shows m as it is, pinned
  // at its end, so it never contradicts the value above.
  std::string shown = bits_text(p.m);
  // The memory in the unit that reads best (one figure: the typed value is in the chosen unit):
  // beside the unit, else in the slider's text, else on its own line (a slide's large text).
  if (s.size_unit == SizeUnit::bits) {
    const std::string bytes = "= " + format_bytes(s.set.filter().size_in_bytes());
    const float bytes_w = ImGui::CalcTextSize(bytes.c_str()).x;
    const float line_end = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;
    const float slider_w = line_end - (ImGui::GetCursorScreenPos().x - ImGui::GetCursorPosX() + label_w);
    const std::string with_bytes = shown + " " + bytes;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + bytes_w <= line_end) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", bytes.c_str());
    } else if (ImGui::CalcTextSize(with_bytes.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x +
                   ImGui::GetStyle().GrabMinSize <=
               slider_w) {
      shown = with_bytes;
    } else {
      ImGui::TextDisabled("%s", bytes.c_str());
    }
  }
  ImGui::Dummy(ImVec2(label_w - ImGui::GetStyle().ItemSpacing.x, 0));
  ImGui::SameLine(label_w);
  uint64_t m = std::clamp(p.m, kSliderMinBits, kSliderMaxBits);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderScalar("##mslider", ImGuiDataType_U64, &m, &kSliderMinBits, &kSliderMaxBits, shown.c_str(),
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    ParamsRequest r;
    r.m = double(m);
    ask(s, r, !ImGui::IsItemActivated());
  }
  s.layout.m_slider = last_item_rect();
  note_clipped(shown.c_str(), ImGui::GetItemRectSize().x);
}

void hash_control(AppState& s, FilterParams p) {
  const float label_w = label_width();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("k");
  ImGui::SameLine(label_w);
  int k = int(p.k);
  const ImGuiStyle& st = ImGui::GetStyle();
  // Two digits (k is at most 64) and the - + buttons.
  const float input_w = ImGui::CalcTextSize("00").x + ImGui::GetFrameHeight() * 2 + 2 * st.FramePadding.x +
                        2 * st.ItemInnerSpacing.x;
  // The slider is as wide as its widest text ("24 hashes", "22 хеш-функции", "24 个哈希"),
  // measured in the language shown; where that and the typed box do not fit on one row (a
  // phone, a slide), the box goes under the slider.
  float text_w = 0;
  for (uint32_t v = 1; v <= 24; ++v)
    text_w = std::max(
        text_w, ImGui::CalcTextSize(fill(trn("%s hash", "%s hashes", v), {std::to_string(v)}).c_str()).x);
  const float avail = ImGui::GetContentRegionAvail().x;
  const float slider_min = text_w + 2 * st.FramePadding.x + st.GrabMinSize;
  // Beside the slider: the typed box with its - + buttons; where that does not fit, the
  // buttons alone (a slide: k is one row); else the box under the slider (a phone).
  const float steps_w = 2 * ImGui::GetFrameHeight() + st.ItemInnerSpacing.x;
  const bool box_beside = avail - input_w - st.ItemSpacing.x >= slider_min;
  const bool steps_beside = !box_beside && avail - steps_w - st.ItemSpacing.x >= slider_min;
  const float slider_w = box_beside     ? avail - input_w - st.ItemSpacing.x
                         : steps_beside ? avail - steps_w - st.ItemSpacing.x
                                        : avail;
  ImGui::SetNextItemWidth(slider_w);
  const std::string shown = fill(trn("%s hash", "%s hashes", p.k), {std::to_string(p.k)});
  const bool slid = ImGui::SliderInt("##k", &k, 1, 24, shown.c_str());
  const bool dragging = slid && !ImGui::IsItemActivated();
  s.layout.k_slider = last_item_rect();
  note_clipped(shown.c_str(), slider_w);
  bool typed = false;
  if (steps_beside) {
    ImGui::SameLine();
    ImGui::PushButtonRepeat(true);
    const float side = ImGui::GetFrameHeight();
    if (ImGui::Button("-##kless", ImVec2(side, side)) && k > 1) --k, typed = true;
    ImGui::SameLine(0, st.ItemInnerSpacing.x);
    if (ImGui::Button("+##kmore", ImVec2(side, side))) ++k, typed = true;
    ImGui::PopButtonRepeat();
  } else {
    if (box_beside) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-1);
    } else {
      ImGui::Dummy(ImVec2(label_w - st.ItemSpacing.x, 0));
      ImGui::SameLine(label_w);
      ImGui::SetNextItemWidth(std::min(input_w, ImGui::GetContentRegionAvail().x));
    }
    typed = ImGui::InputInt("##ktyped", &k);
  }
  if (slid || typed) {
    ParamsRequest r;
    r.k = double(k);
    ask(s, r, dragging);
  }
}

// The scalable filter's growth: n0, p0, s, r, each applied when Enter is pressed (a half-typed
// number is not a filter to rebuild).
// A variant's own number rows (the scalable filter's n0, p0, s, r; the cuckoo filter's f, b, B),
// from its schema (core/params.h): the symbol, a field that applies on Enter, what it means.
void own_number_controls(AppState& s, const FilterParams& p) {
  const float label_w = label_width();
  const VariantOps& ops = variant_ops(p.variant);
  for (size_t i = 0; i < ops.param_count; ++i) {
    const ParamRow& row = *ops.params[i];
    if (row.type == ParamType::choice) continue;  // a menu of its own (the counters)
    ImGui::PushID(row.key);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(row.symbol ? row.symbol : row.key);
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000000000").x + 16 * ui_scale());
    double v = parse_real(row.get(p)).value_or(0);
    if (input_number("##value", &v, row.type == ParamType::whole ? "%.0f" : "%g",
                     ImGuiInputTextFlags_EnterReturnsTrue)) {
      ParamsRequest r;
      r.values.push_back({row.key, param_number_text(v)});
      ask(s, r);
    }
    if (row.tip) {
      ImGui::SameLine();
      help_marker(tr(row.tip));
    }
    ImGui::PopID();
  }
}

// The scheme as the menu shows it: the link's name, or what it is for sha256md5.
const char* scheme_title(Scheme s) {
  switch (s) {
    case Scheme::reference: return trc("scheme", "reference");
    case Scheme::enhanced: return trc("scheme", "enhanced");
    case Scheme::independent: return trc("scheme", "independent");
    case Scheme::weak: return trc("scheme", "weak");
    case Scheme::sha256md5: return tr("SHA-256 + MD5 (Python hashlib)");
  }
  return scheme_name(s);
}

const char* counters_title(CounterWidth c) {
  return c == CounterWidth::eight       ? tr("8 bits (saturating)")
         : c == CounterWidth::unbounded ? tr("unbounded (the article's)")
                                        : tr("4 bits (saturating)");
}

// field(p) is the member of FilterParams (or of a variant's own params in it) the combo sets.
template <typename Enum, typename Choices, typename Field>
void enum_combo(const char* label, const char* id, Enum current, const Choices& all,
                const char* (*name)(Enum), const char* tip, AppState& s, FilterParams p, Field field) {
  const float label_w =
      std::max(label_width(), ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x);
  // The combo is as wide as its widest choice needs (text, padding, the arrow); where that does
  // not fit beside the label (a slide's large Russian "стандартный" was cut), it goes under it.
  // The menu that opens is as wide as its widest choice; the combo itself needs only the room
  // of the choice it shows ("reference" beside its label, not under it for "SHA-256 + MD5 …").
  float widest = 0;
  for (Enum e : all) widest = std::max(widest, ImGui::CalcTextSize(name(e)).x);
  const float needed =
      ImGui::CalcTextSize(name(current)).x + 2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight();
  const float help_w = 30 * ui_scale();  // the "(?)" after it
  const bool beside = ImGui::GetContentRegionAvail().x - label_w - help_w >= needed;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  if (beside) ImGui::SameLine(label_w);
  // The "(?)" goes under the combo when both do not fit on its line ("4 бита (с насыщением)" on a slide).
  const bool help_beside = ImGui::GetContentRegionAvail().x - help_w >= needed;
  const float combo_w = std::min(std::max(widest + 50 * ui_scale(), needed),
                                 ImGui::GetContentRegionAvail().x - (help_beside ? help_w : 0.0f));
  ImGui::SetNextItemWidth(combo_w);
  const bool open = ImGui::BeginCombo(id, name(current));
  note_clipped(name(current), combo_w - ImGui::GetFrameHeight());  // the preview ends at the arrow
  if (open) {
    for (Enum e : all) {
      if (menu_item(name(e), e == current)) {
        field(p) = e;
        ParamsRequest r;
        r.variant = p.variant;
        r.scheme = p.scheme;
        const VariantOps& ops = variant_ops(p.variant);  // and its own parameters, as p has them
        for (size_t i = 0; i < ops.param_count; ++i)
          r.values.push_back({ops.params[i]->key, ops.params[i]->get(p)});
        ask(s, r);
      }
    }
    ImGui::EndCombo();
  }
  if (help_beside) ImGui::SameLine();
  help_marker(tip);
}

// The counting variant's own parameters (CountingParams) and the article's remove.
// Whether the variant of p reads the row `key` (its own rows, core/params.h).
bool has_row(const FilterParams& p, std::string_view key) {
  const VariantOps& ops = variant_ops(p.variant);
  return std::any_of(ops.params, ops.params + ops.param_count,
                     [&](const ParamRow* r) { return r->key == key; });
}

// The counting filter's counters (its choice row), and the remove without checking (the counting
// and cuckoo filters both have it).
void removal_controls(AppState& s, const FilterParams& p) {
  if (has_row(p, "counters")) {
    enum_combo(tr("counters"), "##counters", p.counting.width, kAllCounterWidths, counters_title,
               tr("4 bits: a counter stops at 15 and never goes down again (BloomLab's default).\n"
                  "8 bits: stops at 255.\n"
                  "unbounded: as one article's Python, a counter counts every word."),
               s, p, [](FilterParams& q) -> CounterWidth& { return q.counting.width; });
  }
  bool unchecked = s.remove_unchecked;
  if (checkbox_wrapped(tr("remove without checking (the article's remove)"), "unchecked", &unchecked))
    dispatch(s, act::SetRemoveUnchecked{unchecked});
  same_line_if_fits(ImGui::CalcTextSize("(?)").x);  // after a wrapped label: under it
  help_marker(
      tr("The article's remove lowers every counter above zero without asking whether the\n"
         "word was ever added. Remove a false positive this way and some word that was\n"
         "added answers \"definitely not\": a false negative (shown in red)."));
}

// One design's line: m, its memory, k and the rate it gives, with Apply when it can be built.
void design_row(AppState& s, const char* label, const Design& d, const char* id) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(
      fill(tr("%s m = %s, k = %s → FP %s"), {label, bits_text(d.m), std::to_string(d.k), format_rate(d.fp)})
          .c_str());
  if (!d.buildable) return;
  ImGui::SameLine();
  ImGui::PushID(id);
  if (small_button(tr("Apply"))) {
    ParamsRequest r;
    r.m = double(d.m);
    r.k = double(d.k);
    ask(s, r);
  }
  ImGui::PopID();
}

// Beyond 2^32 bits (or 64 hashes) the numbers are theory only: said, never refused.
void too_large(const Design& d) {
  if (d.buildable) return;
  const std::string why =
      d.m > kMaxBits
          ? fill(tr("%s: too large to build in this page; the theory below holds."), {memory_words(d.m)})
          : fill(tr("k = %s is more than 64 hashes: too many to build here; the theory holds."),
                 {std::to_string(d.k)});
  hint_text(why.c_str());
}

void design_helper(AppState& s) {
  if (lesson_hides(s, hide_design)) {
    hint_text(tr("The design helper is hidden during this exercise: use the formulas."));
    return;
  }
  // The whole question when it fits on the line, else its short form (a slide, a phone, a longer language).
  const std::string question =
      std::string(tr("Design a filter for n words at a false-positive rate p")) + "###design";
  const std::string short_q = std::string(tr("Design a filter (n, p)")) + "###design";
  const float needed =
      ImGui::CalcTextSize(question.c_str(), nullptr, true).x + ImGui::GetTreeNodeToLabelSpacing();
  if (!ImGui::TreeNode(needed <= ImGui::GetContentRegionAvail().x ? question.c_str() : short_q.c_str()))
    return;
  const float w = ImGui::CalcTextSize("0000000000000").x;
  double n = s.design_n, p_ = s.design_p;
  ImGui::SetNextItemWidth(w);
  const bool n_changed = input_number(tr("n words"), &n, "%.0f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  if (input_number(tr("target p"), &p_, "%g") || n_changed) dispatch(s, act::SetDesign{n, p_});
  const bool valid = s.design_n >= 1 && s.design_n <= kMaxDesignItems &&
                     std::floor(s.design_n) == s.design_n && s.design_p >= kMinDesignRate && s.design_p < 1;
  if (!valid) {
    text_coloured(palette().error,
                  fill(tr("n must be a whole number from 1 to 10¹² and p from 10⁻¹² to below 1 (e.g. %s)."),
                       {format_decimal(0.01, 2)})
                      .c_str());
    ImGui::TreePop();
    return;
  }
  const Design ours = design_for_rate(s.design_n, s.design_p);
  const Design floor = design_for_rate_floor(s.design_n, s.design_p);
  too_large(ours);
  design_row(s, tr("BloomLab (m ⌈⌉, k rounded):"), ours, "ours");
  ImGui::SameLine();
  help_marker(
      tr("m = ⌈−n·ln p / (ln 2)²⌉   k = max(1, round((m/n)·ln 2))\n"
         "About 9.6 bits per word buy 1%, each further 4.8 bits divide p by 10."));
  design_row(s, tr("Article (m ⌊⌋, k ⌊⌋):"), floor, "floor");
  ImGui::SameLine();
  help_marker(
      tr("One article's Python: m = max(1, ⌊−n·ln p / (ln 2)²⌋), k = max(1, ⌊(m/n)·ln 2⌋).\n"
         "BloomFilter(1000, 0.01) has m = 9,585 and k = 6."));
  if (ours.m != floor.m || ours.k != floor.k) {
    const double ratio = ours.fp > 0 ? floor.fp / ours.fp : 1;
    const std::string line = fill(
        trn("Rounding down saves %s bit and costs %s FP (%s× BloomLab's).",
            "Rounding down saves %s bits and costs %s FP (%s× BloomLab's).", ours.m - floor.m),
        {with_commas(ours.m - floor.m),
         floor.fp >= ours.fp ? "+" + format_rate(floor.fp - ours.fp) : "−" + format_rate(ours.fp - floor.fp),
         format_decimal(ratio, 3)});
    hint_text(line.c_str());
  }
  // The reverse question: n words in a memory budget.
  std::string memory = s.design_memory;
  ImGui::SetNextItemWidth(w);
  if (ImGui::InputText(tr("memory"), &memory)) dispatch(s, act::SetDesignMemory{memory});
  ImGui::SameLine();
  help_marker(
      tr("A memory budget: 4GiB, 512 MiB, 100000 bytes, 1e6 bits … (KB, MB, GB: powers of 10).\n"
         "The best k for n words in it: the better of ⌊(m/n)·ln 2⌋ and ⌈(m/n)·ln 2⌉, at most 64."));
  const Result<uint64_t> budget = parse_memory(s.design_memory);
  if (!budget.ok()) {
    text_coloured(palette().error, error_text(budget.failure()).c_str());
  } else {
    const Design fit = design_for_memory(s.design_n, *budget);
    too_large(fit);
    design_row(s, tr("In that memory:"), fit, "memory");
  }
  ImGui::TreePop();
}

}  // namespace

void panel_params(AppState& s, Host& /*host*/) {
  const FilterParams p = s.set.params();
  // A variant that sizes itself (scalable, cuckoo): m and k would change nothing, so they are
  // not drawn (kept for the other variants), and a line says why; its own rows follow.
  const bool own_sizes = variant_ops(p.variant).sizes_itself;
  // The short form (a lesson step that names Parameters beside another panel: lessons.h
  // short_form) leaves out the design helper, so that the panel beside it fits on a slide too.
  const bool brief = begin_panel_card(
      s, Panel::params, tr("Parameters"),
      own_sizes ? tr("Change a parameter and the filter is rebuilt from the same words at once.")
                : tr("Change m or k and the filter is rebuilt from the same words at once."),
      tr("m bits, k hash positions per word, n words.\nFalse-positive rate ≈ (1 − e^(−kn/m))^k,\n"
         "smallest at k = (m/n)·ln 2."));
  if (!own_sizes) {
    size_control(s, p);
    hash_control(s, p);
  } else {
    // TRANSLATORS: the variant's title, then its own parameters' symbols ("n0, p0, s, r").
    hint_text(fill(tr("The %s filter sizes itself from %s: m and k are for the other variants."),
                   {variant_title(p.variant), own_param_symbols(p.variant)})
                  .c_str());
  }
  // On a slide the standard filter's variant, scheme and design helper fold under one line, so
  // that m, k and the plot under this card share the screen; elsewhere, for another variant (its
  // own rows are the lesson) and once opened, they are rows.
  const auto rows = [&] {
    enum_combo(
        tr("variant"), "##variant", p.variant, variant_ids(), variant_title,
        tr("standard: one bit per position (the article's filter).\n"
           "counting: counters (4 or 8 bits, or unbounded), so a word can be removed.\n"
           "blocked: all k bits in one 512-bit block — one cache miss, a slightly higher FP rate.\n"
           "scalable: stages that grow with the set (Almeida et al. 2007); m and k are each stage's own.\n"
           "cuckoo: f-bit fingerprints in B buckets of b slots (Fan et al. 2014): a word can be\n"
           "removed, and the filter can be full.\n"
           "binary fuse: built from all the words at once (Graf & Lemire 2022): about 9 bits a word at\n"
           "f = 8, nothing removed, and each add builds it again."),
        s, p, [](FilterParams& q) -> Variant& { return q.variant; });
    own_number_controls(s, p);
    if (variant_ops(p.variant).remove_unchecked) removal_controls(s, p);
    enum_combo(tr("scheme"), "##scheme", p.scheme, kAllSchemes, scheme_title,
               tr("reference: h1 + i·h2 (Kirsch & Mitzenmacher), the article's positions.\n"
                  "enhanced: h1 + i·h2 + (i³ − i)/6 (Dillinger & Manolios).\n"
                  "independent: k seeded hashes, the ideal.\n"
                  "weak: h2 may be even — on an even m the positions repeat.\n"
                  "SHA-256 + MD5: one article's Python: h1, h2 = the first 8 bytes of each digest,\n"
                  "big-endian; (h1 + i·h2) mod m exactly."),
               s, p, [](FilterParams& q) -> Scheme& { return q.scheme; });
  };
  const bool folded = ui_compact() && p.variant == FilterParams{}.variant;
  // Its line names what it holds; where that does not fit (a slide in Ukrainian), the first two.
  const char* names = brief ? tr("variant, scheme") : tr("variant, scheme, design");
  if (folded &&
      ImGui::CalcTextSize(names).x + ImGui::GetTreeNodeToLabelSpacing() > ImGui::GetContentRegionAvail().x)
    names = tr("variant, scheme");
  const bool open = !folded || ImGui::TreeNode("variant_scheme", "%s", names);
  if (open) rows();
  show_note(s.note(NoteSlot::params));
  if (open && !brief) {
    ImGui::Spacing();
    design_helper(s);
  }
  if (folded && open) ImGui::TreePop();
  end_card();
}

}  // namespace bloomlab::app
