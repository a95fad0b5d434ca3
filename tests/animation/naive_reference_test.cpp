// Randomised comparison of the fast evaluators with a deliberately simple implementation of the
// AEM spec written here the obvious way: per bone, walk the whole parent chain; per channel, scan
// the keys linearly; build matrices from scratch. Skeletons: deep chains, wide trees, bones listed
// before their parents, missing channels, single-key channels, times outside the key range.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "animation/isa.hpp"
#include "formats/aem/aem_format.hpp"

namespace aem {
namespace {

/// Runs `test` once per animation instruction set this build and CPU run (animation/isa.hpp), each
/// made current in turn, then makes the best one current again.
template <class Test>
void for_each_isa(Test test) {
  for (animation::Isa isa : {animation::Isa::portable, animation::Isa::avx2_fma}) {
    if (!animation::use_isa(isa)) continue;
    SCOPED_TRACE(isa == animation::Isa::portable ? "portable instruction set" : "AVX2 + FMA instruction set");
    test();
  }
  animation::use_isa(animation::Isa::avx2_fma) || animation::use_isa(animation::Isa::portable);
}

// ---- the obvious implementation -------------------------------------------------------------

using M = std::array<double, 16>;  // column-major, double precision on purpose

M identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }

M mul(const M& a, const M& b) {
  M r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
  return r;
}

struct V4 {
  double x, y, z, w;
};

/// The spec's rule: the first key with time >= t; before the first, key 0; after the last, the last key.
template <class Blend>
V4 sample(const std::vector<Key<V4>>& keys, double t, V4 none, Blend blend) {
  if (keys.empty()) return none;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i].time >= t) {
      if (i == 0) return keys[0].value;
      double f = (t - keys[i - 1].time) / (keys[i].time - keys[i - 1].time);
      return blend(keys[i - 1].value, keys[i].value, f);
    }
  return keys.back().value;
}

V4 lerp4(V4 a, V4 b, double f) { return {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, 0}; }

V4 slerp4(V4 a, V4 b, double f) {
  double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  if (d < 0) {
    b = {-b.x, -b.y, -b.z, -b.w};
    d = -d;
  }
  double wa = 1 - f, wb = f;
  if (d < 0.9999) {
    double th = std::acos(d);
    wa = std::sin((1 - f) * th) / std::sin(th);
    wb = std::sin(f * th) / std::sin(th);
  }
  V4 q{wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
  double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  return {q.x / n, q.y / n, q.z / n, q.w / n};
}

M local_matrix(V4 t, V4 q, V4 s) {
  double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  q = {q.x / n, q.y / n, q.z / n, q.w / n};
  M T = identity(), R = identity(), S = identity();
  T[12] = t.x;
  T[13] = t.y;
  T[14] = t.z;
  R[0] = 1 - 2 * (q.y * q.y + q.z * q.z);
  R[1] = 2 * (q.x * q.y + q.w * q.z);
  R[2] = 2 * (q.x * q.z - q.w * q.y);
  R[4] = 2 * (q.x * q.y - q.w * q.z);
  R[5] = 1 - 2 * (q.x * q.x + q.z * q.z);
  R[6] = 2 * (q.y * q.z + q.w * q.x);
  R[8] = 2 * (q.x * q.z + q.w * q.y);
  R[9] = 2 * (q.y * q.z - q.w * q.x);
  R[10] = 1 - 2 * (q.x * q.x + q.y * q.y);
  S[0] = s.x;
  S[5] = s.y;
  S[10] = s.z;
  return mul(mul(T, R), S);
}

struct RefBone {
  int parent;
  M inverse_bind;
  std::vector<Key<V4>> t, r, s;
};

std::vector<M> reference_pose(const std::vector<RefBone>& bones, double time) {
  std::vector<M> out;
  for (std::size_t b = 0; b < bones.size(); ++b) {
    M global = identity();
    for (int cur = static_cast<int>(b); cur >= 0; cur = bones[cur].parent) {
      const RefBone& rb = bones[cur];
      M local = local_matrix(sample(rb.t, time, {0, 0, 0, 0}, lerp4), sample(rb.r, time, {0, 0, 0, 1}, slerp4),
                             sample(rb.s, time, {1, 1, 1, 0}, lerp4));
      global = mul(local, global);
    }
    out.push_back(mul(global, bones[b].inverse_bind));
  }
  return out;
}

// ---- random skeletons -----------------------------------------------------------------------

enum class Shape { DeepChain, WideTree, Random };

struct Generated {
  std::vector<RefBone> ref;
  Scene scene;
};

/// `shared_times`: every animated channel uses one list of key times, as glTF exporters write them (the
/// evaluator then needs one key lookup per instance), and some channels repeat one value in every key.
Generated generate(std::mt19937& rng, Shape shape, int bone_count, bool shared_times = false) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), pos(0.0f, 1.0f);
  // Bones listed before their parents: a random permutation of a tree built in order.
  std::vector<int> perm(bone_count);
  for (int i = 0; i < bone_count; ++i) perm[i] = i;
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<int> tree_parent(bone_count, -1);
  for (int i = 1; i < bone_count; ++i)
    tree_parent[i] = shape == Shape::DeepChain ? i - 1 : shape == Shape::WideTree ? 0 : static_cast<int>(rng() % i);
  Generated g;
  g.ref.resize(bone_count);
  g.scene.joints.resize(bone_count);
  Animation anim;
  anim.name = "random";
  anim.duration = 2.0f;
  std::vector<float> shared(2 + rng() % 30);
  for (std::size_t k = 0; k < shared.size(); ++k)
    shared[k] = 2.0f * static_cast<float>(k) / static_cast<float>(shared.size() - 1);
  for (int i = 0; i < bone_count; ++i) {
    const int b = perm[i];
    const int parent = tree_parent[i] < 0 ? -1 : perm[tree_parent[i]];
    Mat4 ib = compose(Transform{{u(rng), u(rng), u(rng)}, normalize(Quat{u(rng), u(rng), u(rng), u(rng)}), {1, 1, 1}});
    g.scene.joints[b].parent = parent;
    g.scene.joints[b].inverse_bind = ib;  // rest stays identity so an empty channel means identity in both
    g.ref[b].parent = parent;
    for (int k = 0; k < 16; ++k) g.ref[b].inverse_bind[k] = ib.m[k];
    Channel ch;
    ch.joint = static_cast<std::uint32_t>(b);
    auto times = [&](int n) {
      std::vector<float> t(n);
      for (auto& x : t) x = 2.0f * pos(rng);
      std::sort(t.begin(), t.end());
      return t;
    };
    // 0 keys (missing channel), 1 key, or many, chosen independently per channel.
    auto count = [&]() {
      int r = static_cast<int>(rng() % 6);
      return r == 0 ? 0 : r == 1 ? 1 : static_cast<int>(2 + rng() % 12);
    };
    auto channel_times = [&]() {
      return shared_times ? (rng() % 5 == 0 ? std::vector<float>{} : shared) : times(count());
    };
    auto repeat = [&]() { return shared_times && rng() % 4 == 0; };  // one value in every key
    bool same = repeat();
    Vec3 v{u(rng), u(rng), u(rng)};
    for (float t : channel_times()) {
      if (!same) v = {u(rng), u(rng), u(rng)};
      ch.translation.push_back({t, v});
      g.ref[b].t.push_back({t, {v.x, v.y, v.z, 0}});
    }
    same = repeat();
    Quat q = normalize(Quat{u(rng), u(rng), u(rng), u(rng)});
    for (float t : channel_times()) {
      if (!same) q = normalize(Quat{u(rng), u(rng), u(rng), u(rng)});
      ch.rotation.push_back({t, q});
      g.ref[b].r.push_back({t, {q.x, q.y, q.z, q.w}});
    }
    same = repeat();
    v = {0.5f + pos(rng), 0.5f + pos(rng), 0.5f + pos(rng)};
    for (float t : channel_times()) {
      if (!same) v = {0.5f + pos(rng), 0.5f + pos(rng), 0.5f + pos(rng)};
      ch.scale.push_back({t, v});
      g.ref[b].s.push_back({t, {v.x, v.y, v.z, 0}});
    }
    anim.channels.push_back(std::move(ch));
  }
  g.scene.animations.push_back(std::move(anim));
  return g;
}

void expect_close(const Mat4& got, const M& want, const std::string& where) {
  for (int k = 0; k < 16; ++k) {
    double tol = 2e-4 * (1.0 + std::fabs(want[k]));
    ASSERT_NEAR(got.m[k], want[k], tol) << where << " element " << k;
  }
}

class NaiveReference : public ::testing::TestWithParam<Shape> {};

TEST_P(NaiveReference, FastEvaluatorsAgreeWithTheObviousImplementation) {
  for_each_isa([&] {
    std::mt19937 rng(1234 + static_cast<int>(GetParam()));
    for (int trial = 0; trial < 25; ++trial) {
      const int bone_count = 1 + static_cast<int>(rng() % (GetParam() == Shape::DeepChain ? 40 : 25));
      Generated g = generate(rng, GetParam(), bone_count);
      auto bytes = formats::aem_write(g.scene, {});
      ASSERT_TRUE(bytes.ok());
      auto model = AemModel::from_memory(bytes.value());
      ASSERT_TRUE(model.ok()) << model.error().to_string();
      AemAnimator fast(model->view());
      SceneAnimator scene_anim(g.scene);
      std::vector<Mat4> a(bone_count), s(bone_count);
      // Times before, inside and after the keys; also backwards (the cursor must not assume order).
      for (float t : {-1.0f, 0.0f, 0.3f, 0.7f, 1.1f, 1.9f, 2.5f, 0.5f, 0.05f}) {
        fast.evaluate(0, t, a);
        scene_anim.evaluate(0, t, s);
        auto want = reference_pose(g.ref, t);
        for (int b = 0; b < bone_count; ++b) {
          std::string where =
              "trial " + std::to_string(trial) + " t=" + std::to_string(t) + " bone " + std::to_string(b);
          expect_close(a[b], want[b], "AemAnimator " + where);
          expect_close(s[b], want[b], "SceneAnimator " + where);
        }
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(Skeletons, NaiveReference,
                         ::testing::Values(Shape::DeepChain, Shape::WideTree, Shape::Random));

/// A generated skeleton written as AEM and loaded back.
struct Loaded {
  Generated generated;
  AemModel model;
};

Loaded load_generated(unsigned seed, Shape shape, int bones) {
  std::mt19937 rng(seed);
  Generated g = generate(rng, shape, bones);
  auto model = AemModel::from_memory(formats::aem_write(g.scene, {}).value());
  EXPECT_TRUE(model.ok());
  return {std::move(g), std::move(model.value())};
}

TEST(AnimationBindPose, NegativeOrOutOfRangeAnimationGivesIdentity) {
  Loaded l = load_generated(7, Shape::Random, 10);
  AemAnimator fast(l.model.view());
  std::vector<Mat4> out(10);
  for (std::int32_t a : {-1, -100, 1, 5}) {
    fast.evaluate(a, 0.5f, out);
    for (const auto& m : out) EXPECT_EQ(m, Mat4{});
  }
}

TEST(AnimationAttachments, ModelTransformsTimesInverseBindGiveSkin) {
  for_each_isa([&] {
    Loaded l = load_generated(9, Shape::DeepChain, 12);
    const Generated& g = l.generated;
    AemAnimator fast(l.model.view());
    std::vector<Mat4> skin(12);
    fast.evaluate(0, 0.8f, skin);
    for (int b = 0; b < 12; ++b) {
      Mat4 again = fast.model()[b] * g.scene.joints[b].inverse_bind;
      for (int k = 0; k < 16; ++k) EXPECT_NEAR(again.m[k], skin[b].m[k], 1e-5f);
      // local() composes to model() along the parent chain.
      int p = g.scene.joints[b].parent;
      Mat4 composed = p >= 0 ? fast.model()[p] * fast.local()[b] : fast.local()[b];
      for (int k = 0; k < 16; ++k) EXPECT_NEAR(composed.m[k], fast.model()[b].m[k], 1e-4f);
    }
  });
}

// An inverse bind whose last row is not 0 0 0 1 (a projective one, which glTF forbids but AEM
// stores as given) takes the general product for every bone; the others must still match.
TEST(AnimationInverseBinds, ALastRowOtherThan0001TakesTheGeneralProduct) {
  for_each_isa([&] {
    std::mt19937 rng(21);
    Generated g = generate(rng, Shape::Random, 11);
    const float last_row[4] = {0.125f, -0.25f, 0.0625f, 1.5f};
    for (int r = 0; r < 4; ++r) {
      g.scene.joints[4].inverse_bind.m[4 * r + 3] = last_row[r];
      g.ref[4].inverse_bind[4 * r + 3] = last_row[r];
    }
    auto model = AemModel::from_memory(formats::aem_write(g.scene, {}).value());
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    AemAnimator fast(model->view());
    std::vector<Mat4> skin(11);
    for (float t : {0.2f, 0.9f, 1.7f}) {
      fast.evaluate(0, t, skin);
      const auto want = reference_pose(g.ref, t);
      for (int b = 0; b < 11; ++b)
        expect_close(skin[b], want[b], "t=" + std::to_string(t) + " bone " + std::to_string(b));
    }
  });
}

/// Crowd instances each follow their own clock: forward in small steps, backward past the first key
/// (every cursor must be found again), jumping around, wrapping, standing still, and starting before
/// the keys and running past the last.
float crowd_time(int instance, int step) {
  switch (instance % 7) {
    case 0:
      return 0.05f * step;
    case 1:
      return 2.2f - 0.17f * step;
    case 2:
      return 2.4f * std::fmod(0.618f * step, 1.0f) - 0.2f;
    case 3:
      return std::fmod(0.3f * step, 2.0f);
    case 4:
      return 1.0f;
    case 5:
      return 0.4f * step;
    default:
      return 0.05f * step - 1.0f;
  }
}

class Crowd : public ::testing::TestWithParam<bool> {};

TEST_P(Crowd, EveryInstanceStaysWithin1e5OfAFloat64Evaluation) {
  for_each_isa([&] {
    std::mt19937 rng(99 + GetParam());
    double worst = 0;
    for (int trial = 0; trial < 12; ++trial) {
      const Shape shape = static_cast<Shape>(trial % 3);
      const int bone_count = 1 + static_cast<int>(rng() % 30);
      Generated g = generate(rng, shape, bone_count, GetParam());
      auto model = AemModel::from_memory(formats::aem_write(g.scene, {}).value());
      ASSERT_TRUE(model.ok()) << model.error().to_string();
      AemAnimator crowd(model->view());
      const int instances = 14;
      std::vector<float> times(instances);
      std::vector<Mat4> skins(instances * bone_count);
      for (int step = 0; step < 15; ++step) {
        for (int i = 0; i < instances; ++i) times[i] = crowd_time(i, step);
        crowd.evaluate_crowd(0, times, skins);
        for (int i = 0; i < instances; ++i) {
          const auto want = reference_pose(g.ref, times[i]);
          for (int b = 0; b < bone_count; ++b) {
            // Relative to the matrix's largest element: deep chains reach translations of tens of units.
            double size = 1.0;
            for (double x : want[b]) size = std::max(size, std::fabs(x));
            for (int k = 0; k < 16; ++k) {
              const double err = std::fabs(skins[i * bone_count + b].m[k] - want[b][k]) / size;
              worst = std::max(worst, err);
              ASSERT_LE(err, 1e-5) << "trial " << trial << " step " << step << " instance " << i << " bone " << b
                                   << " element " << k << " t=" << times[i];
            }
          }
        }
      }
    }
    RecordProperty("worst_relative_error", std::to_string(worst));
  });
}

INSTANTIATE_TEST_SUITE_P(KeyTimes, Crowd, ::testing::Values(false, true));

TEST(Crowd, InstancesMatchSingleEvaluationsAndResizingOrSwitchingAnimationResetsCursors) {
  for_each_isa([&] {
    Loaded l = load_generated(5, Shape::Random, 17);
    AemAnimator crowd(l.model.view());
    const int bones = 17;
    for (int instances : {3, 8, 1}) {
      std::vector<float> times(instances);
      std::vector<Mat4> skins(instances * bones), one(bones);
      for (int step = 0; step < 6; ++step) {
        for (int i = 0; i < instances; ++i) times[i] = crowd_time(i, step);
        crowd.evaluate_crowd(0, times, skins);
        for (int i = 0; i < instances; ++i) {
          AemAnimator single(l.model.view());  // fresh cursors: the crowd's must not change the result
          single.evaluate(0, times[i], one);
          for (int b = 0; b < bones; ++b)
            EXPECT_EQ(skins[i * bones + b], one[b]) << instances << " " << step << " " << i;
        }
      }
      crowd.evaluate_crowd(-1, times, skins);  // bind pose between sizes
      for (const Mat4& m : skins) EXPECT_EQ(m, Mat4{});
    }
  });
}

TEST(Crowd, LeavesLocalAndModelOfTheLastSingleEvaluation) {
  Loaded l = load_generated(11, Shape::DeepChain, 9);
  AemAnimator animator(l.model.view()), alone(l.model.view());
  std::vector<Mat4> skin(9), skins(4 * 9);
  animator.evaluate(0, 0.7f, skin);
  alone.evaluate(0, 0.7f, skin);
  const std::vector<float> times = {0.1f, 1.5f, 0.4f, 1.9f};
  animator.evaluate_crowd(0, times, skins);
  for (int b = 0; b < 9; ++b) {
    EXPECT_EQ(animator.local()[b], alone.local()[b]) << b;
    EXPECT_EQ(animator.model()[b], alone.model()[b]) << b;
  }
}

/// Rotation channels on one key-time list are blended four at a time, each lane by the path its own
/// key distance selects. Nine channels (two full groups and a single lane) whose keys are Δ apart on
/// the unit quaternion sphere (cos Δ = the dot product): equal keys, nlerp (cos Δ >= 0.9995), the
/// 4-term series (>= 0.95), the 8-term series (>= 0.7), the acos formula below that, and a key pair
/// with a negative dot product (the shortest path flips the second key), mixed within each group.
TEST(Crowd, RotationLanesTakeEachSlerpPathAndStayWithin1e5OfFloat64) {
  for_each_isa([&] {
    const double deltas[] = {0.0, 0.2, 1.4, 0.01, 0.7, 2.5, 0.03, 1.0, 0.5};
    Generated g;
    Animation anim;
    anim.name = "lanes";
    anim.duration = 1.0f;
    const int bones = static_cast<int>(std::size(deltas));
    g.scene.joints.resize(bones);
    g.ref.resize(bones);
    for (int b = 0; b < bones; ++b) {
      g.scene.joints[b].parent = -1;
      g.ref[b].parent = -1;
      g.ref[b].inverse_bind = identity();
      // Keys rotate about a different axis per bone, from half-angle 0.3 to 0.3 + Δ.
      const double axis[3] = {std::cos(0.7 * b), std::sin(0.7 * b) * 0.6, std::sin(0.7 * b) * 0.8};
      Channel ch;
      ch.joint = static_cast<std::uint32_t>(b);
      for (double time : {0.0, 1.0}) {
        const double half = 0.3 + time * deltas[b];
        const Quat q{float(axis[0] * std::sin(half)), float(axis[1] * std::sin(half)), float(axis[2] * std::sin(half)),
                     float(std::cos(half))};
        ch.rotation.push_back({float(time), q});
        g.ref[b].r.push_back({float(time), {q.x, q.y, q.z, q.w}});
      }
      anim.channels.push_back(std::move(ch));
    }
    g.scene.animations.push_back(std::move(anim));
    auto model = AemModel::from_memory(formats::aem_write(g.scene, {}).value());
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    AemAnimator animator(model->view());
    std::vector<Mat4> skin(bones);
    for (float t : {0.0f, 0.125f, 0.5f, 0.8f, 1.0f}) {
      animator.evaluate(0, t, skin);
      const auto want = reference_pose(g.ref, t);
      for (int b = 0; b < bones; ++b)
        for (int k = 0; k < 16; ++k)
          EXPECT_NEAR(skin[b].m[k], want[b][k], 1e-5)
              << "bone " << b << " (delta " << deltas[b] << ") t " << t << " element " << k;
    }
  });
}

}  // namespace
}  // namespace aem
