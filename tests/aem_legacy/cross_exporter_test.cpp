// The same model (RiggedSimple) from the 2022 Blender add-on and from the current exporter: posed
// vertex positions agree at the legacy key times once both are put in one frame. Why they differ
// without that, and the two transforms that reconcile them:
// - Axes. The legacy file is in Blender world space (Z up); the current file is in glTF model space
//   (Y up). Blender's glTF import turned Y up into Z up, so glTF = Rx(-90deg) * Blender world.
// - Armature transform. A legacy skin matrix is G * inverse(armature_world * bone_rest) with G in
//   armature space (docs/formats/aem.md §8), so legacy posed vertices are in armature space and lose the
//   armature object's transform A. The root bone is not animated, so its skin matrix at frame 0 is
//   exactly A^-1; for RiggedSimple A = Rx(-90deg). World = A * legacy posed.
// - Time. Legacy key times are frame numbers; the add-on shifted them so the first key (Blender
//   frame 1 = glTF 1/24 s) is 0 and sampled the pose at the shifted frame, so the legacy key at frame
//   f holds the glTF pose at f / 24 s: the same seconds on both sides. Between legacy keys the two
//   interpolate different samples, so only key times are compared.
// - Interpolation. Blender sampled its imported rotation curves component by component, then
//   normalised (not slerp). Between the glTF keys 34 degrees apart that moves the legacy keys at frames
//   24 and 49 by about 2.6e-4 rad, 1.5e-3 units at the tip, against libaem's slerp. The test models
//   Blender's sampling with an extra key and then needs no tolerance beyond float noise.
// - Bones. The current file has 5 bones (hierarchy and mesh bones, and an extra bone per vertex),
//   the legacy file 2: positions are compared, not matrices. Vertex order is the same in both.
#include <gtest/gtest.h>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// Position of a legacy vertex: sum of weight * skin * p over the slots that carry weight.
Vec3 pose_legacy(const legacy_file::Vertex& v, std::span<const Mat4> skin) {
  Vec3 out{};
  for (int k = 0; k < 4; ++k)
    if (v.bone_weights[k] != 0.0f) out = out + transform_point(skin[v.bone_indices[k]], v.position) * v.bone_weights[k];
  return out;
}

/// Position of a current-layout vertex as the reference viewer computes it (docs/formats/aem.md §4): the
/// extra bone first, then the weighted skin sum over slots with an index and a weight.
Vec3 pose_current(const aem_file::Vertex& v, std::span<const Mat4> skin) {
  Vec3 p{v.position[0], v.position[1], v.position[2]};
  if (v.extra_bone >= 0) p = transform_point(skin[v.extra_bone], p);
  if (v.bone_indices[0] < 0) return p;
  Vec3 out{};
  for (int k = 0; k < 4; ++k)
    if (v.bone_indices[k] >= 0 && v.bone_weights[k] != 0.0f)
      out = out + transform_point(skin[v.bone_indices[k]], p) * v.bone_weights[k];
  return out;
}

/// The scene with a rotation key added at time t wherever t falls between two keys, holding the
/// component-wise lerp of those keys, normalised: what Blender's curves give at t.
Scene with_blender_sampled_rotations(Scene scene, float t) {
  for (auto& anim : scene.animations)
    for (auto& ch : anim.channels) {
      auto& keys = ch.rotation;
      for (std::size_t i = 1; i < keys.size(); ++i) {
        if (!(keys[i - 1].time < t && t < keys[i].time)) continue;
        const float f = (t - keys[i - 1].time) / (keys[i].time - keys[i - 1].time);
        const Quat a = keys[i - 1].value, b = keys[i].value;
        const Quat q =
            normalize(Quat{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, a.w + (b.w - a.w) * f});
        keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(i), Key<Quat>{t, q});
        break;
      }
    }
  return scene;
}

Mat4 rotation_x(float degrees) {
  const float r = degrees * 3.14159265358979f / 180.0f;
  Mat4 m;
  m(1, 1) = std::cos(r);
  m(2, 1) = std::sin(r);
  m(1, 2) = -std::sin(r);
  m(2, 2) = std::cos(r);
  return m;
}

TEST(LegacyCrossExporter, PosedVerticesMatchTheCurrentExporterAtLegacyKeyTimes) {
  AEM_CORPUS_FILE(legacy_path, "aem-legacy/RiggedSimple.legacy.aem");
  AEM_CORPUS_FILE(current_path, "aem/RiggedSimple.aem");
  const auto legacy_bytes = test::read_bytes(legacy_path);
  auto legacy = LegacyView::validate(legacy_bytes);
  ASSERT_TRUE(legacy) << legacy.error().to_string();
  auto current = AemModel::load(current_path);
  ASSERT_TRUE(current) << current.error().to_string();
  const AemView& cv = current->view();
  ASSERT_EQ(cv.counts().vertices, legacy->counts().vertices);

  auto current_scene = read_scene(current_path);
  ASSERT_TRUE(current_scene) << current_scene.error().to_string();
  ASSERT_EQ(current_scene->joints.size(), cv.counts().bones);

  LegacyAnimator legacy_animator(legacy.value());
  std::vector<Mat4> legacy_skin(legacy->counts().bones), current_skin(cv.counts().bones);

  // The armature transform, from the file: inverse of the unanimated root's skin matrix at frame 0.
  legacy_animator.evaluate(0.0f, legacy_skin);
  const Mat4 armature_world = inverse(legacy_skin[0]);
  const Mat4 expected_armature = rotation_x(-90);
  for (int i = 0; i < 16; ++i)
    ASSERT_NEAR(armature_world.m[i], expected_armature.m[i], 1e-5f) << "armature transform element " << i;
  const Mat4 to_current = rotation_x(-90) * armature_world;  // Blender Z-up world -> glTF Y-up

  // Worst vertex distance at each legacy key: with libaem's slerp, then with Blender's sampling.
  auto worst_distance = [&](const Scene& scene, float seconds) {
    SceneAnimator animator(scene);
    animator.evaluate(0, seconds, current_skin);
    float worst = 0;
    for (std::uint32_t i = 0; i < cv.counts().vertices; ++i) {
      const Vec3 a = transform_point(to_current, pose_legacy(legacy->vertex(i), legacy_skin));
      const Vec3 b = pose_current(cv.vertices()[i], current_skin);
      worst = std::max(worst, length(a - b));
    }
    return worst;
  };
  for (std::uint32_t k = 0; k < legacy->counts().keyframes; ++k) {
    const float frame = legacy->key_time(k), seconds = frame / kLegacyAssumedFps;
    legacy_animator.evaluate(frame, legacy_skin);
    EXPECT_LT(worst_distance(current_scene.value(), seconds), 2e-3f)
        << "key " << k << " at frame " << frame << " (slerp)";
    EXPECT_LT(worst_distance(with_blender_sampled_rotations(current_scene.value(), seconds), seconds), 1e-5f)
        << "key " << k << " at frame " << frame << " (Blender's sampling)";
  }
}

TEST(LegacyCrossExporter, BindPoseVerticesDifferOnlyByTheAxisConversion) {
  AEM_CORPUS_FILE(legacy_path, "aem-legacy/RiggedSimple.legacy.aem");
  AEM_CORPUS_FILE(current_path, "aem/RiggedSimple.aem");
  const auto legacy_bytes = test::read_bytes(legacy_path);
  auto legacy = LegacyView::validate(legacy_bytes);
  ASSERT_TRUE(legacy);
  auto current = AemModel::load(current_path);
  ASSERT_TRUE(current);
  // Stored positions: Blender world (x, y, z) is glTF (x, z, -y).
  for (std::uint32_t i = 0; i < legacy->counts().vertices; ++i) {
    const Vec3 a = transform_point(rotation_x(-90), legacy->vertex(i).position);
    const float* b = current->view().vertices()[i].position;
    EXPECT_NEAR(a.x, b[0], 1e-5f) << i;
    EXPECT_NEAR(a.y, b[1], 1e-5f) << i;
    EXPECT_NEAR(a.z, b[2], 1e-5f) << i;
  }
}

}  // namespace
}  // namespace aem
