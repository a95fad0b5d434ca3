#include "core/influences.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "core/bit_cast.hpp"
#include "core/lane_vectors.hpp"

namespace aem {
namespace {

// Which slots have a joint and a positive weight, tested four slots at a time (no branch per slot).
struct UsableSlots {
  detail::i32x4 low;  ///< all ones in lane k for usable slot k, k < 4
  unsigned bits;      ///< bit k for usable slot k
};

UsableSlots usable_slots(const SkinInfluences& s) {
  const auto joints_low = detail::load<detail::i32x4>(s.joints.data()),
             joints_high = detail::load<detail::i32x4>(s.joints.data() + 4);
  const auto weights_low = detail::load<detail::f32x4>(s.weights.data()),
             weights_high = detail::load<detail::f32x4>(s.weights.data() + 4);
  const detail::i32x4 usable_low = (joints_low >= 0) & (weights_low > 0.0f),
                      usable_high = (joints_high >= 0) & (weights_high > 0.0f);
  const detail::i32x4 low_bits = usable_low & detail::i32x4{1, 2, 4, 8},
                      high_bits = usable_high & detail::i32x4{16, 32, 64, 128};
  return {usable_low, static_cast<unsigned>(low_bits[0] | low_bits[1] | low_bits[2] | low_bits[3] | high_bits[0] |
                                            high_bits[1] | high_bits[2] | high_bits[3])};
}

// strongest_influences of a vertex with at least one joint. Only slots with a joint and a positive
// weight take part, so the insertion sort (stable: it moves a slot only past strictly smaller
// weights) usually orders four slots or fewer.
[[gnu::noinline]] SkinInfluences strongest_of_jointed(const SkinInfluences& s, int n, bool* reduced) {
  std::array<int, kMaxInfluences> order;
  int used = 0;
  for (int k = 0; k < kMaxInfluences; ++k) {
    if (s.joints[k] < 0 || !(s.weights[k] > 0.0f)) continue;
    int at = used++;
    for (; at > 0 && s.weights[order[at - 1]] < s.weights[k]; --at) order[at] = order[at - 1];
    order[at] = k;
  }
  if (used > n && reduced) *reduced = true;
  const int kept = used < n ? used : n;
  SkinInfluences out;
  float sum = 0;
  for (int i = 0; i < kept; ++i) {
    out.joints[i] = s.joints[order[i]];
    out.weights[i] = s.weights[order[i]];
    sum += out.weights[i];
  }
  for (int i = 0; i < kept; ++i) out.weights[i] /= sum;
  return out;
}

}  // namespace

SkinInfluences strongest_influences(const SkinInfluences& s, int n, bool* reduced) {
  // This runs for every vertex of every converted mesh, several times for some formats: a vertex
  // without any joint (every joint negative, so the sign bit survives the AND of all eight) returns
  // at once, before the sort's registers are saved (strongest_of_jointed is kept apart).
  const auto both = detail::load<detail::i32x4>(s.joints.data()) & detail::load<detail::i32x4>(s.joints.data() + 4);
  if ((both[0] & both[1] & both[2] & both[3]) < 0) return SkinInfluences{};
  return strongest_of_jointed(s, n, reduced);
}

SkinInfluences kept_influences(const SkinInfluences& s, int n, bool* reduced) {
  const auto [usable_low, usable] = usable_slots(s);
  SkinInfluences out;
  if (usable == 0) return out;
  if (usable < 16 && (usable & (usable + 1)) == 0 && std::countr_zero(usable + 1) <= n) {
    // The usable slots are the first ones, at most four, as for most vertices: they stay where they
    // are and the others are masked to -1 and 0.
    const detail::f32x4 kept =
        detail::bit_cast<detail::f32x4>(detail::load<detail::i32x4>(s.weights.data()) & usable_low);
    const float sum = kept[0] + kept[1] + kept[2] + kept[3];
    const detail::i32x4 joints = detail::load<detail::i32x4>(s.joints.data()) | ~usable_low;
    const detail::f32x4 weights = kept / sum;
    std::memcpy(out.joints.data(), &joints, sizeof(joints));
    std::memcpy(out.weights.data(), &weights, sizeof(weights));
    return out;
  }
  int count = 0;
  for (int k = 0; k < kMaxInfluences; ++k) count += usable >> k & 1;
  if (count > n) return strongest_influences(s, n, reduced);
  int used = 0;
  float sum = 0;
  for (int k = 0; k < kMaxInfluences; ++k)
    if (usable >> k & 1) {
      out.joints[used] = s.joints[k];
      out.weights[used++] = s.weights[k];
      sum += s.weights[k];
    }
  for (int i = 0; i < used; ++i) out.weights[i] /= sum;
  return out;
}

JointUse highest_joint(const Mesh& mesh, int n) {
  JointUse highest;
  auto consider = [&](std::size_t v, std::int32_t j) {
    if (j > highest.joint) highest = {v, j};
  };
  for (std::size_t v = 0; v < mesh.skin.size(); ++v)
    for (std::int32_t j : strongest_influences(mesh.skin[v], n).joints) consider(v, j);
  for (std::size_t v = 0; v < mesh.rigid_joints.size(); ++v) consider(v, mesh.rigid_joints[v]);
  return highest;
}

std::int32_t largest_joint_named(const Mesh& mesh) {
  detail::i32x4 largest = {-1, -1, -1, -1};
  for (const SkinInfluences& s : mesh.skin)
    for (int half = 0; half < 2; ++half) {
      const auto joints = detail::load<detail::i32x4>(s.joints.data() + 4 * half);
      largest = joints > largest ? joints : largest;
    }
  std::int32_t out = std::max(std::max(largest[0], largest[1]), std::max(largest[2], largest[3]));
  for (std::int32_t j : mesh.rigid_joints) out = std::max(out, j);
  return out;
}

std::string describe_joint_use(const Mesh& mesh, const JointUse& use, std::size_t joint_count) {
  return "mesh \"" + mesh.name + "\": vertex " + std::to_string(use.vertex) + " uses joint " +
         std::to_string(use.joint) + " of " + std::to_string(joint_count);
}

}  // namespace aem
