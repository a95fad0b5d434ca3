// The vertices of an IQM export rearranged for the per-frame bounds loop: grouped by the joints they
// use, so that the loop finds a group's matrices once for all of its vertices.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/influences.hpp"
#include "core/lane_vectors.hpp"
#include "formats/iqe/export_model.hpp"

namespace aem::formats::iqm {

using detail::f32x4;

/// Vertices sharing the same joints (ascending, repeats kept), stored as quads of 4 vertices: for each
/// quad, for each influence k, the vectors w_k*x, w_k*y, w_k*z and w_k of its 4 vertices, so that
/// the posed position is the sum over k of skin[joints[k]] * (w_k*x, w_k*y, w_k*z, w_k). A group's
/// last quad repeats its last vertex in the lanes left over, which changes no bound.
struct SkinGroup {
  std::array<std::uint32_t, 4> joints{};
  int count = 0;          ///< influences, 1..4
  std::size_t first = 0;  ///< index of its first vector in SkinGroups::data
  std::size_t quads = 0;
};

struct SkinGroups {
  std::vector<SkinGroup> groups;
  std::vector<f32x4> data;
};

/// One vertex's influences as the file stores them: the 4 strongest (strongest_influences), joints
/// past the skeleton dropped, joints ascending; without any, weight 1 on joint `joint_count` (the
/// identity, see group_by_joints). Unused slots have weight 0.
struct VertexSkin {
  std::array<std::uint32_t, 4> joints{~0u, ~0u, ~0u, ~0u};
  std::array<float, 4> weights{};
  int count = 0;
};

/// Inline: the per-frame bounds call it for every vertex.
inline VertexSkin vertex_skin(const Mesh& mesh, std::size_t v, std::uint32_t joint_count) {
  VertexSkin r;
  if (v < mesh.skin.size()) {
    const SkinInfluences s = strongest_influences(mesh.skin[v], 4);
    for (int k = 0; k < 4 && s.joints[k] >= 0; ++k)
      if (static_cast<std::uint32_t>(s.joints[k]) < joint_count)
        r.joints[r.count] = static_cast<std::uint32_t>(s.joints[k]), r.weights[r.count++] = s.weights[k];
  }
  if (r.count == 0) r.joints[0] = joint_count, r.weights[0] = 1.0f, r.count = 1;
  for (int i = 1; i < r.count; ++i)
    for (int k = i; k > 0 && r.joints[k] < r.joints[k - 1]; --k)
      std::swap(r.joints[k], r.joints[k - 1]), std::swap(r.weights[k], r.weights[k - 1]);
  return r;
}

/// Every vertex of `model`, skinned through the 4 strongest influences the file stores. A vertex
/// without influences gets one of weight 1 on joint `model.joints.size()`, which the caller poses
/// as the identity.
SkinGroups group_by_joints(const iqe::ExportModel& model);

}  // namespace aem::formats::iqm
