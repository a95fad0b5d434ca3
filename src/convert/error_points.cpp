// error_points (see error_points.hpp).
#include "convert/error_points.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>
#include <span>

#include "aem/animation.hpp"

namespace aem::convert {
namespace {

/// One vertex's influences in a canonical order: the rigid joint first, then skin joints ascending
/// (a joint listed twice counts once with the weights summed, which blends the same). Fixed arrays:
/// this runs once per vertex.
struct Influences {
  std::array<std::int32_t, 1 + kMaxInfluences> key;  // rigid (or -1), then the skin joints
  std::array<float, kMaxInfluences> weights;         // per skin joint, then zeros
  std::size_t skin = 0;                              // skin joints in key and weights

  std::span<const std::int32_t> joints() const { return {key.data(), 1 + skin}; }
  bool same_joints(const Influences& other) const {
    if (skin != other.skin) return false;
    for (std::size_t i = 0; i <= skin; ++i)  // a loop, not memcmp: the lists are short
      if (key[i] != other.key[i]) return false;
    return true;
  }
};

bool influences_of(const Mesh& mesh, std::size_t v, std::int32_t node_joint, std::size_t joint_count, Influences& out) {
  out.key[0] = -1;
  out.skin = 0;
  out.weights.fill(0.0f);
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
      std::size_t at = 0;
      while (at < out.skin && out.key[1 + at] != j) ++at;
      if (at == out.skin) {
        out.key[1 + out.skin] = j;
        out.weights[out.skin++] = w;
      } else {
        out.weights[at] += w;
      }
    }
  }
  // Weights scaled to sum to 1, as renderers and AEM's writer use them.
  float sum = 0.0f;
  for (std::size_t i = 0; i < out.skin; ++i) sum += out.weights[i];
  if (sum > 0.0f && std::isfinite(sum))  // all eight: the divisions go four at a time, the zeros stay zero
    for (float& w : out.weights) w /= sum;
  // Ascending joints, weights alongside (insertion sort: at most eight).
  for (std::size_t i = 2; i <= out.skin; ++i)
    for (std::size_t k = i; k > 1 && out.key[k - 1] > out.key[k]; --k) {
      std::swap(out.key[k - 1], out.key[k]);
      std::swap(out.weights[k - 2], out.weights[k - 1]);
    }
  return out.key[0] >= 0 || out.skin > 0;
}

/// Whether vertex v (> 0) has the same skin and rigid joint as the vertex before it, bit for bit, and
/// so the same influences: meshes often list runs of vertices bound alike. Compared as bytes, which
/// the compiler does in a few vector compares.
bool same_as_previous(const Mesh& mesh, std::size_t v) {
  static_assert(sizeof(SkinInfluences) == kMaxInfluences * (sizeof(std::int32_t) + sizeof(float)), "no padding");
  const auto same = [v](const auto& per_vertex) {
    if (v >= per_vertex.size()) return v - 1 >= per_vertex.size();
    return std::memcmp(&per_vertex[v], &per_vertex[v - 1], sizeof per_vertex[v]) == 0;
  };
  return same(mesh.skin) && same(mesh.rigid_joints);
}

float largest_column(const Mat4& m) {
  float s = 0.0f;
  for (int c = 0; c < 3; ++c) s = std::max(s, length(Vec3{m.m[4 * c], m.m[4 * c + 1], m.m[4 * c + 2]}));
  return s;
}

Vec3 origin_of(const Mat4& m) { return {m.m[12], m.m[13], m.m[14]}; }

/// The largest of 0 and the squares square(0) ... square(n - 1), NaNs passed over as std::max does.
/// Four running maxima, as the order of a maximum of squares (never -0) does not matter, so that each
/// does not wait on the one before.
template <class Square>
float largest_square(std::size_t n, Square square) {
  float m[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  const std::size_t whole = n - n % 4;
  for (std::size_t i = 0; i < whole; i += 4)
    for (std::size_t l = 0; l < 4; ++l) m[l] = std::max(m[l], square(i + l));
  for (std::size_t i = whole; i < n; ++i) m[0] = std::max(m[0], square(i));
  return std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
}

float longest_squared(const std::vector<Key<Vec3>>& keys) {
  return largest_square(keys.size(), [&](std::size_t i) { return dot(keys[i].value, keys[i].value); });
}

/// Sets the group's box, sphere and weight bounds from its points, already in `points` (its
/// positions from group.first, its weights from `weights`).
void bound_group(const ErrorPoints& points, PointGroup& group, const float* weights) {
  const std::span<const Vec3> positions(points.positions.data() + group.first, group.count);
  // Bounds::add's box, with its test for the first point taken out of the loop.
  Vec3 low{1, 1, 1}, high{-1, -1, -1};
  if (!positions.empty()) low = high = positions[0];
  for (const Vec3& q : positions) {
    low = {std::min(low.x, q.x), std::min(low.y, q.y), std::min(low.z, q.z)};
    high = {std::max(high.x, q.x), std::max(high.y, q.y), std::max(high.z, q.z)};
  }
  group.center = (low + high) * 0.5f;
  group.half_size = (high - low) * 0.5f;
  // Squares are compared and one root taken: the square root keeps their order.
  group.radius = std::sqrt(largest_square(positions.size(), [&](std::size_t i) {
    const Vec3 d = positions[i] - group.center;
    return dot(d, d);
  }));
  const std::size_t slots = group.joint_space ? 0 : group.joints.size();
  group.max_weight.assign(group.joints.size(), 1.0f);
  if (slots == 0) return;
  std::fill(group.max_weight.begin(), group.max_weight.end(), 0.0f);
  group.weight_sum = 0.0f;
  for (std::size_t i = 0; i < group.count; ++i, weights += slots) {
    float sum = 0.0f;
    for (std::size_t s = 0; s < slots; ++s) {
      group.max_weight[s] = std::max(group.max_weight[s], std::fabs(weights[s]));
      sum += std::fabs(weights[s]);
    }
    group.weight_sum = std::max(group.weight_sum, sum);
  }
}

/// Appends a group of virtual points (no weights) to `points`.
void add_virtual_group(ErrorPoints& points, PointGroup group, const std::vector<Vec3>& positions) {
  group.first = static_cast<std::uint32_t>(points.positions.size());
  group.count = static_cast<std::uint32_t>(positions.size());
  points.positions.insert(points.positions.end(), positions.begin(), positions.end());
  points.weight_offset.push_back(static_cast<std::uint32_t>(points.weights.size()));
  bound_group(points, group, points.weights.data() + points.weights.size());
  points.groups.push_back(std::move(group));
}

/// A mesh as a node places it.
struct Instance {
  const Mesh* mesh;
  Mat4 world;
  std::int32_t joint;
};

std::vector<Instance> instances_of(const Scene& scene) {
  std::vector<Instance> instances;
  if (scene.nodes.empty()) {
    for (const Mesh& m : scene.meshes) instances.push_back({&m, Mat4{}, -1});
  } else {
    const auto world = node_world_matrices(scene);
    for (std::size_t n = 0; n < scene.nodes.size(); ++n)
      for (std::uint32_t mi : scene.nodes[n].meshes)
        if (mi < scene.meshes.size()) instances.push_back({&scene.meshes[mi], world[n], scene.nodes[n].joint});
  }
  return instances;
}

/// Vertices in a row of one mesh instance with the same influences.
struct Run {
  std::uint32_t instance, first, count, group;
  std::uint32_t weights;  ///< where the run's weights (its group's slots) start in the gathered weights
};

/// Joint lists numbered as they are first seen, found again by their hash in an open-addressed table
/// (a mesh has a few hundred lists at most, looked up at every change of joints between neighbours).
class JointListIds {
 public:
  /// The number of `joints`, and whether it was new (numbered size() - 1).
  std::pair<std::uint32_t, bool> find_or_add(std::span<const std::int32_t> joints) {
    std::uint64_t h = joints.size();
    for (std::int32_t j : joints) h = h * 0x9E3779B97F4A7C15ull + static_cast<std::uint32_t>(j);
    if (2 * (start_.size() + 1) > slots_.size()) grow();
    for (std::size_t at = (h ^ (h >> 32)) & (slots_.size() - 1);; at = (at + 1) & (slots_.size() - 1)) {
      const std::uint32_t id = slots_[at];
      if (id == 0) {
        slots_[at] = static_cast<std::uint32_t>(start_.size() + 1);
        hashes_.push_back(h);
        start_.push_back(static_cast<std::uint32_t>(flat_.size()));
        flat_.insert(flat_.end(), joints.begin(), joints.end());
        return {static_cast<std::uint32_t>(start_.size() - 1), true};
      }
      if (hashes_[id - 1] == h && std::ranges::equal(list(id - 1), joints)) return {id - 1, false};
    }
  }
  std::span<const std::int32_t> list(std::uint32_t id) const {
    const std::size_t end = id + 1 < start_.size() ? start_[id + 1] : flat_.size();
    return {flat_.data() + start_[id], end - start_[id]};
  }

 private:
  void grow() {
    slots_.assign(std::max<std::size_t>(64, slots_.size() * 2), 0);
    for (std::uint32_t id = 0; id < start_.size(); ++id) {
      const std::uint64_t h = hashes_[id];
      std::size_t at = (h ^ (h >> 32)) & (slots_.size() - 1);
      while (slots_[at] != 0) at = (at + 1) & (slots_.size() - 1);
      slots_[at] = id + 1;
    }
  }
  std::vector<std::int32_t> flat_;     // the lists, one after another
  std::vector<std::uint32_t> start_;   // per number: where its list starts in flat_
  std::vector<std::uint64_t> hashes_;  // per number
  std::vector<std::uint32_t> slots_;   // number + 1, or 0 for an empty slot; a power of two
};

/// The vertices some joint moves, read once into runs of vertices bound alike, and their groups,
/// numbered as they are found.
struct Gathered {
  JointListIds ids;
  std::vector<std::uint32_t> slots, count;  // per group number: skin joints, points
  std::vector<Run> runs;
  std::vector<float> run_weights;
};

Gathered gather(const std::vector<Instance>& instances, std::size_t joint_count) {
  Gathered out;
  Influences inf, last;
  std::uint32_t last_id = 0;
  bool any = false;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const Mesh& mesh = *instances[i].mesh;
    bool moved = false;
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      if (v > 0 && same_as_previous(mesh, v)) {
        if (moved) {
          ++out.runs.back().count;
          ++out.count[last_id];
        }
        continue;
      }
      moved = influences_of(mesh, v, instances[i].joint, joint_count, inf);
      if (!moved) continue;
      if (!any || !inf.same_joints(last)) {  // neighbouring vertices mostly share their joints
        const auto [id, added] = out.ids.find_or_add(inf.joints());
        if (added) {
          out.slots.push_back(static_cast<std::uint32_t>(inf.skin));
          out.count.push_back(0);
        }
        last_id = id;
        last = inf;
        any = true;
      }
      out.runs.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(v), 1, last_id,
                          static_cast<std::uint32_t>(out.run_weights.size())});
      out.run_weights.insert(out.run_weights.end(), inf.weights.begin(), inf.weights.begin() + inf.skin);
      ++out.count[last_id];
    }
  }
  return out;
}

/// Every skinned or joint-following vertex, grouped by its influences: groups in the order of their
/// joint lists, each one's points in vertex order. The points are placed straight where their group's
/// go, so that no list grows and is copied again.
void add_vertices(const Scene& scene, ErrorPoints& points) {
  const std::vector<Instance> instances = instances_of(scene);
  const Gathered gathered = gather(instances, scene.joints.size());
  const JointListIds& ids = gathered.ids;
  const auto& slots = gathered.slots;
  const auto& count = gathered.count;

  // Where each group's points and weights start, in the order of the joint lists.
  std::vector<std::uint32_t> order(count.size());
  std::iota(order.begin(), order.end(), 0u);
  std::ranges::sort(order, [&](std::uint32_t a, std::uint32_t b) {
    return std::ranges::lexicographical_compare(ids.list(a), ids.list(b));
  });
  std::vector<std::uint32_t> next_point(count.size()), next_weight(count.size());
  std::uint32_t point_at = static_cast<std::uint32_t>(points.positions.size());
  std::uint32_t weight_at = static_cast<std::uint32_t>(points.weights.size());
  for (const std::uint32_t id : order) {
    next_point[id] = point_at;
    next_weight[id] = weight_at;
    point_at += count[id];
    weight_at += count[id] * slots[id];
  }
  const std::vector<std::uint32_t> first_point = next_point, first_weight = next_weight;
  points.positions.resize(point_at);
  points.weights.resize(weight_at);
  std::vector<std::uint8_t> moves(instances.size());  // per instance, not per run: runs are often one vertex
  for (std::size_t i = 0; i < instances.size(); ++i) moves[i] = !(instances[i].world == Mat4{});
  for (const Run& run : gathered.runs) {
    const Instance& in = instances[run.instance];
    const std::uint32_t k = slots[run.group];
    const Vec3* from = in.mesh->positions.data() + run.first;
    Vec3* to = points.positions.data() + next_point[run.group];
    float* to_weights = points.weights.data() + next_weight[run.group];
    next_point[run.group] += run.count;
    next_weight[run.group] += run.count * k;
    for (std::uint32_t v = 0; v < run.count; ++v, to_weights += k) {
      to[v] = moves[run.instance] ? transform_point(in.world, from[v]) : from[v];
      std::copy_n(gathered.run_weights.data() + run.weights, k, to_weights);
    }
  }

  for (const std::uint32_t id : order) {
    const std::span<const std::int32_t> key = ids.list(id);
    PointGroup g;
    g.rigid = key[0];
    for (std::size_t i = 1; i < key.size(); ++i) g.joints.push_back(static_cast<std::uint32_t>(key[i]));
    g.first = first_point[id];
    g.count = count[id];
    points.weight_offset.push_back(first_weight[id]);
    bound_group(points, g, points.weights.data() + first_weight[id]);
    points.groups.push_back(std::move(g));
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
    std::vector<Vec3> positions{{}};
    if (r > 0.0f)
      for (const Vec3& axis : {Vec3{r, 0, 0}, Vec3{0, r, 0}, Vec3{0, 0, r}}) {
        positions.push_back(axis);
        positions.push_back(axis * -1.0f);
      }
    PointGroup g;
    g.joints = {j};
    g.joint_space = true;
    add_virtual_group(points, std::move(g), positions);
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
