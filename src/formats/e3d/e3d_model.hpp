// What the E3D parser collects before references are resolved (docs/formats/e3d.md §2: sections may come in
// any order, so IDs are matched only once everything is read). Values are as stored, in E3D's axes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aem/scene.hpp"
#include "formats/e3d/block_walker.hpp"

namespace aem::formats::e3d {

/// facesMaterials entry: a triangle range and the material ID (0 = none).
struct FaceRange {
  std::int64_t first = 0, count = 0;
  std::int32_t material = 0;
  friend bool operator==(const FaceRange&, const FaceRange&) = default;
};

struct RawSkinBone {
  std::string node_name;
  Mat4 inverse_bind;  ///< column-vector form (the stored row-vector matrix transposed)
};

struct RawMorph {
  std::int32_t id = 0;
  std::string name;
  float weight = 0.0f;
  std::optional<std::int32_t> mesh_id;
  Where where;
};

struct RawMesh {
  Where where;
  std::optional<std::int32_t> id;
  Mesh mesh;  ///< attributes and indices; material, skin and frames are filled when resolving
  std::uint32_t vertex_count = 0;
  bool has_attributes = false;
  bool quantized = false;                    ///< positions hold verticesQ integers until the bounding box maps them
  std::optional<std::array<float, 6>> bbox;  ///< meshBBox: lo xyz, hi xyz
  /// Bone weights as stored, up to kMaxInfluences per vertex (the largest), in compact form: the
  /// scene's 64-byte influences are written once, when the bones are resolved.
  struct BoneSlots {
    std::uint8_t bone[kMaxInfluences];
    std::uint8_t weight[kMaxInfluences];
    std::uint8_t count;
  };
  std::vector<BoneSlots> bone_slots;
  bool influences_reduced = false;        ///< some vertex had more than kMaxInfluences bone weights
  std::int32_t max_bone = -1;             ///< largest bone index used
  std::vector<std::uint32_t> duplicates;  ///< vertex nV - n + k repeats duplicates[k]
  std::vector<FaceRange> ranges;
  Mat4 bind_shape;  ///< column-vector form
  std::vector<RawSkinBone> bones;
  std::vector<RawMorph> morphs;
  /// Scene target of each morph (-1: dropped), filled when the read keeps targets.
  std::vector<std::int32_t> target_of_morph;
};

struct RawNode {
  Where where;
  std::int32_t parent = -1;  ///< index into RawFile::nodes
  Node::Kind kind = Node::Kind::Plain;
  std::optional<std::int32_t> id;
  std::string name;
  std::optional<std::int32_t> mesh_id;
  std::optional<std::int32_t> skeleton_root;
  Vec3 scale{1, 1, 1};
  double orientation[4] = {1, 0, 0, 0};  ///< w, x, y, z as stored (Ecere's row-vector meaning)
  double position[3] = {0, 0, 0};
};

/// A material slot's texture reference: by ID, or by name.
struct TextureRef {
  std::uint16_t map_type = 0;
  std::optional<std::int32_t> id;
  std::string name;
  Where where;
};

struct RawMaterial {
  Where where;
  std::optional<std::int32_t> id;
  Material material;
  std::vector<TextureRef> maps;
};

struct RawTexture {
  Where where;
  std::optional<std::int32_t> id;
  Texture texture;
};

struct RawTrack {
  Where where;
  std::vector<std::uint32_t> frames;
  bool loop = false;
  std::optional<std::int32_t> node_id;
  std::string node_name;
  struct Data {
    std::uint16_t type = 0;     ///< kTrackPosition, kTrackScaling or kTrackRotation
    std::vector<float> values;  ///< numKeys * 3 or 4, as stored
  };
  std::vector<Data> data;
  /// ftkMorph keys, collected only when the read keeps morph targets (else they are ignored data).
  struct MorphKeys {
    std::int32_t morph = 0;      ///< position in the placed mesh's morph list
    std::vector<float> weights;  ///< one per key
  };
  std::vector<MorphKeys> morph_keys;
  std::vector<std::uint16_t> ignored;  ///< other ftk* and TCB blocks (the scene cannot hold them)
};

struct RawAnimation {
  Where where;
  std::string name;
  std::int32_t start = 0, end = 0, current = 0;
  bool has_frames = false;
  std::vector<RawTrack> tracks;
};

struct RawFile {
  std::uint16_t version = 0;
  std::vector<RawMesh> meshes;
  std::vector<RawNode> nodes;  ///< depth-first, parents first
  std::vector<RawMaterial> materials;
  std::vector<RawTexture> textures;
  std::vector<RawAnimation> animations;
};

}  // namespace aem::formats::e3d
