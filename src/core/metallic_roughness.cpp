#include "core/metallic_roughness.hpp"

#include <algorithm>

namespace aem {
namespace {

/// The first channel of `map` at (x, y) of a `width` x `height` image, nearest; 255 without a map.
std::uint8_t sample(const Image* map, int x, int y, int width, int height) {
  if (!map) return 255;
  const auto sx = static_cast<int>(static_cast<long long>(x) * map->width / width);
  const auto sy = static_cast<int>(static_cast<long long>(y) * map->height / height);
  return map->at(sx, sy)[0];
}

}  // namespace

Image pack_metallic_roughness(const Image* roughness, const Image* metalness) {
  if ((!roughness && !metalness) || (roughness && roughness->empty()) || (metalness && metalness->empty())) return {};
  const int width = std::max(roughness ? roughness->width : 0, metalness ? metalness->width : 0);
  const int height = std::max(roughness ? roughness->height : 0, metalness ? metalness->height : 0);
  Image out{width, height, std::vector<std::uint8_t>(std::size_t(width) * std::size_t(height) * 4, 255)};
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p = &out.rgba[4 * (std::size_t(y) * std::size_t(width) + std::size_t(x))];
      p[1] = sample(roughness, x, y, width, height);
      p[2] = sample(metalness, x, y, width, height);
    }
  return out;
}

}  // namespace aem
