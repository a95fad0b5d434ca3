// Part of the FBX reader's one translation unit (reader.cpp): materials and their textures.

namespace aem::formats::fbx {
namespace {

/// "dir\\tex.png" -> "dir/tex.png": FBX files written on Windows name side files with backslashes.
std::string forward_slashes(std::string path) {
  std::replace(path.begin(), path.end(), '\\', '/');
  return path;
}

/// A reference a file written elsewhere makes ("C:/art/wood.png", "../textures/wood.png") is usually
/// meant as the file of that name beside the model.
bool is_absolute_reference(std::string_view path) {
  return path.starts_with('/') || (path.size() >= 2 && path[1] == ':');
}

/// The name a texture is known by, relative to the model's folder: the file's relative reference when a
/// file is there, else its bare file name when that is there (the usual case for files made on another
/// machine); with neither, the relative reference as written (reported missing by whoever loads it).
std::string texture_name(Build& b, const ufbx_texture& t) {
  const std::string relative = forward_slashes(to_string(t.relative_filename));
  const std::string absolute = forward_slashes(to_string(t.absolute_filename));
  const std::string base = std::filesystem::path(relative.empty() ? absolute : relative).filename().string();
  const std::filesystem::path dir = b.input.path.parent_path();
  if (b.input.path.empty()) return relative.empty() || is_absolute_reference(relative) ? base : relative;
  std::error_code ec;
  for (const std::string& candidate : {relative, base})
    if (!candidate.empty() && !is_absolute_reference(candidate) &&
        std::filesystem::is_regular_file(dir / candidate, ec))
      return candidate;
  return relative.empty() || is_absolute_reference(relative) ? base : relative;
}

/// The numbers of an .mtl map statement's `option` (`-s 2 2 1`): ufbx keeps each option as a property
/// of the texture.
std::span<const ufbx_real> mtl_option(const ufbx_texture& t, const char* option) {
  const ufbx_prop* p = ufbx_find_prop(&t.props, option);
  if (!p) return {};
  const std::size_t given = p->flags & UFBX_PROP_FLAG_VALUE_VEC4   ? 4
                            : p->flags & UFBX_PROP_FLAG_VALUE_VEC3 ? 3
                            : p->flags & UFBX_PROP_FLAG_VALUE_VEC2 ? 2
                            : p->flags & UFBX_PROP_FLAG_VALUE_REAL ? 1
                                                                   : 0;
  return {p->value_real_arr, given};
}

/// An .mtl map statement's options: `-clamp on` keeps the UVs in 0..1; an offset or scale of the UVs
/// (`-o`, `-s`; their third value is for 3D textures) is not applied, and said so.
void mtl_map_options(Build& b, const ufbx_texture& t, Texture& out) {
  if (ufbx_find_int(&t.props, "clamp", 0) == 1) out.wrap_u = out.wrap_v = TextureWrap::ClampToEdge;
  const auto moves = [&](const char* option, ufbx_real identity) {
    const std::span<const ufbx_real> values = mtl_option(t, option);
    return std::any_of(values.begin(), values.begin() + std::min<std::size_t>(values.size(), 2),
                       [&](ufbx_real v) { return v != identity; });
  };
  if (moves("o", 0) || moves("s", 1))
    b.warn("FBX_UV_TRANSFORM_IGNORED", out.name, "the map's UV offset or scale (-o, -s) is not applied");
}

struct TextureTable {
  std::map<const ufbx_texture*, std::int32_t> index;
  /// The scene textures of each file name and wrap modes: ufbx makes a texture per OBJ map statement,
  /// and FBX files give each material's use of an image a texture of its own, often embedding the
  /// image again (one image written once per material would be the same image many times over).
  std::map<std::tuple<std::string, TextureWrap, TextureWrap>, std::vector<std::int32_t>> of_file;

  /// The scene texture already made with `out`'s name, wrap modes and bytes, or -1.
  std::int32_t same_as(const Build& b, const Texture& out) const {
    const auto it = of_file.find({out.name, out.wrap_u, out.wrap_v});
    if (it == of_file.end()) return -1;
    for (std::int32_t t : it->second)
      if (b.scene.textures[t].data == out.data) return t;
    return -1;
  }

  /// The scene texture for `map`'s texture (the first file of a layered one), or -1.
  std::int32_t of(Build& b, const ufbx_material_map& map) {
    if (!map.texture || !map.texture_enabled || map.texture->file_textures.count == 0) return -1;
    const ufbx_texture& t = *map.texture->file_textures.data[0];
    if (auto it = index.find(&t); it != index.end()) return it->second;
    Texture out;
    out.name = texture_name(b, t);
    const ufbx_blob& content = t.content.size > 0 ? t.content : (t.video ? t.video->content : t.content);
    // Blender writes "." for an image it held packed and did not embed: a texture without a file.
    if (content.size == 0 && (out.name.empty() || out.name == "." || out.name.ends_with('/'))) {
      b.warn("FBX_TEXTURE_WITHOUT_FILE", to_string(t.name),
             "the texture names no file and embeds no image; the material keeps its colour");
      index.emplace(&t, -1);
      return -1;
    }
    if (content.size > 0) {
      const auto* bytes = static_cast<const std::uint8_t*>(content.data);
      out.data.assign(bytes, bytes + content.size);  // as stored: a JPEG stays a JPEG
      out.mime_type = image_mime_type(out.data);
    }
    out.wrap_u = t.wrap_u == UFBX_WRAP_CLAMP ? TextureWrap::ClampToEdge : TextureWrap::Repeat;
    out.wrap_v = t.wrap_v == UFBX_WRAP_CLAMP ? TextureWrap::ClampToEdge : TextureWrap::Repeat;
    if (t.has_uv_transform)
      b.warn("FBX_UV_TRANSFORM_IGNORED", out.name,
             "the texture's UV transform (offset, scale or rotation) is not applied");
    if (b.format == SourceFormat::Obj) mtl_map_options(b, t, out);
    if (const std::int32_t same = same_as(b, out); same >= 0) return index.emplace(&t, same).first->second;
    const auto at = static_cast<std::int32_t>(b.scene.textures.size());
    of_file[{out.name, out.wrap_u, out.wrap_v}].push_back(at);
    b.scene.textures.push_back(std::move(out));
    index.emplace(&t, at);
    return at;
  }
};

/// `value` when the map holds one, else `fallback`.
float real_or(const ufbx_material_map& map, float fallback) {
  return map.has_value ? static_cast<float>(map.value_real) : fallback;
}

/// True when scene textures `a` and `b` are the same image: the same file, or the same embedded bytes.
bool same_image(const std::vector<Texture>& textures, std::int32_t a, std::int32_t b) {
  return a == b || (a >= 0 && b >= 0 && textures[a].name == textures[b].name && textures[a].data == textures[b].data);
}

Material read_material(Build& b, TextureTable& textures, const ufbx_material& m, std::int32_t index) {
  Material out;
  out.name = to_string(m.name);
  const ufbx_material_pbr_maps& pbr = m.pbr;
  const bool mtl = m.shader_type == UFBX_SHADER_WAVEFRONT_MTL;
  // An OBJ material without a colour (no Kd, or no newmtl for its usemtl) would be black in ufbx's
  // values; it has the scene's default white, as a material the file does not describe.
  const bool no_colour = mtl && !pbr.base_color.has_value;
  const Vec4 base = no_colour ? Vec4{1, 1, 1, 1} : to_vec4(pbr.base_color.value_vec4);
  const float factor = real_or(pbr.base_factor, 1.0f);
  out.opacity = std::clamp(real_or(pbr.opacity, 1.0f), 0.0f, 1.0f);
  out.base_color = {base.x * factor, base.y * factor, base.z * factor, out.opacity};
  out.metallic = std::clamp(real_or(pbr.metalness, 0.0f), 0.0f, 1.0f);
  out.roughness = std::clamp(real_or(pbr.roughness, 1.0f), 0.0f, 1.0f);
  out.emissive = to_vec3(pbr.emission_color.value_vec3) * real_or(pbr.emission_factor, 1.0f);
  out.double_sided = m.features.double_sided.enabled;
  out.alpha_blend = out.opacity < 1.0f || (pbr.opacity.texture && pbr.opacity.texture_enabled);
  if (m.shader_type == UFBX_SHADER_FBX_LAMBERT || m.shader_type == UFBX_SHADER_FBX_PHONG || mtl) {
    const ufbx_material_fbx_maps& fbx = m.fbx;
    out.has_phong = true;
    out.diffuse =
        (no_colour ? Vec3{1, 1, 1} : to_vec3(fbx.diffuse_color.value_vec3)) * real_or(fbx.diffuse_factor, 1.0f);
    out.ambient = to_vec3(fbx.ambient_color.value_vec3) * real_or(fbx.ambient_factor, 1.0f);
    out.specular = to_vec3(fbx.specular_color.value_vec3) * real_or(fbx.specular_factor, 1.0f);
    out.shininess = real_or(fbx.specular_exponent, 0.0f);
  }
  auto& slots = out.textures;
  slots.base_color = textures.of(b, pbr.base_color);
  if (slots.base_color < 0) slots.base_color = textures.of(b, m.fbx.diffuse_color);
  // In FBX (and the tools that write it) an image connected to a colour takes the colour's place, and
  // the scene multiplies its factor into the image (glTF's rule), so the factor becomes white. The
  // diffuse weight (DiffuseFactor, Standard Surface's base; 0.8 by default in Maya) is a lighting
  // coefficient of those shading models, not a tint of the albedo: an image-backed colour is the image.
  // Keeping either would darken the image the artist painted, and make AEM re-encode it.
  if (slots.base_color >= 0) out.base_color = {1, 1, 1, out.opacity};
  slots.normal = textures.of(b, pbr.normal_map);
  if (slots.normal < 0) slots.normal = textures.of(b, m.fbx.normal_map);
  slots.emissive = textures.of(b, pbr.emission_color);
  if (slots.emissive >= 0) out.emissive = Vec3{1, 1, 1} * real_or(pbr.emission_factor, 1.0f);
  slots.occlusion = textures.of(b, pbr.ambient_occlusion);
  slots.specular = textures.of(b, m.fbx.specular_color);
  // One map holding both (glTF-style: G roughness, B metalness) is the scene's metallic-roughness slot;
  // separate images are packed into one such map once they are read (pack_separate_maps). As with the
  // colour, an image takes its value's place (the factor becomes 1), except in 3ds Max's glTF material,
  // whose values multiply its images as glTF's factors do.
  const std::int32_t roughness = textures.of(b, pbr.roughness), metalness = textures.of(b, pbr.metalness);
  const bool replaces_value = m.shader_type != UFBX_SHADER_GLTF_MATERIAL;
  if (roughness >= 0 && same_image(b.scene.textures, roughness, metalness)) {
    slots.metallic_roughness = roughness;
    if (replaces_value) out.roughness = out.metallic = 1.0f;
  } else if (roughness >= 0 || metalness >= 0) {
    b.separate_maps.push_back({index, roughness, metalness, replaces_value});
  }
  return out;
}

/// Scene texture `t` decoded, counted against `budget` (bytes of decoded pixels); empty when it has no
/// bytes, does not decode or would exceed the budget.
Image decode_within(const Texture& t, std::uint64_t& budget) {
  const auto size = image_dimensions(t.data);
  if (!size) return {};
  const std::uint64_t bytes = std::uint64_t(size->first) * std::uint64_t(size->second) * 4;
  if (bytes > budget) return {};
  budget -= bytes;
  return decode_image(t.data);
}

/// Removes the textures of `candidates` no material slot refers to, renumbering the slots.
void drop_unreferenced(Scene& scene, const std::vector<std::int32_t>& candidates) {
  std::vector<bool> referenced(scene.textures.size(), false), drop(scene.textures.size(), false);
  for (Material& m : scene.materials)
    for (std::int32_t* slot : m.textures.slots())
      if (*slot >= 0) referenced[*slot] = true;
  for (std::int32_t t : candidates) drop[t] = !referenced[t];
  std::vector<std::int32_t> new_index(scene.textures.size(), -1);
  std::size_t kept = 0;
  for (std::size_t t = 0; t < scene.textures.size(); ++t)
    if (!drop[t]) {
      new_index[t] = static_cast<std::int32_t>(kept);
      if (kept != t) scene.textures[kept] = std::move(scene.textures[t]);
      ++kept;
    }
  scene.textures.resize(kept);
  for (Material& m : scene.materials)
    for (std::int32_t* slot : m.textures.slots())
      if (*slot >= 0) *slot = new_index[*slot];
}

/// Packs each material's separate roughness and metalness images into the one metallic-roughness image
/// the scene holds (core/metallic_roughness.hpp), once per pair of images; the separate images, which
/// no slot holds, go. A material whose images cannot be packed keeps its values.
void pack_separate_maps(Build& b) {
  std::uint64_t budget = b.input.options.max_decoded_bytes;
  std::vector<std::int32_t> separate;
  std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> packed_of;
  for (const SeparateMaps& s : b.separate_maps) {
    for (std::int32_t t : {s.roughness, s.metalness})
      if (t >= 0) separate.push_back(t);
    Material& m = b.scene.materials[s.material];
    const auto settle = [&](std::int32_t packed) {
      m.textures.metallic_roughness = packed;
      if (!s.replaces_value) return;
      if (s.roughness >= 0) m.roughness = 1.0f;
      if (s.metalness >= 0) m.metallic = 1.0f;
    };
    if (const auto it = packed_of.find({s.roughness, s.metalness}); it != packed_of.end()) {
      settle(it->second);
      continue;
    }
    const Image roughness = s.roughness >= 0 ? decode_within(b.scene.textures[s.roughness], budget) : Image{};
    const Image metalness = s.metalness >= 0 ? decode_within(b.scene.textures[s.metalness], budget) : Image{};
    const Image packed =
        pack_metallic_roughness(s.roughness >= 0 ? &roughness : nullptr, s.metalness >= 0 ? &metalness : nullptr);
    if (packed.empty() || packed.rgba.size() > budget) {
      b.warn("FBX_MATERIAL_MAP_DROPPED", m.name,
             "the separate roughness and metalness images could not be packed into one (an image is missing, does "
             "not decode, or is past the read's budget)");
      continue;
    }
    budget -= packed.rgba.size();
    const std::vector<std::byte> png = encode_png(packed.width, packed.height, 4, packed.rgba.data());
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(png.data());
    const auto packed_index = static_cast<std::int32_t>(b.scene.textures.size());
    b.scene.textures.push_back(Texture{m.name + "_metallic_roughness.png", {bytes, bytes + png.size()}, "image/png"});
    packed_of.emplace(std::pair{s.roughness, s.metalness}, packed_index);
    settle(packed_index);
  }
  drop_unreferenced(b.scene, separate);
}

/// Reads the images the file names and does not embed from beside the model (the side-file rule), so
/// that writers which copy or compose images (AEM's, glTF's) have their bytes.
void load_external_textures(Build& b) {
  std::uint64_t budget = b.input.options.max_decoded_bytes;
  const SideTextureProblems problems = load_side_textures(b.scene, b.input.path, b.input.options.asset_root, budget);
  for (Warning refused : problems.refused) {
    refused.format = format_label(b.format);
    b.warnings.push_back(std::move(refused));
  }
  for (const std::string& name : problems.missing)
    b.warn(
        "FBX_TEXTURE_MISSING", name,
        "the image file is not beside the model (or unreadable, or past the read's budget); the texture is kept by name only");
}

void read_materials(Build& b) {
  TextureTable textures;
  b.material_of.assign(b.fbx.materials.count, -1);
  for (std::size_t i = 0; i < b.fbx.materials.count; ++i) {
    const ufbx_material& m = *b.fbx.materials.data[i];
    b.material_of[m.typed_id] = static_cast<std::int32_t>(b.scene.materials.size());
    b.scene.materials.push_back(read_material(b, textures, m, b.material_of[m.typed_id]));
  }
}

}  // namespace
}  // namespace aem::formats::fbx
