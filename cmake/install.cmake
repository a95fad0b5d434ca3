# cmake --install: libraries, headers, the aem tool, a CMake package (find_package(aem) -> aem::aem)
# and a pkg-config file.
include(CMakePackageConfigHelpers)

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
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aem)

configure_file(cmake/aem.pc.in ${CMAKE_CURRENT_BINARY_DIR}/aem.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aem.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
