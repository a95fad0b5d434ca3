// Resolving a parsed E3D file's references into a scene (internal to the E3D reader).
#pragma once

#include "aem/scene.hpp"
#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/e3d_model.hpp"

namespace aem::formats::e3d {

/// Builds the scene in E3D's own axes (docs/formats/e3d.md §8): textures, materials (maps resolved by ID or
/// name), nodes (Ecere's row-vector quaternion turned into the scene's column-vector one), joints for
/// the nodes skins and tracks need (bones, animated nodes, their ancestors and what animated nodes
/// carry; each drives its node), meshes split per material, animations at kFramesPerSecond. Unresolvable references and data the scene cannot
/// hold are warnings. Mesh data is moved out of `file`.
Scene build_scene(ReadContext& ctx, RawFile& file);

}  // namespace aem::formats::e3d
