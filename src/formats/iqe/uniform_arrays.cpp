#include "formats/iqe/uniform_arrays.hpp"

#include <algorithm>

namespace aem::formats::iqe {
namespace {

std::vector<Vec3> triangle_normals(const Mesh& m, bool ccw) {
  std::vector<Vec3> n(m.positions.size(), Vec3{});
  for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3) {
    const std::uint32_t a = m.indices[i], b = m.indices[i + 1], c = m.indices[i + 2];
    if (a >= n.size() || b >= n.size() || c >= n.size()) continue;
    Vec3 face = cross(m.positions[b] - m.positions[a], m.positions[c] - m.positions[a]);  // length = 2 * area
    if (!ccw) face = face * -1.0f;
    n[a] = n[a] + face;
    n[b] = n[b] + face;
    n[c] = n[c] + face;
  }
  for (auto& v : n) v = length(v) > 0 ? normalize(v) : Vec3{0, 0, 1};
  return n;
}

}  // namespace

void fill_missing_arrays(std::vector<Mesh>& meshes, bool ccw, const char* format, std::vector<Warning>& warnings) {
  auto any = [&](auto has) { return std::any_of(meshes.begin(), meshes.end(), has); };
  const bool uvs = any([](const Mesh& m) { return !m.uvs.empty(); });
  const bool normals = any([](const Mesh& m) { return !m.normals.empty(); });
  const bool tangents = any([](const Mesh& m) { return !m.tangents.empty(); });
  const bool skin = any([](const Mesh& m) { return !m.skin.empty(); });
  const bool colors = any([](const Mesh& m) { return !m.colors.empty(); });
  std::vector<CustomAttribute> slots;  // per custom slot, the first mesh's name and width there, no values
  for (const auto& m : meshes)
    for (std::size_t c = slots.size(); c < m.custom.size(); ++c) slots.push_back({m.custom[c].name, m.custom[c].components, {}});

  for (auto& m : meshes) {
    const std::size_t n = m.positions.size();
    std::vector<std::string> filled;
    if (uvs && m.uvs.empty()) {
      m.uvs.assign(1, std::vector<Vec2>(n, Vec2{}));
      filled.push_back("texture coordinates (0, 0)");
    }
    if (normals && m.normals.empty()) {
      m.normals = triangle_normals(m, ccw);
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
    warnings.push_back(Warning{"CONVERT_ARRAY_FILLED", format, {}, {}, {}, "mesh \"" + m.name + "\"",
                               std::string(format) + " vertex arrays span every mesh; this mesh lacked some that others have and got " + what});
  }
}

}  // namespace aem::formats::iqe
