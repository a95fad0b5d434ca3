#include "convert/optimize.hpp"

#include <meshoptimizer.h>

#include <cstring>

namespace aem::convert {
namespace {

template <class T>
void remap(std::vector<T>& v, const std::vector<unsigned>& table, std::size_t new_count) {
  if (v.empty()) return;
  std::vector<T> out(new_count);
  for (std::size_t i = 0; i < table.size() && i < v.size(); ++i)
    if (table[i] != ~0u) out[table[i]] = v[i];
  v = std::move(out);
}

void remap_mesh(Mesh& m, const std::vector<unsigned>& table, std::size_t new_count) {
  remap(m.positions, table, new_count);
  remap(m.normals, table, new_count);
  remap(m.tangents, table, new_count);
  remap(m.bitangents, table, new_count);
  for (auto& set : m.uvs) remap(set, table, new_count);
  for (auto& set : m.colors) remap(set, table, new_count);
  remap(m.skin, table, new_count);
  remap(m.rigid_joints, table, new_count);
  for (auto& f : m.frames) {
    remap(f.positions, table, new_count);
    remap(f.normals, table, new_count);
    remap(f.uvs, table, new_count);
  }
  for (auto& c : m.custom) {
    std::vector<float> out(new_count * c.components);
    for (std::size_t i = 0; i < table.size(); ++i)
      if (table[i] != ~0u) std::memcpy(&out[table[i] * c.components], &c.values[i * c.components], sizeof(float) * c.components);
    c.values = std::move(out);
  }
}

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
    std::vector<unsigned> table(n);
    const std::size_t unique = meshopt_generateVertexRemapMulti(table.data(), m.indices.data(), m.indices.size(), n,
                                                                streams.data(), streams.size());
    meshopt_remapIndexBuffer(m.indices.data(), m.indices.data(), m.indices.size(), table.data());
    remap_mesh(m, table, unique);
    meshopt_optimizeVertexCache(m.indices.data(), m.indices.data(), m.indices.size(), unique);
    std::vector<unsigned> fetch(unique);
    const std::size_t used = meshopt_optimizeVertexFetchRemap(fetch.data(), m.indices.data(), m.indices.size(), unique);
    meshopt_remapIndexBuffer(m.indices.data(), m.indices.data(), m.indices.size(), fetch.data());
    remap_mesh(m, fetch, used);
  }
}

}  // namespace aem::convert
