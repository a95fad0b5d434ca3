// The instruction sets the animation loops are built for: the target's own everywhere and, on x86-64
// with GCC or Clang, AVX2 with FMA as well (three-operand forms and fused multiply-adds: about a
// quarter fewer instructions per pose). The AVX2 copies are functions marked with
// AEM_TARGET_AVX2_FMA into which the shared loop bodies (AEM_KERNEL_INLINE) are inlined, so no
// out-of-line function is ever built for AVX2 and a CPU without it never meets such code.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define AEM_ANIMATION_AVX2 1
#define AEM_TARGET_AVX2_FMA __attribute__((target("avx2,fma")))
#else
#define AEM_ANIMATION_AVX2 0
#endif
#define AEM_KERNEL_INLINE [[gnu::always_inline]] inline

namespace aem::animation {

enum class Isa : std::uint8_t { portable, avx2_fma };

/// The set evaluations use: avx2_fma where the build has it and the CPU runs it, else portable.
Isa current_isa();

/// Makes later evaluations (in every thread) use `isa`, for tests that compare the sets; false, and
/// nothing changed, when this build or CPU lacks it.
bool use_isa(Isa isa);

}  // namespace aem::animation
