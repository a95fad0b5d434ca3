// E3D block type numbers (docs/formats/e3d.md §4), shared by the
// reader, the writer and their tests' error messages.
#pragma once

#include <cstdint>
#include <string>

namespace aem::formats::e3d {

/// Every block starts with u16 type and u32 size; the size counts these 6 bytes.
inline constexpr std::uint32_t kBlockHeaderSize = 6;

enum Block : std::uint16_t {
  kVersion = 0x0001,
  kLzma = 0x0010,
  kMeshes = 0x1000,
  kMesh = 0x1010,
  kMeshId = 0x1020,
  kMeshBBox = 0x1021,
  kMeshDuplicateVertices = 0x1022,
  kTriFaces16 = 0x1030,
  kTriFaces32 = 0x1031,
  kFacesMaterials = 0x1040,
  kSkin = 0x1050,
  kSkinName = 0x1051,
  kSkinBindMatrix = 0x1052,
  kSkinBones = 0x1053,
  kSkinBoneWeights = 0x1054,
  kParts = 0x1060,
  kMorphs = 0x1070,
  kMorph = 0x1071,
  kMorphId = 0x1072,
  kMorphName = 0x1073,
  kMorphWeight = 0x1074,
  kAttributes = 0x2000,
  kVertices = 0x2010,
  kVerticesDbl = 0x2011,
  kVerticesQ = 0x2018,
  kNormals = 0x2020,
  kTexCoords = 0x2030,  ///< 0x2030..0x2037: UV sets 1..8
  kColors = 0x2070,
  kTangentsSign = 0x2080,
  kTangentsBi = 0x2081,
  kBoneWeights = 0x2090,  ///< 0x2090..0x2097: one per skin
  kInterleaved = 0x2800,
  kCustomFirst = 0x4000,
  kCustomLast = 0x5FFF,
  kNodes = 0x3000,
  kMeshNode = 0x3010,
  kCameraNode = 0x3011,
  kLightNode = 0x3012,
  kNodeId = 0x3020,
  kNodeName = 0x3021,
  kScaling = 0x3030,
  kOrientation = 0x3031,
  kPosition = 0x3032,
  kSkeleton = 0x3040,
  kMaterials = 0x8000,
  kMaterial = 0x8010,
  kMaterialId = 0x8011,
  kMaterialName = 0x8012,
  kMaterialGroup = 0x8013,
  kMaterialFlags = 0x8020,
  kOpacity = 0x8021,
  kRefractionIndex = 0x8022,
  kReflectivity = 0x8023,
  kShininess = 0x8024,
  kDiffuse = 0x8030,
  kSpecular = 0x8031,
  kEmissive = 0x8032,
  kAmbient = 0x8034,
  kEmissiveMap = 0x8100,
  kNormalMap = 0x8101,
  kHeightMap = 0x8102,
  kOcclusionMap = 0x8103,
  kDiffuseMap = 0x8200,
  kSpecularMap = 0x8201,
  kAmbientMap = 0x8202,
  kAlbedoMap = 0x8300,
  kRoughnessMetalnessMap = 0x8301,
  kSpecDiffuseMap = 0x8400,
  kSpecGlossMap = 0x8401,
  kTextures = 0x9000,
  kTexture = 0x9001,
  kTextureId = 0x9002,
  kTextureName = 0x9003,
  kTexturePng = 0x9101,
  kTextureJpg = 0x9102,
  kTextureJpg2k = 0x9103,
  kAnimations = 0xA000,
  kAnimation = 0xA010,
  kAnimationName = 0xA021,
  kAnimationFrames = 0xA022,
  kAnimationTrack = 0xA100,
  kFrameTcbEase = 0xA110,
  kRotationOrder = 0xA120,
  kTrackPosition = 0xA210,
  kTrackScaling = 0xA220,
  kTrackRotation = 0xA230,
  kTrackYaw = 0xA240,
  kTrackPitch = 0xA250,
  kTrackRoll = 0xA260,
  kTrackCameraFov = 0xA270,
  kTrackCameraRoll = 0xA280,
  kTrackLightHotSpot = 0xA290,
  kTrackLightFallOff = 0xA2A0,
  kTrackLightColor = 0xA2B0,
  kTrackHide = 0xA2C0,
  kTrackMorph = 0xA300,
};

/// materialFlags bits 3 and 4: tile the textures along U / V when set, clamp them otherwise.
inline constexpr std::uint32_t kFlagWrapU = 8, kFlagWrapV = 16;

/// "0x1010 (mesh)" for messages; unknown types get only the number.
std::string block_label(std::uint16_t type);

/// E3D stores no frame rate (docs/formats/e3d.md §7); frame numbers are read and written at this rate.
inline constexpr float kFramesPerSecond = 30.0f;

}  // namespace aem::formats::e3d
