// Writes small FBX files from a description, so FBX reader tests need no third-party files. Four
// flavours: ASCII or binary, each as FBX 6.1 (version 6100: the legacy layout, geometry inside its Model,
// objects named "Model::X" and connected by name, animation in Takes of Channel trees, blend shapes as
// Shape nodes of the Model) or FBX 7.4/7.5 (7400/7500: objects with 64-bit ids, Geometry apart from its
// Model, connections by id, AnimationStack/Layer/CurveNode/Curve objects; 7500 binary has 64-bit record
// offsets).
//
// Usage:
//   fbx::Document doc;
//   doc.settings.up_axis = 2;  // Z up
//   auto& hips = doc.nodes.emplace_back();
//   hips.name = "hips", hips.type = fbx::NodeType::Skeleton, hips.pre_rotation = {0, 0, 90};
//   ...
//   doc.takes.push_back({.name = "walk", .start = 1.0, .stop = 2.0, .tracks = {...}});
//   std::vector<std::byte> bytes = fbx::write_fbx(doc, fbx::Encoding::Binary, 7400);
//
// The writer resolves only the references it must (node, material, channel indices) and throws
// std::invalid_argument for those; every other value (vertex indices, weights, times) is written as given,
// so tests can make malformed files on purpose.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace aem::test::fbx {

using Vec2 = std::array<double, 2>;
using Vec3 = std::array<double, 3>;
/// A 4x4 matrix as FBX stores it: column-major, the translation in elements 12..14.
using Matrix = std::array<double, 16>;
inline constexpr Matrix kIdentity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/// FBX time (KTime) ticks in a second, for FBX 6 and 7.
inline constexpr std::int64_t kTicksPerSecond = 46186158000;

enum class Encoding { Ascii, Binary };

/// GlobalSettings' TimeMode enum, values as FBX numbers them.
enum class TimeMode : int {
  Default = 0,
  Fps120 = 1,
  Fps100 = 2,
  Fps60 = 3,
  Fps50 = 4,
  Fps48 = 5,
  Fps30 = 6,
  Pal = 10,
  Fps24 = 11,
  Custom = 14
};

struct GlobalSettings {
  // Axes: 0 = X, 1 = Y, 2 = Z; signs +1 or -1. The defaults are Y up, Z front, X right.
  int up_axis = 1, up_axis_sign = 1;
  int front_axis = 2, front_axis_sign = 1;
  int coord_axis = 0, coord_axis_sign = 1;
  double unit_scale_factor = 1.0;  ///< Centimetres per file unit: 1 = centimetres (FBX's default), 100 = metres.
  TimeMode time_mode = TimeMode::Fps24;
  double custom_frame_rate = -1.0;  ///< Frames per second, read when time_mode is Custom.
};

/// A texture file, optionally with the image bytes embedded (Video Content).
struct Texture {
  std::string name;                ///< Unique among textures (FBX 6.1 connects them by name).
  std::string file_name;           ///< FileName/Filename (absolute in real files).
  std::string relative_file_name;  ///< RelativeFilename.
  std::vector<std::byte> content;  ///< Embedded image bytes; empty = not embedded.
};

struct Material {
  std::string name;  ///< Unique (FBX 6.1 connects objects by name).
  Vec3 diffuse_color = {0.8, 0.8, 0.8};
  bool has_diffuse_texture = false;
  Texture diffuse_texture;  ///< Written when has_diffuse_texture.
};

/// One influence of a skin: the vertices one bone moves, with the cluster's two bind matrices.
struct Cluster {
  int bone = 0;                       ///< Document::nodes index of the bone; one cluster per bone in a skin.
  std::vector<int> indices;           ///< Control point indices.
  std::vector<double> weights;        ///< One per index.
  Matrix transform = kIdentity;       ///< "Transform": mesh node to bone at bind time (TransformLink^-1 * mesh world).
  Matrix transform_link = kIdentity;  ///< "TransformLink": the bone's world matrix at bind time.
};

/// An entry of a bind pose: a node's world matrix at bind time.
struct PoseEntry {
  int node = 0;  ///< Document::nodes index.
  Matrix world = kIdentity;
};

struct Skin {
  std::vector<Cluster> clusters;
  std::vector<PoseEntry> bind_pose;  ///< Written as a BindPose object when not empty.
};

/// A blend shape target: offsets of some control points. Normals are optional (empty = none).
struct ShapeTarget {
  std::string name;
  std::vector<int> indices;
  std::vector<Vec3> offsets;
  std::vector<Vec3> normal_offsets;  ///< Empty or one per index.
  double full_weight = 100.0;        ///< Channel percentage at which this target is fully applied.
};

/// A blend channel. Several targets make in-betweens (FullWeights), FBX 7 only: FBX 6.1 has one Shape
/// per channel and write_fbx throws for more.
struct BlendChannel {
  std::string name;
  double deform_percent = 0.0;  ///< 0..100.
  std::vector<ShapeTarget> targets;
};

struct Mesh {
  std::vector<Vec3> positions;             ///< Control points.
  std::vector<std::vector<int>> polygons;  ///< Control point indices, any number per polygon.
  // Per polygon-vertex attributes. Empty values = none; empty indices = Direct (one value per polygon
  // vertex, in polygon order); otherwise IndexToDirect (one index per polygon vertex).
  std::vector<Vec3> normals;
  std::vector<int> normal_indices;
  std::vector<Vec2> uvs;
  std::vector<int> uv_indices;
  std::string uv_set = "map1";
  /// Per polygon, an index into the node's materials. Empty = every polygon uses the first (AllSame).
  std::vector<int> polygon_materials;
  bool has_skin = false;
  Skin skin;  ///< Written when has_skin.
  std::string blend_shape_name = "blendShape";
  std::vector<BlendChannel> blend_channels;  ///< A BlendShape deformer when not empty.
};

enum class NodeType { Null, Skeleton, Mesh };

/// RotationOrder enum, values as FBX numbers them (XYZ: X applied first).
enum class RotationOrder : int { XYZ = 0, XZY = 1, YZX = 2, YXZ = 3, ZXY = 4, ZYX = 5 };

/// InheritType enum: 0 RrSs, 1 RSrs (the usual), 2 Rrs (no parent scale).
enum class InheritType : int { RrSs = 0, RSrs = 1, Rrs = 2 };

/// A Model: local transform T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1, rotations
/// as Euler degrees (pre/post rotation always XYZ).
struct Node {
  std::string name;  ///< Unique: FBX 6.1 identifies objects by name.
  NodeType type = NodeType::Null;
  int parent = -1;  ///< Index of an earlier node; -1 = child of the scene root.
  Vec3 translation = {0, 0, 0}, rotation = {0, 0, 0}, scaling = {1, 1, 1};
  RotationOrder rotation_order = RotationOrder::XYZ;
  Vec3 pre_rotation = {0, 0, 0}, post_rotation = {0, 0, 0};
  Vec3 rotation_pivot = {0, 0, 0}, rotation_offset = {0, 0, 0};
  Vec3 scaling_pivot = {0, 0, 0}, scaling_offset = {0, 0, 0};
  InheritType inherit_type = InheritType::RSrs;
  Vec3 geometric_translation = {0, 0, 0}, geometric_rotation = {0, 0, 0}, geometric_scaling = {1, 1, 1};
  double skeleton_size = 1.0;  ///< A Skeleton's display size (NodeAttribute "Size").
  Mesh mesh;                   ///< Written when type is Mesh.
  std::vector<int> materials;  ///< Document::materials indices, in the order the mesh refers to them.
};

enum class Interpolation { Constant, ConstantNext, Linear, Cubic };

/// A key. Its interpolation and right slope shape the segment to the next key; left_slope is the
/// incoming slope. Slopes are value units per second and used by Cubic keys only.
struct Key {
  double time = 0.0;  ///< Seconds.
  double value = 0.0;
  Interpolation interpolation = Interpolation::Linear;
  double left_slope = 0.0, right_slope = 0.0;
};

enum class Channel { Translation, Rotation, Scaling, DeformPercent };

/// The animation of one property: Lcl Translation/Rotation/Scaling of a node (components X, Y, Z) or a
/// blend channel's DeformPercent (component 0 only). A component without keys is not animated; FBX 7
/// stores key values as 32-bit floats.
struct Track {
  int node = 0;  ///< Document::nodes index.
  Channel channel = Channel::Translation;
  int blend_channel = 0;  ///< For DeformPercent: index into the node's mesh.blend_channels.
  std::array<std::vector<Key>, 3> components;
};

/// A take (FBX 6.1) or animation stack (FBX 7) with one layer.
struct Take {
  std::string name;
  double start = 0.0, stop = 1.0;  ///< Seconds.
  std::vector<Track> tracks;
};

struct Document {
  GlobalSettings settings;
  std::vector<Node> nodes;
  std::vector<Material> materials;
  std::vector<Take> takes;  ///< Written in this order.
  std::string active_take;  ///< Takes' "Current" and (FBX 7) the document's ActiveAnimStackName.
};

/// The file's bytes. version is 6100, 7400 or 7500; throws std::invalid_argument for another version or a
/// description whose references cannot be resolved.
std::vector<std::byte> write_fbx(const Document& doc, Encoding encoding, int version);

/// write_fbx into a file; throws std::runtime_error when the file cannot be written.
void write_fbx_file(const std::filesystem::path& path, const Document& doc, Encoding encoding, int version);

/// Seconds to FBX ticks, rounded to the nearest tick.
std::int64_t to_ticks(double seconds);

}  // namespace aem::test::fbx
