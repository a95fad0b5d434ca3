// Scene-wide queries: counts, bounds, node world matrices.
#include <algorithm>

#include "aem/scene.hpp"

namespace aem {

std::size_t Scene::vertex_count() const {
  std::size_t n = 0;
  for (const auto& m : meshes) n += m.vertex_count();
  return n;
}

std::size_t Scene::triangle_count() const {
  std::size_t n = 0;
  for (const auto& m : meshes) n += m.triangle_count();
  return n;
}

void Bounds::add(const Vec3& p) {
  if (empty()) {
    min = max = p;
    return;
  }
  min = {std::min(min.x, p.x), std::min(min.y, p.y), std::min(min.z, p.z)};
  max = {std::max(max.x, p.x), std::max(max.y, p.y), std::max(max.z, p.z)};
}

Bounds compute_bounds(const Scene& scene) {
  Bounds b;
  for (const auto& m : scene.meshes)
    for (const auto& p : m.positions) b.add(p);
  return b;
}

namespace {

/// World matrix of every item of a parent-linked tree (nodes or joints): parents first, a cycle cut
/// where it closes.
template <class T>
std::vector<Mat4> tree_world_matrices(const std::vector<T>& items, Transform T::*local_of) {
  const std::size_t n = items.size();
  std::vector<Mat4> world(n);
  std::vector<std::uint8_t> state(n, 0);  // 0 = todo, 1 = in progress, 2 = done
  std::vector<std::size_t> chain;
  for (std::size_t i = 0; i < n; ++i) {
    // Walk up to the first finished (or missing) ancestor, then resolve downwards.
    chain.clear();
    std::size_t cur = i;
    while (cur < n && state[cur] == 0) {
      state[cur] = 1;
      chain.push_back(cur);
      auto p = items[cur].parent;
      cur = (p >= 0 && static_cast<std::size_t>(p) < n && state[p] != 1) ? static_cast<std::size_t>(p) : n;
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      Mat4 local = compose(items[*it].*local_of);
      auto p = items[*it].parent;
      bool has_parent = p >= 0 && static_cast<std::size_t>(p) < n && state[p] == 2;
      world[*it] = has_parent ? world[p] * local : local;
      state[*it] = 2;
    }
  }
  return world;
}

}  // namespace

std::vector<Mat4> node_world_matrices(const Scene& scene) { return tree_world_matrices(scene.nodes, &Node::local); }

std::vector<Mat4> joint_rest_matrices(const Scene& scene) { return tree_world_matrices(scene.joints, &Joint::rest); }

std::int32_t texture_by_name(Scene& s, const std::string& name) {
  if (name.empty()) return -1;
  for (std::size_t i = 0; i < s.textures.size(); ++i)
    if (s.textures[i].name == name) return static_cast<std::int32_t>(i);
  s.textures.push_back({name, {}, {}});
  return static_cast<std::int32_t>(s.textures.size() - 1);
}

}  // namespace aem
