// Writes the browser test's FBX model into the folder given: a square column of four segments (Y up,
// metres, binary FBX 7.4) skinned to two joints, "root" at its foot and "tip" half way up, whose take
// "wave" bends the tip 60 degrees about Z and back in 2 s; its material's image is a side file
// (web_checks.png, red and dark red checks) that the file names by a path from another machine, as
// exported files do, so the page finds it only as a file dropped beside the model. Beside it
// web_sheet.fbx, a flat sheet of 300 x 300 quads, large enough that reading it grows the page's heap.
// Usage: make_fbx_model OUT_DIR
#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "core/image.hpp"
#include "support/fbx_builder.hpp"

namespace {

namespace fbx = aem::test::fbx;

constexpr int kRings = 5;           // at heights 0..4 m
constexpr double kTipHeight = 2.0;  // the tip joint's place above the root
// The ring's corners (x, z) in the order that, with the side faces below, faces outwards.
constexpr std::array<std::array<double, 2>, 4> kCorner = {{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}};

fbx::Matrix translation(double y) {
  fbx::Matrix m = fbx::kIdentity;
  m[13] = y;
  return m;
}

fbx::Document column() {
  fbx::Document doc;
  doc.settings.unit_scale_factor = 100;  // metres
  fbx::Material& paint = doc.materials.emplace_back();
  paint.name = "paint", paint.has_diffuse_texture = true;
  paint.diffuse_texture = {"checks", "C:\\art\\textures\\web_checks.png", "..\\textures\\web_checks.png", {}};

  fbx::Node& root = doc.nodes.emplace_back();
  root.name = "root", root.type = fbx::NodeType::Skeleton;
  fbx::Node& tip = doc.nodes.emplace_back();
  tip.name = "tip", tip.type = fbx::NodeType::Skeleton, tip.parent = 0, tip.translation = {0, kTipHeight, 0};
  fbx::Node& body = doc.nodes.emplace_back();
  body.name = "column", body.type = fbx::NodeType::Mesh, body.materials = {0};

  fbx::Mesh& mesh = body.mesh;
  for (int ring = 0; ring < kRings; ++ring)
    for (const auto& [x, z] : kCorner) mesh.positions.push_back({x, static_cast<double>(ring), z});
  auto at = [](int ring, int corner) { return ring * 4 + corner % 4; };
  for (int ring = 0; ring + 1 < kRings; ++ring)
    for (int side = 0; side < 4; ++side) {
      mesh.polygons.push_back({at(ring, side), at(ring + 1, side), at(ring + 1, side + 1), at(ring, side + 1)});
      const double u0 = side / 4.0, u1 = (side + 1) / 4.0, v0 = ring / 4.0, v1 = (ring + 1) / 4.0;
      mesh.uvs.insert(mesh.uvs.end(), {{u0, v0}, {u0, v1}, {u1, v1}, {u1, v0}});
    }
  mesh.polygons.push_back({at(0, 0), at(0, 1), at(0, 2), at(0, 3)});
  mesh.polygons.push_back({at(4, 3), at(4, 2), at(4, 1), at(4, 0)});
  mesh.uvs.insert(mesh.uvs.end(), {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 1}, {1, 1}, {1, 0}, {0, 0}});

  // Rings 0-1 follow the root, ring 2 (at the tip joint) both halves, rings 3-4 the tip.
  fbx::Cluster lower{.bone = 0}, upper{.bone = 1};
  for (int ring = 0; ring < kRings; ++ring)
    for (int corner = 0; corner < 4; ++corner) {
      const double up = ring < 2 ? 0.0 : ring == 2 ? 0.5 : 1.0;
      if (up < 1) lower.indices.push_back(at(ring, corner)), lower.weights.push_back(1 - up);
      if (up > 0) upper.indices.push_back(at(ring, corner)), upper.weights.push_back(up);
    }
  upper.transform = translation(-kTipHeight), upper.transform_link = translation(kTipHeight);
  mesh.has_skin = true;
  mesh.skin.clusters = {lower, upper};
  mesh.skin.bind_pose = {{0, fbx::kIdentity}, {1, translation(kTipHeight)}, {2, fbx::kIdentity}};

  fbx::Track bend{.node = 1, .channel = fbx::Channel::Rotation};
  bend.components[2] = {{0.0, 0.0}, {1.0, 60.0}, {2.0, 0.0}};
  doc.takes = {{"wave", 0.0, 2.0, {bend}}};
  doc.active_take = "wave";
  return doc;
}

/// A flat sheet of `n` x `n` unit quads in the XZ plane.
fbx::Document sheet(int n) {
  fbx::Document doc;
  fbx::Node& node = doc.nodes.emplace_back();
  node.name = "sheet", node.type = fbx::NodeType::Mesh;
  for (int z = 0; z <= n; ++z)
    for (int x = 0; x <= n; ++x) node.mesh.positions.push_back({static_cast<double>(x), 0, static_cast<double>(z)});
  for (int z = 0; z < n; ++z)
    for (int x = 0; x < n; ++x) {
      const int corner = z * (n + 1) + x;
      node.mesh.polygons.push_back({corner, corner + n + 1, corner + n + 2, corner + 1});
    }
  return doc;
}

/// 16 x 16 pixels of red checks, bright and dark in turn, two pixels wide: two by two on each face of
/// a segment.
std::vector<std::byte> checks_png() {
  constexpr int kSize = 16;
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x)
      rgb.insert(rgb.end(), {static_cast<std::uint8_t>((x / 2 + y / 2) % 2 ? 110 : 230), 20, 20});
  return aem::encode_png(kSize, kSize, 3, rgb.data());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_fbx_model OUT_DIR\n");
    return 2;
  }
  try {
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    fbx::write_fbx_file(dir / "web_column.fbx", column(), fbx::Encoding::Binary, 7400);
    fbx::write_fbx_file(dir / "web_sheet.fbx", sheet(300), fbx::Encoding::Binary, 7400);
    const std::vector<std::byte> png = checks_png();
    std::ofstream out(dir / "web_checks.png", std::ios::binary);
    out.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
    if (!out.flush()) throw std::runtime_error("cannot write " + (dir / "web_checks.png").string());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_fbx_model: %s\n", e.what());
    return 1;
  }
  return 0;
}
