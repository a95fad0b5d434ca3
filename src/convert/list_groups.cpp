// list_groups (see list_groups.hpp).
#include "convert/list_groups.hpp"

#include <algorithm>
#include <type_traits>
#include <unordered_map>

#include "core/bit_cast.hpp"

namespace aem::convert {
namespace {

template <class V>
const std::vector<Key<V>>& keys_of(const Channel& ch, Part part) {
  if constexpr (std::is_same_v<V, Quat>)
    return ch.rotation;
  else
    return vectors(ch, part);
}

template <class V>
bool same_times(const std::vector<Key<V>>& a, const std::vector<Key<V>>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Key<V>& x, const Key<V>& y) { return x.time == y.time; });
}

}  // namespace

std::vector<Key<Vec3>>& vectors(Channel& ch, Part part) {
  return part == Part::Translation ? ch.translation : ch.scale;
}
const std::vector<Key<Vec3>>& vectors(const Channel& ch, Part part) {
  return part == Part::Translation ? ch.translation : ch.scale;
}

Interpolation mode_of(const Channel& ch, Part part) {
  return part == Part::Translation ? ch.translation_interpolation
         : part == Part::Rotation  ? ch.rotation_interpolation
                                   : ch.scale_interpolation;
}

std::vector<ListGroup> list_groups(const Animation& a, std::size_t joints) {
  std::vector<ListGroup> groups;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>>
      open;  // groups by a hash of kind, interpolation and times
  auto add = [&](const auto& keys, ListRef ref) {
    using V = decltype(keys.front().value);
    constexpr bool rotation = std::is_same_v<V, Quat>;
    if (keys.empty()) return;
    if (!varies(keys)) {
      groups.push_back({rotation, {ref}});
      return;
    }
    std::uint64_t h =
        (std::uint64_t(rotation) << 8 | std::uint64_t(mode_of(a.channels[ref.channel], ref.part))) * 1099511628211ull;
    for (const auto& k : keys) h = (h ^ detail::bit_cast<std::uint32_t>(k.time)) * 1099511628211ull;
    for (std::size_t g : open[h]) {
      ListGroup& group = groups[g];
      const ListRef first = group.lists.front();
      if (group.lists.size() < kGroupLists &&
          mode_of(a.channels[first.channel], first.part) == mode_of(a.channels[ref.channel], ref.part) &&
          same_times(keys, keys_of<V>(a.channels[first.channel], first.part))) {
        group.lists.push_back(ref);
        return;
      }
    }
    groups.push_back({rotation, {ref}});
    open[h].push_back(groups.size() - 1);
  };
  for (std::uint32_t c = 0; c < a.channels.size(); ++c) {
    const Channel& ch = a.channels[c];
    if (ch.joint >= joints) continue;
    add(ch.translation, {c, Part::Translation});
    add(ch.rotation, {c, Part::Rotation});
    add(ch.scale, {c, Part::Scale});
  }
  return groups;
}

}  // namespace aem::convert
