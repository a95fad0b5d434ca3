// KHR_materials_pbrSpecularGlossiness (archived, still written by older exporters) as the scene's
// metallic-roughness material: the conversion the extension's examples publish, for factors and, pixel
// by pixel, for textures (docs/formats/gltf.md, "Specular-glossiness materials").
#pragma once

#include "aem/math.hpp"
#include "core/image.hpp"

namespace aem::formats::gltf {

/// A specular-glossiness material's values: linear diffuse RGB and opacity, linear specular RGB (F0),
/// glossiness 0 (rough) to 1 (smooth).
struct SpecGloss {
  Vec4 diffuse{1, 1, 1, 1};
  Vec3 specular{1, 1, 1};
  float glossiness = 1.0f;
};

/// Metallic-roughness values: linear base colour (each channel 0..1), metallic and roughness 0..1.
struct MetalRough {
  Vec3 base_color{1, 1, 1};
  float metallic = 0.0f;
  float roughness = 1.0f;
};

/// The metallic-roughness material that reflects like `sg` (opacity is not part of it: it carries over
/// unchanged). Inputs outside 0..1 are clamped.
MetalRough metal_rough_from_spec_gloss(const SpecGloss& sg);

/// The two images a textured specular-glossiness material becomes.
struct MetalRoughImages {
  Image base_color;          ///< RGBA: sRGB-encoded base colour, linear opacity
  Image metallic_roughness;  ///< RGBA: R 255, G roughness, B metallic (linear), A 255
};

/// Converts every pixel: `diffuse` (sRGB RGB, linear alpha) times factors.diffuse and `spec_gloss`
/// (sRGB specular RGB, linear glossiness in alpha) times factors.specular and factors.glossiness. Either
/// image may be empty (its factors alone). The result has the larger width and the larger height of the
/// two; a smaller image is sampled at the nearest pixel, as both are meant to share one UV mapping.
MetalRoughImages bake_metal_rough(const Image& diffuse, const Image& spec_gloss, const SpecGloss& factors);

}  // namespace aem::formats::gltf
