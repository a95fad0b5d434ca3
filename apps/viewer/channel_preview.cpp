#include "channel_preview.hpp"

#include "render/debug_images.hpp"
#include "render/textures.hpp"

namespace aem::viewer {

GLuint ChannelPreviews::get(const Scene& scene, std::int32_t index, int channel, const std::filesystem::path& model_dir,
                            std::string& error) {
  if (index < 0 || static_cast<std::size_t>(index) >= scene.textures.size() || channel < 0 || channel > 3) return 0;
  const auto key = std::pair{index, channel};
  if (const auto it = textures_.find(key); it != textures_.end()) return it->second;
  const Image image = render::load_texture_image(scene.textures[index], model_dir, error);
  // A failed decode is remembered as 0 too, so that it is not retried every frame.
  const GLuint id = image.empty() ? 0 : render::upload_texture(render::channel_image(image, channel), GL_RGBA8, true);
  textures_[key] = id;
  return id;
}

void ChannelPreviews::clear() {
  for (const auto& [key, id] : textures_)
    if (id) glDeleteTextures(1, &id);
  textures_.clear();
}

}  // namespace aem::viewer
