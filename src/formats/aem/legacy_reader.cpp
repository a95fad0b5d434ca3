// Legacy (2022) AEM -> scene. Keyframe matrices become parent-local TRS keys: per keyframe the
// absolute pose G (docs/formats/aem.md §8), turned into world space by the armature matrix the file's skin
// matrices leave out, then L_b = G_parent^-1 * G_b, decomposed. At the key times this reproduces the
// 2022 viewer (in world space); between keys, poses of the viewer are added as keys wherever local
// interpolation would differ from its blend of absolute matrices. Frame numbers become seconds at an
// assumed 24 fps; coordinates stay Blender's Z-up (recorded in Scene::conventions, not rotated).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/legacy.hpp"
#include "formats/aem/aem_format.hpp"
#include "formats/aem/legacy_armature.hpp"

namespace aem::formats {
namespace {

Warning legacy_warning(const char* code, std::string path, std::string message) {
  return Warning{.code = code, .format = "AEM", .path = std::move(path), .message = std::move(message)};
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
    for (std::uint64_t i = 3 * first; i < 3 * (first + count); ++i)
      m.indices.push_back(remap_[view_.triangle_index(i)]);
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
      if (v.bone_weights[k] != 0.0f &&
          v.bone_indices[k] < view_.counts().bones) {  // the add-on pads with index 0, weight 0
        s.joints[k] = static_cast<std::int32_t>(v.bone_indices[k]);
        s.weights[k] = v.bone_weights[k];
      }
    m.skin.push_back(s);
  }
  // The add-on always wrote tangent and UV as 0 (docs/formats/aem.md §7): keep them only when a file has data.
  if (any_nonzero(tangents))
    for (const Vec3& t : tangents) m.tangents.push_back({t.x, t.y, t.z, 1.0f});
  if (any_nonzero(uvs)) m.uvs.push_back(std::move(uvs));
  if (!any_nonzero(m.skin)) m.skin.clear();
  return m;
}

/// One pose of every bone: world-space absolute matrices (A * G) at a time in frames.
struct TimedPose {
  float frame = 0.0f;
  std::vector<Mat4> global;
};

/// Largest difference between the skin matrices (global * inverse bind) of two poses.
float skin_difference(const LegacyView& view, std::span<const Mat4> a, std::span<const Mat4> b) {
  float worst = 0.0f;
  for (std::uint32_t i = 0; i < a.size(); ++i) {
    const Mat4 sa = a[i] * view.bone(i).inverse_bind, sb = b[i] * view.bone(i).inverse_bind;
    for (int k = 0; k < 16; ++k) worst = std::max(worst, std::abs(sa.m[k] - sb.m[k]));
  }
  return worst;
}

Transform local_transform(const LegacyView& view, std::span<const Mat4> global, std::uint32_t b) {
  const std::int32_t p = view.bone(b).parent;
  return decompose(p >= 0 ? inverse(global[p]) * global[b] : global[b]);
}

/// Adds poses between keys where interpolating parent-local TRS (what the scene and the current AEM
/// layout do) strays more than kLegacyBlendTolerance from the 2022 viewer's blend of absolute matrices
/// (any skin matrix entry). Each added pose is the viewer's; halves are refined until they agree.
class BetweenKeys {
 public:
  BetweenKeys(const LegacyView& view, const Mat4& armature) : view_(view), viewer_(view), armature_(armature) {}

  /// Appends the poses needed strictly between `a` and `b`, in time order.
  void refine(const TimedPose& a, const TimedPose& b, int depth, std::vector<TimedPose>& out) {
    if (depth >= kMaxDepth || !(b.frame - a.frame > kMinFrames)) return;
    bool apart = false;
    for (float f : {0.25f, 0.5f, 0.75f}) {
      const float frame = a.frame + (b.frame - a.frame) * f;
      apart = apart || skin_difference(view_, interpolated(a, b, frame), viewer(frame).global) > kSplitAbove;
    }
    if (!apart) return;
    TimedPose mid = viewer(a.frame + (b.frame - a.frame) * 0.5f);
    refine(a, mid, depth + 1, out);
    out.push_back(mid);
    refine(mid, b, depth + 1, out);
  }

  TimedPose viewer(float frame) {
    skin_.resize(view_.counts().bones);
    viewer_.evaluate(frame, skin_);
    TimedPose p{frame, {}};
    for (const Mat4& g : viewer_.model()) p.global.push_back(armature_ * g);
    return p;
  }

 private:
  // Gaps are checked at three points only: half the tolerance there keeps the points between within it.
  static constexpr float kSplitAbove = kLegacyBlendTolerance / 2;
  static constexpr int kMaxDepth = 8;
  static constexpr float kMinFrames = 1.0f / 16.0f;

  /// The scene's pose at `frame` from keys a and b alone: each bone's local TRS blended as the
  /// scene evaluator does (sample_channel), then multiplied down the hierarchy.
  std::vector<Mat4> interpolated(const TimedPose& a, const TimedPose& b, float frame) const {
    std::vector<Mat4> global(a.global.size());
    for (std::uint32_t i : view_.parents_first_order()) {
      Channel ch;
      const Transform la = local_transform(view_, a.global, i), lb = local_transform(view_, b.global, i);
      ch.translation = {{a.frame, la.translation}, {b.frame, lb.translation}};
      ch.rotation = {{a.frame, la.rotation}, {b.frame, lb.rotation}};
      ch.scale = {{a.frame, la.scale}, {b.frame, lb.scale}};
      const Mat4 local = compose(sample_channel(ch, la, frame));
      const std::int32_t p = view_.bone(i).parent;
      global[i] = p >= 0 ? global[p] * local : local;
    }
    return global;
  }

  const LegacyView& view_;
  LegacyAnimator viewer_;
  Mat4 armature_;
  std::vector<Mat4> skin_;
};

/// The keyframes as one animation of parent-local TRS channels, times in seconds, in world space
/// (the armature matrix applied to the roots), with poses added between keys where the viewer's
/// blend differs. Finite keyframe matrices can still multiply up to infinity: that is an error.
Result<Animation> build_animation(const LegacyView& view, Mat4& armature) {
  const auto& c = view.counts();
  std::vector<std::vector<Mat4>> key_poses(c.keyframes, std::vector<Mat4>(c.bones));
  for (std::uint32_t k = 0; k < c.keyframes; ++k) legacy_keyframe_pose(view, k, key_poses[k]);
  armature = legacy_armature_turn(view, key_poses);
  std::vector<TimedPose> keys;
  for (std::uint32_t k = 0; k < c.keyframes; ++k) {
    const std::vector<Mat4>& pose = key_poses[k];
    TimedPose key{view.key_time(k), {}};
    for (std::uint32_t b = 0; b < c.bones; ++b) {
      const std::int32_t p = view.bone(b).parent;
      key.global.push_back(armature * pose[b]);
      if (!is_finite(key.global[b]) || (p >= 0 && !is_finite(inverse(pose[p]) * pose[b])))
        return Error{.code = "AEM_LEGACY_POSE_NOT_FINITE",
                     .format = "AEM",
                     .offset = view.offsets().keyframes + legacy_file::keyframe_size(c.bones) * k + 4 +
                               legacy_file::kMatrixSize * b,
                     .path = "keyframes[" + std::to_string(k) + "].matrices[" + std::to_string(b) + "]",
                     .message = "the keyframe matrices multiply up to a pose with NaN or infinity"};
    }
    keys.push_back(std::move(key));
  }
  std::vector<TimedPose> poses;
  BetweenKeys between(view, armature);
  for (std::uint32_t k = 0; k < keys.size(); ++k) {
    if (k > 0) between.refine(keys[k - 1], keys[k], 0, poses);
    poses.push_back(keys[k]);
  }

  Animation anim;
  anim.name = "animation";
  anim.frame_rate = kLegacyAssumedFps;
  anim.duration = view.key_time(c.keyframes - 1) / kLegacyAssumedFps;
  anim.channels.resize(c.bones);
  for (std::uint32_t b = 0; b < c.bones; ++b) anim.channels[b].joint = b;
  for (const TimedPose& p : poses) {
    const float seconds = p.frame / kLegacyAssumedFps;
    for (std::uint32_t b = 0; b < c.bones; ++b) {
      const Transform local = local_transform(view, p.global, b);
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
    Mat4 armature;
    auto anim = build_animation(view, armature);
    if (!anim) return anim.error();
    scene.animations.push_back(std::move(anim.value()));
    if (!(armature == Mat4{}))
      result.warnings.push_back(
          legacy_warning("AEM_LEGACY_ARMATURE_RESTORED", "keyframes",
                         "legacy skin matrices leave out the armature object's axis turn (Blender's glTF/FBX "
                         "import); it was recovered by comparing the root bones' keys with their bind "
                         "poses and applied, so the animated mesh stays upright like the stored one"));
    result.warnings.push_back(
        legacy_warning("AEM_LEGACY_FPS_ASSUMED", "keyframes",
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
