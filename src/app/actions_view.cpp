// The view's actions (see actions.h): presentation mode, the step-through, keyboard shortcuts,
// share links and embed snippets, exports, and the screen-reader summary. Like every action they
// are the only code that changes the state; the panels and the platform call them.
#include <algorithm>
#include <cstdio>

#include "actions.h"
#include "core/theory.h"
#include "ui.h"
#include "url_params.h"

namespace bloomlab::app::actions {
namespace {

constexpr float kPresentationScale = 2.0f;

// Every CSV field is a number or a fixed word: none needs quoting (RFC 4180).
std::string csv_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// Text for an HTML attribute value in double quotes: the link is percent-encoded already, but
// the page URL comes from the browser, so escape what would end the attribute.
std::string attribute_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return out;
}

}  // namespace

void set_presentation(AppState& s, bool on) {
  ViewOptions& v = s.view;
  if (on == v.presentation) return;
  if (on) {
    v.theme_before_presentation = v.theme;
    v.scale_before_presentation = v.font_scale;
    v.theme = Theme::high_contrast;
    v.font_scale = std::max(v.font_scale, kPresentationScale);
    v.show_shortcuts = true;
  } else {
    v.theme = v.theme_before_presentation;
    v.font_scale = v.scale_before_presentation;
    v.show_shortcuts = false;
  }
  v.presentation = on;
}

// Steps: 0 the word's bytes, 1 h = FNV-1a 64, 2 h1 and h2, 3 .. 3+k-1 each position,
// 3+k the verdict from the bits.
int step_count(const AppState& s) { return 4 + int(s.set.params().k); }

void step(AppState& s, int delta) {
  if (s.steps.word != s.word_input) {
    s.steps.word = s.word_input;
    s.steps.step = 0;
  }
  s.steps.step = std::clamp(s.steps.step + delta, 0, step_count(s) - 1);
}

void run_shortcut(AppState& s, Host& host, Shortcut key) {
  switch (key) {
    case Shortcut::focus_word: s.focus_word_box = s.view.show_words; break;
    case Shortcut::preset_tiny: load_preset(s, host, "tiny"); break;
    case Shortcut::preset_passwords: load_preset(s, host, "passwords"); break;
    case Shortcut::preset_empty: load_preset(s, host, "empty"); break;
    case Shortcut::presentation: set_presentation(s, !s.view.presentation); break;
    case Shortcut::step_back:
      if (s.view.show_steps) step(s, -1);
      break;
    case Shortcut::step_forward:
      if (s.view.show_steps) step(s, +1);
      break;
    case Shortcut::toggle_steps:
      s.view.show_steps = !s.view.show_steps;
      if (s.view.show_steps) step(s, 0);
      break;
    case Shortcut::toggle_shortcuts: s.view.show_shortcuts = !s.view.show_shortcuts; break;
  }
}

std::string share_link(const AppState& s, const Host& host) {
  return host.page_url() + "?" + url_params_for(s);
}

std::string embed_snippet(const AppState& s, const Host& host) {
  // embed=1 gives the iframe the compact header (url_params.h).
  std::string link = share_link(s, host);
  if (!s.view.embed) link += "&embed=1";
  // The sandbox lets the app run (scripts), keep the reader's words (same-origin: localStorage)
  // and save its PNG and CSV (downloads); never navigate the article's page or open windows.
  return "<iframe src=\"" + attribute_text(link) +
         "\" title=\"BloomLab: a Bloom filter you can play with\" "
         "style=\"width:100%;height:560px;border:0\" loading=\"lazy\" "
         "sandbox=\"allow-scripts allow-same-origin allow-downloads\"></iframe>";
}

std::string measurements_csv(const AppState& s) {
  const FilterParams& p = s.set.params();
  const double n = double(s.set.filter().items_added());
  std::string out = "kind,n,m,k,bits_per_word,measured_fp,theory_fp\n";
  for (const MeasuredPoint& mp : s.plots.measured_vs_bits) {
    out += "sweep," + csv_number(n) + "," + csv_number(mp.bits_per_item * n) + "," +
           std::to_string(mp.k) + "," + csv_number(mp.bits_per_item) + "," + csv_number(mp.rate) +
           "," + csv_number(theory::standard_fp_rate(1, mp.bits_per_item, double(mp.k))) + "\n";
  }
  const bool measured = s.measurement && s.measurement_version == s.version;
  out += "current," + csv_number(n) + "," + std::to_string(p.m) + "," + std::to_string(p.k) + "," +
         csv_number(n > 0 ? double(p.m) / n : 0.0) + "," +
         (measured ? csv_number(s.measurement->measured_rate) : std::string()) + "," +
         csv_number(theoretical_fp_rate(p, n)) +
         "\n";
  return out;
}

void export_csv(AppState& s, Host& host) {
  if (!(s.measurement && s.measurement_version == s.version)) measure(s, s.probes);
  host.save_file("bloomlab-measurements.csv", "text/csv", measurements_csv(s));
  s.export_note = Note{"Saved bloomlab-measurements.csv", false, 0};
}

void export_plot_png(AppState& s, Host& host) {
  const ScreenRect& r = s.layout.plot_bits;
  if (r.w <= 0 || r.h <= 0) {
    s.export_note = Note{"The plot is not on screen: show the plots panel first.", true, 0};
    return;
  }
  host.save_png("bloomlab-plot.png", r.x, r.y, r.w, r.h);
  s.export_note = Note{"Saved bloomlab-plot.png", false, 0};
}

std::string announcement(AppState& s) {
  const Filter& f = s.set.filter();
  const FilterParams& p = s.set.params();
  const double n = double(f.items_added()), m = double(p.m);
  std::string text;
  if (!s.word_input.empty())
    text = display_text(s.word_input) + ": " + current_query(s).sentence() + ". ";
  text += with_commas(f.items_added()) + " words, m = " + with_commas(p.m) + " bits, k = " +
          std::to_string(p.k) + ", " + format_rate(double(f.bits_set()) / m) +
          " of bits set, theoretical false-positive rate " +
          format_rate(theory::standard_fp_rate(n, m, double(p.k))) + ".";
  return text;
}

}  // namespace bloomlab::app::actions
