// Key reduction's exhaustive check (convert/animation_error.hpp) clears most groups of points with
// bounds instead of measuring each point: reducing with the bounds keeps exactly the keys that
// measuring every point at every time keeps, with the same largest error, while measuring only a
// small part of the points one by one.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>

#include "aem/io.hpp"
#include "convert/animation_error.hpp"
#include "convert/error_points.hpp"
#include "convert/key_reduction.hpp"
#include "core/flatten.hpp"
#include "support/corpus.hpp"
#include "support/mocap_clip.hpp"

namespace aem {
namespace {

template <class V>
void expect_same_keys(const std::vector<Key<V>>& a, const std::vector<Key<V>>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].time, b[i].time);
    EXPECT_EQ(a[i].value, b[i].value);
  }
}

/// Reduces `scene` at `bound` with the bounds and measuring every point; both keep the same keys.
void expect_same_reduction(const Scene& scene, float bound) {
  Scene fast = scene, every = scene;
  const auto with_bounds = convert::reduce_keys(fast, {bound, false, false});
  convert::KeyReductionOptions options{bound, false, false};
  options.check_every_point = true;
  const auto measured = convert::reduce_keys(every, options);
  EXPECT_EQ(with_bounds.largest_error, measured.largest_error);
  EXPECT_EQ(with_bounds.keys_after, measured.keys_after);
  ASSERT_EQ(fast.animations.size(), every.animations.size());
  for (std::size_t a = 0; a < fast.animations.size(); ++a) {
    ASSERT_EQ(fast.animations[a].channels.size(), every.animations[a].channels.size());
    for (std::size_t c = 0; c < fast.animations[a].channels.size(); ++c) {
      const Channel& x = fast.animations[a].channels[c];
      const Channel& y = every.animations[a].channels[c];
      expect_same_keys(x.translation, y.translation);
      expect_same_keys(x.rotation, y.rotation);
      expect_same_keys(x.scale, y.scale);
    }
  }
}

TEST(ErrorCheck, BoundsKeepTheKeysThatMeasuringEveryPointKeeps) {
  // The bound, a tenth and ten times it: passes that fail and halve shares, and ones that pass.
  for (bool mesh : {false, true})
    for (float bound : {1e-5f, 1e-4f, 1e-3f}) {
      SCOPED_TRACE(std::string(mesh ? "skinned" : "skeleton only") + " capture, bound " + std::to_string(bound));
      expect_same_reduction(test::mocap_clip({24, 2.0f, 60.0f, mesh}), bound);
    }
}

TEST(ErrorCheck, CorpusClipsKeepTheKeysThatMeasuringEveryPointKeeps) {
  const auto root = test::corpus_root();
  if (root.empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  auto animated = test::animated_corpus_files(root);
  for (auto& [path, read] : animated) {
    const Scene scene = flatten_nodes(std::move(read));
    const float bound = convert::default_max_error(scene, 0.0f);
    for (float factor : {0.1f, 1.0f, 10.0f}) {
      SCOPED_TRACE(path.string() + " at " + std::to_string(factor) + " times the default bound");
      expect_same_reduction(scene, bound * factor);
    }
  }
  EXPECT_GE(animated.size(), 5u);
}

TEST(ErrorCheck, FailingCheckFindsEveryJointBeyondTheBound) {
  // A reduction keeping every fourth rotation key fails at many times. Once the check has failed,
  // times whose whole pose is within the bound are passed over; each joint's error beyond the bound
  // is still the one measuring every point finds.
  Scene scene = test::mocap_clip({24, 2.0f, 60.0f, true});
  Animation thinned = scene.animations[0];
  for (Channel& ch : thinned.channels) {
    std::vector<Key<Quat>> kept;
    for (std::size_t k = 0; k < ch.rotation.size(); ++k)
      if (k % 4 == 0 || k + 1 == ch.rotation.size()) kept.push_back(ch.rotation[k]);
    ch.rotation = std::move(kept);
  }
  scene.animations.push_back(std::move(thinned));
  const convert::ErrorPoints points = convert::error_points(scene);
  for (float bound : {1e-4f, 1e-3f, 1e-2f}) {
    SCOPED_TRACE("bound " + std::to_string(bound));
    const convert::AnimationError bounded = convert::measure_error(points, scene, 0, 1, bound);
    const convert::AnimationError every = convert::measure_error(points, scene, 0, 1, bound, true);
    ASSERT_GT(every.largest, bound);
    EXPECT_EQ(bounded.largest, every.largest);
    EXPECT_EQ(bounded.by_joint, every.by_joint);
    EXPECT_GT(std::count_if(every.by_joint.begin(), every.by_joint.end(), [&](float e) { return e > bound; }), 1);
  }
}

// Lists of times met again right after, a few lists apart, and past the few remembered ones, and a
// non-finite time: every finite key time once and each midpoint between two successive ones, in order.
TEST(ErrorCheck, CheckTimesAreEveryKeyTimeAndMidpointOnce) {
  const auto keys = [](std::vector<float> times) {
    std::vector<Key<Vec3>> out;
    for (float t : times) out.push_back({t, Vec3{}});
    return out;
  };
  const auto rotations = [](std::vector<float> times) {
    std::vector<Key<Quat>> out;
    for (float t : times) out.push_back({t, Quat{}});
    return out;
  };
  Animation a;
  std::set<float> expected_keys;
  for (int c = 0; c < 12; ++c) {
    Channel ch;
    // Per channel: a list met again at once (rotations), one met again two lists on (scales), and one
    // of six met again six channels on, past the lists remembered.
    const float shift = static_cast<float>(c % 6);
    ch.translation = keys({0.0f, 1.0f + shift, 4.0f});
    ch.rotation = rotations({0.0f, 1.0f + shift, 4.0f});
    ch.scale = keys({0.5f, 8.0f});
    for (float t : {0.0f, 1.0f + shift, 4.0f, 0.5f, 8.0f}) expected_keys.insert(t);
    a.channels.push_back(ch);
  }
  a.channels[3].scale.push_back({std::numeric_limits<float>::quiet_NaN(), Vec3{}});
  std::vector<float> expected(expected_keys.begin(), expected_keys.end());
  for (std::size_t i = 0; i + 1 < expected_keys.size(); ++i) expected.push_back((expected[i] + expected[i + 1]) / 2);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(convert::check_times(a), expected);
}

TEST(ErrorCheck, MeasuresFewPointsOneByOne) {
  // CesiumMan at the default bound: the reduction's largest error is far below the bound, so the
  // check's work is finding the exact largest. Bounds against the largest error so far, grown from
  // zero time by time, left over half of the points to measure one by one; bounds at the box
  // corners, against the bound and then against the largest error in decreasing order of the
  // times' bounds, leave under a tenth.
  AEM_CORPUS_FILE(path, "gltf/CesiumMan/CesiumMan.glb");
  auto read = read_scene(path);
  ASSERT_TRUE(read) << read.error().message;
  const Scene scene = flatten_nodes(std::move(read.value()));
  const float bound = convert::default_max_error(scene, 1.0f);
  Scene reduced = scene, every = scene;
  const auto report = convert::reduce_keys(reduced, {bound, false, false});
  convert::KeyReductionOptions options{bound, false, false};
  options.check_every_point = true;
  const auto all = convert::reduce_keys(every, options);
  EXPECT_LT(report.points_measured * 10, all.points_measured);
}

}  // namespace
}  // namespace aem
