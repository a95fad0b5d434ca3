#include "core/weld.hpp"

#include <meshoptimizer.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "core/mesh_remap.hpp"

namespace aem {
namespace {

// meshoptimizer compares at most this many streams in one call (asserted in its source).
constexpr std::size_t kMaxStreams = 16;

/// Every per-vertex array of the mesh as a meshoptimizer stream; false when one has another length.
class Streams {
 public:
  explicit Streams(std::size_t vertices) : n_(vertices) {}

  template <class T>
  bool add(const std::vector<T>& v) {
    if (v.empty()) return true;
    if (v.size() != n_) return false;
    list_.push_back({v.data(), sizeof(T), sizeof(T)});
    return true;
  }

  bool add(const CustomAttribute& c) {
    if (c.values.empty()) return true;
    if (c.components < 1 || c.components > 16 || c.values.size() != n_ * static_cast<std::size_t>(c.components)) return false;
    const std::size_t bytes = sizeof(float) * static_cast<std::size_t>(c.components);
    list_.push_back({c.values.data(), bytes, bytes});
    return true;
  }

  const std::vector<meshopt_Stream>& list() const { return list_; }

 private:
  std::size_t n_;
  std::vector<meshopt_Stream> list_;
};

bool collect(const Mesh& m, Streams& s) {
  bool ok = s.add(m.positions) && s.add(m.normals) && s.add(m.tangents) && s.add(m.bitangents) && s.add(m.skin) &&
            s.add(m.rigid_joints);
  for (const auto& set : m.uvs) ok = ok && s.add(set);
  for (const auto& set : m.colors) ok = ok && s.add(set);
  for (const auto& c : m.custom) ok = ok && s.add(c);
  for (const auto& f : m.frames) ok = ok && !f.positions.empty() && s.add(f.positions) && s.add(f.normals) && s.add(f.uvs);
  return ok;
}

bool indices_in_range(const Mesh& m) {
  const std::size_t n = m.positions.size();
  auto below = [n](const std::vector<std::uint32_t>& list) {
    for (std::uint32_t i : list)
      if (i >= n) return false;
    return true;
  };
  if (!below(m.indices)) return false;
  for (const auto& lod : m.lod_indices)
    if (!below(lod)) return false;
  return true;
}

/// Vertex i -> its class, classes numbered in order of first appearance, one class per distinct
/// vertex. More streams than one call compares are taken in turns, each turn comparing the classes
/// so far beside the next streams, so vertices share a class only when every stream is equal.
std::vector<std::uint32_t> classes(const std::vector<meshopt_Stream>& streams, std::size_t n, std::size_t& distinct) {
  // Every vertex once, in order, padded to whole triangles (meshoptimizer takes triangle lists).
  std::vector<std::uint32_t> order((n + 2) / 3 * 3, static_cast<std::uint32_t>(n - 1));
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::vector<std::uint32_t> table(n), previous(n);
  std::size_t next = 0;
  distinct = n;
  for (bool first = true; next < streams.size(); first = false) {
    std::vector<meshopt_Stream> turn;
    if (!first) turn.push_back({previous.data(), sizeof(std::uint32_t), sizeof(std::uint32_t)});
    while (next < streams.size() && turn.size() < kMaxStreams) turn.push_back(streams[next++]);
    distinct = meshopt_generateVertexRemapMulti(table.data(), order.data(), order.size(), n, turn.data(), turn.size());
    previous.swap(table);
  }
  return previous;
}

}  // namespace

std::size_t weld_vertices(Mesh& m) {
  const std::size_t n = m.positions.size();
  if (n < 2 || n > std::numeric_limits<std::uint32_t>::max() || !indices_in_range(m)) return 0;
  Streams streams(n);
  if (!collect(m, streams)) return 0;
  std::size_t distinct = n;
  const std::vector<std::uint32_t> table = classes(streams.list(), n, distinct);
  if (distinct == n) return 0;
  remap_vertices(m, table, distinct);
  auto renumber = [&table](std::vector<std::uint32_t>& list) {
    for (auto& i : list) i = table[i];
  };
  renumber(m.indices);
  for (auto& lod : m.lod_indices) renumber(lod);
  return n - distinct;
}

}  // namespace aem
