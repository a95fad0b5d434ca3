// GPU skinning with more than four influences per vertex (the second attribute group), in-process:
// the silhouette matches the CPU reference pose.
#include "render/camera.hpp"
#include "render/offscreen.hpp"
#include "render/render_support.hpp"
#include "render/renderer.hpp"

namespace aem::test {
namespace {

constexpr int kWidth = 160, kHeight = 120;

/// A unit quad whose four vertices each have six influences; joint k moves up by 2k over one second,
/// so the two smallest influences (slots 4 and 5) alone lift the quad by 0.1*8 + 0.1*10 = 1.8.
Scene six_influence_quad() {
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  m.indices = {0, 1, 2, 0, 2, 3};
  const float weights[6] = {0.3f, 0.2f, 0.2f, 0.1f, 0.1f, 0.1f};
  SkinInfluences inf;
  for (int k = 0; k < 6; ++k) inf.joints[k] = k, inf.weights[k] = weights[k];
  m.skin.assign(4, inf);
  s.meshes.push_back(m);
  Animation a;
  a.duration = 1.0f;
  for (std::uint32_t k = 0; k < 6; ++k) {
    s.joints.push_back(Joint{"j" + std::to_string(k), -1, Mat4{}, Transform{}});
    Channel c;
    c.joint = k;
    c.translation = {{0.0f, {0, 0, 0}}, {1.0f, {0, 2.0f * k, 0}}};
    a.channels.push_back(c);
  }
  s.animations.push_back(a);
  return s;
}

using RenderSkinning = HeadlessTest;

TEST_F(RenderSkinning, SixInfluencesMatchTheCpuPose) {
  const Scene scene = six_influence_quad();
  auto renderer = render::Renderer::create();
  ASSERT_TRUE(renderer.ok());
  auto& r = *renderer.value();
  r.load(scene, {});
  r.set_pose(0, 1.0f);
  // Framed on the posed quad: without the second group it would sit 1.8 lower, out of this box.
  const float aspect = float(kWidth) / kHeight;
  const auto camera = render::orbit_camera(r.pose().posed_bounds(), 0.0f, 0.0f, aspect);
  const PixelBox rendered = opaque_box(draw_offscreen(r, camera, kWidth, kHeight));

  const Mat4 vp = camera.view_projection(aspect);
  float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  for (const Vec3& p : r.pose().posed_positions(0)) {
    float x = 0, y = 0;
    ASSERT_TRUE(render::project_to_pixel(vp, p, kWidth, kHeight, x, y));
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  EXPECT_NEAR(rendered.x0, std::floor(x0), 2);
  EXPECT_NEAR(rendered.x1, std::floor(x1), 2);
  EXPECT_NEAR(rendered.y0, std::floor(y0), 2);
  EXPECT_NEAR(rendered.y1, std::floor(y1), 2);
  // The CPU pose lifted the quad by 0.3*0 + 0.2*2 + 0.2*4 + 0.1*(6+8+10) = 3.6.
  EXPECT_NEAR(r.pose().posed_positions(0)[0].y, 3.6f, 1e-5f);
}

}  // namespace
}  // namespace aem::test
