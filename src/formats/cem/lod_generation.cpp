#include "formats/cem/lod_generation.hpp"

#include "core/meshoptimizer_library.hpp"
#include "core/parse_error.hpp"

namespace aem::formats {

void generate_lods(Scene& scene, int count, std::vector<Warning>& warnings) {
  auto loaded = detail::meshoptimizer_for("generating levels of detail");
  if (!loaded) {
    loaded.error().format = "CEM";
    throw detail::ParseError(std::move(loaded.error()));
  }
  const detail::MeshoptimizerLibrary* meshopt = loaded.value();
  std::size_t generated = 0;
  for (auto& mesh : scene.meshes) {
    if (!mesh.lod_indices.empty() || mesh.indices.empty() || mesh.positions.empty()) continue;
    const std::size_t triangles = mesh.indices.size() / 3;
    for (int k = 1; k <= count; ++k) {
      const std::size_t target = std::max<std::size_t>(
          1, triangles * static_cast<std::size_t>(count + 1 - k) / static_cast<std::size_t>(count + 1));
      std::vector<std::uint32_t> lod(mesh.indices.size());
      const std::size_t n = meshopt->simplify(lod.data(), mesh.indices.data(), triangles * 3, &mesh.positions[0].x,
                                              mesh.positions.size(), sizeof(Vec3), target * 3, 0.05f, 0, nullptr);
      lod.resize(n);
      mesh.lod_indices.push_back(std::move(lod));
    }
    ++generated;
  }
  if (generated)
    warnings.push_back(
        Warning{.code = "CEM_LODS_GENERATED",
                .format = "CEM",
                .message = std::to_string(count) + " LODs generated for " + std::to_string(generated) + " meshes"});
}

}  // namespace aem::formats
