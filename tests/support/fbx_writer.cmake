# The tests' FBX writer (support/fbx_*.cpp, standalone C++): the FBX files the tests make, and the FBX
# fuzz target's seeds (fuzz/make_fbx_seeds). Included by tests/ and fuzz/: the first defines the library
# and a build with both compiles it once.
if(NOT TARGET aem_fbx_writer)
  set(aem_fbx_writer_sources fbx_builder fbx_layout_common fbx_layout_6100 fbx_layout_7000 fbx_tree_ascii
                             fbx_tree_binary fbx_samples)
  list(TRANSFORM aem_fbx_writer_sources REPLACE "(.+)" "${CMAKE_CURRENT_LIST_DIR}/\\1.cpp")
  add_library(aem_fbx_writer STATIC ${aem_fbx_writer_sources})
  cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH tests_dir)
  target_include_directories(aem_fbx_writer PUBLIC ${tests_dir})
endif()
