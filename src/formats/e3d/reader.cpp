// E3D -> scene: the signature, then every top-level block (LZMA-wrapped or not) dispatched to its
// section parser; references are resolved once everything is read.
#include <algorithm>
#include <cstring>
#include <filesystem>

#include "core/byte_reader.hpp"
#include "core/file.hpp"
#include "core/parse_error.hpp"
#include "core/side_textures.hpp"
#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/build_scene.hpp"
#include "formats/e3d/e3d_blocks.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "formats/e3d/e3d_parse.hpp"

namespace aem::formats {
namespace {

constexpr unsigned char kSignature[10] = {0x01, 0x00, 0x0C, 0x00, 0x00, 0x00, 'E', '3', 'D', 'F'};

e3d::RawFile parse_file(e3d::ReadContext& ctx, std::span<const std::byte> bytes) {
  if (!e3d_sniff(bytes))
    detail::fail_at("E3D", "E3D_BAD_SIGNATURE", 0,
                    "does not start with the E3D version block (01 00 0C 00 00 00 \"E3DF\")");
  e3d::RawFile file;
  detail::ByteReader r(bytes, "E3D");
  e3d::walk_blocks(ctx, r, [&](e3d::BlockRef& b) {
    switch (b.type) {
      case e3d::kVersion:
        b.payload.skip(4, "E3D magic");
        file.version = b.payload.u16("version");
        if (file.version != 0x0100)
          ctx.warn("E3D_VERSION", b.offset + 10,
                   "version " + std::to_string(file.version >> 8) + "." + std::to_string(file.version & 0xFF) +
                       " (expected 1.0); reading on");
        break;
      case e3d::kMeshes:
        e3d::parse_meshes(ctx, b, file);
        break;
      case e3d::kNodes:
        e3d::parse_nodes(ctx, b, file);
        break;
      case e3d::kMaterials:
        e3d::parse_materials(ctx, b, file);
        break;
      case e3d::kTextures:
        e3d::parse_textures(ctx, b, file);
        break;
      case e3d::kAnimations:
        e3d::parse_animations(ctx, b, file);
        break;
      default:
        e3d::skip_unknown(ctx, b, "the file");
    }
  });
  return file;
}

}  // namespace

namespace e3d {

void skip_unknown(ReadContext& ctx, const BlockRef& b, const char* container) {
  ctx.warn("E3D_UNKNOWN_BLOCK", b.offset, "unknown block " + block_label(b.type) + " in " + container + " skipped");
}

}  // namespace e3d

Conventions e3d_conventions() { return Conventions{UpAxis::NegY, true, true, false, 1.0f}; }

bool e3d_sniff(std::span<const std::byte> head) {
  return head.size() >= sizeof kSignature && std::memcmp(head.data(), kSignature, sizeof kSignature) == 0;
}

Result<Scene> e3d_read(const ReadInput& input) {
  return detail::guard_read<Scene>("E3D", input.path.string(), [&] {
    e3d::ReadContext ctx;
    ctx.decode_budget = input.options.max_decoded_bytes;
    ctx.keep_morph_targets = input.options.keep_morph_targets;
    e3d::RawFile file = parse_file(ctx, input.bytes);
    Scene scene = e3d::build_scene(ctx, file);
    // External textures (textureName: a relative path, docs/formats/e3d.md §9) are loaded so conversions can embed them;
    // only files inside the allowed folders are followed, and their bytes count against the decoding limit.
    const auto loaded = load_side_textures(scene, input.path, input.options.asset_root, ctx.decode_budget);
    for (const auto& refused : loaded.refused) ctx.warn(refused.code, 0, refused.message);
    for (const auto& name : loaded.missing)
      ctx.warn("E3D_TEXTURE_MISSING", 0,
               "texture \"" + name + "\" is not a readable file beside the model; kept by name only");
    scene.conventions = e3d_conventions();
    if (ctx.lzma_blocks > 0)
      scene.source_notes.push_back({"compression", "LZMA (" + std::to_string(ctx.lzma_blocks) + " blocks, " +
                                                       std::to_string(input.bytes.size()) + " bytes in the file, " +
                                                       std::to_string(ctx.lzma_bytes) + " decoded)"});
    Result<Scene> result(std::move(scene));
    result.warnings = std::move(ctx.warnings);
    if (ctx.suppressed > 0)
      result.warnings.push_back(Warning{.code = "E3D_TOO_MANY_WARNINGS",
                                        .format = "E3D",
                                        .message = std::to_string(ctx.suppressed) + " more warnings not listed"});
    return result;
  });
}

}  // namespace aem::formats
