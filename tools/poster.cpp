// Build-time pictures for an embed's poster (start=click, issue 36): each preset's bit array, as
// the app shows it once the preset is in, as a small SVG. The state comes from the app's own
// model (the preset loaded through apply(), the 10k list read from the build's copy), the
// colours from its dark theme: the poster shows what a click will show, for a few kilobytes.
//   node poster.js PASSWORD_LIST OUT_DIR
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "app/model/actions.h"
#include "app/model/url_params.h"
#include "app/view/ui.h"

namespace {

using namespace bloomlab;
using namespace bloomlab::app;

struct ToolHost : Host {
  bool asked = false;
  void* upload_texture(int, int, int, const uint32_t*) override { return nullptr; }
  void request_password_list() override { asked = true; }
  void save_file(const std::string&, const std::string&, std::string_view) override {}
  void announce(const std::string&) override {}
};

// "#rrggbb" of an ImGui colour (ABGR in a 32-bit word).
std::string css(ImU32 c) {
  char out[8];
  std::snprintf(out, sizeof out, "#%02x%02x%02x", unsigned(c & 0xff), unsigned((c >> 8) & 0xff),
                unsigned((c >> 16) & 0xff));
  return out;
}

// The bit array: one cell a bit when there are few (the tiny preset's 64 in an 8 x 8 grid, as
// the app draws them); else blocks of bits, each as bright as the share of its bits that are set.
std::string svg_of(const WordSet& set) {
  const Palette& pal = palette();
  const uint64_t m = set.params().m;
  std::ostringstream svg;
  constexpr int kWidth = 320, kHeight = 160;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" width=\"" << kWidth << "\" height=\"" << kHeight << "\">";
  svg << "<rect width=\"100%\" height=\"100%\" rx=\"8\" fill=\"" << css(pal.card_bg) << "\"/>";
  const bool cells = m <= 1024;
  const uint64_t cols = cells ? (m <= 64 ? 16 : 32) : 64;
  const uint64_t rows = cells ? (m + cols - 1) / cols : 24;
  const double bits_per_block = cells ? 1.0 : double(m) / double(cols * rows);
  const double cell = std::min((kWidth - 16.0) / double(cols), (kHeight - 16.0) / double(rows));
  const double x0 = (kWidth - cell * double(cols)) / 2, y0 = (kHeight - cell * double(rows)) / 2;
  // One path per shade (a handful): a few hundred bytes, not a rect per block.
  constexpr int kShades = 8;
  std::string paths[kShades + 1];
  for (uint64_t r = 0; r < rows; ++r) {
    for (uint64_t c = 0; c < cols; ++c) {
      const uint64_t first = uint64_t(double(r * cols + c) * bits_per_block);
      const uint64_t last = std::min<uint64_t>(m, uint64_t(double(r * cols + c + 1) * bits_per_block));
      if (first >= last) continue;
      uint64_t on = 0;
      for (uint64_t b = first; b < last; ++b) on += set.filter().bit(b) ? 1 : 0;
      const int shade = int(double(on) / double(last - first) * kShades + 0.5);
      char cell_path[96];
      std::snprintf(cell_path, sizeof cell_path, "M%.1f %.1fh%.1fv%.1fh-%.1fz", x0 + double(c) * cell + 1,
                    y0 + double(r) * cell + 1, cell - 2, cell - 2, cell - 2);
      paths[shade] += cell_path;
    }
  }
  for (int shade = 0; shade <= kShades; ++shade) {
    if (paths[shade].empty()) continue;
    const ImU32 colour = shade == 0 ? pal.unset_bit : pal.set_bit;
    svg << "<path fill=\"" << css(colour) << "\"";
    if (shade > 0 && shade < kShades) svg << " fill-opacity=\"" << double(shade) / kShades << "\"";
    svg << " d=\"" << paths[shade] << "\"/>";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: poster PASSWORD_LIST OUT_DIR\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::ostringstream list;
  list << in.rdbuf();
  set_palette(Theme::dark);
  for (const char* preset : {"tiny", "passwords", "python", "empty"}) {
    AppState s;
    ToolHost host;
    (void)apply_url_params(s, host, std::string("preset=") + preset);
    if (host.asked) (void)apply(s, host, act::PasswordListArrived{list.str()});
    while (continue_loading(s, 1000.0)) {
    }
    const std::string name = std::string(argv[2]) + "/poster-" + preset + ".svg";
    std::ofstream out(name, std::ios::binary);
    out << svg_of(s.set);
    if (!out) {
      std::fprintf(stderr, "poster: cannot write %s\n", name.c_str());
      return 1;
    }
  }
  return 0;
}
