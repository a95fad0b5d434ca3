# The AEM sources of the runtime library (view, load, C API, the legacy layout), listed once for
# aem_runtime in src/CMakeLists.txt and for the browser build in web/CMakeLists.txt. The AVX2 scan
# kernels are added by src/CMakeLists.txt on x86-64 only.
set(aem_runtime_format_sources view model section_scan scan_kernels c_api layout_detect legacy_view legacy_animator)
list(TRANSFORM aem_runtime_format_sources PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
list(TRANSFORM aem_runtime_format_sources APPEND .cpp)
