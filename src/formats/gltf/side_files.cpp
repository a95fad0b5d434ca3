// URI handling for glTF side files (see side_files.hpp).
#include "formats/gltf/side_files.hpp"

#include <array>

#include "core/side_files.hpp"

namespace aem::formats::gltf {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] != '%') {
      out += uri[i];
      continue;
    }
    if (i + 2 >= uri.size() || hex_value(uri[i + 1]) < 0 || hex_value(uri[i + 2]) < 0) return std::nullopt;
    out += static_cast<char>(hex_value(uri[i + 1]) * 16 + hex_value(uri[i + 2]));
    i += 2;
  }
  return out;
}

}  // namespace

bool is_data_uri(std::string_view uri) { return uri.substr(0, 5) == "data:"; }

std::optional<std::filesystem::path> side_file(const std::filesystem::path& model, std::string_view uri,
                                               const std::filesystem::path& asset_root) {
  const auto decoded = percent_decode(uri);
  if (!decoded || decoded->empty() || decoded->find('\0') != std::string::npos) return std::nullopt;
  // A ':' means a scheme (http:, file:) or a drive letter; '\' a Windows separator that POSIX would
  // take as part of a name.
  if (decoded->find(':') != std::string::npos || decoded->find('\\') != std::string::npos) return std::nullopt;
  // The rule every reader follows (core/side_files.hpp): inside the model's folder or the asset root.
  auto file = detail::resolve_side_file(model.parent_path(), *decoded, asset_root);
  if (!file) return std::nullopt;
  return file.value();
}

std::optional<std::vector<std::byte>> decode_data_uri(std::string_view uri, std::string* media_type) {
  const auto comma = uri.find(',');
  if (!is_data_uri(uri) || comma == std::string_view::npos) return std::nullopt;
  std::string_view header = uri.substr(5, comma - 5);
  constexpr std::string_view kBase64 = ";base64";
  if (header.size() < kBase64.size() || header.substr(header.size() - kBase64.size()) != kBase64) return std::nullopt;
  if (media_type) *media_type = std::string(header.substr(0, header.size() - kBase64.size()));
  static const std::array<int, 256> table = [] {
    std::array<int, 256> t{};
    t.fill(-1);
    const std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (std::size_t i = 0; i < alphabet.size(); ++i) t[static_cast<unsigned char>(alphabet[i])] = static_cast<int>(i);
    return t;
  }();
  std::string_view data = uri.substr(comma + 1);
  while (!data.empty() && data.back() == '=') data.remove_suffix(1);
  std::vector<std::byte> out;
  out.reserve(data.size() * 3 / 4);
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : data) {
    const int v = table[static_cast<unsigned char>(c)];
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::byte>((acc >> bits) & 0xFF));
    }
  }
  return out;
}

}  // namespace aem::formats::gltf
