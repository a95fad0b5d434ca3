// An IQE file as parsed, before it becomes a scene: global vertex arrays, triangles and their
// smoothing settings, mesh segments, joints, poses, animations, comment.
#pragma once

#include <algorithm>
#include <array>
#include <utility>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "aem/math.hpp"
#include "aem/scene.hpp"

namespace aem::formats::iqe {

struct Influence {
  std::int32_t joint;
  float weight;
};

/// The kMaxInfluences largest of `list` (reordered in place), largest first, renormalised to sum 1,
/// written into the first slots of `s`, a default SkinInfluences (the others stay unused). An
/// out-parameter so that the caller can fill its array's new element in place.
inline void strongest_influences(std::span<Influence> list, SkinInfluences& s) {
  auto heavier = [](const Influence& a, const Influence& b) { return a.weight > b.weight; };
  if (list.size() > 16) {
    std::stable_sort(list.begin(), list.end(), heavier);  // long (hostile) lists: n log n
  } else {
    for (std::size_t i = 1; i < list.size(); ++i)  // the usual few: insertion sort, stable, no allocation
      for (std::size_t k = i; k > 0 && heavier(list[k], list[k - 1]); --k) std::swap(list[k], list[k - 1]);
  }
  const std::size_t n = std::min<std::size_t>(list.size(), kMaxInfluences);
  float sum = 0;
  for (std::size_t k = 0; k < n; ++k) sum += list[k].weight;
  for (std::size_t k = 0; k < n; ++k) {
    s.joints[k] = list[k].joint;
    s.weights[k] = list[k].weight / sum;
  }
}

/// Smoothing state when a face was read (iqe.txt "Smoothing").
struct Smoothing {
  std::int64_t group = -1;
  float cos = -1.0f;  ///< cos(smoothangle); -1 = 180° (everything smooths)
  bool uv = false;
  std::uint8_t edge_flags = 7;  ///< fs: bit k = edge from corner k smooths; 7 when no fs
  friend bool operator==(const Smoothing&, const Smoothing&) = default;
};

/// The smoothing state from triangle `first` on, up to the next run's first triangle.
struct SmoothingRun {
  std::uint32_t first;
  Smoothing state;
};

struct Segment {
  std::string name, material;
  std::uint32_t first_vertex = 0;  ///< vp count at its `mesh` command (for `fm` and face-less meshes)
  std::uint32_t end_vertex = 0;    ///< vp count at the next `mesh` command (or the end)
  std::uint32_t first_triangle = 0, triangle_count = 0;
};

/// Consecutive poses in Document::poses: the base poses, or one frame's.
struct PoseRange {
  std::size_t first = 0, count = 0;
};

struct AnimationData {
  std::string name;
  float frame_rate = 0.0f;
  bool loop = false;
  std::vector<PoseRange> frames;  ///< each frame's poses, by joint
};

struct Document {
  std::vector<Vec3> positions;
  std::vector<Vec2> uvs;
  std::vector<Vec3> normals;
  std::vector<Vec4> tangents;
  std::vector<Vec3> bitangents;            ///< from 6-value vx lines
  std::vector<SkinInfluences> influences;  ///< per vertex, from strongest_influences
  std::vector<Vec4> colors;
  std::array<std::vector<Vec4>, 10> custom;
  std::array<std::string, 10> custom_names;
  std::array<int, 10> custom_sizes{};         ///< from vertexarray; 0 = undeclared (unused)
  std::vector<std::int64_t> smoothing_index;  ///< vs
  /// Three vertex indices per triangle. Kept flat (not with each triangle's smoothing state) so that a
  /// single mesh takes them over as its index array; the state rarely changes, so it is kept in runs.
  std::vector<std::uint32_t> corners;
  std::vector<SmoothingRun> smoothing;  ///< by first triangle, ascending; the first starts at 0 when there are faces
  std::size_t triangle_count() const { return corners.size() / 3; }
  std::vector<Segment> segments;
  struct Joint {
    std::string name;
    std::int32_t parent;
  };
  std::vector<Joint> joints;
  /// Every pose, in file order. Kept in one array (the scanner's, taken over) rather than one per
  /// frame, so that the poses are not copied on their way to the scene.
  std::vector<Transform> poses;
  PoseRange base_poses;
  std::vector<AnimationData> animations;
  /// The poses of `range` (base_poses or a frame).
  std::span<const Transform> poses_of(PoseRange range) const { return {poses.data() + range.first, range.count}; }
  std::string comment;
  bool has_comment = false;
  std::uint32_t line_count = 0;
};

}  // namespace aem::formats::iqe
