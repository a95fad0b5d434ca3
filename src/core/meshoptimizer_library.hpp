// meshoptimizer's functions, loaded when a conversion first needs them (vertex cache optimisation, CEM
// levels of detail, EXT_meshopt_compression). Linked, libmeshoptimizer brought the shared C++ runtime
// into every start of the tool, which costs a small conversion more than its own work.
#pragma once

#include <cstddef>
#include <string_view>

#include "aem/error.hpp"

namespace aem::detail {

/// The meshoptimizer functions the library calls, with meshoptimizer.h's C signatures.
struct MeshoptimizerLibrary {
  int (*decode_vertex_buffer)(void* destination, std::size_t vertex_count, std::size_t vertex_size,
                              const unsigned char* buffer, std::size_t buffer_size);
  int (*decode_index_buffer)(void* destination, std::size_t index_count, std::size_t index_size,
                             const unsigned char* buffer, std::size_t buffer_size);
  int (*decode_index_sequence)(void* destination, std::size_t index_count, std::size_t index_size,
                               const unsigned char* buffer, std::size_t buffer_size);
  void (*decode_filter_oct)(void* buffer, std::size_t count, std::size_t stride);
  void (*decode_filter_quat)(void* buffer, std::size_t count, std::size_t stride);
  void (*decode_filter_exp)(void* buffer, std::size_t count, std::size_t stride);
  void (*optimize_vertex_cache)(unsigned int* destination, const unsigned int* indices, std::size_t index_count,
                                std::size_t vertex_count);
  std::size_t (*optimize_vertex_fetch_remap)(unsigned int* destination, const unsigned int* indices,
                                             std::size_t index_count, std::size_t vertex_count);
  void (*remap_index_buffer)(unsigned int* destination, const unsigned int* indices, std::size_t index_count,
                             const unsigned int* remap);
  std::size_t (*simplify)(unsigned int* destination, const unsigned int* indices, std::size_t index_count,
                          const float* vertex_positions, std::size_t vertex_count, std::size_t vertex_positions_stride,
                          std::size_t target_index_count, float target_error, unsigned int options,
                          float* result_error);
};

/// The library, loaded on the first call (thread-safe) and kept for the life of the process: the
/// AEM_MESHOPTIMIZER_LIBRARY environment variable's file or name when set, else the soname this build
/// was compiled against. When it cannot be loaded or lacks a function: MESHOPTIMIZER_UNAVAILABLE, whose
/// message names `step` (what needed it, e.g. "optimising meshes") and the loader's reason.
Result<const MeshoptimizerLibrary*> meshoptimizer_for(std::string_view step);

}  // namespace aem::detail
