// The portable scan kernels, and the choice of the set for this CPU.
#define AEM_SCAN_ISA scan_portable
#include "formats/aem/scan_kernels_impl.hpp"

#include "core/cpu_features.hpp"

namespace aem::detail {

#if AEM_SCAN_AVX2
namespace scan_avx2 {  // scan_kernels_avx2.cpp
BlockScan scan_blocks(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones);
bool check_blocks(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones);
bool indices_below(const std::uint8_t* p, std::size_t n, std::uint32_t count);
bool words_finite(const std::uint8_t* p, std::size_t n);
bool keys_valid(const std::uint8_t* p, std::size_t n);
}  // namespace scan_avx2
#endif

const ScanKernels& ScanKernels::portable() {
  static const ScanKernels set{scan_portable::scan_blocks, scan_portable::check_blocks, scan_portable::indices_below,
                               scan_portable::words_finite, scan_portable::keys_valid};
  return set;
}

const ScanKernels& ScanKernels::best() {
#if AEM_SCAN_AVX2
  static const ScanKernels avx2_set{scan_avx2::scan_blocks, scan_avx2::check_blocks, scan_avx2::indices_below,
                                    scan_avx2::words_finite, scan_avx2::keys_valid};
  if (cpu_features().avx2) return avx2_set;
#endif
  return portable();
}

const ScanKernels& ScanKernels::for_bytes(std::size_t bytes) {
  // The portable loops check 64 KiB in a few microseconds, less than the probe best() may need.
  constexpr std::size_t kProbeRepaid = std::size_t{64} << 10;
  return bytes < kProbeRepaid ? portable() : best();
}

}  // namespace aem::detail
