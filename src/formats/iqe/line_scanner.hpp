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

/// Pose events take their poses from `poses` in order, Face events their indices from face_values;
/// the k-th Command event refers to the chunk's k-th command.
struct ChunkEvent {
  enum class Kind : std::uint8_t { Face, Pose, Command, Comment } kind;
  bool mesh_relative = false;  ///< Face: fm rather than fa
  std::uint32_t line;          ///< 1-based within the chunk (a Face run's first line)
  std::uint32_t vp_count;      ///< chunk-local `vp` lines read before this one
  /// Face: a run of `lines` lines in a row, each with `corners` indices (one event for a whole mesh's
  /// triangles, typically). Pose: a run of `lines` pose lines in a row (a frame's, typically).
  std::uint32_t lines = 0, corners = 0;
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
  std::int32_t max_joint = -1;  ///< the largest joint `influences` use (-1: none), so that assembly need not scan them
  std::array<std::vector<Vec4>, 10> custom;
  std::vector<std::int64_t> smoothing_index;
  // Ordered events and what they refer to.
  std::vector<std::int32_t> face_values;
  std::vector<Transform> poses;
  std::vector<std::string_view> commands;  ///< whole lines: mesh, material, joint, animation, ...
  std::vector<ChunkEvent> events;
  std::uint32_t line_count = 0;
  std::size_t comment_end = 0;       ///< offset in the chunk's text just after a `comment` line, if any
  std::size_t offset = 0, size = 0;  ///< where the chunk's text lies in the whole body (set by the caller)

  /// Empties the chunk but keeps its arrays' memory, so that scanning the next chunk into it does not
  /// fault fresh pages in.
  void clear();
};

/// Scans `text` (whole lines) into `reuse` (a spent chunk, cleared first; its arrays' memory is
/// reused), reserving the arrays from the mix of lines in 8 samples of 8 KB spread over it. Numbers
/// left out take their defaults, as in the spec; a token that is not a finite number, or a negative vb
/// joint, throws ParseError with the line within `text` and the column. Errors that need global
/// context (indices, parents, lengths) are found during assembly.
Chunk scan_chunk(std::string_view text, Chunk reuse = {});

}  // namespace aem::formats::iqe
