// Scene cameras -> glTF cameras, scene lights -> KHR_lights_punctual (same indices; see writer_parts.hpp).
#include <algorithm>
#include <cmath>

#include "formats/gltf/writer_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// The largest float not above pi/2 (float(pi/2) rounds up, past what glTF allows for a cone angle).
constexpr float kHalfPi = 1.5707963f;

/// `v` when finite and above `min` (or equal when `or_equal`), else `fallback`: glTF's ranges, so
/// the validator accepts whatever a source held.
float within(float v, float min, float fallback, bool or_equal = false) {
  return std::isfinite(v) && (v > min || (or_equal && v == min)) ? v : fallback;
}

std::string camera_json(const Camera& c) {
  JsonObject cam;
  if (!c.name.empty()) cam.str("name", c.name);
  JsonObject p;
  if (c.projection == Camera::Projection::Perspective) {
    const float znear = within(c.znear, 0.0f, 0.01f);
    p.num("yfov", within(c.yfov, 0.0f, 0.8f));
    if (c.aspect > 0.0f && std::isfinite(c.aspect)) p.num("aspectRatio", c.aspect);
    if (std::isfinite(c.zfar) && c.zfar > znear) p.num("zfar", c.zfar);
    p.num("znear", znear);
    return cam.str("type", "perspective").raw("perspective", p.text()).text();
  }
  const float znear = within(c.znear, 0.0f, 0.0f, true);
  auto nonzero = [](float v) { return std::isfinite(v) && v != 0.0f ? v : 1.0f; };
  p.num("xmag", nonzero(c.xmag)).num("ymag", nonzero(c.ymag));
  p.num("zfar", within(c.zfar, znear, znear + 1000.0f)).num("znear", znear);
  return cam.str("type", "orthographic").raw("orthographic", p.text()).text();
}

std::string light_json(const Light& l) {
  JsonObject light;
  if (!l.name.empty()) light.str("name", l.name);
  auto unit = [](float v) { return std::isfinite(v) ? std::max(v, 0.0f) : 1.0f; };
  light.floats("color", std::vector<float>{unit(l.color.x), unit(l.color.y), unit(l.color.z)});
  light.num("intensity", within(l.intensity, 0.0f, 1.0f, true));
  if (std::isfinite(l.range) && l.range > 0.0f) light.num("range", l.range);
  const char* type = l.type == Light::Type::Directional ? "directional"
                     : l.type == Light::Type::Spot      ? "spot"
                                                        : "point";
  light.str("type", type);
  if (l.type == Light::Type::Spot) {
    const float outer = std::min(within(l.outer_cone, 0.0f, 0.7853982f), kHalfPi);
    const float inner =
        std::isfinite(l.inner_cone) ? std::clamp(l.inner_cone, 0.0f, std::nextafter(outer, 0.0f)) : 0.0f;
    light.raw("spot", JsonObject().num("innerConeAngle", inner).num("outerConeAngle", outer).text());
  }
  return light.text();
}

}  // namespace

void write_cameras_and_lights(Document& doc, const Scene& scene) {
  for (const Camera& c : scene.cameras) doc.cameras.push_back(camera_json(c));
  for (const Light& l : scene.lights) doc.lights.push_back(light_json(l));
  if (!scene.lights.empty()) doc.extensions_used.push_back("KHR_lights_punctual");
}

}  // namespace aem::formats::gltf
