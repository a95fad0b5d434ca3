#include "render/lines.hpp"

#include <algorithm>
#include <cmath>

namespace aem::render {

LineBuffer::LineBuffer() {
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                        reinterpret_cast<void*>(offsetof(LineVertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                        reinterpret_cast<void*>(offsetof(LineVertex, color)));
  glBindVertexArray(0);
}

LineBuffer::~LineBuffer() {
  glDeleteBuffers(1, &buffer_);
  glDeleteVertexArrays(1, &vao_);
}

void LineBuffer::set(std::span<const LineVertex> vertices) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size_bytes()), vertices.data(), GL_DYNAMIC_DRAW);
  count_ = static_cast<GLsizei>(vertices.size());
}

void LineBuffer::draw(bool points) const {
  if (count_ == 0) return;
  glBindVertexArray(vao_);
  glDrawArrays(GL_LINES, 0, count_);
  if (points) glDrawArrays(GL_POINTS, 0, count_);
  glBindVertexArray(0);
}

std::vector<LineVertex> ground_grid(const Bounds& bounds) {
  std::vector<LineVertex> out;
  if (bounds.empty()) return out;
  const Vec3 size = bounds.max - bounds.min;
  const float extent = std::max({size.x, size.z, size.y * 0.5f, 1e-3f}) * 1.5f;
  // Round step: the largest 1/2/5 x 10^k that still gives about ten cells across the extent.
  const float raw = extent / 10.0f;
  const float decade = std::pow(10.0f, std::floor(std::log10(raw)));
  const float step = raw >= 5 * decade ? 5 * decade : raw >= 2 * decade ? 2 * decade : decade;
  const int cells = static_cast<int>(std::ceil(extent / step));
  const float cx = std::round((bounds.min.x + bounds.max.x) * 0.5f / step) * step;
  const float cz = std::round((bounds.min.z + bounds.max.z) * 0.5f / step) * step;
  // A little below the lowest point, so that faces lying on the ground do not fight the grid in depth.
  const float y = bounds.min.y - 2e-3f * std::max({size.x, size.y, size.z, 1e-3f});
  const float half = cells * step;
  for (int i = -cells; i <= cells; ++i) {
    const float o = i * step;
    const Vec4 color = i == 0 ? Vec4{0.25f, 0.25f, 0.28f, 0.9f} : Vec4{0.45f, 0.45f, 0.5f, 0.6f};
    out.push_back({{cx + o, y, cz - half}, color});
    out.push_back({{cx + o, y, cz + half}, color});
    out.push_back({{cx - half, y, cz + o}, color});
    out.push_back({{cx + half, y, cz + o}, color});
  }
  return out;
}

std::vector<LineVertex> skeleton_lines(const Scene& scene, std::span<const Mat4> joint_model) {
  std::vector<LineVertex> out;
  const Vec4 bone{1.0f, 0.85f, 0.1f, 1.0f}, root{1.0f, 0.3f, 0.2f, 1.0f};
  auto position = [&](std::size_t j) { return Vec3{joint_model[j].m[12], joint_model[j].m[13], joint_model[j].m[14]}; };
  for (std::size_t j = 0; j < scene.joints.size() && j < joint_model.size(); ++j) {
    const std::int32_t p = scene.joints[j].parent;
    const bool has_parent = p >= 0 && static_cast<std::size_t>(p) < joint_model.size();
    out.push_back({has_parent ? position(p) : position(j), has_parent ? bone : root});
    out.push_back({position(j), bone});
  }
  return out;
}

}  // namespace aem::render
