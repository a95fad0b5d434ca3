#include "core/mesh_remap.hpp"

#include <algorithm>
#include <cstring>

namespace aem {
namespace {

constexpr std::uint32_t kDropped = ~0u;

template <class T>
void remap(std::vector<T>& v, const std::vector<std::uint32_t>& table, std::size_t new_count) {
  if (v.empty()) return;
  std::vector<T> out(new_count);
  for (std::size_t i = std::min(table.size(), v.size()); i-- > 0;)  // backwards: the first vertex of a slot wins
    if (table[i] != kDropped) out[table[i]] = v[i];
  v = std::move(out);
}

}  // namespace

void remap_vertices(Mesh& m, const std::vector<std::uint32_t>& table, std::size_t new_count) {
  remap(m.positions, table, new_count);
  remap(m.normals, table, new_count);
  remap(m.tangents, table, new_count);
  remap(m.bitangents, table, new_count);
  for (auto& set : m.uvs) remap(set, table, new_count);
  for (auto& set : m.colors) remap(set, table, new_count);
  remap(m.skin, table, new_count);
  remap(m.rigid_joints, table, new_count);
  for (auto& f : m.frames) {
    remap(f.positions, table, new_count);
    remap(f.normals, table, new_count);
    remap(f.uvs, table, new_count);
  }
  for (auto& t : m.targets) {
    remap(t.positions, table, new_count);
    remap(t.normals, table, new_count);
  }
  for (auto& c : m.custom) {
    if (c.components <= 0) continue;
    const std::size_t k = static_cast<std::size_t>(c.components);
    std::vector<float> out(new_count * k);
    for (std::size_t i = std::min(table.size(), c.values.size() / k); i-- > 0;)
      if (table[i] != kDropped) std::memcpy(&out[table[i] * k], &c.values[i * k], sizeof(float) * k);
    c.values = std::move(out);
  }
}

std::size_t drop_unused_vertices(Mesh& m) {
  const std::size_t n = m.positions.size();
  std::vector<std::uint32_t> table(n, kDropped);
  auto mark = [&](const std::vector<std::uint32_t>& list) {
    for (std::uint32_t i : list)
      if (i < n) table[i] = 0;
  };
  mark(m.indices);
  for (const auto& lod : m.lod_indices) mark(lod);
  std::uint32_t next = 0;
  for (auto& t : table)
    if (t != kDropped) t = next++;
  if (next == n) return 0;
  remap_vertices(m, table, next);
  auto renumber = [&](std::vector<std::uint32_t>& list) {
    for (auto& i : list)
      if (i < n) i = table[i];
  };
  renumber(m.indices);
  for (auto& lod : m.lod_indices) renumber(lod);
  return n - next;
}

}  // namespace aem
