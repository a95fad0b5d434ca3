// KHR_materials_pbrSpecularGlossiness in the material step (see reader_material_parts.hpp).
#include "formats/gltf/reader_material_parts.hpp"
#include "formats/gltf/spec_gloss.hpp"

namespace aem::formats::gltf {
namespace {

/// Where a textureInfo samples: its KHR_texture_transform offset, scale, rotation and its UV set.
std::vector<float> mapping(Context& ctx, const Json& info) {
  const Json tt = info["extensions"]["KHR_texture_transform"];
  std::vector<float> m = ctx.numbers(tt["offset"], 2, {0, 0});
  const auto scale = ctx.numbers(tt["scale"], 2, {1, 1});
  m.insert(m.end(), scale.begin(), scale.end());
  m.push_back(ctx.number(tt["rotation"], 0.0f));
  m.push_back(
      static_cast<float>(ctx.uint(tt["texCoord"], ctx.uint(info["texCoord"], 0, kMaxUvSets - 1), kMaxUvSets - 1)));
  return m;
}

/// textures[info.index] decoded, budgeted before decoding; empty when `info` is absent. `source` gets
/// the texture as read (its name and sampler); `problem` says why a present one did not decode.
Image decode_texture(Context& ctx, const Json& info, Texture& source, std::string& problem) {
  if (!info.exists()) return {};
  source = read_texture(ctx, ctx.index(info["index"], "textures"));
  const std::string what = info.path() + " (" + (source.name.empty() ? "embedded image" : source.name) + ")";
  const auto size = image_dimensions(source.data);
  if (!size) {
    problem = what + (source.data.empty() ? " has no image data" : " is not an image aem decodes");
    return {};
  }
  ctx.spend(std::uint64_t(size->first) * std::uint64_t(size->second) * 4, info.path());
  Image image = decode_image(source.data);
  if (image.empty()) problem = what + " does not decode";
  return image;
}

Texture png_texture(const Image& image, std::string name, const Texture& sampler_from) {
  const std::vector<std::byte> png = encode_png(image.width, image.height, 4, image.rgba.data());
  Texture t{std::move(name),
            {reinterpret_cast<const std::uint8_t*>(png.data()),
             reinterpret_cast<const std::uint8_t*>(png.data()) + png.size()},
            "image/png"};
  t.wrap_u = sampler_from.wrap_u;
  t.wrap_v = sampler_from.wrap_v;
  return t;
}

void apply(const MetalRough& mr, float opacity, Material& m) {
  m.base_color = {mr.base_color.x, mr.base_color.y, mr.base_color.z, opacity};
  m.opacity = opacity;
  m.metallic = mr.metallic;
  m.roughness = mr.roughness;
}

}  // namespace

void read_spec_gloss(Context& ctx, TextureSlots& slots, const Json& ext, Material& m, UvTransform& uv) {
  const auto d = ctx.numbers(ext["diffuseFactor"], 4, {1, 1, 1, 1});
  const auto s = ctx.numbers(ext["specularFactor"], 3, {1, 1, 1});
  const SpecGloss factors{{d[0], d[1], d[2], d[3]}, {s[0], s[1], s[2]}, ctx.number(ext["glossinessFactor"], 1.0f)};
  const Json diffuse_info = ext["diffuseTexture"], sg_info = ext["specularGlossinessTexture"];
  if (!diffuse_info.exists() && !sg_info.exists())
    return apply(metal_rough_from_spec_gloss(factors), factors.diffuse.w, m);

  Texture diffuse_source, sg_source;
  std::string problem;
  const Image diffuse = decode_texture(ctx, diffuse_info, diffuse_source, problem);
  const Image spec_gloss = decode_texture(ctx, sg_info, sg_source, problem);
  if (!problem.empty()) {
    // Nothing to convert pixel by pixel: the diffuse image stays the base colour, under converted factors.
    ctx.warn(
        "GLTF_SPEC_GLOSS_APPROXIMATED", ext.path(),
        problem +
            "; the specular-glossiness material is converted from its factors, the diffuse texture kept as the base colour");
    apply(metal_rough_from_spec_gloss(factors), factors.diffuse.w, m);
    m.textures.base_color = slots.use(diffuse_info, &uv, &diffuse_source);
    return;
  }
  if (diffuse_info.exists() && sg_info.exists() && mapping(ctx, diffuse_info) != mapping(ctx, sg_info))
    ctx.warn(
        "GLTF_SPEC_GLOSS_APPROXIMATED", sg_info.path(),
        "the specular-glossiness texture is mapped unlike the diffuse texture; both are converted with the diffuse texture's mapping");
  const int width = std::max(diffuse.width, spec_gloss.width), height = std::max(diffuse.height, spec_gloss.height);
  ctx.spend(std::uint64_t(width) * std::uint64_t(height) * 8, ext.path());
  const MetalRoughImages baked = bake_metal_rough(diffuse, spec_gloss, factors);
  // The factors are in the pixels now.
  apply(MetalRough{{1, 1, 1}, 1.0f, 1.0f}, 1.0f, m);
  const Json& mapped_by = diffuse_info.exists() ? diffuse_info : sg_info;
  const Texture& sampler_from = diffuse_info.exists() ? diffuse_source : sg_source;
  const std::string stem = m.name.empty() ? "material" : m.name;
  m.textures.base_color =
      slots.add(png_texture(baked.base_color, stem + "_baseColor.png", sampler_from), mapped_by, &uv);
  m.textures.metallic_roughness =
      slots.add(png_texture(baked.metallic_roughness, stem + "_metallicRoughness.png", sampler_from), {}, nullptr);
}

}  // namespace aem::formats::gltf
