// Reading aiScene::mMetaData, the facts Assimp's importers report about the file.
#pragma once

#include <optional>
#include <string>

struct aiScene;
struct aiMetadataEntry;

namespace aem::formats {

/// The entry called `key`, or null.
const aiMetadataEntry* assimp_metadata(const aiScene& scene, const char* key);
/// A numeric entry (any of Assimp's integer and floating types) as a double; none when absent or not a number.
std::optional<double> assimp_metadata_number(const aiScene& scene, const char* key);
/// A text entry; empty when absent or not text.
std::string assimp_metadata_text(const aiScene& scene, const char* key);
/// The importer that read the file ("Collada Importer", "Autodesk FBX Importer", ...), or empty.
inline std::string assimp_source_format(const aiScene& scene) {
  return assimp_metadata_text(scene, "SourceAsset_Format");
}

}  // namespace aem::formats
