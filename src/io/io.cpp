// read_scene / write_scene: format detection, whole-file input, atomic output.
#include "aem/conventions.hpp"
#include "aem/io.hpp"
#include "core/file.hpp"
#include "core/finite.hpp"
#include "core/parse_error.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "io/data_kinds.hpp"
#include "io/isolation.hpp"
#include "io/vertex_animation_fit.hpp"

namespace aem {
namespace {

/// `f`'s read of `input`; a third-party reader's first in a child process when the options ask for it.
Result<Scene> read_with(const FormatHandler& f, const ReadInput& input) {
  if (f.name == "assimp" && input.options.isolate_third_party) {
    Status survived = detail::survives_in_child(input, f.name, "Assimp");
    if (!survived) return survived.error();
  }
  return f.read(input);  // the registry's handlers never throw
}

/// A glTF 1.0 file, which the native reader refused with `refusal`, read through Assimp where the build
/// has it (its glTF 1.0 importer), with a warning saying so; `refusal` itself otherwise.
Result<Scene> read_gltf_1(const ReadInput& input, Error refusal) {
  const FormatHandler* assimp = find_format("assimp");
  if (!assimp || !formats::gltf_is_version_1(input.bytes)) return refusal;
  auto scene = read_with(*assimp, input);
  if (!scene) {
    scene.error().message = "glTF 1.0 read through Assimp: " + scene.error().message;
    return scene;
  }
  scene->source_format = "glTF 1.0 (through Assimp)";
  scene.warnings.insert(
      scene.warnings.begin(),
      Warning{.code = "GLTF_1_THROUGH_ASSIMP",
              .format = "glTF",
              .file = input.path.string(),
              .path = "asset.version",
              .message = "glTF 1.0: read through Assimp's glTF 1.0 importer (aem's own glTF reader reads 2.x)"});
  return scene;
}

/// read_scene from memory, with the reader's `release` of the parts it is done with.
Result<Scene> read_bytes(std::span<const std::byte> bytes, const std::filesystem::path& path_hint,
                         const ReadOptions& options, std::function<void(std::span<const std::byte>)> release) {
  const FormatHandler* f = detect_format(bytes, path_hint);
  // Neither our signatures nor the extension say what it is: Assimp, where built, tells by content.
  const FormatHandler* by_content = f ? nullptr : find_format("assimp");
  if (by_content) f = by_content;
  if (!f || !f->read)
    return Error{.code = "UNKNOWN_FORMAT", .file = path_hint.string(), .message = "not a format aem reads"};
  const ReadInput input{bytes, path_hint, options, std::move(release)};
  auto scene = read_with(*f, input);
  if (!scene && by_content)
    return Error{.code = "UNKNOWN_FORMAT",
                 .file = path_hint.string(),
                 .message = "not a format aem reads, by extension or content"};
  if (!scene && f->name == "gltf" && scene.error().code == "GLTF_VERSION")
    return read_gltf_1(input, std::move(scene.error()));
  if (scene && !options.keep_morph_targets) bake_morph_targets(scene.value());
  return scene;
}

// From this size the file is mapped rather than read: a read copies every byte into fresh memory
// that faults in page by page, while the mapping shares the page cache's pages, several per fault (the
// 1.2-1.9 MB real IQE files convert to IQM in 7-13% less CPU time; FBX files of 130 KB to 1 MB take
// 5-20% fewer page faults). The mapping also lets a reader give back the pages it has decoded, so that
// the input is never whole in memory beside the scene (a 1 GB glb converts to AEM in about the memory
// of its output). Smaller files are read: below glibc's mmap threshold (128 KiB) the buffer comes from
// the heap, whose pages the reader's own allocations then reuse, so a mapping would add faults (a 74 KB
// FBX: 476 against 423).
constexpr std::uintmax_t kMapFrom = 128u << 10;

}  // namespace

bool writes_morph_targets(const FormatHandler& format) { return format.name == "gltf" || format.name == "e3d"; }

Result<Scene> read_scene(std::span<const std::byte> bytes, const std::filesystem::path& path_hint,
                         const ReadOptions& options) {
  return read_bytes(bytes, path_hint, options, {});
}

Result<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options) {
  std::error_code ec;
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size >= kMapFrom) {
    auto mapped = detail::MappedFile::open(path);
    if (!mapped) return mapped.error();
    return read_bytes(mapped->bytes(), path, options, [&](std::span<const std::byte> done) { mapped->release(done); });
  }
  auto data = detail::read_file_uninitialized(path);  // every reader copies what it keeps: no zero fill needed
  if (!data) return data.error();
  return read_scene(data->bytes(), path, options);
}

namespace {

/// The writer's files, side files first so the main file appears last. Side file names must stay in
/// the output's folder.
Status write_outputs(const std::filesystem::path& path, const WriterOutput& out, detail::Sync sync) {
  const std::filesystem::path dir = path.parent_path();
  std::vector<detail::PendingFile> files;
  for (const auto& side : out.side_files) {
    const std::filesystem::path name(side.name);
    if (name.empty() || name.has_parent_path() || name == "." || name == ".." || name.filename() == path.filename())
      return Error{.code = "IO_WRITE_FAILED",
                   .file = path.string(),
                   .message = "side file name \"" + side.name + "\" is not a plain file name"};
    files.push_back({dir / name, side.bytes});
  }
  files.push_back({path, out.main});
  return detail::write_files_atomic(files, sync);
}

/// Runs `write` (guarded) on the scene in the format's conventions, refusing NaN and infinite numbers.
template <class T, class Write>
Result<T> write_converted(const std::filesystem::path& path, const Scene& scene, const FormatHandler& format,
                          Write&& write) {
  auto finite_write = [&](const Scene& s) -> Result<T> {
    if (auto bad = detail::find_non_finite(s, 1); !bad.empty()) {
      bad.front().message = "not written: a number is NaN or infinite";
      return bad.front();
    }
    return write(s);
  };
  return detail::guard_read<T>(format.name, path.string(), [&]() -> Result<T> {
    // Writers that do not keep morph targets get the frames every reader gives them, or the rest shape
    // alone (the DATA_DROPPED warning is write_scene's, from data_loss_warnings).
    const bool fits = detail::vertex_animation_fits(scene, format);
    // Checked before the conversion too: turning a NaN matrix into a rotation can launder it.
    if (fits && (scene.conventions == format.conventions || !detail::find_non_finite(scene, 1).empty()))
      return finite_write(scene);
    Scene converted = scene;
    detail::fit_vertex_animation(converted, format);
    if (converted.conventions != format.conventions && detail::find_non_finite(converted, 1).empty())
      convert_conventions(converted, format.conventions);
    return finite_write(converted);
  });
}

/// The format's files through its write_files or write, put in place once all are whole.
Status write_in_memory(const std::filesystem::path& path, const Scene& scene, const FormatHandler& format,
                       const WriteOptions& options) {
  auto out = write_converted<WriterOutput>(path, scene, format, [&](const Scene& s) -> Result<WriterOutput> {
    if (format.write_files) return format.write_files(s, options);
    auto bytes = format.write(s, options);
    if (!bytes) return bytes.error();
    Result<WriterOutput> files(WriterOutput{std::move(bytes.value()), {}});
    files.warnings = std::move(bytes.warnings);
    return files;
  });
  if (!out) return out.error();
  Status st = write_outputs(path, out.value(), detail::sync_if(options.sync));
  if (st) st.warnings = std::move(out.warnings);
  return st;
}

}  // namespace

Status write_scene(const std::filesystem::path& path, const Scene& scene, const FormatHandler* format,
                   const WriteOptions& options) {
  if (!format) format = format_for_extension(path, FormatUse::Write);
  if (!format || !format->write)
    return Error{.code = "UNKNOWN_FORMAT",
                 .file = path.string(),
                 .message = format ? "aem cannot write " + std::string(format->name) + " files"
                                   : "cannot tell the output format from the extension"};
  WriteOptions named = options;
  named.output_name = path.filename().string();
  Status st = format->write_stream ? detail::write_file_streamed(
                                         path,
                                         [&](ByteSink& sink) {
                                           return write_converted<Ok>(path, scene, *format, [&](const Scene& s) {
                                             return format->write_stream(s, named, sink);
                                           });
                                         },
                                         detail::sync_if(options.sync))
                                   : write_in_memory(path, scene, *format, named);
  if (st) {
    std::vector<Warning> writer = std::move(st.warnings);
    st.warnings = detail::data_loss_warnings(scene, format->name);
    for (auto& w : st.warnings) w.file = path.string();
    st.warnings.insert(st.warnings.end(), writer.begin(), writer.end());
  }
  return st;
}

}  // namespace aem
