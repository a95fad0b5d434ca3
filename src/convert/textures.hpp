// Texture export for formats that reference images by file name (AEM): every material gets PNG
// files next to the output - base colour with opacity, normal, and ORM packed from separate maps.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::convert {

struct TextureExport {
  std::vector<std::filesystem::path> written;  ///< PNG files created
  std::vector<Warning> warnings;
};

/// Replaces scene.textures by PNG files written into `directory`, named
/// "<stem>_<material>_{BCO,N,ORM}.png" (unique, at most 127 bytes), and points every material's
/// base_color, normal and orm slots at them (other slots cleared):
/// - BCO: the base colour image (embedded or external source alike) times the colour factor, alpha
///   times opacity; a 2x2 solid image of the factor when there is none;
/// - N: the normal map re-encoded, or none;
/// - ORM: R occlusion, G roughness, B metalness packed from a separate occlusion map and a glTF-style
///   metallic-roughness map (G, B), scaled by the factors; a 2x2 solid image when there is neither.
/// Images are kept as stored (rows top-down). Undecodable sources are skipped with a warning.
/// Materials no mesh uses get no files (and no texture slots).
Result<TextureExport> export_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem);

/// For formats that store texture names only and keep them as given (CEM): every embedded image
/// (not one read from a file beside the model) is written unchanged into `directory` as
/// "<stem>_<its name, or texture<index>>.<png|jpg>" and the texture renamed to that file, so the
/// output refers to a real file. External textures keep their names.
Result<TextureExport> save_embedded_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem);

}  // namespace aem::convert
