// The generated example tube (see aem/example.hpp).
#include "aem/example.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace aem {

Scene make_example_scene(const ExampleOptions& o) {
  const std::uint32_t segments = std::max(3u, o.segments), rings = std::max(2u, o.rings),
                      joints = std::max(1u, o.joints);
  const float radius = 0.25f, height = 2.0f, segment_length = height / joints;
  Scene scene;
  scene.name = "example tube";
  scene.source_format = "generated";

  Material mat;
  mat.name = "tube";
  mat.base_color = {0.9f, 0.45f, 0.15f, 1.0f};
  mat.roughness = 0.5f;
  scene.materials.push_back(mat);

  for (std::uint32_t j = 0; j < joints; ++j) {
    Joint jt;
    jt.name = "joint" + std::to_string(j);
    jt.parent = static_cast<std::int32_t>(j) - 1;
    jt.rest.translation = {0, j == 0 ? 0.0f : segment_length, 0};
    jt.inverse_bind = translation_matrix({0, -segment_length * j, 0});
    scene.joints.push_back(jt);
  }

  Mesh m;
  m.name = "tube";
  m.material = 0;
  m.uvs.resize(1);
  for (std::uint32_t r = 0; r < rings; ++r) {
    const float y = height * r / (rings - 1);
    // Each vertex blends between the joint whose segment it is in and the next one.
    const float along = y / segment_length - 0.5f;
    const std::int32_t j0 =
        std::clamp(static_cast<std::int32_t>(std::floor(along)), 0, static_cast<std::int32_t>(joints) - 1);
    const std::int32_t j1 = std::min(j0 + 1, static_cast<std::int32_t>(joints) - 1);
    const float w1 = j0 == j1 ? 0.0f : std::clamp(along - j0, 0.0f, 1.0f);
    for (std::uint32_t s = 0; s <= segments; ++s) {  // seam vertex duplicated for UVs
      const float a = 2.0f * std::numbers::pi_v<float> * s / segments;
      const Vec3 n{std::cos(a), 0, -std::sin(a)};
      m.positions.push_back({n.x * radius, y, n.z * radius});
      m.normals.push_back(n);
      m.tangents.push_back({-std::sin(a), 0, -std::cos(a), 1.0f});
      m.bitangents.push_back(cross(n, Vec3{-std::sin(a), 0, -std::cos(a)}));
      m.uvs[0].push_back({static_cast<float>(s) / segments, static_cast<float>(r) / (rings - 1)});
      SkinInfluences inf;
      inf.joints[0] = j0;
      inf.weights[0] = 1.0f - w1;
      if (w1 > 0) {
        inf.joints[1] = j1;
        inf.weights[1] = w1;
      }
      m.skin.push_back(inf);
    }
  }
  const std::uint32_t stride = segments + 1;
  for (std::uint32_t r = 0; r + 1 < rings; ++r)
    for (std::uint32_t s = 0; s < segments; ++s) {
      const std::uint32_t a = r * stride + s, b = a + 1, c = a + stride, d = c + 1;
      // Counter-clockwise seen from outside the tube.
      m.indices.insert(m.indices.end(), {a, b, c, b, d, c});
    }
  scene.meshes.push_back(std::move(m));

  Animation anim;
  anim.name = "bend";
  anim.duration = o.duration;
  anim.frame_rate = o.frame_rate;
  anim.loop = true;
  const std::uint32_t frames = std::max(2u, static_cast<std::uint32_t>(std::lround(o.duration * o.frame_rate)) + 1);
  for (std::uint32_t j = 0; j < joints; ++j) {
    Channel ch;
    ch.joint = j;
    for (std::uint32_t f = 0; f < frames; ++f) {
      const float t = o.duration * f / (frames - 1);
      const float angle =
          (j == 0 ? 0.15f : 0.35f) * std::sin(2.0f * std::numbers::pi_v<float> * t / o.duration + 0.6f * j);
      ch.rotation.push_back({t, Quat{0, 0, std::sin(angle / 2), std::cos(angle / 2)}});
    }
    ch.translation.push_back({0.0f, scene.joints[j].rest.translation});
    ch.scale.push_back({0.0f, Vec3{1, 1, 1}});
    anim.channels.push_back(std::move(ch));
  }
  scene.animations.push_back(std::move(anim));
  return scene;
}

}  // namespace aem
