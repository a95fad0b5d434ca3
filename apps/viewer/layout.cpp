#include "layout.hpp"

#include <algorithm>
#include <cmath>

namespace aem::viewer {

WindowArea initial_window_area(int requested_width, int requested_height, float ui_scale, const WindowArea& work_area) {
  const bool known = work_area.width > 0 && work_area.height > 0;
  const float scale = std::isfinite(ui_scale) && ui_scale > 0.0f ? ui_scale : 1.0f;
  const auto side = [&](int requested, int default_size, int room) {
    if (requested > 0) return requested;
    const int scaled = static_cast<int>(std::lround(static_cast<float>(default_size) * scale));
    return known ? std::min(scaled, room) : scaled;
  };
  return {known ? work_area.x : 0, known ? work_area.y : 0, side(requested_width, kDefaultWindowWidth, work_area.width),
          side(requested_height, kDefaultWindowHeight, work_area.height)};
}

std::vector<bool> row_starts(std::span<const float> widths, float available, float spacing) {
  std::vector<bool> starts(widths.size(), true);
  float right = 0.0f;  // where the current row ends
  for (std::size_t i = 0; i < widths.size(); ++i) {
    if (i > 0 && right + spacing + widths[i] <= available) {
      starts[i] = false;
      right += spacing + widths[i];
    } else {
      right = widths[i];
    }
  }
  return starts;
}

std::vector<float> thin_marks(std::span<const float> xs, float min_gap) {
  std::vector<float> kept;
  for (float x : xs)
    if (kept.empty() || x - kept.back() >= min_gap) kept.push_back(x);
  return kept;
}

}  // namespace aem::viewer
