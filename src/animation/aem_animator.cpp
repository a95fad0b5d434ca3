// AEM runtime evaluation over the validated view (docs/formats/aem.md §5, without libaem's per-bone
// ancestor re-evaluation and linear key scans): keys sampled from the re-laid clips (clip.hpp), then
// one pass over the bones, parents first, with matrices held as four 4-lane columns so that each
// product is 12-16 vector multiply-adds (GCC/Clang vector extensions: SSE, NEON or WebAssembly SIMD).
#include <algorithm>
#include <cstring>

#include "aem/animation.hpp"
#include "aem/sampling.hpp"
#include "animation/clip.hpp"
#include "core/lane_vectors.hpp"

namespace aem {
namespace {

using detail::f32x4;

/// Column-major 4x4 matrix as four column vectors.
struct alignas(16) Columns {
  f32x4 c[4];
};

Columns load(const Mat4& m) {
  Columns r;
  std::memcpy(r.c, m.m.data(), sizeof r.c);
  return r;
}

void store(const Columns& a, Mat4& m) { std::memcpy(m.m.data(), a.c, sizeof a.c); }

/// parent * (T * R * S) for unit q, with the parent affine: three columns of the rotation scaled, the
/// translation column, each a sum of three parent columns (the parent's last row is 0 0 0 1).
inline Columns compose(const Columns& p, const Vec3& t, const Quat& q, const Vec3& s) {
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z, xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z,
              wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const float l[3][3] = {{(1 - 2 * (yy + zz)) * s.x, 2 * (xy + wz) * s.x, 2 * (xz - wy) * s.x},
                         {2 * (xy - wz) * s.y, (1 - 2 * (xx + zz)) * s.y, 2 * (yz + wx) * s.y},
                         {2 * (xz + wy) * s.z, 2 * (yz - wx) * s.z, (1 - 2 * (xx + yy)) * s.z}};
  Columns r;
  for (int c = 0; c < 3; ++c) r.c[c] = p.c[0] * l[c][0] + p.c[1] * l[c][1] + p.c[2] * l[c][2];
  r.c[3] = p.c[0] * t.x + p.c[1] * t.y + p.c[2] * t.z + p.c[3];
  return r;
}

/// a * b for affine a and b (last rows 0 0 0 1): the products with b's last row drop out.
inline Columns multiply_affine(const Columns& a, const Columns& b) {
  Columns r;
  for (int c = 0; c < 3; ++c) r.c[c] = a.c[0] * b.c[c][0] + a.c[1] * b.c[c][1] + a.c[2] * b.c[c][2];
  r.c[3] = a.c[0] * b.c[3][0] + a.c[1] * b.c[3][1] + a.c[2] * b.c[3][2] + a.c[3];
  return r;
}

/// a * b, general.
inline Columns multiply(const Columns& a, const Columns& b) {
  Columns r;
  for (int c = 0; c < 4; ++c) r.c[c] = a.c[0] * b.c[c][0] + a.c[1] * b.c[c][1] + a.c[2] * b.c[c][2] + a.c[3] * b.c[c][3];
  return r;
}

const Mat4& inverse_bind(const AemView& v, std::uint32_t b) { return *reinterpret_cast<const Mat4*>(v.bones()[b].inverse_bind); }

}  // namespace

/// Per-bone working state, sized at construction.
struct AemAnimator::Scratch {
  struct Link {
    std::uint32_t bone, parent;  // parent == bone count for roots (an identity slot)
  };
  std::vector<Link> order;             // parents first
  std::vector<Columns> inverse_binds;  // per bone
  bool affine_inverse_binds = true;    // every inverse bind's last row is 0 0 0 1 (the usual case)
  std::vector<Columns> model;          // per bone, plus the identity slot
  std::vector<Quat> rotations;         // per bone, sampled
  std::vector<Vec3> vectors;           // per bone: translation, scale
};

AemAnimator::AemAnimator(const AemView& view)
    : view_(&view), local_(view.counts().bones), model_(view.counts().bones), scratch_(std::make_unique<Scratch>()) {
  const std::uint32_t bones = view.counts().bones;
  for (std::uint32_t b = 0; b < bones; ++b) model_[b] = inverse(inverse_bind(view, b));
  Scratch& s = *scratch_;
  for (std::uint32_t b : view.parents_first_order()) {
    const std::int32_t p = view.bones()[b].parent;
    s.order.push_back({b, p >= 0 ? static_cast<std::uint32_t>(p) : bones});
  }
  for (std::uint32_t b = 0; b < bones; ++b) {
    const Mat4& ib = inverse_bind(view, b);
    s.inverse_binds.push_back(load(ib));
    s.affine_inverse_binds &= ib.m[3] == 0.0f && ib.m[7] == 0.0f && ib.m[11] == 0.0f && ib.m[15] == 1.0f;
  }
  s.model.assign(bones + std::size_t{1}, load(Mat4{}));
  s.rotations.resize(bones);
  s.vectors.resize(2 * std::size_t{bones});
  clips_.resize(view.counts().animations);
  compiled_.assign(view.counts().animations, 0);
}

const clip::Clip& AemAnimator::clip(std::uint32_t animation) {
  if (!compiled_[animation]) {
    clips_[animation] = clip::compile(*view_, animation);
    compiled_[animation] = 1;
  }
  return clips_[animation];
}

AemAnimator::~AemAnimator() = default;
AemAnimator::AemAnimator(AemAnimator&&) noexcept = default;
AemAnimator& AemAnimator::operator=(AemAnimator&&) noexcept = default;

void AemAnimator::bind_pose(std::span<Mat4> skin) { std::fill(skin.begin(), skin.end(), Mat4{}); }

void AemAnimator::pose(const clip::Clip& clip, float time, std::uint32_t* cursors, Mat4* skin) {
  Scratch& s = *scratch_;
  clip::sample(clip, time, cursors, s.rotations.data(), s.vectors.data());
  const Vec3* v = s.vectors.data();
  for (const Scratch::Link& link : s.order) {
    const std::uint32_t b = link.bone;
    Columns& m = s.model[b];
    m = compose(s.model[link.parent], v[2 * b], s.rotations[b], v[2 * b + 1]);
    store(s.affine_inverse_binds ? multiply_affine(m, s.inverse_binds[b]) : multiply(m, s.inverse_binds[b]), skin[b]);
  }
}

void AemAnimator::keep_model() const {
  for (std::size_t b = 0; b < model_.size(); ++b) store(scratch_->model[b], model_[b]);
  model_stale_ = false;
}

std::span<const Mat4> AemAnimator::model() const {
  if (model_stale_) keep_model();
  return model_;
}

void AemAnimator::build_local() const {
  const Scratch& s = *scratch_;
  for (std::size_t b = 0; b < local_.size(); ++b) local_[b] = trs_matrix(s.vectors[2 * b], s.rotations[b], s.vectors[2 * b + 1]);
  local_stale_ = false;
}

std::span<const Mat4> AemAnimator::local() const {
  if (local_stale_) build_local();
  return local_;
}

void AemAnimator::evaluate(std::int32_t animation, float time, std::span<Mat4> skin) {
  const std::uint32_t bones = view_->counts().bones;
  if (animation < 0 || static_cast<std::uint32_t>(animation) >= clips_.size()) {
    bind_pose(skin.first(bones));
    std::fill(local_.begin(), local_.end(), Mat4{});
    local_stale_ = model_stale_ = false;
    for (std::uint32_t b = 0; b < bones; ++b) model_[b] = inverse(inverse_bind(*view_, b));
    return;
  }
  const clip::Clip& c = clip(animation);
  if (animation != last_animation_) {
    cursors_.assign(c.tracks.size(), 0u);
    last_animation_ = animation;
  }
  pose(c, time, cursors_.data(), skin.data());
  local_stale_ = model_stale_ = true;
}

void AemAnimator::evaluate_crowd(std::int32_t animation, std::span<const float> times, std::span<Mat4> skins) {
  const std::uint32_t bones = view_->counts().bones;
  if (animation < 0 || static_cast<std::uint32_t>(animation) >= clips_.size()) {
    bind_pose(skins.first(times.size() * bones));
    return;
  }
  const clip::Clip& c = clip(animation);
  const std::size_t stride = c.tracks.size();
  if (animation != last_crowd_animation_ || crowd_cursors_.size() != times.size() * stride) {
    crowd_cursors_.assign(times.size() * stride, 0u);
    last_crowd_animation_ = animation;
  }
  // The crowd reuses the scratch that local() and model() of the last evaluate() come from.
  if (local_stale_) build_local();
  if (model_stale_) keep_model();
  for (std::size_t i = 0; i < times.size(); ++i) pose(c, times[i], crowd_cursors_.data() + i * stride, skins.data() + i * bones);
}

}  // namespace aem
