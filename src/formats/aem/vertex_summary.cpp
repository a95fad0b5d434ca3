// aem_vertex_summary: the counts, skin flag and bounds aem_view_to_scene's meshes would have, read
// straight from the view in the order that conversion copies the vertices.
#include "formats/aem/aem_format.hpp"
#include "formats/aem/mesh_vertices.hpp"

namespace aem::formats {

AemVertexSummary aem_vertex_summary(const AemView& view) {
  AemVertexSummary summary;
  MeshVertices owned(view);
  const auto verts = view.vertices();
  for (std::uint32_t i = 0; i < view.counts().meshes; ++i) {
    AemVertexSummary::Mesh m;
    m.index_count = view.meshes()[i].index_count;
    // Same vertices in the same order as the scene's positions: min/max keep the first of equal
    // values (-0 and +0), so the order decides the printed sign.
    owned.for_each(i, [&](std::uint32_t v) {
      const auto& vx = verts[v];
      ++m.vertex_count;
      m.skinned |= has_skin(vx);
      summary.bounds.add({vx.position[0], vx.position[1], vx.position[2]});
    });
    summary.meshes.push_back(m);
  }
  return summary;
}

}  // namespace aem::formats
