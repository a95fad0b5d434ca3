// Shared libraries opened when first needed (dlopen) instead of linked: a library that is linked is
// loaded and relocated at every start of every program, and with it the C++ runtime it needs.
#pragma once

#include <string>

namespace aem::detail {

/// A table of functions bound from a shared library, or why there is none.
template <class Functions>
struct LibraryTable {
  Functions functions{};
  bool ok = false;
  std::string why;
};

/// The environment variable `variable`'s value when it is set and not empty, else `built_with` (the
/// soname this build was compiled against): a user's way to another build of the library.
std::string library_name(const char* variable, const char* built_with);

/// `name` (a soname or a path) opened with RTLD_NOW | RTLD_LOCAL and never closed; null when it
/// cannot be, `why` then says why (the dynamic loader's message).
void* open_shared_library(const std::string& name, std::string& why);

/// The address of `symbol` in `library`, as a pointer of `to`'s type; false (and `why` naming the
/// symbol) when the library has none.
bool bind_symbol(void* library, const char* symbol, void*& to, std::string& why);

template <class F>
bool bind_symbol(void* library, const char* symbol, F& to, std::string& why) {
  void* address = nullptr;
  if (!bind_symbol(library, symbol, address, why)) return false;
  to = reinterpret_cast<F>(address);
  return true;
}

/// `name` opened and its functions bound by `bind_all(bind, functions)`, which calls
/// `bind(symbol, functions.member)` for each and returns whether all were found. On failure `why`
/// names the library and the missing symbol, or gives the loader's message.
template <class Functions, class BindAll>
LibraryTable<Functions> load_library_table(const std::string& name, BindAll bind_all) {
  LibraryTable<Functions> out;
  void* library = open_shared_library(name, out.why);
  if (!library) return out;
  const auto bind = [&](const char* symbol, auto& to) { return bind_symbol(library, symbol, to, out.why); };
  out.ok = bind_all(bind, out.functions);
  if (!out.ok) out.why = name + ": " + out.why;
  return out;  // the library stays open: the table points into it
}

}  // namespace aem::detail
