// The parts of the glTF writer, each filling its share of the document (see writer.cpp for the order).
#pragma once

#include <string>
#include <vector>

#include "formats/gltf/writer_document.hpp"

namespace aem::formats::gltf {

/// What became of one scene mesh: the glTF mesh (-1 when it had nothing to draw), whether it needs
/// the skin, how many morph targets it has and whether they are its vertex-animation frames (played
/// one-hot) rather than its own targets, and the glTF mesh of each coarser level of detail written.
struct WrittenMesh {
  std::int32_t mesh = -1;
  bool skinned = false;
  std::size_t targets = 0;
  bool frame_targets = false;
  std::vector<std::int32_t> lods;
};

/// How images and the buffer travel: inside the GLB, as files beside the .gltf, or as data URIs.
enum class Packing { Glb, SideFiles, Embedded };

/// One glTF mesh per scene mesh (its finest level), and one per coarser level of an unskinned mesh
/// (write_nodes shows them, docs/formats/gltf.md §4); a skinned mesh's coarser levels are dropped with a warning.
std::vector<WrittenMesh> write_meshes(Document& doc, const Scene& scene);
/// Materials (same indices as Scene::materials), textures and images; image files for SideFiles go to
/// `side_files` named "<stem>_<n>.<ext>".
void write_materials(Document& doc, const Scene& scene, Packing packing, const std::string& stem,
                     std::vector<SideFile>& side_files);
/// glTF cameras and KHR_lights_punctual lights, same indices as Scene::cameras and Scene::lights;
/// values outside glTF's ranges are replaced by defaults.
void write_cameras_and_lights(Document& doc, const Scene& scene);
/// Nodes for the joints (indices 0..joints-1), the scene's nodes (with their cameras and lights) and
/// the mesh instances, each coarser level of detail a child of its mesh's node and each tag point a
/// child of its scene node (both marked in extras, docs/formats/gltf.md §4), the skin over every joint,
/// and the scene's root list. Returns, per scene mesh, the glTF nodes that show it or one of its
/// levels (for morph weights).
std::vector<std::vector<std::uint32_t>> write_nodes(Document& doc, const Scene& scene,
                                                    const std::vector<WrittenMesh>& meshes);
/// Skeletal animations (joint nodes) with their weight tracks (morph weights on `mesh_nodes`), and the
/// vertex animation (one-hot morph weights on `mesh_nodes`).
void write_animations(Document& doc, const Scene& scene, const std::vector<WrittenMesh>& meshes,
                      const std::vector<std::vector<std::uint32_t>>& mesh_nodes);

}  // namespace aem::formats::gltf
