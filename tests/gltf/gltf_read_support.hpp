// Helpers for the native glTF reader tests: a scene posed with our animator.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/scene.hpp"
#include "aem/skinning.hpp"
#include "core/flatten.hpp"
#include "support/point_sets.hpp"

namespace aem::test {

/// A vertex's (joint, weight) pairs with a positive weight, sorted: its influences whatever the slots.
inline std::vector<std::pair<std::int32_t, float>> influences(const SkinInfluences& s) {
  std::vector<std::pair<std::int32_t, float>> out;
  for (int k = 0; k < kMaxInfluences; ++k)
    if (s.weights[k] > 0) out.emplace_back(s.joints[k], s.weights[k]);
  std::sort(out.begin(), out.end());
  return out;
}

/// Each vertex's weights scaled to sum 1, as the renderer and the glTF writer do (CesiumMan's sum to
/// about 0.7).
inline void renormalise_weights(Mesh& mesh) {
  for (SkinInfluences& v : mesh.skin) {
    float sum = 0;
    for (float w : v.weights) sum += w;
    if (sum > 0)
      for (float& w : v.weights) w /= sum;
  }
}

/// Model-space positions of every mesh instance of `scene` at `seconds` of animation `anim` (-1: every
/// joint at its rest transform, the pose the node tree gives without animation).
inline std::vector<Vec3> scene_posed(const Scene& scene, int anim, float seconds) {
  Scene flat = flatten_nodes(scene);
  for (Mesh& m : flat.meshes) renormalise_weights(m);
  if (anim < 0) {  // an animation without channels leaves every joint at rest
    flat.animations.emplace_back();
    anim = static_cast<int>(flat.animations.size() - 1);
  }
  SceneAnimator animator(flat);
  std::vector<Mat4> skin(flat.joints.size());
  animator.evaluate(anim, seconds, skin);
  std::vector<Vec3> out, posed;
  for (const Mesh& m : flat.meshes) {
    pose_positions(m, skin, posed);
    out.insert(out.end(), posed.begin(), posed.end());
  }
  return out;
}

}  // namespace aem::test
