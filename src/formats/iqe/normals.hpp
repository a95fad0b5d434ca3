// Vertex normals for IQE files without `vn`, from the smoothing commands (iqe.txt "Smoothing").
#pragma once

#include <vector>

#include "formats/iqe/document.hpp"

namespace aem::formats::iqe {

/// One normal per vertex: the area-weighted face normals of every triangle that uses the vertex,
/// plus those of triangles at the same position whose corners are compatible: matching UVs when
/// smoothuv is on, matching smoothing group, face normals within smoothangle, matching `vs` index.
/// A triangle whose `fs` flags are all 0 smooths with nothing. Faces are clockwise (iqe-notes §1).
std::vector<Vec3> generate_normals(const Document& doc);

}  // namespace aem::formats::iqe
