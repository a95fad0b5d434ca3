// The units and axes a file read through Assimp declared, and the change that still brings Assimp's
// numbers into the scene's space (metres, Y up, right-handed).
#pragma once

#include <string>
#include <string_view>

#include "core/source_space.hpp"

struct aiScene;

namespace aem::formats {

struct AssimpSpace {
  SourceSpace declared;  ///< what the file says, for Scene::source_notes
  Mat4 to_scene;         ///< from the space of Assimp's root node to the scene's; identity when nothing is left to do
  std::string ignored;   ///< why a declaration was not used (unusable values), or empty
};

/// FBX: Assimp's metadata (UnitScaleFactor in centimetres; UpAxis, FrontAxis, CoordAxis with their
/// signs), which Assimp does not apply; `to_scene` does. Collada: the document's <asset> (`document`,
/// its opening text): <unit meter> and <up_axis>, which Assimp applies at its root node itself, so
/// `to_scene` stays identity. Other formats declare nothing.
AssimpSpace assimp_space(const aiScene& scene, std::string_view document);

/// The <unit meter="..."> and <up_axis> of a Collada document's <asset>, where present and valid.
SourceSpace collada_asset_space(std::string_view document);

}  // namespace aem::formats
