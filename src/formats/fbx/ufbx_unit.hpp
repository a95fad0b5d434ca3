// ufbx (third_party/ufbx, v0.23.0) compiled into the including translation unit with internal linkage:
// every ufbx function is static and every constant sits in an unnamed namespace, so nothing named
// ufbx_* leaves the library and a program linking its own ufbx does not clash with ours.
// Include it from exactly one .cpp per binary part that calls ufbx (the FBX reader; test tools).
#pragma once

// What ufbx.c includes, included first at global scope: inside the namespace below their include
// guards then make them no-ops.
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <new>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

// Functions: static. Constants: declared and defined with C++ language linkage, which inside an
// unnamed namespace means internal linkage (with C linkage they would be exported).
#define ufbx_abi static
// Where in ufbx a file was refused (the innermost check), for error messages.
#define UFBX_ENABLE_ERROR_STACK
#define ufbx_abi_data extern "C++"
#define ufbx_abi_data_definition
#define ufbx_abi_data_def extern "C++"

#pragma GCC diagnostic push
#if defined(__clang__)
#pragma GCC diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic ignored "-Wextra"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wcast-function-type"
#pragma GCC diagnostic ignored "-Wclass-memaccess"
namespace aem::ufbx_internal {
namespace {
#include "../../../third_party/ufbx/ufbx.c"
}  // namespace
}  // namespace aem::ufbx_internal
#pragma GCC diagnostic pop
