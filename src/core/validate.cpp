// validate_scene: the format-independent rule checks behind `aem validate`.
#include "aem/validate.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "aem/animation.hpp"
#include "core/finite.hpp"

namespace aem {
namespace {

struct Checker {
  const Scene& scene;
  SceneReport report;

  void error(const char* code, std::string path, std::string message) {
    report.errors.push_back(
        Error{.code = code, .format = "scene", .path = std::move(path), .message = std::move(message)});
  }
  void warning(const char* code, std::string path, std::string message) {
    report.warnings.push_back(
        Warning{.code = code, .format = "scene", .path = std::move(path), .message = std::move(message)});
  }

  template <class T>
  void check_size(const std::vector<T>& v, std::size_t n, const std::string& path, const char* what) {
    if (!v.empty() && v.size() != n)
      error("SCENE_ATTRIBUTE_SIZE", path,
            std::string(what) + " has " + std::to_string(v.size()) + " entries for " + std::to_string(n) + " vertices");
  }

  void mesh(std::size_t mi) {
    const Mesh& m = scene.meshes[mi];
    const std::string p = "meshes[" + std::to_string(mi) + "]";
    const std::size_t n = m.positions.size();
    check_size(m.normals, n, p, "normals");
    check_size(m.tangents, n, p, "tangents");
    check_size(m.bitangents, n, p, "bitangents");
    check_size(m.skin, n, p, "skin");
    check_size(m.rigid_joints, n, p, "rigid_joints");
    for (const auto& uv : m.uvs) check_size(uv, n, p, "uvs");
    for (const auto& c : m.colors) check_size(c, n, p, "colors");
    if (m.indices.size() % 3) error("SCENE_PARTIAL_TRIANGLE", p + ".indices", "index count is not a multiple of 3");
    auto check_indices = [&](const std::vector<std::uint32_t>& idx, const std::string& where) {
      for (std::size_t i = 0; i < idx.size(); ++i)
        if (idx[i] >= n) {
          error("SCENE_INDEX_OUT_OF_RANGE", where + "[" + std::to_string(i) + "]",
                "vertex " + std::to_string(idx[i]) + " of " + std::to_string(n));
          return;
        }
    };
    check_indices(m.indices, p + ".indices");
    for (std::size_t l = 0; l < m.lod_indices.size(); ++l)
      check_indices(m.lod_indices[l], p + ".lods[" + std::to_string(l) + "]");
    if (m.material >= 0 && static_cast<std::size_t>(m.material) >= scene.materials.size())
      error("SCENE_MATERIAL_OUT_OF_RANGE", p + ".material",
            "material " + std::to_string(m.material) + " of " + std::to_string(scene.materials.size()));
    std::size_t bad_sum = 0;
    for (std::size_t v = 0; v < m.skin.size(); ++v) {
      float sum = 0;
      bool any = false;
      for (int k = 0; k < kMaxInfluences; ++k) {
        std::int32_t j = m.skin[v].joints[k];
        if (j < 0) continue;
        any = true;
        sum += m.skin[v].weights[k];
        if (static_cast<std::size_t>(j) >= scene.joints.size()) {
          error("SCENE_JOINT_OUT_OF_RANGE", p + ".skin[" + std::to_string(v) + "]",
                "joint " + std::to_string(j) + " of " + std::to_string(scene.joints.size()));
          return;
        }
      }
      if (any && std::fabs(sum - 1.0f) > 1e-3f) ++bad_sum;
    }
    if (bad_sum)
      warning("SCENE_WEIGHTS_NOT_NORMALIZED", p + ".skin",
              std::to_string(bad_sum) + " vertices have weights that do not sum to 1");
    for (std::size_t v = 0; v < m.rigid_joints.size(); ++v)
      if (m.rigid_joints[v] >= 0 && static_cast<std::size_t>(m.rigid_joints[v]) >= scene.joints.size()) {
        error("SCENE_JOINT_OUT_OF_RANGE", p + ".rigid_joints[" + std::to_string(v) + "]",
              "joint " + std::to_string(m.rigid_joints[v]));
        return;
      }
    for (std::size_t f = 0; f < m.frames.size(); ++f)
      if (m.frames[f].positions.size() != n)
        error("SCENE_ATTRIBUTE_SIZE", p + ".frames[" + std::to_string(f) + "]", "frame has a different vertex count");
    for (std::size_t t = 0; t < m.targets.size(); ++t) {
      const MorphTarget& target = m.targets[t];
      if ((!target.positions.empty() && target.positions.size() != n) ||
          (!target.normals.empty() && target.normals.size() != m.normals.size()))
        error("SCENE_ATTRIBUTE_SIZE", p + ".targets[" + std::to_string(t) + "]",
              "morph target has a different vertex count");
    }
    if (!m.target_weights.empty() && m.target_weights.size() != m.targets.size())
      error("SCENE_ATTRIBUTE_SIZE", p + ".target_weights", "not one weight per morph target");
  }

  void hierarchy() {
    std::vector<std::int32_t> parents;
    for (std::size_t j = 0; j < scene.joints.size(); ++j) {
      auto par = scene.joints[j].parent;
      if (par < -1 || par >= static_cast<std::int32_t>(scene.joints.size()))
        error("SCENE_PARENT_OUT_OF_RANGE", "joints[" + std::to_string(j) + "].parent", "parent " + std::to_string(par));
      parents.push_back(par);
    }
    if (parents_first_order(parents).size() != parents.size())
      error("SCENE_PARENT_CYCLE", "joints", "the joint hierarchy has a cycle");
    parents.clear();
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
      const Node& nd = scene.nodes[i];
      if (nd.parent < -1 || nd.parent >= static_cast<std::int32_t>(scene.nodes.size()))
        error("SCENE_PARENT_OUT_OF_RANGE", "nodes[" + std::to_string(i) + "].parent",
              "parent " + std::to_string(nd.parent));
      for (auto mi : nd.meshes)
        if (mi >= scene.meshes.size())
          error("SCENE_MESH_OUT_OF_RANGE", "nodes[" + std::to_string(i) + "].meshes", "mesh " + std::to_string(mi));
      parents.push_back(nd.parent);
    }
    if (parents_first_order(parents).size() != parents.size())
      error("SCENE_PARENT_CYCLE", "nodes", "the node hierarchy has a cycle");
  }

  void materials() {
    for (std::size_t i = 0; i < scene.materials.size(); ++i) {
      const auto& t = scene.materials[i].textures;
      for (std::int32_t x : t.slots())
        if (x < -1 || x >= static_cast<std::int32_t>(scene.textures.size()))
          error("SCENE_TEXTURE_OUT_OF_RANGE", "materials[" + std::to_string(i) + "].textures",
                "texture " + std::to_string(x));
    }
  }

  template <class V>
  void keys(const std::vector<Key<V>>& k, const std::string& p) {
    for (std::size_t i = 1; i < k.size(); ++i)
      if (k[i].time < k[i - 1].time) return error("SCENE_KEYS_UNSORTED", p, "key times decrease");
  }

  void animations() {
    for (std::size_t a = 0; a < scene.animations.size(); ++a)
      for (std::size_t c = 0; c < scene.animations[a].channels.size(); ++c) {
        const Channel& ch = scene.animations[a].channels[c];
        std::string p = "animations[" + std::to_string(a) + "].channels[" + std::to_string(c) + "]";
        if (ch.joint >= scene.joints.size()) error("SCENE_JOINT_OUT_OF_RANGE", p, "joint " + std::to_string(ch.joint));
        keys(ch.translation, p + ".translation");
        keys(ch.rotation, p + ".rotation");
        keys(ch.scale, p + ".scale");
      }
    for (std::size_t a = 0; a < scene.animations.size(); ++a)
      for (std::size_t w = 0; w < scene.animations[a].weight_tracks.size(); ++w)
        weight_track(scene.animations[a].weight_tracks[w],
                     "animations[" + std::to_string(a) + "].weight_tracks[" + std::to_string(w) + "]");
  }

  void weight_track(const WeightTrack& track, const std::string& p) {
    if (track.mesh >= scene.meshes.size())
      return error("SCENE_MESH_OUT_OF_RANGE", p + ".mesh", "mesh " + std::to_string(track.mesh));
    if (track.weights.size() != track.times.size() * scene.meshes[track.mesh].targets.size())
      error("SCENE_ATTRIBUTE_SIZE", p + ".weights", "not one weight per morph target at each key");
    if (!std::is_sorted(track.times.begin(), track.times.end()))
      error("SCENE_KEYS_UNSORTED", p + ".times", "key times decrease");
  }
};

}  // namespace

SceneReport validate_scene(const Scene& scene) {
  Checker c{scene, {}};
  for (std::size_t i = 0; i < scene.meshes.size(); ++i) c.mesh(i);
  c.hierarchy();
  c.materials();
  c.animations();
  for (auto& e : detail::find_non_finite(scene, 64)) c.report.errors.push_back(std::move(e));
  return std::move(c.report);
}

}  // namespace aem
