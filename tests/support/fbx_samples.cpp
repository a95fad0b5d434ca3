#include "support/fbx_samples.hpp"

namespace aem::test::fbx {

Document sample_document() {
  Document doc;
  doc.materials = {
      {"skin", {0.8, 0.6, 0.5}, true, {"tex", "tex.png", "tex.png", std::vector<std::byte>(64, std::byte{0x89})}}};
  Node& bone = doc.nodes.emplace_back();
  bone.name = "bone", bone.type = NodeType::Skeleton, bone.pre_rotation = {0, 30, 0};
  Node& body = doc.nodes.emplace_back();
  body.name = "body", body.type = NodeType::Mesh, body.materials = {0};
  body.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}};
  body.mesh.polygons = {{0, 1, 2, 3}, {0, 4, 1}};
  body.mesh.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}, {1, 1}, {1, 0}};
  body.mesh.has_skin = true;
  body.mesh.skin.clusters = {{.bone = 0, .indices = {0, 1, 2, 3, 4}, .weights = {1, 1, 0.5, 0.5, 1}}};
  body.mesh.blend_channels = {{"pout", 10.0, {{"pout", {4}, {{0, 0, 1}}}}}};
  Track turn{.node = 0, .channel = Channel::Rotation};
  turn.components[1] = {{0.0, 0.0}, {1.0, 45.0}};
  Track pout{.node = 1, .channel = Channel::DeformPercent, .blend_channel = 0};
  pout.components[0] = {{0.0, 0.0}, {1.0, 100.0}};
  doc.takes = {{"take", 0.0, 1.0, {turn, pout}}};
  return doc;
}

}  // namespace aem::test::fbx
