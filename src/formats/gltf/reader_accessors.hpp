// glTF accessors decoded into plain arrays: strides, normalised integers, sparse substitution, all
// ranges checked against the buffer view's bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "aem/math.hpp"
#include "formats/gltf/reader_context.hpp"

namespace aem::formats::gltf {

enum ComponentType : std::uint32_t {
  kByte = 5120,
  kUByte = 5121,
  kShort = 5122,
  kUShort = 5123,
  kUInt = 5125,
  kFloat = 5126
};

struct AccessorInfo {
  std::uint32_t component_type = kFloat;
  int components = 1;  ///< 1 SCALAR, 2 VEC2, 3 VEC3, 4 VEC4, 16 MAT4...
  std::uint32_t count = 0;
  bool normalized = false;
};

/// The header of accessors[index], checked (known component type and type, count at least 1).
AccessorInfo accessor_info(Context& ctx, std::uint32_t index);

/// accessors[index] as count * components floats; normalised integers scale to [0, 1] or [-1, 1].
/// `use` is the JSON path that referred to it; `components` the element widths the use allows.
std::vector<float> read_floats(Context& ctx, std::uint32_t index, const std::string& use,
                               std::initializer_list<int> components);

/// accessors[index] as Vec2, Vec3 or Vec4 elements (read_floats without a copy into vectors); the
/// accessor's type must have as many components as V.
template <class V>
std::vector<V> read_vectors(Context& ctx, std::uint32_t index, const std::string& use);

/// accessors[index] of an unsigned integer type (indices, joints) as count * components values.
std::vector<std::uint32_t> read_uints(Context& ctx, std::uint32_t index, const std::string& use,
                                      std::initializer_list<int> components);

/// Receives an accessor's values a block of whole elements at a time; `first` is the position of the
/// block's first value among all of them (element index times components).
template <class T>
using ValueBlocks = std::function<void(std::size_t first, std::span<const T> values)>;

/// read_floats and read_uints handing the values over in blocks instead of one array, so that a
/// large attribute is never in memory whole beside what it is read into. Accessors with sparse values
/// or no buffer view come as one block.
void read_float_blocks(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> components,
                       const ValueBlocks<float>& visit);
void read_uint_blocks(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> components,
                      const ValueBlocks<std::uint32_t>& visit);

/// The accessor index a member names, with the member's path for messages.
std::uint32_t accessor_index(Context& ctx, const Json& member);

}  // namespace aem::formats::gltf
