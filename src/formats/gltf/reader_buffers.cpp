// GLB chunks, buffers and buffer views, each checked against the bytes present (see reader_buffers.hpp).
#include "formats/gltf/reader_buffers.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "core/byte_reader.hpp"
#include "core/file.hpp"
#include "core/parse_error.hpp"
#include "core/text_position.hpp"
#include "formats/gltf/meshopt_decode.hpp"
#include "formats/gltf/side_files.hpp"

namespace aem::formats::gltf {
namespace {

constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;

std::uint32_t u32_at(std::span<const std::byte> bytes, std::size_t offset) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}

[[noreturn]] void fail_container(std::string_view code, std::uint64_t offset, std::string message) {
  throw detail::ParseError(
      Error{.code = std::string(code), .format = "glTF", .offset = offset, .message = std::move(message)});
}

std::string_view as_text(std::span<const std::byte> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

/// The JSON of a .gltf file (`chunk_offset` empty) or of a GLB's JSON chunk starting at byte
/// `chunk_offset`; fails with GLTF_JSON at the line and column of the text file, or at the GLB's byte.
JsonDocument parse_json(std::string_view text, std::optional<std::uint64_t> chunk_offset) {
  auto parsed = JsonDocument::parse(text);
  if (auto* failure = std::get_if<JsonDocument::ParseFailure>(&parsed)) {
    if (chunk_offset) fail_container("GLTF_JSON", *chunk_offset + failure->offset, "invalid JSON: " + failure->message);
    const auto at = detail::text_position(text, failure->offset);
    throw detail::ParseError(Error{.code = "GLTF_JSON",
                                   .format = "glTF",
                                   .line = at.line,
                                   .column = at.column,
                                   .message = "invalid JSON: " + failure->message});
  }
  return std::move(std::get<JsonDocument>(parsed));
}

/// A .glb name promises the binary container (glTF 2.0 §4.4): its JSON parse errors would mislead.
bool is_glb_name(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".glb";
}

/// Up to the first 4 bytes in hex ("89 50 4e 47"), or "nothing" for an empty file.
std::string first_bytes(std::span<const std::byte> bytes) {
  if (bytes.empty()) return "nothing";
  std::string hex;
  for (std::size_t i = 0; i < std::min<std::size_t>(4, bytes.size()); ++i) {
    char digits[4];
    std::snprintf(digits, sizeof digits, "%02x", std::to_integer<unsigned>(bytes[i]));
    hex += (i ? " " : "") + std::string(digits);
  }
  return hex;
}

}  // namespace

std::optional<std::uint32_t> glb_version(std::span<const std::byte> bytes) {
  if (bytes.size() < 8 || u32_at(bytes, 0) != kGlbMagic) return std::nullopt;
  return u32_at(bytes, 4);
}

JsonDocument open_document(const ReadInput& input, std::span<const std::byte>& bin, std::uint64_t& bin_offset) {
  const auto bytes = input.bytes;
  bin = {};
  if (bytes.size() < 4 || u32_at(bytes, 0) != kGlbMagic) {
    if (!is_glb_name(input.path)) return parse_json(as_text(bytes), std::nullopt);
    fail_container("GLTF_BAD_HEADER", 0,
                   "not a GLB file: it starts with " + first_bytes(bytes) + ", not the magic \"glTF\"");
  }
  if (bytes.size() < 20)
    fail_container("GLTF_TRUNCATED", bytes.size(),
                   "truncated GLB: " + std::to_string(bytes.size()) + " bytes, shorter than its header");
  if (u32_at(bytes, 4) == 1)
    fail_container(
        "GLTF_VERSION", 4,
        "binary glTF 1.0 (GLB version 1); the native reader reads 2.x (glTF 1.0 is read through Assimp, in builds that have it)");
  if (u32_at(bytes, 4) != 2)
    fail_container("GLTF_BAD_HEADER", 4, "GLB version " + std::to_string(u32_at(bytes, 4)) + ", only 2 is read");
  const std::uint32_t length = u32_at(bytes, 8);
  if (length > bytes.size())
    fail_container("GLTF_TRUNCATED", bytes.size(),
                   "truncated GLB: the header says " + std::to_string(length) + " bytes, the file has " +
                       std::to_string(bytes.size()));
  const auto file = bytes.first(length);
  std::optional<JsonDocument> doc;
  std::size_t at = 12;
  while (at < file.size()) {
    if (file.size() - at < 8) fail_container("GLTF_TRUNCATED", at, "truncated GLB: chunk header cut short");
    const std::uint32_t chunk_length = u32_at(file, at), type = u32_at(file, at + 4);
    if (chunk_length > file.size() - at - 8)
      fail_container("GLTF_TRUNCATED", at,
                     "truncated GLB: chunk of " + std::to_string(chunk_length) + " bytes runs past the end");
    const auto data = file.subspan(at + 8, chunk_length);
    if (!doc) {
      if (type != kChunkJson) fail_container("GLTF_BAD_HEADER", at, "the first GLB chunk is not JSON");
      doc.emplace(parse_json(as_text(data), at + 8));
    } else if (type == kChunkBin && bin.empty()) {
      bin = data;
      bin_offset = at + 8;
    }  // other chunk types are skipped, as the spec asks
    at += 8 + static_cast<std::size_t>(chunk_length);
  }
  if (!doc) fail_container("GLTF_TRUNCATED", 12, "truncated GLB: no JSON chunk");
  return std::move(*doc);
}

template <class Byte>
std::vector<Byte> load_uri(Context& ctx, std::string_view uri, const std::string& path, std::string* media_type) {
  if (is_data_uri(uri)) {
    auto data = decode_data_uri(uri, media_type);
    if (!data) ctx.fail("GLTF_BAD_URI", path, "data URI is not base64");
    ctx.spend(data->size(), path);
    if constexpr (std::is_same_v<Byte, std::byte>) {
      return std::move(*data);
    } else {
      const auto* bytes = reinterpret_cast<const Byte*>(data->data());
      return {bytes, bytes + data->size()};
    }
  }
  if (ctx.input.path.empty())
    ctx.fail("GLTF_SIDE_FILE_MISSING", path,
             "\"" + std::string(uri) + "\" is a side file, but the model was read from memory without a path");
  const auto file = side_file(ctx.input.path, uri, ctx.input.options.asset_root);
  if (!file)
    ctx.fail("GLTF_URI_ESCAPES", path,
             "\"" + std::string(uri) + "\" leaves the model's folder; only relative paths inside it are read");
  std::error_code ec;
  const auto size = std::filesystem::file_size(*file, ec);
  if (ec || !std::filesystem::is_regular_file(*file, ec))
    ctx.fail("GLTF_SIDE_FILE_MISSING", path, "\"" + std::string(uri) + "\" is not a readable file beside the model");
  ctx.spend(size, path);
  auto bytes = detail::read_file<Byte>(*file);
  if (!bytes) ctx.fail("GLTF_SIDE_FILE_MISSING", path, "\"" + std::string(uri) + "\": " + bytes.error().message);
  return std::move(bytes.value());
}
template std::vector<std::byte> load_uri(Context&, std::string_view, const std::string&, std::string*);
template std::vector<std::uint8_t> load_uri(Context&, std::string_view, const std::string&, std::string*);

void load_buffers(Context& ctx) {
  const Json list = ctx.array(ctx.root, "buffers");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json b = list[i];
    const std::uint64_t length = ctx.uint(b["byteLength"], 0, UINT64_MAX >> 1);
    if (!b["byteLength"].exists()) ctx.fail("GLTF_MISSING", b.path() + ".byteLength", "required byteLength is missing");
    std::span<const std::byte> data;
    std::optional<std::uint64_t> offset;
    if (b["uri"].exists()) {
      ctx.owned.push_back(load_uri(ctx, ctx.string(b["uri"]), b.path() + ".uri"));
      data = ctx.owned.back();
    } else if (i == 0 && !ctx.glb_bin.empty()) {
      data = ctx.glb_bin;
      offset = ctx.glb_bin_offset;
    } else if (!b["extensions"]["EXT_meshopt_compression"]["fallback"].boolean()) {
      ctx.fail("GLTF_MISSING", b.path() + ".uri", "buffer has no uri and is not the GLB BIN chunk");
    }
    if (data.size() < length && !(data.empty() && b["extensions"]["EXT_meshopt_compression"].exists()))
      ctx.fail("GLTF_RANGE", b.path() + ".byteLength",
               "says " + std::to_string(length) + " bytes, only " + std::to_string(data.size()) + " are present",
               offset);
    ctx.buffers.push_back(data.first(std::min<std::uint64_t>(length, data.size())));
    ctx.buffer_offsets.push_back(offset);
  }
  ctx.views.assign(ctx.count("bufferViews"), std::nullopt);
}

namespace {

/// A byte range of a buffer: `offset` + `length` must lie inside it.
std::span<const std::byte> buffer_range(Context& ctx, const Json& owner, std::uint32_t buffer, std::uint64_t offset,
                                        std::uint64_t length, std::optional<std::uint64_t>* file_offset) {
  const auto& bytes = ctx.buffers[buffer];
  if (offset > bytes.size() || length > bytes.size() - offset)
    ctx.fail(
        "GLTF_RANGE", owner.path(),
        "bytes " + std::to_string(offset) + ".." + std::to_string(offset + length) + " run past the end of buffers[" +
            std::to_string(buffer) + "] (" + std::to_string(bytes.size()) + " bytes)",
        ctx.buffer_offsets[buffer] ? std::optional<std::uint64_t>(*ctx.buffer_offsets[buffer] + offset) : std::nullopt);
  if (file_offset && ctx.buffer_offsets[buffer]) *file_offset = *ctx.buffer_offsets[buffer] + offset;
  return bytes.subspan(offset, length);
}

/// EXT_meshopt_compression: the view's bytes decoded from the compressed range it names.
std::span<const std::byte> meshopt_view(Context& ctx, const Json& ext, std::uint64_t view_length) {
  const std::uint32_t buffer = ctx.index(ext["buffer"], "buffers");
  const std::uint64_t offset = ctx.uint(ext["byteOffset"], 0, UINT64_MAX >> 1);
  const std::uint64_t length = ctx.uint(ext["byteLength"], 0, UINT64_MAX >> 1);
  const std::uint64_t stride = ctx.uint(ext["byteStride"], 0, 256);
  const std::uint64_t count = ctx.uint(ext["count"], 0, UINT32_MAX);
  const auto src = buffer_range(ctx, ext, buffer, offset, length, nullptr);
  const std::string mode = ctx.string(ext["mode"]), filter = ctx.string(ext["filter"]);
  if (stride == 0 || count * stride != view_length)
    ctx.fail("GLTF_BAD_VALUE", ext.path(), "count * byteStride must equal the view's byteLength");
  ctx.spend(view_length, ext.path());
  auto& out = ctx.owned.emplace_back(view_length);
  decode_meshopt(ctx, ext, src, out.data(), count, stride, mode, filter);
  ctx.done_with(src);
  return out;
}

}  // namespace

const ViewBytes& Context::view(std::uint32_t i) {
  if (views[i]) return *views[i];
  const Json v = root["bufferViews"][i];
  if (!v.is_object()) fail("GLTF_BAD_VALUE", v.path(), "must be an object");
  ViewBytes out;
  const std::uint64_t length = uint(v["byteLength"], 0, UINT64_MAX >> 1);
  out.stride = static_cast<std::uint32_t>(uint(v["byteStride"], 0, 252));
  if (out.stride != 0 && out.stride < 4) fail("GLTF_BAD_VALUE", v.path() + ".byteStride", "must be 4 to 252");
  if (const Json ext = v["extensions"]["EXT_meshopt_compression"]; ext.exists()) {
    out.bytes = meshopt_view(*this, ext, length);
  } else {
    const std::uint32_t buffer = index(v["buffer"], "buffers");
    out.bytes = buffer_range(*this, v, buffer, uint(v["byteOffset"], 0, UINT64_MAX >> 1), length, &out.file_offset);
  }
  views[i] = out;
  return *views[i];
}

}  // namespace aem::formats::gltf
