// Vertex normals for IQE files without `vn`, from the smoothing commands (iqe.txt "Smoothing").
#pragma once

#include <vector>

#include "formats/iqe/document.hpp"

namespace aem::formats::iqe {

/// Per the spec, triangle corners at the same position merge into one smoothing vertex when they are
/// compatible: same smoothing group, same UV when either triangle has smoothuv, same `vs` index, face
/// normals within the smoothangle of either triangle; a triangle whose `fs` flags are all 0 merges
/// with nothing (per-edge flags are not distinguished further). A smoothing vertex's normal is the
/// area-weighted sum of its triangles' normals (clockwise faces, docs/formats/iqe.md §1). Where corners sharing
/// a file vertex end up with different normals, the vertex is cloned in `doc` (every attribute
/// copied) and the triangles re-pointed, so the result has one normal per vertex of the updated doc.
/// Tests are pairwise; beyond 64 corners at one position only the key tests (group, fs, vs, UV of
/// smoothuv triangles) apply, in linear time, so that hostile input cannot make the work quadratic.
std::vector<Vec3> generate_normals(Document& doc);

}  // namespace aem::formats::iqe
