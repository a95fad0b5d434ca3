// nodes (0x3000): meshNode, cameraNode and lightNode trees with IDs, names, mesh references,
// skeleton references and transforms (docs/formats/e3d.md §8). Children nest inside their parent's block.
#include "formats/e3d/e3d_parse.hpp"
#include "formats/e3d/parse_util.hpp"

namespace aem::formats::e3d {
namespace {

Node::Kind node_kind(std::uint16_t type) {
  return type == kCameraNode ? Node::Kind::Camera : type == kLightNode ? Node::Kind::Light : Node::Kind::Plain;
}

bool is_node(std::uint16_t type) { return type == kMeshNode || type == kCameraNode || type == kLightNode; }

void parse_node(ReadContext& ctx, BlockRef& nb, std::int32_t parent, RawFile& file) {
  const auto self = static_cast<std::int32_t>(file.nodes.size());
  ctx.charge(sizeof(RawNode) + sizeof(Node) + sizeof(Joint), nb.offset, "a node");
  {
    RawNode n;
    n.where = ctx.where(nb.offset);
    n.parent = parent;
    n.kind = node_kind(nb.type);
    file.nodes.push_back(std::move(n));
  }
  walk_blocks(ctx, nb.payload, [&](BlockRef& b) {
    if (is_node(b.type)) return parse_node(ctx, b, self, file);
    RawNode& n = file.nodes[self];  // re-fetched: children push to the vector
    switch (b.type) {
      case kNodeId:
        n.id = read_i32_block(b);
        break;
      case kNodeName:
        n.name = read_string_block(b);
        break;
      case kMeshId:
        n.mesh_id = read_i32_block(b);
        break;
      case kSkeleton:
        n.skeleton_root = b.payload.i32("skeleton root node ID");
        (void)read_string(b.payload, "skeleton tag");
        break;
      case kScaling:
        expect_length(b, 12);
        n.scale = read_vec3(b.payload, "scaling");
        break;
      case kOrientation:
        expect_length(b, 32);
        for (double& v : n.orientation) v = b.payload.f64_float_range("orientation");
        break;
      case kPosition:
        expect_length(b, 24);
        for (double& v : n.position) v = b.payload.f64_float_range("position");
        break;
      default:
        skip_unknown(ctx, b, "node");
    }
  });
}

}  // namespace

void parse_nodes(ReadContext& ctx, BlockRef& section, RawFile& file) {
  walk_blocks(ctx, section.payload, [&](BlockRef& b) {
    if (is_node(b.type))
      parse_node(ctx, b, -1, file);
    else
      skip_unknown(ctx, b, "nodes");
  });
}

}  // namespace aem::formats::e3d
