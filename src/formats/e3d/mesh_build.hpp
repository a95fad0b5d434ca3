// Turning one parsed E3D mesh into scene meshes (internal to the E3D reader).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/e3d_model.hpp"

namespace aem::formats::e3d {

struct MeshLinks {
  std::vector<std::int32_t> bone_joints;               ///< scene joint of each skin bone, -1 if unresolved
  std::vector<const RawMesh*> morph_targets;           ///< one per morph, in morph order; null if missing
  std::function<std::int32_t(std::int32_t)> material;  ///< material ID -> scene material (-1 = none)
};

/// The scene meshes for `raw`, whose attributes and indices are `mesh` (raw.mesh or a copy): skin
/// bone indices mapped to joints (duplicate vertices take their original's influences), morph
/// targets as frames (duplicate vertices copy their original), or as Mesh::targets when ctx keeps
/// them (`target_of_morph`: each morph's target, -1 if none), and one mesh per material of the
/// facesMaterials ranges (ranges clamped to the triangles, each triangle in the first range that
/// covers it, uncovered ones with no material). A single material keeps the vertices as they are;
/// several split them, each keeping only the vertices its triangles use, in their original order.
std::vector<Mesh> build_meshes(ReadContext& ctx, const RawMesh& raw, Mesh mesh, const MeshLinks& links,
                               std::vector<std::int32_t>& target_of_morph);

}  // namespace aem::formats::e3d
