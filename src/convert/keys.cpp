#include "convert/keys.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace aem::convert {
namespace {

/// Sorts `keys` by time; of keys with one time the last in the source order wins, as a reader
/// interpolating the source as stored would reach it last. Returns whether anything changed.
template <class V>
bool sort_track(std::vector<Key<V>>& keys) {
  const auto earlier = [](const Key<V>& a, const Key<V>& b) { return a.time < b.time; };
  const auto same_time = [](const Key<V>& a, const Key<V>& b) { return a.time == b.time; };
  // NaN breaks the ordering a sort needs; write_scene refuses such a scene anyway.
  if (!std::all_of(keys.begin(), keys.end(), [](const Key<V>& k) { return std::isfinite(k.time); })) return false;
  if (std::is_sorted(keys.begin(), keys.end(), earlier) &&
      std::adjacent_find(keys.begin(), keys.end(), same_time) == keys.end())
    return false;
  std::stable_sort(keys.begin(), keys.end(), earlier);
  // Reversed, `unique` keeps the first of each run: the last in source order.
  std::reverse(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end(), same_time), keys.end());
  std::reverse(keys.begin(), keys.end());
  return true;
}

}  // namespace

std::vector<Warning> sort_keys(Scene& scene) {
  std::vector<Warning> warnings;
  for (std::size_t a = 0; a < scene.animations.size(); ++a) {
    Animation& anim = scene.animations[a];
    for (std::size_t c = 0; c < anim.channels.size(); ++c) {
      Channel& ch = anim.channels[c];
      const std::string joint = ch.joint < scene.joints.size() ? scene.joints[ch.joint].name : std::to_string(ch.joint);
      const std::string path = "animations[" + std::to_string(a) + "].channels[" + std::to_string(c) + "]";
      auto report = [&](bool changed, const char* track) {
        if (changed)
          warnings.push_back(Warning{
              .code = "CONVERT_KEYS_SORTED",
              .format = "convert",
              .path = path + "." + track,
              .message = "animation \"" + anim.name + "\", joint \"" + joint + "\": " + track +
                         " keys were out of time order or repeated a time; sorted, the last of each time kept"});
      };
      report(sort_track(ch.translation), "translation");
      report(sort_track(ch.rotation), "rotation");
      report(sort_track(ch.scale), "scale");
    }
  }
  return warnings;
}

}  // namespace aem::convert
