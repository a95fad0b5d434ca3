#include "formats/iqm/skin_groups.hpp"

#include <algorithm>
#include <map>

#include "core/influences.hpp"

namespace aem::formats::iqm {

SkinGroups group_by_joints(const iqe::ExportModel& model) {
  const auto joint_count = static_cast<std::uint32_t>(model.joints.size());
  std::vector<VertexSkin> skins;
  std::vector<Vec3> positions;
  std::size_t vertices = 0;
  for (const Mesh& mesh : model.meshes) vertices += mesh.positions.size();
  skins.reserve(vertices), positions.reserve(vertices);  // grown, they would touch twice the memory
  for (const Mesh& mesh : model.meshes)
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
      skins.push_back(vertex_skin(mesh, v, joint_count)), positions.push_back(mesh.positions[v]);

  SkinGroups out;
  std::vector<std::uint32_t> group_of(skins.size());
  std::vector<std::size_t> sizes;
  std::map<std::array<std::uint32_t, 4>, std::uint32_t> index;
  for (std::size_t v = 0; v < skins.size(); ++v) {
    // Neighbouring vertices mostly share their joints: try the previous vertex's group first.
    if (v > 0 && skins[v].joints == skins[v - 1].joints) {
      group_of[v] = group_of[v - 1];
    } else {
      auto [it, added] = index.emplace(skins[v].joints, static_cast<std::uint32_t>(out.groups.size()));
      if (added) out.groups.push_back({skins[v].joints, skins[v].count, 0, 0}), sizes.push_back(0);
      group_of[v] = it->second;
    }
    ++sizes[group_of[v]];
  }
  std::size_t vectors = 0;
  for (std::size_t g = 0; g < out.groups.size(); ++g) {
    out.groups[g].first = vectors;
    out.groups[g].quads = (sizes[g] + 3) / 4;
    vectors += out.groups[g].quads * 4 * static_cast<std::size_t>(out.groups[g].count);
  }
  out.data.resize(vectors);

  // Lane `slot` of the group's quads gets vertex v; the lanes past a group's end then copy its last.
  auto put = [&](const SkinGroup& g, std::size_t slot, std::size_t v) {
    f32x4* quad = &out.data[g.first + slot / 4 * 4 * static_cast<std::size_t>(g.count)];
    const std::size_t lane = slot % 4;
    const Vec3 p = positions[v];
    for (int k = 0; k < g.count; ++k) {
      const float w = skins[v].weights[k];
      quad[4 * k][lane] = w * p.x, quad[4 * k + 1][lane] = w * p.y, quad[4 * k + 2][lane] = w * p.z,
               quad[4 * k + 3][lane] = w;
    }
  };
  std::vector<std::size_t> filled(out.groups.size(), 0), last(out.groups.size(), 0);
  for (std::size_t v = 0; v < skins.size(); ++v) {
    const std::uint32_t g = group_of[v];
    put(out.groups[g], filled[g]++, v);
    last[g] = v;
  }
  for (std::size_t g = 0; g < out.groups.size(); ++g)
    for (std::size_t slot = filled[g]; slot % 4 != 0; ++slot) put(out.groups[g], slot, last[g]);
  return out;
}

}  // namespace aem::formats::iqm
