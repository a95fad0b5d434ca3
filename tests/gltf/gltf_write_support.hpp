// Helpers of the glTF writer tests: the Khronos validator run on a file, conversions through the CLI,
// and a scene posed in model space (instances flattened, skinned by the scene's own joints).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "aem/scene.hpp"

namespace aem::test {

struct ValidatorReport {
  int errors = -1, warnings = -1;
  std::string json;  ///< the validator script's whole output (messages included)
};

/// True when tests/node/node_modules holds the validator (scripts/install-deps.sh --tests).
bool validator_installed();
/// Runs tests/node/validate_gltf.js on `files` (one node start for all): one report per file, in order.
std::vector<ValidatorReport> validate_gltf(const std::vector<std::filesystem::path>& files);
/// `aem convert in out extra`; expects exit code 0 and returns `out`.
std::filesystem::path convert_cli(const std::filesystem::path& in, const std::filesystem::path& out,
                                  const std::string& extra = "");
/// Every vertex of every instance at `t` seconds of animation `anim` (-1: bind pose), in model space;
/// instances ordered by mesh index, then node order.
std::vector<Vec3> posed_scene(const Scene& scene, int anim, float t);

}  // namespace aem::test
