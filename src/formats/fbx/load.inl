// Part of the FBX reader's one translation unit (reader.cpp): the call into ufbx, with the options that
// bring every file to the scene's space and the limits that keep a hostile file bounded.

namespace aem::formats::fbx {
namespace {

using ScenePtr = std::unique_ptr<ufbx_scene, void (*)(ufbx_scene*)>;

/// The FBX version a file declares, read from its first bytes (0 when they do not say): binary files
/// store it after the magic, ASCII ones in the header comment ("; FBX 6.1.0 project file").
std::uint32_t declared_version(std::span<const std::byte> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), std::min<std::size_t>(bytes.size(), 4096));
  if (fbx_binary(bytes) && text.size() >= 27) {
    std::uint32_t v = 0;
    std::memcpy(&v, text.data() + 23, 4);  // little-endian in every file that exists
    return v;
  }
  const std::size_t at = text.find("; FBX ");
  if (at == std::string_view::npos || at + 11 > text.size()) return 0;
  const char* p = text.data() + at + 6;  // "M.m.p"
  if (p[0] < '0' || p[0] > '9' || p[1] != '.' || p[2] < '0' || p[2] > '9') return 0;
  return static_cast<std::uint32_t>((p[0] - '0') * 1000 + (p[2] - '0') * 100);
}

/// Side files ufbx asks for (vertex caches, an OBJ's .mtl): only from the folders the read allows,
/// read through our file layer so that depfiles and caches see them.
struct SideFileOpener {
  std::filesystem::path model_dir, asset_root;
  std::vector<Warning>& warnings;
  SourceFormat format;

  static bool open(void* user, ufbx_stream* stream, const char* path, std::size_t length, const ufbx_open_file_info*) {
    auto& self = *static_cast<SideFileOpener*>(user);
    const std::filesystem::path file(std::string(path, length));
    if (!detail::side_file_allowed(file, self.model_dir, self.asset_root)) {
      self.warnings.push_back(Warning{
          .code = "SIDE_FILE_REFUSED",
          .format = format_label(self.format),
          .path = file.string(),
          .message = "the model refers to \"" + file.string() + "\", which is outside the allowed folders; not read"});
      return false;
    }
    auto bytes = detail::read_file(file);
    if (!bytes) return false;
    ufbx_open_memory_opts copy{};  // ufbx keeps its own copy: ours is freed on return
    return ufbx_open_memory(stream, bytes->data(), bytes->size(), &copy, nullptr);
  }
};

/// Where the parser stopped, for the byte offset of an error: ufbx reports no offsets of its own, but
/// tells the progress callback its read position when it fails (third_party/ufbx, patch 0006).
struct ProgressMark {
  std::uint64_t bytes_read = 0;
  static ufbx_progress_result note(void* user, const ufbx_progress* progress) {
    static_cast<ProgressMark*>(user)->bytes_read = progress->bytes_read;
    return UFBX_PROGRESS_CONTINUE;
  }
};

/// Our error code for what ufbx rejects.
const char* error_code(ufbx_error_type type) {
  switch (type) {
    case UFBX_ERROR_UNRECOGNIZED_FILE_FORMAT:
      return "FBX_NOT_FBX";
    case UFBX_ERROR_EMPTY_FILE:
      return "FBX_EMPTY";
    case UFBX_ERROR_TRUNCATED_FILE:
      return "FBX_TRUNCATED";
    case UFBX_ERROR_UNSUPPORTED_VERSION:
      return "FBX_UNSUPPORTED_VERSION";
    case UFBX_ERROR_MEMORY_LIMIT:
    case UFBX_ERROR_ALLOCATION_LIMIT:
      return "FBX_LIMIT";
    case UFBX_ERROR_OUT_OF_MEMORY:
      return "OUT_OF_MEMORY";
    case UFBX_ERROR_NODE_DEPTH_LIMIT:
      return "FBX_TOO_DEEP";
    case UFBX_ERROR_BAD_INDEX:
      return "FBX_BAD_INDEX";
    case UFBX_ERROR_INVALID_UTF8:
      return "FBX_BAD_TEXT";
    default:
      return "FBX_INVALID";
  }
}

/// Deepest node hierarchy read: deeper trees are refused (FBX_TOO_DEEP) before anything recurses.
inline constexpr std::uint32_t kMaxNodeDepth = 1u << 16;

/// Loads `input` with ufbx, converted to metres, Y up, right-handed (an OBJ, which declares no units
/// or axes, as it is); throws a ParseError when ufbx refuses the file.
ScenePtr load(const ReadInput& input, SourceFormat format, const ufbx_allocator_opts& limits,
              std::vector<Warning>& warnings) {
  ufbx_load_opts opts{};
  // An .obj is read as OBJ whatever its bytes look like (FBX files are recognised by content before).
  if (format == SourceFormat::Obj) opts.file_format = UFBX_FILE_FORMAT_OBJ;
  // The scene's space: every reader hands out metres, Y up, right-handed (docs/formats/fbx.md §2). ufbx
  // moves the unit scale into the geometry and the translations, so nodes keep unit scale.
  opts.target_axes = ufbx_axes_right_handed_y_up;
  opts.target_unit_meters = 1.0;
  opts.space_conversion = UFBX_SPACE_CONVERSION_MODIFY_GEOMETRY;
  // Cameras look down -Z and lights shine down -Z, as the scene (and glTF) has them.
  opts.target_camera_axes = ufbx_axes_right_handed_y_up;
  opts.target_light_axes = ufbx_axes_right_handed_y_up;
  // Transforms a plain TRS hierarchy can hold: geometric transforms go into the vertices, inherit modes
  // other than "normal" are compensated (or get helper nodes), pivots stay inside each node's TRS.
  opts.geometry_transform_handling = UFBX_GEOMETRY_TRANSFORM_HANDLING_MODIFY_GEOMETRY;
  opts.inherit_mode_handling = UFBX_INHERIT_MODE_HANDLING_COMPENSATE;
  opts.pivot_handling = UFBX_PIVOT_HANDLING_RETAIN;
  opts.generate_missing_normals = true;
  opts.clean_skin_weights = true;
  opts.use_blender_pbr_material = true;
  opts.node_depth_limit = kMaxNodeDepth;
  // ufbx bounds its own allocations; the read's decode budget bounds them further.
  opts.temp_allocator = opts.result_allocator = limits;
  // The take that plays first is named in FBX 6 only in the raw document (see default_take).
  opts.retain_dom = format == SourceFormat::Fbx && declared_version(input.bytes) < 7000;

  const std::string filename = input.path.string();
  opts.filename = ufbx_string{filename.c_str(), filename.size()};
  SideFileOpener opener{input.path.parent_path(), input.options.asset_root, warnings, format};
  opts.load_external_files = !input.path.empty();
  opts.ignore_missing_external_files = true;
  opts.open_file_cb.fn = &SideFileOpener::open;
  opts.open_file_cb.user = &opener;
  ProgressMark mark;
  opts.progress_cb.fn = &ProgressMark::note;
  opts.progress_cb.user = &mark;
  // A report per GiB: in effect only the one on failure. (ufbx's value for "never", SIZE_MAX, wraps
  // around in its inflate's pointer arithmetic.)
  opts.progress_interval_hint = 1u << 30;

  ufbx_error error{};
  ScenePtr scene(ufbx_load_memory(input.bytes.data(), input.bytes.size(), &opts, &error), ufbx_free_scene);
  if (!scene) {
    std::string message = to_string(error.description);
    if (error.info_length > 0)
      message += ": " + std::string(error.info, std::min<std::size_t>(error.info_length, sizeof error.info));
    if (error.type == UFBX_ERROR_UNSUPPORTED_VERSION) message += " (aem reads FBX 2000 to 7.7)";
    if (error.stack_size > 0)  // the check that failed, e.g. "depth < 32": enough to tell files apart
      message += " (ufbx: " + to_string(error.stack[0].function) + ": " + to_string(error.stack[0].description) + ")";
    const std::uint64_t offset = error.type == UFBX_ERROR_TRUNCATED_FILE
                                     ? input.bytes.size()
                                     : std::min<std::uint64_t>(mark.bytes_read, input.bytes.size());
    const char* code = code_for(format, error_code(error.type));
    const std::string_view text(reinterpret_cast<const char*>(input.bytes.data()), input.bytes.size());
    if (fbx_binary(input.bytes)) detail::fail_at(format_label(format), code, offset, message);
    // ASCII FBX and OBJ: the line of the last byte read, as a person reading the file counts. ufbx reads
    // an ASCII FBX one token ahead and an OBJ a line at a time, so a column would be past the fault.
    throw detail::ParseError(Error{.code = code,
                                   .format = format_label(format),
                                   .line = detail::text_position(text, offset > 0 ? offset - 1 : 0).line,
                                   .message = std::move(message)});
  }
  return scene;
}

}  // namespace
}  // namespace aem::formats::fbx
