// FBX through the converter: a skeleton with animation and no mesh converts to formats that hold one
// (glTF, IQM, E3D) and is refused with CONVERT_NO_GEOMETRY by AEM and CEM, which hold models.
#include <gtest/gtest.h>

#include <filesystem>

#include "convert/convert.hpp"
#include "support/fbx_builder.hpp"

namespace aem::test {
namespace {

std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "aem_fbx_convert_test";
  std::filesystem::create_directories(dir);
  return dir / name;
}

fbx::Document skeleton_only() {
  fbx::Document doc;
  fbx::Node& hip = doc.nodes.emplace_back();
  hip.name = "hip", hip.type = fbx::NodeType::Skeleton;
  fbx::Node& knee = doc.nodes.emplace_back();
  knee.name = "knee", knee.type = fbx::NodeType::Skeleton, knee.parent = 0, knee.translation = {0, -40, 0};
  fbx::Track bend{.node = 1, .channel = fbx::Channel::Rotation};
  bend.components[0] = {{0.0, 0.0}, {1.0, 60.0}};
  doc.takes = {{"kick", 0.0, 1.0, {bend}}};
  return doc;
}

TEST(FbxConvert, SkeletonOnlyGoesWhereASkeletonFits) {
  const auto input = scratch("skeleton.fbx");
  fbx::write_fbx_file(input, skeleton_only(), fbx::Encoding::Binary, 7400);
  for (const char* ext : {".glb", ".iqm", ".e3d"}) {
    const auto output = scratch(std::string("skeleton") + ext);
    const auto report = convert::convert_file(input, output, {});
    ASSERT_TRUE(report.ok()) << ext << ": " << report.error().to_string();
    const auto back = read_scene(output);
    ASSERT_TRUE(back.ok()) << ext << ": " << back.error().to_string();
    EXPECT_GE(back->joints.size(), 2u) << ext;
    ASSERT_EQ(back->animations.size(), 1u) << ext;
    EXPECT_NEAR(back->animations[0].duration, 1.0f, 1e-3f) << ext;
  }
  for (const char* ext : {".aem", ".cem"}) {
    const auto output = scratch(std::string("skeleton") + ext);
    std::filesystem::remove(output);
    const auto report = convert::convert_file(input, output, {});
    ASSERT_FALSE(report.ok()) << ext;
    EXPECT_EQ(report.error().code, "CONVERT_NO_GEOMETRY") << ext;
    EXPECT_FALSE(std::filesystem::exists(output)) << ext << ": nothing is left behind";
  }
}

}  // namespace
}  // namespace aem::test
