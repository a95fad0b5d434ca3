#include "support/nearest_points.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aem::test {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// About two points per cell keeps a query's first shells cheap without many empty cells.
constexpr double kPointsPerCell = 2.0;
constexpr std::size_t kMaxCells = std::size_t{1} << 24;

bool finite(const Vec3& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

/// Cells along an axis of length `extent` with cells of size `s` (at least one).
std::int64_t cells_along(double extent, double s) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(extent / s)));
}

/// Squared distance from `q` to the box [lo, hi] (0 inside).
double squared_distance_to_box(const double q[3], const double lo[3], const double hi[3]) {
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double d = std::max({lo[i] - q[i], 0.0, q[i] - hi[i]});
    sum += d * d;
  }
  return sum;
}

}  // namespace

NearestPoints::NearestPoints(std::span<const Vec3> points) {
  std::vector<Point> kept;
  kept.reserve(points.size());
  for (const Vec3& p : points)
    if (finite(p)) kept.push_back({p.x, p.y, p.z});
  if (kept.empty()) {
    cell_start_ = {0, 0};
    return;
  }
  Point lo = kept[0], hi = kept[0];
  for (const Point& p : kept) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  origin_ = lo;
  const double extent[3] = {hi.x - lo.x, hi.y - lo.y, hi.z - lo.z};
  const double longest = std::max({extent[0], extent[1], extent[2]});
  const double target =
      std::clamp(static_cast<double>(kept.size()) / kPointsPerCell, 1.0, static_cast<double>(kMaxCells));
  if (longest > 0) {
    // The smallest cell size whose grid has at most `target` cells; flat and thin sets get one cell
    // across their thin axes instead of a cube root that would ignore them.
    const auto cells = [&](double s) {
      return static_cast<double>(cells_along(extent[0], s)) * static_cast<double>(cells_along(extent[1], s)) *
             static_cast<double>(cells_along(extent[2], s));
    };
    double small = longest / target, large = longest;
    for (int i = 0; i < 64 && cells(small) > target; ++i) {
      const double mid = 0.5 * (small + large);
      (cells(mid) > target ? small : large) = mid;
    }
    cell_size_ = cells(small) <= target ? small : large;
    for (int i = 0; i < 3; ++i) dims_[i] = cells_along(extent[i], cell_size_);
  }
  const auto cell_of = [&](const Point& p) {
    const double c[3] = {(p.x - origin_.x) / cell_size_, (p.y - origin_.y) / cell_size_,
                         (p.z - origin_.z) / cell_size_};
    std::int64_t i[3];
    for (int a = 0; a < 3; ++a) i[a] = std::clamp<std::int64_t>(static_cast<std::int64_t>(c[a]), 0, dims_[a] - 1);
    return cell_index(i[0], i[1], i[2]);
  };
  const std::size_t cell_count = static_cast<std::size_t>(dims_[0] * dims_[1] * dims_[2]);
  cell_start_.assign(cell_count + 1, 0);
  std::vector<std::size_t> cell(kept.size());
  for (std::size_t p = 0; p < kept.size(); ++p) {
    cell[p] = cell_of(kept[p]);
    ++cell_start_[cell[p] + 1];
  }
  for (std::size_t c = 0; c < cell_count; ++c) cell_start_[c + 1] += cell_start_[c];
  std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  points_.resize(kept.size());
  for (std::size_t p = 0; p < kept.size(); ++p) points_[fill[cell[p]]++] = kept[p];
}

std::size_t NearestPoints::cell_index(std::int64_t x, std::int64_t y, std::int64_t z) const {
  return static_cast<std::size_t>((z * dims_[1] + y) * dims_[0] + x);
}

double NearestPoints::nearest_in_cell(std::size_t cell, const Point& q, double best) const {
  for (std::uint32_t i = cell_start_[cell]; i < cell_start_[cell + 1]; ++i) {
    const Point& p = points_[i];
    const double dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
    best = std::min(best, dx * dx + dy * dy + dz * dz);
  }
  return best;
}

double NearestPoints::distance(const Vec3& query) const {
  if (points_.empty() || !finite(query)) return kInfinity;
  const Point q{query.x, query.y, query.z};
  const double qa[3] = {q.x, q.y, q.z};
  const double origin[3] = {origin_.x, origin_.y, origin_.z};
  std::int64_t c[3];
  for (int a = 0; a < 3; ++a)
    c[a] = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor((qa[a] - origin[a]) / cell_size_)), 0,
                                    dims_[a] - 1);
  double best = kInfinity;  // squared
  for (std::int64_t k = 0;; ++k) {
    // The shell of cells at Chebyshev distance k from c.
    std::int64_t lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::max<std::int64_t>(0, c[a] - k);
      hi[a] = std::min<std::int64_t>(dims_[a] - 1, c[a] + k);
    }
    for (std::int64_t z = lo[2]; z <= hi[2]; ++z)
      for (std::int64_t y = lo[1]; y <= hi[1]; ++y) {
        const bool on_shell = std::abs(z - c[2]) == k || std::abs(y - c[1]) == k;
        if (on_shell) {
          for (std::int64_t x = lo[0]; x <= hi[0]; ++x) best = nearest_in_cell(cell_index(x, y, z), q, best);
        } else {
          if (c[0] - k >= 0) best = nearest_in_cell(cell_index(c[0] - k, y, z), q, best);
          if (c[0] + k < dims_[0]) best = nearest_in_cell(cell_index(c[0] + k, y, z), q, best);
        }
      }
    // Cells not searched yet lie in the grid outside the searched box: one slab per side that has any.
    // Stop once the nearest of those slabs is no closer than the best point found.
    double slab_distance = kInfinity;
    for (int a = 0; a < 3; ++a) {
      double box_lo[3], box_hi[3];
      for (int b = 0; b < 3; ++b) {
        box_lo[b] = origin[b];
        box_hi[b] = origin[b] + static_cast<double>(dims_[b]) * cell_size_;
      }
      if (lo[a] > 0) {
        box_hi[a] = origin[a] + static_cast<double>(lo[a]) * cell_size_;
        slab_distance = std::min(slab_distance, squared_distance_to_box(qa, box_lo, box_hi));
        box_hi[a] = origin[a] + static_cast<double>(dims_[a]) * cell_size_;
      }
      if (hi[a] < dims_[a] - 1) {
        box_lo[a] = origin[a] + static_cast<double>(hi[a] + 1) * cell_size_;
        slab_distance = std::min(slab_distance, squared_distance_to_box(qa, box_lo, box_hi));
      }
    }
    if (slab_distance == kInfinity || best <= slab_distance) break;
  }
  return std::sqrt(best);
}

}  // namespace aem::test
