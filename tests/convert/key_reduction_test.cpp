// Key reduction within an error bound (convert/key_reduction.hpp): a hand-built clip keeps exactly
// the keys derived by hand; every animated corpus file and a generated capture-like clip stay within
// the bound, measured here independently of the library's check (every vertex posed as the renderer
// poses it, at every original key time and every midpoint).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "aem/animation.hpp"
#include "aem/io.hpp"
#include "convert/key_reduction.hpp"
#include "convert/list_groups.hpp"
#include "convert/track_reduction.hpp"
#include "support/animation_distance.hpp"
#include "support/corpus.hpp"
#include "support/mocap_clip.hpp"

namespace aem {
namespace {

constexpr float kPi = 3.14159265f;

Quat about_z(float degrees) {
  const float half = 0.5f * degrees * kPi / 180.0f;
  return {0, 0, std::sin(half), std::cos(half)};
}

template <class V>
std::vector<float> times_of(const std::vector<Key<V>>& keys) {
  std::vector<float> t;
  for (const auto& k : keys) t.push_back(k.time);
  return t;
}

std::uint64_t keys_of(const Scene& s) {
  std::uint64_t n = 0;
  for (const Animation& a : s.animations)
    for (const Channel& ch : a.channels) n += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  return n;
}

TEST(TrackReduction, RotationDistanceIsTheSineOfHalfTheAngle) {
  EXPECT_NEAR(convert::rotation_distance(Quat{}, about_z(90)), std::sin(kPi / 4), 1e-6);
  EXPECT_NEAR(convert::rotation_distance(about_z(10), about_z(70)), std::sin(30 * kPi / 180), 1e-6);
  // q and -q are one rotation; a thousandth of a degree is still told apart.
  const Quat q = about_z(40);
  EXPECT_EQ(convert::rotation_distance(q, Quat{-q.x, -q.y, -q.z, -q.w}), 0.0f);
  EXPECT_NEAR(convert::rotation_distance(Quat{}, about_z(0.001f)), std::sin(0.0005f * kPi / 180), 1e-9);
}

TEST(TrackReduction, KeepsTheCornersOfAPath) {
  // (0,0,0) .. (3,0,0) in a line, then up to (3,2,0): a lerp from key 0 to key 3 gives keys 1 and 2
  // exactly, one from 3 to 5 gives key 4; the corner (key 3) is 1.2 away from a lerp from 0 to 5.
  const std::vector<Key<Vec3>> path{{0, {0, 0, 0}}, {1, {1, 0, 0}}, {2, {2, 0, 0}},
                                    {3, {3, 0, 0}}, {4, {3, 1, 0}}, {5, {3, 2, 0}}};
  EXPECT_EQ(convert::keys_to_keep(path, Interpolation::Linear, 1e-4f), (std::vector<std::uint32_t>{0, 3, 5}));
  // Step: a key is needed where the held value changes.
  const std::vector<Key<Vec3>> held{{0, {1, 0, 0}}, {1, {1, 0, 0}}, {2, {2, 0, 0}},
                                    {3, {2, 0, 0}}, {4, {2, 0, 0}}, {5, {1, 0, 0}}};
  EXPECT_EQ(convert::keys_to_keep(held, Interpolation::Step, 1e-4f), (std::vector<std::uint32_t>{0, 2, 5}));
  // All within the tolerance of the first: one key.
  const std::vector<Key<Vec3>> still{{0, {1, 1, 1}}, {1, {1, 1.00005f, 1}}, {2, {1, 1, 1}}};
  EXPECT_EQ(convert::keys_to_keep(still, Interpolation::Linear, 1e-4f), (std::vector<std::uint32_t>{0}));
}

TEST(TrackReduction, ListsReducedTogetherKeepEachOnesCorners) {
  // A turns at key 2, B at key 4: from key 0 both lines reach key 2 but A's not key 3; from key 2 A's
  // reaches the end while B's stops at its corner, key 4.
  const std::vector<Key<Vec3>> a{{0, {0, 0, 0}}, {1, {1, 0, 0}}, {2, {2, 0, 0}},
                                 {3, {2, 1, 0}}, {4, {2, 2, 0}}, {5, {2, 3, 0}}};
  const std::vector<Key<Vec3>> b{{0, {0, 0, 0}}, {1, {0, 1, 0}}, {2, {0, 2, 0}},
                                 {3, {0, 3, 0}}, {4, {0, 4, 0}}, {5, {1, 4, 0}}};
  const std::span<const Key<Vec3>> lists[2] = {a, b};
  const float tolerances[2] = {1e-4f, 1e-4f};
  EXPECT_EQ(convert::shared_keys_to_keep(lists, tolerances, Interpolation::Linear),
            (std::vector<std::uint32_t>{0, 2, 4, 5}));
  // With a tolerance of 2 for B (its corner is 2/3 off B's line from key 2 to key 5), A alone decides.
  const float loose[2] = {1e-4f, 2.0f};
  EXPECT_EQ(convert::shared_keys_to_keep(lists, loose, Interpolation::Linear), (std::vector<std::uint32_t>{0, 2, 5}));
}

TEST(TrackReduction, KeepsWhereTheTurnChangesPace) {
  // 0, 10, 20, 30 degrees about z at one key per second: slerp from the first to the fourth gives the
  // two between; then three keys holding 30 degrees, which slerp from key 3 to key 6 gives.
  std::vector<Key<Quat>> turn;
  for (int k = 0; k <= 6; ++k) turn.push_back({float(k), about_z(10.0f * float(std::min(k, 3)))});
  EXPECT_EQ(convert::keys_to_keep(turn, Interpolation::Linear, 1e-5f), (std::vector<std::uint32_t>{0, 3, 6}));
  // Key 1 turned to 10.5°: a slerp from key 0 to key 3 misses it by 0.5° (distance sin 0.25° = 0.0044),
  // one from key 1 to key 3 misses key 2 (20°) by 0.25° (sin 0.125° = 0.0022).
  turn[1].value = about_z(10.5f);
  EXPECT_EQ(convert::keys_to_keep(turn, Interpolation::Linear, 1e-3f), (std::vector<std::uint32_t>{0, 1, 2, 3, 6}));
  EXPECT_EQ(convert::keys_to_keep(turn, Interpolation::Linear, 3e-3f), (std::vector<std::uint32_t>{0, 1, 3, 6}));
  EXPECT_EQ(convert::keys_to_keep(turn, Interpolation::Linear, 1e-2f), (std::vector<std::uint32_t>{0, 3, 6}));
}

/// Two joints in a line along x (1 m each), a skinned strip over both; the clip turns the second joint
/// about z at a steady pace, then holds, with keys every 0.1 s, while its translation and scale repeat
/// the rest pose and the root's rotation is a constant that is not the rest value.
Scene hand_built_clip() {
  Scene s;
  Joint root, tip;
  root.name = "root";
  tip.name = "tip";
  tip.parent = 0;
  tip.rest.translation = {1, 0, 0};
  tip.inverse_bind = translation_matrix({-1, 0, 0});
  s.joints = {root, tip};
  Mesh m;
  for (int i = 0; i <= 4; ++i)
    for (float y : {-0.1f, 0.1f}) {
      m.positions.push_back({0.5f * float(i), y, 0});
      SkinInfluences inf;
      inf.joints[0] = i < 2 ? 0 : 1;
      inf.weights[0] = 1.0f;
      m.skin.push_back(inf);
    }
  for (std::uint32_t i = 0; i < 4; ++i)
    m.indices.insert(m.indices.end(), {2 * i, 2 * i + 2, 2 * i + 1, 2 * i + 1, 2 * i + 2, 2 * i + 3});
  s.meshes.push_back(m);
  Animation a;
  a.name = "bend";
  a.duration = 2.0f;
  Channel r, t;
  r.joint = 0;
  t.joint = 1;
  for (int k = 0; k <= 20; ++k) {
    const float time = 0.1f * float(k);
    r.rotation.push_back({time, about_z(5)});                              // constant, not the rest value: one key
    t.rotation.push_back({time, about_z(6.0f * float(std::min(k, 10)))});  // steady turn to 60°, then held
    t.translation.push_back({time, {1, 0, 0}});                            // the rest value: no key
    t.scale.push_back({time, {1, 1, 1}});                                  // the rest value: no key
  }
  a.channels = {r, t};
  s.animations.push_back(a);
  return s;
}

TEST(KeyReduction, HandBuiltClipKeepsExactlyTheNecessaryKeys) {
  Scene s = hand_built_clip();
  const Scene original = s;
  const auto report = convert::reduce_keys(s, {1e-4f, false, false});
  const Channel& root = s.animations[0].channels[0];
  const Channel& tip = s.animations[0].channels[1];
  EXPECT_EQ(times_of(root.rotation), (std::vector<float>{0.0f}));
  EXPECT_EQ(times_of(tip.rotation), (std::vector<float>{0.0f, 1.0f, 2.0f}));
  EXPECT_TRUE(tip.translation.empty());
  EXPECT_TRUE(tip.scale.empty());
  EXPECT_EQ(report.keys_before, 84u);
  EXPECT_EQ(report.keys_after, 4u);
  // The slerps reproduce the removed keys up to float rounding.
  EXPECT_LT(report.largest_error, 1e-5f);
  EXPECT_LT(test::largest_animation_distance(original, s), 1e-5);
  // Kept keys keep their values.
  EXPECT_EQ(tip.rotation[1].value, original.animations[0].channels[1].rotation[10].value);
}

TEST(KeyReduction, ForGltfTheLastKeyTimeStays) {
  // Every list constant: one key each, and the animation would end at 0 s; glTF's length is its last key.
  Scene s = hand_built_clip();
  for (auto& k : s.animations[0].channels[1].rotation) k.value = about_z(6);
  convert::reduce_keys(s, {1e-4f, false, true});
  float last = 0.0f;
  for (const Channel& ch : s.animations[0].channels)
    if (!ch.rotation.empty()) last = std::max(last, ch.rotation.back().time);
  EXPECT_EQ(last, 2.0f);
}

TEST(KeyReduction, NothingChangesWithoutABound) {
  Scene s = hand_built_clip();
  const Scene original = s;
  const auto report = convert::reduce_keys(s, {0.0f, false, false});
  EXPECT_EQ(report.keys_after, report.keys_before);
  for (std::size_t c = 0; c < 2; ++c) {
    EXPECT_EQ(times_of(s.animations[0].channels[c].rotation), times_of(original.animations[0].channels[c].rotation));
    EXPECT_EQ(s.animations[0].channels[c].translation.size(), original.animations[0].channels[c].translation.size());
  }
}

TEST(KeyReduction, CorpusAnimationsStayWithinTheBound) {
  const auto root = test::corpus_root();
  if (root.empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  const auto animated = test::animated_corpus_files(root);
  for (const auto& [path, scene] : animated) {
    SCOPED_TRACE(path.string());
    Scene reduced = scene;
    const float bound = convert::default_max_error(reduced, 0.0f);
    const auto report = convert::reduce_keys(reduced, {bound, false, false});
    EXPECT_LE(report.keys_after, report.keys_before);
    EXPECT_LE(report.largest_error, bound);
    // Float rounding of two posing paths on top of the bound: a millionth of the model's size.
    EXPECT_LE(test::largest_animation_distance(scene, reduced), bound * (1 + 1e-3) + 1e-6 * bound * 18000);
  }
  EXPECT_GE(animated.size(), 5u);
}

TEST(KeyReduction, ListsThatSharedTimesStillShareThemInGroups) {
  // Every rotation list of the capture shares one time list; reduced, they keep sharing times in
  // groups of at most kGroupLists (one key lookup per group in the AEM animator).
  Scene s = test::mocap_clip({60, 2.0f, 120.0f, false});
  convert::reduce_keys(s, {1e-4f, false, false});
  std::vector<std::vector<float>> distinct;
  for (const Channel& ch : s.animations[0].channels) {
    if (ch.rotation.size() < 2) continue;
    const auto t = times_of(ch.rotation);
    if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) distinct.push_back(t);
  }
  EXPECT_GE(distinct.size(), 1u);
  EXPECT_LE(distinct.size(), (60u + convert::kGroupLists - 1) / convert::kGroupLists);
}

TEST(KeyReduction, CaptureLikeClipStaysWithinTheBoundWithFarFewerKeys) {
  for (bool mesh : {false, true}) {
    SCOPED_TRACE(mesh ? "skinned" : "skeleton only");
    const Scene original = test::mocap_clip({60, 3.0f, 120.0f, mesh});
    Scene reduced = original;
    const auto report = convert::reduce_keys(reduced, {1e-4f, false, false});
    EXPECT_LE(report.largest_error, 1e-4f);
    EXPECT_LE(test::largest_animation_distance(original, reduced), 1e-4 * (1 + 1e-3));
    EXPECT_EQ(report.keys_before, keys_of(original));
    EXPECT_LE(report.keys_after, report.keys_before * 3 / 10);  // issue 32's goal: 30% of the bytes
  }
}

}  // namespace
}  // namespace aem
