// The UI font: DejaVu Sans, subset at build time (Latin, Cyrillic, Greek, math and arrows) and
// compiled in (see cmake/Data.cmake), rasterized for the screen's pixel density; merged with the
// CJK subset while Chinese is shown (fetched on demand, cmake/Catalogs.cmake), else with the two
// characters of the selector's "中文".
#pragma once
#include <cstdint>
#include <string>

namespace bloomlab::app {

// (Re)builds the font atlas for text of `size_px` CSS pixels on a screen with `pixel_ratio`
// device pixels per CSS pixel; sets io.FontGlobalScale so layout stays in CSS pixels.
// The platform must then recreate its font texture.
void load_fonts(float size_px, float pixel_ratio);
// The CJK font (i18n.h script_font(): fetched with Chinese) is merged into the atlas from the
// next load_fonts on; the platform rebuilds it when fonts_version() changes.

}  // namespace bloomlab::app
