// Native glTF 2.0 reader: runs the steps of reader_parts.hpp over the parsed document. No Assimp,
// no GL: it also serves the browser build, from memory with a path hint for side files.
#include "core/parse_error.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "formats/gltf/reader_buffers.hpp"
#include "formats/gltf/reader_parts.hpp"

namespace aem::formats {
namespace {

bool is_version_1(std::string_view version) { return version == "1" || version.starts_with("1."); }

}  // namespace

bool gltf_is_version_1(std::span<const std::byte> bytes) {
  if (auto glb = gltf::glb_version(bytes)) return *glb == 1;
  auto parsed = gltf::JsonDocument::parse({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  const auto* doc = std::get_if<gltf::JsonDocument>(&parsed);
  return doc && is_version_1(doc->root()["asset"]["version"].string());
}

Result<Scene> gltf_read(const ReadInput& input) {
  return detail::guard_read<Scene>("glTF", input.path.string(), [&]() -> Result<Scene> {
    std::span<const std::byte> bin;
    std::uint64_t bin_offset = 0;
    const gltf::JsonDocument doc = gltf::open_document(input, bin, bin_offset);
    gltf::Context ctx{input, doc.root(), {}, input.options.max_decoded_bytes, bin, bin_offset, {}, {}, {}, {}, {}, {}};
    if (!ctx.root.is_object()) ctx.fail("GLTF_JSON", "", "the document is not a JSON object");
    const std::string version = ctx.string(ctx.root["asset"]["version"]);
    if (version.empty() || version[0] != '2')
      ctx.fail("GLTF_VERSION", "asset.version",
               "glTF version \"" + version + "\"; the native reader reads 2.x" +
                   (is_version_1(version) ? " (glTF 1.0 is read through Assimp, in builds that have it)" : ""));
    gltf::check_extensions(ctx);
    gltf::load_buffers(ctx);

    Scene scene;
    scene.source_format = "glTF";
    scene.conventions = gltf_conventions();
    gltf::read_cameras_and_lights(ctx, scene);
    const gltf::NodeLinks links = gltf::read_nodes(ctx, scene);
    const auto uv_transforms = gltf::read_materials(ctx, scene);
    std::vector<std::uint32_t> first;
    gltf::read_meshes(ctx, scene, first);
    for (std::size_t n = 0; n < scene.nodes.size(); ++n)
      if (links.mesh[n] >= 0)
        for (std::uint32_t sm = first[links.mesh[n]]; sm < first[links.mesh[n] + 1]; ++sm)
          scene.nodes[n].meshes.push_back(sm);
    gltf::apply_node_weights(ctx, scene, links, first);
    const auto joint_of_node = gltf::build_skeleton(ctx, scene, links, first);
    gltf::read_animations(ctx, scene, links, joint_of_node, first);
    // Baked here rather than by read_scene: the steps below (levels of detail joined) ran on frames.
    if (!input.options.keep_morph_targets) bake_morph_targets(scene);
    gltf::bake_uv_transforms(ctx, scene, uv_transforms);
    gltf::take_marked_nodes(ctx, scene);
    Result<Scene> result(std::move(scene));
    result.warnings = std::move(ctx.warnings);
    return result;
  });
}

}  // namespace aem::formats
