// Which animation instruction set runs (see isa.hpp).
#include "animation/isa.hpp"

#include <atomic>

#include "core/cpu_features.hpp"

namespace aem::animation {
namespace {

bool cpu_runs(Isa isa) {
#if AEM_ANIMATION_AVX2
  if (isa == Isa::avx2_fma) return detail::cpu_features().avx2 && detail::cpu_features().fma;
#endif
  return isa == Isa::portable;
}

std::atomic<Isa>& chosen() {
  static std::atomic<Isa> isa{cpu_runs(Isa::avx2_fma) ? Isa::avx2_fma : Isa::portable};
  return isa;
}

}  // namespace

Isa current_isa() { return chosen().load(std::memory_order_relaxed); }

bool use_isa(Isa isa) {
  if (!cpu_runs(isa)) return false;
  chosen().store(isa, std::memory_order_relaxed);
  return true;
}

}  // namespace aem::animation
