#include "core/weld.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
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

/// The rest pose's arrays that are not directions, with the morph targets' deltas (compared exactly:
/// vertices merged must move alike under every weight); false when one has another length.
bool collect_rest(Mesh& m, Streams& s) {
  bool ok = s.add(m.positions) && s.add(m.skin) && s.add(m.rigid_joints);
  for (auto& t : m.targets) ok = ok && s.add(t.positions) && s.add(t.normals);
  for (auto& set : m.uvs) ok = ok && s.add(set);
  for (auto& set : m.colors) ok = ok && s.add(set);
  for (auto& c : m.custom) ok = ok && s.add(c);
  return ok;
}

/// The frames' arrays that are not directions (positions, UVs); false when one has another length.
bool collect_frames(Mesh& m, Streams& s) {
  bool ok = true;
  for (auto& f : m.frames) ok = ok && !f.positions.empty() && s.add(f.positions) && s.add(f.uvs);
  return ok;
}

/// The arrays that are not directions; false when one has another length.
bool collect_undirected(Mesh& m, Streams& s) { return collect_rest(m, s) && collect_frames(m, s); }

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

/// Most distinct frames (positions and UVs) that vertices equal at rest (in everything but directions
/// and frames) are compared with one by one before the frames are hashed with the rest instead: each
/// vertex then compares its frames at most this many times, however many coincide at rest.
constexpr std::size_t kMaxFrameSetsPerRestVertex = 4;

/// Vertex i -> its class, as classes() numbers them, where vertices equal in `hashed` and `compared`
/// with directions within `tolerance` of the first such vertex's share one: one hashing pass over
/// `hashed` groups the vertices, and each is compared with its group's listed first vertices, those
/// equal in `compared` (at most kMaxDirectionsPerVertex of them, which keeps a hostile file from taking
/// minutes) and then in direction. Nothing when a group's vertices hold more than `max_sets` distinct
/// values of `compared` (when not empty).
std::optional<std::vector<std::uint32_t>> classes_in_groups(const std::vector<Stream>& hashed,
                                                            const std::vector<Stream>& compared,
                                                            const std::vector<Stream>& directions, std::size_t n,
                                                            float tolerance, std::size_t max_sets,
                                                            std::size_t& distinct) {
  if (max_sets > kMaxFrameSetsPerRestVertex) max_sets = kMaxFrameSetsPerRestVertex;  // `differing` below holds them
  std::size_t groups = 0;
  const std::vector<std::uint32_t> group = classes(hashed, n, groups);
  // Per group, the first vertex of each class in a list linked through `later` (one allocation for all
  // groups: most hold one class).
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> head(groups, kNone), tail(groups, kNone), later(n, kNone), table(n);
  // Per listed vertex, the first listed vertex of its group equal to it in `compared`: each vertex
  // compares its `compared` arrays once with each distinct one its group lists.
  std::vector<std::uint32_t> equal_first(compared.empty() ? 0 : n);
  std::vector<std::size_t> sets(compared.empty() ? 0 : groups, 0);
  const auto near = [&](std::uint32_t f, std::size_t i) {
    return std::all_of(directions.begin(), directions.end(), [&](const Stream& s) {
      return close(s.data + f * s.stride, s.data + i * s.stride, s.stride, tolerance);
    });
  };
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t g = group[i];
    std::size_t equal_listed = 0;
    std::uint32_t equal = kNone;  // the listed vertex that first has i's `compared` values
    std::array<std::uint32_t, kMaxFrameSetsPerRestVertex> differing{};  // those found to differ from i
    std::size_t differing_count = 0;
    std::uint32_t f = head[g];
    for (; f != kNone; f = later[f]) {
      if (!compared.empty()) {
        const std::uint32_t first = equal_first[f];
        const auto differing_end = differing.begin() + static_cast<std::ptrdiff_t>(differing_count);
        if (equal == kNone && std::find(differing.begin(), differing_end, first) == differing_end) {
          if (same_vertex(compared, first, i))
            equal = first;
          else
            differing[differing_count++] = first;
        }
        if (first != equal) continue;
      }
      ++equal_listed;
      if (near(f, i)) break;
    }
    if (f != kNone) {
      table[i] = table[f];
      continue;
    }
    table[i] = next++;
    if (equal_listed == kMaxDirectionsPerVertex) continue;
    if (!compared.empty()) {
      if (equal == kNone && sets[g]++ == max_sets) return std::nullopt;
      equal_first[i] = equal == kNone ? static_cast<std::uint32_t>(i) : equal;
    }
    (tail[g] == kNone ? head[g] : later[tail[g]]) = static_cast<std::uint32_t>(i);
    tail[g] = static_cast<std::uint32_t>(i);
  }
  distinct = next;
  return table;
}

/// Vertex i -> its class, as classes() numbers them, where vertices equal in every array but the
/// directions, with directions within `tolerance` of the first such vertex's, share one. A mesh with
/// frames is grouped by its rest arrays alone and the frames compared within a group: hashing every
/// frame of every vertex took most of welding a blend-shaped mesh, whose vertices rarely coincide at
/// rest; where many do in different frames, the frames are hashed with the rest.
std::vector<std::uint32_t> classes_with_tolerance(Mesh& m, float tolerance, std::size_t& distinct) {
  const std::size_t n = m.positions.size();
  Streams rest(n), frames(n), undirected(n), directions(n);
  collect_rest(m, rest);
  collect_frames(m, frames);
  collect_undirected(m, undirected);
  collect_directions(m, directions);
  if (!frames.list().empty())
    if (auto table = classes_in_groups(rest.list(), frames.list(), directions.list(), n, tolerance,
                                       kMaxFrameSetsPerRestVertex, distinct))
      return std::move(*table);
  return *classes_in_groups(undirected.list(), {}, directions.list(), n, tolerance, 0, distinct);
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
