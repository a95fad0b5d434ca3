// KHR_draco_mesh_compression: a primitive's geometry decoded from its Draco bit stream.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "formats/gltf/reader_context.hpp"

namespace aem::formats::gltf {

/// The decoded attributes (by glTF name, components flattened as floats, normalised integers scaled)
/// and triangle indices of one compressed primitive.
struct DracoPrimitive {
  std::map<std::string, std::vector<float>> attributes;
  std::vector<std::uint32_t> indices;
};

/// Decodes the bufferView that `extension` (the primitive's KHR_draco_mesh_compression object) names.
/// Fails with GLTF_DECODE when the stream is not a valid Draco mesh.
DracoPrimitive decode_draco(Context& ctx, const Json& extension);

}  // namespace aem::formats::gltf
