// IQE/IQM document -> scene, shared by the IQE and IQM readers: one mesh per segment holding the
// vertices its triangles use, materials by name (a name that is an image file also becomes the base
// colour texture), joints with base poses as rest pose, animation frames as keys at frame / rate.
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "formats/iqe/document.hpp"

namespace aem::formats::iqe {

/// Builds the scene in IQE/IQM conventions. `normals` (empty or one per vertex) replaces doc.normals.
/// Warnings (missing base poses, assumed frame rate) carry `format` ("IQE", "IQM") in name and code.
/// Arrays of `doc` and `normals` may be moved into the scene: both are left valid but unspecified.
Result<Scene> build_scene(Document& doc, std::vector<Vec3>& normals, const std::string& format);

}  // namespace aem::formats::iqe
