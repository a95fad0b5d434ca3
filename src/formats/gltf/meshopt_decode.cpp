// meshopt decoding through Debian's meshoptimizer (see meshopt_decode.hpp).
#include "formats/gltf/meshopt_decode.hpp"

#include "core/meshoptimizer_library.hpp"

namespace aem::formats::gltf {

void decode_meshopt(Context& ctx, const Json& ext, std::span<const std::byte> src, std::byte* dst, std::uint64_t count,
                    std::uint64_t stride, const std::string& mode, const std::string& filter) {
  const auto loaded = detail::meshoptimizer_for("decoding EXT_meshopt_compression");
  if (!loaded) ctx.fail(loaded.error().code, ext.path(), loaded.error().message);
  const detail::MeshoptimizerLibrary* meshopt = loaded.value();
  const auto* in = reinterpret_cast<const unsigned char*>(src.data());
  int rc = -1;
  if (mode == "ATTRIBUTES") {
    if (stride % 4 != 0)
      ctx.fail("GLTF_BAD_VALUE", ext.path() + ".byteStride", "must be a multiple of 4 for ATTRIBUTES");
    rc = meshopt->decode_vertex_buffer(dst, count, stride, in, src.size());
    if (rc == 0 && filter == "OCTAHEDRAL" && (stride == 4 || stride == 8))
      meshopt->decode_filter_oct(dst, count, stride);
    else if (rc == 0 && filter == "QUATERNION" && stride == 8)
      meshopt->decode_filter_quat(dst, count, stride);
    else if (rc == 0 && filter == "EXPONENTIAL")
      meshopt->decode_filter_exp(dst, count, stride);
    else if (rc == 0 && !filter.empty() && filter != "NONE")
      ctx.fail("GLTF_BAD_VALUE", ext.path() + ".filter", "unknown filter \"" + filter + "\" for this stride");
  } else if ((mode == "TRIANGLES" || mode == "INDICES") && (stride == 2 || stride == 4)) {
    if (mode == "TRIANGLES" && count % 3 != 0)
      ctx.fail("GLTF_BAD_VALUE", ext.path() + ".count", "TRIANGLES needs a multiple of 3");
    rc = mode == "TRIANGLES" ? meshopt->decode_index_buffer(dst, count, stride, in, src.size())
                             : meshopt->decode_index_sequence(dst, count, stride, in, src.size());
  } else {
    ctx.fail("GLTF_BAD_VALUE", ext.path() + ".mode", "unknown mode \"" + mode + "\" for this stride");
  }
  if (rc != 0) ctx.fail("GLTF_DECODE", ext.path(), "meshopt data does not decode (" + std::to_string(rc) + ")");
}

}  // namespace aem::formats::gltf
