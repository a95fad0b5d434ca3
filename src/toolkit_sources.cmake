# The toolkit library aem's own sources (scene helpers, the format table, read_scene / write_scene), listed
# once for src/CMakeLists.txt and for the browser build (web/CMakeLists.txt). Each format folder under
# formats/ adds its reader and writer to the aem target itself, and so does src/convert/ (native only).
set(aem_toolkit_sources
  animation/scene_animator.cpp
  animation/sample_lanes.cpp
  core/scene.cpp
  core/morph_bake.cpp
  core/flatten.cpp
  core/validate.cpp
  core/finite.cpp
  core/side_files.cpp
  core/example.cpp
  core/conventions.cpp
  core/skinning.cpp
  core/node_skeleton.cpp
  core/influences.cpp
  core/image.cpp
  core/metallic_roughness.cpp
  core/mesh_remap.cpp
  core/weld.cpp
  core/lod_join.cpp
  core/side_textures.cpp
  core/source_space.cpp
  core/vertex_normals.cpp
  core/json_writer.cpp
  io/registry.cpp
  io/io.cpp
  io/isolation.cpp
  io/read_worker.cpp
  io/data_kinds.cpp
  io/vertex_animation_fit.cpp
  io/mapped_aem.cpp
  io/validate_file.cpp
)
list(TRANSFORM aem_toolkit_sources PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
