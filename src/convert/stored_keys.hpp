// How many keys, and how many bytes of key data, an output format stores for a scene's animations:
// the figures `aem convert -v` gives before and after key reduction.
#pragma once

#include <cstdint>
#include <string_view>

#include "aem/scene.hpp"

namespace aem::convert {

struct StoredKeys {
  std::uint64_t keys = 0, bytes = 0;
};

/// For `format` "aem": the keyframes its writer lays out (a Step list as linear pairs, one rest key
/// for an empty list whose rest value is not AEM's identity; 20 bytes each) plus the sequences (24
/// bytes per joint and animation) and animation records (136 bytes); "gltf": per key a 4-byte time and
/// its value (12 or 16 bytes) in the buffer, without the JSON; "e3d": per key a 4-byte frame number
/// and its value, before compression; any other format: the scene's keys, no bytes.
StoredKeys stored_keys(const Scene& scene, std::string_view format);

}  // namespace aem::convert
