// The in-memory scene: every format reads into it and writes out of it (see docs/architecture.md).
// It holds everything any supported format carries so that conversions never drop data silently;
// writers report what their format cannot hold as warnings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aem/math.hpp"

namespace aem {

/// Most joint influences a scene vertex keeps; readers with more keep the largest and warn.
inline constexpr int kMaxInfluences = 8;
/// Most UV sets a mesh keeps.
inline constexpr int kMaxUvSets = 8;

/// Joint influences of one vertex. Unused slots have joint -1 and weight 0.
struct SkinInfluences {
  std::array<std::int32_t, kMaxInfluences> joints;
  std::array<float, kMaxInfluences> weights;
  SkinInfluences() {
    joints.fill(-1);
    weights.fill(0.0f);
  }
  friend bool operator==(const SkinInfluences&, const SkinInfluences&) = default;
};

/// A named per-vertex attribute no standard slot holds (IQE v0-v9, E3D extras), kept as floats.
struct CustomAttribute {
  std::string name;
  int components = 0;         ///< floats per vertex, 1..16
  std::vector<float> values;  ///< vertex_count * components
};

/// Whole-mesh positions/normals at one vertex-animation frame (CEM frames, E3D morphs).
struct MorphFrame {
  std::vector<Vec3> positions;  ///< same count as Mesh::positions
  std::vector<Vec3> normals;    ///< empty or same count
  std::vector<Vec2> uvs;        ///< empty or same count (CEM stores UVs per frame)
};

/// A morph target (glTF target, blend shape): per-vertex displacements added, scaled by the target's
/// weight, to the mesh's positions and normals. Kept only when a read asks for it
/// (ReadOptions::keep_morph_targets); otherwise read_scene bakes targets into Mesh::frames.
struct MorphTarget {
  std::string name;
  std::vector<Vec3> positions;  ///< position deltas: empty (none) or same count as Mesh::positions
  std::vector<Vec3> normals;    ///< normal deltas: empty (none) or same count as Mesh::normals
};

/// A triangle mesh with its own vertex arrays. Every attribute array is empty or has
/// positions.size() entries. Indices are triangles (3 per face) into this mesh's vertices.
struct Mesh {
  std::string name;
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;
  std::vector<Vec4> tangents;             ///< xyz tangent, w = bitangent sign (+1/-1)
  std::vector<Vec3> bitangents;           ///< explicit bitangents when the source stores them (AEM, IQE vx)
  std::vector<std::vector<Vec2>> uvs;     ///< up to kMaxUvSets sets; uvs[0] is the primary set
  std::vector<std::vector<Vec4>> colors;  ///< RGBA 0..1, any number of sets
  std::vector<SkinInfluences> skin;       ///< joint indices into Scene::joints
  /// AEM "extra bone index": the vertex also moves rigidly with this joint (mesh animation),
  /// applied before the skin. -1 = none. Empty = none for every vertex.
  std::vector<std::int32_t> rigid_joints;
  std::vector<CustomAttribute> custom;

  std::vector<std::uint32_t> indices;
  /// Further levels of detail (coarser), each a triangle list into the same vertices.
  std::vector<std::vector<std::uint32_t>> lod_indices;
  std::int32_t material = -1;  ///< index into Scene::materials, -1 = default material

  std::vector<MorphFrame> frames;  ///< vertex animation frames (see Scene::vertex_animation)
  /// Morph targets; `positions`/`normals` are then the shape without any target, and the mesh at rest
  /// is that plus each target times its entry of `target_weights`.
  std::vector<MorphTarget> targets;
  std::vector<float> target_weights;  ///< default weight of each target (glTF mesh.weights); empty = all 0

  std::size_t vertex_count() const { return positions.size(); }
  std::size_t triangle_count() const { return indices.size() / 3; }
};

/// How texture coordinates outside 0..1 are treated (glTF sampler wrapS/wrapT).
enum class TextureWrap : std::uint8_t { Repeat, ClampToEdge, MirroredRepeat };

/// A texture: a file name (resolved relative to the model), embedded image bytes, or both.
struct Texture {
  std::string name;                ///< file name or URI as the source wrote it
  std::vector<std::uint8_t> data;  ///< embedded PNG/JPEG bytes, empty when external
  std::string mime_type;           ///< "image/png", "image/jpeg" or empty
  bool loaded_from_file = false;   ///< `data` was read from the file `name` beside the model, not stored in it
  TextureWrap wrap_u = TextureWrap::Repeat;  ///< sampler wrap along U (glTF wrapS)
  TextureWrap wrap_v = TextureWrap::Repeat;  ///< sampler wrap along V (glTF wrapT)
  /// Loading `data` from the file `name` was tried (found or not): a reader that looks for its textures
  /// itself, and converting after it, do not look again.
  bool side_file_tried = false;
};

/// Which texture fills each material slot: an index into Scene::textures, or -1.
struct MaterialTextures {
  std::int32_t base_color = -1;          ///< RGB colour, A opacity
  std::int32_t normal = -1;              ///< tangent-space normal map
  std::int32_t orm = -1;                 ///< packed R occlusion, G roughness, B metalness
  std::int32_t occlusion = -1;           ///< separate occlusion map when not packed
  std::int32_t metallic_roughness = -1;  ///< glTF-style G roughness, B metalness
  std::int32_t emissive = -1;
  std::int32_t specular = -1;  ///< Phong specular map
  /// Every slot, for code that treats them alike (checking or renumbering texture indices).
  std::array<std::int32_t*, 7> slots() {
    return {&base_color, &normal, &orm, &occlusion, &metallic_roughness, &emissive, &specular};
  }
  std::array<std::int32_t, 7> slots() const {
    return {base_color, normal, orm, occlusion, metallic_roughness, emissive, specular};
  }
  friend bool operator==(const MaterialTextures&, const MaterialTextures&) = default;
};
static_assert(sizeof(MaterialTextures) == 7 * sizeof(std::int32_t), "a slot was added: list it in slots()");

/// PBR metallic-roughness material with the Phong fields some formats carry.
struct Material {
  std::string name;
  Vec4 base_color{1, 1, 1, 1};
  float metallic = 0.0f;
  float roughness = 1.0f;
  Vec3 emissive{};
  float opacity = 1.0f;
  // Phong (E3D, OBJ); meaningful when has_phong.
  bool has_phong = false;
  Vec3 ambient{}, diffuse{1, 1, 1}, specular{};
  float shininess = 0.0f;
  bool double_sided = false;
  bool alpha_blend = false;
  float alpha_cutoff = -1.0f;  ///< glTF alphaMode MASK: alpha below this is cut out; negative = no mask
  std::uint32_t flags = 0;     ///< format-specific value kept for round trips (E3D flags, CEM texture_index)
  MaterialTextures textures;
};

/// One joint of the scene's skeleton. Also used for nodes that animate rigid meshes.
struct Joint {
  std::string name;
  std::int32_t parent = -1;  ///< index into Scene::joints, -1 for a root
  Mat4 inverse_bind;         ///< model space -> joint space at bind time
  Transform rest;            ///< local (parent-relative) pose when an animation has no channel
};

/// Per-frame values a file stores beside its geometry (CEM: radius and bounding box).
struct StoredFrame {
  float radius = 0.0f;
  Vec3 lower{}, upper{};
};

/// Values a reader found that a writer can recompute from the geometry (CEM: the raw matrix, the
/// centre, per-frame radius and bounds). Writers recompute them and keep a stored value only while the
/// geometry still matches it (same bounds; the node transform still the stored matrix's decomposition),
/// so a file read and written back is byte-identical while edited geometry gets correct values.
struct StoredValues {
  std::optional<Mat4> matrix;
  std::optional<Vec3> center;
  std::vector<StoredFrame> frames;
};

/// A camera a node carries. It looks down its node's -Z axis with +Y up (glTF's convention).
struct Camera {
  std::string name;
  enum class Projection : std::uint8_t { Perspective, Orthographic } projection = Projection::Perspective;
  float yfov = 0.8f;               ///< perspective: vertical field of view, radians
  float aspect = 0.0f;             ///< perspective: width / height; 0 = the viewport's
  float znear = 0.01f;             ///< near clip distance, > 0
  float zfar = 0.0f;               ///< far clip distance; 0 = infinite (perspective only)
  float xmag = 1.0f, ymag = 1.0f;  ///< orthographic: half the view's width and height
};

/// A punctual light a node carries (KHR_lights_punctual's model). Spot and directional lights shine
/// down their node's -Z axis.
struct Light {
  std::string name;
  enum class Type : std::uint8_t { Directional, Point, Spot } type = Type::Point;
  Vec3 color{1, 1, 1};            ///< linear RGB
  float intensity = 1.0f;         ///< candela (point, spot) or lux (directional)
  float range = 0.0f;             ///< distance where the light reaches zero; 0 = infinite
  float inner_cone = 0.0f;        ///< spot: angle from the axis where falloff starts, radians
  float outer_cone = 0.7853982f;  ///< spot: angle from the axis where the light ends, radians (<= pi/2)
};

/// A node of the placement hierarchy: where mesh instances sit (E3D, CEM children, glTF).
/// Scenes without nodes have their meshes in model space.
struct Node {
  std::string name;
  std::int32_t parent = -1;  ///< index into Scene::nodes
  Transform local;
  std::vector<std::uint32_t> meshes;  ///< mesh instances placed by this node
  std::int32_t joint = -1;            ///< when animated: the joint whose pose drives this node
  enum class Kind : std::uint8_t { Plain, Camera, Light } kind = Kind::Plain;
  std::int32_t camera = -1;  ///< index into Scene::cameras when the source gave its parameters
  std::int32_t light = -1;   ///< index into Scene::lights when the source gave its parameters
  StoredValues stored;       ///< see StoredValues
};

template <class V>
struct Key {
  float time = 0.0f;  ///< seconds
  V value{};
};

/// How a key list gives values between its keys. Linear blends the two keys around the time (slerp for
/// rotations); Step holds the earlier key's value until the next key. Frame-sampled sources (IQE, IQM,
/// AEM) are Linear; glTF's CUBICSPLINE is resampled by its reader into Linear keys (see docs/architecture.md).
enum class Interpolation : std::uint8_t { Linear, Step };

/// Animation of one joint. An empty key list means the joint's rest value for that channel.
struct Channel {
  std::uint32_t joint = 0;
  std::vector<Key<Vec3>> translation;
  std::vector<Key<Quat>> rotation;
  std::vector<Key<Vec3>> scale;
  Interpolation translation_interpolation = Interpolation::Linear;
  Interpolation rotation_interpolation = Interpolation::Linear;
  Interpolation scale_interpolation = Interpolation::Linear;
};

/// Animated weights of one mesh's morph targets.
struct WeightTrack {
  std::uint32_t mesh = 0;  ///< index into Scene::meshes
  Interpolation interpolation = Interpolation::Linear;
  std::vector<float> times;    ///< seconds, increasing
  std::vector<float> weights;  ///< times.size() * the mesh's target count, key by key
};

struct Animation {
  std::string name;
  float duration = 0.0f;    ///< seconds
  float frame_rate = 0.0f;  ///< frames per second when the source has frames (IQE/IQM), else 0
  bool loop = false;
  std::vector<Channel> channels;           ///< at most one per joint
  std::vector<WeightTrack> weight_tracks;  ///< morph target weights; at most one per mesh
};

/// Vertex (morph) animation: Mesh::frames sampled at a fixed rate.
struct VertexAnimation {
  std::string name;
  float frame_rate = 0.0f;  ///< frames per second; 0 when unknown
  std::uint32_t frame_count = 0;
};

/// A named attachment point with a position per vertex-animation frame (CEM tag points).
struct TagPoint {
  std::string name;
  std::int32_t node = -1;       ///< node whose frames it follows, -1 = model
  std::vector<Vec3> positions;  ///< one per frame, or one for static models
};

/// Which axis points up. NegY: y points down (E3D: x right, y down, z away), i.e. Y-up turned 180° about X.
enum class UpAxis : std::uint8_t { Y, Z, NegY };

/// The coordinate conventions the scene's numbers are in. Writers convert explicitly.
struct Conventions {
  UpAxis up = UpAxis::Y;
  bool right_handed = true;
  bool ccw_front_faces = true;
  bool uv_origin_bottom_left = true;  ///< OpenGL style (as Assimp gives glTF)
  float meters_per_unit = 1.0f;
  friend bool operator==(const Conventions&, const Conventions&) = default;
};

/// A fact about the source file that tools show ("layout" = "legacy", "compression" = "PK01").
struct SourceNote {
  std::string key, value;
};

struct Scene {
  std::string name;
  std::string comment;  ///< free text (IQE comment section)
  Conventions conventions;
  std::vector<Mesh> meshes;
  std::vector<Material> materials;
  std::vector<Texture> textures;
  std::vector<Node> nodes;
  std::vector<Camera> cameras;  ///< referenced by Node::camera
  std::vector<Light> lights;    ///< referenced by Node::light
  std::vector<Joint> joints;
  std::vector<Animation> animations;
  VertexAnimation vertex_animation;
  std::vector<TagPoint> tags;
  std::string source_format;  ///< e.g. "AEM", "IQE"
  std::vector<SourceNote> source_notes;
  std::vector<std::uint8_t> trailing_bytes;  ///< bytes a reader tolerated after the data (CEM), written back

  std::size_t vertex_count() const;
  std::size_t triangle_count() const;
};

/// Axis-aligned box; empty when min > max.
struct Bounds {
  Vec3 min{1, 1, 1}, max{-1, -1, -1};
  bool empty() const { return min.x > max.x; }
  void add(const Vec3& p);
};

/// Index of the texture named `name`, appended (external, no data) when the scene has none; -1 for "".
std::int32_t texture_by_name(Scene& scene, const std::string& name);

/// Whether any mesh has morph targets (Mesh::targets).
bool has_morph_targets(const Scene& scene);

/// Frames per second at which bake_morph_targets samples weight tracks.
inline constexpr float kMorphBakeFrameRate = 30.0f;
/// Frames bake_morph_targets makes of an animation lasting `duration` seconds (both ends included).
std::uint32_t baked_morph_frame_count(float duration);

/// Turns morph targets into what scenes held before targets were kept: the first animation with
/// weight tracks sampled at 30 frames per second into Mesh::frames and Scene::vertex_animation (the
/// tracks of later animations are dropped), each mesh's positions and normals moved to its default
/// weights, then the targets and every weight track cleared. No-op without targets.
void bake_morph_targets(Scene& scene);

/// What bake_morph_targets leaves for an output with no place for vertex animation, without making
/// frames only to drop them: each mesh moved to its default weights, then the targets, every weight
/// track, Mesh::frames and Scene::vertex_animation cleared.
void drop_vertex_animation(Scene& scene);

/// Box around every vertex of every mesh as stored (no instancing, bind pose).
Bounds compute_bounds(const Scene& scene);

/// World matrix of every node (parents first); cycles are broken at the first repeated node.
std::vector<Mat4> node_world_matrices(const Scene& scene);

/// Model-space matrix of every joint at its rest pose (parents first; cycles broken as above).
std::vector<Mat4> joint_rest_matrices(const Scene& scene);

}  // namespace aem
