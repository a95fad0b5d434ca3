// Texture images a model names by a relative path, loaded from the model's folder so that writers can
// embed or copy them (E3D textureName, AEM texture names, conversions to glTF).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/scene.hpp"

namespace aem {

/// Fills the bytes (and PNG/JPEG mime type) of every texture that has a name but no data from the file
/// of that name beside `model`. Only plain relative paths (no "..", not absolute) to regular files are
/// followed, and at most `budget` bytes are read in all (decreased by what is read). Returns the names
/// that could not be loaded; they stay external.
std::vector<std::string> load_side_textures(Scene& scene, const std::filesystem::path& model, std::uint64_t& budget);

/// "image/png" or "image/jpeg" from the first bytes, else "".
std::string image_mime_type(const std::vector<std::uint8_t>& bytes);

}  // namespace aem
