// Texture export for formats that reference images by file name (AEM): every material gets image
// files next to the output - base colour with opacity, normal, and ORM - copied where the source
// already is that image, composed and encoded as PNG where a channel has to change.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "core/file.hpp"

namespace aem::convert {

struct TextureExport {
  std::vector<std::filesystem::path> written;  ///< image files created, in material order
  std::vector<Warning> warnings;
};

/// Replaces scene.textures by image files written into `directory`, named
/// "<stem>_<material>_{BCO,N,ORM}.{png,jpg}" (unique, at most 127 bytes), and points every material's
/// base_color, normal and orm slots at them (other slots cleared). A PNG or JPEG source whose
/// channels need no change is written byte for byte (keeping its format); otherwise a PNG is encoded:
/// - BCO: the base colour image times the colour factor, alpha times opacity (copied when both are
///   1); a 2x2 solid image of the factor when there is none;
/// - N: the normal map (copied when PNG/JPEG, else re-encoded as RGB), or none;
/// - ORM: R occlusion, G roughness, B metalness. Copied when the source is packed already (an ORM
///   map, or glTF occlusion and metallic-roughness in one image) or is a metallic-roughness map
///   alone whose red channel is white, with both factors 1; else packed from the separate maps and
///   scaled by the factors; a 2x2 solid image when there is neither.
/// A source that names a file the reader did not find (a name, no bytes) is no image to make one
/// from: its slot keeps that name and no file is written (CONVERT_TEXTURE_MISSING), so the output
/// still names the texture the game looks up.
/// Images are kept as stored (rows top-down). Undecodable sources are skipped with a warning.
/// Materials no mesh uses get no files (and no texture slots). Decoding and encoding run on
/// `threads` threads (0: one per hardware thread); the files are the same for any thread count.
Result<TextureExport> export_textures(Scene& scene, const std::filesystem::path& directory, const std::string& stem,
                                      unsigned threads = 0, detail::Sync sync = detail::Sync::no);

/// For formats that store texture names only and keep them as given (CEM): every embedded image
/// (not one read from a file beside the model) is written unchanged into `directory` as
/// "<stem>_<its name, or texture<index>>.<ext>" and the texture renamed to that file, so the output
/// refers to a real file. The extension follows the bytes: .png, .jpg, .jp2 by their signature, else
/// the texture name's own (.tga, .dds...), else .bin. External textures keep their names.
Result<TextureExport> save_embedded_textures(Scene& scene, const std::filesystem::path& directory,
                                             const std::string& stem, detail::Sync sync = detail::Sync::no);

/// For formats that keep texture names as given and have no colour factor (CEM): every material a
/// mesh uses that has no base colour texture gets the 2x2 image of its colour and opacity that
/// export_textures writes for it ("<stem>_<material>_BCO.png" in `directory`), and its base_color
/// slot pointed at it. The scene's other textures and slots are left as they are.
Result<TextureExport> export_colour_textures(Scene& scene, const std::filesystem::path& directory,
                                             const std::string& stem, detail::Sync sync = detail::Sync::no);

}  // namespace aem::convert
