// Materials (see reader_parts.hpp); their textures in reader_textures.cpp.
#include <cmath>
#include <utility>

#include "formats/gltf/reader_material_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// The core pbrMetallicRoughness object `pbr` as `m`'s factors and textures.
void read_metal_rough(Context& ctx, TextureSlots& slots, const Json& pbr, Material& m, UvTransform& uv) {
  const auto c = ctx.numbers(pbr["baseColorFactor"], 4, {1, 1, 1, 1});
  m.base_color = {c[0], c[1], c[2], c[3]};
  m.opacity = c[3];
  m.metallic = ctx.number(pbr["metallicFactor"], 1.0f);
  m.roughness = ctx.number(pbr["roughnessFactor"], 1.0f);
  m.textures.base_color = slots.use(pbr["baseColorTexture"], &uv);
  m.textures.metallic_roughness = slots.use(pbr["metallicRoughnessTexture"], &uv);
}

/// The textures aem's writer kept by name in the material's extras because their files were missing
/// (docs/formats/gltf.md §4): each becomes a texture with that name and no image, in a slot the
/// material left empty, so the missing reference reaches the output formats under its own name.
void read_missing_textures(Context& ctx, Scene& scene, const Json& missing, Material& m) {
  const std::pair<std::string_view, std::int32_t*> slots[] = {
      {"baseColorTexture", &m.textures.base_color},
      {"metallicRoughnessTexture", &m.textures.metallic_roughness},
      {"normalTexture", &m.textures.normal},
      {"occlusionTexture", &m.textures.occlusion},
      {"emissiveTexture", &m.textures.emissive}};
  for (const auto& [key, slot] : slots) {
    const Json name = missing[key];
    if (!name.exists() || *slot >= 0) continue;
    if (!name.is_string() || name.string().empty()) {
      ctx.warn("GLTF_BAD_EXTRAS", name.path(), "a missing texture's name must be a non-empty string; ignored");
      continue;
    }
    *slot = texture_by_name(scene, std::string(name.string()));
  }
}

}  // namespace

std::vector<UvTransform> read_materials(Context& ctx, Scene& scene) {
  const Json list = ctx.array(ctx.root, "materials");
  TextureSlots slots{ctx, scene, std::vector<std::int32_t>(ctx.count("textures"), -1)};
  std::vector<UvTransform> transforms(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json j = list[i];
    Material m;
    m.name = ctx.string(j["name"]);
    // A reader that knows the specular-glossiness extension renders it, whatever else the material holds.
    if (const Json sg = j["extensions"]["KHR_materials_pbrSpecularGlossiness"]; sg.exists())
      read_spec_gloss(ctx, slots, sg, m, transforms[i]);
    else
      read_metal_rough(ctx, slots, j["pbrMetallicRoughness"], m, transforms[i]);
    const auto e = ctx.numbers(j["emissiveFactor"], 3, {0, 0, 0});
    const float strength = ctx.number(j["extensions"]["KHR_materials_emissive_strength"]["emissiveStrength"], 1.0f);
    m.emissive = Vec3{e[0], e[1], e[2]} * strength;
    m.double_sided = j["doubleSided"].boolean();
    const std::string mode = ctx.string(j["alphaMode"]);
    m.alpha_blend = mode == "BLEND";
    if (mode == "MASK") m.alpha_cutoff = ctx.number(j["alphaCutoff"], 0.5f);
    m.textures.normal = slots.use(j["normalTexture"], &transforms[i]);
    m.textures.occlusion = slots.use(j["occlusionTexture"], &transforms[i]);
    m.textures.emissive = slots.use(j["emissiveTexture"], &transforms[i]);
    read_missing_textures(ctx, scene, j["extras"]["aem_missing_textures"], m);
    scene.materials.push_back(std::move(m));
  }
  return transforms;
}

void bake_uv_transforms(Context& ctx, Scene& scene, const std::vector<UvTransform>& transforms) {
  for (Mesh& m : scene.meshes) {
    if (m.material < 0) continue;
    const UvTransform& t = transforms[static_cast<std::size_t>(m.material)];
    if (!t.present) continue;
    if (static_cast<std::size_t>(t.set) >= m.uvs.size()) {
      ctx.warn("GLTF_UV_TRANSFORM_IGNORED", "materials[" + std::to_string(m.material) + "]",
               "UV transform names a UV set the mesh lacks");
      continue;
    }
    // KHR_texture_transform: uv' = T * R * S * uv, R rotating by -rotation in UV space.
    const float cs = std::cos(t.rotation), sn = std::sin(t.rotation);
    for (Vec2& uv : m.uvs[t.set]) {
      const float u = uv.x * t.scale[0], v = uv.y * t.scale[1];
      uv = {cs * u + sn * v + t.offset[0], -sn * u + cs * v + t.offset[1]};
    }
  }
}

}  // namespace aem::formats::gltf
