// Where a glTF URI may point: data: URIs are decoded in place; any other URI must be a relative path
// that stays inside the model's folder.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aem::formats::gltf {

/// The file `uri` names beside `model` (percent-decoded), or nullopt when it would lead outside the
/// model's folder and `asset_root` (core/side_files.hpp: absolute paths, `..` escapes, links out);
/// drive letters, backslashes and other URI schemes are refused too.
std::optional<std::filesystem::path> side_file(const std::filesystem::path& model, std::string_view uri,
                                               const std::filesystem::path& asset_root);

/// True for a "data:" URI.
bool is_data_uri(std::string_view uri);
/// The bytes of a base64 data URI and its media type; nullopt when it is not valid base64.
std::optional<std::vector<std::byte>> decode_data_uri(std::string_view uri, std::string* media_type);

}  // namespace aem::formats::gltf
