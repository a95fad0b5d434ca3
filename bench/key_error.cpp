// Not a Google Benchmark: the error another tool's animation makes, measured with key reduction's
// exhaustive check (convert/animation_error.hpp), for scripts/bench.sh's rows beside gltfpack.
//   key_error ORIGINAL OTHER
// Reads both models; each animation of OTHER (matched by name, else by index) is put on ORIGINAL's
// skeleton, its channels matched to ORIGINAL's joints by name (lists OTHER lacks hold OTHER's rest
// values, as a runtime plays them), and measured against ORIGINAL's animation on
// ORIGINAL's skinned vertices at every original key time and midpoint. Prints one JSON object: the
// largest distance over every animation (`largest_error`, in ORIGINAL's units) and OTHER's key count.
#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "aem/io.hpp"
#include "convert/animation_error.hpp"
#include "convert/error_points.hpp"

namespace {

/// `other`'s animation on `original`'s joints, as `other` plays it: every joint of `other` that
/// `original` has (by name) gets a channel, its lists those of `other` or, where `other` has none, one
/// key of `other`'s rest value (gltfpack moves constant tracks into the node's transform).
aem::Animation on_skeleton(const aem::Animation& animation, const aem::Scene& other, const aem::Scene& original) {
  std::map<std::string, std::uint32_t> joint_of;
  for (std::uint32_t j = 0; j < original.joints.size(); ++j) joint_of.emplace(original.joints[j].name, j);
  std::vector<const aem::Channel*> channel_of(other.joints.size(), nullptr);
  for (const aem::Channel& ch : animation.channels)
    if (ch.joint < other.joints.size()) channel_of[ch.joint] = &ch;
  aem::Animation out = animation;
  out.channels.clear();
  for (std::uint32_t k = 0; k < other.joints.size(); ++k) {
    const auto it = joint_of.find(other.joints[k].name);
    if (it == joint_of.end()) continue;
    aem::Channel ch = channel_of[k] ? *channel_of[k] : aem::Channel{};
    ch.joint = it->second;
    const aem::Transform& rest = other.joints[k].rest;
    if (ch.translation.empty()) ch.translation.push_back({0.0f, rest.translation});
    if (ch.rotation.empty()) ch.rotation.push_back({0.0f, rest.rotation});
    if (ch.scale.empty()) ch.scale.push_back({0.0f, rest.scale});
    out.channels.push_back(std::move(ch));
  }
  return out;
}

const aem::Animation* matching(const aem::Scene& other, const aem::Animation& a, std::size_t index) {
  for (const auto& candidate : other.animations)
    if (!a.name.empty() && candidate.name == a.name) return &candidate;
  return index < other.animations.size() ? &other.animations[index] : nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: key_error ORIGINAL OTHER\n");
    return 2;
  }
  auto original = aem::read_scene(argv[1]);
  auto other = aem::read_scene(argv[2]);
  if (!original || !other) {
    std::fprintf(stderr, "key_error: %s\n", (!original ? original.error() : other.error()).to_string().c_str());
    return 1;
  }
  const aem::convert::ErrorPoints points = aem::convert::error_points(original.value());
  aem::Scene skeleton;
  skeleton.joints = original->joints;
  float largest = 0.0f;
  std::uint64_t keys = 0;
  for (const auto& a : other->animations)
    for (const auto& ch : a.channels) keys += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  for (std::size_t i = 0; i < original->animations.size(); ++i) {
    const aem::Animation* counterpart = matching(other.value(), original->animations[i], i);
    if (!counterpart) {
      std::fprintf(stderr, "key_error: %s has no animation for \"%s\"\n", argv[2],
                   original->animations[i].name.c_str());
      return 1;
    }
    skeleton.animations = {original->animations[i], on_skeleton(*counterpart, other.value(), original.value())};
    largest = std::max(
        largest, aem::convert::measure_error(points, skeleton, 0, 1, std::numeric_limits<float>::infinity()).largest);
  }
  std::printf("{\"largest_error\": %.9g, \"keys\": %llu}\n", largest, static_cast<unsigned long long>(keys));
  return 0;
}
