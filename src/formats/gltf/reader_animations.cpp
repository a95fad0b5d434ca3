// Animations: node TRS channels into scene animations, morph weights into weight tracks
// (see reader_parts.hpp and docs/architecture.md).
#include <algorithm>
#include <cmath>

#include "formats/gltf/reader_accessors.hpp"
#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// Points per CUBICSPLINE segment when it is resampled for linear playback.
constexpr int kCubicSteps = 4;

/// A sampler's keys, resampled so that linear interpolation between them plays it back (CUBICSPLINE is
/// evaluated (Hermite) at kCubicSteps points per segment), except STEP when `keep_step`: then `step` is
/// set and the keys stay as they are; otherwise each value is held until just before the next key.
struct LinearKeys {
  std::vector<float> times;
  std::vector<float> values;  ///< width floats per key
  std::size_t width = 0;
  bool step = false;
};

LinearKeys linear_keys(Context& ctx, const Json& sampler, std::size_t width, bool keep_step) {
  const auto times = read_floats(ctx, accessor_index(ctx, sampler["input"]), sampler.path() + ".input", {1});
  for (std::size_t k = 0; k < times.size(); ++k)
    if (!std::isfinite(times[k]) || (k > 0 && times[k] < times[k - 1]))
      ctx.fail("GLTF_BAD_VALUE", sampler.path() + ".input", "key times must be finite and increasing");
  const std::string interp = sampler["interpolation"].exists() ? ctx.string(sampler["interpolation"]) : "LINEAR";
  const bool cubic = interp == "CUBICSPLINE";
  if (!cubic && interp != "LINEAR" && interp != "STEP")
    ctx.fail("GLTF_BAD_VALUE", sampler.path() + ".interpolation", "unknown interpolation " + interp);
  const auto values = read_floats(ctx, accessor_index(ctx, sampler["output"]), sampler.path() + ".output", {1, 3, 4});
  const std::size_t n = times.size();
  if (values.size() != n * width * (cubic ? 3 : 1))
    ctx.fail("GLTF_BAD_VALUE", sampler.path() + ".output",
             "has " + std::to_string(values.size()) + " numbers, the " + std::to_string(n) + " keys need " +
                 std::to_string(n * width * (cubic ? 3 : 1)));
  const bool step = interp == "STEP";
  LinearKeys out;
  out.width = width;
  out.step = keep_step && step;
  // Step keys kept as linear ones double, cubic ones are sampled kCubicSteps times per segment.
  const std::size_t keys = cubic ? n * kCubicSteps : (step && !out.step ? 2 * n : n);
  out.times.reserve(keys);
  out.values.reserve(keys * width);
  auto push = [&](float t, const float* v) {
    out.times.push_back(t);
    out.values.insert(out.values.end(), v, v + width);
  };
  for (std::size_t k = 0; k < n; ++k) {
    if (!cubic) {
      push(times[k], &values[k * width]);
      if (step && !out.step && k + 1 < n && times[k + 1] > times[k])
        push(std::nextafter(times[k + 1], times[k]), &values[k * width]);
      continue;
    }
    const float* p0 = &values[(3 * k + 1) * width];
    push(times[k], p0);
    if (k + 1 == n) break;
    const float dt = times[k + 1] - times[k];
    const float* b0 = &values[(3 * k + 2) * width];
    const float* a1 = &values[(3 * (k + 1)) * width];
    const float* p1 = &values[(3 * (k + 1) + 1) * width];
    std::vector<float> v(width);
    for (int j = 1; j < kCubicSteps; ++j) {
      const float s = static_cast<float>(j) / kCubicSteps, s2 = s * s, s3 = s2 * s;
      for (std::size_t c = 0; c < width; ++c)
        v[c] = (2 * s3 - 3 * s2 + 1) * p0[c] + (s3 - 2 * s2 + s) * dt * b0[c] + (-2 * s3 + 3 * s2) * p1[c] +
               (s3 - s2) * dt * a1[c];
      push(times[k] + s * dt, v.data());
    }
  }
  return out;
}

template <class V>
std::vector<Key<V>> keys_of(const LinearKeys& k) {
  std::vector<Key<V>> out(k.times.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].time = k.times[i];
    std::copy_n(k.values.begin() + i * k.width, k.width, reinterpret_cast<float*>(&out[i].value));
  }
  return out;
}

}  // namespace

void read_animations(Context& ctx, Scene& scene, const NodeLinks& links, const std::vector<std::int32_t>& joint_of_node,
                     const std::vector<std::uint32_t>& first) {
  const Json list = ctx.array(ctx.root, "animations");
  const bool baking = !ctx.input.options.keep_morph_targets;
  bool morphs_baked = false;
  for (std::size_t a = 0; a < list.size(); ++a) {
    const Json anim = list[a];
    Animation out;
    out.name = ctx.string(anim["name"]);
    const Json channels = ctx.array(anim, "channels");
    const Json samplers = ctx.array(anim, "samplers");
    std::vector<std::int32_t> channel_of(scene.nodes.size(), -1);
    std::vector<bool> mesh_animated(scene.meshes.size(), false);
    std::vector<std::uint32_t> weight_channels;  // the glTF mesh of each
    for (std::size_t c = 0; c < channels.size(); ++c) {
      const Json ch = channels[c];
      const Json target = ch["target"];
      const std::uint32_t s = static_cast<std::uint32_t>(ctx.uint(ch["sampler"], UINT32_MAX, UINT32_MAX));
      if (s >= samplers.size())
        ctx.fail("GLTF_INDEX_OUT_OF_RANGE", ch.path() + ".sampler", "names no sampler of this animation");
      if (!target["node"].exists()) continue;  // targets of extensions (KHR_animation_pointer) are not read
      const std::uint32_t node = ctx.index(target["node"], "nodes");
      const std::string path = ctx.string(target["path"]);
      if (path == "weights") {
        const std::int32_t mesh = links.mesh[node];
        if (mesh < 0 || first[mesh] == first[mesh + 1]) continue;
        const std::size_t targets = scene.meshes[first[mesh]].targets.size();
        for (std::uint32_t sm = first[mesh]; sm < first[mesh + 1]; ++sm)
          if (scene.meshes[sm].targets.size() != targets)
            ctx.fail("GLTF_BAD_VALUE", ctx.root["meshes"][mesh].path(),
                     "primitives have different morph target counts");
        if (targets == 0)
          ctx.fail("GLTF_BAD_VALUE", target.path(), "animates the weights of a mesh without morph targets");
        const LinearKeys keys = linear_keys(ctx, samplers[s], targets, true);
        if (!keys.times.empty()) out.duration = std::max(out.duration, keys.times.back());
        weight_channels.push_back(static_cast<std::uint32_t>(mesh));
        // A mesh shown by several nodes takes the first channel's weights.
        for (std::uint32_t sm = first[mesh]; sm < first[mesh + 1]; ++sm)
          if (!mesh_animated[sm]) {
            mesh_animated[sm] = true;
            out.weight_tracks.push_back(
                WeightTrack{sm, keys.step ? Interpolation::Step : Interpolation::Linear, keys.times, keys.values});
          }
        continue;
      }
      const std::size_t width = path == "rotation" ? 4 : 3;
      if (path != "translation" && path != "rotation" && path != "scale")
        ctx.fail("GLTF_BAD_VALUE", target.path() + ".path", "unknown path " + path);
      const LinearKeys keys = linear_keys(ctx, samplers[s], width, true);
      const Interpolation mode = keys.step ? Interpolation::Step : Interpolation::Linear;
      if (!keys.times.empty()) out.duration = std::max(out.duration, keys.times.back());
      if (channel_of[node] < 0) {
        channel_of[node] = static_cast<std::int32_t>(out.channels.size());
        out.channels.push_back(Channel{static_cast<std::uint32_t>(joint_of_node[node]), {}, {}, {}});
      }
      Channel& dst = out.channels[channel_of[node]];
      if (path == "translation") {
        dst.translation = keys_of<Vec3>(keys);
        dst.translation_interpolation = mode;
      }
      if (path == "scale") {
        dst.scale = keys_of<Vec3>(keys);
        dst.scale_interpolation = mode;
      }
      if (path == "rotation") {
        dst.rotation = keys_of<Quat>(keys);
        dst.rotation_interpolation = mode;
        for (auto& k : dst.rotation) k.value = normalize(k.value);
      }
    }
    if (baking && !weight_channels.empty() && morphs_baked) {
      ctx.warn("GLTF_MORPH_ANIMATION_DROPPED", anim.path(),
               "the scene holds one vertex animation; this one's morph weights are dropped");
      out.weight_tracks.clear();
    } else if (baking && !weight_channels.empty()) {
      morphs_baked = true;
      const std::uint64_t frames = baked_morph_frame_count(out.duration);
      for (const std::uint32_t mesh : weight_channels) {
        const std::uint64_t vertices = scene.meshes[first[mesh]].positions.size();
        ctx.spend(vertices * frames * 2 * sizeof(Vec3), anim.path());
      }
    }
    scene.animations.push_back(std::move(out));
  }
}

}  // namespace aem::formats::gltf
