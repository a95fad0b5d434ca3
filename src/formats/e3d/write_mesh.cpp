// Scene meshes -> E3D mesh blocks.
#include "formats/e3d/write_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/parse_error.hpp"
#include "formats/e3d/packing.hpp"

namespace aem::formats::e3d {

Warning warning(const char* code, std::string message, std::string path) {
  return Warning{.code = code, .format = "E3D", .path = std::move(path), .message = std::move(message)};
}

namespace {

constexpr int kBoneSlots = 10;  // Ecere's MAX_BONES (docs/formats/e3d.md §6)

bool has_uvs(const Mesh& m) { return !m.uvs.empty() && !m.uvs[0].empty(); }
bool has_colors(const Mesh& m) { return !m.colors.empty() && !m.colors[0].empty(); }

/// One E3D mesh's data: the members concatenated, with each member's triangle range and material.
struct Merged {
  Mesh mesh;
  struct Range {
    std::uint32_t first, count;
    std::int32_t material;
  };
  std::vector<Range> ranges;
};

template <class T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

Merged merge(const Scene& s, const std::vector<std::uint32_t>& members) {
  Merged out;
  Mesh& m = out.mesh;
  const Mesh& first = s.meshes[members[0]];
  if (has_uvs(first)) m.uvs.resize(1);
  if (has_colors(first)) m.colors.resize(1);
  m.frames.resize(first.frames.size());
  for (auto mi : members) {
    const Mesh& src = s.meshes[mi];
    const auto base = static_cast<std::uint32_t>(m.positions.size());
    out.ranges.push_back({static_cast<std::uint32_t>(m.indices.size() / 3),
                          static_cast<std::uint32_t>(src.indices.size() / 3), src.material});
    for (std::size_t i = 0; i + 2 < src.indices.size(); i += 3)
      for (int k = 0; k < 3; ++k) m.indices.push_back(base + src.indices[i + k]);
    append(m.positions, src.positions);
    append(m.normals, src.normals);
    append(m.tangents, src.tangents);
    append(m.bitangents, src.bitangents);
    if (has_uvs(first)) append(m.uvs[0], src.uvs[0]);
    if (has_colors(first)) append(m.colors[0], src.colors[0]);
    append(m.skin, src.skin);
    for (std::size_t f = 0; f < m.frames.size(); ++f) {
      append(m.frames[f].positions, src.frames[f].positions);
      append(m.frames[f].normals, src.frames[f].normals);
    }
  }
  if (members.size() == 1) {
    m.targets = first.targets;
    m.target_weights = first.target_weights;
  }
  return out;
}

struct Layout {
  std::uint16_t normals = 0, uvs = 0, colors = 0, tangents = 0, bones = 0, size = 12;
};

Layout layout_of(const Mesh& m) {
  Layout l;
  auto add = [&](std::uint16_t& at, std::uint16_t bytes) {
    at = l.size;
    l.size += bytes;
  };
  if (!m.normals.empty()) add(l.normals, 4);
  if (has_uvs(m)) add(l.uvs, 8);
  if (has_colors(m)) add(l.colors, 4);
  if (!m.tangents.empty()) add(l.tangents, 8);
  if (!m.skin.empty()) add(l.bones, 2 * kBoneSlots);
  return l;
}

std::uint8_t unorm8(float v) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(std::isfinite(v) ? v : 0.0f, 0.0f, 1.0f) * 255.0f));
}

/// Bone slots of one vertex: indices into `bones`, weights in 255ths; 255 ends the list.
void put_bones(detail::ByteWriter& out, const SkinInfluences& inf, const std::vector<std::int32_t>& bones) {
  std::uint8_t idx[kBoneSlots], weight[kBoneSlots];
  std::fill(idx, idx + kBoneSlots, 255);
  std::fill(weight, weight + kBoneSlots, 0);
  int n = 0;
  for (int k = 0; k < kMaxInfluences && n < kBoneSlots; ++k) {
    if (inf.joints[k] < 0 || !(inf.weights[k] > 0)) continue;
    idx[n] = static_cast<std::uint8_t>(std::lower_bound(bones.begin(), bones.end(), inf.joints[k]) - bones.begin());
    weight[n++] = unorm8(inf.weights[k]);
  }
  for (auto b : idx) out.u8(b);
  for (auto b : weight) out.u8(b);
}

void write_attributes(BlockWriter& w, const Mesh& m, const std::vector<std::int32_t>& bones) {
  const Layout l = layout_of(m);
  w.block(kAttributes, [&] {
    w.out.i32(static_cast<std::int32_t>(m.positions.size()));
    w.block(kInterleaved, [&] {
      auto entry = [&](std::uint16_t type, std::uint16_t at) {
        w.out.u16(type);
        w.out.u16(at);
      };
      entry(kVertices, 0);
      if (!m.normals.empty()) entry(kNormals, l.normals);
      if (has_uvs(m)) entry(kTexCoords, l.uvs);
      if (has_colors(m)) entry(kColors, l.colors);
      if (!m.tangents.empty()) entry(kTangentsBi, l.tangents);
      if (!m.skin.empty()) entry(kBoneWeights, l.bones);
      entry(0, l.size);
      w.out.reserve(w.out.size() + m.positions.size() * l.size);
      for (std::size_t v = 0; v < m.positions.size(); ++v) {
        w.vec3(m.positions[v]);
        if (!m.normals.empty()) w.out.u32(pack_vector(m.normals[v]));
        if (has_uvs(m)) {
          w.out.f32(m.uvs[0][v].x);
          w.out.f32(m.uvs[0][v].y);
        }
        if (has_colors(m)) {
          const Vec4& c = m.colors[0][v];
          for (float x : {c.x, c.y, c.z, c.w}) w.out.u8(unorm8(x));
        }
        if (!m.tangents.empty()) {
          const Vec4& t = m.tangents[v];
          const Vec3 t3{t.x, t.y, t.z};
          const Vec3 b = !m.bitangents.empty() ? m.bitangents[v]
                         : !m.normals.empty()  ? cross(m.normals[v], t3) * t.w
                                               : Vec3{};
          w.out.u32(pack_vector(t3));
          w.out.u32(pack_vector(b));
        }
        if (!m.skin.empty()) put_bones(w.out, m.skin[v], bones);
      }
    });
  });
}

void write_faces(BlockWriter& w, const Mesh& m) {
  const bool wide = m.positions.size() > 65536;
  w.block(wide ? kTriFaces32 : kTriFaces16, [&] {
    w.out.i32(static_cast<std::int32_t>(m.indices.size() / 3));
    for (std::size_t i = 0; i < m.indices.size() / 3 * 3; ++i) {
      if (wide)
        w.out.u32(m.indices[i]);
      else
        w.out.u16(static_cast<std::uint16_t>(m.indices[i]));
    }
  });
}

/// A skin's bone count is a byte and a vertex's bone index 255 means "no bone": indices run to 254.
constexpr std::size_t kMaxSkinBones = 255;

/// The joints the skin uses, sorted: bone k of the E3D skin is bones[k].
std::vector<std::int32_t> used_joints(const Mesh& m) {
  std::set<std::int32_t> used;
  for (const auto& inf : m.skin)
    for (int k = 0; k < kMaxInfluences; ++k)
      if (inf.joints[k] >= 0 && inf.weights[k] > 0) used.insert(inf.joints[k]);
  return {used.begin(), used.end()};
}

void write_skin(BlockWriter& w, MeshContext& ctx, const std::vector<std::int32_t>& bones) {
  w.block(kSkin, [&] {
    w.block(kSkinBindMatrix, [&] { w.matrix(Mat4{}); });
    w.block(kSkinBones, [&] {
      w.out.u8(static_cast<std::uint8_t>(bones.size()));
      for (auto j : bones) {
        w.string(ctx.bone_names[j]);
        w.matrix(ctx.scene.joints[j].inverse_bind);
      }
    });
  });
}

/// The mesh's shape under one of its targets at full weight (normals only where the target moves them).
MorphFrame shape_of(const Mesh& m, const MorphTarget& t) {
  MorphFrame f{m.positions, {}, {}};
  for (std::size_t i = 0; i < t.positions.size() && i < f.positions.size(); ++i)
    f.positions[i] = f.positions[i] + t.positions[i];
  if (!t.normals.empty() && t.normals.size() == m.normals.size()) {
    f.normals = m.normals;
    for (std::size_t i = 0; i < f.normals.size(); ++i) f.normals[i] = f.normals[i] + t.normals[i];
  }
  return f;
}

/// A morph target: a mesh of the frame's positions (and normals) alone.
void write_target(BlockWriter& w, MorphFrame f, std::int32_t id) {
  w.block(kMesh, [&] {
    w.i32_block(kMeshId, id);
    Mesh target;
    target.positions = std::move(f.positions);
    target.normals = std::move(f.normals);
    write_attributes(w, target, {});
    write_faces(w, target);
    w.block(kFacesMaterials, [&] {
      w.out.i32(0);
      w.out.i32(0);
      w.out.i32(0);
    });
  });
}

void warn_dropped(MeshContext& ctx, const Mesh& m, std::uint32_t index) {
  const std::string name = "mesh " + std::to_string(index);
  // Kinds of data E3D has no place for at all are reported by write_scene (DATA_DROPPED).
  for (const auto& f : m.frames)
    if (!f.uvs.empty()) {
      ctx.warnings.push_back(warning(
          "E3D_DATA_DROPPED", name + ": per-frame UVs are not written (morph targets hold positions and normals)"));
      break;
    }
}

}  // namespace

bool can_merge(const Scene& scene, const std::vector<std::uint32_t>& meshes) {
  const Mesh& a = scene.meshes[meshes[0]];
  std::set<std::int32_t> materials;
  for (auto mi : meshes) {
    const Mesh& b = scene.meshes[mi];
    if (!materials.insert(b.material).second) return false;
    if (a.normals.empty() != b.normals.empty() || a.tangents.empty() != b.tangents.empty() ||
        a.bitangents.empty() != b.bitangents.empty() || has_uvs(a) != has_uvs(b) || has_colors(a) != has_colors(b) ||
        a.skin.empty() != b.skin.empty() || a.frames.size() != b.frames.size() ||
        (meshes.size() > 1 && !b.targets.empty()))
      return false;
    for (std::size_t f = 0; f < b.frames.size(); ++f)
      if (a.frames[f].normals.empty() != b.frames[f].normals.empty()) return false;
  }
  return true;
}

std::int32_t write_mesh(BlockWriter& w, MeshContext& ctx, const std::vector<std::uint32_t>& meshes,
                        std::int32_t& next_id) {
  for (auto mi : meshes) warn_dropped(ctx, ctx.scene.meshes[mi], mi);
  const Merged merged = merge(ctx.scene, meshes);
  const Mesh& m = merged.mesh;
  const std::int32_t first_target = next_id;
  // Frames (baked animation) when the mesh has them, else its targets at their default weights.
  const bool frames = !m.frames.empty();
  const std::size_t morphs = frames ? m.frames.size() : m.targets.size();
  for (std::size_t f = 0; f < morphs; ++f) write_target(w, frames ? m.frames[f] : shape_of(m, m.targets[f]), next_id++);
  const std::int32_t id = next_id++;
  const std::vector<std::int32_t> bones = used_joints(m);
  if (bones.size() > kMaxSkinBones)
    detail::fail_at("E3D", "E3D_TOO_MANY_BONES", 0,
                    "mesh \"" + ctx.scene.meshes[meshes[0]].name + "\" (meshes[" + std::to_string(meshes[0]) +
                        "]) is skinned to " + std::to_string(bones.size()) + " joints; an E3D skin holds at most " +
                        std::to_string(kMaxSkinBones) +
                        " (its bone count and bone indices are bytes, 255 meaning none)");
  w.block(kMesh, [&] {
    w.i32_block(kMeshId, id);
    write_attributes(w, m, bones);
    write_faces(w, m);
    w.block(kFacesMaterials, [&] {
      for (const auto& r : merged.ranges) {
        w.out.i32(static_cast<std::int32_t>(r.first));
        w.out.i32(static_cast<std::int32_t>(r.count));
        w.out.i32(r.material >= 0 && static_cast<std::size_t>(r.material) < ctx.scene.materials.size() ? r.material + 1
                                                                                                       : 0);
      }
    });
    if (!m.skin.empty()) write_skin(w, ctx, bones);
    if (morphs > 0)
      w.block(kMorphs, [&] {
        w.out.i32(static_cast<std::int32_t>(morphs));
        for (std::size_t f = 0; f < morphs; ++f)
          w.block(kMorph, [&] {
            const float weight = frames || f >= m.target_weights.size() ? 0.0f : m.target_weights[f];
            w.i32_block(kMorphId, static_cast<std::int32_t>(f));
            w.string_block(kMorphName, frames ? "frame " + std::to_string(f) : m.targets[f].name);
            w.f32_block(kMorphWeight, weight);
            w.i32_block(kMeshId, first_target + static_cast<std::int32_t>(f));
          });
      });
  });
  return id;
}

}  // namespace aem::formats::e3d
