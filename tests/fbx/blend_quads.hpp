// Made-up FBX documents with blend shapes, shared by the blend-shape tests: a 10 cm quad in
// centimetres, Y up, facing +Z, corner 2 at (10, 10) cm.
#pragma once

#include "support/fbx_builder.hpp"

namespace aem::test {

/// Channel "lift" raises corner 2 by 10 cm along Z at full weight, stored at 25 % and animated
/// 0 -> 100 % over the take "talk" (0 to 2 s, 24 frames a second).
inline fbx::Document lifting_quad() {
  fbx::Document doc;
  fbx::Node& node = doc.nodes.emplace_back();
  node.name = "face", node.type = fbx::NodeType::Mesh;
  node.mesh.positions = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}};
  node.mesh.polygons = {{0, 1, 2, 3}};
  node.mesh.blend_channels = {{"lift", 25.0, {{"lift", {2}, {{0, 0, 10}}}}}};
  fbx::Track talk{.node = 0, .channel = fbx::Channel::DeformPercent, .blend_channel = 0};
  talk.components[0] = {{0.0, 0.0}, {2.0, 100.0}};
  doc.takes = {{"talk", 0.0, 2.0, {talk}}};
  doc.active_take = "talk";
  return doc;
}

/// lifting_quad with the file normals (0, 0, 1) at every corner and the shape's normal offset
/// (0, -0.5, 0) at corner 2, as Maya writes shapes.
inline fbx::Document lifting_quad_with_normals() {
  fbx::Document doc = lifting_quad();
  doc.nodes[0].mesh.normals.assign(4, {0, 0, 1});
  doc.nodes[0].mesh.blend_channels[0].targets[0].normal_offsets = {{0, -0.5, 0}};
  return doc;
}

/// lifting_quad with a second channel "wide": corner 1 moves 5 cm along X at 50 % and 20 cm at 100 %
/// (in-between shapes, FBX 7 only); stored at 75 %, so halfway between.
inline fbx::Document quad_with_in_betweens() {
  fbx::Document doc = lifting_quad();
  doc.nodes[0].mesh.blend_channels.push_back(
      {"wide", 75.0, {{"wide_half", {1}, {{5, 0, 0}}, {}, 50.0}, {"wide_full", {1}, {{20, 0, 0}}, {}, 100.0}}});
  return doc;
}

}  // namespace aem::test
