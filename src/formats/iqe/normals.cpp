#include "formats/iqe/normals.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

#include "core/position_key.hpp"

namespace aem::formats::iqe {
namespace {

constexpr std::size_t kMaxPairwiseCorners = 64;

class UnionFind {
 public:
  explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) { parent_[find(a)] = find(b); }

 private:
  std::vector<std::uint32_t> parent_;
};

// Appends a copy of vertex v to every per-vertex array of the document; returns the new index.
std::uint32_t clone_vertex(Document& doc, std::uint32_t v) {
  auto copy = [v](auto& array) {
    if (!array.empty()) array.push_back(array[v]);
  };
  copy(doc.positions), copy(doc.uvs), copy(doc.tangents), copy(doc.bitangents), copy(doc.influences), copy(doc.colors),
      copy(doc.smoothing_index);
  for (auto& c : doc.custom) copy(c);
  return static_cast<std::uint32_t>(doc.positions.size() - 1);
}

// Each triangle's smoothing state, from the document's runs.
std::vector<Smoothing> per_triangle(const Document& doc) {
  std::vector<Smoothing> out(doc.triangle_count());
  for (std::size_t r = 0; r < doc.smoothing.size(); ++r) {
    const std::size_t end = r + 1 < doc.smoothing.size() ? doc.smoothing[r + 1].first : out.size();
    std::fill(out.begin() + std::min<std::size_t>(doc.smoothing[r].first, out.size()),
              out.begin() + std::min(end, out.size()), doc.smoothing[r].state);
  }
  return out;
}

}  // namespace

std::vector<Vec3> generate_normals(Document& doc) {
  const std::size_t corners = doc.corners.size();
  std::vector<Vec3> face(doc.triangle_count());
  for (std::size_t t = 0; t < face.size(); ++t) {
    const std::uint32_t* v = &doc.corners[3 * t];
    const Vec3 a = doc.positions[v[0]], b = doc.positions[v[1]], c = doc.positions[v[2]];
    face[t] = cross(c - a, b - a);  // clockwise front faces; length = twice the area (area weighting)
  }
  const std::vector<Smoothing> smoothing = per_triangle(doc);
  auto vertex_of = [&](std::size_t c) { return doc.corners[c]; };
  auto compatible = [&](std::size_t c1, std::size_t c2) {
    const Smoothing &t1 = smoothing[c1 / 3], &t2 = smoothing[c2 / 3];
    if (c1 / 3 == c2 / 3) return true;
    if (t1.edge_flags == 0 || t2.edge_flags == 0 || t1.group != t2.group) return false;
    const std::uint32_t v1 = vertex_of(c1), v2 = vertex_of(c2);
    if ((t1.uv || t2.uv) && !doc.uvs.empty() && !(doc.uvs[v1] == doc.uvs[v2])) return false;
    if (!doc.smoothing_index.empty() && doc.smoothing_index[v1] != doc.smoothing_index[v2]) return false;
    const float limit = std::max(t1.cos, t2.cos);
    return limit <= -1.0f || dot(normalize(face[c1 / 3]), normalize(face[c2 / 3])) >= limit - 1e-6f;
  };

  std::unordered_map<PositionKey, std::vector<std::uint32_t>, PositionHash> at_position;
  for (std::size_t c = 0; c < corners; ++c)
    at_position[PositionKey(doc.positions[vertex_of(c)])].push_back(static_cast<std::uint32_t>(c));
  UnionFind sets(corners);
  for (const auto& [position, group] : at_position) {
    if (group.size() <= kMaxPairwiseCorners) {
      for (std::size_t i = 0; i < group.size(); ++i)
        for (std::size_t j = i + 1; j < group.size(); ++j)
          if (compatible(group[i], group[j])) sets.unite(group[i], group[j]);
      continue;
    }
    // Many corners at one position: merge by the key tests only, in one pass per bucket.
    std::unordered_map<std::string, std::uint32_t> bucket;
    for (std::uint32_t c : group) {
      const Smoothing& t = smoothing[c / 3];
      const std::uint32_t v = vertex_of(c);
      std::string k =
          std::to_string(t.group) + ":" + (t.edge_flags == 0 ? std::to_string(c / 3) : "") + ":" +
          (doc.smoothing_index.empty() ? "" : std::to_string(doc.smoothing_index[v])) + ":" +
          (t.uv && !doc.uvs.empty() ? std::to_string(doc.uvs[v].x) + "," + std::to_string(doc.uvs[v].y) : "");
      auto [it, added] = bucket.emplace(std::move(k), c);
      if (!added) sets.unite(c, it->second);
    }
  }
  // Sum each set's triangles once (a triangle has one corner per position unless degenerate).
  std::vector<Vec3> set_normal(corners);
  for (std::size_t c = 0; c < corners; ++c) {
    Vec3& sum = set_normal[sets.find(static_cast<std::uint32_t>(c))];
    sum = sum + face[c / 3];
  }

  const std::size_t original = doc.positions.size();
  std::vector<Vec3> normals(original);
  std::vector<std::uint8_t> assigned(original, 0);
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> clones;  // original vertex -> its clones
  for (std::size_t c = 0; c < corners; ++c) {
    const Vec3 n = normalize(set_normal[sets.find(static_cast<std::uint32_t>(c))]);
    std::uint32_t& v = doc.corners[c];
    if (!assigned[v]) {
      assigned[v] = 1;
      normals[v] = n;
      continue;
    }
    if (normals[v] == n) continue;
    auto& list = clones[v];
    auto same = std::find_if(list.begin(), list.end(), [&](std::uint32_t k) { return normals[k] == n; });
    if (same != list.end()) {
      v = *same;
      continue;
    }
    const std::uint32_t copy = clone_vertex(doc, v);
    list.push_back(copy);
    normals.push_back(n);
    v = copy;
  }
  return normals;
}

}  // namespace aem::formats::iqe
