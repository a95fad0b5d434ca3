// mocap_clip (see mocap_clip.hpp).
#include "support/mocap_clip.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace aem::test {
namespace {

constexpr float kPi = 3.14159265f;

struct Bone {
  std::string name;
  int parent;
  Vec3 offset;
  float swing;  ///< how far the joint turns, radians (gait joints most, fingers least)
  float pace;   ///< its main frequency, Hz
};

/// A humanoid in metres, parents first: 55 joints, then finger tips until `count`.
std::vector<Bone> skeleton(int count) {
  std::vector<Bone> b;
  auto add = [&](std::string name, int parent, Vec3 offset, float swing, float pace) {
    b.push_back({std::move(name), parent, offset, swing, pace});
    return static_cast<int>(b.size()) - 1;
  };
  constexpr float gait = 0.9f;
  const int hips = add("hips", -1, {0, 1.0f, 0}, 0.1f, gait);
  int spine = add("spine", hips, {0, 0.1f, 0}, 0.05f, gait);
  spine = add("spine1", spine, {0, 0.12f, 0}, 0.05f, gait);
  const int chest = add("spine2", spine, {0, 0.12f, 0}, 0.05f, gait);
  const int neck = add("neck", chest, {0, 0.15f, 0}, 0.08f, 0.3f);
  const int head = add("head", neck, {0, 0.1f, 0}, 0.1f, 0.3f);
  add("head_end", head, {0, 0.15f, 0}, 0.0f, 0.3f);
  std::vector<int> finger_ends;
  for (float side : {1.0f, -1.0f}) {
    const std::string s = side > 0 ? "_l" : "_r";
    int leg = add("upleg" + s, hips, {0.1f * side, -0.05f, 0}, 0.5f, gait);
    leg = add("leg" + s, leg, {0, -0.45f, 0}, 0.6f, gait);
    leg = add("foot" + s, leg, {0, -0.42f, 0}, 0.3f, gait);
    leg = add("toe" + s, leg, {0, -0.05f, 0.12f}, 0.2f, gait);
    add("toe_end" + s, leg, {0, 0, 0.05f}, 0.0f, gait);
  }
  for (float side : {1.0f, -1.0f}) {
    const std::string s = side > 0 ? "_l" : "_r";
    int arm = add("shoulder" + s, chest, {0.05f * side, 0.1f, 0}, 0.1f, gait);
    arm = add("arm" + s, arm, {0.12f * side, 0, 0}, 0.4f, gait);
    arm = add("forearm" + s, arm, {0.28f * side, 0, 0}, 0.35f, gait);
    const int hand = add("hand" + s, arm, {0.25f * side, 0, 0}, 0.2f, 0.5f);
    const float across[5] = {0.03f, 0.03f, 0.01f, -0.01f, -0.03f};
    for (int f = 0; f < 5; ++f) {
      const std::string n = "finger" + std::to_string(f) + s;
      int j = add(n + "_1", hand, {(f == 0 ? 0.02f : 0.08f) * side, 0, across[f]}, 0.25f, 0.3f);
      j = add(n + "_2", j, {0.035f * side, 0, 0}, 0.3f, 0.3f);
      finger_ends.push_back(add(n + "_3", j, {0.025f * side, 0, 0}, 0.3f, 0.3f));
    }
  }
  for (std::size_t i = 0; static_cast<int>(b.size()) < count; ++i) {
    const int end = finger_ends[i % finger_ends.size()];
    add(b[end].name + "_tip" + std::to_string(i / finger_ends.size()), end, b[end].offset * 0.7f, 0.2f, 0.3f);
    finger_ends[i % finger_ends.size()] = static_cast<int>(b.size()) - 1;
  }
  b.resize(static_cast<std::size_t>(count));
  return b;
}

Quat axis_angle(const Vec3& axis, float angle) {
  const float s = std::sin(0.5f * angle);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(0.5f * angle)};
}

/// A tube of 8 x 3 vertices from joint `from`'s bind origin to `to`'s, skinned to `from` and blended
/// into `to` at its far end.
void add_tube(Mesh& mesh, const Vec3& a, const Vec3& b, std::int32_t from, std::int32_t to, float radius) {
  const Vec3 along = b - a;
  if (length(along) <= 0.0f) return;
  const Vec3 dir = normalize(along);
  const Vec3 side = normalize(std::fabs(dir.y) < 0.9f ? cross(dir, Vec3{0, 1, 0}) : cross(dir, Vec3{1, 0, 0}));
  const Vec3 up = cross(side, dir);
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  const float rings[3] = {0.1f, 0.5f, 0.9f};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 8; ++k) {
      const float angle = 2.0f * kPi * static_cast<float>(k) / 8.0f;
      mesh.positions.push_back(a + along * rings[r] + side * (radius * std::cos(angle)) +
                               up * (radius * std::sin(angle)));
      mesh.normals.push_back(normalize(side * std::cos(angle) + up * std::sin(angle)));
      SkinInfluences s;
      s.joints[0] = from;
      s.weights[0] = r == 2 ? 0.5f : 1.0f;
      if (r == 2) s.joints[1] = to, s.weights[1] = 0.5f;
      mesh.skin.push_back(s);
    }
  for (std::uint32_t r = 0; r < 2; ++r)
    for (std::uint32_t k = 0; k < 8; ++k) {
      const std::uint32_t i0 = base + r * 8 + k, i1 = base + r * 8 + (k + 1) % 8, i2 = i0 + 8, i3 = i1 + 8;
      mesh.indices.insert(mesh.indices.end(), {i0, i1, i2, i1, i3, i2});
    }
}

}  // namespace

Scene mocap_clip(const MocapClipShape& shape) {
  const std::vector<Bone> bones = skeleton(shape.joints);
  Scene scene;
  scene.name = "mocap";
  for (const Bone& b : bones) {
    Joint j;
    j.name = b.name;
    j.parent = b.parent;
    j.rest.translation = b.offset;
    scene.joints.push_back(j);
  }
  const std::vector<Mat4> rest = joint_rest_matrices(scene);
  for (std::size_t j = 0; j < bones.size(); ++j) scene.joints[j].inverse_bind = inverse(rest[j]);

  Animation anim;
  anim.name = "capture";
  anim.duration = shape.seconds;
  anim.frame_rate = shape.rate;
  const auto frames = static_cast<std::size_t>(std::lround(shape.seconds * shape.rate)) + 1;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (std::size_t j = 0; j < bones.size(); ++j) {
    const Bone& b = bones[j];
    // Per axis: the main swing with its second harmonic and a slow drift, each at its own phase.
    float amplitude[3], phase[3][3];
    for (int a = 0; a < 3; ++a) {
      amplitude[a] = b.swing * (a == 0 ? 1.0f : 0.3f) * (0.7f + 0.6f * unit(rng));
      for (auto& p : phase[a]) p = 2.0f * kPi * unit(rng);
    }
    Channel ch;
    ch.joint = static_cast<std::uint32_t>(j);
    for (std::size_t k = 0; k < frames; ++k) {
      const float t = static_cast<float>(k) / shape.rate;
      float angle[3];
      for (int a = 0; a < 3; ++a)
        angle[a] = amplitude[a] *
                   (std::sin(2 * kPi * b.pace * t + phase[a][0]) + 0.3f * std::sin(4 * kPi * b.pace * t + phase[a][1]) +
                    0.2f * std::sin(2 * kPi * 0.05f * t + phase[a][2]));
      const Quat q =
          axis_angle({0, 0, 1}, angle[2]) * axis_angle({0, 1, 0}, angle[1]) * axis_angle({1, 0, 0}, angle[0]);
      Vec3 position = b.offset;
      if (b.parent < 0)  // the root walks forward, bobbing twice a stride
        position = {0.02f * std::sin(2 * kPi * b.pace * t), b.offset.y + 0.03f * std::sin(4 * kPi * b.pace * t),
                    1.4f * t};
      ch.translation.push_back({t, position});
      ch.rotation.push_back({t, normalize(q)});
      ch.scale.push_back({t, {1, 1, 1}});
    }
    anim.channels.push_back(std::move(ch));
  }
  scene.animations.push_back(std::move(anim));

  if (shape.mesh) {
    Mesh mesh;
    mesh.name = "body";
    for (std::size_t j = 0; j < bones.size(); ++j) {
      const int p = bones[j].parent;
      if (p < 0) continue;
      const Vec3 a{rest[p].m[12], rest[p].m[13], rest[p].m[14]}, b{rest[j].m[12], rest[j].m[13], rest[j].m[14]};
      const float radius = std::min(0.06f, 0.25f * length(b - a));
      add_tube(mesh, a, b, p, static_cast<std::int32_t>(j), radius);
    }
    scene.meshes.push_back(std::move(mesh));
  }
  return scene;
}

}  // namespace aem::test
