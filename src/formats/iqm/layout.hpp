// IQM version 2 on disk (docs/formats/iqm.md §1): header fields, record sizes, vertex array types and formats.
#pragma once

#include <cstdint>
#include <string_view>

namespace aem::formats::iqm {

inline constexpr std::string_view kMagic{"INTERQUAKEMODEL\0", 16};
inline constexpr std::uint32_t kVersion = 2;
inline constexpr std::uint32_t kHeaderSize = 124;

/// The header after the magic, in file order (27 u32).
struct Header {
  std::uint32_t version, filesize, flags;
  std::uint32_t num_text, ofs_text;
  std::uint32_t num_meshes, ofs_meshes;
  std::uint32_t num_vertexarrays, num_vertexes, ofs_vertexarrays;
  std::uint32_t num_triangles, ofs_triangles, ofs_adjacency;
  std::uint32_t num_joints, ofs_joints;
  std::uint32_t num_poses, ofs_poses;
  std::uint32_t num_anims, ofs_anims;
  std::uint32_t num_frames, num_framechannels, ofs_frames, ofs_bounds;
  std::uint32_t num_comment, ofs_comment;
  std::uint32_t num_extensions, ofs_extensions;
};
static_assert(sizeof(Header) == kHeaderSize - kMagic.size());

inline constexpr std::uint32_t kMeshSize = 24, kVertexArraySize = 20, kTriangleSize = 12, kJointSize = 48,
                               kPoseSize = 88, kAnimSize = 20, kBoundsSize = 32, kExtensionSize = 16;
inline constexpr int kPoseChannels = 10;  ///< 0-2 translate, 3-6 rotate (x y z w), 7-9 scale
inline constexpr std::uint32_t kAnimLoop = 1;

enum VertexArrayType : std::uint32_t {
  Position = 0,
  TexCoord = 1,
  Normal = 2,
  Tangent = 3,
  BlendIndexes = 4,
  BlendWeights = 5,
  Color = 6,
  Custom = 16
};
enum VertexFormat : std::uint32_t { Byte = 0, UByte, Short, UShort, Int, UInt, Half, Float, Double };

/// Bytes per component of `format`, 0 for an unknown format.
inline std::uint32_t component_size(std::uint32_t format) {
  constexpr std::uint32_t sizes[] = {1, 1, 2, 2, 4, 4, 2, 4, 8};
  return format < 9 ? sizes[format] : 0;
}

}  // namespace aem::formats::iqm
