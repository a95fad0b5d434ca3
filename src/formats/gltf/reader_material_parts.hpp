// The parts of the material step (reader_materials.cpp): textures with their UV mapping, and the
// specular-glossiness extension turned into metallic-roughness.
#pragma once

#include <vector>

#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {

/// Scene texture for textures[i]: the image's bytes (view, data URI or side file) and the sampler's wraps.
/// A side file that is missing gives a texture kept by name only (GLTF_IMAGE_MISSING warning).
Texture read_texture(Context& ctx, std::uint32_t i);

/// The scene textures that materials use, each glTF texture added once.
struct TextureSlots {
  Context& ctx;
  Scene& scene;
  std::vector<std::int32_t> scene_index;  ///< per glTF texture, -1 until first use

  /// Scene texture of the textureInfo `info` (-1 when absent); notes its UV transform in `uv`. `read`,
  /// when given, is the texture already read for `info`: taken instead of reading it again.
  std::int32_t use(const Json& info, UvTransform* uv, Texture* read = nullptr);
  /// A new scene texture made from what the textureInfo `info` names (nothing noted when `info` is
  /// absent: a texture that shares another's mapping).
  std::int32_t add(Texture texture, const Json& info, UvTransform* uv);

 private:
  /// The UV set and transform (KHR_texture_transform) of `info`: the first transform noted in `uv`,
  /// other transforms and UV sets but the first reported.
  void map(const Json& info, UvTransform* uv);
};

/// The KHR_materials_pbrSpecularGlossiness object `ext` as `m`'s metallic-roughness factors and base
/// colour and metallic-roughness textures (spec_gloss.hpp; textures are converted pixel by pixel).
void read_spec_gloss(Context& ctx, TextureSlots& slots, const Json& ext, Material& m, UvTransform& uv);

}  // namespace aem::formats::gltf
