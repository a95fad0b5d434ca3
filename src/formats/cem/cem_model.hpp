// The CEM v2 file layout as plain data (docs/formats/cem.md §2): parsing and serialising it, no scene logic.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "aem/math.hpp"
#include "core/byte_reader.hpp"
#include "core/byte_writer.hpp"

namespace aem::formats::cem {

struct Selection {
  std::uint32_t offset = 0, count = 0;  ///< in triangles of that LOD's list
};

struct Material {
  std::string name;  ///< "" or "player color"
  std::uint32_t texture_index = 0;
  std::vector<Selection> selections;  ///< one per LOD
  std::uint32_t vertex_offset = 0, vertex_count = 0;
  std::string texture_name;
};

struct Vertex {
  Vec3 position, normal;
  Vec2 uv;
};

struct Frame {
  float radius = 0;
  std::vector<Vertex> vertices;
  std::vector<Vec3> tags;
  std::array<float, 16> matrix{};  ///< as stored: row-major, translation at 3, 7, 11
  Vec3 lower, upper;
};

/// One SSMF model. `parent` is the index of the model it is a child of (-1 for the root).
struct Model {
  std::int32_t parent = -1;
  std::uint32_t child_models = 0;
  std::uint32_t header_triangles = 0;  ///< as stored (should equal LOD 0's count)
  std::string name;
  Vec3 center;
  std::vector<std::vector<std::uint32_t>> lods;  ///< index triples, material-local
  std::vector<Material> materials;
  std::vector<std::string> tag_names;
  std::vector<Frame> frames;
};

/// Most models (root and all descendants) and nesting depth a file may have.
inline constexpr std::size_t kMaxModels = 65536;
inline constexpr int kMaxDepth = 16;

/// Parses the root model and its descendants depth-first (children follow their parent). Checks
/// every count against the remaining bytes before allocating and every index, selection and vertex
/// range against its model. Throws ParseError. Leaves the reader after the model tree.
std::vector<Model> parse_models(detail::ByteReader& r);

/// Serialises models in order (each parent followed by its children, as parse_models returns them).
void write_models(detail::ByteWriter& w, std::span<const Model> models);

/// The matrix as our column-major Mat4 (p' = M·p), and back.
Mat4 to_mat4(const std::array<float, 16>& stored);
std::array<float, 16> from_mat4(const Mat4& m);

}  // namespace aem::formats::cem
