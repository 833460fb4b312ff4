// The bit array. Index:
//   panel_bits()     legend, the array, the read-out of the hovered (or tapped) bit
//   Highlights       which bits to outline: the word box's (with i labels), its zero bits, the
//                    hovered word's
//   draw_cells()     m <= kMaxCellBits: one rectangle per bit, indices, outlines, and for small m
//                    curves from the word to each of its bits
//   draw_texture()   larger m: one texel per bit (or per bucket of bits beyond ~4M), uploaded
//                    through Host::upload_texture only when the filter changed; wheel zooms,
//                    drag pans, the mouse position gives the bit
//   draw_buckets()   a filter of fingerprints (cuckoo), up to kMaxCellBits slots: its buckets as
//                    groups of b slots with the fingerprints in hex, the word's two buckets
//                    outlined, the slots holding its fingerprint marked; load_bar(): the load
//   readout()        bit i: set or not, by how many words, which (a slot: its fingerprint, whose)
#include <imgui_internal.h>  // SetItemUsingMouseWheel, IsMouseDragPastThreshold

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/model/actions.h"
#include "app/model/i18n.h"
#include "app/model/lessons.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

constexpr uint64_t kMaxCellBits = 4096;             // above this, a texture
constexpr uint64_t kMaxCurveBits = 256;             // curves from the word to its bits up to here
constexpr uint64_t kMaxTexels = uint64_t{1} << 22;  // 4096 x 1024: within every WebGL2 limit
constexpr int kTextureSlot = 0;
constexpr size_t kSettersListed = 12;

struct Highlights {
  std::vector<uint64_t> positions;  // word box, i order
  std::vector<uint64_t> zero_bits;
  std::vector<uint64_t> hovered;  // a word hovered in the list
  std::string word;
  // A filter of fingerprints: the word box's fingerprint and two buckets, the hovered word's.
  uint32_t fingerprint = 0;
  uint64_t bucket[2] = {0, 0};
  std::vector<uint64_t> hovered_buckets;
};

// A filter of fingerprints: the word's fingerprint and buckets, the hovered word's buckets.
void fingerprint_highlights(const AppState& s, const Filter& f, Highlights& h);

Highlights highlights(AppState& s) {
  Highlights h;
  if (!s.word_input.empty()) {
    const Explained& e = actions::current_query(s);
    h.positions = e.positions;
    h.zero_bits = e.zero_bits;
    h.word = display_text(s.word_input, 20);
  }
  const Filter& f = shown_set(s).filter();
  if (!s.hovered_word.empty()) f.positions_of(s.hovered_word, h.hovered);
  if (holds_fingerprints(f.ops())) later(fingerprint_highlights)(s, f, h);
  return h;
}

void fingerprint_highlights(const AppState& s, const Filter& f, Highlights& h) {
  if (!s.word_input.empty()) {
    const PositionTrace t = f.trace(s.word_input);
    h.fingerprint = t.fingerprint.fingerprint;
    h.bucket[0] = t.fingerprint.bucket1;
    h.bucket[1] = t.fingerprint.bucket2;
  }
  if (!s.hovered_word.empty()) {
    const PositionTrace t = f.trace(s.hovered_word);
    h.hovered_buckets = {t.fingerprint.bucket1, t.fingerprint.bucket2};
  }
}

bool is_zero(const Highlights& h, uint64_t bit) {
  return std::binary_search(h.zero_bits.begin(), h.zero_bits.end(), bit);
}

// "i=0,2" for a bit that several hash indices hit.
std::string index_label(const Highlights& h, uint64_t bit) {
  std::string out;
  for (size_t i = 0; i < h.positions.size(); ++i)
    if (h.positions[i] == bit) out += (out.empty() ? "i=" : ",") + std::to_string(i);
  return out;
}

template <typename Swatch>
void fuse_legend(const Swatch& swatch) {
  const Palette& pal = palette();
  swatch(pal.set_bit, 0, tr("a slot's value (hex)"));
  swatch(pal.unset_bit, 0, "0");
  swatch(pal.unset_bit, pal.current, tr("the word's three slots"));
  swatch(pal.unset_bit, pal.hovered_word, tr("hovered word"));
}

template <typename Swatch>
void fingerprint_legend(const Swatch& swatch) {
  const Palette& pal = palette();
  swatch(pal.set_bit, 0, tr("a fingerprint (hex)"));
  swatch(pal.unset_bit, 0, tr("empty slot"));
  swatch(pal.unset_bit, pal.current, tr("the word's two buckets"));
  swatch(pal.set_bit, pal.text, tr("its fingerprint, found"));
  swatch(pal.unset_bit, pal.hovered_word, tr("hovered word"));
}

void legend(CellHolds holds) {
  const bool fingerprints = holds == CellHolds::fingerprint;
  const Palette& pal = palette();
  const float sz = ImGui::GetTextLineHeight() * 0.8f;
  bool first = true;
  auto swatch = [&](ImU32 fill, ImU32 outline, const char* label) {
    if (!first) same_line_if_fits(sz + 6 * ui_scale() + ImGui::CalcTextSize(label).x);
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - sz) / 2;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + sz, y + sz), fill, 3);
    if (outline) dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + sz, y + sz), outline, 3, 0, 2.5f);
    ImGui::Dummy(ImVec2(sz, sz));
    ImGui::SameLine(0, 6 * ui_scale());
    ImGui::TextUnformatted(label);
  };
  if (fingerprints) {
    later(fingerprint_legend<decltype(swatch)>)(swatch);
    return;
  }
  if (holds == CellHolds::xor_part) {
    later(fuse_legend<decltype(swatch)>)(swatch);
    return;
  }
  swatch(pal.set_bit, 0, tr("1 (set)"));
  swatch(pal.unset_bit, 0, "0");
  swatch(pal.unset_bit, pal.current, tr("the word's bits"));
  swatch(pal.unset_bit, pal.zero_bit, tr("its 0 bits"));
  swatch(pal.unset_bit, pal.hovered_word, tr("hovered word"));
}

// --- m <= kMaxCellBits: rectangles -------------------------------------------------------------

void draw_cells(AppState& s, const Highlights& h) {
  const Palette& pal = palette();
  const Filter& f = shown_set(s).filter();
  const uint64_t m = f.bit_count();
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);  // a squeezed column: 0 or less
  const bool curves = m <= kMaxCurveBits && !h.positions.empty();
  // Half the screen; on a slide, what is left below (the whole array stays on screen).
  const float curve_gap = (ui_compact() ? 44.0f : 70.0f) * ui_scale();  // room for the curves
  const float below = ImGui::GetIO().DisplaySize.y - ImGui::GetCursorScreenPos().y -
                      (curves ? curve_gap : 0.0f) - 3 * ImGui::GetFrameHeight();
  const float max_height =
      ui_compact() ? std::max(120.0f, below) : std::max(160.0f, ImGui::GetIO().DisplaySize.y * 0.5f);
  // Cells as large as fit (up to 44 px), 16 per row for the classic m = 64.
  float cell = std::min({44.0f * ui_scale(), width / 16.0f, std::sqrt(width * max_height / float(m))});
  cell = std::max(cell, 4.0f);
  const uint64_t cols = std::min<uint64_t>(m, std::max<uint64_t>(1, uint64_t(width / cell)));
  const uint64_t rows = (m + cols - 1) / cols;
  const float top_gap = curves ? curve_gap : 0.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("cells", ImVec2(width, top_gap + float(rows) * cell));
  s.layout.bit_area = last_item_rect();
  const ImVec2 grid(origin.x, origin.y + top_gap);
  s.layout.bit_cells = true;
  s.layout.cells_x = grid.x;
  s.layout.cells_y = grid.y;
  s.layout.cell = cell;
  s.layout.cells_cols = cols;
  auto cell_min = [&](uint64_t bit) {
    return ImVec2(grid.x + float(bit % cols) * cell, grid.y + float(bit / cols) * cell);
  };
  const float gap = cell >= 12 ? 2.0f : cell >= 6 ? 1.0f : 0.0f;
  const float rounding = cell >= 16 ? 4.0f : 0.0f;
  // The cells' numbers: at the text's size where a cell has room for it; on a slide (large text,
  // cells sized to fit the screen) at a size the cell has room for, down to 10 px, so that the
  // tiny preset's lessons ("bits 15, 25 and 52") can be read off the projected array.
  const float label_size = ui_compact() ? std::min(ImGui::GetFontSize(), cell * 0.45f) : ImGui::GetFontSize();
  const bool labels = cell >= 26 * ui_scale() || (ui_compact() && label_size >= 10.0f);
  s.layout.cell_text = labels ? label_size : 0.0f;
  // The word at the top, with a curve to each of its bits.
  ImVec2 word_anchor;
  if (curves) {
    const ImVec2 ts = ImGui::CalcTextSize(h.word.c_str());
    const ImVec2 wmin(origin.x + (width - ts.x) / 2 - 10, origin.y);
    const ImVec2 wmax(wmin.x + ts.x + 20, wmin.y + ts.y + 8);
    dl->AddRectFilled(wmin, wmax, pal.current, ts.y);
    dl->AddText(ImVec2(wmin.x + 10, wmin.y + 4), IM_COL32(10, 20, 30, 255), h.word.c_str());
    word_anchor = ImVec2((wmin.x + wmax.x) / 2, wmax.y);
  }
  for (size_t i = 0; i < h.positions.size() && curves; ++i) {
    const ImVec2 target(cell_min(h.positions[i]).x + cell / 2, cell_min(h.positions[i]).y);
    dl->AddBezierCubic(word_anchor, ImVec2(word_anchor.x, word_anchor.y + top_gap * 0.5f),
                       ImVec2(target.x, target.y - top_gap * 0.6f), target,
                       is_zero(h, h.positions[i]) ? pal.zero_bit : pal.current, 2.0f * ui_scale());
  }
  // A cell's number (and a counter above 1), centred; on a plate of the cell's colour where
  // something is drawn under it (a 0 bit's cross: the step's text names that bit).
  const auto number = [&](uint64_t bit, bool plate) {
    const uint64_t count = f.counter(bit);
    const std::string idx = holds_fingerprint_values(f.ops()) && count ? hex_text(count)  // a fingerprint
                            : holds_counts(f.ops()) && count > 1
                                ? std::to_string(bit) + "·" + std::to_string(count)
                                : std::to_string(bit);
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(label_size, FLT_MAX, 0.0f, idx.c_str());
    const ImVec2 p = cell_min(bit);
    const ImVec2 at(p.x + (cell - ts.x) / 2, p.y + (cell - ts.y) / 2);
    if (plate)
      dl->AddRectFilled(ImVec2(at.x - 1, at.y), ImVec2(at.x + ts.x + 1, at.y + ts.y),
                        count ? pal.set_bit : pal.unset_bit, 2);
    dl->AddText(ImGui::GetFont(), label_size, at, count ? IM_COL32(30, 24, 10, 255) : pal.cell_text,
                idx.c_str());
  };
  for (uint64_t bit = 0; bit < m; ++bit) {
    const ImVec2 p = cell_min(bit);
    const ImU32 fill = f.counter(bit) ? pal.set_bit : pal.unset_bit;
    dl->AddRectFilled(ImVec2(p.x + gap, p.y + gap), ImVec2(p.x + cell - gap, p.y + cell - gap), fill,
                      rounding);
    if (labels) number(bit, false);
  }
  const float thick = std::max(1.5f, std::min(3.5f, cell / 8)) * ui_scale();
  for (uint64_t bit : h.hovered) {
    const ImVec2 p = cell_min(bit);
    dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + cell + 1, p.y + cell + 1), pal.hovered_word, rounding,
                0, thick);
  }
  for (size_t i = 0; i < h.positions.size(); ++i) {
    const uint64_t bit = h.positions[i];
    const ImVec2 p = cell_min(bit);
    const ImU32 colour = is_zero(h, bit) ? pal.zero_bit : pal.current;
    dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + cell + 1, p.y + cell + 1), colour, rounding, 0,
                thick + 1);
    if (is_zero(h, bit) && cell >= 10) {
      const float in = cell * 0.28f;
      dl->AddLine(ImVec2(p.x + in, p.y + in), ImVec2(p.x + cell - in, p.y + cell - in), colour, thick);
      dl->AddLine(ImVec2(p.x + cell - in, p.y + in), ImVec2(p.x + in, p.y + cell - in), colour, thick);
      if (labels) number(bit, true);  // "bits 32, 39 and 46": the cross covered them
    }
    if (labels) {  // the hash index under the cell's top edge, on a small badge (the cell's size: its number
                   // stays readable)
      const std::string lab = index_label(h, bit);
      const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(label_size, FLT_MAX, 0.0f, lab.c_str());
      const ImVec2 b(p.x + cell - ts.x - 4, p.y - ts.y * 0.55f);
      dl->AddRectFilled(ImVec2(b.x - 3, b.y), ImVec2(b.x + ts.x + 3, b.y + ts.y), colour, 4);
      dl->AddText(ImGui::GetFont(), label_size, b, IM_COL32(10, 20, 30, 255), lab.c_str());
    }
  }
  s.bit_cache.hovered_bit = -1;
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const float cx = (mouse.x - grid.x) / cell, cy = (mouse.y - grid.y) / cell;
    if (cx >= 0 && cy >= 0 && cx < float(cols)) {
      const uint64_t bit = uint64_t(cy) * cols + uint64_t(cx);
      if (bit < m) {
        s.bit_cache.hovered_bit = int64_t(bit);
        const ImVec2 p = cell_min(bit);
        dl->AddRect(p, ImVec2(p.x + cell, p.y + cell), pal.text, rounding, 0, 2.0f);
      }
    }
  }
  // A tap or click released where it started pins the bit's read-out (a drag scrolls instead).
  if (ImGui::IsItemDeactivated() && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left))
    dispatch(s, act::PinBit{s.bit_cache.hovered_bit});
}

// --- a filter of fingerprints: buckets of b slots ------------------------------------------------

void draw_buckets(AppState& s, const Highlights& h, unsigned b) {
  const Palette& pal = palette();
  const Filter& f = shown_set(s).filter();
  const uint64_t slots = f.bit_count(), buckets = slots / b;
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  // Curves from the word to its buckets while they are all in one row (across rows they would
  // cross other buckets: the outlines say it).
  const bool curves = slots <= kMaxCurveBits && !s.word_input.empty();
  const float curve_gap = (ui_compact() ? 44.0f : 70.0f) * ui_scale();
  const float below = ImGui::GetIO().DisplaySize.y - ImGui::GetCursorScreenPos().y -
                      (curves ? curve_gap : 0.0f) - 3 * ImGui::GetFrameHeight();
  const float max_height =
      ui_compact() ? std::max(120.0f, below) : std::max(160.0f, ImGui::GetIO().DisplaySize.y * 0.5f);
  const float bucket_gap = 10 * ui_scale();
  // Slots as large as fit (up to 44 px); a bucket's b slots side by side, buckets in rows.
  float cell = std::min({44.0f * ui_scale(), (width - bucket_gap) / float(b),
                         0.8f * std::sqrt(width * max_height / float(slots))});
  cell = std::max(cell, 4.0f);
  const float label_size = ui_compact() ? std::min(ImGui::GetFontSize(), cell * 0.45f) : ImGui::GetFontSize();
  const bool labels = cell >= 26 * ui_scale() || (ui_compact() && label_size >= 10.0f);
  const float head = labels ? label_size * 0.85f + 4 : 2;  // the bucket's number above it
  const uint64_t per_row =
      std::max<uint64_t>(1, uint64_t((width + bucket_gap) / (float(b) * cell + bucket_gap)));
  const uint64_t rows = (buckets + per_row - 1) / per_row;
  const float row_h = head + cell + 6 * ui_scale();
  const float top_gap = curves && rows == 1 ? curve_gap : 0.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("cells", ImVec2(width, top_gap + float(rows) * row_h));
  s.layout.bit_area = last_item_rect();
  s.layout.bit_cells = false;  // not a plain grid: the tests' cell arithmetic does not apply
  s.layout.cell_text = labels ? label_size : 0.0f;
  const ImVec2 grid(origin.x, origin.y + top_gap);
  const auto bucket_min = [&](uint64_t i) {
    return ImVec2(grid.x + float(i % per_row) * (float(b) * cell + bucket_gap),
                  grid.y + float(i / per_row) * row_h + head);
  };
  const auto slot_min = [&](uint64_t slot) {
    const ImVec2 p = bucket_min(slot / b);
    return ImVec2(p.x + float(slot % b) * cell, p.y);
  };
  const float gap = cell >= 12 ? 2.0f : cell >= 6 ? 1.0f : 0.0f;
  const float rounding = cell >= 16 ? 4.0f : 0.0f;
  const float thick = std::max(1.5f, std::min(3.5f, cell / 8)) * ui_scale();
  const auto outline = [&](uint64_t i, ImU32 colour, float t) {
    const ImVec2 p = bucket_min(i);
    dl->AddRect(ImVec2(p.x - 2, p.y - 2), ImVec2(p.x + float(b) * cell + 2, p.y + cell + 2), colour, rounding,
                0, t);
  };
  // The word at the top, with a curve to each of its two buckets.
  if (top_gap > 0) {
    const std::string word = display_text(s.word_input, 20);
    const ImVec2 ts = ImGui::CalcTextSize(word.c_str());
    const ImVec2 wmin(origin.x + (width - ts.x) / 2 - 10, origin.y);
    const ImVec2 wmax(wmin.x + ts.x + 20, wmin.y + ts.y + 8);
    dl->AddRectFilled(wmin, wmax, pal.current, ts.y);
    dl->AddText(ImVec2(wmin.x + 10, wmin.y + 4), IM_COL32(10, 20, 30, 255), word.c_str());
    const ImVec2 anchor((wmin.x + wmax.x) / 2, wmax.y);
    for (uint64_t i : h.bucket) {
      const ImVec2 p = bucket_min(i);
      const ImVec2 target(p.x + float(b) * cell / 2, p.y - head);
      dl->AddBezierCubic(anchor, ImVec2(anchor.x, anchor.y + top_gap * 0.5f),
                         ImVec2(target.x, target.y - top_gap * 0.6f), target, pal.current, 2.0f * ui_scale());
    }
  }
  for (uint64_t i = 0; i < buckets && labels; ++i) {  // the bucket's number, above its first slot
    const std::string n = std::to_string(i);
    const ImVec2 p = bucket_min(i);
    dl->AddText(ImGui::GetFont(), label_size * 0.85f, ImVec2(p.x + 2, p.y - head), pal.text_dim, n.c_str());
  }
  for (uint64_t slot = 0; slot < slots; ++slot) {
    const ImVec2 p = slot_min(slot);
    const uint64_t fp = f.counter(slot);
    dl->AddRectFilled(ImVec2(p.x + gap, p.y + gap), ImVec2(p.x + cell - gap, p.y + cell - gap),
                      fp ? pal.set_bit : pal.unset_bit, rounding);
    if (labels && fp) {
      const std::string hex = hex_text(fp);
      const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(label_size, FLT_MAX, 0.0f, hex.c_str());
      dl->AddText(ImGui::GetFont(), label_size, ImVec2(p.x + (cell - ts.x) / 2, p.y + (cell - ts.y) / 2),
                  IM_COL32(30, 24, 10, 255), hex.c_str());
    }
  }
  for (uint64_t i : h.hovered_buckets) outline(i, pal.hovered_word, thick);
  if (!s.word_input.empty()) {
    for (uint64_t i : h.bucket) outline(i, pal.current, thick + 1);
    for (int j = 0; j < 2 && labels; ++j) {  // i1 and i2 on badges over the buckets' right edges
      if (j == 1 && h.bucket[1] == h.bucket[0]) break;
      const char* lab = h.bucket[0] == h.bucket[1] ? "i1 = i2" : j == 0 ? "i1" : "i2";
      const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(label_size * 0.85f, FLT_MAX, 0.0f, lab);
      const ImVec2 p = bucket_min(h.bucket[j]);
      const ImVec2 at(p.x + float(b) * cell - ts.x - 4, p.y - ts.y - 2);
      dl->AddRectFilled(ImVec2(at.x - 3, at.y), ImVec2(at.x + ts.x + 3, at.y + ts.y), pal.current, 4);
      dl->AddText(ImGui::GetFont(), label_size * 0.85f, at, IM_COL32(10, 20, 30, 255), lab);
    }
    // The slots of its buckets that hold its fingerprint: what makes the answer "possibly".
    for (uint64_t i : h.bucket)
      for (unsigned j = 0; j < b; ++j) {
        const uint64_t slot = i * b + j;
        if (h.fingerprint == 0 || f.counter(slot) != h.fingerprint) continue;
        const ImVec2 p = slot_min(slot);
        dl->AddRect(ImVec2(p.x + 1, p.y + 1), ImVec2(p.x + cell - 1, p.y + cell - 1), pal.text, rounding, 0,
                    thick);
      }
  }
  s.bit_cache.hovered_bit = -1;
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (uint64_t slot = 0; slot < slots; ++slot) {
      const ImVec2 p = slot_min(slot);
      if (mouse.x < p.x || mouse.y < p.y || mouse.x >= p.x + cell || mouse.y >= p.y + cell) continue;
      s.bit_cache.hovered_bit = int64_t(slot);
      dl->AddRect(p, ImVec2(p.x + cell, p.y + cell), pal.text, rounding, 0, 2.0f);
      break;
    }
  }
  if (ImGui::IsItemDeactivated() && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left))
    dispatch(s, act::PinBit{s.bit_cache.hovered_bit});
}

// The load α as a bar, and what "full" means when it is.
void load_bar(const Filter& f) {
  const double load = double(f.bits_set()) / double(std::max<uint64_t>(1, f.bit_count()));
  const std::string label = fill(tr("load α = %s"), {format_percent(load)});
  ImGui::ProgressBar(float(std::min(1.0, load)), ImVec2(-1, 0), label.c_str());
  if (f.full()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    text_wrapped(tr("Full: one fingerprint waits in the victim slot; the next word is refused."));
    ImGui::PopStyleColor();
  }
}

// --- larger m: a texture -----------------------------------------------------------------------

void build_texture(AppState& s, Host& host) {
  const Palette& pal = palette();
  const Filter& f = shown_set(s).filter();
  const uint64_t m = f.bit_count();
  BitCache& v = s.bit_cache;
  // Beyond kMaxTexels bits each texel shades a bucket; a multiple of 64 bits, so whole words.
  uint64_t bucket = 1;
  if (m > kMaxTexels) bucket = ((m + kMaxTexels - 1) / kMaxTexels + 63) / 64 * 64;
  const uint64_t texels = (m + bucket - 1) / bucket;
  // Twice as wide as tall: the array fills a card's width without scrolling the page away.
  const uint64_t cols = std::min<uint64_t>(4096, uint64_t(std::ceil(std::sqrt(2.0 * double(texels)))));
  const uint64_t rows = (texels + cols - 1) / cols;
  std::vector<uint32_t> pixels(size_t(cols * rows), pal.card_bg);
  const auto& words = f.bit_words();
  if (bucket == 1) {
    for (uint64_t bit = 0; bit < m; ++bit)
      pixels[size_t(bit)] = (words[size_t(bit / 64)] >> (bit % 64)) & 1 ? pal.set_bit : pal.unset_bit;
  } else {
    const ImVec4 a = to_vec4(pal.unset_bit), b = to_vec4(pal.set_bit);
    for (uint64_t t = 0; t < texels; ++t) {
      uint64_t set = 0;
      const uint64_t first = t * bucket / 64, last = std::min<uint64_t>(words.size(), (t + 1) * bucket / 64);
      for (uint64_t w = first; w < last; ++w) set += uint64_t(__builtin_popcountll(words[size_t(w)]));
      const float x = float(set) / float(bucket);
      pixels[size_t(t)] = ImGui::ColorConvertFloat4ToU32(
          ImVec4(a.x + (b.x - a.x) * x, a.y + (b.y - a.y) * x, a.z + (b.z - a.z) * x, 1));
    }
  }
  v.texture = host.upload_texture(kTextureSlot, int(cols), int(rows), pixels.data());
  v.texture_cols = int(cols);
  v.texture_rows = int(rows);
  v.texture_bucket = bucket;
  v.texture_version = s.version;
  v.texture_built_at = ImGui::GetTime();
}

// Ctrl+wheel or a pinch zooms about the pointer (a plain wheel scrolls the page, as everywhere);
// a drag pans; double-click resets. Each is an action, applied after this frame.
void zoom_and_pan(AppState& s, ImVec2 min, ImVec2 size) {
  const BitView& v = s.bits;
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0 && io.KeyCtrl)
    dispatch(s, act::ZoomBits{std::pow(1.25f, io.MouseWheel), (io.MousePos.x - min.x) / size.x,
                              (io.MousePos.y - min.y) / size.y});
  // A pinch (the platform's two-finger gesture) zooms about its centre like the wheel.
  const float cx = v.pinch_x, cy = v.pinch_y;
  if (v.pinch_zoom != 1.0f && cx >= min.x && cy >= min.y && cx < min.x + size.x && cy < min.y + size.y) {
    dispatch(s, act::ZoomBits{v.pinch_zoom, (cx - min.x) / size.x, (cy - min.y) / size.y});
  } else if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f) && v.zoom > 1) {
    dispatch(s, act::PanBits{-io.MouseDelta.x / size.x / v.zoom, -io.MouseDelta.y / size.y / v.zoom});
  }
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
    dispatch(s, act::ResetBitsView{});
}

// − / + / reset buttons: zoom without a wheel or two fingers.
void zoom_buttons(AppState& s) {
  if (small_button("−##zoom")) dispatch(s, act::ZoomBits{1 / 1.5f});
  if (ImGui::IsItemHovered()) tooltip(tr("Zoom out (Ctrl+wheel, pinch)"));
  ImGui::SameLine();
  if (small_button("+##zoom")) dispatch(s, act::ZoomBits{1.5f});
  if (ImGui::IsItemHovered()) tooltip(tr("Zoom in (Ctrl+wheel, pinch)"));
  ImGui::SameLine();
  ImGui::BeginDisabled(s.bits.zoom == 1.0f);
  if (small_button("1:1##zoom")) dispatch(s, act::ResetBitsView{});
  ImGui::EndDisabled();
}

// The picture's height: up to half the screen; in a lesson step that names other panels below
// the bits in the same column, what leaves them their room on screen (their heights last frame),
// down to a fifth of the screen (the Numbers' fill and FP rows under the bits of a 1920 x 1080
// slide were below its bottom).
float texture_max_height(const AppState& s, float top) {
  const float screen = ImGui::GetIO().DisplaySize.y;
  const float most = std::max(200.0f, screen * 0.5f);
  const float below = named_below(s, Panel::bits);
  if (below == 0) return most;
  // Under the picture: its caption and the card's bottom edge, as drawn last frame.
  const ScreenRect& card = s.between_frames.cards[size_t(Panel::bits)].whole;
  const ScreenRect& picture = s.layout.bit_area;
  const float caption = picture.h > 0
                            ? (card.y + card.h) - (picture.y + picture.h)
                            : ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().WindowPadding.y * 2;
  const float bottom = ImGui::GetCurrentWindowRead()->InnerClipRect.Max.y;  // the column's, on screen
  return std::clamp(bottom - top - caption - below, std::min(most, screen * 0.2f), most);
}

void draw_texture(AppState& s, Host& host, const Highlights& h) {
  const BitView& view = s.bits;
  BitCache& v = s.bit_cache;
  const uint64_t m = s.set.filter().bit_count();
  const bool loading = s.pending.active() && ImGui::GetTime() - v.texture_built_at < 0.25;
  if (v.texture_version != s.version && !loading) build_texture(s, host);
  const Palette& pal = palette();
  const float width = ImGui::GetContentRegionAvail().x;
  const float max_height = texture_max_height(s, ImGui::GetCursorScreenPos().y);
  const float aspect = float(v.texture_rows) / float(std::max(1, v.texture_cols));
  const ImVec2 size(std::min(width, max_height / aspect), std::min(width, max_height / aspect) * aspect);
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("texture", size);
  s.layout.bit_area = last_item_rect();
  if (ImGui::GetIO().KeyCtrl) ImGui::SetItemUsingMouseWheel();  // else the wheel scrolls the page
  zoom_and_pan(s, min, size);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const float zoom = view.zoom;
  const ImVec2 uv0(view.pan_x, view.pan_y), uv1(view.pan_x + 1 / zoom, view.pan_y + 1 / zoom);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddImage(v.texture, min, max, uv0, uv1);
  dl->AddRect(min, max, pal.card_border);
  const float texel = size.x * zoom / float(v.texture_cols);  // on-screen size of one texel
  auto screen_of = [&](uint64_t bit) {
    const uint64_t t = bit / v.texture_bucket;
    const float u = (float(t % uint64_t(v.texture_cols)) + 0.5f) / float(v.texture_cols);
    const float w = (float(t / uint64_t(v.texture_cols)) + 0.5f) / float(v.texture_rows);
    return ImVec2(min.x + (u - uv0.x) * zoom * size.x, min.y + (w - uv0.y) * zoom * size.y);
  };
  dl->PushClipRect(min, max, true);
  const float ring = std::max(6.0f * ui_scale(), texel * 0.8f);
  for (uint64_t bit : h.hovered) dl->AddCircle(screen_of(bit), ring, pal.hovered_word, 0, 2.5f);
  for (size_t i = 0; i < h.positions.size(); ++i) {
    const ImVec2 p = screen_of(h.positions[i]);
    const ImU32 colour = is_zero(h, h.positions[i]) ? pal.zero_bit : pal.current;
    dl->AddCircle(p, ring, colour, 0, 3.0f);
    dl->AddText(ImVec2(p.x + ring + 2, p.y - ring - 2), colour, std::to_string(i).c_str());
  }
  dl->PopClipRect();
  v.hovered_bit = -1;
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const float u = uv0.x + (mouse.x - min.x) / size.x / zoom;
    const float w = uv0.y + (mouse.y - min.y) / size.y / zoom;
    const auto tx = uint64_t(std::clamp(u, 0.0f, 0.99999f) * float(v.texture_cols));
    const auto ty = uint64_t(std::clamp(w, 0.0f, 0.99999f) * float(v.texture_rows));
    const uint64_t bit = (ty * uint64_t(v.texture_cols) + tx) * v.texture_bucket;
    if (bit < m) v.hovered_bit = int64_t(bit);
  }
  if (ImGui::IsItemDeactivated() && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left, 2.0f))
    dispatch(s, act::PinBit{v.hovered_bit});
  // The short form (a step that names the bits beside another panel) keeps the row for that one
  // (the wheel and a pinch still zoom): the caption alone takes one line, not two beside the buttons.
  const bool brief = short_form(s, Panel::bits);
  if (!brief) {
    zoom_buttons(s);
    ImGui::SameLine();
  }
  const auto cells = holds_fingerprint_values(shown_set(s).filter().ops()) ? slots_text : bits_text;
  const std::string texels = fill(trn("%s as %s × %s texel", "%s as %s × %s texels", v.texture_rows),
                                  {cells(m), std::to_string(v.texture_cols), std::to_string(v.texture_rows)});
  const std::string each = v.texture_bucket > 1 ? fill(tr(", %s each"), {cells(v.texture_bucket)}) : "";
  ImGui::PushTextWrapPos(0.0f);  // wraps at the card's edge, under the buttons' row
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  // A slide or a short form says what the picture is, not how to use it: the room goes to what
  // the step names (the Numbers under the bits of a 1024 x 768 slide began 69 px above its bottom).
  if (s.view.presentation || brief)
    text_wrapped(texels + each);
  else
    text_wrapped(
        fill(s.view.touch
                 ? tr("%s%s · zoom ×%s · pinch to zoom, double-tap to reset")
                 : tr("%s%s · zoom ×%s · Ctrl+wheel or pinch to zoom, drag to pan, double-click to reset"),
             {texels, each, format_decimal(double(zoom), 1)}));
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
}

// --- the read-out --------------------------------------------------------------------------

// The words whose positions include cell `cell` (WordSet::setters_of_bit), kept in the bit
// cache until the words change or another cell is shown.
const BitCache& setters_of(AppState& s, uint64_t cell) {
  BitCache& v = s.bit_cache;
  if (v.setters_bit != int64_t(cell) || v.setters_version != s.version) {
    v.setters = shown_set(s).setters_of_bit(cell);
    v.setters_bit = int64_t(cell);
    v.setters_version = s.version;
  }
  return v;
}

// Those words, quoted, the first kSettersListed of them.
std::string setter_names(const AppState& s, const BitCache& v) {
  std::string names;
  for (size_t i = 0; i < std::min(v.setters.size(), kSettersListed); ++i)
    names += (i ? ", " : "") + in_quotes(actions::shown_word(s, shown_set(s).words()[v.setters[i]], 24));
  if (v.setters.size() > kSettersListed) names += ", …";
  return names;
}

// A slot of a filter of fingerprints: empty, or its fingerprint and the words whose fingerprint
// it is and whose buckets include it (a fingerprint is shared: it cannot say which one put it).
void slot_readout(AppState& s, const Filter& f, uint64_t slot) {
  const unsigned group = f.ops().group ? std::max(1u, f.ops().group(f.params())) : 1;
  const std::string where = fill(tr("slot %s (bucket %s)"), {with_commas(slot), with_commas(slot / group)});
  const uint64_t fp = f.counter(slot);
  if (fp == 0) {
    text_wrapped(fill(tr("%s is empty."), {where}).c_str());
    return;
  }
  const BitCache& v = setters_of(s, slot);
  std::string names;
  size_t listed = 0;
  for (size_t i : v.setters) {
    const std::string& w = shown_set(s).words()[i];
    if (f.trace(w).fingerprint.fingerprint != fp) continue;
    if (listed++ == kSettersListed) {
      names += ", …";
      break;
    }
    names += (names.empty() ? "" : ", ") + in_quotes(actions::shown_word(s, w, 24));
  }
  // TRANSLATORS: "slot 12 (bucket 6) holds fingerprint ac: the fingerprint of "dragon"".
  text_wrapped(
      fill(tr("%s holds fingerprint %s: the fingerprint of %s"), {where, hex_text(fp), names}).c_str());
}

// A binary fuse filter's slot: its value, and the words whose three slots include it (a word's
// fingerprint is the XOR of its three: each of them reads this slot).
void fuse_slot_readout(AppState& s, const Filter& f, uint64_t slot) {
  const BitCache& v = setters_of(s, slot);
  const std::string names = setter_names(s, v);
  const std::string holds = fill(tr("slot %s holds %s"), {with_commas(slot), hex_text(f.counter(slot))});
  if (v.setters.empty()) {
    text_wrapped(fill(tr("%s; no word reads it."), {holds}).c_str());
    return;
  }
  // TRANSLATORS: "slot 12 holds 3f; 2 words read it: "dragon", "apple"".
  text_wrapped(fill(trn("%s; %s word reads it: %s", "%s; %s words read it: %s", v.setters.size()),
                    {holds, with_commas(v.setters.size()), names})
                   .c_str());
}

void readout(AppState& s) {
  BitCache& v = s.bit_cache;
  const int64_t shown = v.hovered_bit >= 0 ? v.hovered_bit : s.bits.pinned_bit;
  const Filter& f = shown_set(s).filter();
  if (shown < 0 || uint64_t(shown) >= f.bit_count()) {
    // The teacher knows, the class watches; a panel the step names under the bits needs the room.
    if (s.view.presentation || named_below(s, Panel::bits) > 0) return;
    ImGui::PushTextWrapPos(0.0f);  // wraps at the card's edge (a longer language on a slide)
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (holds_fingerprints(f.ops()))
      text_wrapped(tr("Hover or tap a slot to see whose fingerprint it holds."));
    else if (holds_fingerprint_values(f.ops()))
      text_wrapped(tr("Hover or tap a slot to see which words read it."));
    else
      text_wrapped(s.view.touch ? tr("Tap a bit to see which words set it.")
                                : tr("Hover or tap a bit to see which words set it."));
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    return;
  }
  const auto bit = uint64_t(shown);
  if (v.texture_bucket > 1 && f.bit_count() > kMaxCellBits) {
    uint64_t set = 0;
    for (uint64_t b = bit; b < std::min(f.bit_count(), bit + v.texture_bucket); ++b) set += f.bit(b);
    text_wrapped(
        fill(tr("bits %s – %s: %s of %s set"), {with_commas(bit), with_commas(bit + v.texture_bucket - 1),
                                                with_commas(set), with_commas(v.texture_bucket)})
            .c_str());
    return;
  }
  if (holds_fingerprints(f.ops())) {
    later(slot_readout)(s, f, bit);
    return;
  }
  if (holds_fingerprint_values(f.ops())) {
    later(fuse_slot_readout)(s, f, bit);
    return;
  }
  setters_of(s, bit);
  if (!f.bit(bit)) {
    text_wrapped(fill(tr("bit %s is 0: no word set it."), {with_commas(bit)}).c_str());
    return;
  }
  const std::string names = setter_names(s, v);
  text_wrapped(
      fill(trn("bit %s is 1, set by %s word: %s", "bit %s is 1, set by %s words: %s", v.setters.size()),
           {with_commas(bit), with_commas(v.setters.size()), names})
          .c_str());
}

}  // namespace

// A card's one-line hint and its "?" formula.
struct CardTexts {
  std::string hint;
  const char* formula = nullptr;
};

CardTexts bits_card_texts(const Filter& f) {
  const uint64_t m = f.bit_count();
  return {fill(tr("%s, %s set (%s). Adding a word sets its k bits to 1; a query checks them."),
               {bits_text(m), with_commas(f.bits_set()), format_percent(double(f.bits_set()) / double(m))}),
          tr("Each word sets k bits. After n words a bit is still 0 with probability "
             "(1 − 1/m)^(kn) ≈ e^(−kn/m), so the expected fill is 1 − e^(−kn/m).")};
}

CardTexts fingerprint_card_texts(const Filter& f, unsigned group) {
  return {
      fill(
          tr("Slots: %s, in buckets of %s; with a fingerprint: %s. A word's goes into one of its two buckets."),
          {with_commas(f.bit_count()), std::to_string(group), with_commas(f.bits_set())}),
      tr("fingerprint: f bits of the hash, never 0 (0: an empty slot)\ni2 = i1 XOR hash(fingerprint)\n"
         "both full: kick one out to its other bucket")};
}

CardTexts fuse_card_texts(uint64_t slots) {
  return {fill(tr("Slots: %s, built from all the words at once (an add rebuilds them). A word's fingerprint "
                  "is the XOR of its three slots."),
               {with_commas(slots)}),
          tr("A word's three slots are one in each of three consecutive segments.\n"
             "Possibly in the set: slot 1 XOR slot 2 XOR slot 3 = its fingerprint (f bits).\n"
             "Building peels the words: a slot that one word alone reads is written last.")};
}

void panel_bits(AppState& s, Host& host) {
  const Filter& f = shown_set(s).filter();
  const uint64_t m = f.bit_count();
  const bool fingerprints = holds_fingerprints(f.ops());
  const unsigned group = f.ops().group ? std::max(1u, f.ops().group(f.params())) : 1;
  // A filter of fingerprints or their parts: their card's texts (their own functions: a first
  // visit has neither).
  const CellHolds holds = f.ops().holds;
  const CardTexts texts = holds == CellHolds::fingerprint ? later(fingerprint_card_texts)(f, group)
                          : holds == CellHolds::xor_part  ? later(fuse_card_texts)(m)
                                                          : bits_card_texts(f);
  const bool brief = begin_panel_card(s, Panel::bits, tr("Bit array"), texts.hint.c_str(), texts.formula);
  // A slide keeps its room for the cells, and so does the short form (a step that names the bits
  // beside another panel).
  if (!ui_compact() && !brief) legend(f.ops().holds);
  const Highlights h = highlights(s);
  if (fingerprints && m <= kMaxCellBits) {
    s.bit_cache.texture_bucket = 1;
    later(draw_buckets)(s, h, group);
  } else if (m <= kMaxCellBits) {
    s.bit_cache.texture_bucket = 1;
    draw_cells(s, h);
  } else {
    s.layout.bit_cells = false;
    s.layout.cell_text = 0;
    draw_texture(s, host, h);
  }
  if (fingerprints) later(load_bar)(f);
  readout(s);
  end_card();
}

}  // namespace bloomlab::app
