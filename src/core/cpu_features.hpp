// The instruction-set extensions the vector kernels choose by, asked of the CPU when first needed.
// Not __builtin_cpu_supports: linking it adds libgcc's probe as a constructor that runs at every
// program start, and each CPUID it issues traps to the hypervisor on a virtual machine.
#pragma once

namespace aem::detail {

struct CpuFeatures {
  bool avx2 = false;  ///< AVX2, with the OS saving the 256-bit registers
  bool fma = false;   ///< FMA3, on the same condition
};

/// This CPU's features (all false off x86); probed on the first call, safe from any thread.
const CpuFeatures& cpu_features();

}  // namespace aem::detail
