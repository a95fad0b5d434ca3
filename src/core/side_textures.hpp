// Texture images a model names by a relative path, loaded from the model's folder so that writers can
// embed or copy them (E3D textureName, AEM texture names, conversions to glTF).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem {

/// What load_side_textures could not load: names of files that are not there (or over the budget),
/// and references refused by the side-file rule (SIDE_FILE_REFUSED, core/side_files.hpp).
struct SideTextureProblems {
  std::vector<std::string> missing;
  std::vector<Diagnostic> refused;
};

/// Fills the bytes (and PNG/JPEG mime type) of every texture that has a name but no data from the file
/// it names, when that file lies inside the model's folder or `asset_root` (see side_files.hpp); the
/// texture is marked loaded_from_file. At most `budget` bytes are read in all (decreased by what is
/// read). Textures that could not be loaded stay external and are reported. Each texture is looked
/// for once (Texture::side_file_tried): a second call reports nothing about it again.
SideTextureProblems load_side_textures(Scene& scene, const std::filesystem::path& model,
                                       const std::filesystem::path& asset_root, std::uint64_t& budget);

/// "image/png" or "image/jpeg" from the first bytes, else "".
std::string image_mime_type(const std::vector<std::uint8_t>& bytes);

}  // namespace aem
