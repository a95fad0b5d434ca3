#include "import/assimp/assimp_metadata.hpp"

#include <assimp/scene.h>

#include <cstdint>

namespace aem::formats {

const aiMetadataEntry* assimp_metadata(const aiScene& ai, const char* key) {
  if (!ai.mMetaData || !ai.mMetaData->mKeys || !ai.mMetaData->mValues) return nullptr;
  for (unsigned i = 0; i < ai.mMetaData->mNumProperties; ++i)
    if (ai.mMetaData->mKeys[i] == aiString(key))
      return ai.mMetaData->mValues[i].mData ? &ai.mMetaData->mValues[i] : nullptr;
  return nullptr;
}

std::optional<double> assimp_metadata_number(const aiScene& ai, const char* key) {
  const aiMetadataEntry* e = assimp_metadata(ai, key);
  if (!e) return std::nullopt;
  switch (e->mType) {
    case AI_INT32:
      return *static_cast<const std::int32_t*>(e->mData);
    case AI_UINT64:
      return static_cast<double>(*static_cast<const std::uint64_t*>(e->mData));
    case AI_FLOAT:
      return *static_cast<const float*>(e->mData);
    case AI_DOUBLE:
      return *static_cast<const double*>(e->mData);
    default:
      return std::nullopt;
  }
}

std::string assimp_metadata_text(const aiScene& ai, const char* key) {
  const aiMetadataEntry* e = assimp_metadata(ai, key);
  return e && e->mType == AI_AISTRING ? static_cast<const aiString*>(e->mData)->C_Str() : "";
}

}  // namespace aem::formats
