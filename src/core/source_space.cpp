// Naming a file's declared units and axes for people (aem info, the viewer's panel).
#include "core/source_space.hpp"

#include <array>
#include <cmath>

#include <cstdio>

namespace aem {
namespace {

const char* axis_name(AxisDirection a) {
  static constexpr std::array<const char*, 6> names = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};
  return names[static_cast<int>(a)];
}

/// `value` as printf's %g writes it (the browser build leaves fmt out: it would add 57 KB for two calls).
std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

Vec3 axis_vector(AxisDirection a) {
  const int index = static_cast<int>(a);
  Vec3 v;
  (&v.x)[index / 2] = index % 2 == 0 ? 1.0f : -1.0f;
  return v;
}

std::string describe_units(double meters_per_unit) {
  struct Named {
    double meters;
    const char* name;
  };
  static constexpr std::array<Named, 7> units = {{{0.001, "millimetres"},
                                                  {0.01, "centimetres"},
                                                  {0.0254, "inches"},
                                                  {0.1, "decimetres"},
                                                  {0.3048, "feet"},
                                                  {1.0, "metres"},
                                                  {1000.0, "kilometres"}}};
  for (const Named& u : units)
    if (std::abs(meters_per_unit - u.meters) <= 1e-6 * u.meters)
      return std::string(u.name) + " (" + number(u.meters) + " m per unit)";
  return number(meters_per_unit) + " m per unit";
}

std::string describe_axes(const SourceSpace& space) {
  std::string out;
  const auto add = [&](const std::optional<AxisDirection>& axis, const char* role) {
    if (!axis) return;
    if (!out.empty()) out += ", ";
    std::string name = axis_name(*axis);
    if (name[0] == '+') name.erase(0, 1);  // "Z up" reads better than "+Z up"
    out += name + " " + role;
  };
  add(space.up, "up");
  add(space.front, "front");
  add(space.right, "right");
  if (space.up && space.front && space.right) {
    // Right-handed when right x up points to the front (X x Y = Z for Y up, Z front, X right).
    const float handed = dot(cross(axis_vector(*space.right), axis_vector(*space.up)), axis_vector(*space.front));
    out += handed > 0 ? ", right-handed" : ", left-handed";
  }
  return out;
}

std::string describe_conventions(const Conventions& c) {
  const char* up = c.up == UpAxis::Z ? "Z" : c.up == UpAxis::NegY ? "-Y" : "Y";
  return std::string(up) + " up, " + (c.right_handed ? "right-handed" : "left-handed");
}

void note_source_space(Scene& scene, const SourceSpace& space) {
  if (space.meters_per_unit && *space.meters_per_unit > 0)
    scene.source_notes.push_back({"units", describe_units(*space.meters_per_unit)});
  if (const std::string axes = describe_axes(space); !axes.empty()) scene.source_notes.push_back({"axes", axes});
}

}  // namespace aem
