// fmt's compiled functions (vformat, vprint and their helpers) built into the tool from fmt's own
// headers, so that the tool starts without loading libfmt.so: one shared library fewer for the dynamic
// loader to open, map and relocate at every start (docs/performance.md). apps/aem/CMakeLists.txt adds
// this file only when fmt is a shared library; the libraries and their other users keep linking it.
#include <fmt/format.h>
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
// Declared extern in fmt's headers (the shared library holds them), so they are instantiated here.
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
}  // namespace detail
FMT_END_NAMESPACE
