// Skeletal and mesh (node) animation: per bone, local = T*R*S from the sampled keys, composed with the
// parent's posed transform (parents first, each bone once), times the inverse bind matrix.
// Threads: an animator holds per-call state, so each thread uses its own; any number of animators may
// evaluate one shared (unchanging) view or scene at once. sample_channel and parents_first_order are pure.
#pragma once

#include <span>
#include <vector>

#include "aem/aem_view.hpp"
#include "aem/scene.hpp"

namespace aem {

/// Evaluates animations of a validated AEM file. Holds per-bone scratch state (no allocation per
/// call) and key cursors that make monotonic playback O(1) per channel; one animator per thread.
class AemAnimator {
 public:
  explicit AemAnimator(const AemView& view);

  /// Poses every bone for animation `animation` at `time` seconds (no wrapping; clamped to the
  /// keys). animation < 0 or >= animation count gives the bind pose: identity skin matrices.
  /// Writes bone_count skin matrices (model pose * inverse bind) to `skin`.
  void evaluate(std::int32_t animation, float time, std::span<Mat4> skin);

  /// Parent-relative transforms of the last evaluate() (identity in bind pose).
  std::span<const Mat4> local() const { return local_; }
  /// Model-space bone transforms of the last evaluate(), not multiplied by the inverse bind
  /// (for attachments). In bind pose these are the inverses of the inverse bind matrices.
  std::span<const Mat4> model() const { return model_; }

 private:
  const AemView* view_;
  std::vector<Mat4> local_, model_;
  std::vector<std::uint32_t> cursors_;  // 3 per bone: position, rotation, scale
  std::vector<std::uint8_t> affine_inverse_bind_;  // per bone: the cheaper product is exact
  std::int32_t last_animation_ = -1;
};

/// Evaluates the scene's skeleton: joints without a channel (or with an empty key list) use their
/// rest value. Bind pose (animation < 0) gives identity skin matrices.
class SceneAnimator {
 public:
  explicit SceneAnimator(const Scene& scene);
  /// Writes joints.size() skin matrices (model pose * inverse bind) to `skin`.
  void evaluate(std::int32_t animation, float time, std::span<Mat4> skin);
  std::span<const Mat4> local() const { return local_; }
  std::span<const Mat4> model() const { return model_; }

 private:
  const Scene* scene_;
  std::vector<std::uint32_t> order_;              // parents first; joints in cycles are left out
  std::vector<std::vector<std::int32_t>> channel_of_;  // [animation][joint] -> channel index or -1
  std::vector<Mat4> local_, model_;
  std::vector<std::uint32_t> cursors_;
};

/// The parent-relative transform `channel` gives at `time` seconds: each key list sampled by its
/// interpolation (linear with shortest-path slerp, or step; clamped at the ends); an empty list gives
/// `rest`'s value. For exporters that resample animation at a frame rate.
Transform sample_channel(const Channel& channel, const Transform& rest, float time);

/// `channel` with its Step key lists made Linear ones that play the same: each value is repeated just
/// before the next key. For writers of formats that only interpolate linearly.
Channel with_linear_keys(const Channel& channel);

/// Joint indices ordered so that parents come before children. Joints whose parent chain is
/// broken (out of range) are treated as roots; joints on a cycle are left out.
std::vector<std::uint32_t> parents_first_order(std::span<const std::int32_t> parents);

}  // namespace aem
