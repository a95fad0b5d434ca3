# The renderer's sources for both OpenGL 3.3 core and WebGL 2, listed once for src/render/CMakeLists.txt
# and for the browser build (web/CMakeLists.txt). The offscreen target (multisampled renderbuffers read
# back into PNGs) serves `aem render` and the tests only: src/render/CMakeLists.txt adds it; the page
# draws into its canvas.
set(aem_render_sources
  render_scene.cpp
  camera.cpp
  gl_program.cpp
  shaders.cpp
  textures.cpp
  mesh_buffers.cpp
  lines.cpp
  renderer.cpp
  inspect_lines.cpp
  joint_pick.cpp
  debug_images.cpp
)
list(TRANSFORM aem_render_sources PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
