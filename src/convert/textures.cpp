#include "convert/textures.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <span>
#include <tuple>

#include "core/file.hpp"
#include "core/image.hpp"
#include "core/parallel.hpp"
#include "core/srgb.hpp"

namespace aem::convert {
namespace {

Image solid(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  Image img{2, 2, std::vector<std::uint8_t>(16)};
  for (std::size_t i = 0; i < img.rgba.size(); i += 4)
    img.rgba[i] = r, img.rgba[i + 1] = g, img.rgba[i + 2] = b, img.rgba[i + 3] = a;
  return img;
}

std::uint8_t to_byte(float v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); }
std::uint8_t srgb_byte(float linear) { return to_byte(detail::linear_to_srgb(linear)); }

std::vector<std::byte> encode_png(const Image& img, int channels) {
  std::vector<std::uint8_t> pixels;
  pixels.reserve(std::size_t(img.width) * img.height * channels);
  for (std::size_t i = 0; i < img.rgba.size(); i += 4)
    pixels.insert(pixels.end(), img.rgba.begin() + i, img.rgba.begin() + i + channels);
  return aem::encode_png(img.width, img.height, channels, pixels.data());
}

std::string sanitize(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  return out.empty() ? "material" : out;
}

/// One file to write. Either a source's bytes as they are (`copy`), or an image composed from
/// decoded sources and the material's factors, encoded as PNG; or no file at all (`reference`): a
/// source that names a file which was not found stays a reference to that name.
struct Output {
  enum class Kind { Copy, BaseColor, Normal, Orm, Reference } kind = Kind::Copy;
  std::size_t material = 0;
  std::int32_t source = -1;     ///< Copy, BaseColor, Normal: the texture; Orm: the metallic-roughness map
  std::int32_t occlusion = -1;  ///< Orm only
  std::string name;
  std::int32_t* slot = nullptr;  ///< the material slot that will point at the file
  std::vector<std::byte> bytes;  ///< composed outputs only
};

class Exporter {
 public:
  Exporter(Scene& scene, std::filesystem::path dir, std::string stem, unsigned threads, detail::Sync sync)
      : scene_(scene), dir_(std::move(dir)), stem_(sanitize(stem)), threads_(threads), sync_(sync) {}

  Result<TextureExport> run() {
    sources_ = std::move(scene_.textures);
    scene_.textures.clear();
    extensions_.resize(sources_.size());
    decoded_.resize(sources_.size());
    wanted_.assign(sources_.size(), false);
    for (std::size_t t = 0; t < sources_.size(); ++t) extensions_[t] = image_file_extension(sources_[t].data);

    const std::vector<bool> used = used_materials();
    std::vector<MaterialTextures> slots(scene_.materials.size());
    for (std::size_t i = 0; i < scene_.materials.size(); ++i)
      if (used[i]) plan(i, slots[i]);

    detail::parallel_for(sources_.size(), threads_, [&](std::size_t t) {
      if (wanted_[t] && !sources_[t].data.empty()) decoded_[t] = decode_image(sources_[t].data);
    });
    for (std::size_t t = 0; t < sources_.size(); ++t)
      if (wanted_[t] && decoded_[t].empty())
        report_.warnings.push_back(
            Warning{.code = "CONVERT_TEXTURE_UNREADABLE",
                    .format = "convert",
                    .path = sources_[t].name,
                    .message = "texture could not be read or decoded; the material uses a default instead"});
    std::erase_if(outputs_, [&](const Output& o) { return o.kind == Output::Kind::Normal && !image(o.source); });
    for (auto& o : outputs_) settle_orm(o);

    // Only images composed from decoded sources are worth a thread; a copy or a 2x2 solid image is not
    // (CesiumMan has only those: a thread per file cost more than the files). Solid images repeat across
    // materials (one roughness, a shared colour): each distinct one is encoded once, as zlib's set-up
    // costs more than such an image (barbarian: 52 files, 16 distinct).
    std::vector<std::size_t> composed;
    // (width, height, channels, pixels) -> the first output of that image
    std::map<std::tuple<int, int, int, std::vector<std::uint8_t>>, std::size_t> first_solid;
    for (std::size_t i = 0; i < outputs_.size(); ++i) {
      Output& o = outputs_[i];
      if (o.kind == Output::Kind::Copy || o.kind == Output::Kind::Reference) continue;
      if (image(o.source) || image(o.occlusion)) {
        composed.push_back(i);
        continue;
      }
      auto [img, channels] = composed_image(o);
      const auto [first, fresh] = first_solid.try_emplace({img.width, img.height, channels, img.rgba}, i);
      o.bytes = fresh ? encode_png(img, channels) : outputs_[first->second].bytes;
    }
    detail::parallel_for(composed.size(), threads_, [&](std::size_t k) { produce(outputs_[composed[k]]); });
    if (auto st = write_outputs(); !st) return st.error();
    for (std::size_t i = 0; i < scene_.materials.size(); ++i) scene_.materials[i].textures = slots[i];
    return std::move(report_);
  }

  /// export_colour_textures: a solid base colour image for each used material without one; the
  /// scene's textures stay as they are.
  Result<TextureExport> run_colours() {
    const std::vector<bool> used = used_materials();
    for (std::size_t i = 0; i < scene_.materials.size(); ++i) {
      std::int32_t& slot = scene_.materials[i].textures.base_color;
      if (used[i] && (slot < 0 || static_cast<std::size_t>(slot) >= scene_.textures.size()))
        outputs_.push_back({Output::Kind::BaseColor, i, -1, -1, material_base(i) + "_BCO.png", &slot, {}});
    }
    for (auto& o : outputs_) produce(o);
    if (auto st = write_outputs(); !st) return st.error();
    return std::move(report_);
  }

 private:
  /// Materials some mesh uses; the others (e.g. Assimp's default) get no files.
  std::vector<bool> used_materials() const {
    std::vector<bool> used(scene_.materials.size(), false);
    for (const auto& mesh : scene_.meshes)
      if (mesh.material >= 0 && static_cast<std::size_t>(mesh.material) < used.size()) used[mesh.material] = true;
    return used;
  }

  /// Writes every planned file, adds a texture for it to the scene and points its slot there.
  Status write_outputs() {
    for (auto& o : outputs_) {
      if (o.kind == Output::Kind::Reference) {
        scene_.textures.push_back(Texture{o.name, {}, {}});
        *o.slot = static_cast<std::int32_t>(scene_.textures.size() - 1);
        continue;
      }
      auto st = detail::write_file_atomic(dir_ / o.name, file_bytes(o), sync_);
      if (!st) return st.error();
      report_.written.push_back(dir_ / o.name);
      const bool jpeg = o.name.ends_with(".jpg");
      Texture written{o.name, {}, jpeg ? "image/jpeg" : "image/png"};
      if (valid(o.source)) written.wrap_u = sources_[o.source].wrap_u, written.wrap_v = sources_[o.source].wrap_v;
      scene_.textures.push_back(std::move(written));
      *o.slot = static_cast<std::int32_t>(scene_.textures.size() - 1);
    }
    return Ok{};
  }

  /// The start of material `i`'s file names: "<stem>_<material>", unique.
  std::string material_base(std::size_t i) {
    const Material& m = scene_.materials[i];
    return unique_base(m.name.empty() ? "material" + std::to_string(i) : m.name);
  }

  bool valid(std::int32_t t) const { return t >= 0 && static_cast<std::size_t>(t) < sources_.size(); }
  /// Only PNG and JPEG files are copied: AEM's images are PNG files (docs/formats/aem.md §6) and its
  /// loaders, like the IQE and IQM engines', read those two; a TGA, BMP or DDS source is encoded as PNG.
  bool copyable(std::int32_t t) const { return valid(t) && extensions_[t]; }
  void want(std::int32_t t) {
    if (valid(t)) wanted_[t] = true;
  }
  const Image* image(std::int32_t t) const { return valid(t) && !decoded_[t].empty() ? &decoded_[t] : nullptr; }
  /// A texture that names a file the reader did not find: it has a name and no bytes.
  bool missing(std::int32_t t) const { return valid(t) && sources_[t].data.empty() && !sources_[t].name.empty(); }

  /// Keeps missing texture `t` as a reference by its own name in `slot`, with a warning once per texture:
  /// an image made up in its place would hide the missing file under another name.
  void keep_reference(std::int32_t t, std::size_t material, std::int32_t& slot) {
    if (warned_missing_.insert(t).second)
      report_.warnings.push_back(Warning{.code = "CONVERT_TEXTURE_MISSING",
                                         .format = "convert",
                                         .path = sources_[t].name,
                                         .message =
                                             "texture file not read (not found beside the model, or refused); the "
                                             "output names it as the source did, and no image is written for it"});
    outputs_.push_back({Output::Kind::Reference, material, t, -1, sources_[t].name, &slot, {}});
  }

  /// Decides each file of material `i`: its bytes copied where no channel changes, else composed.
  void plan(std::size_t i, MaterialTextures& slots) {
    const Material& m = scene_.materials[i];
    const std::string base = material_base(i);
    auto add = [&](Output::Kind kind, std::int32_t source, const char* suffix, std::int32_t& slot,
                   std::int32_t occlusion = -1) {
      const bool copy = kind == Output::Kind::Copy;
      if (!copy) want(source), want(occlusion);
      outputs_.push_back(
          {kind, i, source, occlusion, base + suffix + (copy ? extensions_[source] : ".png"), &slot, {}});
    };
    // An AEM material is three image indices with no colour factor: a factor other than white, or an
    // opacity below 1, has to be multiplied into the base colour image's pixels.
    const std::int32_t bc = m.textures.base_color;
    const bool plain_colour = m.base_color == Vec4{1, 1, 1, 1} && m.opacity == 1.0f;
    if (missing(bc))
      keep_reference(bc, i, slots.base_color);
    else
      add(copyable(bc) && plain_colour ? Output::Kind::Copy : Output::Kind::BaseColor, bc, "_BCO", slots.base_color);
    if (missing(m.textures.normal))
      keep_reference(m.textures.normal, i, slots.normal);
    else if (valid(m.textures.normal))
      add(copyable(m.textures.normal) ? Output::Kind::Copy : Output::Kind::Normal, m.textures.normal, "_N",
          slots.normal);

    // A packed ORM, or glTF's occlusion and metallic-roughness in one image, is already the file we want.
    const std::int32_t mr = valid(m.textures.metallic_roughness) ? m.textures.metallic_roughness : m.textures.orm;
    const std::int32_t occlusion = valid(m.textures.occlusion) ? m.textures.occlusion
                                   : valid(m.textures.orm)     ? m.textures.orm
                                                               : -1;
    const bool plain_factors = m.roughness == 1.0f && m.metallic == 1.0f;
    if (missing(mr)) return keep_reference(mr, i, slots.orm);
    if (plain_factors && copyable(mr) && occlusion == mr) return add(Output::Kind::Copy, mr, "_ORM", slots.orm);
    add(Output::Kind::Orm, mr, "_ORM", slots.orm, occlusion);
    // A metallic-roughness map alone can be copied when its red channel (read as occlusion) is white.
    if (plain_factors && copyable(mr) && occlusion < 0) outputs_.back().occlusion = -2;
  }

  /// The metallic-roughness-only case, decided once the map is decoded.
  void settle_orm(Output& o) {
    if (o.kind != Output::Kind::Orm || o.occlusion != -2) return;
    o.occlusion = -1;
    const Image* mr = image(o.source);
    if (!mr) return;
    for (std::size_t p = 0; p < mr->rgba.size(); p += 4)
      if (mr->rgba[p] != 255) return;
    o.kind = Output::Kind::Copy;
    o.name.replace(o.name.size() - 4, 4, extensions_[o.source]);
  }

  /// The bytes of `o`'s file: a copy's straight from its source.
  std::span<const std::byte> file_bytes(const Output& o) const {
    return o.kind == Output::Kind::Copy ? std::as_bytes(std::span(sources_[o.source].data))
                                        : std::span<const std::byte>(o.bytes);
  }

  /// The image a composed output's file holds, with the channels it keeps (BaseColor, Normal, Orm).
  std::pair<Image, int> composed_image(const Output& o) const {
    const Material& m = scene_.materials[o.material];
    if (o.kind == Output::Kind::BaseColor) return {base_color(m, image(o.source)), 4};
    if (o.kind == Output::Kind::Normal) return {*image(o.source), 3};
    return {orm(m, image(o.occlusion), image(o.source)), 3};
  }

  /// The bytes of a composed output's file; a copy's are the source's and a reference has none.
  void produce(Output& o) const {
    if (o.kind == Output::Kind::Copy || o.kind == Output::Kind::Reference) return;
    const auto [img, channels] = composed_image(o);
    o.bytes = encode_png(img, channels);
  }

  /// "<stem>_<material>" made unique and short enough that "_ORM.png" still fits in 127 bytes.
  std::string unique_base(const std::string& material) {
    std::string base = stem_ + "_" + sanitize(material);
    base = base.substr(0, 110);
    std::string candidate = base;
    for (int n = 2; used_.count(candidate); ++n) candidate = base + "_" + std::to_string(n);
    used_.insert(candidate);
    return candidate;
  }

  /// The material's colour in the sRGB image the formats store: the factor is linear, so it is encoded
  /// alone, and multiplies a texture's decoded (linear) values before they are encoded again. Alpha is linear.
  static Image base_color(const Material& m, const Image* src) {
    const Vec4 f{m.base_color.x, m.base_color.y, m.base_color.z, m.base_color.w * m.opacity};
    if (!src) return solid(srgb_byte(f.x), srgb_byte(f.y), srgb_byte(f.z), to_byte(f.w));
    Image img = *src;
    if (!(f == Vec4{1, 1, 1, 1})) {
      std::array<float, 256> linear;
      for (int v = 0; v < 256; ++v) linear[v] = detail::srgb_to_linear(v / 255.0f);
      for (std::size_t i = 0; i < img.rgba.size(); i += 4) {
        img.rgba[i] = srgb_byte(linear[img.rgba[i]] * f.x);
        img.rgba[i + 1] = srgb_byte(linear[img.rgba[i + 1]] * f.y);
        img.rgba[i + 2] = srgb_byte(linear[img.rgba[i + 2]] * f.z);
        img.rgba[i + 3] = to_byte(img.rgba[i + 3] / 255.0f * f.w);
      }
    }
    return img;
  }

  /// R occlusion, G roughness, B metalness; the occlusion map is sampled (nearest) at the
  /// metallic-roughness map's resolution when both exist.
  static Image orm(const Material& m, const Image* occlusion, const Image* mr) {
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

  Scene& scene_;
  std::filesystem::path dir_;
  std::string stem_;
  unsigned threads_;
  detail::Sync sync_;
  std::vector<Texture> sources_;
  std::vector<const char*> extensions_;  ///< ".png"/".jpg" for sources whose bytes can be copied
  std::vector<Image> decoded_;
  std::vector<bool> wanted_;  ///< sources some composed file reads
  std::vector<Output> outputs_;
  std::set<std::string> used_;
  std::set<std::int32_t> warned_missing_;
  TextureExport report_;
};

/// The extension of a file holding the texture's bytes as they are: from their signature, else the
/// extension of the texture's own name (".tga", ".dds"...), else ".bin".
std::string image_extension(const Texture& t) {
  switch (image_encoding(t.data)) {
    case ImageEncoding::Png:
      return ".png";
    case ImageEncoding::Jpeg:
      return ".jpg";
    case ImageEncoding::Jpeg2000:
      return ".jp2";
    case ImageEncoding::Other:
      break;
  }
  std::string ext = std::filesystem::path(t.name).extension().string();
  const bool plausible = ext.size() >= 2 && ext.size() <= 6 &&
                         std::all_of(ext.begin() + 1, ext.end(), [](unsigned char c) { return std::isalnum(c) != 0; });
  if (!plausible) return ".bin";
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

Result<TextureExport> save_embedded_textures(Scene& scene, const std::filesystem::path& directory,
                                             const std::string& stem, detail::Sync sync) {
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
    auto st = detail::write_file_atomic(directory / name, std::as_bytes(std::span(t.data)), sync);
    if (!st) return st.error();
    report.written.push_back(directory / name);
    t.name = name;
    t.data.clear();
  }
  return report;
}

Result<TextureExport> export_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem,
                                      unsigned threads, detail::Sync sync) {
  return Exporter(scene, directory, stem, threads, sync).run();
}

Result<TextureExport> export_colour_textures(Scene& scene, const std::filesystem::path& directory,
                                             const std::string& stem, detail::Sync sync) {
  return Exporter(scene, directory, stem, 1, sync).run_colours();
}

}  // namespace aem::convert
