// Draco decoding through Debian's libdraco (see draco_decode.hpp).
#include "formats/gltf/draco_decode.hpp"

#include <draco/compression/decode.h>

namespace aem::formats::gltf {

DracoPrimitive decode_draco(Context& ctx, const Json& extension) {
  const ViewBytes& view = ctx.view(ctx.index(extension["bufferView"], "bufferViews"));
  draco::DecoderBuffer buffer;
  buffer.Init(reinterpret_cast<const char*>(view.bytes.data()), view.bytes.size());
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
  if (!decoded.ok())
    ctx.fail("GLTF_DECODE", extension.path(), "Draco stream does not decode: " + decoded.status().error_msg_string(),
             view.file_offset);
  const std::unique_ptr<draco::Mesh> mesh = std::move(decoded).value();
  DracoPrimitive out;
  const std::uint64_t points = mesh->num_points();
  for (const auto& [name, id] : extension["attributes"].members()) {
    const draco::PointAttribute* att =
        mesh->GetAttributeByUniqueId(static_cast<std::uint32_t>(ctx.uint(id, 0, UINT32_MAX)));
    if (!att) ctx.fail("GLTF_DECODE", id.path(), "the Draco stream has no attribute with this id");
    const int components = att->num_components();
    if (components < 1 || components > 16)
      ctx.fail("GLTF_DECODE", id.path(), "Draco attribute has an unusable component count");
    ctx.spend(points * components * sizeof(float), id.path());
    std::vector<float> values(points * components);
    for (std::uint32_t p = 0; p < points; ++p)
      if (!att->ConvertValue<float>(att->mapped_index(draco::PointIndex(p)), static_cast<int8_t>(components),
                                    &values[p * components]))
        ctx.fail("GLTF_DECODE", id.path(), "Draco attribute value cannot be read as numbers");
    out.attributes[name] = std::move(values);
  }
  ctx.spend(static_cast<std::uint64_t>(mesh->num_faces()) * 3 * sizeof(std::uint32_t), extension.path());
  out.indices.reserve(static_cast<std::size_t>(mesh->num_faces()) * 3);
  for (std::uint32_t f = 0; f < mesh->num_faces(); ++f)
    for (int k = 0; k < 3; ++k) out.indices.push_back(mesh->face(draco::FaceIndex(f))[k].value());
  return out;
}

}  // namespace aem::formats::gltf
