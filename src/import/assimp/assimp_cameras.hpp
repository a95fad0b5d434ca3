// Assimp's cameras and lights -> Scene::cameras, Scene::lights and the nodes that carry them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

struct aiScene;

namespace aem::formats {

/// Appends each aiCamera and each directional, point or spot aiLight to `scene`, on the node named
/// like it: on the node itself when Assimp places it at the node's origin looking down -Z with +Y up,
/// else on a new child node holding that placement (its world matrix appended to `world`). Ambient and
/// area lights, and cameras or lights naming no node, are dropped with a warning.
void read_assimp_cameras_and_lights(const aiScene& ai, Scene& scene, std::vector<Mat4>& world,
                                    const std::map<std::string, std::int32_t>& node_by_name,
                                    std::vector<Warning>& warnings);

}  // namespace aem::formats
