// Accessor decoding (see reader_accessors.hpp).
#include "formats/gltf/reader_accessors.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

namespace aem::formats::gltf {
namespace {

std::uint32_t component_size(std::uint32_t type) {
  switch (type) {
    case kByte:
    case kUByte:
      return 1;
    case kShort:
    case kUShort:
      return 2;
    case kUInt:
    case kFloat:
      return 4;
    default:
      return 0;
  }
}

int type_components(std::string_view type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  if (type == "MAT2") return 4;
  if (type == "MAT3") return 9;
  if (type == "MAT4") return 16;
  return 0;
}

/// One component of source type S as T; integers normalised when asked (glTF 2.0 §3.11 equations).
template <class T, class S>
T convert(S v, bool normalized) {
  if constexpr (std::is_same_v<T, float>) {
    const float f = static_cast<float>(v);
    if (!normalized) return f;
    if constexpr (std::is_same_v<S, std::int8_t>) return std::max(f / 127.0f, -1.0f);
    if constexpr (std::is_same_v<S, std::uint8_t>) return f / 255.0f;
    if constexpr (std::is_same_v<S, std::int16_t>) return std::max(f / 32767.0f, -1.0f);
    if constexpr (std::is_same_v<S, std::uint16_t>) return f / 65535.0f;
    if constexpr (std::is_same_v<S, std::uint32_t>) return f / 4294967295.0f;
    return f;
  } else {
    return static_cast<T>(v);
  }
}

/// `count` elements of `components` components of type S, `stride` bytes apart, decoded into `out`.
/// A packed source already of the target type (float positions, uint32 indices: the common case) is
/// one copy; other packed sources (uint16 joints) one flat loop the compiler vectorises.
template <class T, class S>
void decode_elements(const std::byte* base, std::uint64_t stride, std::uint32_t count, int components, bool normalized,
                     T* out) {
  const std::size_t values = static_cast<std::size_t>(count) * components;
  if (stride == sizeof(S) * components) {
    if constexpr (std::is_same_v<T, S>) {
      std::memcpy(out, base, values * sizeof(T));
    } else {
      for (std::size_t k = 0; k < values; ++k) {
        S v;
        std::memcpy(&v, base + k * sizeof(S), sizeof(S));
        out[k] = convert<T>(v, normalized);
      }
    }
    return;
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::byte* p = base + stride * i;
    for (int c = 0; c < components; ++c) {
      S v;
      std::memcpy(&v, p + c * sizeof(S), sizeof(S));
      out[static_cast<std::size_t>(i) * components + c] = convert<T>(v, normalized);
    }
  }
}

/// The stride of `count` elements of `components` components at `offset` of a view, after checking
/// that they lie inside it (sparse parts are always packed).
std::uint64_t checked_stride(Context& ctx, const std::string& path, std::uint32_t view_index, std::uint64_t offset,
                             std::uint32_t count, int components, std::uint32_t type, bool sparse_part) {
  const ViewBytes& view = ctx.view(view_index);
  const std::uint64_t element = static_cast<std::uint64_t>(component_size(type)) * components;
  const std::uint64_t stride = (view.stride && !sparse_part) ? view.stride : element;
  if (stride < element)
    ctx.fail("GLTF_RANGE", path,
             "bufferViews[" + std::to_string(view_index) + "].byteStride " + std::to_string(view.stride) +
                 " is smaller than one element (" + std::to_string(element) + " bytes)");
  const std::uint64_t needed = offset + stride * (count - 1) + element;
  if (needed > view.bytes.size())
    ctx.fail("GLTF_RANGE", path,
             std::to_string(count) + " elements from byte " + std::to_string(offset) + " need " +
                 std::to_string(needed) + " bytes of bufferViews[" + std::to_string(view_index) + "], which has " +
                 std::to_string(view.bytes.size()),
             view.file_offset ? std::optional<std::uint64_t>(*view.file_offset + offset) : std::nullopt);
  return stride;
}

template <class T>
using Decoder = void (*)(const std::byte* base, std::uint64_t stride, std::uint32_t count, int components,
                         bool normalized, T* out);

/// The decoder of components of glTF type `type` into T. Float sources only for float targets: the
/// unsigned-integer uses checked their type before.
template <class T>
Decoder<T> decoder_for(std::uint32_t type) {
  switch (type) {
    case kByte:
      return decode_elements<T, std::int8_t>;
    case kUByte:
      return decode_elements<T, std::uint8_t>;
    case kShort:
      return decode_elements<T, std::int16_t>;
    case kUShort:
      return decode_elements<T, std::uint16_t>;
    case kFloat:
      if constexpr (std::is_same_v<T, float>) return decode_elements<T, float>;
      [[fallthrough]];
    default:
      return decode_elements<T, std::uint32_t>;
  }
}

/// Source bytes decoded between two hand-backs of the input (Context::done_with): a mapped file then
/// holds about this much beside the arrays being filled, at one madvise per block.
constexpr std::uint64_t kBlockBytes = 1 << 20;

/// Decodes `count` elements of `components` components from a view starting at `offset`, a block at a
/// time: `place(first, n)` says where elements [first, first + n) go, `decoded(first, n, values)` sees
/// them once there.
template <class T, class Place, class Decoded>
void decode_blocks(Context& ctx, const std::string& path, std::uint32_t view_index, std::uint64_t offset,
                   std::uint32_t count, int components, std::uint32_t type, bool normalized, bool sparse_part,
                   Place&& place, Decoded&& decoded) {
  const std::uint64_t stride = checked_stride(ctx, path, view_index, offset, count, components, type, sparse_part);
  const std::uint64_t element = static_cast<std::uint64_t>(component_size(type)) * components;
  const std::byte* base = ctx.view(view_index).bytes.data() + offset;
  const Decoder<T> decode = decoder_for<T>(type);
  const std::uint64_t block = std::max<std::uint64_t>(1, kBlockBytes / stride);
  // Each hand-back starts at the previous block, so the page two blocks share is given back too.
  const std::byte* handed_from = base;
  for (std::uint64_t first = 0; first < count; first += block) {
    const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(block, count - first));
    const std::byte* at = base + stride * first;
    T* values = place(first, n);
    decode(at, stride, n, components, normalized, values);
    decoded(first, n, values);
    const std::byte* end = at + stride * (n - 1) + element;
    ctx.done_with({handed_from, end});
    handed_from = at;
  }
}

/// Reads `count` elements of `components` components from a view starting at `offset` into `out`.
template <class T>
void read_elements(Context& ctx, const std::string& path, std::uint32_t view_index, std::uint64_t offset,
                   std::uint32_t count, int components, std::uint32_t type, bool normalized, bool sparse_part, T* out) {
  decode_blocks<T>(
      ctx, path, view_index, offset, count, components, type, normalized, sparse_part,
      [&](std::uint64_t first, std::uint32_t) { return out + first * components; },
      [](std::uint64_t, std::uint32_t, const T*) {});
}

/// An accessor that check_accessor accepted, with what decoding it needs.
struct CheckedAccessor {
  AccessorInfo info;
  Json json;
  std::string path;
  std::optional<std::uint32_t> view;
  std::uint64_t offset = 0;
};

/// accessors[index] checked for a use of T values (float or uint32) in elements of `allowed` widths;
/// the bytes it needs are checked against its view (or charged, when it has none) before anything
/// is allocated for it.
template <class T>
CheckedAccessor check_accessor(Context& ctx, std::uint32_t index, const std::string& use,
                               std::initializer_list<int> allowed) {
  CheckedAccessor c{accessor_info(ctx, index),
                    ctx.root["accessors"][index],
                    use + " (accessors[" + std::to_string(index) + "])",
                    {},
                    0};
  if (std::find(allowed.begin(), allowed.end(), c.info.components) == allowed.end())
    ctx.fail("GLTF_BAD_VALUE", c.path, "accessor type does not fit this use");
  if constexpr (!std::is_same_v<T, float>)
    if (c.info.component_type != kUByte && c.info.component_type != kUShort && c.info.component_type != kUInt)
      ctx.fail("GLTF_BAD_VALUE", c.path, "needs an unsigned integer component type");
  c.view = ctx.optional_index(c.json["bufferView"], "bufferViews");
  if (c.view) {
    c.offset = ctx.uint(c.json["byteOffset"], 0, UINT32_MAX);
    // Checked against the view before allocating: a lying count fails here.
    checked_stride(ctx, c.path, *c.view, c.offset, c.info.count, c.info.components, c.info.component_type, false);
  } else {
    // No data behind it: zeros (plus sparse values).
    ctx.spend(static_cast<std::uint64_t>(c.info.count) * c.info.components * sizeof(T), c.path);
  }
  return c;
}

/// Decodes a checked accessor into `out`, T values stored as elements of E: E is T, or a vector type
/// of T whose width the only allowed component count must be.
template <class T, class E>
void fill_values(Context& ctx, const CheckedAccessor& c, std::vector<E>& out) {
  static_assert(sizeof(E) % sizeof(T) == 0);
  const AccessorInfo& info = c.info;
  const std::uint64_t total = static_cast<std::uint64_t>(info.count) * info.components;
  out.assign(total / (sizeof(E) / sizeof(T)), E{});
  T* values = reinterpret_cast<T*>(out.data());
  if (c.view)
    read_elements(ctx, c.path, *c.view, c.offset, info.count, info.components, info.component_type, info.normalized,
                  false, values);
  if (const Json sparse = c.json["sparse"]; sparse.exists()) {
    const std::uint64_t n = ctx.uint(sparse["count"], 0, info.count);
    if (n == 0) ctx.fail("GLTF_BAD_VALUE", sparse.path() + ".count", "must be 1 to the accessor's count");
    const Json ij = sparse["indices"], vj = sparse["values"];
    const std::uint32_t itype = static_cast<std::uint32_t>(ctx.uint(ij["componentType"], 0, kFloat));
    if (itype != kUByte && itype != kUShort && itype != kUInt)
      ctx.fail("GLTF_BAD_VALUE", ij.path() + ".componentType", "sparse indices must be unsigned integers");
    std::vector<std::uint32_t> indices(n);
    read_elements(ctx, ij.path(), ctx.index(ij["bufferView"], "bufferViews"), ctx.uint(ij["byteOffset"], 0, UINT32_MAX),
                  static_cast<std::uint32_t>(n), 1, itype, false, true, indices.data());
    std::vector<T> replaced(n * info.components);
    read_elements(ctx, vj.path(), ctx.index(vj["bufferView"], "bufferViews"), ctx.uint(vj["byteOffset"], 0, UINT32_MAX),
                  static_cast<std::uint32_t>(n), info.components, info.component_type, info.normalized, true,
                  replaced.data());
    for (std::size_t k = 0; k < n; ++k) {
      if (indices[k] >= info.count)
        ctx.fail("GLTF_INDEX_OUT_OF_RANGE", ij.path(),
                 "sparse index " + std::to_string(indices[k]) + " is past the accessor's " +
                     std::to_string(info.count) + " elements");
      std::copy_n(replaced.begin() + k * info.components, info.components,
                  values + static_cast<std::size_t>(indices[k]) * info.components);
    }
  }
}

/// Decodes accessors[index] into `out` (see fill_values).
template <class T, class E>
void read_values(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> allowed,
                 std::vector<E>& out) {
  fill_values<T>(ctx, check_accessor<T>(ctx, index, use, allowed), out);
}

/// accessors[index] handed to `visit` a block at a time through one reused buffer; an accessor with
/// sparse values or no view is decoded whole and handed over as one block.
template <class T>
void read_blocks(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> allowed,
                 const ValueBlocks<T>& visit) {
  const CheckedAccessor c = check_accessor<T>(ctx, index, use, allowed);
  if (!c.view || c.json["sparse"].exists()) {
    std::vector<T> all;
    fill_values<T>(ctx, c, all);
    visit(0, all);
    return;
  }
  const int components = c.info.components;
  std::vector<T> buffer;
  decode_blocks<T>(
      ctx, c.path, *c.view, c.offset, c.info.count, components, c.info.component_type, c.info.normalized, false,
      [&](std::uint64_t, std::uint32_t n) {
        if (buffer.empty()) buffer.resize(static_cast<std::size_t>(n) * components);  // the first block is the largest
        return buffer.data();
      },
      [&](std::uint64_t first, std::uint32_t n, const T* values) {
        visit(static_cast<std::size_t>(first) * components,
              std::span(values, static_cast<std::size_t>(n) * components));
      });
}

}  // namespace

AccessorInfo accessor_info(Context& ctx, std::uint32_t index) {
  const Json a = ctx.root["accessors"][index];
  if (!a.is_object()) ctx.fail("GLTF_BAD_VALUE", a.path(), "must be an object");
  AccessorInfo info;
  info.component_type = static_cast<std::uint32_t>(ctx.uint(a["componentType"], 0, UINT32_MAX));
  if (component_size(info.component_type) == 0)
    ctx.fail("GLTF_BAD_VALUE", a.path() + ".componentType",
             "unknown component type " + std::to_string(info.component_type));
  info.components = type_components(a["type"].string());
  if (info.components == 0) ctx.fail("GLTF_BAD_VALUE", a.path() + ".type", "unknown accessor type");
  if (info.components > 4 && info.components != 16 && info.component_type != kFloat)
    ctx.fail("GLTF_UNSUPPORTED", a.path() + ".type", "padded integer matrices are not read");
  info.count = static_cast<std::uint32_t>(ctx.uint(a["count"], 0, UINT32_MAX));
  if (info.count == 0) ctx.fail("GLTF_BAD_VALUE", a.path() + ".count", "must be at least 1");
  info.normalized = a["normalized"].boolean();
  return info;
}

std::uint32_t accessor_index(Context& ctx, const Json& member) { return ctx.index(member, "accessors"); }

std::vector<float> read_floats(Context& ctx, std::uint32_t index, const std::string& use,
                               std::initializer_list<int> components) {
  std::vector<float> out;
  read_values<float>(ctx, index, use, components, out);
  return out;
}

template <class V>
std::vector<V> read_vectors(Context& ctx, std::uint32_t index, const std::string& use) {
  std::vector<V> out;
  read_values<float>(ctx, index, use, {static_cast<int>(sizeof(V) / sizeof(float))}, out);
  return out;
}
template std::vector<Vec2> read_vectors<Vec2>(Context&, std::uint32_t, const std::string&);
template std::vector<Vec3> read_vectors<Vec3>(Context&, std::uint32_t, const std::string&);
template std::vector<Vec4> read_vectors<Vec4>(Context&, std::uint32_t, const std::string&);

std::vector<std::uint32_t> read_uints(Context& ctx, std::uint32_t index, const std::string& use,
                                      std::initializer_list<int> components) {
  std::vector<std::uint32_t> out;
  read_values<std::uint32_t>(ctx, index, use, components, out);
  return out;
}

void read_float_blocks(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> components,
                       const ValueBlocks<float>& visit) {
  read_blocks<float>(ctx, index, use, components, visit);
}

void read_uint_blocks(Context& ctx, std::uint32_t index, const std::string& use, std::initializer_list<int> components,
                      const ValueBlocks<std::uint32_t>& visit) {
  read_blocks<std::uint32_t>(ctx, index, use, components, visit);
}

}  // namespace aem::formats::gltf
