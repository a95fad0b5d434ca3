// The viewer's layout arithmetic, without a window: the window's size at start, where rows of
// controls wrap, and which key marks the timeline has room for.
#pragma once

#include <span>
#include <vector>

namespace aem::viewer {

/// The window's size in screen coordinates at UI scale 1 when the command line gives none.
inline constexpr int kDefaultWindowWidth = 1280, kDefaultWindowHeight = 800;

struct WindowArea {
  int x = 0, y = 0, width = 0, height = 0;
};

/// Where the window opens: at the top-left corner of the monitor's `work_area` (the part free of
/// panels and docks; ignored when empty), each side as requested when positive, else the default
/// size times `ui_scale` shrunk to the work area.
WindowArea initial_window_area(int requested_width, int requested_height, float ui_scale, const WindowArea& work_area);

/// For a row of controls `widths` wide, placed left to right `spacing` apart within `available`:
/// true for each control that starts a new row (the first always does; one wider than the room
/// still gets a row of its own).
std::vector<bool> row_starts(std::span<const float> widths, float available, float spacing);

/// Of the mark positions `xs` (ascending), those kept when no two may be closer than `min_gap`: each
/// is kept unless it is nearer than `min_gap` to the last one kept.
std::vector<float> thin_marks(std::span<const float> xs, float min_gap);

}  // namespace aem::viewer
