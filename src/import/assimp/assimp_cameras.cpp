// Cameras and lights from Assimp (see assimp_cameras.hpp).
#include "import/assimp/assimp_cameras.hpp"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>

namespace aem::formats {
namespace {

/// The largest float not above pi/2 (float(pi/2) rounds up, past what glTF allows for a cone angle).
constexpr float kHalfPi = 1.5707963f;

Vec3 v3(const aiVector3D& v) { return {v.x, v.y, v.z}; }

/// The transform that puts the origin at `position` with -Z along `forward` and +Y towards `up`.
Transform frame(const Vec3& position, const Vec3& forward, const Vec3& up) {
  const Vec3 back = normalize(forward * -1.0f);
  Vec3 side = cross(up, back);
  if (length(side) < 1e-6f) side = std::fabs(back.y) < 0.9f ? cross(Vec3{0, 1, 0}, back) : cross(Vec3{1, 0, 0}, back);
  side = normalize(side);
  Mat4 m = translation_matrix(position);
  const Vec3 y = cross(back, side);
  const Vec3 axes[3] = {side, y, back};
  for (int c = 0; c < 3; ++c) {
    m.m[4 * c] = axes[c].x;
    m.m[4 * c + 1] = axes[c].y;
    m.m[4 * c + 2] = axes[c].z;
  }
  return decompose(m);
}

bool is_identity(const Transform& t) {
  return length(t.translation) < 1e-6f && std::fabs(std::fabs(normalize(t.rotation).w) - 1.0f) < 1e-6f;
}

}  // namespace

void read_assimp_cameras_and_lights(const aiScene& ai, Scene& scene, std::vector<Mat4>& world,
                                    const std::map<std::string, std::int32_t>& node_by_name,
                                    std::vector<Warning>& warnings) {
  auto warn = [&](const char* code, const std::string& element, const std::string& message) {
    warnings.push_back(Warning{.code = code, .format = "Assimp", .path = element, .message = message});
  };
  // The node that carries an item: the named node, or a child of it holding the item's own placement.
  auto carrier = [&](const std::string& name, const Transform& placement, Node::Kind kind) -> Node* {
    const auto it = node_by_name.find(name);
    if (it == node_by_name.end()) {
      warn("ASSIMP_UNPLACED", name, "\"" + name + "\" names no node; dropped");
      return nullptr;
    }
    std::int32_t n = it->second;
    if (!is_identity(placement)) {
      Node child;
      child.name = name;
      child.parent = n;
      child.local = placement;
      world.push_back(world[n] * compose(placement));
      scene.nodes.push_back(std::move(child));
      n = static_cast<std::int32_t>(scene.nodes.size() - 1);
    }
    scene.nodes[n].kind = kind;
    return &scene.nodes[n];
  };

  for (unsigned i = 0; i < ai.mNumCameras; ++i) {
    const aiCamera& c = *ai.mCameras[i];
    Camera cam;
    cam.name = c.mName.C_Str();
    cam.znear = c.mClipPlaneNear;
    cam.zfar = c.mClipPlaneFar;
    cam.aspect = c.mAspect > 0.0f ? c.mAspect : 0.0f;
    if (c.mOrthographicWidth > 0.0f) {
      cam.projection = Camera::Projection::Orthographic;
      cam.xmag = c.mOrthographicWidth;
      cam.ymag = cam.aspect > 0.0f ? c.mOrthographicWidth / cam.aspect : c.mOrthographicWidth;
    } else {
      // aiCamera's header calls mHorizontalFOV a half angle, but Assimp 5.2's Collada, FBX and glTF
      // importers all store the whole horizontal angle there; ours is the whole vertical angle.
      cam.yfov = 2.0f * std::atan(std::tan(0.5f * c.mHorizontalFOV) / (cam.aspect > 0.0f ? cam.aspect : 1.0f));
    }
    Node* node = carrier(cam.name, frame(v3(c.mPosition), v3(c.mLookAt), v3(c.mUp)), Node::Kind::Camera);
    if (!node) continue;
    node->camera = static_cast<std::int32_t>(scene.cameras.size());
    scene.cameras.push_back(std::move(cam));
  }

  for (unsigned i = 0; i < ai.mNumLights; ++i) {
    const aiLight& l = *ai.mLights[i];
    Light light;
    light.name = l.mName.C_Str();
    if (l.mType == aiLightSource_DIRECTIONAL)
      light.type = Light::Type::Directional;
    else if (l.mType == aiLightSource_SPOT)
      light.type = Light::Type::Spot;
    else if (l.mType != aiLightSource_POINT) {
      warn("ASSIMP_LIGHT_DROPPED", light.name, "ambient and area lights have no glTF equivalent; dropped");
      continue;
    }
    // Assimp folds the intensity into the colour: the brightest channel becomes the intensity.
    const Vec3 c{l.mColorDiffuse.r, l.mColorDiffuse.g, l.mColorDiffuse.b};
    light.intensity = std::max({c.x, c.y, c.z, 0.0f});
    light.color = light.intensity > 0.0f ? c * (1.0f / light.intensity) : Vec3{1, 1, 1};
    if (light.type == Light::Type::Spot) {
      // Taken as angles from the axis (Assimp's glTF importer); clamped to what glTF allows.
      light.outer_cone = std::clamp(l.mAngleOuterCone, 1e-4f, kHalfPi);
      light.inner_cone = std::clamp(l.mAngleInnerCone, 0.0f, light.outer_cone * 0.999f);
    }
    const bool aimed = light.type != Light::Type::Point;
    const Vec3 position = light.type == Light::Type::Directional ? Vec3{} : v3(l.mPosition);
    Node* node = carrier(light.name,
                         frame(position, aimed ? v3(l.mDirection) : Vec3{0, 0, -1}, aimed ? v3(l.mUp) : Vec3{0, 1, 0}),
                         Node::Kind::Light);
    if (!node) continue;
    node->light = static_cast<std::int32_t>(scene.lights.size());
    scene.lights.push_back(std::move(light));
  }
}

}  // namespace aem::formats
