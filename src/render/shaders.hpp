// GLSL 3.30 core sources of the renderer's programs.
#pragma once

namespace aem::render::shaders {

/// Mesh: skinning (rigid joint, then up to 8 weighted joints from a buffer texture holding the first three rows
/// of every skin matrix).
extern const char* const kMeshVertex;
/// Mesh: metallic-roughness shading with a key light, a fill light and hemisphere ambient; or a flat
/// colour (wireframe).
extern const char* const kMeshFragment;
/// Lines with a colour per vertex (grid, skeleton).
extern const char* const kLineVertex;
extern const char* const kLineFragment;

}  // namespace aem::render::shaders
