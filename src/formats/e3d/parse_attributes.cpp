// Vertex attributes (e3d-notes.md §5, §6): one decoder per attribute kind, used for the interleaved
// block (stride = vertex size, any order, gaps allowed) and for standalone blocks (stride = size).
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

bool is_uv(std::uint16_t t) { return t >= kTexCoords && t < kTexCoords + kMaxUvSets; }
bool is_bone_weights(std::uint16_t t) { return t >= kBoneWeights && t <= kBoneWeights + 7; }

}  // namespace

int attribute_size(std::uint16_t type) {
  if (is_uv(type)) return 8;
  switch (type) {
    case kVertices: return 12;
    case kVerticesDbl: return 24;
    case kVerticesQ: return 6;
    case kNormals:
    case kColors:
    case kTangentsSign: return 4;
    case kTangentsBi: return 8;
    default: return 0;
  }
}

bool is_vertex_attribute(std::uint16_t type) {
  return attribute_size(type) > 0 || is_bone_weights(type) || (type >= kCustomFirst && type <= kCustomLast);
}

void decode_attribute(ReadContext& ctx, const AttributeSource& src, RawMesh& m) {
  const std::size_t n = m.vertex_count;
  const std::byte* p = src.data;
  const std::size_t s = src.stride;
  Mesh& mesh = m.mesh;
  if (src.type == kVertices || src.type == kVerticesDbl || src.type == kVerticesQ) {
    mesh.positions.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) {
      if (src.type == kVertices) {
        mesh.positions[i] = load_vec3(p);
      } else if (src.type == kVerticesDbl) {
        double d[3];
        std::memcpy(d, p, sizeof d);
        mesh.positions[i] = {static_cast<float>(d[0]), static_cast<float>(d[1]), static_cast<float>(d[2])};
      } else {
        mesh.positions[i] = {float(load<std::int16_t>(p)), float(load<std::int16_t>(p + 2)), float(load<std::int16_t>(p + 4))};
      }
    }
    m.quantized = src.type == kVerticesQ;
  } else if (src.type == kNormals) {
    mesh.normals.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) mesh.normals[i] = normalize(unpack_vector(load<std::uint32_t>(p)));
  } else if (is_uv(src.type)) {
    const std::size_t set = src.type - kTexCoords;
    if (mesh.uvs.size() <= set) mesh.uvs.resize(set + 1);
    auto& uvs = mesh.uvs[set];
    uvs.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) uvs[i] = {load<float>(p), load<float>(p + 4)};
  } else if (src.type == kColors) {
    mesh.colors.resize(1);
    auto& colors = mesh.colors[0];
    colors.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) {
      const auto* c = reinterpret_cast<const std::uint8_t*>(p);
      colors[i] = {c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
    }
  } else if (src.type == kTangentsSign) {
    mesh.tangents.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) {
      const auto word = load<std::uint32_t>(p);
      const Vec3 t = normalize(unpack_vector(word));
      mesh.tangents[i] = {t.x, t.y, t.z, unpack_sign(word) < 0 ? -1.0f : 1.0f};
    }
  } else if (src.type == kTangentsBi) {
    // The stored bitangent's handedness is inconsistent between files (§5): keep it as stored.
    mesh.tangents.resize(n);
    mesh.bitangents.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += s) {
      const Vec3 t = normalize(unpack_vector(load<std::uint32_t>(p)));
      mesh.tangents[i] = {t.x, t.y, t.z, 1.0f};
      mesh.bitangents[i] = normalize(unpack_vector(load<std::uint32_t>(p + 4)));
    }
  } else if (src.type == kBoneWeights) {
    m.bone_slots = src.bone_slots;
    m.bone_index.resize(n * src.bone_slots);
    m.bone_weight.resize(n * src.bone_slots);
    for (std::size_t i = 0; i < n; ++i, p += s) {
      std::memcpy(&m.bone_index[i * src.bone_slots], p, src.bone_slots);
      std::memcpy(&m.bone_weight[i * src.bone_slots], p + src.bone_slots, src.bone_slots);
    }
  } else if (is_bone_weights(src.type)) {
    ctx.warn("E3D_DATA_DROPPED", src.offset, block_label(src.type) + ": only the first skin's bone weights are kept");
  } else {
    ctx.warn("E3D_DATA_DROPPED", src.offset, "custom attribute " + block_label(src.type) + " skipped (its layout is not defined)");
  }
}

}  // namespace aem::formats::e3d
