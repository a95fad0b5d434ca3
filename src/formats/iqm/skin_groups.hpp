// The vertices of an IQM export rearranged for the per-frame bounds loop: grouped by the joints they
// use, so that the loop finds a group's matrices once for all of its vertices.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

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

/// Every vertex of `model`, skinned through the 4 strongest influences the file stores. A vertex
/// without influences gets one of weight 1 on joint `model.joints.size()`, which the caller poses
/// as the identity.
SkinGroups group_by_joints(const iqe::ExportModel& model);

}  // namespace aem::formats::iqm
