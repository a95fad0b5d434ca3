#include "core/shared_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace aem::detail {

std::string library_name(const char* variable, const char* built_with) {
  const char* chosen = std::getenv(variable);
  return chosen && *chosen ? chosen : built_with;
}

void* open_shared_library(const std::string& name, std::string& why) {
  // RTLD_LOCAL: its symbols serve only the calls bound below, never a later library's look-ups.
  void* library = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* error = ::dlerror();
    why = error ? error : "dlopen failed";
  }
  return library;
}

bool bind_symbol(void* library, const char* symbol, void*& to, std::string& why) {
  to = ::dlsym(library, symbol);
  if (!to) why = std::string("it has no ") + symbol;
  return to != nullptr;
}

}  // namespace aem::detail
