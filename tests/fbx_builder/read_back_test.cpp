// The test FBX writer (tests/support/fbx_builder) checked by reading its files back with ufbx directly, in
// every flavour (ASCII and binary; 6100, 7400, 7500). Expected values are worked out by hand: transforms
// from the FBX formula T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1 with this file's
// own matrix code, curve values from the key shapes (linear, held, cubic Bezier with 1/3 tangent weights).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "formats/fbx/ufbx_unit.hpp"
#include "support/fbx_builder.hpp"

namespace aem::test {
namespace {

using namespace aem::ufbx_internal;
namespace fb = aem::test::fbx;

constexpr double kPi = 3.14159265358979323846;
constexpr double kTol = 1e-9;
// FBX 7 stores key values as 32-bit floats; every key value below is exact in a float.
constexpr double kCurveTol = 1e-5;

// -- A 3x4 affine matrix, rows of [R | t], applied to column vectors.
struct Affine {
  double m[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
};

Affine mul(const Affine& a, const Affine& b) {
  Affine r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = j == 3 ? a.m[i][3] : 0.0;
      for (int k = 0; k < 3; ++k) s += a.m[i][k] * b.m[k][j];
      r.m[i][j] = s;
    }
  return r;
}

template <typename... More>
Affine mul(const Affine& a, const Affine& b, const Affine& c, const More&... more) {
  return mul(mul(a, b), c, more...);
}

Affine translate(double x, double y, double z) {
  Affine r;
  r.m[0][3] = x, r.m[1][3] = y, r.m[2][3] = z;
  return r;
}
Affine translate(const fb::Vec3& v) { return translate(v[0], v[1], v[2]); }
Affine scale(const fb::Vec3& v) {
  Affine r;
  r.m[0][0] = v[0], r.m[1][1] = v[1], r.m[2][2] = v[2];
  return r;
}

/// Rotation by `degrees` about axis 0 (X), 1 (Y) or 2 (Z), right-handed.
Affine rotate(int axis, double degrees) {
  const double c = std::cos(degrees * kPi / 180), s = std::sin(degrees * kPi / 180);
  const int a = (axis + 1) % 3, b = (axis + 2) % 3;
  Affine r;
  r.m[a][a] = c, r.m[a][b] = -s, r.m[b][a] = s, r.m[b][b] = c;
  return r;
}

/// Euler rotation, the order's first axis applied first (XYZ: Rz * Ry * Rx).
Affine euler(const fb::Vec3& d, fb::RotationOrder order) {
  static constexpr int kAxes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 2, 0}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}};
  const int* axes = kAxes[static_cast<int>(order)];
  return mul(rotate(axes[2], d[axes[2]]), rotate(axes[1], d[axes[1]]), rotate(axes[0], d[axes[0]]));
}

fb::Vec3 negate(const fb::Vec3& v) { return {-v[0], -v[1], -v[2]}; }

/// The FBX local transform of a node (rotation given separately so animated values can replace it).
Affine local_transform(const fb::Node& n, const fb::Vec3& rotation) {
  const Affine post_inverse =
      mul(rotate(0, -n.post_rotation[0]), rotate(1, -n.post_rotation[1]), rotate(2, -n.post_rotation[2]));
  return mul(translate(n.translation), translate(n.rotation_offset), translate(n.rotation_pivot),
             euler(n.pre_rotation, fb::RotationOrder::XYZ), euler(rotation, n.rotation_order), post_inverse,
             translate(negate(n.rotation_pivot)), translate(n.scaling_offset), translate(n.scaling_pivot),
             scale(n.scaling), translate(negate(n.scaling_pivot)));
}

void expect_matrix(const ufbx_matrix& actual, const Affine& expected, const std::string& what) {
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_NEAR(actual.cols[c].v[r], expected.m[r][c], 1e-9) << what << " [" << r << "][" << c << "]";
}

void expect_vec3(const ufbx_vec3& actual, double x, double y, double z, const std::string& what, double tol = kTol) {
  EXPECT_NEAR(actual.x, x, tol) << what;
  EXPECT_NEAR(actual.y, y, tol) << what;
  EXPECT_NEAR(actual.z, z, tol) << what;
}

std::string str(ufbx_string s) { return {s.data, s.length}; }

// -- The scene every flavour writes.
constexpr int kRoot = 0, kJoint = 1, kChild = 2, kMesh = 3;

/// 90 degrees about Z then a move by (4, 5, 6), in FBX's column-major order.
constexpr fb::Matrix kLinkMatrix = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1};
constexpr fb::Matrix kMoveMatrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, -2, -3, 1};

std::vector<std::byte> png_bytes() {
  const char text[] = "\x89PNG not really";
  std::vector<std::byte> out(sizeof text - 1);
  std::memcpy(out.data(), text, out.size());
  return out;
}

fb::Document rig_document() {
  fb::Document doc;
  doc.settings.up_axis = 2, doc.settings.front_axis = 1, doc.settings.front_axis_sign = -1;  // Z up
  doc.settings.unit_scale_factor = 100.0;                                                    // metres
  doc.settings.time_mode = fb::TimeMode::Custom, doc.settings.custom_frame_rate = 12.5;

  fb::Node& root = doc.nodes.emplace_back();
  root.name = "root";
  root.translation = {10, 0, 0};

  fb::Node& joint = doc.nodes.emplace_back();
  joint.name = "joint", joint.type = fb::NodeType::Skeleton, joint.parent = kRoot;
  joint.translation = {1, 2, 3}, joint.rotation = {30, 0, 0}, joint.scaling = {2, 2, 2};
  joint.pre_rotation = {0, 0, 90}, joint.post_rotation = {10, 0, 0};
  joint.rotation_pivot = {0, 1, 0}, joint.rotation_offset = {0.5, 0, 0};
  joint.scaling_pivot = {0, 0, 1}, joint.scaling_offset = {0, 0, 0.25};

  fb::Node& child = doc.nodes.emplace_back();
  child.name = "child", child.parent = kJoint, child.rotation = {90, 0, 90},
  child.rotation_order = fb::RotationOrder::ZYX;
  child.inherit_type = fb::InheritType::Rrs;

  fb::Node& mesh = doc.nodes.emplace_back();
  mesh.name = "mesh", mesh.type = fb::NodeType::Mesh;
  mesh.geometric_translation = {0, 0, 1}, mesh.geometric_rotation = {0, 90, 0}, mesh.geometric_scaling = {1, 2, 1};
  fb::Mesh& m = mesh.mesh;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0, 0}};
  m.polygons = {{0, 1, 2, 3}, {1, 4, 2}};
  m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}};  // Direct
  m.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5, 0.25}};
  m.uv_indices = {0, 1, 2, 3, 1, 4, 2};
  mesh.materials = {0, 1};
  m.polygon_materials = {1, 0};
  m.has_skin = true;
  m.skin.clusters.push_back({kJoint, {0, 1, 2}, {1.0, 0.5, 0.25}, kMoveMatrix, kLinkMatrix});
  m.skin.clusters.push_back({kRoot, {1, 2, 3, 4}, {0.5, 0.75, 1.0, 1.0}, fb::kIdentity, fb::kIdentity});
  m.skin.bind_pose = {{kMesh, fb::kIdentity}, {kJoint, kLinkMatrix}};
  m.blend_channels.push_back(
      {"smile", 25.0, {{"smile_full", {2, 3}, {{0, 0, 1}, {0, 0.5, 1}}, {{0, 1, 0}, {0, 1, 0}}, 100.0}}});

  doc.materials.push_back({"red", {1, 0, 0}, true, {"red_texture", "C:/art/red.png", "textures/red.png", png_bytes()}});
  doc.materials.push_back({"blue", {0, 0, 1}, false, {}});

  // Two takes: the active one second, so "active" is not "first".
  doc.takes.push_back({"idle", 0.0, 1.0, {}});
  fb::Take walk{"walk", 1.0, 3.0, {}};
  fb::Track root_move{kRoot, fb::Channel::Translation, 0, {}};
  root_move.components[0] = {{1.0, 0.0}, {3.0, 20.0}};  // linear
  root_move.components[1] = {{1.0, 0.0, fb::Interpolation::Cubic},
                             {3.0, 8.0, fb::Interpolation::Cubic}};  // flat tangents
  root_move.components[2] = {{1.0, 0.0, fb::Interpolation::Cubic, 0.0, 0.0},
                             {3.0, 4.0, fb::Interpolation::Cubic, 4.0, 0.0}};
  walk.tracks.push_back(root_move);
  fb::Track joint_turn{kJoint, fb::Channel::Rotation, 0, {}};
  joint_turn.components[2] = {
      {1.0, 0.0, fb::Interpolation::Constant}, {2.0, 90.0, fb::Interpolation::Constant}, {3.0, 45.0}};
  walk.tracks.push_back(joint_turn);
  fb::Track child_grow{kChild, fb::Channel::Scaling, 0, {}};
  child_grow.components[1] = {{1.0, 1.0, fb::Interpolation::ConstantNext}, {2.0, 3.0}};
  walk.tracks.push_back(child_grow);
  fb::Track smile{kMesh, fb::Channel::DeformPercent, 0, {}};
  smile.components[0] = {{1.0, 0.0}, {2.0, 100.0}};
  walk.tracks.push_back(smile);
  doc.takes.push_back(walk);
  doc.active_take = "walk";
  return doc;
}

// -- Loading with ufbx.
struct SceneDeleter {
  void operator()(ufbx_scene* s) const { ufbx_free_scene(s); }
};
using ScenePtr = std::unique_ptr<ufbx_scene, SceneDeleter>;

ScenePtr load(const std::vector<std::byte>& bytes, std::string* error) {
  ufbx_load_opts opts = {};
  opts.retain_dom = true;  // the active take is only in the document tree
  ufbx_error err;
  ScenePtr scene(ufbx_load_memory(bytes.data(), bytes.size(), &opts, &err));
  if (!scene) {
    char buf[2048];
    ufbx_format_error(buf, sizeof buf, &err);
    *error = buf;
  }
  return scene;
}

std::string warnings(const ufbx_scene& s) {
  std::string out;
  for (size_t i = 0; i < s.metadata.warnings.count; ++i) out += str(s.metadata.warnings.data[i].description) + "\n";
  return out;
}

const ufbx_dom_node* dom_child(const ufbx_dom_node* parent, const char* name) {
  return parent ? ufbx_dom_find(parent, name) : nullptr;
}

/// The string value of the Properties70 entry `name` under `node`.
std::string dom_property(const ufbx_dom_node* node, const char* name) {
  const ufbx_dom_node* props = dom_child(node, "Properties70");
  if (!props) return {};
  for (size_t i = 0; i < props->children.count; ++i) {
    const ufbx_dom_node* p = props->children.data[i];
    if (p->values.count >= 5 && str(p->values.data[0].value_str) == name) return str(p->values.data[4].value_str);
  }
  return {};
}

ufbx_anim_curve* curve(const ufbx_anim_stack* stack, const ufbx_node* node, const char* prop, int component) {
  if (stack->layers.count != 1) return nullptr;
  const ufbx_anim_prop* p = ufbx_find_anim_prop(stack->layers.data[0], &node->element, prop);
  return p && p->anim_value ? p->anim_value->curves[component] : nullptr;
}

struct Flavour {
  fb::Encoding encoding;
  int version;
};

void PrintTo(const Flavour& f, std::ostream* os) {
  *os << (f.encoding == fb::Encoding::Ascii ? "ASCII " : "binary ") << f.version;
}

std::string flavour_name(const testing::TestParamInfo<Flavour>& info) {
  return std::string(info.param.encoding == fb::Encoding::Ascii ? "Ascii" : "Binary") +
         std::to_string(info.param.version);
}

class FbxBuilderFlavours : public testing::TestWithParam<Flavour> {
 protected:
  void SetUp() override {
    doc_ = rig_document();
    std::string error;
    scene_ = load(fb::write_fbx(doc_, GetParam().encoding, GetParam().version), &error);
    ASSERT_TRUE(scene_) << error;
    for (int i = 0; i < 4; ++i) {
      nodes_[i] = ufbx_find_node(scene_.get(), doc_.nodes[static_cast<std::size_t>(i)].name.c_str());
      ASSERT_NE(nodes_[i], nullptr) << doc_.nodes[static_cast<std::size_t>(i)].name;
    }
  }

  fb::Document doc_;
  ScenePtr scene_;
  ufbx_node* nodes_[4] = {};
};

TEST_P(FbxBuilderFlavours, ReadsWithoutWarnings) {
  EXPECT_EQ(scene_->metadata.warnings.count, 0u) << warnings(*scene_);
  EXPECT_EQ(scene_->metadata.version, static_cast<uint32_t>(GetParam().version));
  EXPECT_EQ(scene_->metadata.ascii, GetParam().encoding == fb::Encoding::Ascii);
}

TEST_P(FbxBuilderFlavours, SettingsGiveUnitsAxesAndFrameRate) {
  const ufbx_scene_settings& s = scene_->settings;
  EXPECT_DOUBLE_EQ(s.unit_meters, 1.0);
  EXPECT_EQ(s.axes.up, UFBX_COORDINATE_AXIS_POSITIVE_Z);
  EXPECT_EQ(s.axes.front, UFBX_COORDINATE_AXIS_NEGATIVE_Y);
  EXPECT_EQ(s.axes.right, UFBX_COORDINATE_AXIS_POSITIVE_X);
  EXPECT_EQ(s.time_mode, UFBX_TIME_MODE_CUSTOM);
  EXPECT_DOUBLE_EQ(s.frames_per_second, 12.5);
}

TEST_P(FbxBuilderFlavours, NodesHaveNamesParentsAndAttributes) {
  EXPECT_EQ(scene_->nodes.count, 5u);  // with ufbx's root
  EXPECT_EQ(nodes_[kRoot]->parent, scene_->root_node);
  EXPECT_EQ(nodes_[kJoint]->parent, nodes_[kRoot]);
  EXPECT_EQ(nodes_[kChild]->parent, nodes_[kJoint]);
  EXPECT_EQ(nodes_[kMesh]->parent, scene_->root_node);
  EXPECT_EQ(nodes_[kRoot]->attrib_type, UFBX_ELEMENT_EMPTY);
  EXPECT_EQ(nodes_[kJoint]->attrib_type, UFBX_ELEMENT_BONE);
  EXPECT_EQ(nodes_[kChild]->attrib_type, UFBX_ELEMENT_EMPTY);
  EXPECT_EQ(nodes_[kMesh]->attrib_type, UFBX_ELEMENT_MESH);
  EXPECT_EQ(nodes_[kChild]->rotation_order, UFBX_ROTATION_ORDER_ZYX);
  EXPECT_EQ(nodes_[kChild]->original_inherit_mode, UFBX_INHERIT_MODE_IGNORE_PARENT_SCALE);
  EXPECT_EQ(nodes_[kJoint]->original_inherit_mode, UFBX_INHERIT_MODE_NORMAL);
}

TEST_P(FbxBuilderFlavours, TransformsFollowTheFbxFormula) {
  const fb::Node& joint = doc_.nodes[kJoint];
  const Affine joint_local = local_transform(joint, joint.rotation);
  expect_matrix(nodes_[kRoot]->node_to_parent, translate(10, 0, 0), "root");
  expect_matrix(nodes_[kJoint]->node_to_parent, joint_local, "joint local");
  expect_vec3(nodes_[kJoint]->local_transform.scale, 2, 2, 2, "joint scale");
  expect_matrix(nodes_[kJoint]->node_to_world, mul(translate(10, 0, 0), joint_local), "joint world");
  const fb::Node& child = doc_.nodes[kChild];
  // ZYX: Z applied first, so R = Rx(90) * Ry(0) * Rz(90).
  expect_matrix(nodes_[kChild]->node_to_parent, mul(rotate(0, 90), rotate(2, 90)), "child local");
  expect_matrix(nodes_[kChild]->node_to_parent, local_transform(child, child.rotation), "child local by formula");

  // The joint's origin by hand: T + Roff + Rp - Rtot * Rp + Rtot * (Soff + Sp - S * Sp) with
  // Rtot = Rpre * R * Rpost^-1 = Rz(90) * Rx(20); Rtot * (0, 1, 0) = (-c20, 0, s20) and
  // Rtot * (0, 0, -0.75) = (-0.75 s20, 0, -0.75 c20).
  const double c20 = std::cos(20 * kPi / 180), s20 = std::sin(20 * kPi / 180);
  const double ox = 1 + 0.5 + 0 - (-c20) + (-0.75 * s20), oy = 2 + 1 - 0 + 0, oz = 3 + 0 - s20 + (-0.75 * c20);
  expect_vec3(nodes_[kJoint]->node_to_parent.cols[3], ox, oy, oz, "joint origin by hand");

  const ufbx_transform& g = nodes_[kMesh]->geometry_transform;
  expect_vec3(g.translation, 0, 0, 1, "geometric translation");
  expect_vec3(g.scale, 1, 2, 1, "geometric scaling");
  // 90 degrees about Y: quaternion (0, sin 45, 0, cos 45).
  EXPECT_NEAR(g.rotation.y, std::sqrt(0.5), kTol);
  EXPECT_NEAR(g.rotation.w, std::sqrt(0.5), kTol);
}

TEST_P(FbxBuilderFlavours, MeshHasItsPolygonsAttributesAndMaterials) {
  const ufbx_mesh* mesh = nodes_[kMesh]->mesh;
  ASSERT_NE(mesh, nullptr);
  ASSERT_EQ(mesh->num_vertices, 5u);
  ASSERT_EQ(mesh->num_faces, 2u);
  EXPECT_EQ(mesh->faces.data[0].num_indices, 4u);
  EXPECT_EQ(mesh->faces.data[1].num_indices, 3u);
  expect_vec3(mesh->vertices.data[4], 2, 0, 0, "vertex 4");
  const uint32_t corners[] = {0, 1, 2, 3, 1, 4, 2};
  for (uint32_t i = 0; i < 7; ++i) EXPECT_EQ(mesh->vertex_indices.data[i], corners[i]) << i;

  ASSERT_TRUE(mesh->vertex_normal.exists);
  expect_vec3(ufbx_get_vertex_vec3(&mesh->vertex_normal, 3), 0, 0, 1, "normal 3");
  expect_vec3(ufbx_get_vertex_vec3(&mesh->vertex_normal, 5), 0, 1, 0, "normal 5");
  ASSERT_TRUE(mesh->vertex_uv.exists);
  const ufbx_vec2 uv5 = ufbx_get_vertex_vec2(&mesh->vertex_uv, 5);
  EXPECT_DOUBLE_EQ(uv5.x, 0.5);
  EXPECT_DOUBLE_EQ(uv5.y, 0.25);
  ASSERT_EQ(mesh->uv_sets.count, 1u);
  EXPECT_EQ(str(mesh->uv_sets.data[0].name), "map1");

  ASSERT_EQ(mesh->materials.count, 2u);
  EXPECT_EQ(str(mesh->materials.data[0]->name), "red");
  EXPECT_EQ(str(mesh->materials.data[1]->name), "blue");
  ASSERT_EQ(mesh->face_material.count, 2u);
  EXPECT_EQ(mesh->face_material.data[0], 1u);
  EXPECT_EQ(mesh->face_material.data[1], 0u);
  const ufbx_material* red = mesh->materials.data[0];
  expect_vec3(red->fbx.diffuse_color.value_vec3, 1, 0, 0, "red diffuse");
  const ufbx_texture* texture = red->fbx.diffuse_color.texture;
  ASSERT_NE(texture, nullptr);
  EXPECT_EQ(str(texture->relative_filename), "textures/red.png");
  const auto png = png_bytes();
  ASSERT_EQ(texture->content.size, png.size());
  EXPECT_EQ(std::memcmp(texture->content.data, png.data(), png.size()), 0);
  EXPECT_EQ(mesh->materials.data[1]->fbx.diffuse_color.texture, nullptr);
  expect_vec3(mesh->materials.data[1]->fbx.diffuse_color.value_vec3, 0, 0, 1, "blue diffuse");
}

TEST_P(FbxBuilderFlavours, SkinHasClusterWeightsBindMatricesAndPose) {
  const ufbx_mesh* mesh = nodes_[kMesh]->mesh;
  ASSERT_EQ(mesh->skin_deformers.count, 1u);
  const ufbx_skin_deformer* skin = mesh->skin_deformers.data[0];
  ASSERT_EQ(skin->clusters.count, 2u);
  const ufbx_skin_cluster* joint = skin->clusters.data[0];
  EXPECT_EQ(joint->bone_node, nodes_[kJoint]);
  ASSERT_EQ(joint->num_weights, 3u);
  EXPECT_EQ(joint->vertices.data[2], 2u);
  EXPECT_DOUBLE_EQ(joint->weights.data[1], 0.5);
  EXPECT_DOUBLE_EQ(joint->weights.data[2], 0.25);
  // TransformLink: 90 degrees about Z then (4, 5, 6); Transform: a move by (-1, -2, -3).
  expect_matrix(joint->bind_to_world, mul(translate(4, 5, 6), rotate(2, 90)), "bind_to_world");
  expect_matrix(joint->mesh_node_to_bone, translate(-1, -2, -3), "mesh_node_to_bone");
  const ufbx_skin_cluster* root = skin->clusters.data[1];
  EXPECT_EQ(root->bone_node, nodes_[kRoot]);
  ASSERT_EQ(root->num_weights, 4u);
  EXPECT_DOUBLE_EQ(root->weights.data[1], 0.75);
  // Vertex 1: 0.5 from the joint, 0.5 from the root.
  ASSERT_EQ(skin->vertices.count, 5u);
  EXPECT_EQ(skin->vertices.data[1].num_weights, 2u);

  ASSERT_EQ(scene_->poses.count, 1u);
  const ufbx_pose* pose = scene_->poses.data[0];
  EXPECT_TRUE(pose->is_bind_pose);
  ASSERT_EQ(pose->bone_poses.count, 2u);
  for (size_t i = 0; i < pose->bone_poses.count; ++i) {
    const ufbx_bone_pose& b = pose->bone_poses.data[i];
    if (b.bone_node == nodes_[kJoint])
      expect_matrix(b.bone_to_world, mul(translate(4, 5, 6), rotate(2, 90)), "joint bind pose");
    else
      EXPECT_EQ(b.bone_node, nodes_[kMesh]);
  }
}

TEST_P(FbxBuilderFlavours, BlendShapeHasOffsetsAndWeight) {
  const ufbx_mesh* mesh = nodes_[kMesh]->mesh;
  ASSERT_EQ(mesh->blend_deformers.count, 1u);
  const ufbx_blend_deformer* blend = mesh->blend_deformers.data[0];
  ASSERT_EQ(blend->channels.count, 1u);
  const ufbx_blend_channel* channel = blend->channels.data[0];
  EXPECT_EQ(str(channel->name), "smile");
  EXPECT_DOUBLE_EQ(channel->weight, 0.25);
  ASSERT_EQ(channel->keyframes.count, 1u);
  EXPECT_DOUBLE_EQ(channel->keyframes.data[0].target_weight, 1.0);
  const ufbx_blend_shape* shape = channel->keyframes.data[0].shape;
  ASSERT_EQ(shape->num_offsets, 2u);
  EXPECT_EQ(shape->offset_vertices.data[1], 3u);
  expect_vec3(shape->position_offsets.data[1], 0, 0.5, 1, "offset of vertex 3");
  ASSERT_EQ(shape->normal_offsets.count, 2u);
  expect_vec3(shape->normal_offsets.data[0], 0, 1, 0, "normal offset of vertex 2");
}

TEST_P(FbxBuilderFlavours, StacksHaveNamesRangesAndTheActiveTake) {
  ASSERT_EQ(scene_->anim_stacks.count, 2u);
  const ufbx_anim_stack* idle = scene_->anim_stacks.data[0];
  const ufbx_anim_stack* walk = ufbx_find_anim_stack(scene_.get(), "walk");
  EXPECT_EQ(str(idle->name), "idle");
  ASSERT_NE(walk, nullptr);
  EXPECT_DOUBLE_EQ(walk->time_begin, 1.0);
  EXPECT_DOUBLE_EQ(walk->time_end, 3.0);
  EXPECT_DOUBLE_EQ(idle->time_end, 1.0);
  // ufbx makes the first stack the default; which take is active is the file's word, in its tree.
  EXPECT_EQ(scene_->anim, idle->anim);
  const ufbx_dom_node* takes = dom_child(scene_->dom_root, "Takes");
  const ufbx_dom_node* current = dom_child(takes, "Current");
  ASSERT_NE(current, nullptr);
  ASSERT_EQ(current->values.count, 1u);
  EXPECT_EQ(str(current->values.data[0].value_str), "walk");
  if (GetParam().version >= 7000) {
    const ufbx_dom_node* document = dom_child(dom_child(scene_->dom_root, "Documents"), "Document");
    EXPECT_EQ(dom_property(document, "ActiveAnimStackName"), "walk");
  }
}

TEST_P(FbxBuilderFlavours, CurvesEvaluateBetweenKeys) {
  const ufbx_anim_stack* walk = ufbx_find_anim_stack(scene_.get(), "walk");
  ASSERT_NE(walk, nullptr);
  const ufbx_anim_curve* x = curve(walk, nodes_[kRoot], "Lcl Translation", 0);
  const ufbx_anim_curve* y = curve(walk, nodes_[kRoot], "Lcl Translation", 1);
  const ufbx_anim_curve* z = curve(walk, nodes_[kRoot], "Lcl Translation", 2);
  const ufbx_anim_curve* turn = curve(walk, nodes_[kJoint], "Lcl Rotation", 2);
  const ufbx_anim_curve* grow = curve(walk, nodes_[kChild], "Lcl Scaling", 1);
  ASSERT_TRUE(x && y && z && turn && grow);
  EXPECT_EQ(curve(walk, nodes_[kJoint], "Lcl Rotation", 0), nullptr);  // not keyed
  ASSERT_EQ(x->keyframes.count, 2u);
  EXPECT_DOUBLE_EQ(x->keyframes.data[1].time, 3.0);
  EXPECT_EQ(x->keyframes.data[0].interpolation, UFBX_INTERPOLATION_LINEAR);
  EXPECT_EQ(turn->keyframes.data[0].interpolation, UFBX_INTERPOLATION_CONSTANT_PREV);
  EXPECT_EQ(grow->keyframes.data[0].interpolation, UFBX_INTERPOLATION_CONSTANT_NEXT);
  EXPECT_EQ(y->keyframes.data[0].interpolation, UFBX_INTERPOLATION_CUBIC);

  // Linear 0 -> 20 over 1..3 s.
  EXPECT_NEAR(ufbx_evaluate_curve(x, 1.5, 0), 5.0, kCurveTol);
  EXPECT_NEAR(ufbx_evaluate_curve(x, 2.0, 0), 10.0, kCurveTol);
  // Cubic 0 -> 8 with flat tangents: time runs linearly along the Bezier (1/3 weights), so at a quarter
  // of the span the value is 8 * u^2 (3 - 2u) with u = 1/4, and 4 at the middle.
  EXPECT_NEAR(ufbx_evaluate_curve(y, 1.5, 0), 1.25, kCurveTol);
  EXPECT_NEAR(ufbx_evaluate_curve(y, 2.0, 0), 4.0, kCurveTol);
  // Cubic 0 -> 4, leaving flat, arriving with slope 4/s: control values 0, 0, 4 - (2/3 s)(4/s) = 4/3, 4;
  // the middle is (3 * 4/3 + 4) / 8 = 1. Swapped slopes would give 3.
  EXPECT_NEAR(ufbx_evaluate_curve(z, 2.0, 0), 1.0, kCurveTol);
  // Held keys: 0 until 2 s, then 90.
  EXPECT_NEAR(ufbx_evaluate_curve(turn, 1.5, 0), 0.0, kCurveTol);
  EXPECT_NEAR(ufbx_evaluate_curve(turn, 2.5, 0), 90.0, kCurveTol);
  // Held from the next key: 3 already at 1.5 s.
  EXPECT_NEAR(ufbx_evaluate_curve(grow, 1.5, 0), 3.0, kCurveTol);

  // The blend channel: DeformPercent 0 -> 100 over 1..2 s, a weight of 0.5 at 1.5 s.
  const ufbx_blend_channel* smile = nodes_[kMesh]->mesh->blend_deformers.data[0]->channels.data[0];
  EXPECT_NEAR(ufbx_evaluate_blend_weight(walk->anim, smile, 1.5), 0.5, kCurveTol);
}

TEST_P(FbxBuilderFlavours, EvaluatedTransformsUseTheAnimatedValues) {
  const ufbx_anim_stack* walk = ufbx_find_anim_stack(scene_.get(), "walk");
  ASSERT_NE(walk, nullptr);
  // At 2.5 s the joint holds Z = 90 and keeps its static X = 30.
  const fb::Node& joint = doc_.nodes[kJoint];
  const ufbx_transform t = ufbx_evaluate_transform(walk->anim, nodes_[kJoint], 2.5);
  const ufbx_matrix m = ufbx_transform_to_matrix(&t);
  expect_matrix(m, local_transform(joint, {30, 0, 90}), "joint at 2.5 s");
  const ufbx_transform r = ufbx_evaluate_transform(walk->anim, nodes_[kRoot], 2.0);
  expect_vec3(r.translation, 10, 4, 1, "root at 2 s", kCurveTol);
}

INSTANTIATE_TEST_SUITE_P(AllFlavours, FbxBuilderFlavours,
                         testing::Values(Flavour{fb::Encoding::Ascii, 6100}, Flavour{fb::Encoding::Binary, 6100},
                                         Flavour{fb::Encoding::Ascii, 7400}, Flavour{fb::Encoding::Binary, 7400},
                                         Flavour{fb::Encoding::Ascii, 7500}, Flavour{fb::Encoding::Binary, 7500}),
                         flavour_name);

// -- What only some flavours have, and the byte layout itself.

fb::Document inbetween_document() {
  fb::Document doc;
  fb::Node& n = doc.nodes.emplace_back();
  n.name = "face", n.type = fb::NodeType::Mesh;
  n.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  n.mesh.polygons = {{0, 1, 2}};
  n.mesh.blend_channels.push_back(
      {"open", 0.0, {{"open_half", {2}, {{0, 0.5, 0}}, {}, 40.0}, {"open_full", {2}, {{0, 2, 0}}, {}, 100.0}}});
  return doc;
}

TEST(FbxBuilder, Fbx7BlendChannelsHaveInBetweens) {
  for (int version : {7400, 7500})
    for (auto encoding : {fb::Encoding::Ascii, fb::Encoding::Binary}) {
      std::string error;
      const ScenePtr scene = load(fb::write_fbx(inbetween_document(), encoding, version), &error);
      ASSERT_TRUE(scene) << error;
      EXPECT_EQ(scene->metadata.warnings.count, 0u) << warnings(*scene);
      ASSERT_EQ(scene->blend_channels.count, 1u);
      const ufbx_blend_channel* channel = scene->blend_channels.data[0];
      ASSERT_EQ(channel->keyframes.count, 2u);
      EXPECT_DOUBLE_EQ(channel->keyframes.data[0].target_weight, 0.4);
      EXPECT_DOUBLE_EQ(channel->keyframes.data[1].target_weight, 1.0);
      expect_vec3(channel->keyframes.data[0].shape->position_offsets.data[0], 0, 0.5, 0, "half");
      expect_vec3(channel->keyframes.data[1].shape->position_offsets.data[0], 0, 2, 0, "full");
    }
}

TEST(FbxBuilder, Fbx6RefusesInBetweens) {
  EXPECT_THROW(fb::write_fbx(inbetween_document(), fb::Encoding::Ascii, 6100), std::invalid_argument);
}

TEST(FbxBuilder, RefusesUnknownVersionsAndDanglingReferences) {
  const fb::Document doc = rig_document();
  EXPECT_THROW(fb::write_fbx(doc, fb::Encoding::Binary, 7300), std::invalid_argument);
  fb::Document later_parent = doc;
  later_parent.nodes[kRoot].parent = kMesh;
  EXPECT_THROW(fb::write_fbx(later_parent, fb::Encoding::Binary, 7400), std::invalid_argument);
  fb::Document bad_bone = doc;
  bad_bone.nodes[kMesh].mesh.skin.clusters[0].bone = 9;
  EXPECT_THROW(fb::write_fbx(bad_bone, fb::Encoding::Ascii, 6100), std::invalid_argument);
  fb::Document bad_channel = doc;
  bad_channel.takes[1].tracks.back().blend_channel = 1;
  EXPECT_THROW(fb::write_fbx(bad_channel, fb::Encoding::Ascii, 7500), std::invalid_argument);
  fb::Document quoted = doc;
  quoted.nodes[kRoot].name = "say \"hi\"";
  EXPECT_THROW(fb::write_fbx(quoted, fb::Encoding::Ascii, 7400), std::invalid_argument);
  EXPECT_NO_THROW(fb::write_fbx(quoted, fb::Encoding::Binary, 7400));
}

std::uint64_t read_le(const std::vector<std::byte>& b, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | std::to_integer<std::uint64_t>(b.at(at + static_cast<std::size_t>(i)));
  return v;
}

// The binary layout from the format's published description: "Kaydara FBX Binary  \0", 0x1A 0x00, the
// version; records of end offset, value count, values length (32-bit, 64-bit from 7500), name length,
// name; a file ending in 16 fixed bytes.
TEST(FbxBuilder, BinaryRecordHeadersAreWideFrom7500) {
  const fb::Document doc = rig_document();
  for (int version : {6100, 7400, 7500}) {
    const auto b = fb::write_fbx(doc, fb::Encoding::Binary, version);
    ASSERT_GT(b.size(), 200u);
    EXPECT_EQ(std::memcmp(b.data(), "Kaydara FBX Binary  \0\x1a\0", 23), 0);
    EXPECT_EQ(read_le(b, 23, 4), static_cast<std::uint64_t>(version));
    const int field = version >= 7500 ? 8 : 4;
    const std::size_t name_at = 27 + 3 * static_cast<std::size_t>(field) + 1;
    ASSERT_EQ(read_le(b, name_at - 1, 1), 18u) << version;
    EXPECT_EQ(std::memcmp(b.data() + name_at, "FBXHeaderExtension", 18), 0) << version;
    EXPECT_EQ(read_le(b, 27 + static_cast<std::size_t>(field), field), 0u) << "no values";
    // The first record's end offset is where the next top-level name ("Creator" or "GlobalSettings") starts.
    const std::size_t next = read_le(b, 27, field);
    const std::string next_name(
        reinterpret_cast<const char*>(b.data() + next + 3 * static_cast<std::size_t>(field) + 1),
        std::to_integer<std::size_t>(b.at(next + 3 * static_cast<std::size_t>(field))));
    EXPECT_EQ(next_name, version < 7000 ? "Creator" : "GlobalSettings");
    EXPECT_EQ(b.back(), std::byte{0x0b});
    EXPECT_EQ(b[b.size() - 16], std::byte{0xf8});
  }
}

TEST(FbxBuilder, AsciiNamesItsVersionOnTheFirstLine) {
  const auto b = fb::write_fbx(rig_document(), fb::Encoding::Ascii, 6100);
  const std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  EXPECT_EQ(text.rfind("; FBX 6.1.0 project file\n", 0), 0u);
  EXPECT_NE(text.find("Connect: \"OO\", \"Model::joint\", \"Model::root\""), std::string::npos);
}

TEST(FbxBuilder, WritesAFileUfbxLoads) {
  const auto path =
      std::filesystem::temp_directory_path() / ("fbx_builder_test_" + std::to_string(::getpid()) + ".fbx");
  fb::write_fbx_file(path, rig_document(), fb::Encoding::Binary, 7400);
  ufbx_load_opts opts = {};
  ufbx_error err;
  ScenePtr scene(ufbx_load_file(path.string().c_str(), &opts, &err));
  std::filesystem::remove(path);
  ASSERT_TRUE(scene);
  EXPECT_NE(ufbx_find_node(scene.get(), "joint"), nullptr);
}

TEST(FbxBuilder, TicksAreFbxSeconds) {
  EXPECT_EQ(fb::to_ticks(1.0), 46186158000);
  EXPECT_EQ(fb::to_ticks(0.5), 23093079000);
  EXPECT_EQ(fb::to_ticks(-2.0), -92372316000);
}

}  // namespace
}  // namespace aem::test
