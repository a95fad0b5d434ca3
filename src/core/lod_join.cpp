#include "core/lod_join.hpp"

#include <algorithm>
#include <limits>

#include "core/mesh_remap.hpp"
#include "core/weld.hpp"

namespace aem {
namespace {

/// Both empty, or both one value per vertex.
template <class T>
bool same_presence(const std::vector<T>& a, std::size_t na, const std::vector<T>& b, std::size_t nb) {
  return a.empty() ? b.empty() : a.size() == na && b.size() == nb;
}

bool same_arrays(const Mesh& a, const Mesh& b) {
  const std::size_t na = a.positions.size(), nb = b.positions.size();
  bool same = same_presence(a.normals, na, b.normals, nb) && same_presence(a.tangents, na, b.tangents, nb) &&
              same_presence(a.bitangents, na, b.bitangents, nb) && same_presence(a.skin, na, b.skin, nb) &&
              same_presence(a.rigid_joints, na, b.rigid_joints, nb) && a.uvs.size() == b.uvs.size() &&
              a.colors.size() == b.colors.size() && a.custom.size() == b.custom.size() &&
              a.frames.size() == b.frames.size() && a.targets.size() == b.targets.size() &&
              a.target_weights == b.target_weights;
  for (std::size_t s = 0; same && s < a.uvs.size(); ++s) same = same_presence(a.uvs[s], na, b.uvs[s], nb);
  for (std::size_t s = 0; same && s < a.colors.size(); ++s) same = same_presence(a.colors[s], na, b.colors[s], nb);
  for (std::size_t c = 0; same && c < a.custom.size(); ++c) {
    const auto width = static_cast<std::size_t>(std::max(a.custom[c].components, 0));
    same = a.custom[c].components == b.custom[c].components && a.custom[c].values.size() == na * width &&
           b.custom[c].values.size() == nb * width;
  }
  for (std::size_t f = 0; same && f < a.frames.size(); ++f) {
    const MorphFrame &fa = a.frames[f], &fb = b.frames[f];
    same = fa.positions.size() == na && fb.positions.size() == nb && same_presence(fa.normals, na, fb.normals, nb) &&
           same_presence(fa.uvs, na, fb.uvs, nb);
  }
  for (std::size_t t = 0; same && t < a.targets.size(); ++t) {
    const MorphTarget &ta = a.targets[t], &tb = b.targets[t];
    same = same_presence(ta.positions, na, tb.positions, nb) && same_presence(ta.normals, na, tb.normals, nb);
  }
  return same;
}

template <class T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

/// `level`'s vertices after `base`'s in every array (same_arrays holds).
void append_vertices(Mesh& base, const Mesh& level) {
  append(base.positions, level.positions);
  append(base.normals, level.normals);
  append(base.tangents, level.tangents);
  append(base.bitangents, level.bitangents);
  append(base.skin, level.skin);
  append(base.rigid_joints, level.rigid_joints);
  for (std::size_t s = 0; s < base.uvs.size(); ++s) append(base.uvs[s], level.uvs[s]);
  for (std::size_t s = 0; s < base.colors.size(); ++s) append(base.colors[s], level.colors[s]);
  for (std::size_t c = 0; c < base.custom.size(); ++c) append(base.custom[c].values, level.custom[c].values);
  for (std::size_t f = 0; f < base.frames.size(); ++f) {
    append(base.frames[f].positions, level.frames[f].positions);
    append(base.frames[f].normals, level.frames[f].normals);
    append(base.frames[f].uvs, level.frames[f].uvs);
  }
  for (std::size_t t = 0; t < base.targets.size(); ++t) {
    append(base.targets[t].positions, level.targets[t].positions);
    append(base.targets[t].normals, level.targets[t].normals);
  }
}

}  // namespace

bool join_level_of_detail(Mesh& base, const Mesh& level, float direction_tolerance) {
  const std::size_t n = base.positions.size(), m = level.positions.size();
  if (!same_arrays(base, level) || n + m > std::numeric_limits<std::uint32_t>::max()) return false;
  if (std::any_of(level.indices.begin(), level.indices.end(), [m](std::uint32_t i) { return i >= m; })) return false;
  append_vertices(base, level);
  const std::vector<std::uint32_t> first = first_equal_vertices(base, direction_tolerance);
  if (first.empty()) {  // same_arrays rules this out; should it happen, base gets its own vertices back
    std::vector<std::uint32_t> own(n + m, ~0u);
    for (std::size_t i = 0; i < n; ++i) own[i] = static_cast<std::uint32_t>(i);
    remap_vertices(base, own, n);
    return false;
  }
  // base keeps its vertices; a level vertex goes to the base vertex it equals, else to a new slot.
  std::vector<std::uint32_t> table(n + m);
  std::uint32_t next = static_cast<std::uint32_t>(n);
  for (std::size_t i = 0; i < n + m; ++i) {
    const std::uint32_t f = first[i];
    table[i] = i < n ? static_cast<std::uint32_t>(i) : f < i ? table[f] : next++;
  }
  remap_vertices(base, table, next);
  std::vector<std::uint32_t> indices;
  indices.reserve(level.indices.size() - level.indices.size() % 3);
  for (std::size_t k = 0; k + 2 < level.indices.size(); k += 3)
    for (std::size_t c = 0; c < 3; ++c) indices.push_back(table[n + level.indices[k + c]]);
  base.lod_indices.push_back(std::move(indices));
  return true;
}

}  // namespace aem
