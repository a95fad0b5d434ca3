#include "convert/optimize.hpp"

#include "core/mesh_remap.hpp"
#include "core/meshoptimizer_library.hpp"
#include "core/weld.hpp"

namespace aem::convert {

Status optimize_meshes(Scene& scene) {
  const auto loaded = detail::meshoptimizer_for("optimising meshes");
  if (!loaded) return loaded.error();
  const detail::MeshoptimizerLibrary* meshopt = loaded.value();
  for (auto& m : scene.meshes) {
    weld_vertices(m);
    if (m.indices.empty()) continue;
    const std::size_t n = m.positions.size();
    meshopt->optimize_vertex_cache(m.indices.data(), m.indices.data(), m.indices.size(), n);
    // Fetch order follows LOD 0 alone and would drop the vertices only coarser levels use.
    if (!m.lod_indices.empty()) continue;
    std::vector<std::uint32_t> fetch(n);
    const std::size_t used = meshopt->optimize_vertex_fetch_remap(fetch.data(), m.indices.data(), m.indices.size(), n);
    meshopt->remap_index_buffer(m.indices.data(), m.indices.data(), m.indices.size(), fetch.data());
    remap_vertices(m, fetch, used);
  }
  return Ok{};
}

}  // namespace aem::convert
