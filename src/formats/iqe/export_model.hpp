// What the IQE and IQM writers share: the scene reduced to what the two formats hold - model-space
// meshes, joints ordered parents first with their bind pose as base pose, animations resampled into
// frames of local poses, every rotation with w <= 0 (docs/formats/iqe.md §3).
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "formats/iqe/mesh_list.hpp"

namespace aem::formats::iqe {

struct ExportJoint {
  std::string name;
  std::int32_t parent = -1;  ///< always < this joint's index
  Transform base;            ///< parent-relative bind pose
};

struct ExportAnimation {
  std::string name;
  float frame_rate = 0.0f;
  bool loop = false;
  std::vector<std::vector<Transform>> frames;  ///< [frame][joint], local poses
};

struct ExportModel {
  MeshList meshes;                          ///< model space; skin joints index `joints`
  std::vector<std::string> material_names;  ///< one per mesh
  std::vector<ExportJoint> joints;
  std::vector<ExportAnimation> animations;
  std::string comment;
};

/// Prepares `scene` (already in IQE/IQM conventions). Node instances are flattened; a rigid joint on
/// an unskinned vertex becomes a weight-1 influence; joints are reordered so parents come first.
/// Animations are sampled at their frame rate (`default_frame_rate` when they have none) into
/// N = duration x rate frames, rounded: IQE/IQM play N frames in N / rate seconds. When the rounding
/// changes N, the rate becomes N / duration, so the clip keeps its length (1.25 s at 30 fps: 38 frames
/// at 30.4 fps); a source with frames keeps its count and rate. A mesh's material name is its base colour texture's file name when it has one (what
/// IQE/IQM engines load), else the material's name.
/// Joints on a parent cycle become roots; that and dropped rigid joints are reported as warnings.
/// Meshes the export leaves as they are (no nodes to flatten, no joint renumbered, no array to
/// fill) are borrowed from `scene`, which must outlive the model.
ExportModel prepare_export(const Scene& scene, float default_frame_rate, const char* format,
                           std::vector<Warning>& warnings);

}  // namespace aem::formats::iqe
