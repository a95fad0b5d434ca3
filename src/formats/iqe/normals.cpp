#include "formats/iqe/normals.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace aem::formats::iqe {
namespace {

struct PositionKey {
  std::uint32_t bits[3];
  bool operator==(const PositionKey& o) const { return std::memcmp(bits, o.bits, sizeof bits) == 0; }
};

struct PositionHash {
  std::size_t operator()(const PositionKey& k) const { return (k.bits[0] * 73856093u) ^ (k.bits[1] * 19349663u) ^ (k.bits[2] * 83492791u); }
};

PositionKey key(const Vec3& p) {
  PositionKey k;
  std::memcpy(k.bits, &p, sizeof k.bits);
  return k;
}

}  // namespace

std::vector<Vec3> generate_normals(const Document& doc) {
  const std::size_t n = doc.positions.size();
  std::vector<Vec3> face(doc.triangles.size());
  std::vector<std::vector<std::uint32_t>> triangles_of(n);
  for (std::size_t t = 0; t < doc.triangles.size(); ++t) {
    const auto& v = doc.triangles[t].v;
    const Vec3 a = doc.positions[v[0]], b = doc.positions[v[1]], c = doc.positions[v[2]];
    face[t] = cross(c - a, b - a);  // clockwise front faces; length = twice the area (area weighting)
    for (auto i : v) triangles_of[i].push_back(static_cast<std::uint32_t>(t));
  }
  std::unordered_map<PositionKey, std::vector<std::uint32_t>, PositionHash> same_position;
  for (std::uint32_t i = 0; i < n; ++i) same_position[key(doc.positions[i])].push_back(i);

  auto compatible = [&](std::uint32_t v, const Triangle& t, std::uint32_t v2, const Triangle& t2, std::size_t ti, std::size_t ti2) {
    if (ti == ti2) return true;
    if (t.edge_flags == 0 || t2.edge_flags == 0) return false;
    if (t.smooth_group != t2.smooth_group) return false;
    if ((t.smooth_uv || t2.smooth_uv) && !doc.uvs.empty() && !(doc.uvs[v] == doc.uvs[v2])) return false;
    if (!doc.smoothing_index.empty() && doc.smoothing_index[v] != doc.smoothing_index[v2]) return false;
    const float limit = std::max(t.smooth_cos, t2.smooth_cos);
    if (limit > -1.0f) {
      const Vec3 a = normalize(face[ti]), b = normalize(face[ti2]);
      if (dot(a, b) < limit - 1e-6f) return false;
    }
    return true;
  };

  std::vector<Vec3> normals(n);
  std::vector<std::uint32_t> seen;
  for (std::uint32_t v = 0; v < n; ++v) {
    Vec3 sum{};
    seen.clear();
    const auto& twins = same_position[key(doc.positions[v])];
    for (std::uint32_t ti : triangles_of[v])
      for (std::uint32_t v2 : twins)
        for (std::uint32_t ti2 : triangles_of[v2]) {
          if (std::find(seen.begin(), seen.end(), ti2) != seen.end()) continue;
          if (!compatible(v, doc.triangles[ti], v2, doc.triangles[ti2], ti, ti2)) continue;
          seen.push_back(ti2);
          sum = sum + face[ti2];
        }
    normals[v] = normalize(sum);
  }
  return normals;
}

}  // namespace aem::formats::iqe
