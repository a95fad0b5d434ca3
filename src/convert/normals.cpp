#include "convert/normals.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/vertex_normals.hpp"

namespace aem::convert {
namespace {

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Replaces the non-finite entries of `normals`; how many there were.
std::size_t repair(std::vector<Vec3>& normals, const std::vector<Vec3>& positions, const Mesh& mesh, bool ccw) {
  const auto bad =
      static_cast<std::size_t>(std::count_if(normals.begin(), normals.end(), [](const Vec3& n) { return !finite(n); }));
  if (bad == 0 || normals.size() != positions.size()) return 0;
  const std::vector<Vec3> computed = detail::triangle_normals(positions, mesh.indices, ccw);
  for (std::size_t v = 0; v < normals.size(); ++v)
    if (!finite(normals[v])) normals[v] = computed[v];
  return bad;
}

}  // namespace

std::vector<Warning> repair_normals(Scene& scene) {
  std::vector<Warning> warnings;
  const bool ccw = scene.conventions.ccw_front_faces;
  for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
    Mesh& mesh = scene.meshes[m];
    const std::string path = "meshes[" + std::to_string(m) + "]";
    auto report = [&](std::size_t count, const std::string& where) {
      if (count)
        warnings.push_back(
            Warning{.code = "CONVERT_NORMALS_REPAIRED",
                    .format = "convert",
                    .path = path + where + " (mesh \"" + mesh.name + "\")",
                    .message = std::to_string(count) + " NaN or infinite normals recomputed from the triangles"});
    };
    report(repair(mesh.normals, mesh.positions, mesh, ccw), ".normals");
    for (std::size_t f = 0; f < mesh.frames.size(); ++f)
      report(repair(mesh.frames[f].normals, mesh.frames[f].positions, mesh, ccw),
             ".frames[" + std::to_string(f) + "].normals");
  }
  return warnings;
}

}  // namespace aem::convert
