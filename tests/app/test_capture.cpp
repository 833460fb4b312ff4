// Save PNG's bounded capture (issue 14.4; src/platform/capture.h): a plot on a 4000 x 3000 page
// at devicePixelRatio 4 and scale 3 was copied whole, several times over, and aborted the program
// beside a 2^32-bit filter. The image is now at most 2560 x 1600 pixels, shrunk by a whole factor.
#include <doctest.h>

#include <cstdint>
#include <vector>

#include "platform/capture.h"

using namespace bloomlab::platform;

TEST_CASE("a capture larger than 2560 x 1600 pixels is shrunk by the smallest whole factor") {
  // The plot of a 4000 x 3000 CSS px page at scale 3 is about 1700 x 900 CSS px: 6800 x 3600
  // device px at ratio 4 (24.5 M). Factor 2 gives 3400 x 1800 (6.1 M > 4.1 M); 3 gives
  // ceil(6800 / 3) x 1200 = 2267 x 1200 (2.7 M).
  const CapturePlan big = plan_capture(6800, 3600);
  CHECK(big.factor == 3);
  CHECK(big.width == 2267);
  CHECK(big.height == 1200);
  CHECK(uint64_t(big.width) * uint64_t(big.height) <= kMaxCapturePixels);
  const CapturePlan usual = plan_capture(1400, 800);  // a plot at ratio 2: saved as it is
  CHECK(usual.factor == 1);
  CHECK(usual.width == 1400);
  CHECK(usual.height == 800);
  const CapturePlan edge = plan_capture(2560, 1600);
  CHECK(edge.factor == 1);
  const CapturePlan over = plan_capture(2561, 1600);
  CHECK(over.factor == 2);
  CHECK(over.width == 1281);
  CHECK(over.height == 800);
}

TEST_CASE("a band is shrunk to the mean of each box; the last box may be narrower") {
  // Three pixels wide, two rows, factor 2: boxes of columns {0, 1} and {2}.
  const uint8_t band[] = {
      10, 20, 30, 0, 30, 40, 50, 0, 200, 0, 0, 0,  // row 1
      50, 60, 70, 0, 70, 80, 91, 0, 100, 0, 9, 0,  // row 2
  };
  CapturePlan plan;
  plan.factor = 2;
  plan.width = 2;
  plan.height = 1;
  std::vector<uint8_t> out(8);
  shrink_band(band, 3, 2, plan, out.data());
  // (10+30+50+70)/4 = 40, (20+40+60+80)/4 = 50, (30+50+70+91)/4 = 60.25 -> 60; opaque.
  CHECK(out == std::vector<uint8_t>{40, 50, 60, 255, 150, 0, 5, 255});  // 9/2 = 4.5 rounds to 5
}
