#include "convert/weights.hpp"

#include "core/influences.hpp"

namespace aem::convert {

std::size_t limit_influences(Scene& scene, int max_influences) {
  std::size_t reduced = 0;
  for (auto& mesh : scene.meshes)
    for (auto& s : mesh.skin) {
      bool dropped = false;
      s = kept_influences(s, max_influences, &dropped);
      reduced += dropped ? 1 : 0;
    }
  return reduced;
}

}  // namespace aem::convert
