// Scene materials -> glTF metallic-roughness materials; texture image bytes copied as they are (PNG and
// JPEG), other image formats re-encoded as PNG since glTF core takes only those two. A texture whose
// file was not found keeps its name in the material's extras (docs/formats/gltf.md §4).
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "core/image.hpp"
#include "formats/gltf/writer_parts.hpp"

namespace aem::formats::gltf {
namespace {

class Images {
 public:
  Images(Document& doc, const Scene& scene, Packing packing, const std::string& stem, std::vector<SideFile>& side_files)
      : doc_(doc),
        scene_(scene),
        packing_(packing),
        stem_(stem),
        side_files_(side_files),
        texture_of_(scene.textures.size(), -2) {}

  /// The glTF texture for scene texture `t`, or -1 when it has no usable image.
  std::int32_t texture(std::int32_t t) {
    if (t < 0 || static_cast<std::size_t>(t) >= scene_.textures.size()) return -1;
    if (texture_of_[t] == -2) texture_of_[t] = make(t);
    return texture_of_[t];
  }

  /// The name of scene texture `t` when it names a file that was not found (no image bytes), else "".
  std::string missing_name(std::int32_t t) const {
    if (t < 0 || static_cast<std::size_t>(t) >= scene_.textures.size() || !scene_.textures[t].data.empty()) return {};
    return scene_.textures[t].name;
  }

 private:
  std::int32_t make(std::int32_t t) {
    const Texture& tex = scene_.textures[t];
    const std::string path = "textures[" + std::to_string(t) + "] \"" + tex.name + "\"";
    if (tex.data.empty()) {
      doc_.warn("GLTF_WRITE_TEXTURE_MISSING", path,
                "no image data (file not found beside the model); "
                "its name is kept in the material's extras (aem_missing_textures), the slot left empty");
      return -1;
    }
    // Textures that differ only in their samplers (glTF's own, read back) share one image.
    auto& same_size = images_by_size_[{tex.data.size(), tex.name}];
    for (const auto& [earlier, image] : same_size)
      if (scene_.textures[earlier].data == tex.data) return add_texture(tex, image);
    const ImageEncoding encoding = image_encoding(tex.data);
    // A PNG without its IHDR chunk is no image the validator (or any viewer) accepts: decode or drop it.
    const bool png_ok = tex.data.size() >= 33 && tex.data[12] == 'I' && tex.data[13] == 'H' && tex.data[14] == 'D' &&
                        tex.data[15] == 'R';
    std::string mime = encoding == ImageEncoding::Jpeg            ? "image/jpeg"
                       : encoding == ImageEncoding::Png && png_ok ? "image/png"
                                                                  : "";
    // The texture's own bytes, unless they are re-encoded; a side file takes a copy.
    std::span<const std::byte> bytes = std::as_bytes(std::span(tex.data));
    std::vector<std::byte> reencoded;
    if (mime.empty()) {
      // glTF core holds PNG and JPEG only: anything else is decoded and encoded as PNG.
      reencoded = reencode_as_png(tex.data);
      bytes = reencoded;
      if (bytes.empty()) {
        doc_.warn("GLTF_WRITE_TEXTURE_UNREADABLE", path,
                  "neither PNG nor JPEG nor decodable; material slot left empty");
        return -1;
      }
      mime = "image/png";
      doc_.warn("GLTF_WRITE_TEXTURE_REENCODED", path, "re-encoded as PNG (glTF takes PNG and JPEG)");
    }
    JsonObject image;
    if (!tex.name.empty()) image.str("name", tex.name);
    if (packing_ == Packing::Glb) {
      image.num("bufferView", doc_.view(bytes, kNoTarget)).str("mimeType", mime);
    } else if (packing_ == Packing::Embedded) {
      image.str("uri", data_uri(mime, bytes));
    } else {
      const std::string file =
          stem_ + "_" + std::to_string(doc_.images.size()) + (mime == "image/png" ? ".png" : ".jpg");
      image.str("uri", uri_escape(file));
      side_files_.push_back(
          {file, reencoded.empty() ? std::vector<std::byte>(bytes.begin(), bytes.end()) : std::move(reencoded)});
    }
    doc_.images.push_back(image.text());
    const auto made = static_cast<std::int32_t>(doc_.images.size() - 1);
    same_size.emplace_back(t, made);
    return add_texture(tex, made);
  }

  /// A glTF texture of image `image` with `tex`'s sampler; its index.
  std::int32_t add_texture(const Texture& tex, std::int32_t image) {
    doc_.textures.push_back(JsonObject().num("sampler", sampler(tex)).num("source", static_cast<double>(image)).text());
    return static_cast<std::int32_t>(doc_.textures.size() - 1);
  }

  /// The sampler with the texture's wraps (one per distinct pair, made when first needed).
  std::int32_t sampler(const Texture& tex) {
    const auto key = std::pair{tex.wrap_u, tex.wrap_v};
    if (auto it = sampler_of_.find(key); it != sampler_of_.end()) return it->second;
    JsonObject sampler;
    sampler.num("magFilter", 9729).num("minFilter", 9987);
    if (tex.wrap_u != TextureWrap::Repeat) sampler.num("wrapS", gl_wrap(tex.wrap_u));
    if (tex.wrap_v != TextureWrap::Repeat) sampler.num("wrapT", gl_wrap(tex.wrap_v));
    doc_.samplers.push_back(sampler.text());
    return sampler_of_[key] = static_cast<std::int32_t>(doc_.samplers.size() - 1);
  }

  static double gl_wrap(TextureWrap w) {
    switch (w) {
      case TextureWrap::ClampToEdge:
        return 33071;
      case TextureWrap::MirroredRepeat:
        return 33648;
      case TextureWrap::Repeat:
        break;
    }
    return 10497;
  }

  Document& doc_;
  const Scene& scene_;
  Packing packing_;
  const std::string& stem_;
  std::vector<SideFile>& side_files_;
  std::vector<std::int32_t> texture_of_;  // -2 = not made yet
  std::map<std::pair<TextureWrap, TextureWrap>, std::int32_t> sampler_of_;
  /// The images made so far by byte count and name: (scene texture, glTF image) pairs.
  std::map<std::pair<std::size_t, std::string>, std::vector<std::pair<std::int32_t, std::int32_t>>> images_by_size_;
};

float unit_clamp(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

}  // namespace

void write_materials(Document& doc, const Scene& scene, Packing packing, const std::string& stem,
                     std::vector<SideFile>& side_files) {
  Images images(doc, scene, packing, stem, side_files);
  for (const Material& m : scene.materials) {
    JsonObject missing;  // glTF slot name -> file name of a texture without image bytes
    auto slot = [&](std::int32_t t, std::string_view gltf_slot) -> std::string {
      const std::int32_t g = images.texture(t);
      if (g >= 0) return JsonObject().num("index", g).text();
      if (const std::string name = images.missing_name(t); !name.empty()) missing.str(gltf_slot, name);
      return {};
    };
    JsonObject pbr;
    const float alpha = unit_clamp(m.base_color.w * m.opacity);
    pbr.floats("baseColorFactor", std::vector<float>{unit_clamp(m.base_color.x), unit_clamp(m.base_color.y),
                                                     unit_clamp(m.base_color.z), alpha});
    pbr.num("metallicFactor", unit_clamp(m.metallic)).num("roughnessFactor", unit_clamp(m.roughness));
    if (auto t = slot(m.textures.base_color, "baseColorTexture"); !t.empty()) pbr.raw("baseColorTexture", t);
    // An AEM ORM image is a valid glTF metallic-roughness map (G roughness, B metalness) and occlusion (R).
    const std::int32_t mr = m.textures.metallic_roughness >= 0 ? m.textures.metallic_roughness : m.textures.orm;
    if (auto t = slot(mr, "metallicRoughnessTexture"); !t.empty()) pbr.raw("metallicRoughnessTexture", t);
    JsonObject out;
    if (!m.name.empty()) out.str("name", m.name);
    out.raw("pbrMetallicRoughness", pbr.text());
    if (auto t = slot(m.textures.normal, "normalTexture"); !t.empty()) out.raw("normalTexture", t);
    if (auto t = slot(m.textures.occlusion >= 0 ? m.textures.occlusion : m.textures.orm, "occlusionTexture");
        !t.empty())
      out.raw("occlusionTexture", t);
    if (auto t = slot(m.textures.emissive, "emissiveTexture"); !t.empty()) {
      out.raw("emissiveTexture", t);
      if (m.emissive == Vec3{}) out.floats("emissiveFactor", std::vector<float>{1, 1, 1});
    }
    if (!(m.emissive == Vec3{}))
      out.floats("emissiveFactor",
                 std::vector<float>{unit_clamp(m.emissive.x), unit_clamp(m.emissive.y), unit_clamp(m.emissive.z)});
    if (m.alpha_blend || alpha < 1.0f) out.str("alphaMode", "BLEND");
    if (m.double_sided) out.raw("doubleSided", "true");
    if (!missing.empty()) out.raw("extras", JsonObject().raw("aem_missing_textures", missing.text()).text());
    doc.materials.push_back(out.text());
  }
}

}  // namespace aem::formats::gltf
