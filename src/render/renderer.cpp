#include "render/renderer.hpp"

#include "render/debug_images.hpp"
#include "render/inspect_lines.hpp"
#include "render/shaders.hpp"

namespace aem::render {
namespace {

enum TextureUnit : GLint { kBaseUnit = 0, kNormalUnit, kOrmUnit, kOcclusionUnit, kEmissiveUnit, kSkinUnit };

void bind_texture(TextureUnit unit, GLuint texture, GLuint fallback) {
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, texture ? texture : fallback);
}

}  // namespace

Result<std::unique_ptr<Renderer>> Renderer::create() {
  auto mesh = build_program("mesh", shaders::kMeshVertex, shaders::kMeshFragment);
  if (!mesh) return mesh.error();
  auto lines = build_program("lines", shaders::kLineVertex, shaders::kLineFragment);
  if (!lines) return lines.error();
  return std::unique_ptr<Renderer>(new Renderer(std::move(mesh.value()), std::move(lines.value())));
}

Renderer::Renderer(GlProgram mesh, GlProgram lines) : mesh_program_(std::move(mesh)), line_program_(std::move(lines)) {
  glGenTextures(1, &skin_texture_);
  glBindTexture(GL_TEXTURE_2D, skin_texture_);
  // Read with texelFetch only; float textures need not be filterable (WebGL 2).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  uv_checker_ = upload_texture(uv_checker_image(), GL_SRGB8_ALPHA8, true);
  const GLuint program = mesh_program_.id();
  glUseProgram(program);
  glUniform1i(mesh_program_.uniform("u_base_texture"), kBaseUnit);
  glUniform1i(mesh_program_.uniform("u_normal_texture"), kNormalUnit);
  glUniform1i(mesh_program_.uniform("u_orm_texture"), kOrmUnit);
  glUniform1i(mesh_program_.uniform("u_occlusion_texture"), kOcclusionUnit);
  glUniform1i(mesh_program_.uniform("u_emissive_texture"), kEmissiveUnit);
  glUniform1i(mesh_program_.uniform("u_skin"), kSkinUnit);
  glUseProgram(0);
  load(Scene{}, {});
}

Renderer::~Renderer() {
  meshes_.clear();
  glDeleteTextures(1, &skin_texture_);
  glDeleteTextures(1, &uv_checker_);
}

void Renderer::load(const Scene& scene, const std::filesystem::path& model_dir,
                    const std::filesystem::path& asset_root) {
  meshes_.clear();
  pose_.reset();
  scene_ = prepare_for_render(scene);
  rest_bounds_ = compute_bounds(scene_);
  meshes_.reserve(scene_.meshes.size());
  for (const Mesh& m : scene_.meshes) meshes_.emplace_back(m, scene_.joints.size());
  textures_.load(scene_, model_dir, asset_root);
  mesh_visible.assign(scene_.meshes.size(), true);
  material_visible.assign(scene_.materials.size() + 1, true);
  animation_bounds_.assign(scene_.animations.size() + 1, std::nullopt);
  grid_animation_ = -2;
  pose_.emplace(scene_);
  posed_.reset();
  directions_for_.reset();
  set_pose(-1, 0.0f);
}

const Bounds& Renderer::animation_bounds(std::int32_t animation) {
  const bool valid = animation >= 0 && static_cast<std::size_t>(animation) < scene_.animations.size();
  auto& slot = animation_bounds_[valid ? static_cast<std::size_t>(animation) : scene_.animations.size()];
  if (!slot) slot = render::animation_bounds(scene_, valid ? animation : -1);
  return *slot;
}

void Renderer::set_pose(std::int32_t animation, float time) {
  if (animation != grid_animation_) {  // the grid stays put while one animation plays
    grid_animation_ = animation;
    grid_.set(ground_grid(animation_bounds(animation)));
  }
  if (posed_ && posed_->first == animation && posed_->second == time)
    return;  // a paused or still frame: nothing to redo
  posed_ = {animation, time};
  pose_->set(animation, time);
  ++pose_count_;
  // Skin matrices in a float texture (no uniform-size limit on the joint count), each as its first
  // three rows, kSkinJointsPerRow a texture row; the last row is padded with identity matrices, which
  // also keep the sampler valid when there are no joints.
  const auto skin = pose_->skin();
  const std::size_t per_row = shaders::kSkinJointsPerRow;
  const std::size_t rows = std::max<std::size_t>((skin.size() + per_row - 1) / per_row, 1);
  skin_rows_.clear();
  for (std::size_t j = 0; j < rows * per_row; ++j) {
    const Mat4 m = j < skin.size() ? skin[j] : Mat4{};
    for (int row = 0; row < 3; ++row)
      for (int col = 0; col < 4; ++col) skin_rows_.push_back(m(row, col));
  }
  glBindTexture(GL_TEXTURE_2D, skin_texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, static_cast<GLsizei>(per_row * 3), static_cast<GLsizei>(rows), 0, GL_RGBA,
               GL_FLOAT, skin_rows_.data());
  if (scene_.vertex_animation.frame_count >= 2)
    for (std::size_t m = 0; m < meshes_.size(); ++m)
      if (!scene_.meshes[m].frames.empty()) meshes_[m].update(pose_->morphed_positions(m), pose_->morphed_normals(m));
  skeleton_.set(skeleton_lines(scene_, pose_->joint_model()));
}

void Renderer::draw_meshes(bool blended_pass, const DrawOptions& options) {
  static const Material kDefaultMaterial = [] {
    Material m;
    m.base_color = {0.8f, 0.8f, 0.8f, 1.0f};
    m.roughness = 0.6f;
    m.double_sided = true;  // a mesh without a material: no source asked for culling
    return m;
  }();
  for (std::size_t i = 0; i < meshes_.size(); ++i) {
    const std::int32_t mi = scene_.meshes[i].material;
    const bool has_material = mi >= 0 && static_cast<std::size_t>(mi) < scene_.materials.size();
    const Material& mat = has_material ? scene_.materials[mi] : kDefaultMaterial;
    const std::size_t visibility_slot = has_material ? static_cast<std::size_t>(mi) : scene_.materials.size();
    if (!mesh_visible[i] || !material_visible[visibility_slot]) continue;
    // Wireframe draws everything in the first pass; otherwise opaque first, then blended over it.
    const bool blended = mat.alpha_blend || mat.opacity < 1.0f;
    if (options.wireframe ? blended_pass : blended != blended_pass) continue;

    const auto& t = mat.textures;
    // A packed ORM slot (AEM) carries final values, the factors already baked in; a glTF
    // metallic-roughness map is scaled by the factors.
    const bool packed_orm = textures_.data(t.orm) != 0;
    const GLuint orm = packed_orm ? textures_.data(t.orm) : textures_.data(t.metallic_roughness);
    bind_texture(kBaseUnit, options.uv_checker ? uv_checker_ : textures_.colour(t.base_color), textures_.white());
    bind_texture(kNormalUnit, textures_.data(t.normal), textures_.flat_normal());
    bind_texture(kOrmUnit, orm, textures_.white());
    bind_texture(kOcclusionUnit, packed_orm ? orm : textures_.data(t.occlusion), textures_.white());
    bind_texture(kEmissiveUnit, textures_.colour(t.emissive), textures_.white());
    const Vec4 base = options.uv_checker ? Vec4{1, 1, 1, mat.base_color.w} : mat.base_color;
    glUniform4f(mesh_program_.uniform("u_base_color"), base.x, base.y, base.z, base.w * mat.opacity);
    glUniform1f(mesh_program_.uniform("u_metallic"), packed_orm ? 1.0f : mat.metallic);
    glUniform1f(mesh_program_.uniform("u_roughness"), packed_orm ? 1.0f : mat.roughness);
    glUniform3f(mesh_program_.uniform("u_emissive"), mat.emissive.x, mat.emissive.y, mat.emissive.z);
    glUniform1i(mesh_program_.uniform("u_blend"), blended);
    // Single-sided materials hide their back faces (glTF doubleSided false); double-sided ones shade
    // them with the flipped normal. Wireframe shows every edge.
    if (mat.double_sided || options.wireframe)
      glDisable(GL_CULL_FACE);
    else
      glEnable(GL_CULL_FACE);
#ifdef AEM_GLES
    if (options.wireframe) {  // ES has no polygon mode: the triangles' edges as lines
      meshes_[i].draw_edges();
      continue;
    }
#endif
    meshes_[i].draw();
  }
  glDisable(GL_CULL_FACE);  // the lines and whatever the caller draws next are not culled
}

void Renderer::draw(const Camera& camera, const Viewport& viewport, const DrawOptions& options) {
  const int width = viewport.width, height = viewport.height;
  glViewport(viewport.x, viewport.y, width, height);
  glClearColor(options.background.x, options.background.y, options.background.z, options.background.w);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  // Culling is per material (draw_meshes); prepare_for_render made every front face counter-clockwise.
  glFrontFace(GL_CCW);
  glCullFace(GL_BACK);
  glEnable(GL_BLEND);
  // Colour blends over what is there; alpha accumulates coverage so a transparent background keeps
  // the model opaque.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  const float aspect = static_cast<float>(width) / static_cast<float>(std::max(height, 1));
  const Mat4 view_projection = camera.view_projection(aspect);
  const Vec3 eye = camera.eye();
  // Lights follow the camera so that every side of the model reads: the key from the upper left
  // in front, a weak fill from the right.
  const Vec3 forward = normalize(camera.target - eye);
  const Vec3 right = normalize(cross(forward, {0, 1, 0}));
  const Vec3 up = cross(right, forward);
  const Vec3 key = normalize(right * -0.75f + up * 0.7f - forward * 0.35f);
  const Vec3 fill = normalize(right * 0.8f + up * 0.1f - forward * 0.3f);

  glUseProgram(mesh_program_.id());
  glUniformMatrix4fv(mesh_program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m.data());
  glUniform3f(mesh_program_.uniform("u_camera"), eye.x, eye.y, eye.z);
  glUniform3f(mesh_program_.uniform("u_key_direction"), key.x, key.y, key.z);
  glUniform3f(mesh_program_.uniform("u_fill_direction"), fill.x, fill.y, fill.z);
  glUniform3f(mesh_program_.uniform("u_sky"), 0.5f, 0.53f, 0.6f);
  glUniform3f(mesh_program_.uniform("u_ground"), 0.18f, 0.16f, 0.14f);
  glUniform1i(mesh_program_.uniform("u_flat"), options.wireframe);
  glUniform4f(mesh_program_.uniform("u_flat_color"), 0.85f, 0.9f, 1.0f, 1.0f);
  glActiveTexture(GL_TEXTURE0 + kSkinUnit);
  glBindTexture(GL_TEXTURE_2D, skin_texture_);

#ifdef AEM_GLES
  draw_meshes(false, options);
#else
  if (options.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  draw_meshes(false, options);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
#endif

  glUseProgram(line_program_.id());
  glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m.data());
  if (options.grid) grid_.draw();

  glUseProgram(mesh_program_.id());
  glDepthMask(GL_FALSE);
  draw_meshes(true, options);
  glDepthMask(GL_TRUE);

  draw_overlays(options);
  glUseProgram(0);
  glActiveTexture(GL_TEXTURE0);
}

void Renderer::draw_overlays(const DrawOptions& options) {
#ifndef AEM_GLES  // ES has no polygon mode or line offset; the browser page offers no overlay
  if (options.wire_overlay && !options.wireframe) {
    // Every mesh's edges again, unlit and dark, pulled towards the camera so they win the depth test
    // against their own shaded faces but stay hidden behind nearer geometry.
    glUseProgram(mesh_program_.id());
    glUniform1i(mesh_program_.uniform("u_flat"), 1);
    glUniform4f(mesh_program_.uniform("u_flat_color"), 0.05f, 0.06f, 0.08f, 1.0f);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glEnable(GL_POLYGON_OFFSET_LINE);
    glPolygonOffset(-1.0f, -1.0f);
    DrawOptions all = options;
    all.wireframe = true;  // one pass over opaque and blended meshes alike
    draw_meshes(false, all);
    glDisable(GL_POLYGON_OFFSET_LINE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  }
#endif
  glUseProgram(line_program_.id());
  if (options.normals || options.tangents) {
    const std::pair<bool, bool> wanted{options.normals, options.tangents};
    if (directions_for_ != wanted || directions_pose_ != pose_count_) {
      const Vec3 size = rest_bounds_.empty() ? Vec3{} : rest_bounds_.max - rest_bounds_.min;
      const float length = std::max(aem::length(size) * 0.02f, 1e-4f);
      std::vector<LineVertex> lines;
      for (const auto& [on, kind] :
           {std::pair{options.normals, VertexDirection::normal}, std::pair{options.tangents, VertexDirection::tangent}})
        if (on) {
          auto part = vertex_direction_lines(scene_, *pose_, mesh_visible, kind, length);
          lines.insert(lines.end(), part.begin(), part.end());
        }
      directions_.set(lines);
      directions_for_ = wanted;
      directions_pose_ = pose_count_;
    }
    directions_.draw();
  }
  // After the wire overlay, whose edges would otherwise cover the bones inside the model.
  if (options.skeleton) {
    glDisable(GL_DEPTH_TEST);
#ifndef AEM_GLES
    glPointSize(5.0f);  // ES takes gl_PointSize from the line shader
#endif
    skeleton_.draw(true);
    glEnable(GL_DEPTH_TEST);
  }
  if (options.selected_joint >= 0) {
    highlight_.set(bone_highlight_lines(scene_, pose_->joint_model(), options.selected_joint));
    glDisable(GL_DEPTH_TEST);
    glLineWidth(1.0f);
#ifndef AEM_GLES
    glPointSize(9.0f);
#endif
    highlight_.draw(true);
    glEnable(GL_DEPTH_TEST);
  }
}

}  // namespace aem::render
