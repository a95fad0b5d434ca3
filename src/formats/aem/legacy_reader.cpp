// Legacy (2022) AEM -> scene. Keyframe matrices become parent-local TRS keys: per keyframe the
// absolute pose G (aem-notes.md §8), then L_b = G_parent^-1 * G_b, decomposed. At the key times this
// reproduces the 2022 viewer; between keys the scene interpolates locally where the viewer blended
// absolute matrices. Frame numbers become seconds at an assumed 24 fps; coordinates stay Blender's
// Z-up (recorded in Scene::conventions, not rotated).
#include <algorithm>
#include <cstdint>
#include <string>

#include "aem/legacy.hpp"
#include "formats/aem/aem_format.hpp"

namespace aem::formats {
namespace {

Warning legacy_warning(const char* code, std::string path, std::string message) {
  return Warning{code, "AEM", {}, {}, {}, std::move(path), std::move(message)};
}

template <class V>
bool any_nonzero(const std::vector<V>& values) {
  return std::any_of(values.begin(), values.end(), [](const V& v) { return !(v == V{}); });
}

/// Builds scene meshes from runs of triangles. Each mesh gets the vertices its triangles use, in file
/// order. The vertex -> mesh-vertex table is allocated once and reset after each mesh, so the work is
/// linear in the triangles whatever the number of meshes.
class MeshBuilder {
 public:
  explicit MeshBuilder(const LegacyView& view) : view_(view), remap_(view.counts().vertices, kUnused) {}

  Mesh build(std::uint64_t first, std::uint64_t count, std::string name) {
    used_.clear();
    for (std::uint64_t i = 3 * first; i < 3 * (first + count); ++i) {
      const std::uint32_t v = view_.triangle_index(i);
      if (remap_[v] == kUnused) {
        remap_[v] = 0;
        used_.push_back(v);
      }
    }
    std::sort(used_.begin(), used_.end());
    for (std::uint32_t k = 0; k < used_.size(); ++k) remap_[used_[k]] = k;
    Mesh m = copy_vertices(std::move(name));
    for (std::uint64_t i = 3 * first; i < 3 * (first + count); ++i) m.indices.push_back(remap_[view_.triangle_index(i)]);
    for (std::uint32_t v : used_) remap_[v] = kUnused;
    return m;
  }

 private:
  static constexpr std::uint32_t kUnused = UINT32_MAX;
  Mesh copy_vertices(std::string name) const;

  const LegacyView& view_;
  std::vector<std::uint32_t> remap_, used_;
};

Mesh MeshBuilder::copy_vertices(std::string name) const {
  Mesh m;
  m.name = std::move(name);
  std::vector<Vec3> tangents;
  std::vector<Vec2> uvs;
  for (std::uint32_t vi : used_) {
    const legacy_file::Vertex v = view_.vertex(vi);
    m.positions.push_back(v.position);
    m.normals.push_back(v.normal);
    tangents.push_back(v.tangent);
    uvs.push_back(v.uv);
    SkinInfluences s;
    for (int k = 0; k < 4; ++k)
      if (v.bone_weights[k] != 0.0f && v.bone_indices[k] < view_.counts().bones) {  // the add-on pads with index 0, weight 0
        s.joints[k] = static_cast<std::int32_t>(v.bone_indices[k]);
        s.weights[k] = v.bone_weights[k];
      }
    m.skin.push_back(s);
  }
  // The add-on always wrote tangent and UV as 0 (aem-notes.md §7): keep them only when a file has data.
  if (any_nonzero(tangents))
    for (const Vec3& t : tangents) m.tangents.push_back({t.x, t.y, t.z, 1.0f});
  if (any_nonzero(uvs)) m.uvs.push_back(std::move(uvs));
  if (!any_nonzero(m.skin)) m.skin.clear();
  return m;
}

/// The keyframes as one animation of parent-local TRS channels, times in seconds. Finite keyframe
/// matrices can still multiply up to infinity: that is an error.
Result<Animation> build_animation(const LegacyView& view) {
  const auto& c = view.counts();
  Animation anim;
  anim.name = "animation";
  anim.frame_rate = kLegacyAssumedFps;
  anim.duration = view.key_time(c.keyframes - 1) / kLegacyAssumedFps;
  anim.channels.resize(c.bones);
  for (std::uint32_t b = 0; b < c.bones; ++b) anim.channels[b].joint = b;
  std::vector<Mat4> pose(c.bones);
  for (std::uint32_t k = 0; k < c.keyframes; ++k) {
    legacy_keyframe_pose(view, k, pose);
    const float seconds = view.key_time(k) / kLegacyAssumedFps;
    for (std::uint32_t b = 0; b < c.bones; ++b) {
      const std::int32_t p = view.bone(b).parent;
      const Mat4 local_matrix = p >= 0 ? inverse(pose[p]) * pose[b] : pose[b];
      if (!is_finite(pose[b]) || !is_finite(local_matrix))
        return Error{"AEM_LEGACY_POSE_NOT_FINITE", "AEM", {},
                     view.offsets().keyframes + legacy_file::keyframe_size(c.bones) * k + 4 + legacy_file::kMatrixSize * b, {},
                     "keyframes[" + std::to_string(k) + "].matrices[" + std::to_string(b) + "]",
                     "the keyframe matrices multiply up to a pose with NaN or infinity"};
      const Transform local = decompose(local_matrix);
      Channel& ch = anim.channels[b];
      ch.translation.push_back({seconds, local.translation});
      ch.rotation.push_back({seconds, local.rotation});
      ch.scale.push_back({seconds, local.scale});
    }
  }
  return anim;
}

}  // namespace

Result<Scene> legacy_view_to_scene(const LegacyView& view) {
  const auto& c = view.counts();
  Result<Scene> result(Scene{});
  Scene& scene = result.value();
  scene.source_format = "AEM";
  scene.source_notes.push_back({"layout", "legacy (2022)"});
  scene.source_notes.push_back({"fps", "24 (assumed)"});
  scene.source_notes.push_back({"coordinates", "Blender world space, Z up"});
  scene.conventions.up = UpAxis::Z;

  MeshBuilder meshes(view);
  std::uint64_t first = 0;
  for (std::uint32_t i = 0; i < c.meshes; ++i) {
    const std::uint32_t count = view.mesh_triangle_count(i);
    scene.meshes.push_back(meshes.build(first, count, "mesh" + std::to_string(i)));
    first += count;
  }
  if (first < c.triangles) scene.meshes.push_back(meshes.build(first, c.triangles - first, "unassigned_triangles"));

  for (std::uint32_t b = 0; b < c.bones; ++b) {
    const legacy_file::Bone bone = view.bone(b);
    Joint j;
    j.name = "bone" + std::to_string(b);
    j.parent = bone.parent;
    j.inverse_bind = bone.inverse_bind;
    scene.joints.push_back(j);
  }
  // Rest pose: the local transform that makes every skin matrix identity (the file stores none).
  for (auto& j : scene.joints)
    j.rest = decompose((j.parent >= 0 ? scene.joints[j.parent].inverse_bind : Mat4{}) * inverse(j.inverse_bind));

  if (c.keyframes > 0) {
    auto anim = build_animation(view);
    if (!anim) return anim.error();
    scene.animations.push_back(std::move(anim.value()));
    result.warnings.push_back(legacy_warning("AEM_LEGACY_FPS_ASSUMED", "keyframes",
                                             "legacy key times are Blender frame numbers; converted to seconds at an assumed " +
                                                 std::to_string(static_cast<int>(kLegacyAssumedFps)) + " fps"));
  }
  return result;
}

Result<Scene> legacy_read(const ReadInput& input) {
  auto view = LegacyView::validate(input.bytes);
  if (!view) return view.error();
  auto scene = legacy_view_to_scene(view.value());
  scene.warnings.insert(scene.warnings.begin(), view.warnings.begin(), view.warnings.end());
  return scene;
}

}  // namespace aem::formats
