// The glTF container (GLB chunks or JSON text) and the binary data it points at.
#pragma once

#include "formats/gltf/reader_context.hpp"

namespace aem::formats::gltf {

/// The JSON document of a .glb or .gltf file; for GLB also the BIN chunk and its file offset.
/// Fails with GLTF_TRUNCATED, GLTF_BAD_HEADER, GLTF_JSON, or GLTF_VERSION for a binary glTF 1.0 container.
JsonDocument open_document(const ReadInput& input, std::span<const std::byte>& bin, std::uint64_t& bin_offset);

/// The version field of a GLB header, or nullopt when `bytes` do not start with one.
std::optional<std::uint32_t> glb_version(std::span<const std::byte> bytes);

/// Fills ctx.buffers from the GLB BIN chunk, data URIs and side files; each is checked to hold its byteLength.
void load_buffers(Context& ctx);

/// The bytes a data URI or a side file holds; `path` names the JSON member in errors. Byte is std::byte
/// for buffers, std::uint8_t for images (Texture::data: a side file's bytes are read there directly).
template <class Byte = std::byte>
std::vector<Byte> load_uri(Context& ctx, std::string_view uri, const std::string& path,
                           std::string* media_type = nullptr);
extern template std::vector<std::byte> load_uri(Context&, std::string_view, const std::string&, std::string*);
extern template std::vector<std::uint8_t> load_uri(Context&, std::string_view, const std::string&, std::string*);

}  // namespace aem::formats::gltf
