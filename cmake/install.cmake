# cmake --install: libraries, headers, the aem tool, a CMake package (find_package(aem) -> aem::aem)
# and a pkg-config file.
include(CMakePackageConfigHelpers)

# Packages aem::aem links privately (static library): consumers must find them too. Folders that
# add one call set_property(GLOBAL APPEND PROPERTY AEM_PACKAGE_DEPENDENCIES <package>).
get_property(aem_dependencies GLOBAL PROPERTY AEM_PACKAGE_DEPENDENCIES)
set(AEM_EXTRA_FIND_DEPENDENCIES "")
set(AEM_PC_PRIVATE_LIBS "-lfmt")
foreach(dep IN LISTS aem_dependencies)
  string(APPEND AEM_EXTRA_FIND_DEPENDENCIES "find_dependency(${dep} CONFIG)\n")
  string(APPEND AEM_PC_PRIVATE_LIBS " -l${dep}")
endforeach()

install(TARGETS aem_runtime aem EXPORT aemTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/aem DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT aemTargets NAMESPACE aem:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aem)

configure_package_config_file(cmake/aemConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/aemConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aem)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/aemConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aemConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/aemConfigVersion.cmake
              ${CMAKE_CURRENT_SOURCE_DIR}/cmake/AemModels.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aem)

configure_file(cmake/aem.pc.in ${CMAKE_CURRENT_BINARY_DIR}/aem.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aem.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
