// The vector loops behind SectionScan, built for every target and, on x86-64, once more for AVX2 in
// a file of its own (GCC keeps 256-bit vector types in 256-bit registers only when the whole file is
// compiled for AVX). SectionScan uses the best set the CPU runs; the tests run every set.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aem::detail {

inline constexpr int kScanBlockVertices = 8;  ///< scan_blocks takes vertices in blocks of eight

/// What scan_blocks found in the blocks it was given.
struct BlockScan {
  bool valid;                            ///< every float finite, every bone index -1 or a bone
  std::uint8_t odd_weights, odd_normal;  ///< bit i set: vertex i of some block is such an oddity
};

struct ScanKernels {
  /// Checks `blocks` blocks of eight vertices at p (any alignment) whose bone indices must be -1 or
  /// below `bones`; skinned vertices whose weights do not sum to 1 and normals that are not unit
  /// length are oddities.
  BlockScan (*scan_blocks)(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones);
  /// scan_blocks' `valid` alone, without looking for oddities (about half the work).
  bool (*check_blocks)(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones);
  /// True when each of the n 32-bit indices at p is below `count`.
  bool (*indices_below)(const std::uint8_t* p, std::size_t n, std::uint32_t count);
  /// True when none of the n 32-bit words at p is a NaN or infinite float.
  bool (*words_finite)(const std::uint8_t* p, std::size_t n);
  /// True when the n 20-byte keyframes at p hold no NaN or infinite float and their times (each
  /// record's first word) never decrease from one key to the next.
  bool (*keys_valid)(const std::uint8_t* p, std::size_t n);

  /// The set every CPU of the target runs.
  static const ScanKernels& portable();
  /// The fastest set this CPU runs.
  static const ScanKernels& best();
  /// best() for work of `bytes` bytes that repays asking the CPU for its features (each CPUID traps
  /// to the hypervisor on a virtual machine, tens of microseconds), else portable().
  static const ScanKernels& for_bytes(std::size_t bytes);
};

}  // namespace aem::detail
