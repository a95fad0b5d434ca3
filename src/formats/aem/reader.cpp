// AEM -> scene. Keeps every number so that writing the scene back reproduces the file (docs/formats/aem.md:
// exporter files have contiguous per-mesh vertex ranges, animation-major sequences and P,R,S key runs).
#include <algorithm>
#include <cstring>

#include "formats/aem/aem_format.hpp"

namespace aem::formats {
namespace {

Vec3 v3(const float* f) { return {f[0], f[1], f[2]}; }

/// Per mesh, the vertex range it owns; empty when meshes do not own disjoint ascending ranges
/// that together cover every vertex (then each mesh gets a compacted copy instead).
std::vector<std::pair<std::uint32_t, std::uint32_t>> contiguous_ranges(const AemView& view) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  std::uint64_t next_vertex = 0, next_index = 0;
  const auto idx = view.indices();
  for (const auto& m : view.meshes()) {
    if (m.first_index != next_index) return {};
    std::uint32_t lo = UINT32_MAX, hi = 0;
    for (std::uint32_t k = 0; k < m.index_count; ++k) {
      lo = std::min(lo, idx[m.first_index + k]);
      hi = std::max(hi, idx[m.first_index + k]);
    }
    if (m.index_count == 0) {
      ranges.emplace_back(static_cast<std::uint32_t>(next_vertex), static_cast<std::uint32_t>(next_vertex));
      continue;
    }
    if (lo != next_vertex) return {};
    ranges.emplace_back(lo, hi + 1);
    next_vertex = std::uint64_t(hi) + 1;
    next_index += m.index_count;
  }
  if (next_vertex != view.counts().vertices || next_index != view.counts().indices) return {};
  return ranges;
}

void copy_vertex(const aem_file::Vertex& v, Mesh& out) {
  Vec3 n = v3(v.normal), t = v3(v.tangent), b = v3(v.bitangent);
  out.positions.push_back(v3(v.position));
  out.normals.push_back(n);
  out.tangents.push_back({t.x, t.y, t.z, dot(cross(n, t), b) < 0 ? -1.0f : 1.0f});
  out.bitangents.push_back(b);
  out.uvs[0].push_back({v.uv[0], v.uv[1]});
  SkinInfluences s;
  for (int k = 0; k < 4; ++k) {
    s.joints[k] = v.bone_indices[k];
    s.weights[k] = v.bone_weights[k];
  }
  out.skin.push_back(s);
  out.rigid_joints.push_back(v.extra_bone);
}

/// Drops per-vertex arrays that hold nothing (no skin, no extra bone) so the scene stays lean.
void drop_empty_skin(Mesh& m) {
  bool any_skin = std::any_of(m.skin.begin(), m.skin.end(), [](const SkinInfluences& s) {
    return std::any_of(s.joints.begin(), s.joints.begin() + 4, [](std::int32_t j) { return j >= 0; }) ||
           std::any_of(s.weights.begin(), s.weights.begin() + 4, [](float w) { return w != 0.0f; });
  });
  if (!any_skin) m.skin.clear();
  if (std::all_of(m.rigid_joints.begin(), m.rigid_joints.end(), [](std::int32_t j) { return j == -1; }))
    m.rigid_joints.clear();
}

template <class V, class F>
std::vector<Key<V>> keys(const AemView& view, std::uint32_t first, std::uint32_t count, F convert) {
  std::vector<Key<V>> out;
  out.reserve(count);
  for (std::uint32_t k = 0; k < count; ++k) {
    const auto& kf = view.keyframes()[first + k];
    out.push_back({kf.time, convert(kf.value)});
  }
  return out;
}

}  // namespace

bool aem_sniff(std::span<const std::byte> head) { return head.size() >= 3 && std::memcmp(head.data(), "AEM", 3) == 0; }

Result<Scene> aem_view_to_scene(const AemView& view) {
  Scene scene;
  scene.source_format = "AEM";
  scene.source_notes.push_back({"layout", "current (version 1)"});
  // AEM v is a top-down coordinate of the image file as stored (docs/formats/aem.md §3.6).
  scene.conventions.uv_origin_bottom_left = false;
  Result<Scene> result(Scene{});

  const auto verts = view.vertices();
  const auto idx = view.indices();
  auto ranges = contiguous_ranges(view);
  if (ranges.empty() && view.counts().meshes > 0)
    result.warnings.push_back(Warning{"AEM_VERTICES_SHARED", "AEM", {}, {}, {}, "meshes",
                                      "meshes do not own contiguous vertex ranges; each mesh gets its own copy of the "
                                      "vertices it uses, and vertices no mesh uses are dropped"});
  for (std::uint32_t i = 0; i < view.counts().meshes; ++i) {
    const auto& fm = view.meshes()[i];
    Mesh m;
    m.name = "mesh" + std::to_string(i);
    m.material = static_cast<std::int32_t>(fm.material_index);
    m.uvs.resize(1);
    if (!ranges.empty()) {
      auto [lo, hi] = ranges[i];
      for (std::uint32_t v = lo; v < hi; ++v) copy_vertex(verts[v], m);
      for (std::uint32_t k = 0; k < fm.index_count; ++k) m.indices.push_back(idx[fm.first_index + k] - lo);
    } else {
      std::vector<std::uint32_t> used(idx.begin() + fm.first_index, idx.begin() + fm.first_index + fm.index_count);
      std::sort(used.begin(), used.end());
      used.erase(std::unique(used.begin(), used.end()), used.end());
      for (std::uint32_t v : used) copy_vertex(verts[v], m);
      for (std::uint32_t k = 0; k < fm.index_count; ++k)
        m.indices.push_back(static_cast<std::uint32_t>(
            std::lower_bound(used.begin(), used.end(), idx[fm.first_index + k]) - used.begin()));
    }
    if (m.indices.size() % 3 != 0)
      result.warnings.push_back(Warning{"AEM_PARTIAL_TRIANGLE", "AEM", {}, view.offsets().meshes + 12ull * i, {},
                                        "meshes[" + std::to_string(i) + "]", "index count is not a multiple of 3"});
    drop_empty_skin(m);
    scene.meshes.push_back(std::move(m));
  }

  for (std::uint32_t t = 0; t < view.counts().textures; ++t) scene.textures.push_back({std::string(view.texture_name(t)), {}, {}});
  for (const auto& fm : view.materials()) {
    Material mat;
    auto slot = [&](std::int32_t t) { return aem_file::is_no_texture(t, view.counts().textures) ? -1 : t; };
    mat.textures.base_color = slot(fm.base_color);
    mat.textures.normal = slot(fm.normal);
    mat.textures.orm = slot(fm.orm);
    scene.materials.push_back(mat);
  }

  const auto bones = view.bones();
  for (std::uint32_t b = 0; b < bones.size(); ++b) {
    Joint j;
    j.name = "bone" + std::to_string(b);
    j.parent = bones[b].parent;
    std::memcpy(j.inverse_bind.m.data(), bones[b].inverse_bind, sizeof(float) * 16);
    scene.joints.push_back(j);
  }
  // Rest pose: the local transform that makes every skin matrix identity (AEM stores no rest pose).
  for (auto& j : scene.joints) {
    Mat4 parent_ib = j.parent >= 0 ? scene.joints[j.parent].inverse_bind : Mat4{};
    j.rest = decompose(parent_ib * inverse(j.inverse_bind));
  }

  for (std::uint32_t a = 0; a < view.counts().animations; ++a) {
    const auto& fa = view.animations()[a];
    Animation anim;
    anim.name = std::string(view.animation_name(a));
    anim.duration = fa.duration;
    for (std::uint32_t b = 0; b < bones.size(); ++b) {
      const auto& s = view.sequence(a, b);
      Channel ch;
      ch.joint = b;
      ch.translation = keys<Vec3>(view, s.first_position, s.position_count, [](const float* f) { return v3(f); });
      ch.rotation = keys<Quat>(view, s.first_rotation, s.rotation_count,
                               [](const float* f) { return Quat{f[0], f[1], f[2], f[3]}; });
      ch.scale = keys<Vec3>(view, s.first_scale, s.scale_count, [](const float* f) { return v3(f); });
      anim.channels.push_back(std::move(ch));
    }
    scene.animations.push_back(std::move(anim));
  }
  result.value() = std::move(scene);
  return result;
}

namespace {

/// The current layout, through the validated runtime view.
Result<Scene> current_read(const ReadInput& input) {
  auto model = AemModel::from_memory(input.bytes, reinterpret_cast<std::uintptr_t>(input.bytes.data()) % 4 != 0);
  if (!model) {
    model.error().file = input.path.string();
    return model.error();
  }
  auto scene = aem_view_to_scene(model->view());
  scene.warnings.insert(scene.warnings.begin(), model.warnings.begin(), model.warnings.end());
  return scene;
}

}  // namespace

Result<Scene> aem_read(const ReadInput& input) {
  auto layout = detect_aem_layout(input.bytes);
  if (!layout) {
    layout.error().file = input.path.string();
    return layout.error();
  }
  if (layout.value() == AemLayout::Legacy) {
    auto scene = legacy_read(input);
    for (auto& w : scene.warnings) w.file = input.path.string();
    return scene;
  }
  auto scene = current_read(input);
  scene.warnings.insert(scene.warnings.begin(), layout.warnings.begin(), layout.warnings.end());
  for (auto& w : scene.warnings) w.file = input.path.string();
  return scene;
}

}  // namespace aem::formats
