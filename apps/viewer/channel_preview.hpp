// GL textures showing one channel (R, G, B or A) of a scene texture as grey, made on first use.
#pragma once

#include <epoxy/gl.h>

#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "aem/scene.hpp"

namespace aem::viewer {

class ChannelPreviews {
 public:
  ChannelPreviews() = default;
  ChannelPreviews(const ChannelPreviews&) = delete;
  ChannelPreviews& operator=(const ChannelPreviews&) = delete;
  ~ChannelPreviews() { clear(); }

  /// The texture of channel `channel` (0..3) of `scene.textures[index]`, decoded from its bytes or
  /// from `model_dir`; 0 when it cannot be decoded (the reason in `error`).
  GLuint get(const Scene& scene, std::int32_t index, int channel, const std::filesystem::path& model_dir,
             std::string& error);
  /// Deletes every preview (a new or reloaded model).
  void clear();

 private:
  std::map<std::pair<std::int32_t, int>, GLuint> textures_;
};

}  // namespace aem::viewer
