// AEM -> scene. Keeps every number so that writing the scene back reproduces the file (docs/formats/aem.md:
// exporter files have contiguous per-mesh vertex ranges, animation-major sequences and P,R,S key runs).
#include <algorithm>
#include <cstring>

#include "formats/aem/aem_format.hpp"
#include "formats/aem/mesh_vertices.hpp"

namespace aem::formats {
namespace {

Vec3 v3(const float* f) { return {f[0], f[1], f[2]}; }

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

/// Gives the mesh the vertices `owned` assigns it, its indices renumbered to them, and a skin array
/// only when some vertex has skin.
void copy_mesh_vertices(const AemView& view, MeshVertices& owned, std::uint32_t mesh, Mesh& out) {
  const auto verts = view.vertices();
  const auto& fm = view.meshes()[mesh];
  const auto idx = view.indices().subspan(fm.first_index, fm.index_count);
  bool skinned = false;
  std::vector<std::uint32_t> used;  // shared vertices: scene vertex k is file vertex used[k]
  owned.for_each(mesh, [&](std::uint32_t v) {
    copy_vertex(verts[v], out);
    skinned |= has_skin(verts[v]);
    if (owned.shared()) used.push_back(v);
  });
  out.indices.reserve(idx.size());
  if (owned.shared())
    for (std::uint32_t v : idx)
      out.indices.push_back(static_cast<std::uint32_t>(std::lower_bound(used.begin(), used.end(), v) - used.begin()));
  else
    for (std::uint32_t v : idx) out.indices.push_back(v - owned.range_start(mesh));
  if (!skinned) out.skin.clear();
  if (std::all_of(out.rigid_joints.begin(), out.rigid_joints.end(), [](std::int32_t j) { return j == -1; }))
    out.rigid_joints.clear();
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

Result<Scene> aem_view_to_scene(const AemView& view, AemSceneContent content) {
  Scene scene;
  scene.source_format = "AEM";
  scene.source_notes.push_back({"layout", "current (version 1)"});
  // AEM v is a top-down coordinate of the image file as stored (docs/formats/aem.md §3.6).
  scene.conventions.uv_origin_bottom_left = false;
  Result<Scene> result(Scene{});

  MeshVertices owned(view);
  if (owned.shared())
    result.warnings.push_back(
        Warning{.code = "AEM_VERTICES_SHARED",
                .format = "AEM",
                .path = "meshes",
                .message = "meshes do not own contiguous vertex ranges; each mesh gets its own copy of the "
                           "vertices it uses, and vertices no mesh uses are dropped"});
  for (std::uint32_t i = 0; i < view.counts().meshes; ++i) {
    const auto& fm = view.meshes()[i];
    Mesh m;
    m.name = "mesh" + std::to_string(i);
    m.material = static_cast<std::int32_t>(fm.material_index);
    m.uvs.resize(1);
    if (content == AemSceneContent::Everything) copy_mesh_vertices(view, owned, i, m);
    if (fm.index_count % 3 != 0)
      result.warnings.push_back(Warning{.code = "AEM_PARTIAL_TRIANGLE",
                                        .format = "AEM",
                                        .offset = view.offsets().meshes + 12ull * i,
                                        .path = "meshes[" + std::to_string(i) + "]",
                                        .message = "index count is not a multiple of 3"});
    scene.meshes.push_back(std::move(m));
  }

  for (std::uint32_t t = 0; t < view.counts().textures; ++t)
    scene.textures.push_back({std::string(view.texture_name(t)), {}, {}});
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
      if (content == AemSceneContent::Everything) {
        ch.translation = keys<Vec3>(view, s.first_position, s.position_count, [](const float* f) { return v3(f); });
        ch.rotation = keys<Quat>(view, s.first_rotation, s.rotation_count, [](const float* f) {
          return Quat{f[0], f[1], f[2], f[3]};
        });
        ch.scale = keys<Vec3>(view, s.first_scale, s.scale_count, [](const float* f) { return v3(f); });
      }
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
