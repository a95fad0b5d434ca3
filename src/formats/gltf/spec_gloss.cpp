// Specular-glossiness -> metallic-roughness (see spec_gloss.hpp).
#include "formats/gltf/spec_gloss.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/srgb.hpp"

namespace aem::formats::gltf {
namespace {

constexpr float kDielectricF0 = 0.04f;  // what metallic-roughness gives every non-metal at normal incidence
constexpr float kEpsilon = 1e-6f;

float clamp01(float v) { return std::clamp(v, 0.0f, 1.0f); }
Vec3 clamp01(Vec3 c) { return {clamp01(c.x), clamp01(c.y), clamp01(c.z)}; }
float max_component(Vec3 c) { return std::max({c.x, c.y, c.z}); }
float perceived_brightness(Vec3 c) { return std::sqrt(0.299f * c.x * c.x + 0.587f * c.y * c.y + 0.114f * c.z * c.z); }

/// The metallic m at which metallic-roughness's diffuse part, base·(1 - F0)·(1 - m), and its specular
/// part, F0·(1 - m) + base·m, have the brightness of diffuse·(1 - max(specular)) and of specular. Both
/// give the base colour; equating them leaves F0·m² + b·m + (F0 - specular) = 0, whose larger root is m.
float solve_metallic(float diffuse, float specular, float diffuse_share) {
  if (specular < kDielectricF0) return 0.0f;  // reflects less than any dielectric: no metal in it
  const float b = diffuse * diffuse_share / (1 - kDielectricF0) + specular - 2 * kDielectricF0;
  const float c = kDielectricF0 - specular;
  const float discriminant = std::max(b * b - 4 * kDielectricF0 * c, 0.0f);
  return clamp01((std::sqrt(discriminant) - b) / (2 * kDielectricF0));
}

/// Linear value of each 8-bit sRGB code.
const std::array<float, 256>& srgb_decode_table() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int i = 0; i < 256; ++i) t[i] = detail::srgb_to_linear(i / 255.0f);
    return t;
  }();
  return table;
}

std::uint8_t to_byte(float v) { return static_cast<std::uint8_t>(std::lround(clamp01(v) * 255.0f)); }

/// The pixel of `image` nearest to pixel (x, y) of a width x height image covering the same UV square.
const std::uint8_t* nearest(const Image& image, int x, int y, int width, int height) {
  return image.at(static_cast<int>(std::int64_t(x) * image.width / width),
                  static_cast<int>(std::int64_t(y) * image.height / height));
}

}  // namespace

MetalRough metal_rough_from_spec_gloss(const SpecGloss& sg) {
  const Vec3 diffuse = clamp01(Vec3{sg.diffuse.x, sg.diffuse.y, sg.diffuse.z}), specular = clamp01(sg.specular);
  const float diffuse_share = 1 - max_component(specular);  // spec-gloss's c_diff = diffuse · (1 - max(specular))
  MetalRough out;
  out.metallic = solve_metallic(perceived_brightness(diffuse), perceived_brightness(specular), diffuse_share);
  // The base colour each part implies, weighted towards the specular one as the surface gets metallic.
  const Vec3 from_diffuse = diffuse * (diffuse_share / (1 - kDielectricF0) / std::max(1 - out.metallic, kEpsilon));
  const Vec3 dielectric = Vec3{kDielectricF0, kDielectricF0, kDielectricF0} * (1 - out.metallic);
  const Vec3 from_specular = (specular - dielectric) * (1 / std::max(out.metallic, kEpsilon));
  const float weight = out.metallic * out.metallic;
  out.base_color = clamp01(from_diffuse * (1 - weight) + from_specular * weight);
  out.roughness = 1 - clamp01(sg.glossiness);
  return out;
}

MetalRoughImages bake_metal_rough(const Image& diffuse, const Image& spec_gloss, const SpecGloss& factors) {
  const int width = std::max(diffuse.width, spec_gloss.width), height = std::max(diffuse.height, spec_gloss.height);
  MetalRoughImages out{{width, height, {}}, {width, height, {}}};
  out.base_color.rgba.resize(std::size_t(width) * height * 4);
  out.metallic_roughness.rgba.resize(out.base_color.rgba.size());
  const auto& linear = srgb_decode_table();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      SpecGloss sg = factors;
      if (!diffuse.empty()) {
        const std::uint8_t* d = nearest(diffuse, x, y, width, height);
        sg.diffuse = {linear[d[0]] * factors.diffuse.x, linear[d[1]] * factors.diffuse.y,
                      linear[d[2]] * factors.diffuse.z, d[3] / 255.0f * factors.diffuse.w};
      }
      if (!spec_gloss.empty()) {
        const std::uint8_t* s = nearest(spec_gloss, x, y, width, height);
        sg.specular = {linear[s[0]] * factors.specular.x, linear[s[1]] * factors.specular.y,
                       linear[s[2]] * factors.specular.z};
        sg.glossiness = s[3] / 255.0f * factors.glossiness;
      }
      const MetalRough mr = metal_rough_from_spec_gloss(sg);
      std::uint8_t* base = &out.base_color.rgba[4 * (std::size_t(y) * width + x)];
      base[0] = to_byte(detail::linear_to_srgb(mr.base_color.x));
      base[1] = to_byte(detail::linear_to_srgb(mr.base_color.y));
      base[2] = to_byte(detail::linear_to_srgb(mr.base_color.z));
      base[3] = to_byte(sg.diffuse.w);
      std::uint8_t* packed = &out.metallic_roughness.rgba[4 * (std::size_t(y) * width + x)];
      packed[0] = 255;
      packed[1] = to_byte(mr.roughness);
      packed[2] = to_byte(mr.metallic);
      packed[3] = 255;
    }
  }
  return out;
}

}  // namespace aem::formats::gltf
