// The key lists of an animation as key reduction handles them: one list is a part (translation,
// rotation or scale) of a channel, and lists with the same key times are reduced in groups that keep
// sharing one set of times afterwards, so that the AEM animator still looks their keys up once.
#pragma once

#include <cstdint>
#include <vector>

#include "aem/scene.hpp"

namespace aem::convert {

enum class Part : std::uint8_t { Translation, Rotation, Scale };

/// One key list of an animation.
struct ListRef {
  std::uint32_t channel;
  Part part;
};

/// The translation or scale list of `ch` (part is not Rotation).
std::vector<Key<Vec3>>& vectors(Channel& ch, Part part);
const std::vector<Key<Vec3>>& vectors(const Channel& ch, Part part);
Interpolation mode_of(const Channel& ch, Part part);

/// Whether a list's values are not all one.
template <class V>
bool varies(const std::vector<Key<V>>& keys) {
  for (const auto& k : keys)
    if (!(k.value == keys.front().value)) return true;
  return false;
}

/// Lists reduced together to one set of key times: the same kind of value (rotations, or
/// translations and scales), interpolation and key times.
struct ListGroup {
  bool rotations = false;
  std::vector<ListRef> lists;
};

/// At most this many lists in a group: four of the AEM animator's four-lane rotation blends per key
/// lookup, so that a frame of a capture looks keys up about as often as with every key (groups of 8
/// play it 1.05-1.15x slower), while the lists' own keys still decide which times stay.
inline constexpr std::size_t kGroupLists = 16;

/// The non-empty lists of `a`'s channels with a joint below `joints`: lists that vary grouped with
/// the next ones of the same kind, interpolation and key times, in channel order; every other list a
/// group of its own.
std::vector<ListGroup> list_groups(const Animation& a, std::size_t joints);

}  // namespace aem::convert
