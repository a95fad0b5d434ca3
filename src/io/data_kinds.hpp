// Kinds of scene data that not every format can hold, and which formats drop which. write_scene
// warns DATA_DROPPED, by name, for each kind the scene has and the target format cannot hold, so no
// writer drops data silently and none has to repeat the check.
#pragma once

#include <string_view>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::detail {

/// One kind of data: its name for people and whether a scene has it.
struct DataKind {
  std::string_view name;  ///< e.g. "vertex colours"
  bool (*present)(const Scene& scene);
};

/// The name of the kind that vertex animation is: frames, and the morph targets baked into them.
inline constexpr std::string_view kVertexAnimationKind = "vertex-animation frames";

/// Whether `scene` has vertex animation: frames or morph targets.
bool has_vertex_animation(const Scene& scene);

/// Every kind the formats differ on.
const std::vector<DataKind>& data_kinds();

/// Names of the kinds the format named `format` ("aem", "cem", ...) cannot hold.
std::vector<std::string_view> kinds_dropped_by(std::string_view format);

/// Whether the format named `format` holds vertex animation (AEM, IQE and IQM do not).
bool holds_vertex_animation(std::string_view format);

/// The DATA_DROPPED warning saying that `format` cannot hold the kind named `kind`.
Warning data_dropped(std::string_view kind, std::string_view format);

/// One DATA_DROPPED warning for each kind `scene` has that `format` cannot hold.
std::vector<Warning> data_loss_warnings(const Scene& scene, std::string_view format);

}  // namespace aem::detail
