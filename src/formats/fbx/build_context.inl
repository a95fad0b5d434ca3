// Part of the FBX reader's one translation unit (reader.cpp): what every build step shares.

namespace aem::formats::fbx {
namespace {

using namespace aem::ufbx_internal;

/// What the file is. ufbx reads Wavefront OBJ (with its .mtl) into the same kind of scene as FBX, so OBJ
/// goes through these steps too; its diagnostics carry "OBJ" and codes of its own, and it declares no
/// units or axes (docs/formats/obj.md).
enum class SourceFormat : std::uint8_t { Fbx, Obj };

/// The name diagnostics and Scene::source_format give the format.
const char* format_label(SourceFormat format) { return format == SourceFormat::Obj ? "OBJ" : "FBX"; }

/// The code `format` gives a diagnostic the steps name by its FBX code: OBJ's own for those an OBJ file
/// can meet; the FBX code for the rest (skins, takes, NURBS: nothing an OBJ holds).
const char* code_for(SourceFormat format, const char* fbx_code) {
  if (format != SourceFormat::Obj) return fbx_code;
  static constexpr std::pair<std::string_view, const char*> kObjCodes[] = {
      {"FBX_NOT_FBX", "OBJ_INVALID"},
      {"FBX_TRUNCATED", "OBJ_INVALID"},
      {"FBX_INVALID", "OBJ_INVALID"},
      {"FBX_BAD_INDEX", "OBJ_INVALID"},
      {"FBX_TOO_DEEP", "OBJ_INVALID"},
      {"FBX_LIMIT", "OBJ_LIMIT"},
      {"FBX_BAD_TEXT", "OBJ_BAD_TEXT"},
      {"FBX_INDEX_CLAMPED", "OBJ_INDEX_CLAMPED"},
      {"FBX_REPAIRED", "OBJ_REPAIRED"},
      {"FBX_SIDE_FILE_MISSING", "OBJ_SIDE_FILE_MISSING"},
      {"FBX_PRIMITIVES_DROPPED", "OBJ_PRIMITIVES_DROPPED"},
      {"FBX_POLYGONS_FANNED", "OBJ_POLYGONS_FANNED"},
      {"FBX_TEXTURE_WITHOUT_FILE", "OBJ_TEXTURE_WITHOUT_FILE"},
      {"FBX_TEXTURE_MISSING", "OBJ_TEXTURE_MISSING"},
      {"FBX_UV_TRANSFORM_IGNORED", "OBJ_UV_TRANSFORM_IGNORED"},
      {"FBX_MATERIAL_MAP_DROPPED", "OBJ_MATERIAL_MAP_DROPPED"},
  };
  for (const auto& [fbx, obj] : kObjCodes)
    if (fbx == fbx_code) return obj;
  return fbx_code;
}

Vec2 to_vec2(const ufbx_vec2& v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }
Vec3 to_vec3(const ufbx_vec3& v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
Vec4 to_vec4(const ufbx_vec4& v) {
  return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z), static_cast<float>(v.w)};
}
Quat to_quat(const ufbx_quat& q) {
  return normalize(
      Quat{static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z), static_cast<float>(q.w)});
}
Transform to_transform(const ufbx_transform& t) {
  return {to_vec3(t.translation), to_quat(t.rotation), to_vec3(t.scale)};
}
/// ufbx matrices are affine 4x3, column-major (cols[0..2] the basis, cols[3] the translation).
Mat4 to_mat4(const ufbx_matrix& m) {
  Mat4 out;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 3; ++r) out(r, c) = static_cast<float>(m.cols[c].v[r]);
  return out;
}
std::string to_string(const ufbx_string& s) { return std::string(s.data, s.length); }

/// Allocation limits for ufbx's work on `input`'s file (loading, baking, subdivision, tessellation): the
/// read's decode budget, at least 64 MB.
ufbx_allocator_opts allocation_limits(const ReadInput& input) {
  ufbx_allocator_opts a{};
  a.memory_limit = static_cast<std::size_t>(
      std::min<std::uint64_t>(std::max<std::uint64_t>(input.options.max_decoded_bytes, 64ull << 20), SIZE_MAX));
  return a;
}

/// A material whose roughness or metalness (or both) come from images of their own, packed into one
/// metallic-roughness image once the images the file names are read (materials.inl).
struct SeparateMaps {
  std::int32_t material, roughness, metalness;  ///< scene indices; -1: that value has no image
  bool replaces_value;                          ///< once packed, an image's factor becomes 1 (see materials.inl)
};

/// The state the build steps share: the ufbx scene being read, the scene being built, and which scene
/// element each ufbx element became.
struct Build {
  const ufbx_scene& fbx;
  const ReadInput& input;
  SourceFormat format;
  Scene scene;
  std::vector<Warning> warnings;
  /// ufbx node (typed_id) -> scene node; -1 for ufbx's implicit root, which the scene does not keep.
  std::vector<std::int32_t> node_of;
  /// ufbx mesh (typed_id) -> its scene meshes, one per material it uses.
  std::vector<std::vector<std::uint32_t>> meshes_of;
  /// ufbx material (typed_id) -> scene material.
  std::vector<std::int32_t> material_of;
  /// The take that plays by default (the file's active one, else the first); null without takes.
  const ufbx_anim_stack* default_stack = nullptr;
  /// Transforms the reader may still evaluate one by one (animations.inl's sampling), so that a file
  /// with many nodes and a long take cannot keep it busy for minutes.
  std::uint64_t evaluations_left = 1ull << 24;
  /// Materials whose roughness and metalness images are packed into one once read (pack_separate_maps).
  std::vector<SeparateMaps> separate_maps = {};
  /// With ReadOptions::keep_morph_targets: the weight tracks of the scene meshes whose blend shapes
  /// are kept as morph targets, for the animation of the take `weight_take`.
  std::vector<WeightTrack> weight_tracks = {};
  std::string weight_take = {};

  /// `code`: the FBX code (an OBJ file gets OBJ's: code_for), or one of OBJ's own.
  void warn(const char* code, std::string element, std::string message) {
    warnings.push_back(Warning{.code = code_for(format, code),
                               .format = format_label(format),
                               .path = std::move(element),
                               .message = std::move(message)});
  }
  [[noreturn]] void fail(const char* code, std::string element, std::string message) {
    throw detail::ParseError(Error{.code = code_for(format, code),
                                   .format = format_label(format),
                                   .path = std::move(element),
                                   .message = std::move(message)});
  }
  ufbx_allocator_opts allocator() const { return allocation_limits(input); }
  /// Frames per second of the file's time line (30 when it gives none, or an absurd one).
  double frame_rate() const {
    const double fps = fbx.settings.frames_per_second;
    return fps >= 1.0 && fps <= 1000.0 ? fps : 30.0;
  }
};

/// Most frames the reader evaluates a take at (a little over 9 hours at 30 frames a second): a take
/// that claims more is not sampled frame by frame.
inline constexpr double kMaxSampledFrames = 1 << 20;

/// Times (seconds on the file's time line) of frames every 1/fps from `begin` through `end`, both ends
/// included; none when the span is not finite or would take more than kMaxSampledFrames.
std::optional<std::vector<double>> frame_times(double begin, double end, double fps) {
  const double length = std::max(0.0, end - begin);
  const double frames = std::ceil(length * fps - 1e-6) + 1;
  if (!std::isfinite(begin) || !std::isfinite(frames) || frames > kMaxSampledFrames) return std::nullopt;
  std::vector<double> times(static_cast<std::size_t>(frames));
  for (std::size_t f = 0; f < times.size(); ++f) times[f] = begin + std::min(length, static_cast<double>(f) / fps);
  return times;
}

}  // namespace
}  // namespace aem::formats::fbx
