// The 2022 ("legacy") AEM layout written by the Blender add-on (docs/formats/aem.md §7-§9):
// telling it apart from the current layout, a validated read-only view over its bytes, and an
// animator that reproduces the 2022 viewer's evaluation. The current-layout runtime (AemView,
// AemAnimator) never accepts legacy files; read_scene() reads both layouts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "aem/error.hpp"
#include "aem/math.hpp"

namespace aem {

/// The two AEM layouts that share the "AEM" + version 1 header.
enum class AemLayout : std::uint8_t { Current, Legacy };

/// Picks the layout whose exact file size (computed from the header, 64-bit) equals bytes.size()
/// (docs/formats/aem.md §9). Exactly one fits: that one. Both fit: Current, with an AEM_LAYOUT_AMBIGUOUS
/// warning. Neither fits: AEM_SIZE_MISMATCH naming both implied sizes. Input without the "AEM"
/// version 1 header, or shorter than the 24-byte legacy header, is reported as Current so that the
/// current-layout validator names the problem.
Result<AemLayout> detect_aem_layout(std::span<const std::byte> bytes);

namespace legacy_file {

inline constexpr std::size_t kHeaderSize = 24;  ///< "AEM" + version + 5 u32 counts
inline constexpr std::size_t kVertexSize = 76;
inline constexpr std::size_t kTriangleSize = 12;
inline constexpr std::size_t kMeshSize = 4;   ///< u32 triangle count
inline constexpr std::size_t kBoneSize = 68;  ///< f32[16] inverse bind + i32 parent, no padding
inline constexpr std::size_t kMatrixSize = 64;

/// The five header counts, in file order.
struct Counts {
  std::uint32_t vertices = 0, triangles = 0, meshes = 0, bones = 0, keyframes = 0;
};

/// Exact size of a legacy file with these counts, or nothing when it exceeds 2^64 - 1 bytes
/// (keyframes * bones can reach 2^70 for hostile headers).
std::optional<std::uint64_t> file_size(const Counts& c);

/// Bytes of one keyframe record: f32 time + one matrix per bone.
constexpr std::uint64_t keyframe_size(std::uint32_t bones) { return 4 + kMatrixSize * std::uint64_t(bones); }

/// One vertex as stored (76 bytes). Unused influence slots hold index 0 and weight 0.
struct Vertex {
  Vec3 position, normal, tangent;  ///< Blender world space; the add-on writes tangent = 0
  Vec2 uv;                         ///< the add-on writes 0
  std::uint32_t bone_indices[4];
  float bone_weights[4];
};

/// One bone as stored (68 bytes).
struct Bone {
  Mat4 inverse_bind;    ///< inverse(armature world * bone rest), column-major
  std::int32_t parent;  ///< -1 for a root
};

}  // namespace legacy_file

/// Blender's default frame rate, assumed when legacy frame numbers are turned into seconds (the
/// file does not store it).
inline constexpr float kLegacyAssumedFps = 24.0f;

/// Most a skin matrix entry of a legacy file read into a scene may stray, between keys, from the
/// 2022 viewer's blend of absolute matrices; the reader adds keys where local interpolation would.
inline constexpr float kLegacyBlendTolerance = 1e-3f;

/// A validated view over the bytes of a legacy-layout file. Does not own the bytes (they must
/// outlive the view) and needs no alignment. After validate() succeeds: the size is exact, every
/// float is finite, triangle indices are vertex indices, meshes stay inside the triangles, each
/// influence with a non-zero weight names a bone, parents are in range and acyclic, key times never
/// decrease. Accessors then do no checks (indices must be in range).
class LegacyView {
 public:
  /// Tolerated oddities come back as warnings (zero-weight slots naming no bone, triangles no mesh
  /// covers, weights not summing to 1, no keyframes, a first key time that is not 0).
  static Result<LegacyView> validate(std::span<const std::byte> bytes);

  const legacy_file::Counts& counts() const { return counts_; }
  std::span<const std::byte> bytes() const { return bytes_; }

  legacy_file::Vertex vertex(std::uint32_t i) const;
  std::uint32_t triangle_index(std::uint64_t i) const;  ///< i < 3 * triangles
  std::uint32_t mesh_triangle_count(std::uint32_t mesh) const;
  legacy_file::Bone bone(std::uint32_t b) const;
  /// Keyframe time as stored: a Blender frame number, the first normally 0.
  float key_time(std::uint32_t k) const;
  /// Keyframe matrix of bone b: K_b = P_b * P_parent^-1 (docs/formats/aem.md §8), column-major.
  Mat4 key_matrix(std::uint32_t k, std::uint32_t b) const;
  /// Bone indices ordered so that every parent comes before its children.
  std::span<const std::uint32_t> parents_first_order() const { return order_; }

  /// Byte offset where each section starts, for error reports.
  struct Offsets {
    std::uint64_t vertices = 0, triangles = 0, meshes = 0, bones = 0, keyframes = 0;
  };
  const Offsets& offsets() const { return off_; }

 private:
  std::span<const std::byte> bytes_;
  legacy_file::Counts counts_;
  Offsets off_;
  std::vector<std::uint32_t> order_;
};

/// Absolute armature-space pose of every bone at keyframe k: G_b = K_b * G_parent (the viewer's
/// chain product, which telescopes to Blender's pose_bone.matrix). `out` holds bone_count matrices.
void legacy_keyframe_pose(const LegacyView& view, std::uint32_t k, std::span<Mat4> out);

/// Evaluates a legacy file exactly as the 2022 viewer (18a161a) did (docs/formats/aem.md §8): find the
/// keyframes around the time, blend the absolute poses G (lerp of the translation column, glm-style
/// slerp of quat_cast of the whole 3x3 with no scale removed, lerp of column lengths, recomposed
/// T * R * S) and multiply by the inverse bind. Precomputes every keyframe's pose (as many matrices
/// as the file holds) and keeps no reference to the view; one animator per thread.
class LegacyAnimator {
 public:
  explicit LegacyAnimator(const LegacyView& view);

  /// Skin matrices (blend * inverse bind) at `frame` (file units: Blender frames). Times past the
  /// last key wrap by the last key time as the viewer did; times before 0 (and NaN) hold key 0. A
  /// file without keyframes gives identity (bind pose); one keyframe gives that pose. Keys at equal
  /// times give the earlier key (the viewer divided by zero there). Writes bone_count matrices.
  void evaluate(float frame, std::span<Mat4> skin);
  /// The blended absolute poses of the last evaluate(), before the inverse bind.
  std::span<const Mat4> model() const { return model_; }

 private:
  struct Decomposed {
    Vec3 translation;
    Quat rotation;  ///< glm::quat_cast of the unnormalised 3x3: not unit when the bone is scaled
    Vec3 scale;     ///< column lengths
  };
  std::uint32_t bones_ = 0;
  std::vector<float> times_;      // key times in frames, never decreasing
  std::vector<Decomposed> keys_;  // keyframe-major: keys_[k * bones + b]
  std::vector<Mat4> inverse_bind_, model_;
};

/// Skin matrices of a legacy file at `seconds` (converted to frames at kLegacyAssumedFps), for
/// `aem pose`. Legacy files hold one animation: `animation` 0 evaluates it; any other index (or a
/// file without keyframes) gives the bind pose, like AemAnimator. Validation errors come back as
/// the Error; warnings travel in the result.
Result<std::vector<Mat4>> legacy_pose(std::span<const std::byte> bytes, std::int32_t animation, float seconds);

}  // namespace aem
