// On-disk records of the current AEM layout (docs/formats/aem.md §1).
// All fields are little-endian and 4 bytes wide, every section starts at a multiple of 4, so a
// 4-byte-aligned file image can be viewed through these structs without copying.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aem::aem_file {

inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kHeaderSize = 40;  ///< "AEM" + version + 9 u32 counts
inline constexpr std::size_t kStringSize = 128;

struct Vertex {
  float position[3];
  float normal[3];
  float tangent[3];
  float bitangent[3];
  float uv[2];
  std::int32_t bone_indices[4];  ///< -1 = unused slot
  float bone_weights[4];
  std::int32_t extra_bone;  ///< mesh-animation bone applied to the whole vertex, -1 = none
};

struct Mesh {
  std::uint32_t first_index, index_count, material_index;
};

struct Material {
  std::int32_t base_color, normal, orm;  ///< texture indices; -1 (files) or 255 (spec) = none
};

struct Bone {
  float inverse_bind[16];  ///< column-major
  std::int32_t parent;     ///< -1 for a root
  std::int32_t padding[3];
};

struct Animation {
  char name[kStringSize];        ///< NUL-terminated unless all 128 bytes are used
  float duration;                ///< seconds
  std::uint32_t sequence_index;  ///< sequence of bone 0; bone b uses sequence_index + b
};

struct Sequence {
  std::uint32_t first_position, position_count;
  std::uint32_t first_rotation, rotation_count;
  std::uint32_t first_scale, scale_count;
};

struct Keyframe {
  float time;      ///< seconds
  float value[4];  ///< position/scale: x y z 0; rotation: quaternion x y z w
};

struct TextureName {
  char name[kStringSize];
};

// The record sizes and field offsets the format fixes (docs/formats/aem.md §1): code sizes and
// places records by sizeof and offsetof, and these keep the structs true to the format.
static_assert(sizeof(Vertex) == 92 && sizeof(Mesh) == 12 && sizeof(Material) == 12 && sizeof(Bone) == 80 &&
              sizeof(Animation) == 136 && sizeof(Sequence) == 24 && sizeof(Keyframe) == 20 &&
              sizeof(TextureName) == 128);
static_assert(offsetof(Vertex, bone_indices) == 56 && offsetof(Vertex, bone_weights) == 72 &&
              offsetof(Vertex, extra_bone) == 88 && offsetof(Bone, parent) == 64 &&
              offsetof(Animation, duration) == 128 && offsetof(Animation, sequence_index) == 132);
static_assert(alignof(Vertex) == 4 && alignof(Bone) == 4 && alignof(Animation) == 4);

/// The nine counts of the header, in file order.
struct Counts {
  std::uint32_t vertices = 0, indices = 0, textures = 0, meshes = 0, materials = 0, bones = 0, animations = 0,
                sequences = 0, keyframes = 0;
};

/// The size of `count` records of type Record in 64 bits (size_t is 32 bits in the browser build).
template <class Record>
constexpr std::uint64_t records_size(std::uint64_t count) {
  return std::uint64_t{sizeof(Record)} * count;
}

/// Exact size of a current-layout file with these counts (64-bit, cannot overflow).
constexpr std::uint64_t file_size(const Counts& c) {
  return kHeaderSize + records_size<Vertex>(c.vertices) + records_size<std::uint32_t>(c.indices) +
         records_size<TextureName>(c.textures) + records_size<Mesh>(c.meshes) + records_size<Material>(c.materials) +
         records_size<Bone>(c.bones) + records_size<Animation>(c.animations) + records_size<Sequence>(c.sequences) +
         records_size<Keyframe>(c.keyframes);
}

/// True when a material texture index means "no texture": -1, or 255 as the spec says (only when 255
/// cannot be a real index).
constexpr bool is_no_texture(std::int32_t index, std::uint32_t texture_count) {
  return index == -1 || (index == 255 && texture_count <= 255);
}

}  // namespace aem::aem_file
