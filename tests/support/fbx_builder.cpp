#include "support/fbx_builder.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>

#include "support/fbx_layout.hpp"
#include "support/fbx_tree.hpp"

namespace aem::test::fbx {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("fbx_builder: " + what);
}

bool valid_index(int i, std::size_t count) { return i >= 0 && static_cast<std::size_t>(i) < count; }

/// The references the layouts resolve: parents, materials, bones, pose nodes, animated targets.
void check_references(const Document& doc) {
  const std::size_t node_count = doc.nodes.size();
  for (std::size_t i = 0; i < node_count; ++i) {
    const Node& n = doc.nodes[i];
    require(n.parent == -1 || (n.parent >= 0 && static_cast<std::size_t>(n.parent) < i),
            "node " + n.name + ": parent must be -1 or an earlier node");
    for (int m : n.materials)
      require(valid_index(m, doc.materials.size()), "node " + n.name + ": no material " + std::to_string(m));
    if (n.type != NodeType::Mesh || !n.mesh.has_skin) continue;
    for (const auto& c : n.mesh.skin.clusters)
      require(valid_index(c.bone, node_count), "node " + n.name + ": cluster bone " + std::to_string(c.bone));
    for (const auto& e : n.mesh.skin.bind_pose)
      require(valid_index(e.node, node_count), "node " + n.name + ": pose node " + std::to_string(e.node));
  }
  for (const auto& take : doc.takes)
    for (const auto& track : take.tracks) {
      require(valid_index(track.node, node_count), "take " + take.name + ": track node " + std::to_string(track.node));
      if (track.channel != Channel::DeformPercent) continue;
      const Node& n = doc.nodes[static_cast<std::size_t>(track.node)];
      require(
          n.type == NodeType::Mesh && valid_index(track.blend_channel, n.mesh.blend_channels.size()),
          "take " + take.name + ": node " + n.name + " has no blend channel " + std::to_string(track.blend_channel));
    }
}

}  // namespace

std::int64_t to_ticks(double seconds) { return std::llround(seconds * static_cast<double>(kTicksPerSecond)); }

std::vector<std::byte> write_fbx(const Document& doc, Encoding encoding, int version) {
  require(version == 6100 || version == 7400 || version == 7500, "unsupported version " + std::to_string(version));
  check_references(doc);
  const auto records = version < 7000 ? detail::legacy_layout(doc) : detail::modern_layout(doc, version);
  return encoding == Encoding::Ascii ? detail::encode_ascii(records, version) : detail::encode_binary(records, version);
}

void write_fbx_file(const std::filesystem::path& path, const Document& doc, Encoding encoding, int version) {
  const auto bytes = write_fbx(doc, encoding, version);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("fbx_builder: cannot write " + path.string());
}

}  // namespace aem::test::fbx
