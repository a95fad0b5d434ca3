// AEM runtime evaluation over the validated view (docs/formats/aem.md §5, without libaem's per-bone
// ancestor re-evaluation and linear key scans): keys sampled from the re-laid clips (clip.hpp), local
// transforms built four bones at a time, then one pass over the bones, parents first, with matrices
// held as four 4-lane columns so that each product is 12-16 vector multiply-adds (GCC/Clang vector
// extensions: SSE, NEON or WebAssembly SIMD).
#include <algorithm>
#include <cstring>

#include "aem/animation.hpp"
#include "aem/sampling.hpp"
#include "animation/clip.hpp"
#include "animation/isa.hpp"
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

AEM_KERNEL_INLINE void store(const Columns& a, Mat4& m) {
  for (int c = 0; c < 4; ++c) std::memcpy(m.m.data() + 4 * c, &a.c[c], sizeof a.c[c]);  // a register each
}

/// Local transforms T * R * S of bones [0, padded) as affine columns: the rotation-scale columns, then
/// the translation (lane 3 of every column is never read). Four bones at a time, a lane per bone, with
/// the same operations per element as the one-bone formula. `vectors` holds 2 * padded + 1 entries so
/// that a four-lane load at any of them stays inside.
AEM_KERNEL_INLINE void local_columns(const Quat* rotations, const Vec3* vectors, std::size_t padded, Columns* local) {
  for (std::size_t b = 0; b < padded; b += 4) {
    f32x4 x = detail::load<f32x4>(&rotations[b]), y = detail::load<f32x4>(&rotations[b + 1]),
          z = detail::load<f32x4>(&rotations[b + 2]), w = detail::load<f32x4>(&rotations[b + 3]);
    detail::transpose(x, y, z, w);
    f32x4 sx = detail::load<f32x4>(&vectors[2 * b + 1]), sy = detail::load<f32x4>(&vectors[2 * b + 3]),
          sz = detail::load<f32x4>(&vectors[2 * b + 5]), unused = detail::load<f32x4>(&vectors[2 * b + 7]);
    detail::transpose(sx, sy, sz, unused);
    const f32x4 xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y,
                wz = w * z;
    f32x4 c[3][4] = {{(1 - 2 * (yy + zz)) * sx, 2 * (xy + wz) * sx, 2 * (xz - wy) * sx, f32x4{}},
                     {2 * (xy - wz) * sy, (1 - 2 * (xx + zz)) * sy, 2 * (yz + wx) * sy, f32x4{}},
                     {2 * (xz + wy) * sz, 2 * (yz - wx) * sz, (1 - 2 * (xx + yy)) * sz, f32x4{}}};
    for (auto& column : c) detail::transpose(column[0], column[1], column[2], column[3]);
    for (std::size_t lane = 0; lane < 4; ++lane)
      local[b + lane] = {{c[0][lane], c[1][lane], c[2][lane], detail::load<f32x4>(&vectors[2 * (b + lane)])}};
  }
}

/// A constant right-hand factor with every element already broadcast to four lanes (e[column][row]),
/// so that its products load their multipliers instead of shuffling them out of a column each time.
struct alignas(16) Splat {
  f32x4 e[4][4];
};

Splat splat(const Mat4& m) {
  Splat s;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) s.e[c][r] = detail::splat(m.m[4 * c + r]);
  return s;
}

/// Element (column C, row R) of a right-hand factor, in every lane.
template <int C, int R>
AEM_KERNEL_INLINE f32x4 element(const Columns& m) {
  return __builtin_shufflevector(m.c[C], m.c[C], R, R, R, R);
}
template <int C, int R>
AEM_KERNEL_INLINE f32x4 element(const Splat& m) {
  return m.e[C][R];
}

/// Column C of a * b without the product with b's last row.
template <int C, class Right>
AEM_KERNEL_INLINE f32x4 affine_column(const Columns& a, const Right& b) {
  return a.c[0] * element<C, 0>(b) + a.c[1] * element<C, 1>(b) + a.c[2] * element<C, 2>(b);
}

/// a * b for affine a and b (last rows 0 0 0 1, whatever b's lane 3 holds): the products with b's
/// last row drop out.
template <class Right>
AEM_KERNEL_INLINE Columns multiply_affine(const Columns& a, const Right& b) {
  return {{affine_column<0>(a, b), affine_column<1>(a, b), affine_column<2>(a, b), affine_column<3>(a, b) + a.c[3]}};
}

/// a * b, general.
AEM_KERNEL_INLINE Columns multiply(const Columns& a, const Splat& b) {
  Columns r;
  for (int c = 0; c < 4; ++c)
    r.c[c] = a.c[0] * b.e[c][0] + a.c[1] * b.e[c][1] + a.c[2] * b.e[c][2] + a.c[3] * b.e[c][3];
  return r;
}

const Mat4& inverse_bind(const AemView& v, std::uint32_t b) {
  return *reinterpret_cast<const Mat4*>(v.bones()[b].inverse_bind);
}

struct Link {
  std::uint32_t bone, parent;  // parent == bone count for roots (an identity slot)
};

/// What one pose reads and writes: the animator's scratch arrays as plain pointers (stores to the
/// skin matrices could alias a vector's own members otherwise, forcing them to be read again).
struct PoseArrays {
  const Quat* rotations;       // per bone up to a multiple of four
  const Vec3* vectors;         // translation, scale per bone up to that multiple, plus one
  std::size_t padded;          // bone count up to a multiple of four
  Columns* local;              // per bone up to that multiple
  const Link* order;           // parents first
  std::size_t bones;           // entries of `order`
  const Splat* inverse_binds;  // per bone
  bool affine_inverse_binds;   // every inverse bind's last row is 0 0 0 1
  Columns* model;              // per bone, plus the identity slot
  Mat4* skin;                  // per bone
};

template <bool AffineInverseBinds>
AEM_KERNEL_INLINE void pose_bones(const PoseArrays& a) {
  for (std::size_t i = 0; i < a.bones; ++i) {
    const Link link = a.order[i];
    const Columns m = multiply_affine(a.model[link.parent], a.local[link.bone]);
    a.model[link.bone] = m;
    if constexpr (AffineInverseBinds)
      store(multiply_affine(m, a.inverse_binds[link.bone]), a.skin[link.bone]);
    else
      store(multiply(m, a.inverse_binds[link.bone]), a.skin[link.bone]);
  }
}

/// Local transforms from the sampled keys, then model and skin matrices parents first.
AEM_KERNEL_INLINE void pose_kernel(const PoseArrays& a) {
  local_columns(a.rotations, a.vectors, a.padded, a.local);
  if (a.affine_inverse_binds)
    pose_bones<true>(a);
  else
    pose_bones<false>(a);
}

void pose_portable(const PoseArrays& a) { pose_kernel(a); }

#if AEM_ANIMATION_AVX2
AEM_TARGET_AVX2_FMA void pose_avx2_fma(const PoseArrays& a) { pose_kernel(a); }
#endif

void pose_with_current_isa(const PoseArrays& a) {
#if AEM_ANIMATION_AVX2
  if (animation::current_isa() == animation::Isa::avx2_fma) return pose_avx2_fma(a);
#endif
  pose_portable(a);
}

}  // namespace

/// Per-bone working state, sized at construction.
struct AemAnimator::Scratch {
  std::vector<Link> order;           // parents first
  std::vector<Splat> inverse_binds;  // per bone
  bool affine_inverse_binds = true;  // every inverse bind's last row is 0 0 0 1 (the usual case)
  std::vector<Columns> model;        // per bone, plus the identity slot
  std::vector<Quat> rotations;       // per bone, sampled; identity up to a multiple of four bones
  std::vector<Vec3> vectors;         // per bone: translation, scale; as many again, plus one (local_columns)
  std::vector<Columns> local;        // per bone up to a multiple of four: T * R * S
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
    s.inverse_binds.push_back(splat(ib));
    s.affine_inverse_binds &= ib.m[3] == 0.0f && ib.m[7] == 0.0f && ib.m[11] == 0.0f && ib.m[15] == 1.0f;
  }
  s.model.assign(bones + std::size_t{1}, load(Mat4{}));
  const std::size_t padded = (bones + std::size_t{3}) / 4 * 4;
  s.rotations.resize(padded);
  s.vectors.resize(2 * padded + 1);
  s.local.resize(padded);
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
  pose_with_current_isa({s.rotations.data(), s.vectors.data(), s.local.size(), s.local.data(), s.order.data(),
                         s.order.size(), s.inverse_binds.data(), s.affine_inverse_binds, s.model.data(), skin});
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
  for (std::size_t b = 0; b < local_.size(); ++b)
    local_[b] = trs_matrix(s.vectors[2 * b], s.rotations[b], s.vectors[2 * b + 1]);
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
    cursors_.assign(c.cursor_count(), 0u);
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
  const std::size_t stride = c.cursor_count();
  if (animation != last_crowd_animation_ || crowd_cursors_.size() != times.size() * stride) {
    crowd_cursors_.assign(times.size() * stride, 0u);
    last_crowd_animation_ = animation;
  }
  // The crowd reuses the scratch that local() and model() of the last evaluate() come from.
  if (local_stale_) build_local();
  if (model_stale_) keep_model();
  for (std::size_t i = 0; i < times.size(); ++i)
    pose(c, times[i], crowd_cursors_.data() + i * stride, skins.data() + i * bones);
}

}  // namespace aem
