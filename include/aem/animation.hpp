// Skeletal and mesh (node) animation of an AEM file, the runtime's: per bone, local = T*R*S from the
// sampled keys, composed with the parent's posed transform (parents first, each bone once), times the
// inverse bind matrix. The same over an in-memory Scene is in aem/scene_animation.hpp (the runtime does
// not see Scene). Threads: an animator holds per-call state, so each thread uses its own; any number of
// animators may evaluate one shared (unchanging) view at once. parents_first_order is pure.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "aem/aem_view.hpp"
#include "aem/math.hpp"

namespace aem {

namespace clip {
struct Clip;
}

/// Evaluates animations of a validated AEM file. Holds per-bone scratch state and key cursors that
/// make monotonic playback O(1) per key list; one animator per thread. The first evaluation of an
/// animation re-lays its keys (memory about the size of those keys); later calls with the same
/// animation (and crowd size) allocate nothing.
class AemAnimator {
 public:
  explicit AemAnimator(const AemView& view);
  ~AemAnimator();
  AemAnimator(AemAnimator&&) noexcept;
  AemAnimator& operator=(AemAnimator&&) noexcept;

  /// Poses every bone for animation `animation` at `time` seconds (no wrapping; clamped to the
  /// keys). animation < 0 or >= animation count gives the bind pose: identity skin matrices.
  /// Writes bone_count skin matrices (model pose * inverse bind) to `skin`.
  void evaluate(std::int32_t animation, float time, std::span<Mat4> skin);

  /// Poses a crowd in one call: instance i of the model at times[i] seconds of `animation`, written
  /// to skins[i * bone_count, (i + 1) * bone_count) as evaluate() would. Each instance keeps its own
  /// key cursors from call to call (forward playback stays O(1) per key list), so pass the instances
  /// in the same order every call. local() and model() are left as the last evaluate() made them.
  void evaluate_crowd(std::int32_t animation, std::span<const float> times, std::span<Mat4> skins);

  /// Parent-relative transforms of the last evaluate() (identity in bind pose); built on the first
  /// call after an evaluate(), which does not need them.
  std::span<const Mat4> local() const;
  /// Model-space bone transforms of the last evaluate(), not multiplied by the inverse bind
  /// (for attachments). In bind pose these are the inverses of the inverse bind matrices. Copied out
  /// on the first call after an evaluate(), which does not need them.
  std::span<const Mat4> model() const;

 private:
  struct Scratch;
  void build_local() const;
  void keep_model() const;
  void bind_pose(std::span<Mat4> skin);
  void pose(const clip::Clip& clip, float time, std::uint32_t* cursors, Mat4* skin);

  const AemView* view_;
  const clip::Clip& clip(std::uint32_t animation);

  std::vector<clip::Clip> clips_;       // one per animation, built on first use
  std::vector<std::uint8_t> compiled_;  // per animation: clips_ entry built
  mutable std::vector<Mat4> local_;
  mutable bool local_stale_ = false;  // local_ still to be built from the sampled keys in scratch_
  mutable std::vector<Mat4> model_;
  mutable bool model_stale_ = false;  // model_ still to be copied from the posed matrices in scratch_
  std::unique_ptr<Scratch> scratch_;
  std::vector<std::uint32_t> cursors_;        // evaluate(): one per key list of the last animation
  std::vector<std::uint32_t> crowd_cursors_;  // evaluate_crowd(): the same, instance after instance
  std::int32_t last_animation_ = -1, last_crowd_animation_ = -1;
};

/// Joint indices ordered so that parents come before children. Joints whose parent chain is
/// broken (out of range) are treated as roots; joints on a cycle are left out.
std::vector<std::uint32_t> parents_first_order(std::span<const std::int32_t> parents);

}  // namespace aem
