// Sampling four times at once (animation/sample_lanes.hpp) against sample_channel one time at a time:
// every lane must be the same float bits, on keys taking each of slerp's paths and the edge cases
// sample_channel treats on its own (a dot product of -0, zero, huge and NaN quaternions, step lists,
// empty and one-key lists, times outside the keys and repeated ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "aem/scene_animation.hpp"
#include "animation/sample_lanes.hpp"

namespace aem {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// A rotation by `angle` radians about a tilted axis.
Quat turn(float angle) { return {0.6f * std::sin(angle / 2), 0.0f, 0.8f * std::sin(angle / 2), std::cos(angle / 2)}; }

/// Rotation keys 0.1 s apart, each pair taking another of sample_channel's paths.
std::vector<Key<Quat>> rotation_keys() {
  const Quat values[] = {
      turn(0.0f),
      turn(0.01f),                 // nlerp
      turn(0.3f),                  // 4-term series
      turn(1.3f),                  // 8-term series
      turn(3.5f),                  // the acos formula
      {-0.6f, 0.0f, -0.8f, 0.0f},  // a negative dot product: the other way round
      {1.0f, 0.0f, 0.0f, 0.0f},
      {-0.0f, -1.0f, -0.0f, -0.0f},  // dot -0: not flipped
      {0.0f, 0.0f, 0.0f, 0.0f},      // zero: identity
      {3.0f, 0.0f, 4.0f, 0.0f},      // not unit
      {kInf, 0.0f, 0.0f, 1.0f},
      {kNaN, 0.0f, 0.0f, 1.0f},
      {1e30f, 1e30f, 0.0f, 0.0f},  // squared length beyond float
      turn(0.5f),
      turn(0.5f),  // two equal keys
  };
  std::vector<Key<Quat>> keys;
  float t = 0.0f;
  for (const Quat& q : values) keys.push_back({t += 0.1f, q});
  return keys;
}

std::vector<Key<Vec3>> vector_keys() {
  const Vec3 values[] = {{-0.0f, 1.0f, 2.0f}, {-0.0f, -3.0f, 2.0f}, {1e30f, -1e30f, 0.5f},
                         {kInf, 1.0f, 0.0f},  {kNaN, 2.0f, -0.0f},  {4.0f, 5.0f, 6.0f}};
  std::vector<Key<Vec3>> keys;
  float t = 0.0f;
  for (const Vec3& v : values) keys.push_back({t += 0.25f, v});
  keys.push_back({keys.back().time, {7.0f, 8.0f, 9.0f}});  // a repeated time
  return keys;
}

/// Times before, at, between and after the keys, with repeats.
std::vector<float> sample_times() {
  std::vector<float> times{-1.0f, 0.0f};
  for (float t = 0.05f; t < 2.0f; t += 0.025f) times.push_back(t);
  for (float t : {0.1f, 0.2f, 0.25f, 0.5f, 1.5f, 1.5f, 1.75f}) times.push_back(t);
  std::sort(times.begin(), times.end());
  return times;
}

void expect_same_bits(const float* want, const detail::f32x4* got, int components, int lane) {
  for (int c = 0; c < components; ++c) {
    const float g = got[c][lane];
    EXPECT_EQ(std::memcmp(&want[c], &g, sizeof g), 0) << "component " << c << ": " << want[c] << " vs " << g;
  }
}

/// Samples `channel` four times at a time (and `count` at a time) and one time at a time.
void expect_lanes_equal_sample_channel(const Channel& channel, int count) {
  const Transform rest{{1.0f, -0.0f, 2.0f}, {0.0f, 3.0f, 0.0f, 4.0f}, {1.0f, 2.0f, -0.0f}};
  KeyTimeLanes lanes;
  const KeySpan* spans[3] = {};
  const std::uint32_t lists[3] = {lanes.add(channel.translation), lanes.add(channel.rotation),
                                  lanes.add(channel.scale)};
  std::uint32_t cursors[3] = {0, 0, 0};
  in_batches(sample_times(), count, [&](std::size_t, const float(&batch)[4], int used) {
    lanes.find(batch, used);
    for (int k = 0; k < 3; ++k) spans[k] = lanes.spans(lists[k]);
    const TransformLanes got = sample_channel_lanes(channel, rest, spans);
    for (int lane = 0; lane < used; ++lane) {
      SCOPED_TRACE(testing::Message() << "time " << batch[lane] << ", lane " << lane << " of " << used);
      const Transform want = sample_channel(channel, rest, batch[lane], cursors);
      expect_same_bits(&want.translation.x, got.translation, 3, lane);
      expect_same_bits(&want.rotation.x, got.rotation, 4, lane);
      expect_same_bits(&want.scale.x, got.scale, 3, lane);
    }
  });
}

TEST(SampleLanes, EachLaneIsSampleChannelBitForBit) {
  for (Interpolation mode : {Interpolation::Linear, Interpolation::Step})
    for (int count : {4, 3, 1}) {
      SCOPED_TRACE(testing::Message() << (mode == Interpolation::Step ? "step" : "linear") << ", " << count
                                      << " times at once");
      Channel channel;
      channel.translation = vector_keys();
      channel.rotation = rotation_keys();
      channel.scale = vector_keys();
      channel.translation_interpolation = channel.rotation_interpolation = mode;
      expect_lanes_equal_sample_channel(channel, count);
    }
}

TEST(SampleLanes, EmptyAndOneKeyListsAreSampleChannelBitForBit) {
  Channel channel;
  channel.rotation = {{0.3f, {0.0f, 0.0f, 2.0f, 0.0f}}};
  channel.scale = {{0.5f, {-0.0f, 2.0f, 3.0f}}};
  expect_lanes_equal_sample_channel(channel, 4);
  channel.rotation.clear();  // the rest rotation, normalised
  expect_lanes_equal_sample_channel(channel, 4);
}

TEST(SampleLanes, ListsWithTheSameTimesShareOneLookup) {
  KeyTimeLanes lanes;
  std::vector<Key<Vec3>> a{{0.0f, {}}, {1.0f, {}}}, b{{0.0f, {1, 2, 3}}, {1.0f, {4, 5, 6}}}, c{{-0.0f, {}}, {1.0f, {}}};
  std::vector<Key<Quat>> q{{0.0f, {}}, {1.0f, {}}};
  EXPECT_EQ(lanes.add(a), lanes.add(b));
  EXPECT_EQ(lanes.add(a), lanes.add(q));
  EXPECT_NE(lanes.add(a), lanes.add(c));  // compared bit for bit
  EXPECT_EQ(lanes.add(std::vector<Key<Vec3>>{}), KeyTimeLanes::kNone);
}

}  // namespace
}  // namespace aem
