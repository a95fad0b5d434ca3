// Animation over an in-memory Scene (the toolkit's; the runtime's AemAnimator is in aem/animation.hpp):
// the skeleton posed as the AEM animator poses a file, and key lists sampled for exporters. Threads: a
// SceneAnimator holds per-call state, so each thread uses its own; any number may evaluate one shared
// (unchanging) scene at once. sample_channel and with_linear_keys are pure.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aem/math.hpp"
#include "aem/scene.hpp"

namespace aem {

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
  std::vector<std::uint32_t> order_;                   // parents first; joints in cycles are left out
  std::vector<std::vector<std::int32_t>> channel_of_;  // [animation][joint] -> channel index or -1
  std::vector<Mat4> local_, model_;
  std::vector<std::uint32_t> cursors_;
};

/// The parent-relative transform `channel` gives at `time` seconds: each key list sampled by its
/// interpolation (linear with shortest-path slerp, or step; clamped at the ends); an empty list gives
/// `rest`'s value. For exporters that resample animation at a frame rate.
Transform sample_channel(const Channel& channel, const Transform& rest, float time);
/// The same with a key cursor per key list (translation, rotation, scale) kept between calls on the
/// same channel, so that forward playback finds its keys in O(1); any cursor values are safe.
Transform sample_channel(const Channel& channel, const Transform& rest, float time, std::uint32_t (&cursors)[3]);

/// `channel` with its Step key lists made Linear ones that play the same: each value is repeated just
/// before the next key. For writers of formats that only interpolate linearly.
Channel with_linear_keys(const Channel& channel);

}  // namespace aem
