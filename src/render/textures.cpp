#include "render/textures.hpp"

#include "core/file.hpp"
#include "core/image.hpp"
#include "core/side_files.hpp"

namespace aem::render {

GLuint upload_texture(const Image& img, GLenum internal_format, bool mipmaps) {
  GLuint id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D, id);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), img.width, img.height, 0, GL_RGBA,
               GL_UNSIGNED_BYTE, img.rgba.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, mipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
  if (mipmaps) glGenerateMipmap(GL_TEXTURE_2D);
  return id;
}

namespace {

GLuint solid(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return upload_texture(Image{1, 1, {r, g, b, 255}}, GL_RGBA8, false);
}

GLint gl_wrap(TextureWrap w) {
  switch (w) {
    case TextureWrap::ClampToEdge:
      return GL_CLAMP_TO_EDGE;
    case TextureWrap::MirroredRepeat:
      return GL_MIRRORED_REPEAT;
    case TextureWrap::Repeat:
      break;
  }
  return GL_REPEAT;
}

/// The scene's sampler state lives on the texture object: no shader change, the same in GL and ES.
GLuint with_wrap(GLuint id, const Texture& texture) {
  glBindTexture(GL_TEXTURE_2D, id);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, gl_wrap(texture.wrap_u));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, gl_wrap(texture.wrap_v));
  return id;
}

}  // namespace

Image load_texture_image(const Texture& texture, const std::filesystem::path& model_dir, std::string& error,
                         const std::filesystem::path& asset_root) {
  if (!texture.data.empty()) {
    Image img = decode_image(texture.data);
    if (img.rgba.empty()) error = "texture \"" + texture.name + "\": embedded image could not be decoded";
    return img;
  }
  if (texture.name.empty()) {
    error = "texture has neither a file name nor embedded data";
    return {};
  }
  const auto where = detail::resolve_side_file(model_dir, texture.name, asset_root);
  if (!where) {
    error = where.error().message;
    return {};
  }
  const std::filesystem::path& path = where.value();
  const auto bytes = detail::read_file(path);
  if (!bytes) {
    error = "texture \"" + texture.name + "\": cannot open " + path.string();
    return {};
  }
  Image img = decode_image({reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()});
  if (img.rgba.empty()) error = "texture \"" + texture.name + "\": " + path.string() + " could not be decoded";
  return img;
}

TextureSet::TextureSet() : white_(solid(255, 255, 255)), flat_normal_(solid(127, 127, 255)) {}

TextureSet::~TextureSet() {
  clear();
  glDeleteTextures(1, &white_);
  glDeleteTextures(1, &flat_normal_);
}

void TextureSet::clear() {
  for (const Entry& e : entries_) {
    glDeleteTextures(1, &e.srgb);
    glDeleteTextures(1, &e.linear);
  }
  entries_.clear();
  problems_.clear();
}

void TextureSet::load(const Scene& scene, const std::filesystem::path& model_dir,
                      const std::filesystem::path& asset_root) {
  clear();
  entries_.resize(scene.textures.size());
  for (std::size_t i = 0; i < scene.textures.size(); ++i) {
    std::string error;
    const Image img = load_texture_image(scene.textures[i], model_dir, error, asset_root);
    if (img.rgba.empty()) {
      problems_.push_back(error);
      continue;
    }
    // Colour maps are stored in sRGB and data maps (normal, ORM) linearly; a texture used both ways
    // gets both forms, so each is uploaded once up front rather than per use.
    const Texture& t = scene.textures[i];
    entries_[i] = {with_wrap(upload_texture(img, GL_SRGB8_ALPHA8, true), t),
                   with_wrap(upload_texture(img, GL_RGBA8, true), t), img.width, img.height};
  }
}

GLuint TextureSet::colour(std::int32_t index) const {
  return index >= 0 && static_cast<std::size_t>(index) < entries_.size() ? entries_[index].srgb : 0;
}

GLuint TextureSet::data(std::int32_t index) const {
  return index >= 0 && static_cast<std::size_t>(index) < entries_.size() ? entries_[index].linear : 0;
}

std::pair<int, int> TextureSet::size(std::int32_t index) const {
  if (index < 0 || static_cast<std::size_t>(index) >= entries_.size()) return {0, 0};
  return {entries_[index].width, entries_[index].height};
}

}  // namespace aem::render
