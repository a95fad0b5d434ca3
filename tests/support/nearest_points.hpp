// Distance from a query point to the nearest of a fixed set of points, through a uniform grid, so that
// comparing meshes of 100 000+ vertices with each other stays fast.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aem/math.hpp"

namespace aem::test {

class NearestPoints {
 public:
  /// Indexes the finite points of `points` (non-finite ones are left out: no distance reaches them).
  explicit NearestPoints(std::span<const Vec3> points);

  /// Distance from `q` to the nearest indexed point; infinity when none is indexed or `q` is not finite.
  double distance(const Vec3& q) const;

  std::size_t size() const { return points_.size(); }

 private:
  struct Point {
    double x, y, z;
  };
  std::size_t cell_index(std::int64_t x, std::int64_t y, std::int64_t z) const;
  double nearest_in_cell(std::size_t cell, const Point& q, double best) const;

  std::vector<Point> points_;              // sorted by cell
  std::vector<std::uint32_t> cell_start_;  // points of cell c: [cell_start_[c], cell_start_[c + 1])
  Point origin_{0, 0, 0};
  double cell_size_ = 1.0;
  std::int64_t dims_[3] = {1, 1, 1};
};

}  // namespace aem::test
