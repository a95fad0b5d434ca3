// What a file declared about its units and axes before its reader brought the numbers to the scene's
// space (metres, Y up, right-handed): shown by `aem info` as the source notes "units" and "axes".
#pragma once

#include <optional>
#include <string>

#include "aem/scene.hpp"

namespace aem {

/// A direction along one coordinate axis of the file.
enum class AxisDirection : std::uint8_t { PosX, NegX, PosY, NegY, PosZ, NegZ };

/// The declarations; unset fields were not declared by the file.
struct SourceSpace {
  std::optional<double> meters_per_unit;
  std::optional<AxisDirection> up, front, right;  ///< front: the direction a model faces (towards the viewer)
};

/// The unit vector `a` points along.
Vec3 axis_vector(AxisDirection a);

/// "centimetres (0.01 m per unit)", "inches (0.0254 m per unit)", "0.5 m per unit".
std::string describe_units(double meters_per_unit);
/// "Z up, -Y front, right-handed"; handedness only when all three axes are known.
std::string describe_axes(const SourceSpace& space);
/// "Z up, right-handed": the axes a scene's numbers are in, for formats whose files declare none (their
/// format fixes them).
std::string describe_conventions(const Conventions& conventions);

/// Appends the source notes "units" and "axes" for what `space` declares.
void note_source_space(Scene& scene, const SourceSpace& space);

}  // namespace aem
