// Names of the block types, for diagnostics.
#include "formats/e3d/e3d_blocks.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <utility>

namespace aem::formats::e3d {
namespace {

constexpr std::pair<std::uint16_t, const char*> kNames[] = {
    {kVersion, "version"}, {kLzma, "lzma"}, {kMeshes, "meshes"}, {kMesh, "mesh"}, {kMeshId, "meshID"},
    {kMeshBBox, "meshBBox"}, {kMeshDuplicateVertices, "meshDuplicateVertices"}, {kTriFaces16, "triFaces16"},
    {kTriFaces32, "triFaces32"}, {kFacesMaterials, "facesMaterials"}, {kSkin, "skin"}, {kSkinName, "skinName"},
    {kSkinBindMatrix, "skinBindMatrix"}, {kSkinBones, "skinBones"}, {kSkinBoneWeights, "skinBoneWeights"},
    {kParts, "parts"}, {kMorphs, "morphs"}, {kMorph, "morph"}, {kMorphId, "morphID"}, {kMorphName, "morphName"},
    {kMorphWeight, "morphWeight"}, {kAttributes, "attributes"}, {kVertices, "vertices"},
    {kVerticesDbl, "verticesDbl"}, {kVerticesQ, "verticesQ"}, {kNormals, "normals"}, {0x2030, "texCoords"},
    {0x2031, "texCoords2"}, {0x2032, "texCoords3"}, {0x2033, "texCoords4"}, {0x2034, "texCoords5"},
    {0x2035, "texCoords6"}, {0x2036, "texCoords7"}, {0x2037, "texCoords8"}, {kColors, "colors"},
    {kTangentsSign, "tangentsSign"}, {kTangentsBi, "tangentsBi"}, {0x2090, "boneWeights"}, {0x2091, "boneWeights2"},
    {0x2092, "boneWeights3"}, {0x2093, "boneWeights4"}, {0x2094, "boneWeights5"}, {0x2095, "boneWeights6"},
    {0x2096, "boneWeights7"}, {0x2097, "boneWeights8"}, {kInterleaved, "interleaved"}, {kNodes, "nodes"},
    {kMeshNode, "meshNode"}, {kCameraNode, "cameraNode"}, {kLightNode, "lightNode"}, {kNodeId, "nodeID"},
    {kNodeName, "nodeName"}, {kScaling, "scaling"}, {kOrientation, "orientation"}, {kPosition, "position"},
    {kSkeleton, "skeleton"}, {kMaterials, "materials"}, {kMaterial, "material"}, {kMaterialId, "materialID"},
    {kMaterialName, "materialName"}, {kMaterialGroup, "materialGroup"}, {kMaterialFlags, "materialFlags"},
    {kOpacity, "opacity"}, {kRefractionIndex, "refractionRelIndex"}, {kReflectivity, "reflectivity"},
    {kShininess, "phongShininess"}, {kDiffuse, "diffuse"}, {kSpecular, "specular"}, {kEmissive, "emissive"},
    {kAmbient, "ambient"}, {kEmissiveMap, "emissiveMap"}, {kNormalMap, "normalMap"}, {kHeightMap, "heightMap"},
    {kOcclusionMap, "ambientOcclusionMap"}, {kDiffuseMap, "phongDiffuseMap"}, {kSpecularMap, "phongSpecularMap"},
    {kAmbientMap, "phongAmbientMap"}, {kAlbedoMap, "pbrRMAlbedo"}, {kRoughnessMetalnessMap, "pbrRMRoughnessMetalness"},
    {kSpecDiffuseMap, "pbrSpecDiffuseMap"}, {kSpecGlossMap, "pbrSpecSpecularGlossMap"}, {kTextures, "textures"},
    {kTexture, "texture"}, {kTextureId, "textureID"}, {kTextureName, "textureName"}, {kTexturePng, "texturePNG"},
    {kTextureJpg, "textureJPG"}, {kTextureJpg2k, "textureJPG2K"}, {kAnimations, "animations"},
    {kAnimation, "animation"}, {kAnimationName, "animationName"}, {kAnimationFrames, "animationFrames"},
    {kAnimationTrack, "animationTrack"}, {kFrameTcbEase, "frameTCBEase"}, {kRotationOrder, "ftkRotationOrder"},
    {kTrackPosition, "ftkPosition"}, {kTrackScaling, "ftkScaling"}, {kTrackRotation, "ftkRotation"},
    {kTrackYaw, "ftkRotationYaw"}, {kTrackPitch, "ftkRotationPitch"}, {kTrackRoll, "ftkRotationRoll"},
    {kTrackCameraFov, "ftkCameraFieldOfView"}, {kTrackCameraRoll, "ftkCameraRoll"}, {kTrackLightHotSpot, "ftkLightHotSpot"},
    {kTrackLightFallOff, "ftkLightFallOff"}, {kTrackLightColor, "ftkLightColor"}, {kTrackHide, "ftkHide"}, {kTrackMorph, "ftkMorph"},
};

}  // namespace

std::string block_label(std::uint16_t type) {
  char number[8];
  std::snprintf(number, sizeof number, "0x%04X", type);
  auto it = std::find_if(std::begin(kNames), std::end(kNames), [&](const auto& e) { return e.first == type; });
  if (it != std::end(kNames)) return std::string(number) + " (" + it->second + ")";
  return number;
}

}  // namespace aem::formats::e3d
