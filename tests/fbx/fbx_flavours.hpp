// The FBX encodings and versions every reader test runs on, and reading a made-up document back.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aem/io.hpp"
#include "support/fbx_builder.hpp"

namespace aem::test {

struct FbxFlavour {
  fbx::Encoding encoding;
  int version;
};

inline std::string flavour_name(const testing::TestParamInfo<FbxFlavour>& info) {
  return std::string(info.param.encoding == fbx::Encoding::Ascii ? "Ascii" : "Binary") +
         std::to_string(info.param.version);
}

/// ASCII and binary, FBX 6.1 (the legacy layout) and 7.4/7.5.
inline std::vector<FbxFlavour> all_flavours() {
  std::vector<FbxFlavour> out;
  for (auto encoding : {fbx::Encoding::Ascii, fbx::Encoding::Binary})
    for (int version : {6100, 7400, 7500}) out.push_back({encoding, version});
  return out;
}

/// The document written in `flavour` and read back through read_scene (by content: the hint has the
/// .fbx extension only so errors name it). Fails the test when the read fails.
inline Scene read_fbx(const fbx::Document& doc, const FbxFlavour& flavour, std::vector<Warning>* warnings = nullptr) {
  const std::vector<std::byte> bytes = fbx::write_fbx(doc, flavour.encoding, flavour.version);
  Result<Scene> scene = read_scene(bytes, "made.fbx");
  if (!scene) {
    ADD_FAILURE() << scene.error().to_string();
    return {};
  }
  if (warnings) *warnings = scene.warnings;
  return std::move(scene.value());
}

}  // namespace aem::test
