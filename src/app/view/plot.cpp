// The plot helper (see plot.h).
#include "plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/model/i18n.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// Maps data to screen inside the plot area.
struct Frame {
  ImVec2 min, max;  // the plotting area (inside the axes)
  PlotSpec spec;
  double ty(double y) const { return spec.log_y ? std::log10(y) : y; }
  float sx(double x) const {
    return min.x + float((x - spec.x_min) / (spec.x_max - spec.x_min)) * (max.x - min.x);
  }
  float sy(double y) const {
    const double lo = ty(spec.y_min), hi = ty(spec.y_max);
    return max.y - float((ty(y) - lo) / (hi - lo)) * (max.y - min.y);
  }
  float sy_right(double y) const {
    return max.y - float((y - spec.right_min) / (spec.right_max - spec.right_min)) * (max.y - min.y);
  }
  float sy_on(bool right, double y) const { return right ? sy_right(y) : sy(y); }
  bool drawable_on(bool right, double y) const { return right ? std::isfinite(y) : drawable(y); }
  double data_x(float px) const {
    return spec.x_min + double((px - min.x) / (max.x - min.x)) * (spec.x_max - spec.x_min);
  }
  bool drawable(double y) const { return std::isfinite(y) && (!spec.log_y || y > 0); }
};

// A step of 1, 2 or 5 times a power of ten giving about `count` ticks over `range`.
double nice_step(double range, int count) {
  const double raw = range / count;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double r = raw / mag;
  return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
}

std::string default_format(double v) {
  if (std::abs(v) >= 1000 && std::abs(v) < 1e15 && v == std::floor(v))  // 2,000 rather than 2e+03
    return (v < 0 ? "-" : "") + with_commas(uint64_t(std::abs(v)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// "10⁻³" with Unicode superscripts (in the font subset), "1" for 10^0.
std::string power_of_ten(int e) {
  static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  if (e == 0) return "1";
  std::string out = e < 0 ? "10⁻" : "10";
  const std::string num = std::to_string(std::abs(e));
  for (char c : num) out += digits[c - '0'];
  return out;
}

void draw_axes(ImDrawList* dl, const Frame& f) {
  const Palette& pal = palette();
  dl->AddRectFilled(f.min, f.max, pal.plot_bg);
  const float font = ImGui::GetFontSize();
  // y ticks: decades on a log axis, nice steps on a linear one.
  if (f.spec.log_y) {
    const int lo = int(std::ceil(std::log10(f.spec.y_min) - 1e-9));
    const int hi = int(std::floor(std::log10(f.spec.y_max) + 1e-9));
    for (int e = lo; e <= hi; ++e) {
      const float y = f.sy(std::pow(10.0, e));
      dl->AddLine(ImVec2(f.min.x, y), ImVec2(f.max.x, y), pal.grid);
      const std::string label = power_of_ten(e);
      const ImVec2 size = ImGui::CalcTextSize(label.c_str());
      dl->AddText(ImVec2(f.min.x - size.x - 6, y - size.y / 2), pal.text_dim, label.c_str());
    }
  } else {
    const double step = nice_step(f.spec.y_max - f.spec.y_min, 5);
    for (double v = std::ceil(f.spec.y_min / step) * step; v <= f.spec.y_max + step * 1e-6; v += step) {
      const float y = f.sy(v);
      dl->AddLine(ImVec2(f.min.x, y), ImVec2(f.max.x, y), pal.grid);
      const std::string label = default_format(v);
      const ImVec2 size = ImGui::CalcTextSize(label.c_str());
      dl->AddText(ImVec2(f.min.x - size.x - 6, y - size.y / 2), pal.text_dim, label.c_str());
    }
  }
  const int x_ticks = std::max(2, int((f.max.x - f.min.x) / (font * 4)));
  const double step = std::max(1.0, nice_step(f.spec.x_max - f.spec.x_min, x_ticks));
  for (double v = std::ceil(f.spec.x_min / step) * step; v <= f.spec.x_max + step * 1e-6; v += step) {
    const float x = f.sx(v);
    dl->AddLine(ImVec2(x, f.min.y), ImVec2(x, f.max.y), pal.grid);
    const std::string label = default_format(v);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    dl->AddText(ImVec2(x - size.x / 2, f.max.y + 4), pal.text_dim, label.c_str());
  }
  if (f.spec.right_axis) {  // the second axis: linear, its labels right of the frame
    const double right_step = nice_step(f.spec.right_max - f.spec.right_min, 4);
    auto fmt = f.spec.format_right ? f.spec.format_right : default_format;
    for (double v = std::ceil(f.spec.right_min / right_step) * right_step;
         v <= f.spec.right_max + right_step * 1e-6; v += right_step) {
      const float y = f.sy_right(v);
      dl->AddLine(ImVec2(f.max.x - 4, y), ImVec2(f.max.x, y), f.spec.right_colour, 1.5f);
      const std::string label = fmt(v);
      const ImVec2 size = ImGui::CalcTextSize(label.c_str());
      dl->AddText(ImVec2(f.max.x + 5, y - size.y / 2), f.spec.right_colour, label.c_str());
    }
  }
  dl->AddRect(f.min, f.max, pal.card_border);
  const ImVec2 xl = ImGui::CalcTextSize(f.spec.x_label);
  dl->AddText(ImVec2((f.min.x + f.max.x - xl.x) / 2, f.max.y + font + 8), pal.text_dim, f.spec.x_label);
}

// Cuts segment a-b to the rectangle [lo, hi] (Liang-Barsky); false when nothing is left. A
// curve's point far off the plot (an FP of 1e-300 on a log axis) lies millions of pixels away:
// dashing all of that took forever.
bool clip_segment(ImVec2& a, ImVec2& b, ImVec2 lo, ImVec2 hi) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  float t0 = 0, t1 = 1;
  const float p[4] = {-dx, dx, -dy, dy}, q[4] = {a.x - lo.x, hi.x - a.x, a.y - lo.y, hi.y - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const float r = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, r);
    else
      t1 = std::min(t1, r);
    if (t0 > t1) return false;
  }
  b = ImVec2(a.x + t1 * dx, a.y + t1 * dy);
  a = ImVec2(a.x + t0 * dx, a.y + t0 * dy);
  return true;
}

void draw_dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, float& phase) {
  const double dash = 7 * ui_scale(), gap = 5 * ui_scale(), cycle_len = dash + gap;
  if (!std::isfinite(a.x + a.y + b.x + b.y) ||
      !clip_segment(a, b, dl->GetClipRectMin(), dl->GetClipRectMax()))
    return;
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len = std::sqrt(dx * dx + dy * dy);
  // In double, and never less than a hundredth of a pixel a step: a float run of 1e-5 px added
  // to t = 500 left t where it was, and the loop never ended.
  double t = 0, at = std::fmod(double(phase), cycle_len);
  while (t < len) {
    const double run = std::max(0.01, std::min(len - t, at < dash ? dash - at : cycle_len - at));
    if (at < dash)
      dl->AddLine(ImVec2(float(a.x + dx * t / len), float(a.y + dy * t / len)),
                  ImVec2(float(a.x + dx * std::min(len, t + run) / len),
                         float(a.y + dy * std::min(len, t + run) / len)),
                  colour, thickness);
    t += run;
    at = std::fmod(at + run, cycle_len);
  }
  phase = float(at);
}

void draw_series(ImDrawList* dl, const Frame& f, const PlotSeries& s) {
  const float thickness = 2.2f * ui_scale();
  float phase = 0;
  bool have_prev = false;
  ImVec2 prev;
  for (size_t i = 0; i < s.x.size(); ++i) {
    if (!f.drawable_on(s.right_axis, s.y[i])) {
      have_prev = false;
      continue;
    }
    const ImVec2 p(f.sx(s.x[i]), f.sy_on(s.right_axis, s.y[i]));
    if (s.style == SeriesStyle::points) {
      dl->AddCircleFilled(p, 3.5f * ui_scale(), s.colour);
      continue;
    }
    if (have_prev) {
      if (s.style == SeriesStyle::dashed)
        draw_dashed(dl, prev, p, s.colour, thickness, phase);
      else
        dl->AddLine(prev, p, s.colour, thickness);
    }
    prev = p;
    have_prev = true;
  }
}

// A triangle at p pointing along (dx, dy) (a unit direction): where an off-scale point lies.
void draw_arrow(ImDrawList* dl, ImVec2 p, float dx, float dy, ImU32 colour) {
  const float len = 11 * ui_scale(), half = 6 * ui_scale();
  const ImVec2 tip(p.x + dx * len * 0.5f, p.y + dy * len * 0.5f);
  const ImVec2 base(p.x - dx * len * 0.5f, p.y - dy * len * 0.5f);
  dl->AddTriangleFilled(tip, ImVec2(base.x - dy * half, base.y + dx * half),
                        ImVec2(base.x + dy * half, base.y - dx * half), colour);
}

// The labels drawn so far (and the legend's box, and the markers' points): a new label goes
// where it overlaps none. A marker's point is an entry of marker kPointOf - index: its own label
// sits beside it, the others keep off it (the 1% label ran over the 0.1% dot on a slide).
using Labels = std::vector<PlotLabel>;
constexpr int kPointOf = -2;

bool label_free(const Labels& placed, int marker, float x, float y, float w, float h) {
  for (const PlotLabel& a : placed)
    if (a.marker != kPointOf - marker && x < a.x + a.w && a.x < x + w && y < a.y + a.h && a.y < y + h)
      return false;
  return true;
}

// Draws `text` at (xs[0], y) if that is free; else at the nearest free place: the same line at
// another x offered (the point's other side), then a whole line (plus a gap) down or up, each x
// in turn, inside the plot; at the wanted place if none is free (a plot too small). It sits on
// a translucent patch of the plot's background: a curve under it does not cross its letters.
void put_label(ImDrawList* dl, const Frame& f, Labels& placed, int marker, const std::string& text,
               ImU32 colour, const float (&xs)[3], int n, float y) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const float top = f.min.y + 1, bottom = f.max.y - size.y - 1, step = size.y + 2;
  ImVec2 at(xs[0], y);
  if (!label_free(placed, marker, at.x, at.y, size.x, size.y)) {
    for (int c = 0; c < 2 * n * 64; ++c) {  // line c / 2n, down then up, each x
      const float x = xs[c % n], yy = y + step * float(c / (2 * n)) * ((c / n) % 2 ? -1.0f : 1.0f);
      if (x >= f.min.x && x + size.x <= f.max.x && yy >= top && yy <= bottom &&
          label_free(placed, marker, x, yy, size.x, size.y)) {
        at = ImVec2(x, yy);
        break;
      }
    }
  }
  placed.push_back({marker, at.x, at.y, size.x, size.y});
  dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + size.x + 2, at.y + size.y),
                    (palette().plot_bg & 0x00FFFFFF) | 0xC0000000, 3);
  dl->AddText(at, colour, text.c_str());
}

void draw_marker(ImDrawList* dl, const Frame& f, const PlotMarker& m, int index, Labels& labels) {
  float x = f.sx(m.x);
  const ImVec2 size = ImGui::CalcTextSize(m.label.c_str());
  if (m.clamp && !std::isnan(m.y)) {
    // Off the plot: on the edge it lies beyond, an arrow pointing out, "label (off scale)".
    const bool y_ok = f.drawable_on(m.right_axis, m.y);
    float y = y_ok ? f.sy_on(m.right_axis, m.y) : f.max.y;  // FP 0 on a log axis: below
    if (!std::isfinite(y)) y = f.max.y;
    const float inset = 8 * ui_scale();
    float dx = 0, dy = 0;
    if (x < f.min.x) dx = -1;
    if (x > f.max.x) dx = 1;
    if (y < f.min.y) dy = -1;
    if (y > f.max.y) dy = 1;
    if (dx != 0 || dy != 0) {
      x = std::clamp(x, f.min.x + inset, f.max.x - inset);
      y = std::clamp(y, f.min.y + inset, f.max.y - inset);
      const float norm = std::sqrt(dx * dx + dy * dy);
      draw_arrow(dl, ImVec2(x, y), dx / norm, dy / norm, m.colour);
      const std::string label = m.label + tr(" (off scale)");
      const ImVec2 ls = ImGui::CalcTextSize(label.c_str());
      const float lx = x + 12 + ls.x > f.max.x ? x - 12 - ls.x : x + 12;
      const float ly = std::clamp(y - ls.y / 2, f.min.y + 2, f.max.y - ls.y - 2);
      put_label(dl, f, labels, index, label, m.colour, {lx, x - 12 - ls.x, x + 12}, 3, ly);
      return;
    }
  }
  if (x < f.min.x - 1 || x > f.max.x + 1) return;
  if (std::isnan(m.y)) {
    float phase = 0;
    draw_dashed(dl, ImVec2(x, f.min.y), ImVec2(x, f.max.y), m.colour, 1.5f * ui_scale(), phase);
    // Beside the line, right or left of it; where neither side has room, the short label (a
    // slide's small plot: the long one ran over the y axis's ticks, or the line through it).
    const auto beside = [&](float w) -> std::optional<float> {
      if (x + 4 + w <= f.max.x - 2) return x + 4;
      if (x - 4 - w >= f.min.x + 2) return x - 4 - w;
      return std::nullopt;
    };
    const std::string* label = &m.label;
    float w = size.x;
    std::optional<float> lx = beside(w);
    if (!lx && !m.short_label.empty()) {
      label = &m.short_label;
      w = ImGui::CalcTextSize(label->c_str()).x;
      lx = beside(w);
    }
    const float at = lx ? *lx : std::max(std::min(x + 4, f.max.x - w - 2), f.min.x + 2);
    if (!label->empty())
      put_label(dl, f, labels, index, *label, m.colour, {at, x - 4 - w, 0}, 2, f.min.y + 2);
    return;
  }
  if (!f.drawable_on(m.right_axis, m.y)) return;
  const ImVec2 p(x, f.sy_on(m.right_axis, m.y));
  if (m.dot)
    dl->AddCircleFilled(p, 4.5f * ui_scale(), m.colour);
  else
    dl->AddCircle(p, 7 * ui_scale(), m.colour, 0, 2.5f * ui_scale());
  if (m.label.empty()) return;
  const float lx = p.x + 10 + size.x > f.max.x ? p.x - 10 - size.x : p.x + 10;
  const float right = p.x + 10, left = p.x - 10 - size.x;
  if (m.label_below)
    put_label(dl, f, labels, index, m.label, m.colour, {p.x - size.x / 2, right, left}, 3, p.y + 6);
  else
    put_label(dl, f, labels, index, m.label, m.colour, {lx, lx == right ? left : right, 0}, 2,
              p.y - size.y - 2);
}

// A legend entry's sample: a short line, dashed line or dot from a to b.
void draw_swatch(ImDrawList* dl, const PlotSeries& s, ImVec2 a, ImVec2 b) {
  float phase = 0;
  if (s.style == SeriesStyle::points)
    dl->AddCircleFilled(ImVec2((a.x + b.x) / 2, a.y), 3.5f * ui_scale(), s.colour);
  else if (s.style == SeriesStyle::dashed)
    draw_dashed(dl, a, b, s.colour, 2.2f * ui_scale(), phase);
  else
    dl->AddLine(a, b, s.colour, 2.2f * ui_scale());
}

float legend_swatch() { return 18 * ui_scale(); }
float legend_pad() { return 6 * ui_scale(); }

// Whether the legend's box fits inside the plot, its labels whole on one line each.
bool legend_fits_inside(const Frame& f, const std::vector<PlotSeries>& series) {
  const float pad = legend_pad();
  float width = 0;
  for (const auto& s : series) width = std::max(width, ImGui::CalcTextSize(s.label.c_str()).x);
  const float box_w = width + legend_swatch() + 3 * pad;
  const float box_h = float(series.size()) * ImGui::GetTextLineHeight() + 2 * pad;
  return box_w <= f.max.x - f.min.x - 2 * pad && box_h <= f.max.y - f.min.y - 2 * pad;
}

// The legend's box inside the plot, in the corner the spec names (where its curves leave room).
std::pair<ImVec2, ImVec2> legend_box(const Frame& f, const std::vector<PlotSeries>& series) {
  const float line = ImGui::GetTextLineHeight(), pad = legend_pad();
  float width = 0;
  for (const auto& s : series) width = std::max(width, ImGui::CalcTextSize(s.label.c_str()).x);
  const float box_h = float(series.size()) * line + 2 * pad;
  const float top = f.spec.legend_top ? f.min.y + pad : f.max.y - pad - box_h;
  const float box_w = width + legend_swatch() + 3 * pad;
  const ImVec2 box_min(f.spec.legend_right ? f.max.x - pad - box_w : f.min.x + pad, top);
  return {box_min, ImVec2(box_min.x + box_w, top + box_h)};
}

// Whether a "you are here" marker's point (clamp: it must never vanish) or a measured point
// lies under the legend's box, with its ring's room: on Tiny (12.8 bits per word) the marker sat
// in the legend's "measured" line; at 1280 px the growth plot's last measured points did.
bool legend_covers_a_point(const Frame& f, const std::vector<PlotSeries>& series,
                           const std::vector<PlotMarker>& markers) {
  const std::pair<ImVec2, ImVec2> box = legend_box(f, series);
  const ImVec2 lo = box.first, hi = box.second;  // a lambda cannot capture structured bindings
  const float ring = 8 * ui_scale();
  const auto under = [&](bool right_axis, double px, double py) {
    if (std::isnan(py) || !f.drawable_on(right_axis, py)) return false;
    const float x = f.sx(px), y = f.sy_on(right_axis, py);
    return x >= lo.x - ring && x <= hi.x + ring && y >= lo.y - ring && y <= hi.y + ring;
  };
  for (const PlotMarker& m : markers)  // a marker's point (its label keeps off the legend)
    if ((m.clamp || m.dot) && under(m.right_axis, m.x, m.y)) return true;
  for (const PlotSeries& s : series) {
    if (s.style != SeriesStyle::points) continue;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (s.x[i] >= f.spec.x_min && s.x[i] <= f.spec.x_max && under(s.right_axis, s.x[i], s.y[i]))
        return true;
  }
  return false;
}

// Draws the legend inside the plot (legend_fits_inside); returns its box (labels keep off it).
PlotLabel draw_legend(ImDrawList* dl, const Frame& f, const std::vector<PlotSeries>& series) {
  const Palette& pal = palette();
  const float line = ImGui::GetTextLineHeight(), swatch = legend_swatch(), pad = legend_pad();
  const auto [box_min, box_max] = legend_box(f, series);
  dl->AddRectFilled(box_min, box_max, (pal.plot_bg & 0x00FFFFFF) | 0xE0000000, 4);
  dl->AddRect(box_min, box_max, pal.grid, 4);
  float y = box_min.y + pad;
  for (const auto& s : series) {
    const float mid = y + line / 2;
    draw_swatch(dl, s, ImVec2(box_min.x + pad, mid), ImVec2(box_min.x + pad + swatch, mid));
    dl->AddText(ImVec2(box_min.x + 2 * pad + swatch, y), pal.text, s.label.c_str());
    y += line;
  }
  return {-1, box_min.x, box_min.y, box_max.x - box_min.x, box_max.y - box_min.y};
}

// The legend under the plot, one entry a line, each label wrapped at the card's edge: where the
// box would not fit inside (a slide's large text, Russian's and Ukrainian's longer labels, a
// phone), rather than cut at the plot's edge.
void legend_below(const std::vector<PlotSeries>& series) {
  const float swatch = legend_swatch(), line = ImGui::GetTextLineHeight();
  for (const auto& s : series) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(swatch, line));
    draw_swatch(ImGui::GetWindowDrawList(), s, ImVec2(at.x, at.y + line / 2),
                ImVec2(at.x + swatch, at.y + line / 2));
    ImGui::SameLine();
    text_wrapped(s.label);
  }
}

// The value of every series at the mouse's x (nearest sample), in a tooltip.
void draw_readout(ImDrawList* dl, const Frame& f, const std::vector<PlotSeries>& series) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  dl->AddLine(ImVec2(mouse.x, f.min.y), ImVec2(mouse.x, f.max.y), palette().text_dim);
  const double x = f.data_x(mouse.x);
  auto fx = f.spec.format_x ? f.spec.format_x : default_format;
  auto fy = f.spec.format_y ? f.spec.format_y : default_format;
  ImGui::BeginTooltip();
  ImGui::Text("%s = %s", f.spec.x_label, fx(x).c_str());
  for (const auto& s : series) {
    if (s.x.empty()) continue;
    size_t best = 0;
    for (size_t i = 1; i < s.x.size(); ++i)
      if (std::abs(s.x[i] - x) < std::abs(s.x[best] - x)) best = i;
    if (!f.drawable_on(s.right_axis, s.y[best])) continue;
    dl->AddCircleFilled(ImVec2(f.sx(s.x[best]), f.sy_on(s.right_axis, s.y[best])), 4.5f * ui_scale(),
                        s.colour);
    ImGui::PushStyleColor(ImGuiCol_Text, s.colour);
    const std::string value =
        s.right_axis && f.spec.format_right ? f.spec.format_right(s.y[best]) : fy(s.y[best]);
    ImGui::TextUnformatted(fill(tr("%s: %s (at %s)"), {s.label, value, fx(s.x[best])}).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::EndTooltip();
}

}  // namespace

DrawnPlot draw_plot(const PlotSpec& spec, const std::vector<PlotSeries>& series,
                    const std::vector<PlotMarker>& markers) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 120.0f);
  const float height = spec.height * ui_scale();
  ImGui::PushTextWrapPos(0.0f);  // a long title wraps at the card's edge (a slide, a phone)
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped(spec.y_label);
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  if (spec.right_axis && *spec.right_label) {  // the second axis's title, right-aligned
    const float w = ImGui::CalcTextSize(spec.right_label).x;
    // Beside the first title when both fit (else under it: a slide's large text, a phone).
    if (ImGui::GetItemRectMax().x + 8 + w <= origin.x + width - 4) ImGui::SameLine();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(std::max(at.x, origin.x + width - w - 4), at.y));
    ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(spec.right_colour));
    ImGui::TextUnformatted(spec.right_label);
    ImGui::PopStyleColor();
  }
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(spec.id, ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  DrawnPlot drawn{top.x, top.y, width, height, {}};
  const float left = ImGui::CalcTextSize("10⁻⁰⁰").x + 10;
  const float right = spec.right_axis ? ImGui::CalcTextSize("100%").x + 10 : 8;
  Frame f{ImVec2(top.x + left, top.y + 4), ImVec2(origin.x + width - right, top.y + height - 2 * font - 14),
          spec};
  if (f.max.x <= f.min.x + 10 || f.max.y <= f.min.y + 10) return drawn;
  draw_axes(dl, f);
  dl->PushClipRect(f.min, f.max, true);
  for (const auto& s : series) draw_series(dl, f, s);
  dl->PopClipRect();
  // In the corner the spec names; where a marker or a measured point would be under it, in the
  // opposite corner (monotone curves leave both empty), then in the other two; else under the
  // plot.
  const bool fits = !spec.legend_under && legend_fits_inside(f, series);  // the same size in any corner
  bool inside = false;
  const bool upper = spec.legend_top, right_side = spec.legend_right;
  const bool corners[4][2] = {
      {upper, right_side}, {!upper, !right_side}, {upper, !right_side}, {!upper, right_side}};
  for (int i = 0; fits && !inside && i < 4; ++i) {
    f.spec.legend_top = corners[i][0];
    f.spec.legend_right = corners[i][1];
    inside = !legend_covers_a_point(f, series, markers);
  }
  dl->PushClipRect(f.min, f.max, true);  // the markers over the legend: "you are here" stays readable
  Labels labels{inside ? draw_legend(dl, f, series) : PlotLabel{}};  // the markers' labels keep off it
  for (size_t i = 0; i < markers.size(); ++i) {                      // and off the markers' points
    const PlotMarker& m = markers[i];
    if (std::isnan(m.y) || !f.drawable_on(m.right_axis, m.y)) continue;
    const ImVec2 p(f.sx(m.x), f.sy_on(m.right_axis, m.y));
    const float r = (m.dot ? 4.5f : 7.0f) * ui_scale() + 1;
    if (p.x >= f.min.x && p.x <= f.max.x && p.y >= f.min.y && p.y <= f.max.y)
      labels.push_back({kPointOf - int(i), p.x - r, p.y - r, 2 * r, 2 * r});
  }
  for (size_t i = 0; i < markers.size(); ++i) draw_marker(dl, f, markers[i], int(i), labels);
  labels.erase(
      std::remove_if(labels.begin(), labels.end(), [](const PlotLabel& l) { return l.marker <= kPointOf; }),
      labels.end());
  if (!inside) labels.erase(labels.begin());  // else the legend's box stays first (marker -1)
  dl->PopClipRect();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= f.min.x && mouse.x <= f.max.x && mouse.y >= f.min.y && mouse.y <= f.max.y)
    draw_readout(dl, f, series);
  if (!inside) legend_below(series);
  drawn.labels = std::move(labels);
  return drawn;
}

}  // namespace bloomlab::app
