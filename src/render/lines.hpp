// Coloured line lists (ground grid, skeleton overlay) built on the CPU and drawn with the line program.
#pragma once

#include "render/gl.hpp"

#include <span>
#include <vector>

#include "aem/scene.hpp"

namespace aem::render {

struct LineVertex {
  Vec3 position;
  Vec4 color;
};

/// A growable GL buffer of line segments (pairs of vertices). Needs the context that created it.
class LineBuffer {
 public:
  LineBuffer();
  LineBuffer(const LineBuffer&) = delete;
  LineBuffer& operator=(const LineBuffer&) = delete;
  ~LineBuffer();
  void set(std::span<const LineVertex> vertices);
  /// Draws the segments (the line program must be in use); with `points`, also a dot at each vertex.
  void draw(bool points = false) const;

 private:
  GLuint vao_ = 0, buffer_ = 0;
  GLsizei count_ = 0;
};

/// Grid lines on a plane just below `bounds.min.y` (by 0.2% of the box's largest side, so that faces
/// lying on the box's floor stay in front of it) around the box's centre, spaced at a round step
/// (1, 2 or 5 times a power of ten) so that about ten cells span the model; the lines through the
/// centre axes are darker.
std::vector<LineVertex> ground_grid(const Bounds& bounds);

/// A segment from every joint to its parent at the joints' model-space positions (`joint_model`
/// columns 3), roots as a point-sized segment so they still show.
std::vector<LineVertex> skeleton_lines(const Scene& scene, std::span<const Mat4> joint_model);

}  // namespace aem::render
