// read_scene / write_scene: format detection, whole-file input, atomic output.
#include "aem/conventions.hpp"
#include "aem/io.hpp"
#include "core/file.hpp"
#include "core/parse_error.hpp"
#include "io/data_kinds.hpp"
#include "io/isolation.hpp"

namespace aem {

Result<Scene> read_scene(std::span<const std::byte> bytes, const std::filesystem::path& path_hint,
                         const ReadOptions& options) {
  const FormatHandler* f = detect_format(bytes, path_hint);
  // Neither our signatures nor the extension say what it is: Assimp, where built, tells by content.
  const FormatHandler* by_content = f ? nullptr : find_format("assimp");
  if (by_content) f = by_content;
  if (!f || !f->read)
    return Error{"UNKNOWN_FORMAT", {}, path_hint.string(), {}, {}, {},
                 "not a format aem reads (run `aem formats` for the list)"};
  const ReadInput input{bytes, path_hint, options};
  if (f->name == "assimp" && options.isolate_third_party) {
    Status survived = detail::survives_in_child([&] { (void)f->read(input); }, options.third_party_timeout_seconds,
                                                "Assimp", path_hint.string());
    if (!survived) return survived.error();
  }
  auto scene = f->read(input);  // the registry's handlers never throw
  if (!scene && by_content)
    return Error{"UNKNOWN_FORMAT", {}, path_hint.string(), {}, {}, {},
                 "not a format aem reads, by extension or content (run `aem formats` for the list)"};
  return scene;
}

Result<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options) {
  auto data = detail::read_file(path);
  if (!data) return data.error();
  return read_scene(data.value(), path, options);
}

Status write_scene(const std::filesystem::path& path, const Scene& scene, const FormatHandler* format,
                   const WriteOptions& options) {
  if (!format) format = format_for_extension(path, FormatUse::Write);
  if (!format || !format->write)
    return Error{"UNKNOWN_FORMAT", {}, path.string(), {}, {}, {},
                 format ? "aem cannot write " + std::string(format->name) + " files"
                        : "cannot tell the output format from the extension; use --to"};
  auto bytes = detail::guard_read<std::vector<std::byte>>(format->name, path.string(), [&]() -> Result<std::vector<std::byte>> {
    if (scene.conventions == format->conventions) return format->write(scene, options);
    Scene converted = scene;
    convert_conventions(converted, format->conventions);
    return format->write(converted, options);
  });
  if (!bytes) return bytes.error();
  Status st = detail::write_file_atomic(path, bytes.value());
  if (st) {
    st.warnings = detail::data_loss_warnings(scene, format->name);
    st.warnings.insert(st.warnings.end(), bytes.warnings.begin(), bytes.warnings.end());
  }
  return st;
}

}  // namespace aem
