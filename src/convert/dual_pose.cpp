// DualPose (see dual_pose.hpp). A joint whose lists kept every key takes the original's local
// transform, and one whose local transform and ancestors all agree takes its model matrix too.
// trs_lanes and multiply_lanes are trs_matrix and affine_multiply (aem/sampling.hpp) with each float
// operation applied to four lanes: the same operands, in the same order.
#include "convert/dual_pose.hpp"

#include "aem/animation.hpp"
#include "aem/sampling.hpp"

namespace aem::convert {
namespace {

using detail::f32x4;
using detail::u32x4;

AffineLanes trs_lanes(const TransformLanes& t) {
  const f32x4 *q = t.rotation, *s = t.scale;
  const f32x4 xx = q[0] * q[0], yy = q[1] * q[1], zz = q[2] * q[2], xy = q[0] * q[1], xz = q[0] * q[2],
              yz = q[1] * q[2], wx = q[3] * q[0], wy = q[3] * q[1], wz = q[3] * q[2];
  return {{(1.0f - 2.0f * (yy + zz)) * s[0], 2.0f * (xy + wz) * s[0], 2.0f * (xz - wy) * s[0], 2.0f * (xy - wz) * s[1],
           (1.0f - 2.0f * (xx + zz)) * s[1], 2.0f * (yz + wx) * s[1], 2.0f * (xz + wy) * s[2], 2.0f * (yz - wx) * s[2],
           (1.0f - 2.0f * (xx + yy)) * s[2], t.translation[0], t.translation[1], t.translation[2]}};
}

AffineLanes multiply_lanes(const AffineLanes& a, const AffineLanes& b) {
  AffineLanes r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 3; ++row)
      r.m[3 * c + row] = a.m[row] * b.m[3 * c] + a.m[3 + row] * b.m[3 * c + 1] + a.m[6 + row] * b.m[3 * c + 2];
  for (int row = 0; row < 3; ++row) r.m[9 + row] += a.m[9 + row];
  return r;
}

/// a * b as Mat4's operator* adds its products (from zero, over all four rows of b's columns).
AffineLanes general_multiply_lanes(const AffineLanes& a, const Mat4& b) {
  AffineLanes r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 3; ++row) {
      f32x4 sum{};
      for (int k = 0; k < 4; ++k) sum += a.m[3 * k + row] * b.m[4 * c + k];
      r.m[3 * c + row] = sum;
    }
  return r;
}

/// All ones in the lanes where every element of `a` equals that of `b` (as floats: 0 == -0, NaN != NaN).
u32x4 equal_lanes(const AffineLanes& a, const AffineLanes& b) {
  u32x4 equal = ~u32x4{};
  for (int e = 0; e < 12; ++e) equal &= (u32x4)(a.m[e] == b.m[e]);
  return equal;
}

AffineLanes broadcast(const Mat4& m) {
  AffineLanes r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 3; ++row) r.m[3 * c + row] = detail::splat(m.m[4 * c + row]);
  return r;
}

}  // namespace

DualPose::DualPose(const Scene& skeleton, std::size_t original, std::size_t reduced) : joints_(skeleton.joints) {
  const std::size_t nj = joints_.size();
  std::vector<std::int32_t> parents(nj);
  for (std::size_t j = 0; j < nj; ++j) parents[j] = joints_[j].parent;
  order_ = parents_first_order(parents);
  a_.assign(nj, nullptr), b_.assign(nj, nullptr);
  for (const Channel& ch : skeleton.animations[original].channels)
    if (ch.joint < nj) a_[ch.joint] = &ch;
  for (const Channel& ch : skeleton.animations[reduced].channels)
    if (ch.joint < nj) b_[ch.joint] = &ch;
  kept_all_.assign(nj, 0);
  for (std::size_t j = 0; j < nj; ++j)
    kept_all_[j] = (!a_[j] && !b_[j]) ||
                   (a_[j] && b_[j] && a_[j]->translation.size() == b_[j]->translation.size() &&
                    a_[j]->rotation.size() == b_[j]->rotation.size() && a_[j]->scale.size() == b_[j]->scale.size() &&
                    a_[j]->translation_interpolation == b_[j]->translation_interpolation &&
                    a_[j]->rotation_interpolation == b_[j]->rotation_interpolation &&
                    a_[j]->scale_interpolation == b_[j]->scale_interpolation);
  for (const Joint& joint : joints_) {
    const Transform& rest = joint.rest;
    rest_local_.push_back(broadcast(trs_matrix(rest.translation, rest.rotation, rest.scale)));
  }
  model_a_.assign(nj, broadcast(Mat4{})), model_b_.assign(nj, broadcast(Mat4{}));
  same_.assign(nj, ~u32x4{});
  for (std::size_t j = 0; j < nj; ++j) {
    lists_a_.push_back(add(a_[j]));
    lists_b_.push_back(kept_all_[j] ? Lists{} : add(b_[j]));
  }
}

DualPose::Lists DualPose::add(const Channel* channel) {
  if (!channel) return {};
  return {{keys_.add(channel->translation), keys_.add(channel->rotation), keys_.add(channel->scale)}};
}

TransformLanes DualPose::sample(const Channel& channel, const Transform& rest, const Lists& lists) const {
  const KeySpan* const spans[3] = {keys_.spans(lists.of[0]), keys_.spans(lists.of[1]), keys_.spans(lists.of[2])};
  return sample_channel_lanes(channel, rest, spans);
}

void DualPose::pose(const float (&times)[4], int count) {
  lane_ = 0;
  ++poses_;
  keys_.find(times, count);
  for (std::uint32_t j : order_) {
    const Transform& rest = joints_[j].rest;
    const AffineLanes la = a_[j] ? trs_lanes(sample(*a_[j], rest, lists_a_[j])) : rest_local_[j];
    const std::int32_t p = joints_[j].parent;
    const bool has_parent = p >= 0 && static_cast<std::size_t>(p) < joints_.size();
    model_a_[j] = has_parent ? multiply_lanes(model_a_[p], la) : la;
    // The lanes where the reduced model matrix is the original's copied.
    const u32x4 copied = !kept_all_[j] ? u32x4{} : has_parent ? same_[p] : ~u32x4{};
    if (!detail::any_lane(~copied)) {
      model_b_[j] = model_a_[j];
      same_[j] = copied;
      continue;
    }
    AffineLanes lb = la;
    if (!kept_all_[j]) lb = b_[j] ? trs_lanes(sample(*b_[j], rest, lists_b_[j])) : rest_local_[j];
    const AffineLanes mb = has_parent ? multiply_lanes(model_b_[p], lb) : lb;
    for (int e = 0; e < 12; ++e) model_b_[j].m[e] = detail::select(copied, model_a_[j].m[e], mb.m[e]);
    same_[j] = copied | equal_lanes(mb, model_a_[j]);
  }
}

void DualPose::skin_lanes(std::size_t j, const Mat4& bind, AffineLanes& original, AffineLanes& reduced) const {
  // With an affine bind, affine_multiply adds the same products in the same order as the general
  // product (less the zero ones): the same top rows, in half the work.
  const auto& b = bind.m;
  if (b[3] == 0.0f && b[7] == 0.0f && b[11] == 0.0f && b[15] == 1.0f) {
    const AffineLanes top = broadcast(bind);
    original = multiply_lanes(model_a_[j], top), reduced = multiply_lanes(model_b_[j], top);
  } else {
    original = general_multiply_lanes(model_a_[j], bind), reduced = general_multiply_lanes(model_b_[j], bind);
  }
}

bool DualPose::all_same() const {
  for (const u32x4& s : same_)
    if (s[lane_] == 0) return false;
  return true;
}

Mat4 DualPose::matrix(const AffineLanes& m) const {
  Mat4 r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 3; ++row) r.m[4 * c + row] = m.m[3 * c + row][lane_];
  return r;
}

}  // namespace aem::convert
