#include "convert/textures.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/file.hpp"
#include "core/image.hpp"

namespace aem::convert {
namespace {

Image decode(const Texture& t) { return t.data.empty() ? Image{} : decode_image(t.data); }

Image solid(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  Image img{2, 2, std::vector<std::uint8_t>(16)};
  for (std::size_t i = 0; i < img.rgba.size(); i += 4) img.rgba[i] = r, img.rgba[i + 1] = g, img.rgba[i + 2] = b, img.rgba[i + 3] = a;
  return img;
}

std::uint8_t to_byte(float v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); }

std::vector<std::byte> encode_png(const Image& img, int channels) {
  std::vector<std::uint8_t> pixels;
  pixels.reserve(std::size_t(img.width) * img.height * channels);
  for (std::size_t i = 0; i < img.rgba.size(); i += 4) pixels.insert(pixels.end(), img.rgba.begin() + i, img.rgba.begin() + i + channels);
  return aem::encode_png(img.width, img.height, channels, pixels.data());
}

std::string sanitize(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  return out.empty() ? "material" : out;
}

class Exporter {
 public:
  Exporter(Scene& scene, std::filesystem::path dir, std::string stem) : scene_(scene), dir_(std::move(dir)), stem_(sanitize(stem)) {}

  Result<TextureExport> run() {
    std::vector<Texture> sources = std::move(scene_.textures);
    scene_.textures.clear();
    std::vector<Image> decoded(sources.size());
    std::vector<bool> tried(sources.size(), false);
    auto source = [&](std::int32_t t) -> const Image* {
      if (t < 0 || static_cast<std::size_t>(t) >= sources.size()) return nullptr;
      if (!tried[t]) {
        tried[t] = true;
        decoded[t] = decode(sources[t]);
        if (decoded[t].empty())
          report_.warnings.push_back(Warning{"CONVERT_TEXTURE_UNREADABLE", "convert", {}, {}, {}, sources[t].name,
                                             "texture could not be read or decoded; the material uses a default instead"});
      }
      return decoded[t].empty() ? nullptr : &decoded[t];
    };
    std::vector<bool> used(scene_.materials.size(), false);
    for (const auto& mesh : scene_.meshes)
      if (mesh.material >= 0 && static_cast<std::size_t>(mesh.material) < used.size()) used[mesh.material] = true;
    for (std::size_t i = 0; i < scene_.materials.size(); ++i) {
      Material& m = scene_.materials[i];
      if (!used[i]) {  // e.g. Assimp's default material: nothing refers to it, so no files for it
        m.textures = {};
        continue;
      }
      const std::string base = unique_base(m.name.empty() ? "material" + std::to_string(i) : m.name);
      const Image* bc = source(m.textures.base_color);
      const Image* normal = source(m.textures.normal);
      const Image* occlusion = source(m.textures.occlusion);
      const Image* mr = source(m.textures.metallic_roughness >= 0 ? m.textures.metallic_roughness : m.textures.orm);
      MaterialTextures slots;
      auto status = write(base + "_BCO.png", base_color(m, bc), 4, slots.base_color);
      if (!status) return status.error();
      if (normal) {
        status = write(base + "_N.png", *normal, 3, slots.normal);
        if (!status) return status.error();
      }
      status = write(base + "_ORM.png", orm(m, occlusion, mr), 3, slots.orm);
      if (!status) return status.error();
      m.textures = slots;
    }
    return std::move(report_);
  }

 private:
  /// "<stem>_<material>" made unique and short enough that "_ORM.png" still fits in 127 bytes.
  std::string unique_base(const std::string& material) {
    std::string base = stem_ + "_" + sanitize(material);
    base = base.substr(0, 110);
    std::string candidate = base;
    for (int n = 2; used_.count(candidate); ++n) candidate = base + "_" + std::to_string(n);
    used_.insert(candidate);
    return candidate;
  }

  Image base_color(const Material& m, const Image* src) {
    const Vec4 f{m.base_color.x, m.base_color.y, m.base_color.z, m.base_color.w * m.opacity};
    if (!src) return solid(to_byte(f.x), to_byte(f.y), to_byte(f.z), to_byte(f.w));
    Image img = *src;
    if (!(f == Vec4{1, 1, 1, 1}))
      for (std::size_t i = 0; i < img.rgba.size(); i += 4) {
        img.rgba[i] = to_byte(img.rgba[i] / 255.0f * f.x);
        img.rgba[i + 1] = to_byte(img.rgba[i + 1] / 255.0f * f.y);
        img.rgba[i + 2] = to_byte(img.rgba[i + 2] / 255.0f * f.z);
        img.rgba[i + 3] = to_byte(img.rgba[i + 3] / 255.0f * f.w);
      }
    return img;
  }

  /// R occlusion, G roughness, B metalness; the occlusion map is sampled (nearest) at the
  /// metallic-roughness map's resolution when both exist.
  Image orm(const Material& m, const Image* occlusion, const Image* mr) {
    if (!occlusion && !mr) return solid(255, to_byte(m.roughness), to_byte(m.metallic), 255);
    const Image& size = mr ? *mr : *occlusion;
    Image out{size.width, size.height, std::vector<std::uint8_t>(std::size_t(size.width) * size.height * 4, 255)};
    for (int y = 0; y < out.height; ++y)
      for (int x = 0; x < out.width; ++x) {
        std::uint8_t* p = &out.rgba[4 * (std::size_t(y) * out.width + x)];
        p[0] = occlusion ? occlusion->at(x * occlusion->width / out.width, y * occlusion->height / out.height)[0] : 255;
        p[1] = mr ? to_byte(mr->at(x, y)[1] / 255.0f * m.roughness) : to_byte(m.roughness);
        p[2] = mr ? to_byte(mr->at(x, y)[2] / 255.0f * m.metallic) : to_byte(m.metallic);
      }
    return out;
  }

  Status write(const std::string& name, const Image& img, int channels, std::int32_t& slot) {
    auto png = encode_png(img, channels);
    auto st = detail::write_file_atomic(dir_ / name, png);
    if (!st) return st;
    report_.written.push_back(dir_ / name);
    scene_.textures.push_back({name, {}, "image/png"});
    slot = static_cast<std::int32_t>(scene_.textures.size() - 1);
    return Ok{};
  }

  Scene& scene_;
  std::filesystem::path dir_;
  std::string stem_;
  std::set<std::string> used_;
  TextureExport report_;
};

/// File extension for image bytes: from the MIME type, else from the signature.
std::string image_extension(const Texture& t) {
  if (t.mime_type == "image/jpeg" || (t.data.size() >= 2 && t.data[0] == 0xFF && t.data[1] == 0xD8)) return ".jpg";
  return ".png";
}

}  // namespace

Result<TextureExport> save_embedded_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem) {
  TextureExport report;
  std::set<std::string> used;
  for (std::size_t i = 0; i < scene.textures.size(); ++i) {
    Texture& t = scene.textures[i];
    if (t.data.empty() || t.loaded_from_file) continue;
    // Assimp calls embedded images "*0", "*1"...: not a name to keep.
    const std::string own = t.name.empty() || t.name[0] == '*' ? "" : std::filesystem::path(t.name).stem().string();
    std::string base = sanitize(stem) + "_" + (own.empty() ? "texture" + std::to_string(i) : sanitize(own));
    base = base.substr(0, 110);
    std::string name = base + image_extension(t);
    for (int n = 2; used.count(name); ++n) name = base + "_" + std::to_string(n) + image_extension(t);
    used.insert(name);
    auto st = detail::write_file_atomic(directory / name, std::as_bytes(std::span(t.data)));
    if (!st) return st.error();
    report.written.push_back(directory / name);
    t.name = name;
    t.data.clear();
  }
  return report;
}

Result<TextureExport> export_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem) {
  return Exporter(scene, directory, stem).run();
}

}  // namespace aem::convert
