// Which pose of a converted scene a reference frame is compared with. Our FBX reading starts each
// animation where its take starts and names it after the take; the file's active take comes first.
#pragma once

#include <optional>
#include <string>

#include "aem/scene.hpp"
#include "fbx_corpus/fbx_facts.hpp"
#include "fbx_corpus/manifest.hpp"
#include "support/posed_geometry.hpp"

namespace aem::fbx_corpus {

struct PoseChoice {
  std::optional<test::PoseAt> pose;  ///< none when no animation of the scene fits (see error)
  std::string take;                  ///< the take ufbx's test evaluates ("" for stored poses)
  std::string note;                  ///< how a fallback was chosen, for the report
  std::string error;
};

/// The stored pose is every joint at rest. An animated frame uses the take ufbx's test evaluates
/// (take_for) and our animation named like it ("AnimStack::" prefixes ignored); failing that the rest
/// pose when the take has no keys (a .glb keeps no empty animation), the only animation, or animation 0
/// for the default take; with no animation at all, the rest pose. Fallbacks are noted.
/// Time: the frame's time minus the take's start.
PoseChoice choose_pose(const Scene& converted, const FbxFacts& facts, const FrameCase& frame);

}  // namespace aem::fbx_corpus
