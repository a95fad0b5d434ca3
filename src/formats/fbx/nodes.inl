// Part of the FBX reader's one translation unit (reader.cpp): the node tree, cameras and lights.

namespace aem::formats::fbx {
namespace {

/// `unit`: metres per file unit (ufbx scales geometry and translations, not clip distances).
Camera read_camera(const ufbx_camera& c, double unit) {
  Camera out;
  out.name = to_string(c.name);
  if (c.projection_mode == UFBX_PROJECTION_MODE_ORTHOGRAPHIC) {
    out.projection = Camera::Projection::Orthographic;
    out.xmag = static_cast<float>(c.orthographic_size.x * 0.5);
    out.ymag = static_cast<float>(c.orthographic_size.y * 0.5);
  } else {
    constexpr double kDegrees = 3.14159265358979323846 / 180.0;
    out.yfov = static_cast<float>(c.field_of_view_deg.y * kDegrees);
    out.aspect = c.aspect_ratio > 0 ? static_cast<float>(c.aspect_ratio) : 0.0f;
  }
  if (c.near_plane > 0) out.znear = static_cast<float>(c.near_plane * unit);
  out.zfar = c.far_plane > c.near_plane ? static_cast<float>(c.far_plane * unit) : 0.0f;
  return out;
}

Light read_light(const ufbx_light& l) {
  Light out;
  out.name = to_string(l.name);
  out.color = to_vec3(l.color);
  out.intensity = static_cast<float>(l.intensity);
  switch (l.type) {
    case UFBX_LIGHT_DIRECTIONAL:
      out.type = Light::Type::Directional;
      break;
    case UFBX_LIGHT_SPOT:
      out.type = Light::Type::Spot;
      break;
    default:
      out.type = Light::Type::Point;
      break;  // area and volume lights shine like a point
  }
  // FBX gives the spot's cone as full opening angles in degrees; the scene keeps half angles in radians.
  constexpr double kHalfDegrees = 3.14159265358979323846 / 360.0;
  out.outer_cone = static_cast<float>(std::clamp(l.outer_angle * kHalfDegrees, 0.0, 1.5707963));
  out.inner_cone =
      static_cast<float>(std::clamp(l.inner_angle * kHalfDegrees, 0.0, static_cast<double>(out.outer_cone)));
  return out;
}

/// One scene node per ufbx node but the implicit root, parents before children; cameras and lights
/// with their nodes.
void read_nodes(Build& b) {
  const ufbx_scene& fbx = b.fbx;
  b.node_of.assign(fbx.nodes.count, -1);
  std::vector<const ufbx_node*> stack;
  for (std::size_t i = fbx.root_node->children.count; i-- > 0;) stack.push_back(fbx.root_node->children.data[i]);
  while (!stack.empty()) {
    const ufbx_node& n = *stack.back();
    stack.pop_back();
    Node node;
    node.name = to_string(n.name);
    // ufbx's helper nodes have no name of their own: named after the node they serve.
    if (node.name.empty() && n.parent && (n.is_scale_helper || n.is_geometry_transform_helper))
      node.name = to_string(n.parent->name) + (n.is_scale_helper ? " (scale)" : " (geometry)");
    node.parent = n.parent ? b.node_of[n.parent->typed_id] : -1;
    node.local = to_transform(n.local_transform);
    if (n.camera) {
      node.kind = Node::Kind::Camera;
      node.camera = static_cast<std::int32_t>(b.scene.cameras.size());
      b.scene.cameras.push_back(
          read_camera(*n.camera, fbx.settings.original_unit_meters > 0 ? fbx.settings.original_unit_meters : 0.01));
    } else if (n.light) {
      node.kind = Node::Kind::Light;
      node.light = static_cast<std::int32_t>(b.scene.lights.size());
      b.scene.lights.push_back(read_light(*n.light));
    }
    b.node_of[n.typed_id] = static_cast<std::int32_t>(b.scene.nodes.size());
    b.scene.nodes.push_back(std::move(node));
    for (std::size_t c = n.children.count; c-- > 0;) stack.push_back(n.children.data[c]);
  }
}

}  // namespace
}  // namespace aem::formats::fbx
