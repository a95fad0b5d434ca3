// Hashing positions by their exact float bits, for welding corners that share a position.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aem/math.hpp"
#include "core/bit_cast.hpp"

namespace aem {

/// A position's three floats as bits, with -0 folded into +0 so that equal positions compare equal.
struct PositionKey {
  std::uint32_t x, y, z;
  explicit PositionKey(const Vec3& p) : x(bits(p.x)), y(bits(p.y)), z(bits(p.z)) {}
  friend bool operator==(const PositionKey&, const PositionKey&) = default;

 private:
  static std::uint32_t bits(float f) { return detail::bit_cast<std::uint32_t>(f == 0.0f ? 0.0f : f); }
};

struct PositionHash {
  std::size_t operator()(const PositionKey& k) const {
    return (std::size_t{k.x} * 73856093u) ^ (std::size_t{k.y} * 19349663u) ^ (std::size_t{k.z} * 83492791u);
  }
};

}  // namespace aem
