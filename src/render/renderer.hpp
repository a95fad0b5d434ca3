// Draws a scene with OpenGL 3.3 core or WebGL 2 (render/gl.hpp) into the framebuffer that is bound. Knows
// nothing of windows: the caller makes a context current (EGL headless, GLFW in the viewer).
#pragma once

#include "render/gl.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "render/camera.hpp"
#include "render/gl_program.hpp"
#include "render/lines.hpp"
#include "render/mesh_buffers.hpp"
#include "render/render_scene.hpp"
#include "render/textures.hpp"

namespace aem::render {

struct DrawOptions {
  Vec4 background{0.17f, 0.18f, 0.2f, 1.0f};  ///< clear colour as written to the image (sRGB), alpha 0 = transparent
  bool wireframe = false;                     ///< triangle edges only, unlit
  bool skeleton = false;                      ///< joint-to-parent lines over the model
  bool grid = true;                           ///< ground grid just under the lowest point of the animation being played
  bool wire_overlay = false;                  ///< triangle edges in a dark colour over the shading
  bool uv_checker = false;                 ///< a UV checker texture in place of every base colour (texture and factor)
  bool normals = false, tangents = false;  ///< short per-vertex lines along the posed normals / tangents
  std::int32_t selected_joint = -1;        ///< joint drawn highlighted over everything (-1: none)
};

class Renderer {
 public:
  /// Compiles the programs. Needs a current OpenGL 3.3 core context that outlives the renderer.
  static Result<std::unique_ptr<Renderer>> create();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;
  ~Renderer();

  /// Replaces the drawn scene by prepare_for_render(`scene`); textures named by file are looked up
  /// in `model_dir` (or `asset_root`, see ReadOptions::asset_root). Resets the pose to bind pose and
  /// every mesh/material to visible.
  void load(const Scene& scene, const std::filesystem::path& model_dir, const std::filesystem::path& asset_root = {});
  /// The prepared scene being drawn (meshes are the flattened instances).
  const Scene& scene() const { return scene_; }
  /// Box around the prepared scene at rest.
  const Bounds& rest_bounds() const { return rest_bounds_; }
  /// Box around every pose of `animation` (animation_bounds, computed once per animation): what a
  /// camera frames and what the grid sits under while that animation plays.
  const Bounds& animation_bounds(std::int32_t animation);

  /// Poses skeletal animation `animation` (out of range = bind pose) and vertex animation at `time`.
  void set_pose(std::int32_t animation, float time);
  const ScenePose& pose() const { return *pose_; }

  /// Per prepared mesh / per material (index materials.size() = meshes without a material).
  std::vector<bool> mesh_visible, material_visible;
  const TextureSet& textures() const { return textures_; }

  /// A region of the framebuffer in GL pixels (origin bottom left).
  struct Viewport {
    int x = 0, y = 0, width = 0, height = 0;
  };
  /// Clears the bound framebuffer and draws into its `width` x `height` pixels from the corner (0, 0).
  void draw(const Camera& camera, int width, int height, const DrawOptions& options) {
    draw(camera, Viewport{0, 0, width, height}, options);
  }
  /// Clears the whole bound framebuffer and draws the model into `viewport` (a viewer leaves room
  /// for its panel this way).
  void draw(const Camera& camera, const Viewport& viewport, const DrawOptions& options);

 private:
  Renderer(GlProgram mesh, GlProgram lines);
  void draw_meshes(bool blended_pass, const DrawOptions& options);
  /// The wire overlay, normal/tangent lines, skeleton and selected bone, each over what came before.
  void draw_overlays(const DrawOptions& options);

  GlProgram mesh_program_, line_program_;
  Scene scene_;
  std::optional<ScenePose> pose_;
  Bounds rest_bounds_;
  std::vector<std::optional<Bounds>> animation_bounds_;  // per animation, last = bind pose; filled on first use
  std::int32_t grid_animation_ = -2;                     // the animation the grid was placed for
  std::vector<MeshBuffers> meshes_;
  TextureSet textures_;
  LineBuffer grid_, skeleton_, directions_, highlight_;
  GLuint uv_checker_ = 0;
  // What directions_ holds: (normals, tangents) at the pose count below; rebuilt when either changes.
  std::optional<std::pair<bool, bool>> directions_for_;
  std::uint64_t pose_count_ = 0, directions_pose_ = 0;
  GLuint skin_texture_ = 0;
  std::vector<float> skin_rows_;                         // upload staging, kept to avoid an allocation per pose
  std::optional<std::pair<std::int32_t, float>> posed_;  // the (animation, time) last posed
};

}  // namespace aem::render
