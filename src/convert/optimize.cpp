#include "convert/optimize.hpp"

#include <meshoptimizer.h>

#include "core/mesh_remap.hpp"

namespace aem::convert {
namespace {

/// Every attribute of every vertex as one byte record, so "identical" means identical everywhere.
template <class T>
void append(std::vector<meshopt_Stream>& streams, const std::vector<T>& v) {
  if (!v.empty()) streams.push_back({v.data(), sizeof(T), sizeof(T)});
}

}  // namespace

void optimize_meshes(Scene& scene) {
  for (auto& m : scene.meshes) {
    const std::size_t n = m.positions.size();
    // Left alone: morph frames and custom attributes (kept in step with the vertex order they came in),
    // and LODs (the remap sees only LOD 0's indices).
    if (n == 0 || m.indices.empty() || !m.frames.empty() || !m.custom.empty() || !m.lod_indices.empty()) continue;
    std::vector<meshopt_Stream> streams;
    append(streams, m.positions);
    append(streams, m.normals);
    append(streams, m.tangents);
    append(streams, m.bitangents);
    for (const auto& set : m.uvs) append(streams, set);
    for (const auto& set : m.colors) append(streams, set);
    append(streams, m.skin);
    append(streams, m.rigid_joints);
    std::vector<std::uint32_t> table(n);
    const std::size_t unique = meshopt_generateVertexRemapMulti(table.data(), m.indices.data(), m.indices.size(), n,
                                                                streams.data(), streams.size());
    meshopt_remapIndexBuffer(m.indices.data(), m.indices.data(), m.indices.size(), table.data());
    remap_vertices(m, table, unique);
    meshopt_optimizeVertexCache(m.indices.data(), m.indices.data(), m.indices.size(), unique);
    std::vector<std::uint32_t> fetch(unique);
    const std::size_t used = meshopt_optimizeVertexFetchRemap(fetch.data(), m.indices.data(), m.indices.size(), unique);
    meshopt_remapIndexBuffer(m.indices.data(), m.indices.data(), m.indices.size(), fetch.data());
    remap_vertices(m, fetch, used);
  }
}

}  // namespace aem::convert
