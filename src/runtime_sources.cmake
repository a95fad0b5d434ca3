# The sources of the runtime library aem_runtime (AEM view and loading, the legacy layout, animation
# evaluation, math, errors, the C API), listed once for src/CMakeLists.txt and for the browser build
# (web/CMakeLists.txt). The AVX2 scan kernels are added by src/CMakeLists.txt on x86-64 only.
set(aem_runtime_sources
  core/math.cpp
  core/error.cpp
  core/file.cpp
  core/cpu_features.cpp
  formats/aem/view.cpp
  formats/aem/model.cpp
  formats/aem/section_scan.cpp
  formats/aem/scan_kernels.cpp
  formats/aem/c_api.cpp
  formats/aem/layout_detect.cpp
  formats/aem/legacy_view.cpp
  formats/aem/legacy_animator.cpp
  animation/aem_animator.cpp
  animation/clip.cpp
  animation/isa.cpp
  animation/parents_first.cpp
)
list(TRANSFORM aem_runtime_sources PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
