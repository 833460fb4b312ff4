// The UI font: DejaVu Sans, subset at build time (Latin, Cyrillic, Greek, math and arrows) and
// compiled in (see cmake/Data.cmake), rasterized for the screen's pixel density.
#pragma once

namespace bloomlab::app {

// (Re)builds the font atlas for text of `size_px` CSS pixels on a screen with `pixel_ratio`
// device pixels per CSS pixel; sets io.FontGlobalScale so layout stays in CSS pixels.
// The platform must then recreate its font texture.
void load_fonts(float size_px, float pixel_ratio);

}  // namespace bloomlab::app
