// Cameras and KHR_lights_punctual lights (see reader_parts.hpp).
#include <cmath>

#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {
namespace {

constexpr float kHalfPi = 1.5707964f;

/// A number that must be > 0 (`or_zero`: >= 0); `fallback` when missing.
float positive(Context& ctx, const Json& value, float fallback, bool or_zero = false) {
  const float v = ctx.number(value, fallback);
  if (v < 0.0f || (v == 0.0f && !or_zero)) ctx.fail("GLTF_BAD_VALUE", value.path(), "must be greater than 0");
  return v;
}

Camera read_camera(Context& ctx, const Json& c) {
  Camera cam;
  cam.name = ctx.string(c["name"]);
  const std::string type = ctx.string(c["type"]);
  if (type == "perspective") {
    const Json p = c["perspective"];
    if (!p.is_object())
      ctx.fail("GLTF_MISSING", c.path() + ".perspective", "a perspective camera needs its parameters");
    cam.yfov = positive(ctx, p["yfov"], -1.0f);
    cam.aspect = positive(ctx, p["aspectRatio"], 0.0f, true);
    cam.znear = positive(ctx, p["znear"], -1.0f);
    cam.zfar = positive(ctx, p["zfar"], 0.0f, true);
  } else if (type == "orthographic") {
    const Json o = c["orthographic"];
    if (!o.is_object())
      ctx.fail("GLTF_MISSING", c.path() + ".orthographic", "an orthographic camera needs its parameters");
    cam.projection = Camera::Projection::Orthographic;
    cam.xmag = ctx.number(o["xmag"], NAN);
    cam.ymag = ctx.number(o["ymag"], NAN);
    if (!std::isfinite(cam.xmag) || !std::isfinite(cam.ymag)) ctx.fail("GLTF_MISSING", o.path(), "needs xmag and ymag");
    cam.znear = positive(ctx, o["znear"], -1.0f, true);
    cam.zfar = positive(ctx, o["zfar"], -1.0f);
  } else {
    ctx.fail("GLTF_BAD_VALUE", c.path() + ".type",
             "camera type \"" + type + "\" is neither perspective nor orthographic");
  }
  if (cam.zfar > 0.0f && cam.zfar <= cam.znear) ctx.fail("GLTF_BAD_VALUE", c.path(), "zfar must be greater than znear");
  return cam;
}

Light read_light(Context& ctx, const Json& l) {
  Light light;
  light.name = ctx.string(l["name"]);
  const std::string type = ctx.string(l["type"]);
  if (type == "directional")
    light.type = Light::Type::Directional;
  else if (type == "spot")
    light.type = Light::Type::Spot;
  else if (type != "point")
    ctx.fail("GLTF_BAD_VALUE", l.path() + ".type", "light type \"" + type + "\" is not directional, point or spot");
  const auto color = ctx.numbers(l["color"], 3, {1, 1, 1});
  light.color = {color[0], color[1], color[2]};
  light.intensity = positive(ctx, l["intensity"], 1.0f, true);
  light.range = positive(ctx, l["range"], 0.0f, true);
  if (light.type == Light::Type::Spot) {
    const Json spot = l["spot"];
    light.inner_cone = ctx.number(spot["innerConeAngle"], 0.0f);
    light.outer_cone = ctx.number(spot["outerConeAngle"], light.outer_cone);
    if (light.inner_cone < 0.0f || light.inner_cone >= light.outer_cone || light.outer_cone > kHalfPi)
      ctx.fail("GLTF_BAD_VALUE", l.path() + ".spot", "cone angles need 0 <= innerConeAngle < outerConeAngle <= pi/2");
  }
  return light;
}

}  // namespace

void read_cameras_and_lights(Context& ctx, Scene& scene) {
  const Json cameras = ctx.array(ctx.root, "cameras");
  for (std::size_t i = 0; i < cameras.size(); ++i) scene.cameras.push_back(read_camera(ctx, cameras[i]));
  const Json lights = ctx.array(ctx.root["extensions"]["KHR_lights_punctual"], "lights");
  for (std::size_t i = 0; i < lights.size(); ++i) scene.lights.push_back(read_light(ctx, lights[i]));
}

}  // namespace aem::formats::gltf
