// Reading a test model with its morph targets kept as targets or baked into frames.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>

#include "aem/io.hpp"

namespace aem::test {

/// `path` read with ReadOptions::keep_morph_targets = `keep`; an empty scene and a failed
/// expectation (naming the file and the error) when it cannot be read.
inline Scene read_keeping_targets(const std::filesystem::path& path, bool keep) {
  ReadOptions options;
  options.keep_morph_targets = keep;
  auto scene = read_scene(path, options);
  EXPECT_TRUE(scene) << path << ": " << (scene ? "" : scene.error().message);
  return scene ? std::move(scene.value()) : Scene{};
}

}  // namespace aem::test
