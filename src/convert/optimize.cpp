#include "convert/optimize.hpp"

#include <meshoptimizer.h>

#include "core/mesh_remap.hpp"
#include "core/weld.hpp"

namespace aem::convert {

void optimize_meshes(Scene& scene) {
  for (auto& m : scene.meshes) {
    weld_vertices(m);
    if (m.indices.empty()) continue;
    const std::size_t n = m.positions.size();
    meshopt_optimizeVertexCache(m.indices.data(), m.indices.data(), m.indices.size(), n);
    // Fetch order follows LOD 0 alone and would drop the vertices only coarser levels use.
    if (!m.lod_indices.empty()) continue;
    std::vector<std::uint32_t> fetch(n);
    const std::size_t used = meshopt_optimizeVertexFetchRemap(fetch.data(), m.indices.data(), m.indices.size(), n);
    meshopt_remapIndexBuffer(m.indices.data(), m.indices.data(), m.indices.size(), fetch.data());
    remap_vertices(m, fetch, used);
  }
}

}  // namespace aem::convert
