// Textures, images and samplers of the material step (see reader_material_parts.hpp).
#include "core/parse_error.hpp"
#include "formats/gltf/reader_buffers.hpp"
#include "formats/gltf/reader_material_parts.hpp"
#include "formats/gltf/side_files.hpp"

namespace aem::formats::gltf {
namespace {

TextureWrap wrap(Context& ctx, const Json& value) {
  switch (ctx.uint(value, 10497, UINT32_MAX)) {
    case 33071:
      return TextureWrap::ClampToEdge;
    case 33648:
      return TextureWrap::MirroredRepeat;
    case 10497:
      return TextureWrap::Repeat;
    default:
      ctx.fail("GLTF_BAD_VALUE", value.path(), "unknown wrap mode");
  }
}

std::string sniff_mime(const std::vector<std::uint8_t>& data) {
  if (data.size() >= 4 && data[0] == 0x89 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G') return "image/png";
  if (data.size() >= 2 && data[0] == 0xFF && data[1] == 0xD8) return "image/jpeg";
  return {};
}

/// Image `source` as a texture without a sampler: its bytes from a buffer view, a data URI or a file.
Texture read_image(Context& ctx, std::uint32_t source) {
  const Json image = ctx.root["images"][source];
  Texture out;
  out.mime_type = ctx.string(image["mimeType"]);
  if (auto view = ctx.optional_index(image["bufferView"], "bufferViews")) {
    const auto v = ctx.view(*view).bytes;
    out.data.assign(reinterpret_cast<const std::uint8_t*>(v.data()),
                    reinterpret_cast<const std::uint8_t*>(v.data()) + v.size());
    ctx.done_with(v);
    out.name = ctx.string(image["name"]);
  } else if (image["uri"].exists()) {
    const std::string uri = ctx.string(image["uri"]);
    if (is_data_uri(uri)) {
      std::string media;
      out.data = load_uri<std::uint8_t>(ctx, uri, image.path() + ".uri", &media);
      if (out.mime_type.empty()) out.mime_type = media;
      out.name = ctx.string(image["name"]);
    } else {
      out.name = uri;
      out.side_file_tried = true;  // a URI, percent-encoded: only this reader knows which file it names
      try {
        out.data = load_uri<std::uint8_t>(ctx, uri, image.path() + ".uri");
      } catch (const detail::ParseError& e) {
        // A missing image is not fatal: the model is still usable, the texture is kept by name.
        if (e.diagnostic.code != "GLTF_SIDE_FILE_MISSING") throw;
        ctx.warn("GLTF_IMAGE_MISSING", image.path() + ".uri", e.diagnostic.message + "; kept by name only");
      }
    }
  } else {
    ctx.fail("GLTF_MISSING", image.path(), "an image needs a uri or a bufferView");
  }
  if (out.mime_type.empty()) out.mime_type = sniff_mime(out.data);
  return out;
}

/// Image `source` for one more texture: read on first use, copied while other textures naming it are
/// still to be read, handed over to the last. A texture read twice (two specular-glossiness materials
/// decoding it) can outlast that count: the image is then read again.
Texture image_for_texture(Context& ctx, std::uint32_t source) {
  if (ctx.images.empty()) {
    const std::size_t images = ctx.count("images");
    ctx.images.resize(images);
    ctx.image_reads_left.assign(images, 0);
    const Json textures = ctx.array(ctx.root, "textures");
    for (std::size_t t = 0; t < textures.size(); ++t) {
      const Json named = textures[t]["source"];
      if (named.is_number() && named.number() >= 0 && named.number() < static_cast<double>(images))
        ++ctx.image_reads_left[static_cast<std::size_t>(named.number())];
    }
  }
  std::optional<Texture>& cached = ctx.images[source];
  if (!cached) cached = read_image(ctx, source);
  std::uint32_t& left = ctx.image_reads_left[source];
  if (left > 1) {
    --left;
    return *cached;
  }
  left = 0;
  Texture last = std::move(*cached);
  cached.reset();
  return last;
}

}  // namespace

Texture read_texture(Context& ctx, std::uint32_t i) {
  const Json t = ctx.root["textures"][i];
  auto wrap_u = TextureWrap::Repeat, wrap_v = TextureWrap::Repeat;
  if (auto s = ctx.optional_index(t["sampler"], "samplers")) {
    const Json sampler = ctx.root["samplers"][*s];
    wrap_u = wrap(ctx, sampler["wrapS"]);
    wrap_v = wrap(ctx, sampler["wrapT"]);
  }
  Texture out;
  if (const auto source = ctx.optional_index(t["source"], "images")) {
    out = image_for_texture(ctx, *source);
  } else {
    ctx.warn("GLTF_TEXTURE_WITHOUT_IMAGE", t.path(),
             "texture has no image (only extensions such as KHR_texture_basisu?); left empty");
  }
  out.wrap_u = wrap_u;
  out.wrap_v = wrap_v;
  return out;
}

std::int32_t TextureSlots::use(const Json& info, UvTransform* uv, Texture* read) {
  if (!info.exists()) return -1;
  const std::uint32_t t = ctx.index(info["index"], "textures");
  if (scene_index[t] < 0) {
    scene.textures.push_back(read ? std::move(*read) : read_texture(ctx, t));
    scene_index[t] = static_cast<std::int32_t>(scene.textures.size() - 1);
  }
  map(info, uv);
  return scene_index[t];
}

std::int32_t TextureSlots::add(Texture texture, const Json& info, UvTransform* uv) {
  scene.textures.push_back(std::move(texture));
  if (info.exists()) map(info, uv);
  return static_cast<std::int32_t>(scene.textures.size() - 1);
}

void TextureSlots::map(const Json& info, UvTransform* uv) {
  int set = static_cast<int>(ctx.uint(info["texCoord"], 0, kMaxUvSets - 1));
  if (const Json tt = info["extensions"]["KHR_texture_transform"]; tt.exists()) {
    set = static_cast<int>(ctx.uint(tt["texCoord"], static_cast<std::uint64_t>(set), kMaxUvSets - 1));
    if (uv && !uv->present) {
      uv->present = true;
      uv->set = set;
      const auto o = ctx.numbers(tt["offset"], 2, {0, 0});
      const auto s = ctx.numbers(tt["scale"], 2, {1, 1});
      uv->offset[0] = o[0], uv->offset[1] = o[1], uv->scale[0] = s[0], uv->scale[1] = s[1];
      uv->rotation = ctx.number(tt["rotation"], 0.0f);
    } else {
      ctx.warn("GLTF_UV_TRANSFORM_IGNORED", tt.path(),
               "only the base colour texture's UV transform is baked into the UVs");
    }
  }
  if (set != 0)
    ctx.warn("GLTF_UV_SET_IGNORED", info.path(),
             "the scene maps every texture with the first UV set; TEXCOORD_" + std::to_string(set) +
                 " is kept but not bound");
}

}  // namespace aem::formats::gltf
