// aem convert's key reduction: with --anim-error 0 the output is the one the conversion gave before
// the step existed (written here the way convert wrote it: the scene as read, for glTF to glTF; node
// instances flattened and weights normalised for AEM, textures left out), and by default every output
// that stores keys (AEM, glTF, E3D) has fewer keys while its posed vertices stay within the bound of
// the unreduced output's (read back, posed as the renderer poses them, at every key time and midpoint).
#include <gtest/gtest.h>

#include <fmt/core.h>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "core/flatten.hpp"
#include "support/animation_distance.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::uint64_t keys_of(const Scene& s) {
  std::uint64_t n = 0;
  for (const Animation& a : s.animations)
    for (const Channel& ch : a.channels) n += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  return n;
}

/// The corpus's animated glTF files.
std::vector<std::filesystem::path> animated_gltf() {
  std::vector<std::filesystem::path> out;
  for (const char* ext : {".glb", ".gltf"})
    for (const auto& f : test::files_with_extension(test::corpus_root() / "gltf", ext)) {
      auto s = read_scene(f);
      if (s && keys_of(s.value()) > 0) out.push_back(f);
    }
  return out;
}

TEST(ConvertKeys, AnimErrorZeroWritesWhatTheConversionWroteBefore) {
  if (test::corpus_root().empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  const auto files = animated_gltf();
  ASSERT_FALSE(files.empty());
  const auto dir = test::temp_dir("convert-keys-zero");
  for (const auto& in : files) {
    SCOPED_TRACE(in.string());
    convert::ConvertOptions options;
    options.anim_error = 0.0f;
    options.textures = false;
    ASSERT_TRUE(convert::convert_file(in, dir / "zero.glb", options).ok());
    ASSERT_TRUE(convert::convert_file(in, dir / "zero.aem", options).ok());

    const Scene source = read_scene(in).value();
    ASSERT_TRUE(write_scene(dir / "direct.glb", source).ok());
    Scene flat = flatten_nodes(source);
    flat.textures.clear();
    for (Material& m : flat.materials) m.textures = {};
    WriteOptions aem;
    aem.normalize_weights = true;
    ASSERT_TRUE(write_scene(dir / "direct.aem", flat, nullptr, aem).ok());

    EXPECT_EQ(test::read_bytes(dir / "zero.glb"), test::read_bytes(dir / "direct.glb"));
    EXPECT_EQ(test::read_bytes(dir / "zero.aem"), test::read_bytes(dir / "direct.aem"));
  }
}

TEST(ConvertKeys, EveryOutputThatStoresKeysStaysWithinTheDefaultBound) {
  if (test::corpus_root().empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  const auto dir = test::temp_dir("convert-keys-default");
  const auto in = test::corpus_root() / "gltf/CesiumMan/CesiumMan.glb";
  for (const char* ext : {".aem", ".glb", ".e3d"}) {
    SCOPED_TRACE(ext);
    convert::ConvertOptions every_key;
    every_key.anim_error = 0.0f;
    const auto all = dir / fmt::format("all{}", ext), reduced = dir / fmt::format("reduced{}", ext);
    ASSERT_TRUE(convert::convert_file(in, all, every_key).ok());
    const auto converted = convert::convert_file(in, reduced, {});
    ASSERT_TRUE(converted.ok()) << converted.error().to_string();
    ASSERT_TRUE(converted->animation_keys.has_value());
    const float bound = converted->animation_keys->bound;
    EXPECT_FLOAT_EQ(bound, 1e-4f);  // glTF is in metres: the default 0.1 mm
    const Scene a = read_scene(all).value(), b = read_scene(reduced).value();
    EXPECT_LT(keys_of(b), keys_of(a) / 2);
    EXPECT_EQ(converted->animation_keys->keys_after < converted->animation_keys->keys_before, true);
    // AEM keeps four influences per vertex: the check measured the scene's eight; a thousandth more.
    EXPECT_LE(test::largest_animation_distance(a, b), 1.001 * bound);
  }
}

TEST(ConvertKeys, TheBoundIsInTheOutputsUnits) {
  if (test::corpus_root().empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  // In centimetres (--scale 100) the default 0.1 mm is 0.01 output units.
  convert::ConvertOptions options;
  options.scale = 100.0f;
  const auto dir = test::temp_dir("convert-keys-units");
  const auto converted =
      convert::convert_file(test::corpus_root() / "gltf/CesiumMan/CesiumMan.glb", dir / "cm.aem", options);
  ASSERT_TRUE(converted.ok());
  EXPECT_FLOAT_EQ(converted->animation_keys->bound, 0.01f);
}

}  // namespace
}  // namespace aem
