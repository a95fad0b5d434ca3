// NumPy arrays over memory a C++ object owns, without copying: each array's base is a capsule holding a
// shared_ptr to the owner, so the owner lives as long as any array over it.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace aem::python {

enum class Access { ReadOnly, Writable };

/// An array of `dtype` and `shape` over `data` with byte `strides`, keeping `owner` alive. ReadOnly
/// arrays refuse writes (index arrays, whose values the library trusts; mapped files).
inline pybind11::array view_of(const std::shared_ptr<const void>& owner, const pybind11::dtype& dtype, const void* data,
                               std::vector<pybind11::ssize_t> shape, std::vector<pybind11::ssize_t> strides,
                               Access access) {
  auto* kept = new std::shared_ptr<const void>(owner);
  pybind11::capsule base(kept, [](void* p) { delete static_cast<std::shared_ptr<const void>*>(p); });
  pybind11::array out(dtype, std::move(shape), std::move(strides), const_cast<void*>(data), base);
  if (access == Access::ReadOnly) out.attr("flags").attr("writeable") = false;
  return out;
}

/// view_of for arrays of T.
template <class T>
pybind11::array view(const std::shared_ptr<const void>& owner, const T* data, std::vector<pybind11::ssize_t> shape,
                     std::vector<pybind11::ssize_t> strides, Access access) {
  return view_of(owner, pybind11::dtype::of<T>(), data, std::move(shape), std::move(strides), access);
}

/// A (count, components) array over `count` records of `stride` bytes each holding `components`
/// consecutive values of T at `first` (e.g. the positions of a std::vector<Vec3>, or one field of a struct).
template <class T>
pybind11::array records(const std::shared_ptr<const void>& owner, const T* first, std::size_t count, std::size_t stride,
                        pybind11::ssize_t components, Access access) {
  const auto n = static_cast<pybind11::ssize_t>(count);
  return view<T>(owner, first, {n, components},
                 {static_cast<pybind11::ssize_t>(stride), static_cast<pybind11::ssize_t>(sizeof(T))}, access);
}

/// A (count,) array over one value of T per record of `stride` bytes.
template <class T>
pybind11::array column(const std::shared_ptr<const void>& owner, const T* first, std::size_t count, std::size_t stride,
                       Access access) {
  return view<T>(owner, first, {static_cast<pybind11::ssize_t>(count)}, {static_cast<pybind11::ssize_t>(stride)},
                 access);
}

/// A (count, 4, 4) array of matrices in row/column order (m[i][row][col]) over column-major 4x4 float
/// matrices that start `stride` bytes apart (aem::Mat4 arrays, or a field of a struct).
inline pybind11::array matrices(const std::shared_ptr<const void>& owner, const float* first, std::size_t count,
                                std::size_t stride, Access access) {
  return view<float>(owner, first, {static_cast<pybind11::ssize_t>(count), 4, 4},
                     {static_cast<pybind11::ssize_t>(stride), sizeof(float), 4 * sizeof(float)}, access);
}

/// A new array that owns `values` (moved into its base, no copy).
template <class T>
std::shared_ptr<const void> owned(std::vector<T> values) {
  return std::make_shared<const std::vector<T>>(std::move(values));
}

}  // namespace aem::python
