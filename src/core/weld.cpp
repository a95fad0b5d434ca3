#include "core/weld.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/mesh_remap.hpp"

namespace aem {
namespace {

/// One per-vertex array as bytes: vertex i is `stride` bytes at data + i * stride.
struct Stream {
  std::byte* data;
  std::size_t stride;
};

/// Every per-vertex array of the mesh as a stream; false when one has another length.
class Streams {
 public:
  explicit Streams(std::size_t vertices) : n_(vertices) {}

  template <class T>
  bool add(std::vector<T>& v) {
    static_assert(sizeof(T) % 4 == 0, "vertices are hashed in 32-bit words");
    if (v.empty()) return true;
    if (v.size() != n_) return false;
    list_.push_back({reinterpret_cast<std::byte*>(v.data()), sizeof(T)});
    return true;
  }

  bool add(CustomAttribute& c) {
    if (c.values.empty()) return true;
    if (c.components < 1 || c.components > 16 || c.values.size() != n_ * static_cast<std::size_t>(c.components))
      return false;
    list_.push_back(
        {reinterpret_cast<std::byte*>(c.values.data()), sizeof(float) * static_cast<std::size_t>(c.components)});
    return true;
  }

  const std::vector<Stream>& list() const { return list_; }

 private:
  std::size_t n_;
  std::vector<Stream> list_;
};

/// The arrays that are not directions; false when one has another length.
bool collect_undirected(Mesh& m, Streams& s) {
  bool ok = s.add(m.positions) && s.add(m.skin) && s.add(m.rigid_joints);
  for (auto& set : m.uvs) ok = ok && s.add(set);
  for (auto& set : m.colors) ok = ok && s.add(set);
  for (auto& c : m.custom) ok = ok && s.add(c);
  for (auto& f : m.frames) ok = ok && !f.positions.empty() && s.add(f.positions) && s.add(f.uvs);
  return ok;
}

/// The direction arrays: normals, tangents, bitangents and the frames' normals.
bool collect_directions(Mesh& m, Streams& s) {
  bool ok = s.add(m.normals) && s.add(m.tangents) && s.add(m.bitangents);
  for (auto& f : m.frames) ok = ok && s.add(f.normals);
  return ok;
}

bool collect(Mesh& m, Streams& s) { return collect_undirected(m, s) && collect_directions(m, s); }

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

/// Vertex i's bytes in every stream, hashed eight bytes at a step (multiply, rotate: a quarter of the
/// work of mixing each 32-bit word on its own) and finished with MurmurHash3's 64-bit finaliser, whose
/// low bits pick the bucket.
std::uint32_t vertex_hash(const std::vector<Stream>& streams, std::size_t i) {
  constexpr std::uint64_t kOdd = 0x9e3779b97f4a7c15ull;
  std::uint64_t h = 0;
  for (const Stream& s : streams) {
    const std::byte* bytes = s.data + i * s.stride;
    std::size_t at = 0;
    for (; at + 8 <= s.stride; at += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes + at, 8);
      h = std::rotl((h ^ word) * kOdd, 31);
    }
    if (at < s.stride) {  // strides are whole 32-bit words
      std::uint32_t word;
      std::memcpy(&word, bytes + at, 4);
      h = std::rotl((h ^ word) * kOdd, 31);
    }
  }
  h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdull;
  h = (h ^ (h >> 33)) * 0xc4ceb9fe1a85ec53ull;
  return static_cast<std::uint32_t>(h ^ (h >> 33));
}

bool same_vertex(const std::vector<Stream>& streams, std::size_t a, std::size_t b) {
  for (const Stream& s : streams)
    if (std::memcmp(s.data + a * s.stride, s.data + b * s.stride, s.stride) != 0) return false;
  return true;
}

/// Vertex i -> its class, classes numbered in order of first appearance, one class per distinct
/// vertex (equal bytes in every stream). Plain C++ so that the browser build, which has no
/// meshoptimizer, welds exactly as the desktop does.
std::vector<std::uint32_t> classes(const std::vector<Stream>& streams, std::size_t n, std::size_t& distinct) {
  // Open addressing over the first vertex of each class, at most two thirds full, probed in
  // triangular steps (which visit every bucket of a power-of-two table).
  std::size_t buckets = 1;
  while (buckets < n + n / 2) buckets *= 2;
  const std::size_t mask = buckets - 1;
  constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> first(buckets, kEmpty), hashes(n), table(n);
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t h = hashes[i] = vertex_hash(streams, i);
    for (std::size_t bucket = h & mask, step = 1;; bucket = (bucket + step++) & mask) {
      const std::uint32_t v = first[bucket];
      if (v == kEmpty) {
        first[bucket] = static_cast<std::uint32_t>(i);
        table[i] = next++;
        break;
      }
      if (hashes[v] == h && same_vertex(streams, v, i)) {
        table[i] = table[v];
        break;
      }
    }
  }
  distinct = next;
  return table;
}

/// True when the floats of two vertices' direction records differ by at most `tolerance` each (a
/// tangent's handedness, ±1, then has to be equal).
bool close(const std::byte* a, const std::byte* b, std::size_t bytes, float tolerance) {
  for (std::size_t at = 0; at < bytes; at += 4) {
    float x, y;
    std::memcpy(&x, a + at, 4);
    std::memcpy(&y, b + at, 4);
    if (!(std::abs(x - y) <= tolerance)) return false;
  }
  return true;
}

/// Distinct directions per vertex position (and everything else) that classes_with_tolerance merges into.
constexpr std::size_t kMaxDirectionsPerVertex = 32;

/// Vertex i -> its class, as classes() numbers them, where vertices equal in every array but the
/// directions, with directions within `tolerance` of the first such vertex's, share one: one hashing
/// pass over the other arrays, then the directions compared within each group (at most
/// kMaxDirectionsPerVertex per group, which keeps a hostile file from taking minutes).
std::vector<std::uint32_t> classes_with_tolerance(Mesh& m, float tolerance, std::size_t& distinct) {
  const std::size_t n = m.positions.size();
  Streams undirected(n), directions(n);
  collect_undirected(m, undirected);
  collect_directions(m, directions);
  std::size_t groups = 0;
  const std::vector<std::uint32_t> group = classes(undirected.list(), n, groups);
  // Per group, the first vertex of each class in a list linked through `later` (one allocation for all
  // groups: most hold one class).
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> head(groups, kNone), tail(groups, kNone), later(n, kNone), table(n);
  std::vector<std::uint8_t> listed(groups, 0);
  static_assert(kMaxDirectionsPerVertex <= std::numeric_limits<std::uint8_t>::max());
  const auto near = [&](std::uint32_t f, std::size_t i) {
    return std::all_of(directions.list().begin(), directions.list().end(), [&](const Stream& s) {
      return close(s.data + f * s.stride, s.data + i * s.stride, s.stride, tolerance);
    });
  };
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t g = group[i];
    std::uint32_t f = head[g];
    while (f != kNone && !near(f, i)) f = later[f];
    if (f != kNone) {
      table[i] = table[f];
      continue;
    }
    table[i] = next++;
    if (listed[g] == kMaxDirectionsPerVertex) continue;
    (tail[g] == kNone ? head[g] : later[tail[g]]) = static_cast<std::uint32_t>(i);
    tail[g] = static_cast<std::uint32_t>(i);
    ++listed[g];
  }
  distinct = next;
  return table;
}

/// Vertex i -> its class (classes() numbering), with or without a direction tolerance.
std::vector<std::uint32_t> vertex_classes(Mesh& m, const Streams& streams, float direction_tolerance,
                                          std::size_t& distinct) {
  return direction_tolerance > 0 ? classes_with_tolerance(m, direction_tolerance, distinct)
                                 : classes(streams.list(), m.positions.size(), distinct);
}

}  // namespace

std::vector<std::uint32_t> first_equal_vertices(Mesh& m, float direction_tolerance) {
  const std::size_t n = m.positions.size();
  Streams streams(n);
  if (n > std::numeric_limits<std::uint32_t>::max() || !collect(m, streams)) return {};
  std::size_t distinct = 0;
  const std::vector<std::uint32_t> table = vertex_classes(m, streams, direction_tolerance, distinct);
  std::vector<std::uint32_t> first(distinct, std::numeric_limits<std::uint32_t>::max()), out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (first[table[i]] == std::numeric_limits<std::uint32_t>::max()) first[table[i]] = static_cast<std::uint32_t>(i);
    out[i] = first[table[i]];
  }
  return out;
}

std::size_t weld_vertices(Mesh& m, float direction_tolerance) {
  const std::size_t n = m.positions.size();
  if (n < 2 || n > std::numeric_limits<std::uint32_t>::max() || !indices_in_range(m)) return 0;
  Streams streams(n);
  if (!collect(m, streams)) return 0;
  std::size_t distinct = n;
  // A class keeps its first vertex's values (remap_vertices), so merged directions become the first's.
  const std::vector<std::uint32_t> table = vertex_classes(m, streams, direction_tolerance, distinct);
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
