// aem.Scene and its parts (meshes, materials, textures, skeleton, animations, nodes): views over one
// scene that the Python objects share. Vertex, index and matrix arrays are NumPy arrays over the scene's
// own memory; floating-point arrays may be written (positions, weights...), index arrays are read-only
// (the library trusts them to be in range). Nothing resizes a scene once Python holds it.
#pragma once

#include <pybind11/pybind11.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::python {

struct SceneData {
  Scene scene;
  std::vector<Warning> warnings;  ///< the read's
  std::filesystem::path source;   ///< the file it was read from; empty for a generated scene
};

/// aem.Scene.
struct SceneHandle {
  std::shared_ptr<SceneData> data;
};

/// One part of a scene (a mesh, a material...), keeping the scene alive.
template <class T>
struct Part {
  std::shared_ptr<SceneData> owner;
  const T* item;
};

/// Reads `path` with the GIL released (side files from `asset_root` when given; morph targets baked
/// unless `keep_morph_targets`); aem.Error when it cannot.
std::shared_ptr<SceneData> read_scene_data(const std::filesystem::path& path,
                                           const std::optional<std::filesystem::path>& asset_root,
                                           bool keep_morph_targets = false);

/// The names of the scene's animations, in order.
std::vector<std::string> animation_names(const Scene& scene);

/// Index of the animation `which` names (its index, negative for the bind pose, or its name) among
/// `names`; ValueError when there is none.
std::int32_t animation_index(const pybind11::object& which, const std::vector<std::string>& names);

void bind_scene(pybind11::module_& m);

}  // namespace aem::python
