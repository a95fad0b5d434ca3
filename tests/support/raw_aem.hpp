// Current-layout AEM files put together record by record (docs/formats/aem.md §1), not by our
// writer: for shapes the writer never makes (meshes sharing vertices, partial triangles).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/aem_file.hpp"

namespace aem::test {

struct RawAem {
  std::vector<aem_file::Vertex> vertices;
  std::vector<std::uint32_t> indices;
  std::vector<std::string> textures;
  std::vector<aem_file::Mesh> meshes;
  std::vector<aem_file::Material> materials;
  std::vector<aem_file::Bone> bones;  ///< no animations: bones only give skinned vertices a target

  /// The file: header, then every section in order.
  std::vector<std::byte> bytes() const;
};

/// A vertex at (x, y, z) with a unit normal; skinned fully to `joint` when it is >= 0.
aem_file::Vertex raw_vertex(float x, float y, float z, std::int32_t joint = -1);
/// A root bone with an identity inverse bind matrix.
aem_file::Bone raw_root_bone();

/// Three meshes owning contiguous vertex ranges, one root bone, no animations:
/// mesh 0 = vertices 0-2, one triangle, skinned, vertex 0 at x = -0;
/// mesh 1 = vertices 3-6, two triangles over 3, 4 and 6, unskinned, vertex 3 at x = +0, vertex 5 at
/// (9, 9, 9) used by no triangle but inside the range; mesh 2 = no indices.
RawAem raw_contiguous_meshes();
/// Two meshes sharing vertices (the reader warns AEM_VERTICES_SHARED), one root bone, no animations,
/// a material naming the texture "missing.png" that is nowhere, and "none" written as 255:
/// mesh 0 = indices 4 0 2 (vertices 0 and 4 skinned); mesh 1 = indices 2 3 1 3 (a partial
/// triangle, unskinned); vertex 5 at (100, 100, 100) used by no mesh.
RawAem raw_shared_meshes();

}  // namespace aem::test
