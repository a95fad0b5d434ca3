// What `aem info` prints, gathered from a whole scene or, for a current-layout AEM file, from the
// memory-mapped file without copying its vertices (same output, memory near the file's size).
#pragma once

#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem::cli {

/// What `aem info` prints about a model.
struct InfoSummary {
  /// What each mesh's vertex and index arrays hold (the arrays themselves may be absent).
  struct MeshCounts {
    std::uint64_t vertices = 0, indices = 0;
    bool skinned = false;
    std::uint64_t lods = 1, frames = 0;
    std::vector<std::string> targets = {};  ///< names of the morph targets `frames` were baked from
  };
  Scene scene;                                ///< the model; from a mapped file without vertex or index arrays
  std::vector<MeshCounts> meshes;             ///< one per scene.meshes
  std::vector<std::uint64_t> animation_keys;  ///< per scene.animations: keys of every list of every channel
  std::vector<std::uint64_t> weight_keys;     ///< per scene.animations: keys of its morph weight tracks
  Bounds bounds;                              ///< compute_bounds of the whole scene
};

/// The scene's source notes, with "axes" added from its conventions when the file declared none
/// (formats whose axes are fixed: "Z up, right-handed (the format's)").
std::vector<SourceNote> shown_notes(const Scene& scene);

/// Reads `file` as read_scene does (same scene facts, warnings and errors), with the names of the morph
/// targets its frames were baked from and their weight keys. Unless `whole_scene`, a
/// current-layout AEM file is summarised from its memory-mapped bytes instead.
Result<InfoSummary> summarize_model(const std::string& file, const ReadOptions& options, bool whole_scene);

}  // namespace aem::cli
