// stored_keys (see stored_keys.hpp).
#include "convert/stored_keys.hpp"

#include "aem/aem_file.hpp"
#include "aem/scene_animation.hpp"

namespace aem::convert {
namespace {

/// Keys of one list in AEM: with_linear_keys adds a key before each later time of a Step list, and
/// the writer gives an empty list one rest key unless AEM's empty list (identity) already plays it.
template <class V>
std::uint64_t aem_list(const std::vector<Key<V>>& keys, Interpolation mode, const V& rest, const V& identity) {
  if (keys.empty()) return rest == identity ? 0 : 1;
  std::uint64_t n = keys.size();
  if (mode == Interpolation::Step)
    for (std::size_t k = 1; k < keys.size(); ++k) n += keys[k].time > keys[k - 1].time;
  return n;
}

StoredKeys aem_keys(const Scene& scene) {
  StoredKeys out;
  const std::uint64_t joints = scene.joints.size();
  for (const Animation& a : scene.animations) {
    std::vector<const Channel*> by_joint(joints, nullptr);
    for (const Channel& ch : a.channels)
      if (ch.joint < joints) by_joint[ch.joint] = &ch;
    const Channel none;
    for (std::uint64_t j = 0; j < joints; ++j) {
      const Channel& ch = by_joint[j] ? *by_joint[j] : none;
      const Transform& rest = scene.joints[j].rest;
      out.keys += aem_list(ch.translation, ch.translation_interpolation, rest.translation, Vec3{}) +
                  aem_list(ch.rotation, ch.rotation_interpolation, rest.rotation, Quat{}) +
                  aem_list(ch.scale, ch.scale_interpolation, rest.scale, Vec3{1, 1, 1});
    }
  }
  out.bytes = out.keys * sizeof(aem_file::Keyframe) +
              scene.animations.size() * (joints * sizeof(aem_file::Sequence) + sizeof(aem_file::Animation));
  return out;
}

/// Keys as the scene holds them, with `time_bytes` per key besides the value.
StoredKeys scene_keys(const Scene& scene, std::uint64_t time_bytes) {
  StoredKeys out;
  for (const Animation& a : scene.animations)
    for (const Channel& ch : a.channels) {
      const std::uint64_t vectors = ch.translation.size() + ch.scale.size(), rotations = ch.rotation.size();
      out.keys += vectors + rotations;
      out.bytes += vectors * (time_bytes + 12) + rotations * (time_bytes + 16);
    }
  return out;
}

}  // namespace

StoredKeys stored_keys(const Scene& scene, std::string_view format) {
  if (format == "aem") return aem_keys(scene);
  if (format == "gltf" || format == "e3d") return scene_keys(scene, 4);
  StoredKeys out = scene_keys(scene, 0);
  out.bytes = 0;
  return out;
}

}  // namespace aem::convert
