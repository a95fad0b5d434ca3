// Phase 1 of IQE parsing: one chunk of lines scanned on its own (chunks run in parallel). Vertex
// attribute lines go straight into chunk-local arrays; everything whose meaning depends on earlier
// lines (faces, poses, mesh/joint/animation/smoothing commands) is recorded as an event, in order,
// for the sequential assembly in parser.cpp.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "formats/iqe/document.hpp"

namespace aem::formats::iqe {

/// The k-th event of a kind refers to the k-th face, pose or command of the chunk.
struct ChunkEvent {
  enum class Kind : std::uint8_t { Face, Pose, Command, Comment } kind;
  std::uint32_t line;      ///< 1-based within the chunk
  std::uint32_t vp_count;  ///< chunk-local `vp` lines read before this one
};

struct FaceRecord {
  std::uint32_t first, count;  ///< into face_values
  bool mesh_relative;          ///< fm rather than fa
};

/// Face indices beyond 32 bits become this value, which no vertex count can make valid.
inline constexpr std::int32_t kIndexOutOfRange = INT32_MIN;

struct Chunk {
  // Vertex arrays, chunk-local, in line order.
  std::vector<Vec3> positions, normals;
  std::vector<Vec2> uvs;
  std::vector<Vec4> tangents, colors;
  std::vector<Vec3> bitangents;
  std::vector<std::uint32_t> bitangent_of;  ///< tangent index (chunk-local) of each bitangent
  std::vector<SkinInfluences> influences;
  std::array<std::vector<Vec4>, 10> custom;
  std::vector<std::int64_t> smoothing_index;
  // Ordered events and what they refer to.
  std::vector<std::int32_t> face_values;
  std::vector<FaceRecord> faces;
  std::vector<Transform> poses;
  std::vector<std::string_view> commands;  ///< whole lines: mesh, material, joint, animation, ...
  std::vector<ChunkEvent> events;
  std::uint32_t line_count = 0;
  std::size_t comment_end = 0;  ///< offset in the chunk's text just after a `comment` line, if any
  std::size_t offset = 0, size = 0;  ///< where the chunk's text lies in the whole body (set by the caller)
};

/// Scans `text` (whole lines), reserving the arrays from the mix of lines in its first 64 KB. Numbers
/// left out take their defaults, as in the spec; a token that is not a finite number, or a negative vb
/// joint, throws ParseError with the line within `text` and the column. Errors that need global
/// context (indices, parents, lengths) are found during assembly.
Chunk scan_chunk(std::string_view text);

}  // namespace aem::formats::iqe
