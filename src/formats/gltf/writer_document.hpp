// The glTF document under construction: the binary buffer, every top-level array as JSON element
// texts, and the accessor helpers the writer parts share. Assembles .glb or .gltf at the end.
#pragma once

#include "core/json_text.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/io.hpp"

namespace aem::formats::gltf {

/// JSON text of one object, built member by member into one string.
class JsonObject {
 public:
  JsonObject& raw(std::string_view key, std::string_view json);
  JsonObject& str(std::string_view key, std::string_view value);
  /// An integral value as an integer (below 9e15), any other as json_float of it.
  JsonObject& num(std::string_view key, double value);
  JsonObject& floats(std::string_view key, std::span<const float> values);
  JsonObject& ints(std::string_view key, std::span<const std::uint32_t> values);
  bool empty() const { return text_.empty(); }
  std::string text() const { return "{" + text_ + "}"; }

 private:
  /// Starts the member `key`: the comma before it, the quoted key and the colon.
  void key(std::string_view key);
  std::string text_;
};

/// Shortest text that reads back as the same float; non-finite values become 0.
std::string json_float(float v);
/// Appends json_float(v) to `out`.
void append_json_float(std::string& out, float v);
std::string json_array(const std::vector<std::string>& elements);

enum ComponentType : int { kByte = 5121, kShort = 5123, kUint = 5125, kFloat = 5126 };
enum ViewTarget : int { kNoTarget = 0, kVertices = 34962, kIndices = 34963 };

struct Document {
  std::vector<std::byte> bin;
  std::vector<std::string> buffer_views, accessors, images, samplers, textures, materials, meshes, nodes, skins,
      animations, cameras, lights, scene_roots, extensions_used;
  std::vector<Warning> warnings;

  void warn(std::string code, std::string path, std::string message);
  /// A buffer view over `bytes` appended to the binary buffer (4-byte aligned).
  std::uint32_t view(std::span<const std::byte> bytes, ViewTarget target);
  /// A float accessor of `count` elements of `components` floats (1, 2, 3, 4 or 16); `bounds` adds the
  /// min/max glTF requires for positions and animation inputs.
  std::uint32_t float_accessor(std::span<const float> values, int components, bool bounds, ViewTarget target);
  /// An unsigned integer accessor of `components` per element, stored as `type` (kByte, kShort, kUint).
  std::uint32_t uint_accessor(std::span<const std::uint32_t> values, int components, ComponentType type,
                              ViewTarget target);
  /// The JSON document; `buffer_uri` is empty for GLB.
  std::string json(std::string_view buffer_uri) const;
};

/// "data:<mime>;base64,..." for `bytes`.
std::string data_uri(std::string_view mime, std::span<const std::byte> bytes);
/// `name` with every byte outside the URI unreserved set percent-encoded.
std::string uri_escape(std::string_view name);
/// The GLB container around the JSON and binary chunks, made in `bin`'s own storage when it has room
/// for the header and the JSON in front (the writer reserves it): no second copy of the binary data.
std::vector<std::byte> glb(const std::string& json, std::vector<std::byte> bin);

}  // namespace aem::formats::gltf
