// The scan kernels built for AVX2 (this file only is compiled with -mavx2; see src/CMakeLists.txt).
#define AEM_SCAN_ISA scan_avx2
#include "formats/aem/scan_kernels_impl.hpp"
