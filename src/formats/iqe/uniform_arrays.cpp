#include "formats/iqe/uniform_arrays.hpp"

#include <algorithm>

#include "core/vertex_normals.hpp"

namespace aem::formats::iqe {

void fill_missing_arrays(MeshList& meshes, bool ccw, const char* format, std::vector<Warning>& warnings) {
  auto any = [&](auto has) { return std::any_of(meshes.begin(), meshes.end(), has); };
  const bool uvs = any([](const Mesh& m) { return !m.uvs.empty(); });
  const bool normals = any([](const Mesh& m) { return !m.normals.empty(); });
  const bool tangents = any([](const Mesh& m) { return !m.tangents.empty(); });
  const bool skin = any([](const Mesh& m) { return !m.skin.empty(); });
  const bool colors = any([](const Mesh& m) { return !m.colors.empty(); });
  std::vector<CustomAttribute> slots;  // per custom slot, the first mesh's name and width there, no values
  for (const auto& m : meshes)
    for (std::size_t c = slots.size(); c < m.custom.size(); ++c)
      slots.push_back({m.custom[c].name, m.custom[c].components, {}});

  for (std::size_t i = 0; i < meshes.size(); ++i) {
    const Mesh& as_is = meshes[i];
    if (!(uvs && as_is.uvs.empty()) && !(normals && as_is.normals.empty()) && !(tangents && as_is.tangents.empty()) &&
        !(skin && as_is.skin.empty()) && !(colors && as_is.colors.empty()) && as_is.custom.size() >= slots.size())
      continue;  // nothing to fill: the mesh stays borrowed
    Mesh& m = meshes.own(i);
    const std::size_t n = m.positions.size();
    std::vector<std::string> filled;
    if (uvs && m.uvs.empty()) {
      m.uvs.assign(1, std::vector<Vec2>(n, Vec2{}));
      filled.push_back("texture coordinates (0, 0)");
    }
    if (normals && m.normals.empty()) {
      m.normals = detail::triangle_normals(m.positions, m.indices, ccw);
      filled.push_back("normals from its triangles");
    }
    if (tangents && m.tangents.empty()) {
      m.tangents.assign(n, Vec4{1, 0, 0, 1});
      filled.push_back("tangents (1, 0, 0)");
    }
    if (skin && m.skin.empty()) {
      m.skin.assign(n, SkinInfluences{});
      filled.push_back("joint influences (none)");
    }
    if (colors && m.colors.empty()) {
      m.colors.assign(1, std::vector<Vec4>(n, Vec4{1, 1, 1, 1}));
      filled.push_back("colours (opaque white)");
    }
    if (m.custom.size() < slots.size()) {
      for (std::size_t c = m.custom.size(); c < slots.size(); ++c) {
        m.custom.push_back(slots[c]);
        m.custom.back().values.assign(n * static_cast<std::size_t>(std::max(slots[c].components, 0)), 0.0f);
      }
      filled.push_back("custom attributes (zeros)");
    }
    if (filled.empty() || n == 0) continue;
    std::string what;
    for (const auto& f : filled) what += (what.empty() ? "" : ", ") + f;
    warnings.push_back(Warning{
        .code = "CONVERT_ARRAY_FILLED",
        .format = format,
        .path = "mesh \"" + m.name + "\"",
        .message =
            std::string(format) + " vertex arrays span every mesh; arrays other meshes have were filled in: " + what});
  }
}

}  // namespace aem::formats::iqe
