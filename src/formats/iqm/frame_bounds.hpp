// Per-frame bounds for IQM: the box and radii of every vertex posed by each animation frame.
#pragma once

#include <vector>

#include "formats/iqe/export_model.hpp"

namespace aem::formats::iqm {

struct FrameBounds {
  Vec3 min{}, max{};
  float xy_radius = 0.0f;  ///< largest distance from the Z axis
  float radius = 0.0f;     ///< largest distance from the origin
};

/// How compute_frame_bounds poses the vertices; every path gives the same bounds, bit for bit.
enum class BoundsPath {
  Automatic,   ///< EachVertex for a few frames, else Grouped
  Grouped,     ///< vertices grouped by joints first (skin_groups.hpp), 4 or 8 frames per vector operation
  EachVertex,  ///< each vertex skinned where it lies, 4 frames per vector operation; Grouped after all
               ///< where a bound is zero or NaN (the order of the vertices decides its sign or value)
};

/// One record per frame of every animation, in order: vertices skinned with the frame's joint poses
/// against the base (bind) poses through the 4 strongest influences (what the file stores);
/// vertices without influences stay where they are. Spread over up to `threads` threads (0: one per
/// hardware thread) when there is enough to pose; 1 starts none. Poses 8 frames per vector
/// operation where the CPU has AVX2, else 4; `wide_vectors` false keeps to 4 (tests compare the two,
/// which must agree bit for bit; EachVertex always takes 4). `path` chooses how (tests compare them).
std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model, unsigned threads, bool wide_vectors = true,
                                              BoundsPath path = BoundsPath::Automatic);

}  // namespace aem::formats::iqm
