// Scene -> current-layout AEM, in the reference exporter's section and key order (docs/formats/aem.md §2).
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <span>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "core/byte_writer.hpp"
#include "core/flatten.hpp"
#include "core/influences.hpp"
#include "core/mesh_remap.hpp"
#include "formats/aem/aem_format.hpp"

namespace aem::formats {
namespace {

Warning writer_warning(const char* code, std::string message) {
  return Warning{.code = code, .format = "AEM", .message = std::move(message)};
}

/// The (at most) 4 influences AEM stores: as normalize_weights asks (kept_influences), or the first
/// four slots as they are unless a later slot names a joint, when the largest 4 are kept renormalised.
void four_influences(const SkinInfluences& s, bool normalize_weights, std::int32_t out_idx[4], float out_w[4],
                     bool& reduced) {
  const auto put = [&](const SkinInfluences& kept) {
    std::copy_n(kept.joints.begin(), 4, out_idx);
    std::copy_n(kept.weights.begin(), 4, out_w);
  };
  if (normalize_weights) return put(kept_influences(s, 4, &reduced));
  const bool more = std::any_of(s.joints.begin() + 4, s.joints.end(), [](std::int32_t j) { return j >= 0; });
  reduced |= more;
  put(more ? strongest_influences(s, 4) : s);
}

void write_vec3(detail::ByteWriter& w, const Vec3& v) {
  w.f32(v.x);
  w.f32(v.y);
  w.f32(v.z);
}

template <class V>
void write_keys(detail::ByteWriter& w, const std::vector<Key<V>>& keys) {
  for (const auto& k : keys) {
    w.f32(k.time);
    if constexpr (std::is_same_v<V, Quat>) {
      w.f32(k.value.x);
      w.f32(k.value.y);
      w.f32(k.value.z);
      w.f32(k.value.w);
    } else {
      write_vec3(w, k.value);
      w.f32(0.0f);
    }
    w.spill();
  }
}

/// Whether the finest level leaves some vertex unused (other LODs are not written).
bool has_unused_vertices(const Mesh& m) {
  // Bytes, not bits: one plain store per index instead of a read-modify-write of a shared word. The
  // stores go through a local pointer and size: a byte store may alias the vector's own members.
  const std::size_t n = m.positions.size();
  std::vector<std::uint8_t> used_storage(n, 0);
  std::uint8_t* const used = used_storage.data();
  for (std::uint32_t i : m.indices)
    if (i < n) used[i] = 1;
  return n > 0 && std::memchr(used, 0, n) != nullptr;  // memchr must not see the null of an empty vector
}

/// The vertex records of `m`, one append each (per-value puts were a fifth of a large conversion's
/// user time). The arrays are read through local spans: the writer's byte stores may alias any
/// memory, so the vectors' sizes and data would otherwise be loaded again for every vertex.
void write_vertices(const Mesh& m, detail::ByteWriter& w, bool normalize_weights, bool& reduced) {
  const std::span<const Vec3> positions = m.positions, normals = m.normals, bitangents = m.bitangents;
  const std::span<const Vec4> tangents = m.tangents;
  const std::span<const Vec2> uvs =
      !m.uvs.empty() && m.uvs[0].size() == positions.size() ? std::span<const Vec2>(m.uvs[0]) : std::span<const Vec2>();
  const std::span<const SkinInfluences> skin = m.skin;
  const std::span<const std::int32_t> rigid_joints = m.rigid_joints;
  const auto put3 = [](float* to, const Vec3& from) {
    to[0] = from.x;
    to[1] = from.y;
    to[2] = from.z;
  };
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Vec3 n = i < normals.size() ? normals[i] : Vec3{};
    const Vec4 t4 = i < tangents.size() ? tangents[i] : Vec4{};
    const Vec3 t{t4.x, t4.y, t4.z};
    const Vec3 b = i < bitangents.size() ? bitangents[i] : cross(n, t) * (t4.w < 0 ? -1.0f : 1.0f);
    aem_file::Vertex v;  // every field is set below: no zero-fill first
    put3(v.position, positions[i]);
    put3(v.normal, n);
    put3(v.tangent, t);
    put3(v.bitangent, b);
    const Vec2 uv = i < uvs.size() ? uvs[i] : Vec2{};
    v.uv[0] = uv.x;
    v.uv[1] = uv.y;
    if (i < skin.size()) {
      // Normalised here rather than in a pass of its own over the scene: the vertex's skin is in cache.
      four_influences(skin[i], normalize_weights, v.bone_indices, v.bone_weights, reduced);
    } else {
      std::fill(std::begin(v.bone_indices), std::end(v.bone_indices), -1);
      std::fill(std::begin(v.bone_weights), std::end(v.bone_weights), 0.0f);
    }
    v.extra_bone = i < rigid_joints.size() ? rigid_joints[i] : -1;
    w.object(v);
    w.spill();
  }
}

/// One channel per (animation, joint). AEM evaluates an empty channel as identity while the scene
/// means the joint's rest value, so an empty channel whose rest value is not identity gets one key.
std::vector<std::vector<Channel>> resolve_channels(const Scene& scene) {
  std::vector<std::vector<Channel>> out(scene.animations.size(), std::vector<Channel>(scene.joints.size()));
  for (std::size_t a = 0; a < scene.animations.size(); ++a) {
    for (const auto& ch : scene.animations[a].channels)
      if (ch.joint < scene.joints.size()) out[a][ch.joint] = with_linear_keys(ch);  // AEM interpolates linearly
    for (std::uint32_t b = 0; b < scene.joints.size(); ++b) {
      Channel& ch = out[a][b];
      ch.joint = b;
      const Transform& rest = scene.joints[b].rest;
      if (ch.translation.empty() && !(rest.translation == Vec3{})) ch.translation.push_back({0.0f, rest.translation});
      if (ch.rotation.empty() && !(rest.rotation == Quat{})) ch.rotation.push_back({0.0f, rest.rotation});
      if (ch.scale.empty() && !(rest.scale == Vec3{1, 1, 1})) ch.scale.push_back({0.0f, rest.scale});
    }
  }
  return out;
}

/// The whole file into `w`, spilling between records when `w` streams; returns the writer's warnings.
Status write_aem(const Scene& input, detail::ByteWriter& w, const WriteOptions& options) {
  Status result(Ok{});
  auto& warnings = result.warnings;
  if (!input.nodes.empty())
    warnings.push_back(writer_warning("AEM_NODES_FLATTENED", "node hierarchy baked into model-space meshes"));
  // Our reader (like libaem's users) takes each mesh's vertices to be the range its indices span:
  // vertices no stored triangle uses would break that, so they are not written. The scene is copied
  // only when nodes or such vertices make a change necessary: a large model is written from the
  // caller's scene as it is.
  std::optional<Scene> changed;
  if (!input.nodes.empty() || std::any_of(input.meshes.begin(), input.meshes.end(), has_unused_vertices)) {
    changed = flatten_nodes(input);
    std::size_t unused = 0;
    for (auto& m : changed->meshes) {
      m.lod_indices.clear();
      unused += drop_unused_vertices(m);
    }
    if (unused > 0)
      warnings.push_back(writer_warning("AEM_UNUSED_VERTICES_DROPPED",
                                        std::to_string(unused) + " vertices no triangle uses were not written"));
  }
  const Scene& scene = changed ? *changed : input;

  // A mesh without a material gets a shared default material appended after the scene's own.
  const bool needs_default = std::any_of(scene.meshes.begin(), scene.meshes.end(), [&](const Mesh& m) {
    return m.material < 0 || static_cast<std::size_t>(m.material) >= scene.materials.size();
  });
  const std::uint32_t default_material = static_cast<std::uint32_t>(scene.materials.size());

  aem_file::Counts c;
  std::uint64_t vertices = 0, indices = 0;
  for (const auto& m : scene.meshes) {
    vertices += m.positions.size();
    indices += m.indices.size();
  }
  const auto channels = resolve_channels(scene);
  std::uint64_t keyframes = 0;
  for (const auto& per_anim : channels)
    for (const auto& ch : per_anim) keyframes += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  const std::uint64_t sequences = std::uint64_t(scene.animations.size()) * scene.joints.size();
  for (std::uint64_t n : {vertices, indices, sequences, keyframes, std::uint64_t(scene.joints.size())})
    if (n > UINT32_MAX)
      return Error{
          .code = "AEM_TOO_LARGE", .format = "AEM", .message = "scene has more than 2^32-1 elements of one kind"};
  c.vertices = static_cast<std::uint32_t>(vertices);
  c.indices = static_cast<std::uint32_t>(indices);
  c.textures = static_cast<std::uint32_t>(scene.textures.size());
  c.meshes = static_cast<std::uint32_t>(scene.meshes.size());
  c.materials = static_cast<std::uint32_t>(scene.materials.size() + (needs_default ? 1 : 0));
  c.bones = static_cast<std::uint32_t>(scene.joints.size());
  c.animations = static_cast<std::uint32_t>(scene.animations.size());
  c.sequences = static_cast<std::uint32_t>(sequences);
  c.keyframes = static_cast<std::uint32_t>(keyframes);

  w.reserve(static_cast<std::size_t>(aem_file::file_size(c)));
  w.bytes(std::as_bytes(std::span("AEM", 3)));
  w.u8(aem_file::kVersion);
  for (std::uint32_t n :
       {c.vertices, c.indices, c.textures, c.meshes, c.materials, c.bones, c.animations, c.sequences, c.keyframes})
    w.u32(n);

  bool reduced = false;
  for (const auto& m : scene.meshes) write_vertices(m, w, options.normalize_weights, reduced);
  if (reduced)
    warnings.push_back(writer_warning("AEM_INFLUENCES_REDUCED",
                                      "vertices with more than 4 joint influences kept their largest 4, renormalised"));

  std::uint32_t base = 0;
  for (const auto& m : scene.meshes) {
    // In blocks: one append per 4 096 indices instead of one per index.
    std::array<std::uint32_t, 4096> block;
    for (std::size_t at = 0; at < m.indices.size(); at += block.size()) {
      const std::size_t n = std::min(block.size(), m.indices.size() - at);
      for (std::size_t k = 0; k < n; ++k) block[k] = m.indices[at + k] + base;
      w.bytes(std::as_bytes(std::span(block.data(), n)));
      w.spill();
    }
    base += static_cast<std::uint32_t>(m.positions.size());
  }

  bool dropped_data = false, long_name = false;
  for (const auto& t : scene.textures) {
    dropped_data |= !t.data.empty();
    long_name |= t.name.size() >= aem_file::kStringSize;
    w.fixed_string(t.name, aem_file::kStringSize);
    w.spill();
  }
  if (dropped_data)
    warnings.push_back(writer_warning("AEM_TEXTURE_DATA_NOT_STORED",
                                      "AEM stores texture file names only; embedded image bytes were not written"));
  if (long_name)
    warnings.push_back(writer_warning("AEM_NAME_TRUNCATED", "texture names longer than 127 bytes were truncated"));

  std::uint32_t first = 0;
  for (const auto& m : scene.meshes) {
    w.u32(first);
    w.u32(static_cast<std::uint32_t>(m.indices.size()));
    bool valid = m.material >= 0 && static_cast<std::size_t>(m.material) < scene.materials.size();
    w.u32(valid ? static_cast<std::uint32_t>(m.material) : default_material);
    first += static_cast<std::uint32_t>(m.indices.size());
    w.spill();
  }

  auto slot = [&](std::int32_t t) { return t >= 0 && static_cast<std::size_t>(t) < scene.textures.size() ? t : -1; };
  for (const auto& mat : scene.materials) {
    const auto& tx = mat.textures;
    w.i32(slot(tx.base_color));
    w.i32(slot(tx.normal));
    // ORM: the packed map, else a glTF metallic-roughness map (G/B match, as the reference exporter does).
    w.i32(slot(tx.orm) >= 0 ? slot(tx.orm) : slot(tx.metallic_roughness));
    w.spill();
  }
  if (needs_default)
    for (int k = 0; k < 3; ++k) w.i32(-1);

  for (const auto& j : scene.joints) {
    for (float f : j.inverse_bind.m) w.f32(f);
    w.i32(j.parent);
    for (int k = 0; k < 3; ++k) w.i32(0);
    w.spill();
  }

  for (std::uint32_t a = 0; a < c.animations; ++a) {
    w.fixed_string(scene.animations[a].name, aem_file::kStringSize);
    w.f32(scene.animations[a].duration);
    w.u32(a * c.bones);
    w.spill();
  }

  // Sequences then keyframes: per animation, per bone, position then rotation then scale keys.
  std::uint32_t next_key = 0;
  for (const auto& per_anim : channels)
    for (const auto& ch : per_anim) {
      auto np = static_cast<std::uint32_t>(ch.translation.size()), nr = static_cast<std::uint32_t>(ch.rotation.size()),
           ns = static_cast<std::uint32_t>(ch.scale.size());
      for (std::uint32_t x : {next_key, np, next_key + np, nr, next_key + np + nr, ns}) w.u32(x);
      next_key += np + nr + ns;
      w.spill();
    }
  for (const auto& per_anim : channels)
    for (const auto& ch : per_anim) {
      write_keys(w, ch.translation);
      write_keys(w, ch.rotation);
      write_keys(w, ch.scale);
    }
  return result;
}

}  // namespace

Result<std::vector<std::byte>> aem_write(const Scene& scene, const WriteOptions& options) {
  detail::ByteWriter w;
  Status written = write_aem(scene, w, options);
  if (!written) return written.error();
  Result<std::vector<std::byte>> out(w.take());
  out.warnings = std::move(written.warnings);
  return out;
}

Status aem_write_stream(const Scene& scene, const WriteOptions& options, ByteSink& sink) {
  detail::ByteWriter w(sink, "AEM");
  Status written = write_aem(scene, w, options);
  if (written) w.flush();
  return written;
}

}  // namespace aem::formats
