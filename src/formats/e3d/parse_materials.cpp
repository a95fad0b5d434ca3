// materials (0x8000) and textures (0x9000) (docs/formats/e3d.md §4, §9). Map blocks hold one texture
// reference (ID or name), resolved after the whole file is read.
#include "formats/e3d/e3d_parse.hpp"
#include "formats/e3d/parse_util.hpp"

namespace aem::formats::e3d {
namespace {

bool is_map(std::uint16_t t) {
  return (t >= kEmissiveMap && t <= kOcclusionMap) || (t >= kDiffuseMap && t <= kAmbientMap) || t == kAlbedoMap ||
         t == kRoughnessMetalnessMap || t == kSpecDiffuseMap || t == kSpecGlossMap;
}

float read_f32_block(BlockRef& b) {
  expect_length(b, 4);
  return b.payload.f32(block_label(b.type).c_str());
}

Vec3 read_color_block(BlockRef& b) {
  expect_length(b, 12);
  return read_vec3(b.payload, block_label(b.type).c_str());
}

TextureRef parse_map(ReadContext& ctx, BlockRef& mb) {
  TextureRef ref;
  ref.map_type = mb.type;
  ref.where = ctx.where(mb.offset);
  walk_blocks(ctx, mb.payload, [&](BlockRef& b) {
    if (b.type == kTextureId)
      ref.id = read_i32_block(b);
    else if (b.type == kTextureName)
      ref.name = read_string_block(b);
    else
      skip_unknown(ctx, b, "texture map");
  });
  return ref;
}

void parse_material(ReadContext& ctx, BlockRef& mb, RawFile& file) {
  ctx.charge(sizeof(RawMaterial) + sizeof(Material), mb.offset, "a material");
  RawMaterial raw;
  raw.where = ctx.where(mb.offset);
  Material& m = raw.material;
  // Ecere's defaults (§9): white diffuse and ambient, black specular and emissive, opaque, double-sided.
  m.has_phong = true;
  m.ambient = {1, 1, 1};
  m.double_sided = true;
  m.flags = 1;
  walk_blocks(ctx, mb.payload, [&](BlockRef& b) {
    if (is_map(b.type)) {
      ctx.charge(sizeof(TextureRef), b.offset, "a texture map");
      return raw.maps.push_back(parse_map(ctx, b));
    }
    switch (b.type) {
      case kMaterialId:
        raw.id = read_i32_block(b);
        break;
      case kMaterialName:
        m.name = read_string_block(b);
        break;
      case kMaterialFlags:
        expect_length(b, 4);
        m.flags = b.payload.u32("material flags");
        break;
      case kOpacity:
        m.opacity = read_f32_block(b);
        break;
      case kShininess:
        m.shininess = read_f32_block(b);
        break;
      case kDiffuse:
        m.diffuse = read_color_block(b);
        break;
      case kSpecular:
        m.specular = read_color_block(b);
        break;
      case kEmissive:
        m.emissive = read_color_block(b);
        break;
      case kAmbient:
        m.ambient = read_color_block(b);
        break;
      case kMaterialGroup:
      case kRefractionIndex:
      case kReflectivity:
        ctx.warn("E3D_DATA_DROPPED", b.offset, block_label(b.type) + " has no place in the scene; dropped");
        break;
      default:
        skip_unknown(ctx, b, "material");
    }
  });
  // Ecere's reader takes a black ambient to mean "as diffuse" (docs/formats/e3d.md §9).
  if (m.ambient == Vec3{}) m.ambient = m.diffuse;
  m.double_sided = m.flags & 1;
  m.alpha_blend = (m.flags & 6) != 0;
  m.base_color = {m.diffuse.x, m.diffuse.y, m.diffuse.z, m.opacity};
  file.materials.push_back(std::move(raw));
}

void parse_texture(ReadContext& ctx, BlockRef& tb, RawFile& file) {
  ctx.charge(sizeof(RawTexture) + sizeof(Texture), tb.offset, "a texture");
  RawTexture raw;
  raw.where = ctx.where(tb.offset);
  walk_blocks(ctx, tb.payload, [&](BlockRef& b) {
    switch (b.type) {
      case kTextureId:
        raw.id = read_i32_block(b);
        break;
      case kTextureName:
        raw.texture.name = read_string_block(b);
        break;
      case kTexturePng:
      case kTextureJpg:
      case kTextureJpg2k: {
        auto bytes = b.payload.bytes(b.payload.remaining(), "embedded image");
        const auto* p = reinterpret_cast<const std::uint8_t*>(bytes.data());
        raw.texture.data.assign(p, p + bytes.size());
        raw.texture.mime_type = b.type == kTexturePng   ? "image/png"
                                : b.type == kTextureJpg ? "image/jpeg"
                                                        : "image/jp2";
        break;
      }
      default:
        skip_unknown(ctx, b, "texture");
    }
  });
  file.textures.push_back(std::move(raw));
}

}  // namespace

void parse_materials(ReadContext& ctx, BlockRef& section, RawFile& file) {
  walk_items(ctx, section, kMaterial, "materials", [&](BlockRef& b) { parse_material(ctx, b, file); });
}

void parse_textures(ReadContext& ctx, BlockRef& section, RawFile& file) {
  walk_items(ctx, section, kTexture, "textures", [&](BlockRef& b) { parse_texture(ctx, b, file); });
}

}  // namespace aem::formats::e3d
