// error_points (see error_points.hpp).
#include "convert/error_points.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "aem/animation.hpp"

namespace aem::convert {
namespace {

/// A group while its points are collected.
struct Pending {
  std::vector<Vec3> positions;
  std::vector<float> weights;
};

/// One vertex's influences in a canonical order: the rigid joint first, then skin joints ascending
/// (a joint listed twice counts once with the weights summed, which blends the same).
struct Influences {
  std::vector<std::int32_t> key;  // rigid (or -1), then the skin joints
  std::vector<float> weights;     // per skin joint
};

bool influences_of(const Mesh& mesh, std::size_t v, std::int32_t node_joint, std::size_t joint_count, Influences& out) {
  out.key.assign(1, -1);
  out.weights.clear();
  const auto in_range = [&](std::int32_t j) { return j >= 0 && static_cast<std::size_t>(j) < joint_count; };
  // flatten_nodes' rule: a node's joint moves the meshes it places that have neither skin nor rigid joints.
  if (v < mesh.rigid_joints.size() && in_range(mesh.rigid_joints[v]))
    out.key[0] = mesh.rigid_joints[v];
  else if (mesh.rigid_joints.empty() && mesh.skin.empty() && in_range(node_joint))
    out.key[0] = node_joint;
  if (v < mesh.skin.size()) {
    const SkinInfluences& s = mesh.skin[v];
    for (int k = 0; k < kMaxInfluences; ++k) {
      const std::int32_t j = s.joints[k];
      const float w = s.weights[k];
      if (!in_range(j) || w == 0.0f || !std::isfinite(w)) continue;
      const auto at = std::find(out.key.begin() + 1, out.key.end(), j);
      if (at == out.key.end()) {
        out.key.push_back(j);
        out.weights.push_back(w);
      } else {
        out.weights[at - out.key.begin() - 1] += w;
      }
    }
  }
  // Weights scaled to sum to 1, as renderers and AEM's writer use them.
  float sum = 0.0f;
  for (float w : out.weights) sum += w;
  if (sum > 0.0f && std::isfinite(sum))
    for (float& w : out.weights) w /= sum;
  // Ascending joints, weights alongside (insertion sort: at most eight).
  for (std::size_t i = 2; i < out.key.size(); ++i)
    for (std::size_t k = i; k > 1 && out.key[k - 1] > out.key[k]; --k) {
      std::swap(out.key[k - 1], out.key[k]);
      std::swap(out.weights[k - 2], out.weights[k - 1]);
    }
  return out.key[0] >= 0 || out.key.size() > 1;
}

float largest_column(const Mat4& m) {
  float s = 0.0f;
  for (int c = 0; c < 3; ++c) s = std::max(s, length(Vec3{m.m[4 * c], m.m[4 * c + 1], m.m[4 * c + 2]}));
  return s;
}

Vec3 origin_of(const Mat4& m) { return {m.m[12], m.m[13], m.m[14]}; }

/// The largest squared length of the keys' values (0 for none), NaNs passed over as std::max does.
/// Four running maxima, as the order of a maximum does not matter, so that each does not wait on
/// the one before.
float longest_squared(const std::vector<Key<Vec3>>& keys) {
  float m[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  const std::size_t n = keys.size(), whole = n - n % 4;
  for (std::size_t i = 0; i < whole; i += 4)
    for (std::size_t l = 0; l < 4; ++l) m[l] = std::max(m[l], dot(keys[i + l].value, keys[i + l].value));
  for (std::size_t i = whole; i < n; ++i) m[0] = std::max(m[0], dot(keys[i].value, keys[i].value));
  return std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
}

void add_group(ErrorPoints& points, PointGroup group, const Pending& p) {
  group.first = static_cast<std::uint32_t>(points.positions.size());
  group.count = static_cast<std::uint32_t>(p.positions.size());
  Bounds box;
  for (const auto& q : p.positions) box.add(q);
  group.center = (box.min + box.max) * 0.5f;
  group.half_size = (box.max - box.min) * 0.5f;
  for (const auto& q : p.positions) group.radius = std::max(group.radius, length(q - group.center));
  const std::size_t slots = group.joint_space ? 0 : group.joints.size();
  group.max_weight.assign(group.joints.size(), 1.0f);
  for (std::size_t s = 0; s < slots; ++s) {
    float m = 0.0f;
    for (std::size_t i = s; i < p.weights.size(); i += slots) m = std::max(m, std::fabs(p.weights[i]));
    group.max_weight[s] = m;
  }
  if (slots > 0) {
    group.weight_sum = 0.0f;
    for (std::size_t i = 0; i < p.weights.size(); i += slots) {
      float sum = 0.0f;
      for (std::size_t s = 0; s < slots; ++s) sum += std::fabs(p.weights[i + s]);
      group.weight_sum = std::max(group.weight_sum, sum);
    }
  }
  points.weight_offset.push_back(static_cast<std::uint32_t>(points.weights.size()));
  points.positions.insert(points.positions.end(), p.positions.begin(), p.positions.end());
  points.weights.insert(points.weights.end(), p.weights.begin(), p.weights.end());
  points.groups.push_back(std::move(group));
}

/// Every skinned or joint-following vertex, grouped by its influences.
void add_vertices(const Scene& scene, ErrorPoints& points) {
  struct Instance {
    const Mesh* mesh;
    Mat4 world;
    std::int32_t joint;
  };
  std::vector<Instance> instances;
  if (scene.nodes.empty()) {
    for (const Mesh& m : scene.meshes) instances.push_back({&m, Mat4{}, -1});
  } else {
    const auto world = node_world_matrices(scene);
    for (std::size_t n = 0; n < scene.nodes.size(); ++n)
      for (std::uint32_t mi : scene.nodes[n].meshes)
        if (mi < scene.meshes.size()) instances.push_back({&scene.meshes[mi], world[n], scene.nodes[n].joint});
  }
  std::map<std::vector<std::int32_t>, Pending> pending;
  Influences inf;
  Pending* last = nullptr;
  std::vector<std::int32_t> last_key;
  for (const Instance& in : instances) {
    const bool moves = !(in.world == Mat4{});
    for (std::size_t v = 0; v < in.mesh->positions.size(); ++v) {
      if (!influences_of(*in.mesh, v, in.joint, scene.joints.size(), inf)) continue;
      if (!last || inf.key != last_key) {  // neighbouring vertices mostly share their joints
        last = &pending[inf.key];
        last_key = inf.key;
      }
      const Vec3 p = in.mesh->positions[v];
      last->positions.push_back(moves ? transform_point(in.world, p) : p);
      last->weights.insert(last->weights.end(), inf.weights.begin(), inf.weights.end());
    }
  }
  for (const auto& [key, p] : pending) {
    PointGroup g;
    g.rigid = key[0];
    for (std::size_t i = 1; i < key.size(); ++i) g.joints.push_back(static_cast<std::uint32_t>(key[i]));
    add_group(points, std::move(g), p);
  }
}

}  // namespace

ErrorPoints error_points(const Scene& scene) {
  ErrorPoints points;
  const std::size_t nj = scene.joints.size();
  add_vertices(scene, points);

  const std::vector<Mat4> rest = joint_rest_matrices(scene);
  std::vector<std::int32_t> parents(nj);
  for (std::size_t j = 0; j < nj; ++j) {
    const std::int32_t p = scene.joints[j].parent;
    parents[j] = p >= 0 && static_cast<std::size_t>(p) < nj ? p : -1;
  }
  const std::vector<std::uint32_t> order = parents_first_order(parents);

  // How far each joint's own points reach from its bind origin.
  std::vector<float> own(nj, 0.0f);
  std::vector<std::uint8_t> moves_points(nj, 0);
  std::vector<Vec3> origin(nj);
  for (std::size_t j = 0; j < nj; ++j) {
    const Mat4 bind = inverse(scene.joints[j].inverse_bind);
    origin[j] = is_finite(bind) ? origin_of(bind) : origin_of(rest[j]);
  }
  for (const PointGroup& g : points.groups) {
    auto reach_of = [&](std::uint32_t j) {
      own[j] = std::max(own[j], length(g.center - origin[j]) + g.radius);
      moves_points[j] = 1;
    };
    for (std::uint32_t j : g.joints) reach_of(j);
    if (g.rigid >= 0) reach_of(static_cast<std::uint32_t>(g.rigid));
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it)  // children before parents
    if (moves_points[*it] && parents[*it] >= 0) moves_points[parents[*it]] = 1;

  // The longest translation each joint takes, at rest or in any key: the bone to it from its parent.
  // Squares are compared and one root taken per joint: the square root keeps their order, and the
  // keys are too many (a capture's millions) for a root each.
  std::vector<float> bone(nj, 0.0f);
  for (std::size_t j = 0; j < nj; ++j) {
    const Vec3& rest_bone = scene.joints[j].rest.translation;
    bone[j] = dot(rest_bone, rest_bone);
  }
  for (const Animation& a : scene.animations)
    for (const Channel& ch : a.channels)
      if (ch.joint < nj) bone[ch.joint] = std::max(bone[ch.joint], longest_squared(ch.translation));
  for (float& b : bone) b = std::sqrt(b);
  std::vector<float> longest_child(nj, 0.0f);
  std::vector<std::uint8_t> has_child(nj, 0);
  for (std::size_t j = 0; j < nj; ++j)
    if (parents[j] >= 0) {
      longest_child[parents[j]] = std::max(longest_child[parents[j]], length(scene.joints[j].rest.translation));
      has_child[parents[j]] = 1;
    }

  // Virtual points for joints that move nothing: the origin and the ends of three bone-long axes.
  for (std::uint32_t j : order) {
    if (moves_points[j]) continue;
    const float r = has_child[j] ? longest_child[j] : bone[j];
    Pending p;
    p.positions.push_back({});
    if (r > 0.0f)
      for (const Vec3& axis : {Vec3{r, 0, 0}, Vec3{0, r, 0}, Vec3{0, 0, r}}) {
        p.positions.push_back(axis);
        p.positions.push_back(axis * -1.0f);
      }
    PointGroup g;
    g.joints = {j};
    g.joint_space = true;
    add_group(points, std::move(g), p);
    own[j] = r * largest_column(rest[j]);
  }

  // Reach: a joint's own points, or a child's reach plus the child's longest bone, in model units.
  points.reach = own;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const std::uint32_t j = *it;
    const std::int32_t p = parents[j];
    if (p >= 0) points.reach[p] = std::max(points.reach[p], points.reach[j] + bone[j] * largest_column(rest[p]));
  }
  return points;
}

}  // namespace aem::convert
