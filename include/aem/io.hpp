// Reading and writing scenes in every supported format, chosen by content (magic) or extension.
// Threads: every function here may run on several threads at once on different files (readers keep no
// global state; each read's limits and warnings belong to that call). Side effects: with default
// options a read or write starts no thread and no process (ReadOptions::threads, isolate_third_party;
// WriteOptions::threads).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/byte_sink.hpp"
#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem {

/// Resource limits and knobs for readers. Every reader refuses input that would need more.
struct ReadOptions {
  std::uint64_t max_decoded_bytes = 1ull << 31;  ///< cap on decompressed data (LZMA, PK01)
  bool generate_normals = true;                  ///< when the format says how (IQE smoothing)
  /// Side files a model refers to (textures, buffers, .mtl) are read only from inside the model's
  /// folder, or inside this folder when it is set; other references (absolute paths, `..` escapes,
  /// links out) are refused with a SIDE_FILE_REFUSED warning.
  std::filesystem::path asset_root;
  /// Third-party readers (Assimp) are not hardened against hostile files: a malformed file can crash
  /// or hang them. When true, such a read first runs in a child process (the `aem-read-worker` helper
  /// executable, see `read_worker`), and a crash or a run longer than `third_party_timeout_seconds`
  /// becomes an error (READER_CRASHED, READER_TIMEOUT) instead of taking the caller down; the file is
  /// then read a second time in process. Off by default: a library read starts no process. The aem
  /// tool, the viewer and the batch paths turn it on.
  bool isolate_third_party = false;
  double third_party_timeout_seconds = 300.0;
  /// The helper executable an isolated read runs. Empty: the AEM_READ_WORKER environment variable,
  /// else `aem-read-worker` beside the running program, else in `../libexec/aem/` from its folder (the
  /// installed layout), else the build tree's. None found: READ_WORKER_MISSING.
  std::filesystem::path read_worker = {};
  /// Threads a reader may spread its work over (the IQE parser's scan of a large file); 0: one per
  /// hardware thread. 1, the default: the calling thread alone, none started.
  unsigned threads = 1;
  /// Keep morph targets and their weight tracks (Mesh::targets, Animation::weight_tracks) as the file
  /// has them. Off: read_scene bakes them into vertex-animation frames (bake_morph_targets), the scene
  /// every consumer but the glTF and E3D writers expects. `aem convert` turns it on for glTF and E3D output,
  /// and for AEM, IQE and IQM, which keep the rest shape alone (drop_vertex_animation).
  bool keep_morph_targets = false;
};

/// Knobs for writers; a writer ignores those that do not apply to its format.
struct WriteOptions {
  bool compress = false;  ///< E3D: LZMA-compress blocks
  /// Frames per second of the frame-based formats: CEM bakes skeletal animation into frames at this
  /// rate; IQE and IQM resample an animation at it when the animation has no frame rate of its own.
  float frame_rate = 30.0f;
  int lods = 0;  ///< CEM: extra levels of detail to generate
  /// CEM: the largest file that baking skeletal animation into vertex frames may make, estimated
  /// before baking (CEM_OUTPUT_TOO_LARGE above it, nothing written); 0: no limit.
  std::uint64_t max_output_bytes = std::uint64_t{256} << 20;
  bool embed = false;  ///< glTF (.gltf): buffers and images as data URIs instead of side files
  /// AEM: each vertex's influences as the format defines them: its usable ones (a joint, a positive
  /// weight) first, in slot order, or its 4 largest when it has more, weights renormalised to sum 1.
  /// Off, they are written as the scene holds them, so that a file read and written back keeps its
  /// bytes (more than 4 are reduced either way). `aem convert` turns it on.
  bool normalize_weights = false;
  /// Flush every file to the storage device (fsync) before it replaces the old one, so that it
  /// survives a power loss right after the write; costs a wait for the disk. Files are never seen
  /// half written either way (each is renamed into place once whole).
  bool sync = false;
  /// Threads a writer may use, the calling one included (IQM's per-frame bounds; the conversion's
  /// texture export); 0: one per hardware thread. 1, the default, starts no thread.
  unsigned threads = 1;
  /// Name of the file being written (write_scene sets it): glTF picks .glb or .gltf by its extension
  /// and names side files after its stem.
  std::string output_name;
};

/// A file a writer puts beside its main output (glTF .bin and images), named relative to its folder.
struct SideFile {
  std::string name;
  std::vector<std::byte> bytes;
};

/// Everything one write produces: the main file and its side files.
struct WriterOutput {
  std::vector<std::byte> main;
  std::vector<SideFile> side_files;
};

/// What a reader gets: the bytes, and the path for error messages and side files (may be empty).
struct ReadInput {
  std::span<const std::byte> bytes;
  std::filesystem::path path;
  ReadOptions options;
  /// Optional (may be empty): a reader passes it parts of `bytes` it has decoded and does not expect to
  /// read again, so that a memory-mapped input can give their pages back. The bytes stay readable.
  std::function<void(std::span<const std::byte>)> release = {};
};

/// One supported format. `read`/`write` may be null when the format is read- or write-only.
struct FormatHandler {
  std::string_view name;  ///< short id used by --to, e.g. "iqe"
  std::string_view description;
  std::vector<std::string_view> extensions;  ///< lower case, with the dot: ".iqe"
  /// True when the first bytes (at most 64) look like this format.
  bool (*sniff)(std::span<const std::byte> head) = nullptr;
  Result<Scene> (*read)(const ReadInput& input) = nullptr;
  Result<std::vector<std::byte>> (*write)(const Scene& scene, const WriteOptions& options) = nullptr;
  /// The coordinate conventions the format's numbers are in: readers set Scene::conventions to them and
  /// write_scene converts a scene into them before writing (see aem/conventions.hpp).
  Conventions conventions{};
  /// For formats whose output may span several files; when set, write_scene uses it instead of `write`.
  Result<WriterOutput> (*write_files)(const Scene& scene, const WriteOptions& options) = nullptr;
  /// For single-file formats that can write as they go: puts the file into `sink` in order and returns
  /// the writer's warnings. When set, write_scene streams through it into the output's temporary file
  /// (the whole file is never in memory) and `write` collects the same code's bytes.
  Status (*write_stream)(const Scene& scene, const WriteOptions& options, ByteSink& sink) = nullptr;
};

/// True for the writers that keep morph targets and weight tracks (glTF, E3D); write_scene bakes
/// them into frames for every other writer.
bool writes_morph_targets(const FormatHandler& format);
/// Every format this build supports, in detection order.
std::span<const FormatHandler> supported_formats();
/// The handler named `name` ("aem", "iqe", ...), or null.
const FormatHandler* find_format(std::string_view name);
/// What a caller needs a handler for; several handlers may claim one extension (a reader and a writer).
enum class FormatUse : std::uint8_t { Any, Read, Write };
/// The first handler for a path's extension that can do `use`, or null.
const FormatHandler* format_for_extension(const std::filesystem::path& path, FormatUse use = FormatUse::Any);
/// The handler whose sniff accepts `bytes`, else the one for the extension, else null.
const FormatHandler* detect_format(std::span<const std::byte> bytes, const std::filesystem::path& path);

/// Reads a whole file in any supported format. Errors name the file. Files of 128 KiB or more are
/// memory-mapped instead of read into memory, and readers give back the pages they are done with: such
/// a file must not be truncated while it is read (the process would get SIGBUS).
Result<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options = {});
/// Reads from memory; `path_hint` only names the source in errors and picks a format by extension.
Result<Scene> read_scene(std::span<const std::byte> bytes, const std::filesystem::path& path_hint,
                         const ReadOptions& options = {});

/// Writes `scene` in `format` (null = from the extension) atomically: temporary files renamed into
/// place (side files first, the main file last), so a failure never leaves a partial file and an
/// existing file stays as it was. The scene is first converted into the format's conventions (a copy
/// is converted; `scene` is not changed). Formats with `write_stream` go to disk as they are written.
Status write_scene(const std::filesystem::path& path, const Scene& scene, const FormatHandler* format = nullptr,
                   const WriteOptions& options = {});

}  // namespace aem
