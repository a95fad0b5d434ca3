// The table of supported formats. A new format adds one entry here and one folder under src/formats.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "aem/io.hpp"
#include "core/parse_error.hpp"
#include "formats/aem/aem_format.hpp"
#include "formats/cem/cem_format.hpp"
#include "formats/iqe/iqe_format.hpp"
#include "formats/iqm/iqm_format.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "formats/fbx/fbx_format.hpp"
#ifdef AEM_WITH_ASSIMP
#include "import/assimp/assimp_reader.hpp"
#endif

namespace aem {
namespace {

// The handlers as the formats define them: their read and write may throw an internal ParseError.
const std::vector<FormatHandler>& raw_table() {
  // AEM keeps the reference exporter's convention: Y up, right-handed, counter-clockwise front faces,
  // V measured down from the top of the image file (docs/formats/aem.md §2, §3.6).
  static const Conventions aem_conventions{UpAxis::Y, true, true, false, 1.0f};
  static const std::vector<FormatHandler> handlers = {
      {"aem",
       "AEM (an excellent model): reads the current and the 2022 legacy layout, writes the current",
       {".aem"},
       formats::aem_sniff,
       formats::aem_read,
       formats::aem_write,
       aem_conventions,
       nullptr,
       formats::aem_write_stream},
      {"cem",
       "CEM v2 (Empire Earth models; PK01-compressed too)",
       {".cem"},
       formats::cem_sniff,
       formats::cem_read,
       formats::cem_write,
       formats::cem_conventions()},
      {"iqe",
       "IQE (Inter-Quake Export text): skinned, animated meshes",
       {".iqe"},
       formats::iqe_sniff,
       formats::iqe_read,
       formats::iqe_write,
       formats::iqe_conventions()},
      {"iqm",
       "IQM (Inter-Quake Model, binary, version 2): skinned, animated meshes",
       {".iqm"},
       formats::iqm_sniff,
       formats::iqm_read,
       formats::iqm_write,
       formats::iqe_conventions()},
      {"e3d",
       "E3D (Ecere 3D models; LZMA-compressed blocks too)",
       {".e3d"},
       formats::e3d_sniff,
       formats::e3d_read,
       formats::e3d_write,
       formats::e3d_conventions()},
      {"gltf",
       "glTF 2.0 (.gltf with side files, .glb)",
       {".gltf", ".glb"},
       formats::gltf_sniff,
       formats::gltf_read,
       formats::gltf_write,
       formats::gltf_conventions(),
       formats::gltf_write_files},
      // Read only; the reader hands out the scene's own space (metres, Y up), whatever the file declares.
      {"fbx",
       "FBX (Autodesk; binary and ASCII, versions 2000 to 7.7), read only",
       {".fbx"},
       formats::fbx_sniff,
       formats::fbx_read,
       nullptr,
       Conventions{}},
      // The FBX reader's: ufbx parses OBJ too. OBJ has no signature to sniff: chosen by extension.
      {"obj", "Wavefront OBJ (with .mtl), read only", {".obj"}, nullptr, formats::obj_read, nullptr, Conventions{}},
#ifdef AEM_WITH_ASSIMP
      // Last: our own readers win for their formats. No sniffer: chosen by extension.
      {"assimp", "any other format Assimp reads (DAE, 3DS, PLY, STL, ...), read only", formats::assimp_extensions(),
       nullptr, formats::assimp_read, nullptr, Conventions{}},
#endif
  };
  return handlers;
}

// What the public table hands out instead: the I-th handler's entries behind a guard that turns
// anything thrown into an Error, so no exception crosses the public API (one catch, here).
template <std::size_t I, auto Entry, class T, class... Args>
Result<T> guarded(const std::string& file, Args&... args) {
  const FormatHandler& f = raw_table()[I];
  return detail::guard_read<T>(f.name, file, [&] { return (f.*Entry)(args...); });
}

template <std::size_t I>
Result<Scene> guarded_read(const ReadInput& input) {
  return guarded<I, &FormatHandler::read, Scene>(input.path.string(), input);
}

template <std::size_t I>
Result<std::vector<std::byte>> guarded_write(const Scene& scene, const WriteOptions& options) {
  return guarded<I, &FormatHandler::write, std::vector<std::byte>>({}, scene, options);
}

template <std::size_t I>
Result<WriterOutput> guarded_write_files(const Scene& scene, const WriteOptions& options) {
  return guarded<I, &FormatHandler::write_files, WriterOutput>({}, scene, options);
}

template <std::size_t I>
Status guarded_write_stream(const Scene& scene, const WriteOptions& options, ByteSink& sink) {
  return guarded<I, &FormatHandler::write_stream, Ok>({}, scene, options, sink);
}

constexpr std::size_t kMaxFormats = 32;

template <std::size_t... I>
std::vector<FormatHandler> guarded_table(std::index_sequence<I...>) {
  using Read = decltype(FormatHandler::read);
  using Write = decltype(FormatHandler::write);
  using WriteFiles = decltype(FormatHandler::write_files);
  using WriteStream = decltype(FormatHandler::write_stream);
  static constexpr Read reads[] = {&guarded_read<I>...};
  static constexpr Write writes[] = {&guarded_write<I>...};
  static constexpr WriteFiles writes_files[] = {&guarded_write_files<I>...};
  static constexpr WriteStream writes_stream[] = {&guarded_write_stream<I>...};
  std::vector<FormatHandler> handlers = raw_table();
  if (handlers.size() > kMaxFormats) {
    std::fputs("aem: more formats than kMaxFormats in src/io/registry.cpp\n", stderr);
    std::abort();
  }
  for (std::size_t i = 0; i < handlers.size(); ++i) {
    if (handlers[i].read) handlers[i].read = reads[i];
    if (handlers[i].write) handlers[i].write = writes[i];
    if (handlers[i].write_files) handlers[i].write_files = writes_files[i];
    if (handlers[i].write_stream) handlers[i].write_stream = writes_stream[i];
  }
  return handlers;
}

const std::vector<FormatHandler>& table() {
  static const std::vector<FormatHandler> handlers = guarded_table(std::make_index_sequence<kMaxFormats>());
  return handlers;
}

std::string lower_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return ext;
}

}  // namespace

std::span<const FormatHandler> supported_formats() { return table(); }

const FormatHandler* find_format(std::string_view name) {
  for (const auto& f : table())
    if (f.name == name) return &f;
  return nullptr;
}

const FormatHandler* format_for_extension(const std::filesystem::path& path, FormatUse use) {
  const std::string ext = lower_extension(path);
  for (const auto& f : table()) {
    if ((use == FormatUse::Read && !f.read) || (use == FormatUse::Write && !f.write)) continue;
    if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) return &f;
  }
  return nullptr;
}

const FormatHandler* detect_format(std::span<const std::byte> bytes, const std::filesystem::path& path) {
  auto head = bytes.first(std::min<std::size_t>(bytes.size(), 64));
  for (const auto& f : table())
    if (f.sniff && f.read && f.sniff(head)) return &f;
  return format_for_extension(path, FormatUse::Read);
}

}  // namespace aem
