// GL textures for a scene's images: decoded once (core/image.hpp) from embedded bytes or from the file
// next to the model, plus 1x1 fallbacks for material slots without an image.
#pragma once

#include "render/gl.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/scene.hpp"
#include "core/image.hpp"

namespace aem::render {

/// A decoded image: RGBA8, rows top-down as stored.
using aem::Image;

/// Uploads `img` as a new GL texture (repeat wrap, linear filter, mipmapped on request); the caller
/// deletes it.
GLuint upload_texture(const Image& img, GLenum internal_format, bool mipmaps);

/// Decodes a texture's embedded bytes, else the file `texture.name` relative to `model_dir` (URI
/// escapes like %20 are not decoded) when it lies inside `model_dir` or `asset_root`
/// (core/side_files.hpp). On failure returns an empty image and sets `error`.
Image load_texture_image(const Texture& texture, const std::filesystem::path& model_dir, std::string& error,
                         const std::filesystem::path& asset_root = {});

/// Owns the GL textures of one scene. Needs the GL context that created it.
class TextureSet {
 public:
  TextureSet();
  TextureSet(const TextureSet&) = delete;
  TextureSet& operator=(const TextureSet&) = delete;
  ~TextureSet();

  /// Decodes and uploads every texture of `scene` (mipmapped, wrapped as each Texture says). Images
  /// that fail are reported in problems() and resolve to the fallback for their slot.
  void load(const Scene& scene, const std::filesystem::path& model_dir, const std::filesystem::path& asset_root = {});

  /// The texture for scene texture `index` in colour (sRGB) or data (linear) form; 0 when the
  /// index is -1, out of range or its image failed.
  GLuint colour(std::int32_t index) const;
  GLuint data(std::int32_t index) const;
  /// Size of scene texture `index` in pixels (0x0 when it failed).
  std::pair<int, int> size(std::int32_t index) const;

  GLuint white() const { return white_; }              ///< base colour, occlusion, ORM (factors alone)
  GLuint flat_normal() const { return flat_normal_; }  ///< (127, 127, 255): the unperturbed normal
  const std::vector<std::string>& problems() const { return problems_; }

 private:
  void clear();
  struct Entry {
    GLuint srgb = 0, linear = 0;
    int width = 0, height = 0;
  };
  std::vector<Entry> entries_;
  std::vector<std::string> problems_;
  GLuint white_ = 0, flat_normal_ = 0;
};

}  // namespace aem::render
