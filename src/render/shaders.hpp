// GLSL sources of the renderer's programs, without a #version line: build_program puts the target's
// first (330 core on the desktop, 300 es in the browser) and defines SKIN_JOINTS_PER_ROW.
#pragma once

namespace aem::render::shaders {

/// Skin matrices per row of the skin texture (3 texels each): rows stay within every GL's size limit.
inline constexpr int kSkinJointsPerRow = 256;

/// Mesh: skinning (rigid joint, then up to 8 weighted joints from a float texture holding the first three rows
/// of every skin matrix (kSkinJointsPerRow matrices a texture row)).
extern const char* const kMeshVertex;
/// Mesh: metallic-roughness shading with a key light, a fill light and hemisphere ambient; or a flat
/// colour (wireframe).
extern const char* const kMeshFragment;
/// Lines with a colour per vertex (grid, skeleton).
extern const char* const kLineVertex;
extern const char* const kLineFragment;

}  // namespace aem::render::shaders
