// The error check's skeleton posed by two animations at four times at once (convert/dual_pose.hpp)
// against SceneAnimator posing each animation at one time: every lane's model matrices must be the
// same float bits, whichever of its shortcuts a joint takes (every key kept, no channel, a channel
// only in the original, step keys).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <span>

#include "aem/sampling.hpp"
#include "aem/scene_animation.hpp"
#include "convert/animation_error.hpp"
#include "convert/dual_pose.hpp"
#include "support/mocap_clip.hpp"

namespace aem {
namespace {

/// A capture and a reduction of it: rotations thinned on even joints, every key kept on odd ones, the
/// channel of joint 3 dropped, joint 5's rotations stepped in both, and the root with no channel.
Scene capture_and_reduction() {
  Scene scene = test::mocap_clip({12, 1.0f, 30.0f, false});
  Animation& original = scene.animations[0];
  for (Channel& ch : original.channels)
    if (ch.joint == 5) ch.rotation_interpolation = Interpolation::Step;
  std::erase_if(original.channels, [](const Channel& ch) { return ch.joint == 0; });
  scene.joints[0].rest.translation.y = -0.0f;
  Animation reduced = original;
  for (Channel& ch : reduced.channels) {
    if (ch.joint % 2 == 1) continue;
    std::vector<Key<Quat>> kept;
    for (std::size_t k = 0; k < ch.rotation.size(); ++k)
      if (k % 3 == 0 || k + 1 == ch.rotation.size()) kept.push_back(ch.rotation[k]);
    ch.rotation = std::move(kept);
  }
  std::erase_if(reduced.channels, [](const Channel& ch) { return ch.joint == 3; });
  scene.animations.push_back(std::move(reduced));
  return scene;
}

bool same_bits(const Mat4& a, std::span<const Mat4> b, std::size_t j) {
  return std::memcmp(a.m.data(), b[j].m.data(), sizeof a.m) == 0;
}

TEST(DualPose, EachLaneIsSceneAnimatorsPoseBitForBit) {
  const Scene scene = capture_and_reduction();
  const std::vector<float> times = convert::check_times(scene.animations[0]);
  const std::size_t nj = scene.joints.size();
  std::vector<Mat4> skin(nj);
  for (int count : {4, 3, 1}) {
    SCOPED_TRACE(testing::Message() << count << " times at once");
    convert::DualPose pose(scene, 0, 1);
    SceneAnimator original(scene), reduced(scene);
    in_batches(times, count, [&](std::size_t, const float(&batch)[4], int used) {
      pose.pose(batch, used);
      for (int lane = 0; lane < used; ++lane) {
        original.evaluate(0, batch[lane], skin);
        reduced.evaluate(1, batch[lane], skin);
        pose.use_lane(lane);
        bool all_same = true;
        for (std::size_t j = 0; j < nj; ++j) {
          SCOPED_TRACE(testing::Message() << "time " << batch[lane] << ", joint " << j);
          ASSERT_TRUE(same_bits(pose.original(j), original.model(), j));
          ASSERT_TRUE(same_bits(pose.reduced(j), reduced.model(), j));
          EXPECT_EQ(pose.same(j), original.model()[j] == reduced.model()[j]);
          all_same = all_same && pose.same(j);
        }
        EXPECT_EQ(pose.all_same(), all_same);
      }
    });
  }
}

/// Whether lane `lane` of `lanes` holds the top rows of `want`, bit for bit.
bool lane_is(const convert::AffineLanes& lanes, int lane, const Mat4& want) {
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 3; ++row) {
      const float got = lanes.m[3 * c + row][lane];
      if (std::memcmp(&got, &want.m[4 * c + row], sizeof got) != 0) return false;
    }
  return true;
}

TEST(DualPose, SkinLanesAreTheProductsTheCheckFormedOneByOne) {
  // An affine bind takes affine_multiply's operations, any other Mat4's operator*'s.
  const Scene scene = capture_and_reduction();
  const std::vector<float> times = convert::check_times(scene.animations[0]);
  Mat4 affine = scene.joints[4].inverse_bind;
  affine.m[12] = 0.25f, affine.m[13] = -1.5f;
  Mat4 projective = affine;
  projective.m[3] = 0.125f, projective.m[15] = 0.75f;
  convert::DualPose pose(scene, 0, 1);
  for (std::size_t first = 0; first + 4 <= times.size(); first += 4) {
    const float batch[4] = {times[first], times[first + 1], times[first + 2], times[first + 3]};
    pose.pose(batch, 4);
    for (std::size_t j = 0; j < scene.joints.size(); ++j) {
      convert::AffineLanes affine_original, affine_reduced, general_original, general_reduced;
      pose.skin_lanes(j, affine, affine_original, affine_reduced);
      pose.skin_lanes(j, projective, general_original, general_reduced);
      for (int lane = 0; lane < 4; ++lane) {
        SCOPED_TRACE(testing::Message() << "time " << batch[lane] << ", joint " << j);
        pose.use_lane(lane);
        EXPECT_TRUE(lane_is(affine_original, lane, affine_multiply(pose.original(j), affine)));
        EXPECT_TRUE(lane_is(affine_reduced, lane, affine_multiply(pose.reduced(j), affine)));
        EXPECT_TRUE(lane_is(general_original, lane, pose.original(j) * projective));
        EXPECT_TRUE(lane_is(general_reduced, lane, pose.reduced(j) * projective));
      }
    }
  }
}

}  // namespace
}  // namespace aem
