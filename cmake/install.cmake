# cmake --install: libraries, headers, the aem tool, a CMake package and pkg-config files.
#   find_package(aem)                     -> aem::aem (toolkit) and aem::runtime
#   find_package(aem COMPONENTS runtime)  -> aem::runtime only; needs no other package
#   pkg-config aem / aem-runtime          -> see docs/using.md for the static-library choice
include(CMakePackageConfigHelpers)
set(aem_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/aem)

install(TARGETS aem_runtime EXPORT aemRuntimeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT aemRuntimeTargets NAMESPACE aem:: DESTINATION ${aem_cmake_dir})
# aem/render.hpp belongs to the renderer layer, which is not installed.
install(DIRECTORY include/aem DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN render.hpp EXCLUDE)

# Packages aem::aem links privately (static library): consumers of the toolkit must find them too.
# Folders that add one call set_property(GLOBAL APPEND PROPERTY AEM_PACKAGE_DEPENDENCIES <package>).
set(AEM_TOOLKIT_FIND_DEPENDENCIES "")
set(AEM_PC_PRIVATE_LIBS "")
if(TARGET aem)
  install(TARGETS aem EXPORT aemTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT aemTargets NAMESPACE aem:: DESTINATION ${aem_cmake_dir})
  get_property(aem_dependencies GLOBAL PROPERTY AEM_PACKAGE_DEPENDENCIES)
  set(AEM_PC_PRIVATE_LIBS "-lfmt -lz")
  foreach(dep IN LISTS aem_dependencies)
    string(APPEND AEM_TOOLKIT_FIND_DEPENDENCIES "  find_dependency(${dep} CONFIG)\n")
    string(APPEND AEM_PC_PRIVATE_LIBS " -l${dep}")
  endforeach()
  foreach(lib IN LISTS CMAKE_DL_LIBS)  # dlopen: Assimp and meshoptimizer are loaded when first needed
    string(APPEND AEM_PC_PRIVATE_LIBS " -l${lib}")
  endforeach()
  string(APPEND AEM_PC_PRIVATE_LIBS " -pthread")
endif()

configure_package_config_file(cmake/aemConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/aemConfig.cmake
                              INSTALL_DESTINATION ${aem_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/aemConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aemConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/aemConfigVersion.cmake
              ${CMAKE_CURRENT_SOURCE_DIR}/cmake/AemModels.cmake
        DESTINATION ${aem_cmake_dir})

# pkg-config files locate the prefix from their own folder (${pcfiledir}), so any install prefix works.
set(aem_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH AEM_PC_PREFIX_FROM_PCFILEDIR /${aem_pc_dir} /)
string(REGEX REPLACE "/$" "" AEM_PC_PREFIX_FROM_PCFILEDIR "${AEM_PC_PREFIX_FROM_PCFILEDIR}")
set(aem_pc_files aem-runtime)
if(TARGET aem)
  list(APPEND aem_pc_files aem)
endif()
foreach(pc ${aem_pc_files})
  configure_file(cmake/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${aem_pc_dir})
endforeach()
