// How a region of the screen becomes an image of bounded size (Save PNG), without GL: the
// platform reads the region a band of rows at a time (gl_host.cpp) and shrinks each band here.
// A plot on a 4000 x 3000 page at devicePixelRatio 4 and scale 3 is tens of millions of pixels;
// held several times over (pixels, PNG rows, deflate blocks, the file) beside a 2^32-bit filter,
// it ran the 1 GiB wasm heap out and aborted the program.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace bloomlab::platform {

// At most this many pixels in a saved image: 2560 x 1600, four bytes each (16 MiB).
inline constexpr uint64_t kMaxCapturePixels = uint64_t{2560} * 1600;

struct CapturePlan {
  int factor = 1;             // each output pixel is the mean of factor x factor screen pixels
  int width = 0, height = 0;  // of the image
};

// The smallest whole factor that brings w x h within max_pixels.
inline CapturePlan plan_capture(int w, int h, uint64_t max_pixels = kMaxCapturePixels) {
  CapturePlan p;
  for (;; ++p.factor) {
    p.width = (w + p.factor - 1) / p.factor;
    p.height = (h + p.factor - 1) / p.factor;
    if (uint64_t(p.width) * uint64_t(p.height) <= max_pixels) return p;
  }
}

// One band of `rows` screen rows (RGBA, `w` pixels each, in any row order) -> one image row of
// plan.width pixels (RGBA, opaque): the mean of each factor x rows box.
inline void shrink_band(const uint8_t* band, int w, int rows, const CapturePlan& plan, uint8_t* out) {
  std::vector<uint32_t> sum(size_t(plan.width) * 3, 0);
  for (int r = 0; r < rows; ++r)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c)
        sum[size_t(x / plan.factor) * 3 + size_t(c)] +=
            band[(size_t(r) * size_t(w) + size_t(x)) * 4 + size_t(c)];
  for (int ox = 0; ox < plan.width; ++ox) {
    const int cols = w - ox * plan.factor < plan.factor ? w - ox * plan.factor : plan.factor;
    const uint32_t n = uint32_t(cols) * uint32_t(rows);
    for (int c = 0; c < 3; ++c)
      out[size_t(ox) * 4 + size_t(c)] = uint8_t((sum[size_t(ox) * 3 + size_t(c)] + n / 2) / n);
    out[size_t(ox) * 4 + 3] = 255;
  }
}

}  // namespace bloomlab::platform
