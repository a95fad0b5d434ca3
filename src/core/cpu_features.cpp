#include "core/cpu_features.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace aem::detail {
namespace {

CpuFeatures probe() {
  CpuFeatures f;
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
  if (!(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return f;
  // Without the OS saving the XMM and YMM state (XCR0 bits 1 and 2), 256-bit instructions fault.
  unsigned xcr0 = 0, xcr0_high = 0;
  __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
  if ((xcr0 & 6) != 6) return f;
  f.fma = (ecx & bit_FMA) != 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) f.avx2 = (ebx & bit_AVX2) != 0;
#endif
  return f;
}

}  // namespace

const CpuFeatures& cpu_features() {
  static const CpuFeatures features = probe();
  return features;
}

}  // namespace aem::detail
