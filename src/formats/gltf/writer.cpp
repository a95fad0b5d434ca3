// glTF writer entry points: the scene prepared for glTF (skinned instances baked to their placement),
// the parts written in order, then packed as .glb, .gltf + side files, or a self-contained .gltf.
#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/flatten.hpp"
#include "core/influences.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "formats/gltf/writer_parts.hpp"

namespace aem::formats {
namespace {

bool nearly_identity(const Mat4& m) { return nearly_equal(m, Mat4{}, 1e-6f); }

bool needs_baking(const Scene& scene, const Mat4& world, std::uint32_t mesh) {
  return mesh < scene.meshes.size() && !scene.meshes[mesh].skin.empty() && !nearly_identity(world);
}

/// glTF draws a skinned mesh where its joints put it, ignoring its node: a skinned instance placed
/// by a node that moves it gets the placement baked into a copy of its vertices (as flatten_nodes does).
/// Empty when no instance needs it, so the common case writes the source without copying the scene.
std::optional<Scene> bake_skinned_instances(const Scene& scene) {
  if (scene.joints.empty()) return std::nullopt;
  const auto world = node_world_matrices(scene);
  // A mesh some instance draws unmoved keeps its vertices; a moved instance of it gets a baked copy.
  std::vector<bool> taken(scene.meshes.size(), false);
  bool any = false;
  for (std::size_t n = 0; n < scene.nodes.size(); ++n)
    for (auto mi : scene.nodes[n].meshes) {
      if (needs_baking(scene, world[n], mi))
        any = true;
      else if (mi < scene.meshes.size())
        taken[mi] = true;
    }
  if (!any) return std::nullopt;
  Scene out = scene;
  for (std::size_t n = 0; n < out.nodes.size(); ++n)
    for (auto& mi : out.nodes[n].meshes) {
      if (!needs_baking(scene, world[n], mi)) continue;
      Mesh placed = place_mesh(scene.meshes[mi], world[n], -1);
      if (!taken[mi]) {
        out.meshes[mi] = std::move(placed);
        taken[mi] = true;
      } else {
        out.meshes.push_back(std::move(placed));
        const auto copy = static_cast<std::uint32_t>(out.meshes.size() - 1);
        for (Animation& a : out.animations)  // the copy's morph weights move as the original's
          for (std::size_t w = 0, tracks = a.weight_tracks.size(); w < tracks; ++w)
            if (a.weight_tracks[w].mesh == mi) {
              a.weight_tracks.push_back(a.weight_tracks[w]);
              a.weight_tracks.back().mesh = copy;
            }
        mi = copy;
      }
    }
  return out;
}

/// JOINTS_n holds unsigned bytes or shorts: the largest joint index a vertex can name.
constexpr std::int32_t kLargestJointIndex = 65535;

/// GLTF_WRITE_TOO_MANY_JOINTS for the first mesh whose vertices name a joint JOINTS_n cannot hold.
std::optional<Error> joint_index_overflow(const Scene& scene) {
  for (std::size_t m = 0; m < scene.meshes.size(); ++m)
    if (const JointUse use = highest_joint(scene.meshes[m], kMaxInfluences); use.joint > kLargestJointIndex)
      return Error{.code = "GLTF_WRITE_TOO_MANY_JOINTS",
                   .format = "glTF",
                   .path = "meshes[" + std::to_string(m) + "]",
                   .message = describe_joint_use(scene.meshes[m], use, scene.joints.size()) +
                              "; glTF joint indices (JOINTS_n) are unsigned shorts, so a mesh can use joints 0 to " +
                              std::to_string(kLargestJointIndex) + " only (at most 65536)"};
  return std::nullopt;
}

/// The most a glTF buffer can hold (its byteLength is a uint32, less the GLB chunk's padding).
constexpr std::size_t kMaxBinBytes = 0xFFFFFFF0u;

/// A little more than the binary buffer receives: every vertex array, index list, morph frame, key,
/// inverse bind and (`images_inside`) embedded image, at their widest stored form. Reserved up front:
/// growing the buffer by doubling copied it about twice over, faulting in every copy's pages (CesiumMan
/// to glb: 85 of 900 page faults, 0.85 M of 26.8 M instructions); pages reserved but not written cost
/// no fault.
std::size_t expected_bin_bytes(const Scene& scene, bool images_inside) {
  constexpr std::size_t kAlignment = 4;  // each view starts on a multiple of 4
  std::size_t bytes = 0;
  const auto add = [&](std::size_t count, std::size_t size) { bytes += count * size + kAlignment; };
  for (const Mesh& mesh : scene.meshes) {
    add(mesh.positions.size(), sizeof(Vec3));
    add(mesh.normals.size(), sizeof(Vec3));
    add(mesh.tangents.size(), sizeof(Vec4));
    for (const auto& set : mesh.uvs) add(set.size(), sizeof(Vec2));
    for (const auto& set : mesh.colors) add(set.size(), sizeof(Vec4));
    add(std::max(mesh.skin.size(), mesh.rigid_joints.size()), sizeof(SkinInfluences));  // rigid: one influence
    add(mesh.indices.size(), sizeof(std::uint32_t));
    for (const auto& level : mesh.lod_indices) add(level.size(), sizeof(std::uint32_t));
    for (const MorphFrame& frame : mesh.frames)
      add(frame.positions.size() + frame.normals.size(), sizeof(Vec3)), add(frame.uvs.size(), sizeof(Vec2));
    add(mesh.frames.size() * (mesh.frames.size() + 1), sizeof(float));  // each frame's time and weights
    for (const MorphTarget& target : mesh.targets) add(target.positions.size() + target.normals.size(), sizeof(Vec3));
  }
  for (const Animation& animation : scene.animations)
    for (const auto& channel : animation.channels) {
      add(channel.translation.size(), sizeof(float) + sizeof(Vec3));
      add(channel.rotation.size(), sizeof(float) + sizeof(Quat));
      add(channel.scale.size(), sizeof(float) + sizeof(Vec3));
    }
  for (const Animation& animation : scene.animations)
    for (const WeightTrack& track : animation.weight_tracks)
      add(track.times.size() + track.weights.size(), sizeof(float));
  add(scene.joints.size(), sizeof(Mat4));
  if (images_inside)
    for (const Texture& texture : scene.textures) add(texture.data.size(), 1);
  return bytes;
}

bool is_glb(const WriteOptions& options) {
  std::string ext = std::filesystem::path(options.output_name).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext != ".gltf";
}

}  // namespace

Result<WriterOutput> gltf_write_files(const Scene& source, const WriteOptions& options) {
  const bool glb = is_glb(options);
  const auto packing = glb ? gltf::Packing::Glb : options.embed ? gltf::Packing::Embedded : gltf::Packing::SideFiles;
  std::string stem = std::filesystem::path(options.output_name).stem().string();
  if (stem.empty()) stem = "model";

  if (auto overflow = joint_index_overflow(source)) return *overflow;
  const std::optional<Scene> baked = bake_skinned_instances(source);
  const Scene& scene = baked ? *baked : source;
  gltf::Document doc;
  // At most what one buffer may hold (GLTF_WRITE_TOO_LARGE below): a larger scene fails either way. A GLB
  // is made in this storage (gltf::glb), with room for the header and a JSON chunk of usual size in front
  // (the JSON grows with the number of accessors, which grows more slowly than their bytes).
  const std::size_t expected =
      std::min<std::size_t>(expected_bin_bytes(scene, packing != gltf::Packing::SideFiles), kMaxBinBytes);
  doc.bin.reserve(expected + (glb ? 16 * 1024 + expected / 16 : 0));
  WriterOutput out;
  const auto meshes = gltf::write_meshes(doc, scene);
  gltf::write_materials(doc, scene, packing, stem, out.side_files);
  gltf::write_cameras_and_lights(doc, scene);
  const auto mesh_nodes = gltf::write_nodes(doc, scene, meshes);
  gltf::write_animations(doc, scene, meshes, mesh_nodes);
  if (doc.bin.size() > kMaxBinBytes)
    return Error{.code = "GLTF_WRITE_TOO_LARGE",
                 .format = "glTF",
                 .message = "the binary data exceeds the 4 GiB glTF buffers can hold"};

  std::string json;
  if (glb) {
    json = doc.json({});
    out.main = gltf::glb(json, std::move(doc.bin));
  } else {
    const bool embedded = packing == gltf::Packing::Embedded;
    json = doc.json(embedded ? gltf::data_uri("application/octet-stream", doc.bin) : gltf::uri_escape(stem + ".bin"));
    if (!embedded && !doc.bin.empty()) out.side_files.push_back({stem + ".bin", std::move(doc.bin)});
    out.main.assign(reinterpret_cast<const std::byte*>(json.data()),
                    reinterpret_cast<const std::byte*>(json.data() + json.size()));
  }
  Result<WriterOutput> result(std::move(out));
  result.warnings = std::move(doc.warnings);
  return result;
}

Result<std::vector<std::byte>> gltf_write(const Scene& scene, const WriteOptions& options) {
  WriteOptions single = options;
  single.embed = true;  // one file: a .gltf carries everything inside
  auto out = gltf_write_files(scene, single);
  if (!out) return out.error();
  Result<std::vector<std::byte>> result(std::move(out->main));
  result.warnings = std::move(out.warnings);
  return result;
}

}  // namespace aem::formats
