#include "iqe_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aem::bench {
namespace {

void append_float(std::string& s, float v) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, " %.6g", static_cast<double>(v));
  s.append(buf, static_cast<std::size_t>(n));
}

}  // namespace

std::string make_grid_iqe(int grid, int joints, int frames) {
  std::string s = "# Inter-Quake Export\n";
  for (int j = 0; j < joints; ++j) s += "joint \"bone" + std::to_string(j) + "\" " + std::to_string(j - 1) + "\n";
  for (int j = 0; j < joints; ++j) s += j ? "pq 0 0 1 0 0 0 -1\n" : "pq 0 0 0 0 0 0 -1\n";
  s += "mesh grid\nmaterial grid.png\n";
  for (int y = 0; y < grid; ++y)
    for (int x = 0; x < grid; ++x) {
      const float z = static_cast<float>(y) * joints / grid;
      s += "vp", append_float(s, x * 0.01f), append_float(s, 0.0f), append_float(s, z), s += "\n";
      s += "vt", append_float(s, x / float(grid)), append_float(s, y / float(grid)), s += "\n";
      s += "vn 0 -1 0\n";
      const int j = std::min(static_cast<int>(z), joints - 2);
      const float f = z - static_cast<float>(j);
      s += "vb " + std::to_string(j), append_float(s, 1.0f - f), s += " " + std::to_string(j + 1), append_float(s, f),
          s += "\n";
    }
  for (int y = 0; y + 1 < grid; ++y)
    for (int x = 0; x + 1 < grid; ++x) {
      const int a = y * grid + x;
      s += "fm " + std::to_string(a) + " " + std::to_string(a + grid) + " " + std::to_string(a + 1) + "\n";
      s += "fm " + std::to_string(a + 1) + " " + std::to_string(a + grid) + " " + std::to_string(a + grid + 1) + "\n";
    }
  s += "animation bend\nframerate 30\nloop\n";
  for (int f = 0; f < frames; ++f) {
    s += "frame\n";
    for (int j = 0; j < joints; ++j) {
      const float angle = 0.3f * std::sin(f * 0.05f + j * 0.1f);
      s += "pq 0 0", append_float(s, j ? 1.0f : 0.0f), append_float(s, std::sin(angle / 2)), s += " 0 0",
          append_float(s, -std::cos(angle / 2)), s += "\n";
    }
  }
  return s;
}

}  // namespace aem::bench
