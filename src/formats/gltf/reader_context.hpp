// State shared by the parts of the glTF reader: the JSON, the loaded buffers, warnings, and checked
// getters that stop the read with an error naming the JSON path (and the GLB byte offset when known).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/io.hpp"
#include "formats/gltf/json.hpp"

namespace aem::formats::gltf {

/// Bytes of one buffer view, with its stride (0 = tightly packed) and where it starts in the file
/// (GLB BIN chunk only) for error messages.
struct ViewBytes {
  std::span<const std::byte> bytes;
  std::uint32_t stride = 0;
  std::optional<std::uint64_t> file_offset;
};

struct Context {
  const ReadInput& input;
  Json root;
  std::vector<Warning> warnings;
  std::uint64_t budget;  ///< decoded bytes still allowed (ReadOptions::max_decoded_bytes)

  std::span<const std::byte> glb_bin;                        ///< the GLB BIN chunk, empty for .gltf
  std::uint64_t glb_bin_offset = 0;                          ///< its position in the file
  std::vector<std::span<const std::byte>> buffers;           ///< buffers[i], byteLength bytes
  std::vector<std::optional<std::uint64_t>> buffer_offsets;  ///< file offset of buffers[i] (GLB BIN)
  std::vector<std::vector<std::byte>> owned;                 ///< storage for decoded buffers and views
  std::vector<std::optional<ViewBytes>> views;               ///< resolved bufferViews, filled on first use
  /// images[i] as read (name, bytes, media type; no sampler), kept from its first texture to its last:
  /// textures that share an image read its file once, and the last one takes the bytes.
  std::vector<std::optional<Texture>> images;
  /// image_reads_left[i]: the textures naming images[i] as their source not read yet.
  std::vector<std::uint32_t> image_reads_left;

  [[noreturn]] void fail(std::string_view code, const std::string& path, std::string message,
                         std::optional<std::uint64_t> offset = {}) const;
  void warn(std::string_view code, const std::string& path, std::string message);
  /// Takes `bytes` from the decoding budget, or fails naming `path`.
  void spend(std::uint64_t bytes, const std::string& path);

  /// The array `key` of `parent` (empty when missing); fails when present but not an array.
  Json array(const Json& parent, std::string_view key) const;
  /// Elements of the top-level array `key` ("meshes").
  std::size_t count(std::string_view key) const { return array(root, key).size(); }
  /// A required index into the top-level array `target`; fails when missing, not an integer or out of range.
  std::uint32_t index(const Json& value, std::string_view target) const;
  /// An optional index (nullopt when the member is missing).
  std::optional<std::uint32_t> optional_index(const Json& value, std::string_view target) const;
  /// An optional unsigned integer not above `max` (`fallback` when missing).
  std::uint64_t uint(const Json& value, std::uint64_t fallback, std::uint64_t max) const;
  /// An optional finite number (`fallback` when missing).
  float number(const Json& value, float fallback) const;
  /// `n` numbers of an optional array member (`fallback` when missing); fails on any other length.
  std::vector<float> numbers(const Json& value, std::size_t n, std::vector<float> fallback) const;
  /// An optional string (empty when missing).
  std::string string(const Json& value) const;

  /// Tells the input that `bytes` are decoded: a mapped file gives their pages back. Reading them again
  /// stays allowed (a view shared by several accessors) and only costs a new page-in. Bytes that are
  /// not part of the input (decoded views, side files) are ignored.
  void done_with(std::span<const std::byte> bytes) const;

  /// The bytes of bufferViews[i] (decompressed for EXT_meshopt_compression), checked against its buffer.
  const ViewBytes& view(std::uint32_t i);
};

}  // namespace aem::formats::gltf
