// Vertex attributes (docs/formats/e3d.md §5, §6): one decoder per attribute kind, used for the interleaved
// block (stride = vertex size, any order, gaps allowed) and for standalone blocks (stride = size).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "formats/e3d/e3d_parse.hpp"
#include "formats/e3d/packing.hpp"
#include "formats/e3d/parse_util.hpp"
#include "formats/e3d/parse_attributes.hpp"

namespace aem::formats::e3d {
namespace {

template <class T>
T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

Vec3 load_vec3(const std::byte* p) {
  float f[3];
  std::memcpy(f, p, sizeof f);
  return {f[0], f[1], f[2]};
}

bool is_finite_value(const Vec2& v) { return std::isfinite(v.x) && std::isfinite(v.y); }
bool is_finite_value(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

bool is_uv(std::uint16_t t) { return t >= kTexCoords && t < kTexCoords + kMaxUvSets; }
bool is_bone_weights(std::uint16_t t) { return t >= kBoneWeights && t <= kBoneWeights + 7; }

/// Unit length for v[first, end) (zero vectors stay zero; for unpacked 10-bit values only). A
/// separate pass over plain floats, so that the compiler can vectorise the square roots.
template <class V>
void renormalise(std::vector<V>& v, std::size_t first) {
  float* f = reinterpret_cast<float*>(v.data() + first);
  constexpr std::size_t kStride = sizeof(V) / sizeof(float);
  const std::size_t n = v.size() - first;
  for (std::size_t i = 0; i < n; ++i) {
    float* c = f + i * kStride;
    // Unpacked components are multiples of 1/512, so a non-zero length is at least that; a zero
    // vector is scaled by a large finite number and stays zero (no branch, so this vectorises).
    const float len2 = std::max(c[0] * c[0] + c[1] * c[1] + c[2] * c[2], 1e-30f);
    const float inv = 1.0f / std::sqrt(len2);
    c[0] *= inv;
    c[1] *= inv;
    c[2] *= inv;
  }
}

/// M bone index bytes, then M weight bytes per vertex (docs/formats/e3d.md §6): 255 ends a vertex's list, zero
/// weights are skipped, more than kMaxInfluences keep the largest.
void decode_bone_weights(const AttributeSource& src, RawMesh& m, std::uint32_t first, std::uint32_t count) {
  const int slots = src.bone_slots;
  auto& out = m.bone_slots;
  if (first == 0) {
    out.clear();
    out.reserve(m.vertex_count);
  }
  const std::byte* p = src.data + std::size_t(first) * src.stride;
  std::uint8_t max_bone = 0;
  bool any = false, reduced = false;
  for (std::uint32_t v = 0; v < count; ++v, p += src.stride) {
    const auto* bone = reinterpret_cast<const std::uint8_t*>(p);
    const std::uint8_t* weight = bone + slots;
    RawMesh::BoneSlots& b = out.emplace_back();
    int n = 0;
    for (int s = 0; s < slots && bone[s] != 255; ++s) {
      if (weight[s] == 0) continue;
      int at = n;
      if (n == kMaxInfluences) {  // full: replace the smallest if this one is larger
        reduced = true;
        at = static_cast<int>(std::min_element(b.weight, b.weight + n) - b.weight);
        if (b.weight[at] >= weight[s]) continue;
      } else {
        ++n;
      }
      b.bone[at] = bone[s];
      b.weight[at] = weight[s];
      max_bone = std::max(max_bone, bone[s]);
    }
    b.count = static_cast<std::uint8_t>(n);
    any = any || n > 0;
  }
  if (any) m.max_bone = std::max<std::int32_t>(m.max_bone, max_bone);
  m.influences_reduced = m.influences_reduced || reduced;
}

}  // namespace

int attribute_size(std::uint16_t type) {
  if (is_uv(type)) return 8;
  switch (type) {
    case kVertices:
      return 12;
    case kVerticesDbl:
      return 24;
    case kVerticesQ:
      return 6;
    case kNormals:
    case kColors:
    case kTangentsSign:
      return 4;
    case kTangentsBi:
      return 8;
    default:
      return 0;
  }
}

bool is_vertex_attribute(std::uint16_t type) {
  return attribute_size(type) > 0 || is_bone_weights(type) || (type >= kCustomFirst && type <= kCustomLast);
}

int attribute_target(std::uint16_t type) {
  if (is_uv(type)) return 16 + (type - kTexCoords);
  switch (type) {
    case kVertices:
    case kVerticesDbl:
    case kVerticesQ:
      return 1;
    case kNormals:
      return 2;
    case kTangentsSign:
    case kTangentsBi:
      return 3;
    case kColors:
      return 4;
    case kBoneWeights:
      return 5;
    default:
      return 0;
  }
}

void decode_attribute(ReadContext& ctx, const AttributeSource& src, RawMesh& m, std::uint32_t first,
                      std::uint32_t count) {
  Mesh& mesh = m.mesh;
  // Arrays grow one vertex range at a time (reserved once), so the range's default values are written
  // in cache just before the real ones, and the loop writes through a plain pointer.
  auto fill = [&](auto& out, auto&& value) {
    if (first == 0) {
      out.clear();
      out.reserve(m.vertex_count);
    }
    out.resize(std::size_t(first) + count);
    auto* dst = out.data() + first;
    const std::byte* p = src.data + std::size_t(first) * src.stride;
    for (std::uint32_t i = 0; i < count; ++i, p += src.stride) dst[i] = value(p);
  };

  // Stored floats must be finite (packed and integer attributes always are).
  auto check_finite = [&](const auto& out, const char* what) {
    for (std::uint32_t i = first; i < first + count; ++i)
      if (!is_finite_value(out[i]))
        detail::fail_at(
            "E3D", "E3D_NOT_FINITE", src.offset,
            std::string(what) + " of vertex " + std::to_string(i) + " in the block here is NaN or infinite");
  };

  switch (src.type) {
    case kVertices:
      fill(mesh.positions, load_vec3);
      return check_finite(mesh.positions, "position");
    case kVerticesDbl:
      fill(mesh.positions, [](const std::byte* p) {
        double d[3];
        std::memcpy(d, p, sizeof d);
        return Vec3{static_cast<float>(d[0]), static_cast<float>(d[1]), static_cast<float>(d[2])};
      });
      return check_finite(mesh.positions, "position");
    case kVerticesQ:
      m.quantized = true;
      return fill(mesh.positions, [](const std::byte* p) {
        return Vec3{float(load<std::int16_t>(p)), float(load<std::int16_t>(p + 2)), float(load<std::int16_t>(p + 4))};
      });
    case kNormals:
      fill(mesh.normals, [](const std::byte* p) { return unpack_vector(load<std::uint32_t>(p)); });
      return renormalise(mesh.normals, first);
    case kColors:
      mesh.colors.resize(1);
      return fill(mesh.colors[0], [](const std::byte* p) {
        const auto* c = reinterpret_cast<const std::uint8_t*>(p);
        return Vec4{c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
      });
    case kTangentsSign:
      fill(mesh.tangents, [](const std::byte* p) {
        const auto word = load<std::uint32_t>(p);
        const Vec3 t = unpack_vector(word);
        return Vec4{t.x, t.y, t.z, unpack_sign(word) < 0 ? -1.0f : 1.0f};
      });
      return renormalise(mesh.tangents, first);
    case kTangentsBi:
      // The stored bitangent's handedness is inconsistent between files (§5): keep it as stored.
      if (first == 0) {
        mesh.bitangents.clear();
        mesh.bitangents.reserve(m.vertex_count);
      }
      fill(mesh.tangents, [&](const std::byte* p) {
        mesh.bitangents.push_back(unpack_vector(load<std::uint32_t>(p + 4)));
        const Vec3 t = unpack_vector(load<std::uint32_t>(p));
        return Vec4{t.x, t.y, t.z, 1.0f};
      });
      renormalise(mesh.tangents, first);
      return renormalise(mesh.bitangents, first);
    case kBoneWeights:
      return decode_bone_weights(src, m, first, count);
    default:
      break;
  }
  if (is_uv(src.type)) {
    const std::size_t set = src.type - kTexCoords;
    if (mesh.uvs.size() <= set) mesh.uvs.resize(set + 1);
    fill(mesh.uvs[set], [](const std::byte* p) { return Vec2{load<float>(p), load<float>(p + 4)}; });
    return check_finite(mesh.uvs[set], "texture coordinate");
  }
  if (first > 0) return;  // warned once for the whole attribute
  if (is_bone_weights(src.type))
    ctx.warn("E3D_DATA_DROPPED", src.offset, block_label(src.type) + ": only the first skin's bone weights are kept");
  else
    ctx.warn("E3D_DATA_DROPPED", src.offset,
             "custom attribute " + block_label(src.type) + " skipped (its layout is not defined)");
}

}  // namespace aem::formats::e3d
