// The browser build has neither Draco nor meshoptimizer (Debian ships them compiled, not as sources):
// a glTF file whose geometry needs either gets an error naming the extension instead of a decode.
#include "formats/gltf/draco_decode.hpp"
#include "formats/gltf/meshopt_decode.hpp"

namespace aem::formats::gltf {
namespace {

[[noreturn]] void unavailable(Context& ctx, const Json& ext, std::string_view name,
                              std::optional<std::uint64_t> offset) {
  ctx.fail("GLTF_UNSUPPORTED_EXTENSION", ext.path(),
           std::string(name) + " is not available in the browser build (convert the file with the desktop aem)",
           offset);
}

}  // namespace

DracoPrimitive decode_draco(Context& ctx, const Json& extension) {
  const ViewBytes& view = ctx.view(ctx.index(extension["bufferView"], "bufferViews"));
  unavailable(ctx, extension, "KHR_draco_mesh_compression", view.file_offset);
}

void decode_meshopt(Context& ctx, const Json& ext, std::span<const std::byte>, std::byte*, std::uint64_t, std::uint64_t,
                    const std::string&, const std::string&) {
  unavailable(ctx, ext, "EXT_meshopt_compression", {});
}

}  // namespace aem::formats::gltf
