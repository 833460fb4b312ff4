// A small plot drawn with ImDrawList (ImPlot is not packaged for us): a frame, linear x ticks,
// linear or log-10 y ticks, lines, dashed lines and points, markers, a legend, and a read-out of
// every series at the mouse's x.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace bloomlab::app {

enum class SeriesStyle { line, dashed, points };

struct PlotSeries {
  std::string label;
  ImU32 colour = 0;
  SeriesStyle style = SeriesStyle::line;
  std::vector<double> x, y;  // same length; y <= 0 on a log axis is skipped
  bool right_axis = false;   // y on the plot's second (right, linear) axis
};

// A point of interest: a ring at (x, y) with a label; with y NaN, a vertical line at x.
// clamp: a point off the plot is drawn on the edge it lies beyond, with an arrow pointing out
// (the "you are here" marker must never vanish); without it, such a point is not drawn.
// dot: a filled dot instead of the ring (a mark on a curve, such as a rule of thumb).
struct PlotMarker {
  double x = 0, y = 0;
  ImU32 colour = 0;
  std::string label;
  bool clamp = false;
  bool right_axis = false;
  bool dot = false;
  bool label_below = false;      // the label under the point (where a falling curve leaves room)
  std::string short_label = {};  // a vertical line's label where `label` has no room beside the line
};

struct PlotSpec {
  const char* id = "plot";
  const char* x_label = "";
  const char* y_label = "";
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;
  bool log_y = false;
  float height = 240;  // in pixels at font scale 1
  // Formats values in the hover read-out.
  std::string (*format_x)(double) = nullptr;
  std::string (*format_y)(double) = nullptr;
  // A second y axis on the right, linear (a fraction: the fill), for series with right_axis.
  bool right_axis = false;
  double right_min = 0, right_max = 1;
  const char* right_label = "";  // drawn beside the left axis's label, in right_colour
  ImU32 right_colour = 0;
  std::string (*format_right)(double) = nullptr;
  bool legend_top = false;    // the legend at the top (bottom by default) ...
  bool legend_right = false;  // ... on the right (left by default): where the curves leave room
  bool legend_under = false;  // under the plot always (curves everywhere: the family plot)
};

// A marker's label as drawn, in screen pixels: markers[marker]'s.
struct PlotLabel {
  int marker = -1;
  float x = 0, y = 0, w = 0, h = 0;
};

// A plot as drawn, in screen pixels: its area (the frame with the axes' ticks and the x axis's
// title; not the y axis's title above it nor a legend under it) and where the markers' labels went.
struct DrawnPlot {
  float x = 0, y = 0, w = 0, h = 0;
  std::vector<PlotLabel> labels;
};

// Draws the plot; returns its area and where the markers' labels went (and first, with marker -1,
// the legend's box when it is drawn inside the plot). Labels never overlap one another nor
// the legend: each is measured and, when its place is taken (the "measured" point beside
// "k = 7"), moved up or down by whole lines to the nearest free place inside the plot.
DrawnPlot draw_plot(const PlotSpec& spec, const std::vector<PlotSeries>& series,
                    const std::vector<PlotMarker>& markers);

}  // namespace bloomlab::app
