// Where a reference .obj of ufbx's test suite lies relative to our space (metres, Y up, right-handed).
// ufbx's diff (test/testing_utils.h, ufbxt_diff_to_obj) compares each .obj point with
// rotate(fbx_rotation, fbx_position_scale * p), p the world position of the scene as ufbx loaded it with
// the test's options; of those only target_axes and target_unit_meters move geometry, taking the file's
// own space (its declared axes and unit) to the loaded one. Our FBX reading asks ufbx for right-handed
// Y up in metres, so a reference point goes back to the file's space and from there to ours.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "aem/math.hpp"

namespace aem::fbx_corpus {

/// Directions as ufbx numbers them (ufbx_coordinate_axis): +X, -X, +Y, -Y, +Z, -Z = 0..5.
struct AxisSystem {
  std::uint8_t right = 0, up = 2, front = 4;
};
/// True when the three directions lie on three different axes (ufbx_coordinate_axes_valid).
bool valid(const AxisSystem& axes);

inline constexpr AxisSystem kRightHandedYUp{0, 2, 4};
inline constexpr AxisSystem kRightHandedZUp{0, 4, 3};
inline constexpr AxisSystem kLeftHandedYUp{0, 2, 5};
inline constexpr AxisSystem kLeftHandedZUp{0, 4, 2};
/// "right_handed_y_up" and the like (ufbx_axes_<name>), or none.
std::optional<AxisSystem> axis_system_named(std::string_view name);

/// The space an .fbx declares for its numbers: axes (none when not valid) and metres per unit (0 unknown).
struct FileSpace {
  std::optional<AxisSystem> axes;
  double unit_meters = 0.0;
};

/// How the test compared the .obj: the frame's scale and rotation (w, x, y, z), and the target axes and
/// unit it loaded the .fbx with (none: the file's own).
struct ObjPlacement {
  double scale = 1.0;
  std::array<double, 4> rotation{1.0, 0.0, 0.0, 0.0};
  std::optional<AxisSystem> load_axes;
  std::optional<double> load_unit_meters;
};

/// A linear map of reference .obj points, for one file and one placement.
class ReferenceMap {
 public:
  /// Into our space: metres, Y up, right-handed.
  static ReferenceMap to_ours(const FileSpace& file, const ObjPlacement& placement);
  /// Into the file's own numbers (its declared axes and unit, as ufbx loads it by default): what a
  /// reading that ignores the declared space gives.
  static ReferenceMap to_file(const FileSpace& file, const ObjPlacement& placement);

  Vec3 operator()(const Vec3& p) const;

 private:
  ReferenceMap(const FileSpace& file, const ObjPlacement& placement, bool into_ours);
  double m_[3][3];
};

}  // namespace aem::fbx_corpus
