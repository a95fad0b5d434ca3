// Skeletal animations -> glTF TRS channels on the joint nodes (LINEAR or STEP, as each key list says),
// their weight tracks -> weights channels on the nodes showing the mesh; vertex animation -> one-hot
// morph weights per frame, interpolated linearly between frames like the scene's frame blending.
#include <algorithm>
#include <cmath>

#include "formats/gltf/writer_parts.hpp"

namespace aem::formats::gltf {
namespace {

class AnimationBuilder {
 public:
  explicit AnimationBuilder(Document& doc) : doc_(doc) {}

  /// Adds a sampler and a channel driving `path` of `node`; times must be increasing.
  void channel(std::uint32_t node, const char* path, const std::vector<float>& times, const std::vector<float>& values,
               int components, Interpolation mode = Interpolation::Linear) {
    JsonObject sampler;
    sampler.num("input", doc_.float_accessor(times, 1, true, kNoTarget));
    sampler.num("output", doc_.float_accessor(values, components, false, kNoTarget));
    sampler.str("interpolation", mode == Interpolation::Step ? "STEP" : "LINEAR");
    samplers_.push_back(sampler.text());
    JsonObject target;
    target.num("node", node).str("path", path);
    channels_.push_back(
        JsonObject().num("sampler", static_cast<double>(samplers_.size() - 1)).raw("target", target.text()).text());
  }

  bool empty() const { return channels_.empty(); }

  void finish(const std::string& name) {
    JsonObject a;
    if (!name.empty()) a.str("name", name);
    a.raw("channels", json_array(channels_)).raw("samplers", json_array(samplers_));
    doc_.animations.push_back(a.text());
  }

 private:
  Document& doc_;
  std::vector<std::string> samplers_, channels_;
};

float finite(float v) { return std::isfinite(v) ? v : 0.0f; }

/// Keys with finite, non-negative, strictly increasing times (glTF requires it); returns how many were dropped.
template <class V, class F>
std::size_t usable_keys(const std::vector<Key<V>>& keys, std::vector<float>& times, std::vector<float>& values,
                        F&& put) {
  std::size_t dropped = 0;
  for (const auto& k : keys) {
    if (!std::isfinite(k.time) || k.time < 0.0f || (!times.empty() && k.time <= times.back())) {
      ++dropped;
      continue;
    }
    times.push_back(k.time);
    put(k.value, values);
  }
  return dropped;
}

void put3(const Vec3& v, std::vector<float>& out) { out.insert(out.end(), {finite(v.x), finite(v.y), finite(v.z)}); }
void put_quat(const Quat& q, std::vector<float>& out) {
  const Quat u = normalize(Quat{finite(q.x), finite(q.y), finite(q.z), finite(q.w)});
  out.insert(out.end(), {u.x, u.y, u.z, u.w});
}

/// The track's keys glTF can take (as usable_keys), as weights channels of the nodes showing its mesh;
/// returns how many keys were dropped.
std::size_t weight_channels(AnimationBuilder& builder, const Scene& scene, const WeightTrack& track,
                            const std::vector<WrittenMesh>& meshes,
                            const std::vector<std::vector<std::uint32_t>>& mesh_nodes) {
  if (track.mesh >= meshes.size() || meshes[track.mesh].frame_targets) return 0;
  const std::size_t width = meshes[track.mesh].targets;
  if (width == 0 || width != scene.meshes[track.mesh].targets.size() ||
      track.weights.size() != track.times.size() * width)
    return track.times.size();
  std::vector<Key<std::size_t>> keys(track.times.size());
  for (std::size_t k = 0; k < keys.size(); ++k) keys[k] = {track.times[k], k};
  std::vector<float> times, values;
  const std::size_t dropped = usable_keys(keys, times, values, [&](std::size_t k, std::vector<float>& out) {
    for (std::size_t t = 0; t < width; ++t) out.push_back(finite(track.weights[k * width + t]));
  });
  if (!times.empty())
    for (auto node : mesh_nodes[track.mesh]) builder.channel(node, "weights", times, values, 1, track.interpolation);
  return dropped;
}

/// The vertex animation's frames as one-hot weights channels (one target per frame) of the nodes showing
/// each mesh written with frame targets.
void frame_weight_channels(AnimationBuilder& builder, const Scene& scene, const std::vector<WrittenMesh>& meshes,
                           const std::vector<std::vector<std::uint32_t>>& mesh_nodes) {
  float rate = scene.vertex_animation.frame_rate;
  if (!(rate > 0.0f) || !std::isfinite(rate)) rate = 30.0f;
  for (std::size_t mi = 0; mi < meshes.size(); ++mi) {
    const std::size_t targets = meshes[mi].targets;
    if (!meshes[mi].frame_targets || mesh_nodes[mi].empty()) continue;
    std::vector<float> times(targets), weights(targets * targets, 0.0f);
    for (std::size_t f = 0; f < targets; ++f) {
      times[f] = static_cast<float>(f) / rate;
      weights[f * targets + f] = 1.0f;
    }
    for (auto node : mesh_nodes[mi]) builder.channel(node, "weights", times, weights, 1);
  }
}

/// The animation the vertex animation plays with: the first of the scene's with its name, else none
/// (scene.animations.size()).
std::size_t vertex_animation_owner(const Scene& scene) {
  const auto& list = scene.animations;
  const auto named = [&](const Animation& a) { return a.name == scene.vertex_animation.name; };
  return static_cast<std::size_t>(std::find_if(list.begin(), list.end(), named) - list.begin());
}

void skeletal(Document& doc, const Scene& scene, std::size_t index, const std::vector<WrittenMesh>& meshes,
              const std::vector<std::vector<std::uint32_t>>& mesh_nodes) {
  const Animation& anim = scene.animations[index];
  AnimationBuilder builder(doc);
  std::size_t dropped = 0;
  for (const Channel& ch : anim.channels) {
    if (ch.joint >= scene.joints.size()) continue;
    std::vector<float> times, values;
    dropped += usable_keys(ch.translation, times, values, put3);
    if (!times.empty()) builder.channel(ch.joint, "translation", times, values, 3, ch.translation_interpolation);
    times.clear(), values.clear();
    dropped += usable_keys(ch.rotation, times, values, put_quat);
    if (!times.empty()) builder.channel(ch.joint, "rotation", times, values, 4, ch.rotation_interpolation);
    times.clear(), values.clear();
    dropped += usable_keys(ch.scale, times, values, put3);
    if (!times.empty()) builder.channel(ch.joint, "scale", times, values, 3, ch.scale_interpolation);
  }
  for (const WeightTrack& track : anim.weight_tracks)
    dropped += weight_channels(builder, scene, track, meshes, mesh_nodes);
  const std::string path = "animations[" + std::to_string(index) + "]";
  if (dropped)
    doc.warn("GLTF_WRITE_KEYS_DROPPED", path,
             std::to_string(dropped) + " keys of \"" + anim.name +
                 "\" have negative, repeated or decreasing times; dropped");
  // The vertex animation's take (an FBX blend-shape take) plays its frames in the same glTF animation
  // as the take's joints and kept targets, so that a viewer plays them together.
  const bool plays_frames =
      index == vertex_animation_owner(scene) &&
      std::any_of(scene.meshes.begin(), scene.meshes.end(), [](const Mesh& m) { return !m.frames.empty(); });
  if (plays_frames) frame_weight_channels(builder, scene, meshes, mesh_nodes);
  if (builder.empty()) {
    if (!plays_frames)
      doc.warn("GLTF_WRITE_EMPTY_ANIMATION", path, "animation \"" + anim.name + "\" has no keys; not written");
    return;
  }
  builder.finish(anim.name);
}

}  // namespace

void write_animations(Document& doc, const Scene& scene, const std::vector<WrittenMesh>& meshes,
                      const std::vector<std::vector<std::uint32_t>>& mesh_nodes) {
  for (std::size_t a = 0; a < scene.animations.size(); ++a) skeletal(doc, scene, a, meshes, mesh_nodes);
  if (vertex_animation_owner(scene) < scene.animations.size()) return;
  AnimationBuilder builder(doc);  // a vertex animation no scene animation plays (CEM, E3D frames): its own
  frame_weight_channels(builder, scene, meshes, mesh_nodes);
  if (!builder.empty()) builder.finish(scene.vertex_animation.name);
}

}  // namespace aem::formats::gltf
