// EXT_meshopt_compression: a buffer view's bytes decoded from its compressed range. A separate file so
// that a build without meshoptimizer (the browser's) replaces it with one that reports the extension.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "formats/gltf/reader_context.hpp"

namespace aem::formats::gltf {

/// Decodes `count` elements of `stride` bytes (count * stride bytes, checked by the caller) from `src`
/// into `dst` with the mode and filter that `ext` names. Fails with GLTF_BAD_VALUE on a mode or filter
/// that does not fit the stride, with GLTF_DECODE when the data does not decode.
void decode_meshopt(Context& ctx, const Json& ext, std::span<const std::byte> src, std::byte* dst, std::uint64_t count,
                    std::uint64_t stride, const std::string& mode, const std::string& filter);

}  // namespace aem::formats::gltf
