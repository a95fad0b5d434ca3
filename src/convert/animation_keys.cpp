// reduce_for_output (see animation_keys.hpp).
#include "convert/animation_keys.hpp"

#include <algorithm>
#include <string_view>

#include "convert/key_reduction.hpp"
#include "convert/stored_keys.hpp"

namespace aem::convert {

std::optional<AnimationKeys> reduce_for_output(Scene& scene, const FormatHandler& format,
                                               const ConvertOptions& options) {
  const std::string_view name = format.name;
  if ((name != "aem" && name != "gltf" && name != "e3d") || scene.animations.empty()) return std::nullopt;
  // glTF is in metres by definition; other sources say so in a "units" note. The output's numbers are
  // metres times --scale.
  const bool units_known =
      scene.source_format == "glTF" || std::any_of(scene.source_notes.begin(), scene.source_notes.end(),
                                                   [](const SourceNote& n) { return n.key == "units"; });
  AnimationKeys keys;
  keys.bound =
      options.anim_error ? *options.anim_error : default_max_error(scene, units_known ? 1.0f / options.scale : 0.0f);
  const StoredKeys before = stored_keys(scene, name);
  const KeyReductionReport reduced = reduce_keys(scene, {keys.bound, name == "e3d", name == "gltf"});
  const StoredKeys after = stored_keys(scene, name);
  keys.keys_before = before.keys, keys.bytes_before = before.bytes;
  keys.keys_after = after.keys, keys.bytes_after = after.bytes;
  keys.largest_error = reduced.largest_error;
  keys.check_ms = reduced.check_ms;
  return keys;
}

}  // namespace aem::convert
